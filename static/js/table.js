// Steppers, the live "tricks still to place" count and what a hand form shows as it is
// filled in. The form works without this file: the number fields take typing, and the
// server checks the sum again.
(function () {
  "use strict";

  function fields(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input.tricks"));
  }

  // The count never says more than is true: "All tricks placed" only when the tricks add
  // up, none is negative or left empty, and trumps (or the call) are chosen; otherwise it
  // says what is missing, and the button waits.
  function update(form) {
    var total = Number(form.dataset.tricks);
    var placed = 0, negative = false, empty = false;
    fields(form).forEach(function (input) {
      var value = parseInt(input.value, 10);
      if (isNaN(value)) { empty = true; return; }
      if (value < 0) { negative = true; }
      placed += value;
    });
    var left = total - placed;
    var out = form.querySelector("[data-remaining]");
    var submit = form.querySelector("button[type=submit]");
    // Trumps (or the call) must be chosen too, when the form asks for them.
    var choices = form.querySelectorAll("fieldset.suits input[type=radio]");
    var chosen = !choices.length || form.querySelector("fieldset.suits input[type=radio]:checked");
    var ready = !negative && !empty && left === 0 && chosen;
    if (out) {
      var text;
      if (negative) {
        text = form.dataset.negative;
      } else if (left > 0) {
        text = form.dataset.left.replace("%s", left);
      } else if (left < 0) {
        text = form.dataset.over.replace("%s", -left);
      } else if (empty) {
        text = form.dataset.empty;
      } else {
        text = chosen ? form.dataset.done : form.dataset.choose;
      }
      out.classList.toggle("over", negative || left < 0);
      out.classList.toggle("done", ready);
      out.textContent = text;
    }
    if (submit) { submit.disabled = !ready; }
    mizHints(form);
  }

  // The alternate game: in miz a seat's target is a maximum ("at most 8", not "needs 8").
  function mizHints(form) {
    var call = form.querySelector("input[name=call]:checked");
    var miz = call && call.value === "miz";
    form.querySelectorAll("[data-hint-miz]").forEach(function (hint) {
      hint.textContent = miz ? hint.dataset.hintMiz : hint.dataset.hintTrumps;
    });
  }

  // Sheepshead: once "Nobody picked" is tapped, the partner, points and trick flags have
  // nothing to say; they are hidden and left out of the post (and the leaster's winner
  // shows). Without this file they stay, and a blank one means nothing.
  function picker(form) {
    var chosen = form.querySelector("input[name=picker]:checked");
    if (!form.querySelector("input[name=picker]")) { return; }
    var nobody = Boolean(chosen && chosen.value === "nobody");
    form.querySelectorAll("[data-picked]").forEach(function (element) {
      show(element, !nobody);
    });
    form.querySelectorAll("[data-nobody]").forEach(function (element) {
      show(element, nobody);
    });
  }

  function show(element, shown) {
    element.hidden = !shown;
    element.querySelectorAll("input, select").forEach(function (input) {
      input.disabled = !shown;
    });
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
      picker(form);
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

  // Before htmx's own listener on the form posts the preview: it must not send what
  // "Nobody picked" leaves out.
  document.addEventListener("change", function (event) {
    var hand = event.target.closest && event.target.closest("form.hand-form");
    if (hand && event.target.name === "picker") { picker(hand); }
  }, true);

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
