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

// As the leader or a card of the trick changes, each card says which seat played it and the
// form says who is to play — in the order of play the server wrote on the form, the engine's.
(function () {
  const form = document.querySelector("form.referee-form[data-order-n]");
  if (!form) return;
  function update() {
    // data-order-n is dataset.orderN, data-name-w is dataset.nameW: seats are one letter.
    const order = form.dataset["order" + form.querySelector("[data-field=leader]").value];
    if (!order) return;
    const seats = order.split(" ").map((seat) => form.dataset["name" + seat]);
    form.querySelectorAll("[data-seat-of]").forEach((span) => {
      span.textContent = seats[Number(span.dataset.seatOf) - 1];
    });
    const played = ["t1", "t2", "t3"]
      .filter((name) => form.querySelector(`[data-field=${name}]`).value).length;
    const toPlay = form.querySelector("[data-to-play] strong");
    if (toPlay) toPlay.textContent = seats[played];
  }
  form.addEventListener("change", () => {
    update();
    showTrick();
  });

  // The trick's cards chosen on a grid as in play: each card chosen fills the next card
  // of the trick, in order; choosing one again takes it back and the later cards move up
  // to keep the order of play. The fields stay the form's (and say who played each card).
  const grid = form.querySelector("[data-trick-grid]");
  const fields = ["t1", "t2", "t3"].map((name) => form.querySelector(`[data-field=${name}]`));
  function trick() {
    return fields.map((field) => field.value).filter(Boolean);
  }
  function showTrick() {
    const chosen = trick();
    const seats = form.querySelectorAll("[data-seat-of]");
    grid.querySelectorAll("button[data-card]").forEach((button) => {
      const at = chosen.indexOf(button.dataset.card);
      button.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
      button.querySelector("[data-order]").textContent =
        at >= 0 ? `${at + 1} · ${seats[at].textContent}` : "";
    });
  }
  grid.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button) return;
    let chosen = trick();
    const code = button.dataset.card;
    if (chosen.includes(code)) {
      chosen = chosen.filter((card) => card !== code);
    } else if (chosen.length < fields.length) {
      chosen.push(code);
    } else {
      return;
    }
    fields.forEach((field, index) => {
      field.value = chosen[index] || "";
    });
    update();
    showTrick();
  });
  grid.hidden = false;
  form.querySelector("[data-trick-help]").hidden = false;
  update();
  showTrick();
})();
