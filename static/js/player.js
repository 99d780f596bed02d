// A player's own link (/p/<token>/): the page asks every few seconds (htmx, not while
// hidden: poll.js) and keeps what the server last said. When a poll gets no answer (the
// hall's Wi-Fi, the laptop asleep) the page keeps showing the last assignment and says
// since when it has had no word: the time of the last answer, on this phone's clock
// (docs/offline.md). A link the organiser replaced answers 404: the page loads again and
// says so.
(function () {
  "use strict";
  var heard = new Date();

  function note() { return document.querySelector("[data-player-offline]"); }

  function clock(date) {
    return date.toLocaleTimeString([],
      { hour: "2-digit", minute: "2-digit" });
  }

  function offline() {
    var shown = note();
    if (!shown) return;
    var time = shown.querySelector("[data-player-heard]");
    time.textContent = clock(heard);
    time.setAttribute("datetime", heard.toISOString());
    shown.hidden = false;
  }

  function online() {
    heard = new Date();
    var shown = note();
    if (shown) shown.hidden = true;
  }

  // The page's own requests: its poll and its check-in (a poll's answer replaces the
  // element that asked, so htmx says so again on a parent: the request names it).
  function ours(event) {
    var detail = event.detail || {};
    var elt = (detail.requestConfig && detail.requestConfig.elt) || detail.elt;
    return elt && elt.closest && elt.closest("[data-player-live]");
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    if (!ours(event)) return;
    var xhr = event.detail.xhr;
    if (event.detail.successful) { online(); return; }
    if (xhr && xhr.status === 404) { window.location.reload(); return; }
    if (!xhr || xhr.status === 0 || xhr.status >= 500) offline();
  });
  document.addEventListener("htmx:sendError", function (event) { if (ours(event)) offline(); });
  document.addEventListener("htmx:timeout", function (event) { if (ours(event)) offline(); });
  window.addEventListener("offline", offline);
  // The network back: ask at once rather than at the next tick (poll.js's "poll-now").
  window.addEventListener("online", function () {
    var live = document.querySelector("[data-player-live]");
    if (live) live.dispatchEvent(new CustomEvent("poll-now"));
  });
})();
