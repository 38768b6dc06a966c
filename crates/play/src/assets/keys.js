// The keyboard: arrows move the board's cursor (a screen reader hears the
// cell it reaches: announce.js), Enter or Space picks its tile, letters
// press the toolbar's buttons.

import { sayCursor, sayDropped } from "./announce.js";
import { boardElement, deselect, placeCursor, showCursor } from "./board_view.js";
import { $ } from "./dom.js";
import { hint, pick, redo, shuffle, togglePause, undo } from "./play.js";
import { gameFinished } from "./ranked.js";
import { game, setCursor } from "./state.js";

// ---- keyboard ----

/** The keys that act on the game (besides the arrows). */
const GAME_KEYS = new Set(["Enter", " ", "Escape", "h", "H", "s", "S", "u", "U", "r", "R", "p", "P"]);

export function onKey(e) {
  if (game.spec === null || e.ctrlKey || e.metaKey || e.altKey) return;
  // Keys work from page load, wherever the focus is, but in a field or on
  // a button (where Enter and Space are theirs) and in the judge viewer.
  // A button clicked with the mouse does not keep the focus (see
  // startPlay), so only a button reached with Tab has Enter and Space.
  if (e.target.closest && e.target.closest("input, select, textarea, button:not(.tile), a, summary")) return;
  if ($("play-view").hidden || !$("howto").hidden) return;
  boardElement().classList.add("keyboard");
  const rows = game.board.length, cols = game.board[0].length;
  // A finished game is final (issue 55): no key changes it, not even one
  // that would only drop a pick; the arrows still move the (hidden) cursor.
  if (gameFinished() && !e.key.startsWith("Arrow")) {
    if (GAME_KEYS.has(e.key)) e.preventDefault();
    return;
  }
  const [r, c] = game.cursor;
  const move = (dr, dc) => {
    setCursor([Math.min(rows - 1, Math.max(0, r + dr)), Math.min(cols - 1, Math.max(0, c + dc))]);
    placeCursor();
    showCursor();
    sayCursor();
  };
  switch (e.key) {
    case "ArrowUp": move(-1, 0); break;
    case "ArrowDown": move(1, 0); break;
    case "ArrowLeft": move(0, -1); break;
    case "ArrowRight": move(0, 1); break;
    case "Enter": case " ": pick(r, c); break;
    case "Escape":
      if (game.selected) sayDropped();
      deselect();
      break;
    case "h": case "H": hint(); break;
    case "s": case "S": shuffle(); break;
    case "u": case "U": undo(); break;
    case "r": case "R": redo(); break;
    case "p": case "P": togglePause(); break;
    default: return;
  }
  e.preventDefault();
}
