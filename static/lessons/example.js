// The worked example's steps swap in with htmx. htmx gives the focus back to the link
// clicked when the new step has it; at either end it does not (Previous is gone on the
// first step), so the focus goes to the link left, never to the top of the page.
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.target.id !== "example-stage") return;
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const target = document.getElementById("example-next") || document.getElementById("example-say");
  if (target) target.focus({ preventScroll: true });
});
