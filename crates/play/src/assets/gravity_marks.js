// The gravity marks on the board's edge. Gravity is drawn in every mode
// (issue 55): chevrons in the ring around the board, one a row or column,
// on the edge each half of the board's tiles slide toward, pointing the
// way they go; a half that slides toward the middle has them on its own
// outer edge, pointing inward.

import { cellCentre } from "./common.js";
import { $, GRAVITY_WORDS } from "./dom.js";
import { game } from "./state.js";

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
export function drawGravity() {
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
  // Said with the board's grid (the marks themselves are hidden from
  // screen readers: a grid holds only rows).
  $("board").setAttribute("aria-description", "Gravity " + words);
}
