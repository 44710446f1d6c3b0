// Counts each [data-seconds-left] element down to zero. The end is taken from the
// phone's own clock when the element first appears, so clock skew does not matter;
// the server alone decides whether an answer came in time.
function clubTick() {
  for (const el of document.querySelectorAll("[data-seconds-left]")) {
    el.dataset.end ??= Date.now() + Number(el.dataset.secondsLeft) * 1000;
    el.textContent = Math.max(0, Math.ceil((Number(el.dataset.end) - Date.now()) / 1000));
  }
}
setInterval(clubTick, 1000);
document.addEventListener("htmx:afterSwap", clubTick);
