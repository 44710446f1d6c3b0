// The one feedback design's buttons (templates/exercises/verdict.html). Nothing here moves
// by itself: the page changes only when the learner presses something.
//
// "Try again" clears the verdict — the feedback, the marks on the cards and choices, the
// reasons beside them — keeps the answer as it was and puts the focus on it. Without
// JavaScript it is a link to the question afresh.
(function () {
  function firstField(question) {
    return question.querySelector('form [data-roving] [tabindex="0"]')
      || question.querySelector("form input:not([type=hidden])");
  }

  function clear(question) {
    const feedback = question.querySelector(".feedback");
    if (feedback) {
      feedback.replaceChildren();
      feedback.classList.remove("is-right", "is-wrong");
      feedback.removeAttribute("data-result");
    }
    question.querySelectorAll("form [data-verdict]").forEach((marked) => {
      marked.removeAttribute("data-verdict");
      Array.from(marked.classList)
        .filter((name) => name.startsWith("verdict-"))
        .forEach((name) => marked.classList.remove(name));
    });
    question.querySelectorAll("form .verdict-mark, form .verdict-said, form .card-reasons")
      .forEach((mark) => mark.remove());
    question.querySelectorAll("form [aria-describedby]").forEach((field) => {
      field.removeAttribute("aria-describedby");
    });
  }

  document.addEventListener("click", (event) => {
    const retry = event.target.closest('[data-action="retry"]');
    if (retry) {
      const question = retry.closest(".question");
      if (!question) return;
      event.preventDefault();
      clear(question);
      const first = firstField(question);
      if (first) first.focus();
      return;
    }
    // "Next exercise" within a lesson: the learner chose to move, so the focus goes with
    // them to the next answer.
    const next = event.target.closest('[data-action="next"][href^="#"]');
    if (next) {
      const target = document.getElementById(next.getAttribute("href").slice(1));
      const first = target && firstField(target);
      if (first) {
        event.preventDefault();
        target.scrollIntoView({ block: "start" });
        first.focus({ preventScroll: true });
        history.replaceState(null, "", next.getAttribute("href"));
      }
    }
  });
})();
