// Club pages: the countdown, the lock at zero, the presenter's fit and keyboard, and the live
// channel (the event stream, or polls where it cannot live).

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
// Fitted as soon as a swap is in (no frame shows the type cut off) and again once htmx has
// settled it (settling puts back the region's own attributes).
document.addEventListener("htmx:afterSwap", clubFit);
document.addEventListener("htmx:afterSettle", () => {
  clubSizes();
  clubTick();
  clubFit();
  clubBack();
});

// "Welcome back" (a player who scanned the QR code again) is said until the next phase; the
// address loses its ?back=1, so that a reload does not say it again.
function clubBack() {
  const back = document.querySelector("[data-back]");
  if (!back) return;
  if (location.search) history.replaceState(null, "", location.pathname);
  if (document.getElementById("live")?.dataset.version !== back.dataset.back) back.remove();
}
clubBack();
window.addEventListener("resize", clubFit);

// The live channel. Where the page names its event stream ([data-events]) and the browser has
// EventSource, htmx's SSE extension connects to it and swaps each `live` event into #live; the
// region's own polls (hx-trigger "every …") are then held back. Where a stream cannot live,
// the polls go out instead, for the rest of the page's life: no EventSource; a stream silent
// for 5 s although the server says `ready` at once (a proxy that holds events back); or
// CLUB_FAILURES closed streams in a row. A dropped connection is the browser's to reopen (it
// sends Last-Event-ID, after the delay the server drew for this stream); a stream the server
// closed (an error status) is reopened here after a random share of a growing delay. Either
// way a room's streams come back spread over seconds, and until this page's stream speaks
// again its region polls about once a second (CLUB_BRIDGE_MS): a phone back from a short drop
// shows the phase at once, through the cheapest request there is (304 when nothing changed),
// and a removed phone is sent to the join form.
const CLUB_SILENCE_MS = 5000;
const CLUB_FAILURES = 3;
const CLUB_BRIDGE_MS = 1000;
const clubLive = {
  mode: "poll",
  failures: 0,
  asking: false,
  attempt: 0,
  silence: 0,
  bridge: 0,
  dropped: false,
};

// The channel in use, also on <body data-live> (for tests and the curious).
function clubMode(mode) {
  clubLive.mode = mode;
  document.body.dataset.live = mode;
}

function clubStreamUrl(host) {
  const url = new URL(host.dataset.events, location.href);
  const version = document.getElementById("live")?.dataset.version;
  if (version) url.searchParams.set("v", version);
  if (clubLive.attempt) url.searchParams.set("attempt", clubLive.attempt);
  return url.pathname + url.search;
}

function clubPollInstead() {
  clubMode("poll");
  clearTimeout(clubLive.silence);
  clubEndBridge();
  clubLive.source?.close();
  document.querySelector("[sse-connect]")?.removeAttribute("sse-connect");
  clubAsk();
}

// One poll now, let through even while the stream is trusted.
function clubAsk() {
  const live = document.getElementById("live");
  if (!live) return;
  clubLive.asking = true;
  htmx.trigger(live, "poll-now");
}

function clubHeard() {
  clearTimeout(clubLive.silence);
  clubEndBridge();
  clubLive.failures = 0;
}

// The stream is down: polls until it speaks again, the first within a second (drawn, so that
// a room that lost its streams together does not ask in the same instant), then about every
// second.
function clubBridge() {
  clubLive.dropped = true;
  if (clubLive.bridge) return;
  const next = () => {
    if (clubLive.mode !== "push") return;
    clubAsk();
    clubLive.bridge = setTimeout(next, CLUB_BRIDGE_MS * (0.75 + Math.random() / 2));
  };
  clubLive.bridge = setTimeout(next, CLUB_BRIDGE_MS * Math.random());
}

function clubEndBridge() {
  clearTimeout(clubLive.bridge);
  clubLive.bridge = 0;
}

const clubHost = document.querySelector("[data-events]");
if (clubHost) clubMode("poll");
if (clubHost && "EventSource" in window && window.htmx?.createEventSource) {
  clubMode("push");
  clubHost.setAttribute("hx-ext", "sse");
  clubHost.setAttribute("sse-connect", clubStreamUrl(clubHost));
  htmx.createEventSource = (url) => {
    const source = new EventSource(url, { withCredentials: true });
    clubLive.source = source;
    clearTimeout(clubLive.silence);
    clubLive.silence = setTimeout(clubPollInstead, CLUB_SILENCE_MS);
    source.addEventListener("ready", clubHeard);
    source.addEventListener("live", clubHeard);
    source.addEventListener("gone", (event) => location.assign(event.data));
    source.addEventListener("end", () => {
      source.close();
      clubHost.removeAttribute("sse-connect");
    });
    return source;
  };
}

document.addEventListener("htmx:beforeRequest", (event) => {
  const poll = event.detail.elt.id === "live" && event.detail.requestConfig.verb === "get";
  if (poll && clubLive.mode === "push" && !clubLive.asking) event.preventDefault();
  if (poll) clubLive.asking = false;
});

// A reopened stream starts from the last event it sent: a region that the polls have
// already brought to that version is not swapped again (a half-chosen answer stays).
document.addEventListener("htmx:sseBeforeMessage", (event) => {
  if (event.detail.type !== "live" || !clubLive.dropped) return;
  clubLive.dropped = false;
  if (event.detail.lastEventId === document.getElementById("live")?.dataset.version) {
    event.preventDefault();
  }
});

document.addEventListener("htmx:sseError", (event) => {
  const source = event.detail.source;
  if (source !== clubLive.source) return;
  clubBridge();
  if (source.readyState !== EventSource.CLOSED) return;
  clearTimeout(clubLive.silence);
  // The extension's own retry finds no stream to open: this one decides.
  clubHost.removeAttribute("sse-connect");
  clubLive.failures += 1;
  if (clubLive.failures >= CLUB_FAILURES) {
    clubPollInstead();
    return;
  }
  // After the extension's own retry (half a second), which finds no stream to open.
  const delay = 600 + Math.random() * Math.min(30000, 1000 * 2 ** clubLive.failures);
  setTimeout(() => {
    if (clubLive.mode !== "push") return;
    // New attributes on both: htmx processes them again, and #live listens to the new stream.
    clubLive.attempt += 1;
    clubHost.setAttribute("sse-connect", clubStreamUrl(clubHost));
    const live = document.getElementById("live");
    if (live) live.dataset.attempt = clubLive.attempt;
    htmx.process(clubHost);
  }, delay);
});
