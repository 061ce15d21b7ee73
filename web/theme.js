// The page's colours before anything is drawn (a blocking script in the head, so that a dark
// page never flashes light): the theme the player chose in the settings, or the system's, and
// the board's theme. settings.js changes them later.
(function () {
  const root = document.documentElement;
  let theme = "system";
  let board = "classic";
  try {
    theme = localStorage.getItem("acey.theme") || "system";
    board = localStorage.getItem("acey.board") || "classic";
  } catch {
    // Storage refused (a private window in some browsers): the defaults.
  }
  const dark = matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    root.dataset.theme = theme === "system" ? (dark.matches ? "dark" : "light") : theme;
    root.dataset.board = board;
  };
  apply();
  dark.addEventListener("change", () => {
    theme = localStorage.getItem("acey.theme") || "system";
    apply();
  });
})();
