// The board as a screen reader meets it: an ARIA grid (the #board element)
// of rows of cells, one cell for each place of the board, each named by
// its tile and place ("bamboo 3, row 2, column 5", "empty, row 1, column
// 1"). The cells are transparent boxes over the tiles (clicks go through
// them to the tiles, which are hidden from screen readers); the focus
// stays on the board, and `aria-activedescendant` names the cell under
// the keyboard's cursor, so that the arrows (keys.js) move the reader too.

import { $ } from "./dom.js";
import { game } from "./state.js";
import { groupIndex, spokenName } from "./tiles.js";

/** The element id of the cell at (r, c). */
export const cellId = (r, c) => "cell-" + r + "-" + c;

/** The place of cell (r, c) in words, 1-based: "row 2, column 5". */
export const placeWords = (r, c) => "row " + (r + 1) + ", column " + (c + 1);

/** What a screen reader says for the kind `kind` in the tiles' style
 * `style` (with its matching group, if any). */
export function kindWords(kind, style) {
  const group = groupIndex(game.rules.groups || "", game.spec.kinds).get(kind);
  return spokenName(kind, style, group === undefined ? -1 : group);
}

/** The rows and cells of the board (`rows` × `cols`), made anew when the
 * size changes; the rows lie before the board's other children. */
export function buildGrid(board, rows, cols) {
  const have = board.querySelectorAll(":scope > .grid-row");
  if (have.length === rows && (rows === 0 || have[0].children.length === cols)) return;
  have.forEach((row) => row.remove());
  const made = [];
  for (let r = 0; r < rows; r++) {
    const row = document.createElement("div");
    row.className = "grid-row";
    row.setAttribute("role", "row");
    row.style.setProperty("--row", r + 1);
    for (let c = 0; c < cols; c++) {
      const cell = document.createElement("div");
      cell.id = cellId(r, c);
      cell.className = "grid-cell";
      cell.setAttribute("role", "gridcell");
      row.appendChild(cell);
    }
    made.push(row);
  }
  board.prepend(...made);
  board.setAttribute("aria-rowcount", rows);
  board.setAttribute("aria-colcount", cols);
}

/** Names every cell after the board in play (its tile, or "empty") and
 * marks the picked one (`aria-selected`). `style` is the tiles' style. */
export function labelCells(style) {
  if (game.spec === null) return;
  const selected = game.selected;
  game.board.forEach((row, r) => row.forEach((kind, c) => {
    const cell = $(cellId(r, c));
    if (!cell) return;
    const label = (kind === 0 ? "empty" : kindWords(kind, style)) + ", " + placeWords(r, c);
    if (cell.getAttribute("aria-label") !== label) cell.setAttribute("aria-label", label);
    const picked = String(selected !== null && selected[0] === r && selected[1] === c);
    if (cell.getAttribute("aria-selected") !== picked) cell.setAttribute("aria-selected", picked);
  }));
}
