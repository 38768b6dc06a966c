// The keyboard: arrows move the board's cursor, Enter or Space picks its
// tile, and letters press the toolbar's buttons.
"use strict";

// ---- keyboard ----

function onKey(e) {
  if (game.spec === null || e.ctrlKey || e.metaKey || e.altKey) return;
  // Keys work from page load, wherever the focus is, but in a field or on
  // a button (where Enter and Space are theirs) and in the judge viewer.
  // A button clicked with the mouse does not keep the focus (see
  // startPlay), so only a button reached with Tab has Enter and Space.
  if (e.target.closest && e.target.closest("input, select, textarea, button:not(.tile), a, summary")) return;
  if ($("play-view").hidden) return;
  boardEl.classList.add("keyboard");
  const rows = game.board.length, cols = game.board[0].length;
  const [r, c] = game.cursor;
  const move = (dr, dc) => {
    game.cursor = [Math.min(rows - 1, Math.max(0, r + dr)), Math.min(cols - 1, Math.max(0, c + dc))];
    placeCursor();
  };
  switch (e.key) {
    case "ArrowUp": move(-1, 0); break;
    case "ArrowDown": move(1, 0); break;
    case "ArrowLeft": move(0, -1); break;
    case "ArrowRight": move(0, 1); break;
    case "Enter": case " ": pick(r, c); break;
    case "Escape": deselect(); break;
    case "h": case "H": hint(); break;
    case "s": case "S": shuffle(); break;
    case "u": case "U": undo(); break;
    case "r": case "R": redo(); break;
    case "p": case "P": togglePause(); break;
    default: return;
  }
  e.preventDefault();
}
