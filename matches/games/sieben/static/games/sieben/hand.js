// Sieben's round form: with two sides, the second side has whatever the first leaves of
// the counters in a round (the form's data-counters, from the rules); "No trick" shows
// only when it is possible. Without this file the server works out the rest.
(function () {
  "use strict";

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

  Scorekeeper.handForm({ ready: otherSide, update: otherSide });
}());
