// The player's controls: the keyboard (arrows move the board's cursor,
// Enter or Space picks its tile, letters press the toolbar's buttons), and
// Pause with the clock it stops.
"use strict";

// ---- keyboard ----

/** The keys that act on the game (besides the arrows). */
const GAME_KEYS = new Set(["Enter", " ", "Escape", "h", "H", "s", "S", "u", "U", "r", "R", "p", "P"]);

function onKey(e) {
  if (game.spec === null || e.ctrlKey || e.metaKey || e.altKey) return;
  // Keys work from page load, wherever the focus is, but in a field or on
  // a button (where Enter and Space are theirs) and in the judge viewer.
  // A button clicked with the mouse does not keep the focus (see
  // startPlay), so only a button reached with Tab has Enter and Space.
  if (e.target.closest && e.target.closest("input, select, textarea, button:not(.tile), a, summary")) return;
  if ($("play-view").hidden || !$("howto").hidden) return;
  boardEl.classList.add("keyboard");
  const rows = game.board.length, cols = game.board[0].length;
  // A finished game is final (issue 55): no key changes it, not even one
  // that would only drop a pick; the arrows still move the (hidden) cursor.
  if (gameFinished() && !e.key.startsWith("Arrow")) {
    if (GAME_KEYS.has(e.key)) e.preventDefault();
    return;
  }
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

// ---- the clock and Pause ----

// The game's clock and Pause (issue 55: a fair clock).
//
// A game of the player's seed runs the page's clock: from the first pick,
// stopped while the board is cleared or stuck, the game paused or the page
// hidden. A ranked game's clock is the server's, from the deal: the page
// shows it as the time since the deal less the time paused, and the
// server's own reading (`clock_ms`, in every answer to a step sent with
// the ticket) puts it right. Pause stops the clock in every mode: the page
// tells the server (`POST /api/pause`), which leaves the paused time out,
// and the board leaves the page (its tiles are taken out of the document,
// not only hidden) until Resume.

function clock(ms) {
  const s = Math.floor(ms / 1000);
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

/** The time on the clock, in milliseconds. A ranked game's stands still
 * while it is paused (`pausedAt`: when the pause began). */
function elapsed() {
  if (rankedClock()) return Math.max(0, (game.pausedAt === null ? game.now() : game.pausedAt) - game.dealtAt);
  return game.clockMs + (game.runningSince === null ? 0 : game.now() - game.runningSince);
}

/** Whether the clock is a ranked game's, running from its deal. */
function rankedClock() {
  return game.ticket !== null && game.dealtAt !== null;
}

/** Whether the page's clock runs now: after the first pick, unless the
 * board is cleared or stuck, the game paused, or the page hidden. */
function clockShouldRun() {
  return !rankedClock() && game.picked && !game.paused && !document.hidden &&
    !game.position.cleared && !game.position.dead;
}

/** The server's reading of a ranked game's clock (`clock_ms`, paused time
 * left out): the page's clock is set to it. */
function serverClock(clockMs) {
  if (!rankedClock() || typeof clockMs !== "number") return;
  game.dealtAt = (game.pausedAt === null ? game.now() : game.pausedAt) - clockMs;
  tick();
}

/** Pause: the board leaves the page and the clock stops; pressed again,
 * resumes. A finished game is not paused (nothing changes it). */
function togglePause() {
  if (game.spec === null || (gameFinished() && !game.paused)) return;
  setPaused(!game.paused);
}

/** Pauses (`on`) or resumes the game in play. */
function setPaused(on) {
  if (game.paused === on) return;
  hook("beforePause"); // a level's countdown counts up to now first
  game.paused = on;
  deselect();
  clearHint();
  if (on) {
    game.pausedAt = game.now();
    // The board leaves the page: no tile to be seen or read while paused.
    for (const el of boardEl.querySelectorAll(".tile")) el.remove();
    game.tiles.clear();
    clearPaths();
  } else {
    if (game.pausedAt !== null && game.dealtAt !== null) game.dealtAt += game.now() - game.pausedAt;
    game.pausedAt = null;
  }
  boardEl.classList.toggle("paused", on);
  if (!on) renderAll();
  $("pause").textContent = on ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(on));
  clockRun(clockShouldRun());
  tick();
  say(on ? "Paused: the clock is stopped." : "");
  hook("paused", on);
  updateButtons();
  saveGame();
  tellServerPaused(on);
}

/** A ranked game's pause and resume are logged by the server, which
 * leaves the paused time out of the game's time; its answer sets the
 * clock. */
async function tellServerPaused(on) {
  const ticket = stepTicket();
  if (!ticket) return;
  const asked = api("pause", { ticket, paused: on });
  game.pausing = asked;
  const res = await asked;
  if (game.pausing === asked) game.pausing = null;
  if (!res.ok) return;
  serverClock(res.data.clock_ms);
  hook("serverClock", res.data.clock_ms);
}

/** Runs or stops the page's clock. */
function clockRun(run) {
  if (run && game.runningSince === null) game.runningSince = game.now();
  if (!run && game.runningSince !== null) {
    game.clockMs += game.now() - game.runningSince;
    game.runningSince = null;
  }
}

function tick() {
  if (game.spec === null) return;
  $("timer").textContent = clock(elapsed());
}
