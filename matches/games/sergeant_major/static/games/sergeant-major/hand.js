// Sergeant Major's hand form: the live "tricks still to place" count, the steppers held
// to the tricks in a hand (the form's data-tricks, from the rules), and the miz hints.
// Without this file the fields take typing and the server checks the sum again.
(function () {
  "use strict";

  function fields(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input.tricks"));
  }

  // The count never says more than is true: "All tricks placed" only when the tricks add
  // up, none is negative or left empty, and trumps (or the call) are chosen; otherwise it
  // says what is missing, and the button waits.
  function update(form) {
    if (!form.dataset.tricks) { return; }
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

  Scorekeeper.handForm({
    ready: update,
    update: update,
    // A seat takes at most the tricks in a hand.
    most: function (form) { return form.dataset.tricks ? Number(form.dataset.tricks) : null; }
  });
}());
