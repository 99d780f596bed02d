// Pages that refresh themselves (hx-trigger="every ...", marked data-poll) do not ask
// while the page is hidden: a phone in a pocket or a laptop's background tab costs the
// server nothing. (A trigger filter would need eval, which the Content-Security-Policy
// forbids.)
document.addEventListener("htmx:beforeRequest", function (event) {
  if (document.visibilityState !== "visible" && event.detail.elt.hasAttribute("data-poll")) {
    event.preventDefault();
  }
});

// Back in sight (a tab brought forward, a phone unlocked, the projector's laptop woken):
// a page whose hx-trigger names "poll-now" asks at once, instead of at its next tick up to
// an interval later; the hidden time asked nothing.
document.addEventListener("visibilitychange", function () {
  if (document.visibilityState !== "visible") return;
  document.querySelectorAll("[data-poll]").forEach(function (elt) {
    elt.dispatchEvent(new CustomEvent("poll-now"));
  });
});

// A page whose poll would redraw a hand form (data-poll-idle: a table link's page) does
// not ask while that form holds what someone is typing: the figures stay, and should
// another phone have recorded the hand meanwhile, sending them shows both entries.
function markTyped(event) {
  var form = event.target.form;
  if (form && form.id === "record") { form.setAttribute("data-typed", ""); }
}
document.addEventListener("input", markTyped);
document.addEventListener("change", markTyped);  // the steppers' taps say "change"
document.addEventListener("htmx:beforeRequest", function (event) {
  if (event.detail.elt.hasAttribute("data-poll-idle") && document.querySelector("form#record[data-typed]")) {
    event.preventDefault();
  }
});
