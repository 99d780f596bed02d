// The live board pages through a standings list longer than the screen: every few
// seconds the list moves on by a screenful, then starts again at the top. htmx swaps in a
// new board only when something changed; the page shown stays the page shown.
(function () {
  "use strict";
  var PAGE_SECONDS = 8;
  var page = 0;

  function turn(advance) {
    var list = document.querySelector("[data-pages]");
    if (!list) return;
    var visible = list.clientHeight;
    var pages = Math.max(1, Math.ceil(list.scrollHeight / Math.max(visible, 1)));
    if (advance) page = (page + 1) % pages;
    if (page >= pages) page = 0;
    list.scrollTop = page * visible;
  }

  setInterval(function () {
    if (document.visibilityState === "visible") turn(true);
  }, PAGE_SECONDS * 1000);
  document.addEventListener("htmx:afterSwap", function () { turn(false); });
})();
