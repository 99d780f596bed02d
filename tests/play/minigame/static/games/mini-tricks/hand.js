// Mini Tricks' hand form: marks the form once its script has run (the tests read it).
(function () {
  "use strict";
  Scorekeeper.handForm({ ready: function (form) { form.dataset.miniReady = "yes"; } });
}());
