// Pages that refresh themselves (hx-trigger="every ...", marked data-poll) do not ask
// while the page is hidden: a phone in a pocket or a laptop's background tab costs the
// server nothing. (A trigger filter would need eval, which the Content-Security-Policy
// forbids.)
document.addEventListener("htmx:beforeRequest", function (event) {
  if (document.visibilityState !== "visible" && event.detail.elt.hasAttribute("data-poll")) {
    event.preventDefault();
  }
});
