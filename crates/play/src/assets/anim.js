// The board's animations: a pair going (its path, a slide, the tiles
// gravity moved), the same backwards for undo, and a shuffle.
//
// Nothing waits on them (issue 55: never wait on the page). Each one sets
// the board's tiles to where the step leaves them at once (the map of
// cells to tiles, each tile's place) and lets the style sheet's
// transitions move and fade them, within `ANIM_MS`; a tile that goes
// loses its cell at once and leaves the page when its fade ends. The next
// pick acts on the new board while the last step is still seen moving.

import { boardElement, drawPath, makeTile, place, renderAll, tileAt, tiles } from "./board_view.js";
import { key, reducedMotion } from "./dom.js";
import { setBoard } from "./state.js";

// ---- animations ----

/** How long a step is seen moving: the style sheet's transitions of a
 * tile's place and fade (`.tile` in style.css) take no longer. */
const ANIM_MS = 180;

/** Moves the tiles of `slides` (each `{from, to}`) from `from` to `to`
 * cells at once (a block may move onto its own cells). */
function moveTiles(slides, from, to) {
  const moving = slides.map((s) => [tileAt(s[from]), s]);
  moving.forEach(([, s]) => tiles.delete(key(...s[from])));
  moving.forEach(([el, s]) => {
    if (el) {
      place(el, s[to][0], s[to][1]);
      tiles.set(key(...s[to]), el);
    }
  });
}

/** Where the first tile of a step is when the pair goes: the corner its
 * slide pushed it to, or where it was. */
const firstAtRemoval = (step) => (step.pushed && step.pushed.length > 0 ? step.pushed[0].to : step.a);

/** Takes the tile `el` off its cell at once (no pick can reach it, no
 * test finds it by its cell) and off the page when its fade has ended. */
function fadeOut(el) {
  if (!el) return;
  delete el.dataset.cell;
  el.classList.add("gone");
  el.tabIndex = -1;
  setTimeout(() => el.remove(), reducedMotion() ? 0 : ANIM_MS);
}

/** The path, seen for the length of the step. */
function flashPath(corners) {
  const line = drawPath(corners);
  setTimeout(() => line.remove(), reducedMotion() ? 0 : ANIM_MS);
}

/** The pair's path; a slide's tiles pushed to their corner; the pair
 * fading out; the tiles gravity moved sliding: all at once. */
export function animateRemoval(step) {
  flashPath(step.path);
  if (step.pushed && step.pushed.length > 0) moveTiles(step.pushed, "from", "to");
  const first = firstAtRemoval(step);
  const pair = [tileAt(first), tileAt(step.b)];
  tiles.delete(key(...first));
  tiles.delete(key(...step.b));
  pair.forEach(fadeOut);
  if (step.moved.length > 0) moveTiles(step.moved, "from", "to");
}

/** The removal backwards: the moved tiles slide back, the pair returns
 * (fading in) and a slide's tiles slide back. */
export function animateUndoRemoval(step) {
  if (step.moved.length > 0) moveTiles(step.moved, "to", "from");
  const first = firstAtRemoval(step);
  const back = [makeTile(first[0], first[1], step.kinds[0]), makeTile(step.b[0], step.b[1], step.kinds[1])];
  if (step.pushed && step.pushed.length > 0) moveTiles(step.pushed, "to", "from");
  fadeIn(back);
}

/** The tiles `els` fade in from transparent. */
function fadeIn(els) {
  els.forEach((el) => el.classList.add("fresh"));
  void boardElement().offsetWidth; // start the fade from transparent
  els.forEach((el) => el.classList.remove("fresh"));
}

/** The new arrangement fades in. */
export function animateShuffle(board) {
  setBoard(board);
  renderAll();
  fadeIn([...tiles.values()]);
}
