// The board's drawings besides its tiles: the gravity marks on its edge,
// and its animations: a pair going (its path, a slide, the tiles gravity
// moved), the same backwards for undo, and a shuffle.
//
// Gravity is drawn in every mode (issue 55): chevrons in the ring around
// the board, one a row or column, on the edge each half of the board's
// tiles slide toward, pointing the way they go; a half that slides toward
// the middle has them on its own outer edge, pointing inward.
//
// Nothing waits on them (issue 55: never wait on the page). Each one sets
// the board's tiles to where the step leaves them at once (the map of
// cells to tiles, each tile's place) and lets the style sheet's
// transitions move and fade them, within `ANIM_MS`; a tile that goes
// loses its cell at once and leaves the page when its fade ends. The next
// pick acts on the new board while the last step is still seen moving.
"use strict";

// ---- animations ----

/** How long a step is seen moving: the style sheet's transitions of a
 * tile's place and fade (`.tile` in style.css) take no longer. */
const ANIM_MS = 180;

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
function animateRemoval(step) {
  flashPath(step.path);
  if (step.pushed && step.pushed.length > 0) moveTiles(step.pushed, "from", "to");
  const first = firstAtRemoval(step);
  const pair = [tileAt(first), tileAt(step.b)];
  game.tiles.delete(key(...first));
  game.tiles.delete(key(...step.b));
  pair.forEach(fadeOut);
  if (step.moved.length > 0) moveTiles(step.moved, "from", "to");
}

/** The removal backwards: the moved tiles slide back, the pair returns
 * (fading in) and a slide's tiles slide back. */
function animateUndoRemoval(step) {
  if (step.moved.length > 0) moveTiles(step.moved, "to", "from");
  const first = firstAtRemoval(step);
  const back = [makeTile(first[0], first[1], step.kinds[0]), makeTile(step.b[0], step.b[1], step.kinds[1])];
  if (step.pushed && step.pushed.length > 0) moveTiles(step.pushed, "to", "from");
  fadeIn(back);
}

/** The tiles `els` fade in from transparent. */
function fadeIn(els) {
  els.forEach((el) => el.classList.add("fresh"));
  void boardEl.offsetWidth; // start the fade from transparent
  els.forEach((el) => el.classList.remove("fresh"));
}

/** The new arrangement fades in. */
function animateShuffle(board) {
  game.board = board;
  renderAll();
  fadeIn([...game.tiles.values()]);
}

// ---- gravity on the board's edge ----

/** The marks of gravity `mode` on a `rows` × `cols` board: each
 * `{cell: [row, col], dir}` with the cell in the ring around the board
 * (row -1 or `rows`, column -1 or `cols`) and `dir` one of up, down,
 * left, right: the way the tiles of that row or column (or its half
 * beside the mark) go. The engine's modes: a vertical pass moves each
 * column, whole or in halves, a horizontal pass each row. Pure. */
function gravityMarks(mode, rows, cols) {
  const marks = [];
  // One pass: `rule(line)` is "start" or "end" (the whole line goes to
  // its start or end) or ["start"|"end", "start"|"end"] (its halves).
  const pass = (vertical, rule) => {
    const lines = vertical ? cols : rows;
    const [low, high] = vertical ? ["up", "down"] : ["left", "right"];
    const edge = (l, far) => (vertical ? [far ? rows : -1, l] : [l, far ? cols : -1]);
    for (let l = 0; l < lines; l++) {
      const r = rule(l);
      if (r === "start") marks.push({ cell: edge(l, false), dir: low });
      else if (r === "end") marks.push({ cell: edge(l, true), dir: high });
      else {
        // The first half's mark on the near edge, the second's on the far.
        marks.push({ cell: edge(l, false), dir: r[0] === "start" ? low : high });
        marks.push({ cell: edge(l, true), dir: r[1] === "start" ? low : high });
      }
    }
  };
  const halfRows = Math.ceil(rows / 2), halfCols = Math.ceil(cols / 2);
  switch (mode) {
    case "down": pass(true, () => "end"); break;
    case "up": pass(true, () => "start"); break;
    case "left": pass(false, () => "start"); break;
    case "right": pass(false, () => "end"); break;
    case "apart-vertical": pass(true, () => ["start", "end"]); break;
    case "together-vertical": pass(true, () => ["end", "start"]); break;
    case "apart-horizontal": pass(false, () => ["start", "end"]); break;
    case "together-horizontal": pass(false, () => ["end", "start"]); break;
    case "top-left-bottom-right": pass(false, (row) => (row < halfRows ? "start" : "end")); break;
    case "left-down-right-up": pass(true, (col) => (col < halfCols ? "end" : "start")); break;
    case "outward":
      pass(true, () => ["start", "end"]);
      pass(false, () => ["start", "end"]);
      break;
    case "inward":
      pass(true, () => ["end", "start"]);
      pass(false, () => ["end", "start"]);
      break;
    default: break; // none: the tiles stay
  }
  return marks;
}

/** Draws the gravity of the game on the board's edge (`#gravity-marks`),
 * at the board's cell size; names it for screen readers. */
function drawGravity() {
  const svg = $("gravity-marks");
  if (!svg || game.rules === null) return;
  const rows = game.board.length, cols = game.board[0].length, size = game.size;
  svg.setAttribute("width", (cols + 2) * size);
  svg.setAttribute("height", (rows + 2) * size);
  svg.dataset.gravity = game.rules.gravity;
  const half = size * 0.16;
  const tip = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
  svg.replaceChildren(...gravityMarks(game.rules.gravity, rows, cols).map(({ cell, dir }) => {
    const [x, y] = cellCentre(cell[0], cell[1], size);
    const [dx, dy] = tip[dir];
    // A chevron: two strokes meeting at the tip, across the way they go.
    const points = [[x - dy * half - dx * half, y - dx * half - dy * half], [x + dx * half, y + dy * half],
      [x + dy * half - dx * half, y + dx * half - dy * half]];
    const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
    line.setAttribute("points", points.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "));
    line.setAttribute("stroke-width", Math.max(2, size / 14).toFixed(1));
    line.dataset.dir = dir;
    line.dataset.cell = cell.join(",");
    return line;
  }));
  const words = GRAVITY_WORDS[game.rules.gravity] || game.rules.gravity;
  svg.setAttribute("aria-label", "Gravity " + words);
}
