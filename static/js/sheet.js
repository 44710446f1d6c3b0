// Score sheet: once a trump is tapped, the one number left to give is the takers' points,
// so the keyboard opens there. Only for a tap or a click (event.detail > 0): arrow keys
// moving through the trumps must not be pulled out of the group.
document.addEventListener("click", (event) => {
  const tap = event.target.closest('#deal-form [data-field="trump"] label.tap');
  if (!tap || event.detail === 0) return;
  const points = document.getElementById("id_points");
  if (points && !points.value) points.focus();
});
