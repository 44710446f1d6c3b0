// Lessons: after a right answer, move on to the next exercise not solved yet; after a
// wrong one, "Try again" puts the focus back on the answer. The server says which
// exercise is next (data-next); nothing moves when the learner asked for less motion.
const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function goTo(exercise) {
  exercise.scrollIntoView({ behavior: calm ? "auto" : "smooth", block: "start" });
  const first = exercise.querySelector("input:not([type=hidden])");
  if (first) first.focus({ preventScroll: true });
}

// The learner acting first (a tap, a key) cancels a pending move: never pull them away.
let pending = null;
for (const type of ["pointerdown", "keydown"]) {
  document.addEventListener(type, () => clearTimeout(pending), true);
}

document.addEventListener("htmx:afterSettle", (event) => {
  // The exercise was swapped whole (outerHTML): find the new one by the target's id.
  const target = event.detail.target;
  const done = target && target.id && document.getElementById(target.id);
  if (!done || !done.matches('.exercise[data-verdict="right"][data-next]')) return;
  const next = document.getElementById(done.dataset.next);
  if (next) pending = setTimeout(() => goTo(next), calm ? 2500 : 1500);
});

document.addEventListener("click", (event) => {
  const retry = event.target.closest("[data-retry]");
  if (!retry) return;
  const exercise = document.getElementById(retry.dataset.retry);
  const first = exercise && exercise.querySelector("form input:not([type=hidden])");
  if (first) first.focus();
});
