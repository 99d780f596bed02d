// Steppers and the live "tricks still to place" count. The form works without this file:
// the number fields take typing, and the server checks the sum again.
(function () {
  "use strict";

  function fields(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input.tricks"));
  }

  function update(form) {
    var total = Number(form.dataset.tricks);
    var placed = fields(form).reduce(function (sum, input) {
      var value = parseInt(input.value, 10);
      return sum + (isNaN(value) ? 0 : value);
    }, 0);
    var left = total - placed;
    var out = form.querySelector("[data-remaining]");
    var submit = form.querySelector("button[type=submit]");
    if (out) {
      out.classList.toggle("over", left < 0);
      out.classList.toggle("done", left === 0);
      out.textContent = left === 0 ? form.dataset.done
        : (left > 0 ? form.dataset.left : form.dataset.over).replace("%s", Math.abs(left));
    }
    // Trumps (or the call) must be chosen too, when the form asks for them.
    var choices = form.querySelectorAll("fieldset.suits input[type=radio]");
    var chosen = !choices.length || form.querySelector("fieldset.suits input[type=radio]:checked");
    if (submit) { submit.disabled = left !== 0 || !chosen; }
  }

  function init(root) {
    var forms = (root.matches && root.matches("form[data-tricks]")) ? [root]
      : Array.prototype.slice.call(root.querySelectorAll("form[data-tricks]"));
    forms.forEach(function (form) {
      form.querySelectorAll("button.step").forEach(function (button) { button.hidden = false; });
      update(form);
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.step");
    if (!button) { return; }
    var form = button.closest("form[data-tricks]");
    var input = button.parentNode.querySelector("input.tricks");
    var value = parseInt(input.value, 10) || 0;
    var next = Math.max(0, Math.min(Number(form.dataset.tricks), value + Number(button.dataset.step)));
    input.value = next;
    update(form);
  });

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-tricks]");
    if (form) { update(form); }
  });

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-tricks]");
    if (form) { update(form); }
  });

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  // htmx swaps in a fresh form after each hand.
  document.addEventListener("htmx:load", function (event) { init(event.target); });
}());
