// The View menu: the page's theme (light, dark, or as the system says)
// and the tiles' size (a zoom over the size that fits the screen), each
// remembered in this browser. The theme is an attribute of the page's root
// (`data-theme`), which style.css reads; without one the page follows the
// system's setting (`prefers-color-scheme`).

import { TILE_ZOOM, TILE_ZOOMS, layout, tileZoom } from "./board_view.js";
import { $ } from "./dom.js";
import { game } from "./state.js";

/** Where the theme is remembered: "light", "dark" or "system". */
export const THEME = "lianliankan-theme";
const THEMES = ["system", "light", "dark"];

/** The theme chosen ("system" when none is). */
export function themeChoice() {
  const chosen = localStorage.getItem(THEME);
  return THEMES.includes(chosen) ? chosen : "system";
}

/** Sets the page's theme from the choice remembered. */
export function applyTheme() {
  const choice = themeChoice();
  if (choice === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

/** Fills the View menu from what is remembered and acts on its changes:
 * the theme at once, the tiles' size by laying the board out again. */
export function startViewOptions() {
  applyTheme();
  $("theme").value = themeChoice();
  $("theme").addEventListener("change", () => {
    localStorage.setItem(THEME, $("theme").value);
    applyTheme();
  });
  $("tile-zoom").value = String(tileZoom());
  $("tile-zoom").addEventListener("change", () => {
    const zoom = Number($("tile-zoom").value);
    localStorage.setItem(TILE_ZOOM, String(TILE_ZOOMS.includes(zoom) ? zoom : 1));
    if (game.spec !== null) layout(false);
  });
}
