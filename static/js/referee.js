// The referee: the form is sent to "#answer", the answer's heading, which can take the
// focus: the browser scrolls there and, in Chromium, focuses it by itself, so a screen
// reader reads the answer rather than the top of the page. Browsers that only scroll to
// a fragment are given the focus here.
window.addEventListener("load", () => {
  const heading = document.getElementById("answer");
  if (heading && window.location.hash === "#answer" && document.activeElement !== heading) {
    heading.focus({ preventScroll: true });
  }
});
