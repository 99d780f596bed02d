// Steppers, quick buttons, printing and the new-match page's seat option; what a hand
// form shows as it is filled in is each game's own script (``Scorekeeper.handForm``).
// The form works without these files: the number fields take typing, and the server
// checks every figure again.
(function () {
  "use strict";

  // A game's own script (games/<slug>/*.js, loaded after this one on the pages of its
  // matches) adds what its hand form does as it is filled in:
  //   Scorekeeper.handForm({ready: f(form), update: f(form), beforeChange: f(form, event),
  //                         most: f(form, input)})
  // ``ready`` when a form appears, ``update`` after each step, change and keystroke,
  // ``beforeChange`` before htmx's own listener posts the preview, and ``most`` the
  // highest value a stepper may reach (null: the field's own maximum).
  var hooks = [];
  window.Scorekeeper = {
    handForm: function (own) { hooks.push(own); },
    // A field hidden with its inputs left out of the post (and of the preview).
    show: show
  };

  function each(name, form, event) {
    var found = null;
    hooks.forEach(function (own) {
      if (own[name]) {
        var value = own[name](form, event);
        if (value !== null && value !== undefined) { found = value; }
      }
    });
    return found;
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
      each("ready", form);
    });
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
    // At most what the game says (the tricks in a hand), or the field's own maximum.
    var most = each("most", form, input);
    if (most === null) { most = Number(input.max); }
    var value = parseInt(input.value, 10) || 0;
    input.value = Math.max(0, Math.min(most, value + Number(button.dataset.step)));
    each("update", form);
    changed(input);
  });

  function formOf(event) {
    return event.target.closest ? event.target.closest("form") : null;
  }

  document.addEventListener("change", function (event) {
    var form = formOf(event);
    if (!form) { return; }
    each("update", form);
    if (event.target.type === "checkbox") { seatOption(form); }
  });

  // Before htmx's own listener on the form posts the preview: a game may leave fields
  // out of it first (a choice that makes others meaningless).
  document.addEventListener("change", function (event) {
    var hand = event.target.closest && event.target.closest("form.hand-form");
    if (hand) { each("beforeChange", hand, event); }
  }, true);

  document.addEventListener("input", function (event) {
    var form = formOf(event);
    if (form) { each("update", form); }
  });

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  // htmx swaps in a fresh form after each hand.
  document.addEventListener("htmx:load", function (event) { init(event.target); });
}());
