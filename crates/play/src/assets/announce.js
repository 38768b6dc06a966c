// What a screen reader hears as the game goes: sentences written to a
// polite live region (#announce, seen by screen readers only) — the tile
// under the keyboard's cursor, a pick, a pair's result (its path's turns,
// or why it cannot go), the end of the game, a hint, a shuffle, undo and
// redo. The message line says what a sighted player needs; these say
// where, with the tiles' names (board_grid.js names the cells).

import { kindWords, placeWords } from "./board_grid.js";
import { tileStyle } from "./board_view.js";
import { speak } from "./dom.js";
import { game } from "./state.js";

/** Says `text` to a screen reader (the message line of the same turn
 * stays unsaid: see dom.js). */
export function announce(text) {
  speak(text);
}

/** A tile of `kind` at `cell` in words: "bamboo 3 at row 2, column 5". */
function tileAtWords(kind, cell) {
  return kindWords(kind, tileStyle()) + " at " + placeWords(cell[0], cell[1]);
}

/** The board's kind at `cell` (0 for none). */
const kindAt = (cell) => (game.board[cell[0]] || [])[cell[1]] || 0;

/** A path's turns in words: "path with 2 turns". */
function turnsWords(path) {
  const turns = path.length - 2;
  return "path with " + turns + " turn" + (turns === 1 ? "" : "s");
}

/** The cell under the cursor: "bamboo 3, row 2, column 5" or "empty, ...". */
export function sayCursor() {
  const [r, c] = game.cursor;
  const kind = kindAt(game.cursor);
  announce((kind === 0 ? "empty" : kindWords(kind, tileStyle())) + ", " + placeWords(r, c));
}

/** A tile picked at `cell`. */
export function sayPicked(cell) {
  announce("Picked " + tileAtWords(kindAt(cell), cell) + ".");
}

/** The pick dropped (Escape, or the picked tile picked again). */
export function sayDropped() {
  announce("Pick dropped.");
}

/** A pair removed (`step`, taken by state.js), and the game's end if it
 * cleared the board, or that no pair is left (the banner shown then is
 * no live region: this is its voice). */
export function sayRemoved(step) {
  const [a, b] = [step.a, step.b];
  const p = step.position || {};
  const end = p.cleared ? " Game cleared." : p.dead ? " No pair can be removed: shuffle or undo." : "";
  announce("Removed " + tileAtWords(step.kinds[0], a) + " and " + tileAtWords(step.kinds[1], b) + ", " +
    turnsWords(step.path) + "." + end);
}

/** A pair refused: `a` and `b` (still on the board), the server's
 * `reason` and `message`; after tiles of two kinds, `b` is picked. */
export function sayRefused(a, b, reason, message) {
  const pair = tileAtWords(kindAt(a), a) + " and " + tileAtWords(kindAt(b), b);
  if (reason === "different-kinds") announce("Not a pair: " + pair + ". Picked " + tileAtWords(kindAt(b), b) + ".");
  else if (reason === "no-path") announce("No path between " + pair + ": " + message + ".");
  else announce("Not removed: " + pair + ": " + message + ".");
}

/** A hint shown (`h`: its pair and path). */
export function sayHint(h) {
  announce("Hint: " + tileAtWords(kindAt(h.a), h.a) + " and " + tileAtWords(kindAt(h.b), h.b) + ", " +
    turnsWords(h.path) + ".");
}

/** A shuffle done. */
export function sayShuffled() {
  announce("Shuffled: every tile has a new place.");
}

/** A step undone (`back` true) or redone: a pair's tiles back on the
 * board or removed again, or a shuffle. */
export function sayTakeBack(step, back) {
  if (step.type !== "remove") return announce(back ? "Undone: the shuffle." : "Redone: the shuffle.");
  const pair = tileAtWords(step.kinds[0], step.a) + " and " + tileAtWords(step.kinds[1], step.b);
  announce(back ? "Undone: " + pair + " are back." : "Redone: removed " + pair + ".");
}
