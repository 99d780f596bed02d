// Copy buttons (the match's share and scorer links): a button[data-copy] copies the
// text of the element its value names, and says so in its own words. Without
// JavaScript the buttons stay hidden and the link is there to press long and copy.
(function () {
  "use strict";

  function copied(button) {
    var was = button.textContent;
    button.textContent = button.dataset.done;
    setTimeout(function () { button.textContent = was; }, 2000);
  }

  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var source = document.getElementById(button.dataset.copy);
      if (!source) { return; }
      var text = source.textContent.trim();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { copied(button); });
        return;
      }
      // Plain http on the LAN: select the text for the phone's own copy.
      var range = document.createRange();
      range.selectNodeContents(source);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      try { document.execCommand("copy"); copied(button); } catch (e) { /* selected */ }
    });
  });
}());
