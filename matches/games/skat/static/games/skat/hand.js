// Skat's hand form: "Passed in" leaves nothing else to say, so the rest is hidden and
// left out of the post; a null game has no matadors, schneider, schwarz, announcements
// or card points; a grand has at most 4 matadors; a suit or grand ouvert is a hand game.
// Without this file every field stays, and the server says what does not fit.
(function () {
  "use strict";

  function chosen(form, name) {
    var input = form.querySelector("input[name=" + name + "]:checked");
    return input ? input.value : "";
  }

  function fit(form) {
    if (!form.querySelector("input[name=declarer]")) { return; }
    var passed = chosen(form, "declarer") === "passed";
    var game = chosen(form, "game");
    form.querySelectorAll("[data-declared]").forEach(function (element) {
      Scorekeeper.show(element, !passed);
    });
    if (passed) { return; }
    form.querySelectorAll("[data-suit-or-grand]").forEach(function (element) {
      Scorekeeper.show(element, game !== "null");
    });
    form.querySelectorAll("[data-n]").forEach(function (label) {
      var input = label.querySelector("input");
      var beyond = game === "grand" && Number(label.dataset.n) > 4 && !input.checked;
      label.hidden = beyond;
      input.disabled = beyond;
    });
  }

  function ouvert(form, event) {
    // A suit or grand ouvert is always a hand game (rules.md §4.2): tick it too.
    if (event.target.name !== "ouvert" || !event.target.checked) { return; }
    if (chosen(form, "game") === "null") { return; }
    var hand = form.querySelector("input[name=hand]");
    if (hand) { hand.checked = true; }
  }

  Scorekeeper.handForm({
    ready: fit,
    // Before the preview is posted: it must not send what the choice leaves out.
    beforeChange: function (form, event) {
      ouvert(form, event);
      if (event.target.name === "declarer" || event.target.name === "game") { fit(form); }
    }
  });
}());
