// The watch ("tell me when this game can no longer be won"): after every
// change of position the engine (engine.js: the page's worker, or the
// server) solves it in the background, and a lost
// position is announced (the banner's undo back to the last winnable
// position is play.js's `undoToWinnable`).

import { solveBoard } from "./engine.js";
import { $, say } from "./dom.js";
import { boardKey, game, setVerdict, setWatch } from "./state.js";

// ---- the watch: is the position still winnable? ----

/** What a background solve may spend: states, and time before the page
 * stops waiting (the server's own time-out caps it as well). */
export const WATCH_BUDGET = 300000;
const WATCH_MS = 8000;
let watchAbort = null, watchKey = null;

export function showWatch(state) {
  setWatch(state);
  $("lost").hidden = state !== "lost";
}

/** Runs after every change of position. What is known of the position
 * is shown at once; otherwise the server solves it in the background (a
 * request the page does not wait for: picks go on), and the answer is
 * shown if the position is still the one on the board. A newer position
 * cancels the older question. */
/** Cancels the background question, if any (the server stops its search). */
export function stopWatch() {
  if (watchAbort) watchAbort.abort();
  watchAbort = watchKey = null;
  if (game.watch === "checking") showWatch("unknown");
}

export function watchPosition() {
  if (!$("watch").checked || game.spec === null || game.position.cleared || game.solving) {
    stopWatch();
    showWatch($("watch").checked && game.position.cleared ? "winnable" : "off");
    return;
  }
  const k = boardKey(game.board);
  if (!game.verdicts.has(k)) {
    // Lost stays lost: a removal from a lost position leaves one; a board
    // with tiles and no pair is lost.
    const last = game.history[game.history.length - 1];
    const after = last && last.type === "remove" && boardKey(last.after) === k;
    if ((after && game.verdicts.get(boardKey(last.before)) === false) || game.position.dead) {
      setVerdict(k, false);
    }
  }
  if (game.verdicts.has(k)) {
    stopWatch();
    announce(game.verdicts.get(k));
    return;
  }
  if (watchKey === k) return; // already asked
  if (watchAbort) watchAbort.abort();
  const controller = new AbortController();
  watchAbort = controller;
  watchKey = k;
  showWatch("checking");
  const timer = setTimeout(() => controller.abort(), WATCH_MS);
  solveBoard({ board: game.board, rules: game.rules, budget: WATCH_BUDGET }, controller.signal)
    .then((res) => {
      clearTimeout(timer);
      const verdict = !res.ok ? undefined
        : res.data.result === "solved" ? true
        : res.data.result === "unsolvable" ? false : undefined;
      if (verdict !== undefined) setVerdict(k, verdict);
      if (watchAbort !== controller) return; // a newer position took over
      watchAbort = watchKey = null;
      if (boardKey(game.board) !== k) return;
      if (verdict === undefined) showWatch("unknown");
      else announce(verdict);
    });
}

/** Shows the verdict on the position now; a lost one is also announced. */
function announce(winnable) {
  const was = game.watch;
  showWatch(winnable ? "winnable" : "lost");
  if (!winnable && was !== "lost") {
    say("This game can no longer be won: the solver tried every order. Undo to the last winnable position, or shuffle.", "bad");
  }
}
