// Sheepshead's hand form: once "Nobody picked" is tapped, the partner, points and trick
// flags have nothing to say; they are hidden and left out of the post (and the leaster's
// winner shows). Without this file they stay, and a blank one means nothing.
(function () {
  "use strict";

  function picker(form) {
    var chosen = form.querySelector("input[name=picker]:checked");
    if (!form.querySelector("input[name=picker]")) { return; }
    var nobody = Boolean(chosen && chosen.value === "nobody");
    form.querySelectorAll("[data-picked]").forEach(function (element) {
      Scorekeeper.show(element, !nobody);
    });
    form.querySelectorAll("[data-nobody]").forEach(function (element) {
      Scorekeeper.show(element, nobody);
    });
  }

  Scorekeeper.handForm({
    ready: picker,
    // Before the preview is posted: it must not send what "Nobody picked" leaves out.
    beforeChange: function (form, event) {
      if (event.target.name === "picker") { picker(form); }
    }
  });
}());
