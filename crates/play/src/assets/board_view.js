// The board on the page: its size and layout, the tiles drawn from the
// game's board (`reconcile`), the cursor, the paths, the hint and the
// selection, the tiles' size (zoom). It reads the game (state.js) and
// draws it; the map of cells to tile elements is its own, the grid a
// screen reader reads board_grid.js's.

import { buildGrid, cellId, labelCells } from "./board_grid.js";
import { pathPoints } from "./common.js";
import { $, key } from "./dom.js";
import { drawGravity } from "./gravity_marks.js";
import { game, setCellSize, setCursor, setSelected } from "./state.js";
import { drawTile, groupIndex, setTileKinds, showLegend } from "./tiles.js";

export let boardEl, svgEl, cursorEl, hintTimer = null;
/** "row,col" -> the tile's element. */
export const tiles = new Map();

/** What a click on a tile does (the game's pick, given at `mountBoard`). */
let onTile = () => {};

/** Finds the board's elements and adds the keyboard's cursor; a click on
 * a tile calls `pickTile(row, col)`. */
export function mountBoard(pickTile) {
  onTile = pickTile;
  boardEl = $("board");
  svgEl = $("paths");
  cursorEl = document.createElement("div");
  cursorEl.id = "cursor";
  boardEl.appendChild(cursorEl);
}

/** The board's element (after `mountBoard`). */
export const boardElement = () => boardEl;

// ---- layout and tiles ----

/** Cell size from the space the board has: the width, and the height of
 * the window below what stands above the board (the settings, the
 * toolbar, the message), so that the whole board is in view: no KShisen
 * size scrolls, on a desktop or on a phone (where a preset is turned to
 * portrait). `mayFold`: on a desktop, settings that would leave tiles
 * under 32 px fold away (at a deal; never when the player opened them). */
export function layout(mayFold = true) {
  const rows = game.board.length, cols = game.board[0].length;
  const width = $("board-wrap").clientWidth - 10; // its padding: room for the focus outline
  let size = Math.floor(width / (cols + 2));
  const fit = () => {
    const top = boardEl.getBoundingClientRect().top + window.scrollY;
    const keys = document.querySelector("#play-view .keys");
    const k = getComputedStyle(keys);
    // (A desktop keeps the page's bottom padding in view too.)
    const pad = window.innerWidth >= 600 ? parseFloat(getComputedStyle(document.querySelector("main")).paddingBottom) : 0;
    const below = keys.offsetHeight + parseFloat(k.marginTop) + parseFloat(k.marginBottom) + pad + 8;
    return Math.floor((window.innerHeight - top - below) / (rows + 2));
  };
  let tall = fit();
  if (window.innerWidth >= 600) {
    // Where the open settings would leave tiles too small to read, they
    // fold away (a click on "New deal" opens them again).
    if (mayFold && tall < 32 && $("settings").open) {
      $("settings").open = false;
      tall = fit();
    }
    size = Math.min(size, tall);
  } else {
    // A phone keeps the whole board above the fold, whatever its size
    // (issue 49): the tiles shrink rather than scroll.
    size = Math.min(size, tall);
  }
  // A zoom (the player's choice) enlarges the fitted tiles; the board then
  // scrolls in its frame.
  const zoom = tileZoom();
  setCellSize(Math.round(Math.max(16, Math.min(52, size)) * zoom));
  $("board-wrap").classList.toggle("zoomed", zoom > 1);
  buildGrid(boardEl, rows, cols);
  labelCells(tileStyle());
  const w = (cols + 2) * game.size, h = (rows + 2) * game.size;
  boardEl.style.width = w + "px";
  boardEl.style.height = h + "px";
  boardEl.style.setProperty("--cell", game.size + "px");
  boardEl.classList.toggle("closed", game.rules.border !== "open");
  svgEl.setAttribute("width", w);
  svgEl.setAttribute("height", h);
  drawGravity();
  for (const [k, el] of tiles) {
    const [r, c] = k.split(",").map(Number);
    place(el, r, c);
  }
  placeCursor();
}

export function place(el, r, c) {
  el.dataset.cell = key(r, c);
  el.style.transform = "translate(" + (c + 1) * game.size + "px, " + (r + 1) * game.size + "px)";
  const design = el.dataset.design ? " (" + el.dataset.design + ")" : "";
  el.setAttribute("aria-label", "tile " + el.dataset.kind + design + ", row " + (r + 1) + ", column " + (c + 1));
}

/** The tiles' look: "pictures" (tiles.js), "contrast" (the same in black
 * on white) or "numbers"; remembered. */
export const TILE_STYLE = "lianliankan-tile-style";
const TILE_STYLES = ["pictures", "contrast", "numbers"];
export function tileStyle() {
  const chosen = localStorage.getItem(TILE_STYLE);
  return TILE_STYLES.includes(chosen) ? chosen : "pictures";
}

/** The tiles' size, times the size that fits the screen: 1 (fit), or
 * larger, the board then scrolling; remembered. */
export const TILE_ZOOM = "lianliankan-tile-zoom";
export const TILE_ZOOMS = [1, 1.25, 1.5, 2];
export function tileZoom() {
  const chosen = Number(localStorage.getItem(TILE_ZOOM));
  return TILE_ZOOMS.includes(chosen) ? chosen : 1;
}

export function makeTile(r, c, kind) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "tile";
  el.dataset.kind = kind;
  const group = groupIndex(game.rules.groups || "", game.spec.kinds).get(kind);
  drawTile(el, kind, tileStyle(), group === undefined ? -1 : group);
  el.tabIndex = -1;
  // A screen reader reads the board's grid of cells instead (board_grid.js).
  el.setAttribute("aria-hidden", "true");
  place(el, r, c);
  el.addEventListener("click", () => {
    const [row, col] = el.dataset.cell.split(",").map(Number);
    setCursor([row, col]);
    placeCursor();
    onTile(row, col);
  });
  boardEl.appendChild(el);
  tiles.set(key(r, c), el);
  return el;
}

/** Makes the tiles on the page match `game.board`: keeps the right ones,
 * removes the rest, adds the missing. */
export function reconcile() {
  if (game.paused) return; // a paused board is off the page
  for (const [k, el] of [...tiles]) {
    const [r, c] = k.split(",").map(Number);
    const kind = (game.board[r] || [])[c] || 0;
    if (String(kind) !== el.dataset.kind) {
      el.remove();
      tiles.delete(k);
    }
  }
  game.board.forEach((row, r) => row.forEach((kind, c) => {
    if (kind !== 0 && !tiles.has(key(r, c))) makeTile(r, c, kind);
  }));
  labelCells(tileStyle());
}

export function renderAll() {
  setTileKinds(game.spec.kinds); // the designs of this deal's kinds (tiles.js)
  for (const el of tiles.values()) el.remove();
  tiles.clear();
  reconcile();
  showLegend(game.rules.groups || "", game.spec.kinds, tileStyle());
}

export function tileAt(cell) {
  return tiles.get(key(cell[0], cell[1]));
}

/** Draws the cursor on its cell and makes that cell the grid's active one. */
export function placeCursor() {
  const [r, c] = game.cursor;
  cursorEl.style.transform = "translate(" + (c + 1) * game.size + "px, " + (r + 1) * game.size + "px)";
  boardEl.setAttribute("aria-activedescendant", cellId(r, c));
}

/** Scrolls the cursor's cell into view on a zoomed board (after a move
 * of the keyboard's: never at a layout, which a phone's scroll causes). */
export function showCursor() {
  const cell = document.getElementById(cellId(game.cursor[0], game.cursor[1]));
  if (cell && tileZoom() > 1) cell.scrollIntoView({ block: "nearest", inline: "nearest" });
}

export function drawPath(corners, cls) {
  const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
  line.setAttribute("points", pathPoints(corners, game.size));
  line.setAttribute("stroke-width", Math.max(3, game.size / 8));
  if (cls) line.setAttribute("class", cls);
  svgEl.appendChild(line);
  return line;
}

export function clearPaths() {
  svgEl.replaceChildren();
}

export function clearHint() {
  if (hintTimer) clearTimeout(hintTimer);
  hintTimer = null;
  svgEl.querySelectorAll(".hint").forEach((l) => l.remove());
  for (const el of tiles.values()) el.classList.remove("hinted");
}

/** Picks the tile at `cell`: the game's selection, drawn. */
export function select(cell) {
  setSelected(cell);
  tileAt(cell).classList.add("selected");
  labelCells(tileStyle());
}

export function deselect() {
  if (game.selected) {
    const el = tileAt(game.selected);
    if (el) el.classList.remove("selected");
  }
  setSelected(null);
  labelCells(tileStyle());
}

/** Shows the hint `h` (a pair and its path) for 2.5 s. */
export function drawHint(h) {
  drawPath(h.path, "hint");
  [h.a, h.b].forEach((cell) => tileAt(cell) && tileAt(cell).classList.add("hinted"));
  setCursor(h.a);
  placeCursor();
  showCursor();
  hintTimer = setTimeout(clearHint, 2500);
}

/** Takes every tile off the page (a paused board). */
export function removeTiles() {
  for (const el of boardEl.querySelectorAll(".tile")) el.remove();
  tiles.clear();
}

