// Lessons: after a right answer, move on to the next exercise not solved yet; after a
// wrong one, "Try again" puts the focus back on the answer. The server says which
// exercise is next (data-next); nothing moves when the learner asked for less motion.
const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// The answer's first field; in a hand that is one tab stop (static/table/hand.js), the
// card holding that stop.
function firstField(exercise) {
  return exercise.querySelector('form [data-roving] [tabindex="0"]')
    || exercise.querySelector("form input:not([type=hidden])");
}

function goTo(exercise) {
  exercise.scrollIntoView({ behavior: calm ? "auto" : "smooth", block: "start" });
  const first = firstField(exercise);
  if (first) first.focus({ preventScroll: true });
}

// The learner acting first (a tap, a key) cancels a pending move: never pull them away.
let pending = null;
for (const type of ["pointerdown", "keydown"]) {
  document.addEventListener(type, () => clearTimeout(pending), true);
}

document.addEventListener("htmx:afterSettle", (event) => {
  // The exercise was swapped whole (outerHTML): find the new one by the target's id. A
  // profile switch swaps the lesson body instead, which is no exercise: nothing moves.
  const target = event.detail.target;
  const done = target && target.id && document.getElementById(target.id);
  if (!done || !done.matches('.exercise[data-verdict="right"][data-next]')) return;
  // Looked up when the time comes: the lesson body may have been swapped meanwhile.
  const id = done.dataset.next;
  clearTimeout(pending);
  pending = setTimeout(() => {
    const next = document.getElementById(id);
    if (next) goTo(next);
  }, calm ? 2500 : 1500);
});

document.addEventListener("click", (event) => {
  const retry = event.target.closest("[data-retry]");
  if (!retry) return;
  const exercise = document.getElementById(retry.dataset.retry);
  const first = exercise && firstField(exercise);
  if (first) first.focus();
});
