// After htmx redraws the table, put the keyboard where the next move is: the marked
// button (Continue, Deal again), else the first card or call the engine allows. Without
// this script the page works the same, one full page per move.
(function () {
  function focusNext(root) {
    const marked = root.querySelector("[data-focus]");
    const first = root.querySelector("[data-focus-first] button:not([aria-disabled=true])");
    const target = marked || first;
    if (target) target.focus({ preventScroll: false });
  }
  document.addEventListener("htmx:afterSettle", (event) => {
    const area = document.getElementById("play-area");
    if (area && (event.target === area || area.contains(event.target))) focusNext(area);
  });
})();
