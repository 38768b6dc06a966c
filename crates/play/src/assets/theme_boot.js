// The theme remembered (view_options.js's View menu), set on the page's
// root before the page is first drawn: index.html loads this small
// classic script in its head, ahead of the style sheets, because the
// modules run only once the page is parsed, and a player who chose dark
// on a light system would see the light page flash first. The key and
// the values are view_options.js's `THEME` and its choices.
(function () {
  try {
    var chosen = localStorage.getItem("lianliankan-theme");
    if (chosen === "light" || chosen === "dark") document.documentElement.dataset.theme = chosen;
  } catch (e) {
    // No storage (a refused cookie setting): the system's theme.
  }
})();
