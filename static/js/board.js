// The live board pages through a list longer than its box (the standings; at a round's
// start the seats by name too): every few seconds each list moves on by a boxful, then
// starts again at the top. htmx swaps in a new board only when something changed; the
// page shown stays the page shown (each list's by its place on the board).
(function () {
  "use strict";
  var PAGE_SECONDS = 8;
  var shown = {};

  function turn(advance) {
    var lists = document.querySelectorAll("[data-pages]");
    for (var i = 0; i < lists.length; i++) {
      var list = lists[i];
      var key = list.className;
      var visible = list.clientHeight;
      var pages = Math.max(1, Math.ceil(list.scrollHeight / Math.max(visible, 1)));
      var page = shown[key] || 0;
      if (advance) page = (page + 1) % pages;
      if (page >= pages) page = 0;
      shown[key] = page;
      list.scrollTop = page * visible;
    }
  }

  setInterval(function () {
    if (document.visibilityState === "visible") turn(true);
  }, PAGE_SECONDS * 1000);
  document.addEventListener("htmx:afterSwap", function () { turn(false); });
})();
