// Counting drills: a storm's clock, cards that show for a level's seconds, a deal replayed
// trick by trick, the answer box focused. The server decides everything that counts (the
// clock's end, right or wrong, records); without this file every item simply stays in view.
(() => {
  document.documentElement.classList.add("js-drill");
  let tick = null;
  let timers = [];
  let shownItem = null;

  const clearTimers = () => {
    timers.forEach(clearTimeout);
    timers = [];
  };

  const focusAnswer = (item) => {
    const input = item.querySelector("[data-answer]");
    if (input) input.focus({ preventScroll: false });
  };

  // The cards (or the tricks) leave the screen: the count is made from memory.
  const hide = (item) => {
    const shown = item.querySelector("[data-shown]");
    const note = item.querySelector("[data-hidden-note]");
    if (shown) shown.hidden = true;
    if (note) note.hidden = false;
  };

  const replay = (item, seconds) => {
    const rows = Array.from(item.querySelectorAll("[data-trick]"));
    const shown = item.querySelector("[data-shown]");
    if (shown) shown.setAttribute("aria-live", "polite");
    rows.forEach((row) => { row.hidden = true; });
    rows.forEach((row, index) => {
      timers.push(setTimeout(() => {
        if (index > 0) rows[index - 1].hidden = true;
        row.hidden = false;
      }, index * seconds * 1000));
    });
    timers.push(setTimeout(() => {
      hide(item);
      focusAnswer(item);
    }, rows.length * seconds * 1000));
  };

  const present = (item) => {
    const seconds = parseFloat(item.dataset.seconds || "0");
    const display = item.dataset.display;
    const again = shownItem === item.dataset.item;
    shownItem = item.dataset.item;
    if (again && seconds && display !== "still") {
      // The same item back with a message: it was shown once already.
      hide(item);
      focusAnswer(item);
      return;
    }
    if (display === "replay" && seconds) {
      replay(item, seconds);
      return;
    }
    if (display === "flash" && seconds) {
      timers.push(setTimeout(() => hide(item), seconds * 1000));
    }
    focusAnswer(item);
  };

  const startClock = (drill) => {
    const clock = drill.querySelector("[data-clock]");
    if (!clock) return;
    const end = Date.now() + parseInt(clock.dataset.clock, 10) * 1000;
    const text = clock.querySelector("[data-clock-text]");
    const show = () => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      text.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      clock.classList.toggle("is-short", left <= 10);
      if (left === 0) {
        clearInterval(tick);
        tick = null;
        const form = drill.querySelector("[data-end]");
        if (form) form.requestSubmit();
      }
    };
    show();
    tick = setInterval(show, 250);
  };

  const setup = () => {
    const drill = document.getElementById("drill");
    clearTimers();
    if (tick) clearInterval(tick);
    tick = null;
    if (!drill || drill.dataset.phase !== "asking") return;
    // The drill fills the screen: the site's header scrolls away.
    drill.scrollIntoView({ block: "start" });
    startClock(drill);
    const item = drill.querySelector(".drill-item");
    if (!item) return;
    if (item.hasAttribute("data-wait")) {
      const next = drill.querySelector("[data-action='next-item']");
      if (next) {
        next.addEventListener("click", () => {
          item.removeAttribute("data-wait");
          next.closest(".drill-next").hidden = true;
          present(item);
        });
        next.focus();
      }
      return;
    }
    present(item);
  };

  // Each new #drill (the page's, then every one htmx swaps in) is set up once.
  let current = null;
  const refresh = () => {
    const drill = document.getElementById("drill");
    if (drill === current) return;
    current = drill;
    setup();
  };
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:afterSettle", refresh);
})();
