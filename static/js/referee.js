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
  form.addEventListener("change", update);
})();
