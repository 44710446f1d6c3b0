// The start page's "Play a game to N points" follows the chosen rule profile: each option
// carries its own label with the engine's target. Without this script the button keeps the
// label of the profile the page was drawn with; the game page says the target either way.
(function () {
  const select = document.getElementById("profile");
  const button = document.querySelector("[data-action=start-game]");
  if (!select || !button) return;
  select.addEventListener("change", () => {
    const label = select.selectedOptions[0] && select.selectedOptions[0].dataset.gameLabel;
    if (label) button.textContent = label;
  });
})();
