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
}());
