// When the page opens and after htmx redraws the table, put the keyboard where the next
// decision is: the marked button (Continue, Deal again, the declaration offered before the
// first card), else the first card or call the engine allows. Without this script the page
// works the same, one full page per move.
//
// Focusing moves the keyboard only (preventScroll): letting the browser scroll the
// focused card into view pushed the table off a phone's screen after every tap. The
// page scrolls itself instead, and only to keep the table in view: back up to the
// table's top when the redraw left it above the screen, or down towards the next move
// as far as the table's top allows, so the trick, the news and the hand stay together
// where the screen is tall enough.
(function () {
  const MARGIN = 8;

  function keepTableInView(root, target) {
    const board = root.querySelector(".play-board");
    if (!board) return;
    const top = board.getBoundingClientRect().top - MARGIN;
    let by = 0;
    if (top < 0) {
      by = top;
    } else if (target) {
      // The whole of the next move: every card of the hand, the gathered trick's panel; a
      // declaration with the hand under it, whose cards come next.
      const block = target.closest("[data-focus-first], .play-gathered, .play-declare") || target;
      const end = block.matches(".play-declare") ? root.querySelector(".play-hand") || block : block;
      const below = end.getBoundingClientRect().bottom + MARGIN - window.innerHeight;
      if (below > 0) by = Math.min(below, top);
    }
    if (by) window.scrollBy({ top: by, behavior: "instant" });
  }

  function focusNext(root) {
    const marked = root.querySelector("[data-focus]");
    const first = root.querySelector("[data-focus-first] button:not([aria-disabled=true])");
    const target = marked || first;
    if (target) target.focus({ preventScroll: true });
    keepTableInView(root, target);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const area = document.getElementById("play-area");
    if (area) focusNext(area);
  });

  document.addEventListener("htmx:afterSettle", (event) => {
    const area = document.getElementById("play-area");
    if (area && (event.target === area || area.contains(event.target))) focusNext(area);
  });
})();
