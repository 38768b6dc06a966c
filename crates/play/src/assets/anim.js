// The board's animations: a pair going (its path, a slide, the tiles
// gravity moved), the same backwards for undo, and a shuffle.
"use strict";

// ---- animations ----

/** Moves the tiles of `slides` (each `{from, to}`) from `from` to `to`
 * cells at once (a block may move onto its own cells). */
function moveTiles(slides, from, to) {
  const moving = slides.map((s) => [tileAt(s[from]), s]);
  moving.forEach(([, s]) => game.tiles.delete(key(...s[from])));
  moving.forEach(([el, s]) => {
    if (el) {
      place(el, s[to][0], s[to][1]);
      game.tiles.set(key(...s[to]), el);
    }
  });
}

/** Where the first tile of a step is when the pair goes: the corner its
 * slide pushed it to, or where it was. */
const firstAtRemoval = (step) => (step.pushed && step.pushed.length > 0 ? step.pushed[0].to : step.a);

/** The path; for a slide, the first tile and the run in front of it
 * pushed to the corner; the pair fading out; then the tiles gravity moved
 * sliding. */
async function animateRemoval(step) {
  drawPath(step.path);
  if (step.pushed && step.pushed.length > 0) {
    moveTiles(step.pushed, "from", "to");
    await sleep(280);
  }
  const first = firstAtRemoval(step);
  const pair = [tileAt(first), tileAt(step.b)];
  pair.forEach((el) => el && el.classList.add("gone"));
  await sleep(280);
  pair.forEach((el) => el && el.remove());
  game.tiles.delete(key(...first));
  game.tiles.delete(key(...step.b));
  clearPaths();
  if (step.moved.length > 0) {
    moveTiles(step.moved, "from", "to");
    await sleep(280);
  }
}

/** The removal backwards: the moved tiles slide back, the pair returns
 * (the first tile on its slide's corner), then a slide's tiles slide back. */
async function animateUndoRemoval(step) {
  if (step.moved.length > 0) {
    moveTiles(step.moved, "to", "from");
    await sleep(280);
  }
  const first = firstAtRemoval(step);
  const back = [makeTile(first[0], first[1], step.kinds[0]), makeTile(step.b[0], step.b[1], step.kinds[1])];
  back.forEach((el) => el.classList.add("fresh"));
  void boardEl.offsetWidth; // start the fade from transparent
  back.forEach((el) => el.classList.remove("fresh"));
  await sleep(240);
  if (step.pushed && step.pushed.length > 0) {
    moveTiles(step.pushed, "to", "from");
    await sleep(280);
  }
}

/** Every tile fades out, the new arrangement fades in. */
async function animateShuffle(board) {
  for (const el of game.tiles.values()) el.classList.add("gone");
  await sleep(240);
  game.board = board;
  renderAll();
  for (const el of game.tiles.values()) el.classList.add("fresh");
  void boardEl.offsetWidth;
  for (const el of game.tiles.values()) el.classList.remove("fresh");
  await sleep(240);
}
