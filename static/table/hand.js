// A hand as one tab stop: arrows move between its cards (roving tabindex), Space chooses
// (the checkbox's own key), Enter checks the answer. Without this script every card is a
// tab stop of its own and the form still works.
(function () {
  function controls(hand) {
    return Array.from(hand.querySelectorAll("input[type=checkbox], button.pick"));
  }
  function setUp(hand) {
    const items = controls(hand);
    if (!items.length || hand.dataset.rovingReady) return;
    hand.dataset.rovingReady = "1";
    const current = items.find((item) => item.checked) || items[0];
    items.forEach((item) => { item.tabIndex = item === current ? 0 : -1; });
    hand.addEventListener("keydown", (event) => {
      const list = controls(hand);
      const index = list.indexOf(document.activeElement);
      if (index < 0) return;
      const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
      let next = null;
      if (event.key in moves) next = list[(index + moves[event.key] + list.length) % list.length];
      else if (event.key === "Home") next = list[0];
      else if (event.key === "End") next = list[list.length - 1];
      else if (event.key === "Enter" && list[index].type === "checkbox") {
        event.preventDefault();
        const form = list[index].form;
        if (form) form.requestSubmit();
        return;
      }
      if (next) {
        event.preventDefault();
        list.forEach((item) => { item.tabIndex = item === next ? 0 : -1; });
        next.focus();
      }
    });
  }
  function scan(root) { root.querySelectorAll("[data-roving]").forEach(setUp); }
  document.addEventListener("DOMContentLoaded", () => scan(document));
  document.addEventListener("htmx:load", (event) => scan(event.target));
})();
