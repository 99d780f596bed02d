// What used to be inline handlers (onfocus, onsubmit), which the Content-Security-Policy
// forbids: a page marks the element with a data- attribute, this file does the rest.
(function () {
  "use strict";

  // <form data-confirm="Sure?">: ask before sending; without this file it is sent at once.
  document.addEventListener("submit", function (event) {
    var form = event.target.closest && event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  }, true);

  // <input data-select-on-focus>: a key to copy is selected whole when touched.
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("input[data-select-on-focus]")) {
      event.target.select();
    }
  });

  // <span data-name-of="id_player_0">: the first-dealer choice of a seat shows the name
  // typed for it (the page sent back after an error has it already).
  function showName(input) {
    var spans = document.querySelectorAll('[data-name-of="' + input.id + '"]');
    var name = input.value.trim().replace(/\s+/g, " ");
    spans.forEach(function (span) { span.textContent = name; });
  }
  document.addEventListener("input", function (event) {
    if (event.target.id && event.target.matches("input[type=text]")) {
      showName(event.target);
    }
  });
  // A browser that restores typed names (back and forward) restores no span.
  function showAll() {
    document.querySelectorAll("[data-name-of]").forEach(function (span) {
      var input = document.getElementById(span.dataset.nameOf);
      if (input) { showName(input); }
    });
  }
  document.addEventListener("DOMContentLoaded", showAll);
  window.addEventListener("pageshow", showAll);
  document.addEventListener("htmx:afterSettle", showAll);
}());
