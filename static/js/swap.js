// How htmx treats the statuses our pages answer with, kept out of the markup so the
// Content-Security-Policy needs neither inline scripts nor eval.
// 304: the poll's ETag still matched, nothing changed: keep what is shown.
// 409 and 422 inside [data-swap-refusals]: a refusal (too late, answered twice) or a
// mistake (no answer chosen) that the server rendered in place: show it, not as an error.
// 400 and 429 for a report form ([data-report]): the form again, as typed, with why.
document.addEventListener("htmx:beforeSwap", (event) => {
  const status = event.detail.xhr.status;
  if (status === 304) {
    event.detail.shouldSwap = false;
  } else if ((status === 409 || status === 422) && event.target.closest("[data-swap-refusals]")) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  } else if ((status === 400 || status === 429) && event.target.closest("[data-report]")) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});
