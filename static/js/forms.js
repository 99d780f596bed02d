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
  // <label data-hidden-with="bid">: a choice that goes while the field named there has a
  // value (Woburn's draw for the first dealer, while a bid says who deals); a choice
  // hidden while ticked is unticked. Without this file it shows, labelled for its case.
  function hideWith() {
    document.querySelectorAll("[data-hidden-with]").forEach(function (label) {
      var form = label.closest("form");
      var field = form && form.querySelector("[name='" + label.dataset.hiddenWith + "']");
      if (!field) { return; }
      label.hidden = Boolean(field.value);
      var radio = label.querySelector("input");
      if (label.hidden && radio && radio.checked) { radio.checked = false; }
    });
  }
  document.addEventListener("change", hideWith);

  // <input data-kept-while-typed>: a field that an htmx answer brings back out of band
  // (the hands per round follow the game) keeps what was typed into it after the request
  // left. The answer was made from the value sent; putting it in would undo what the
  // organiser typed while it was on its way (a slow phone, a busy hall).
  var sent = new WeakMap();
  document.addEventListener("htmx:beforeRequest", function () {
    document.querySelectorAll("input[data-kept-while-typed]").forEach(function (input) {
      sent.set(input, input.value);
    });
  });
  // One the finger is on when the answer comes is put in with its text selected, so
  // that the next key replaces it as it would have (a number field keeps no caret).
  var focused = null;
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var input = event.detail.target;
    if (!(input && input.matches && input.matches("input[data-kept-while-typed]"))) {
      return;
    }
    if (sent.has(input) && sent.get(input) !== input.value) {
      event.detail.shouldSwap = false;
    } else if (input === document.activeElement) {
      focused = input.id;
    }
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    var input = focused && document.getElementById(focused);
    focused = null;
    if (input) {
      input.focus();
      input.select();
    }
  });

  function ready() { showAll(); hideWith(); }
  document.addEventListener("DOMContentLoaded", ready);
  window.addEventListener("pageshow", ready);
  document.addEventListener("htmx:afterSettle", ready);
}());
