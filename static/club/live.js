// Club pages: the countdown, the lock at zero, the presenter's fit and keyboard.

// Counts each [data-seconds-left] down to zero, from the phone's own clock when the element
// first appears (clock skew does not matter; the server alone decides whether an answer came
// in time). At zero the live region gets data-time-up and its answer form is locked.
function clubTick() {
  for (const el of document.querySelectorAll("[data-seconds-left]")) {
    el.dataset.end ??= Date.now() + Number(el.dataset.secondsLeft) * 1000;
    const left = Math.max(0, Math.ceil((Number(el.dataset.end) - Date.now()) / 1000));
    el.textContent = left;
    const live = el.closest("#live");
    if (left === 0 && live && !("timeUp" in live.dataset)) {
      live.dataset.timeUp = "";
      for (const form of live.querySelectorAll("form[data-lock-at-zero]")) {
        form.inert = true;
        form.dataset.locked = "";
      }
      clubFit();
    }
  }
}

// A presenter region marked [data-fit] keeps its size; its type shrinks until it all shows
// (data-fit="width": a single line, only its width counts).
function clubOverflows(el) {
  const wide = el.scrollWidth > el.clientWidth + 1;
  return el.dataset.fit === "width" ? wide : wide || el.scrollHeight > el.clientHeight + 1;
}

function clubFit() {
  for (const el of document.querySelectorAll("[data-fit]")) {
    el.style.fontSize = "";
    let size = parseFloat(getComputedStyle(el).fontSize);
    const smallest = size * 0.35;
    while (clubOverflows(el) && size > smallest) {
      size *= 0.92;
      el.style.fontSize = `${size}px`;
    }
  }
}

function clubFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen?.();
}

// Space, → and Page Down (what a presenter's clicker sends) press the next step's button;
// F toggles full screen. Keys typed into a field or on a focused control keep their usual job.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest("input, textarea, select, button, a")) return;
  if (event.key === "f" || event.key === "F") {
    clubFullscreen();
    event.preventDefault();
  } else if ([" ", "ArrowRight", "PageDown"].includes(event.key)) {
    const next = document.querySelector("[data-primary]");
    if (next) {
      next.click();
      event.preventDefault();
    }
  }
});
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-fullscreen]")) clubFullscreen();
});

// Sizes the server knows, set here rather than in style attributes (the Content-Security-Policy
// allows no inline style): a bar's share of the answers, a countdown bar's duration.
function clubSizes() {
  for (const el of document.querySelectorAll("[data-share]")) {
    el.style.width = `${Number(el.dataset.share)}%`;
  }
  for (const el of document.querySelectorAll("[data-shrink]")) {
    el.style.animationDuration = `${Number(el.dataset.shrink)}s`;
  }
}

setInterval(clubTick, 1000);
document.addEventListener("DOMContentLoaded", () => {
  clubSizes();
  clubTick();
  clubFit();
});
document.addEventListener("htmx:afterSettle", () => {
  clubSizes();
  clubTick();
  clubFit();
});
window.addEventListener("resize", clubFit);
