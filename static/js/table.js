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

  // The new-match page: the seat only an option adds (Sergeant Major's sitter) shows
  // while that option is ticked, or when it already holds a name or an error. Without
  // this file it is always shown, labelled as needed only with the option.
  function seatOption(root) {
    root.querySelectorAll("[data-shown-with]").forEach(function (element) {
      var form = element.closest("form");
      var box = form && form.querySelector("input[name='" + element.dataset.shownWith + "']");
      if (!box) { return; }
      var text = element.querySelector("input[type=text]");
      var keep = (text && text.value) || element.querySelector(".error");
      var radio = element.querySelector("input[type=radio]");
      element.hidden = !box.checked && !keep && !(radio && radio.checked);
    });
  }

  function init(root) {
    seatOption(root);
    // Printing needs this file; without it the page names the browser's own Print menu.
    root.querySelectorAll("[data-print]").forEach(function (button) { button.hidden = false; });
    root.querySelectorAll("[data-print-hint]").forEach(function (hint) { hint.hidden = true; });
    // htmx parses swapped-in HTML with scripting off, so a <noscript> arrives as live
    // elements: its "Preview the scores" button would become the form's default button,
    // and Enter in a field would post the form to the preview and replace the table.
    Array.prototype.forEach.call(root.querySelectorAll("noscript"), function (element) {
      element.remove();
    });
    var forms = (root.matches && root.matches("form.hand-form")) ? [root]
      : Array.prototype.slice.call(root.querySelectorAll("form.hand-form"));
    forms.forEach(function (form) {
      form.querySelectorAll("button.step, button.quick").forEach(function (button) {
        button.hidden = false;
      });
      if (form.dataset.tricks) { update(form); }
      otherSide(form);
    });
  }

  // Sieben: with two sides, the second side has whatever the first leaves of the
  // counters in a round (the form's data-counters, from the rules).
  function otherSide(form) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input.counters"));
    if (!inputs.length) { return; }
    var all = Number(form.dataset.counters);
    var values = inputs.map(function (input) { return parseInt(input.value, 10); });
    var out = form.querySelector("[data-other-side]");
    if (out) { values.push(isNaN(values[0]) ? NaN : all - values[0]); }
    if (out) { out.textContent = isNaN(values[0]) ? "" : String(all - values[0]); }
    // "No trick" is possible only when the losers have no counters: one side has them all.
    var toggle = form.querySelector("[data-no-trick]");
    if (toggle) {
      var box = toggle.querySelector("input");
      var possible = values.indexOf(all) !== -1;
      toggle.hidden = !possible && !box.checked;
    }
  }

  function changed(input) {
    // Tell htmx (the live preview) that the field changed, as typing would.
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) {
      window.print();
      return;
    }
    var quick = event.target.closest("button.quick");
    if (quick) {
      var points = quick.closest(".field").querySelector("input.points");
      points.value = quick.dataset.points;
      changed(points);
      return;
    }
    var button = event.target.closest("button.step");
    if (!button) { return; }
    var form = button.closest("form");
    var input = button.parentNode.querySelector("input");
    // Tricks: at most the tricks in a hand; counters: the field's own maximum.
    var most = form.dataset.tricks ? Number(form.dataset.tricks) : Number(input.max);
    var value = parseInt(input.value, 10) || 0;
    input.value = Math.max(0, Math.min(most, value + Number(button.dataset.step)));
    if (form.dataset.tricks) { update(form); }
    otherSide(form);
    changed(input);
  });

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-tricks]");
    if (form) { update(form); }
    var any = event.target.closest && event.target.closest("form");
    if (any && event.target.type === "checkbox") { seatOption(any); }
  });

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-tricks]");
    if (form) { update(form); }
    var any = event.target.closest && event.target.closest("form.hand-form");
    if (any) { otherSide(any); }
  });

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  // htmx swaps in a fresh form after each hand.
  document.addEventListener("htmx:load", function (event) { init(event.target); });
}());
