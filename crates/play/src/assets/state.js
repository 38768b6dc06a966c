// The game in play: everything the page knows of it, in one object that
// every module reads (`game`) and only the functions here change. The
// server keeps no game: each request carries the board and the rules, and
// this page keeps the history (so undo and redo need no request). No
// element of the page is touched here: the views draw what this holds.

/** Everything the game view knows; `window.lianliankan` for tests. */
export const game = {
  spec: null, // the deal: rows, cols, kinds, rules, solvable, seed, difficulty (or null)
  rating: null, // the deal's rating as the server measured it (null: unrated)
  rated: null, // how a deal of a difficulty was found: in_band, candidates, deal_seed, note
  rules: null, // the rules as the server wrote them back
  board: [], // kinds row by row, 0 empty
  position: { tiles: 0, moves: 0, dead: false, cleared: false },
  history: [], // steps done, the last last
  undone: [], // steps undone, the next to redo last
  selected: null, // [row, col] of the picked tile
  cursor: [0, 0], // the keyboard's cell
  size: 40, // pixels a cell
  busy: true,
  solving: false,
  solveProgress: null, // auto-solve's run: { done, total }
  // The watch ("tell me when this game can no longer be won"): off,
  // checking, winnable, lost or unknown (the solver gave up), for the
  // position now.
  watch: "off",
  verdicts: new Map(), // a board's JSON -> true (can be cleared) or false
  // The clock (KShisen's): it starts at the first pick, stops while the board
  // is cleared or stuck or the page is hidden; `clockMs` is the time of the
  // runs ended, `runningSince` when the current run began (null: stopped).
  clockMs: 0,
  runningSince: null,
  picked: false, // a tile was picked since the deal
  // Hint, undo or auto-solve used: the game shows its time but enters no
  // high score (as KShisen does).
  assisted: false,
  saved: false, // this game's score was stored
  // A ranked game (a solvable deal the server seeded): its ticket, when it
  // was dealt (`now()`) while its clock runs, and the server's time and
  // score of its finish. Its clock is the server's: from the deal, through
  // pauses and reloads, to the clear.
  ticket: null,
  dealtAt: null,
  finished: null,
  finishing: null, // the finish sent to the server, while it is under way
  paused: false, // Pause: the board off the page, the clock stopped
  pausedAt: null, // when the pause began (`now()`), while paused
  pausing: null, // the pause or resume told to the server, while under way
  queue: [], // picks made while a step was under way, played after it
  linkProblem: null, // why the link's deal could not be made, in a sentence
  // This deal's own name, kept with a resumed game: the player's record
  // (record.js) counts each game once by it.
  dealId: null,
  /** The clock's source, in ms (the wall clock, so that a ranked game's
   * clock survives a reload). Tests put a clock of their own here. */
  now: () => Date.now(),
};

// ---- a deal, a resumed game, the steps ----

/** A new deal (`spec` as asked, `d` the server's answer): the game starts
 * afresh on it. */
export function setDealt(spec, d) {
  Object.assign(game, {
    spec: { ...spec, rules: d.rules, seed: d.seed, difficulty: d.difficulty || null },
    rules: d.rules, rating: d.rating || null, rated: d.rated || null, board: d.board,
    // A solvable deal is clearable by construction.
    verdicts: d.solvable ? new Map([[boardKey(d.board), true]]) : new Map(),
    history: [], undone: [], cursor: [0, 0], clockMs: 0, runningSince: null,
    ticket: d.ticket || null, finished: null, finishing: null, picked: false, queue: [],
    paused: false, pausedAt: null, assisted: false, saved: false, solving: false,
    dealId: game.now().toString(36) + "-" + Math.random().toString(36).slice(2, 8),
  });
  game.dealtAt = game.ticket === null ? null : game.now();
}

/** The game kept in localStorage (`saved`, see form.js), resumed. */
export function setResumed(saved) {
  Object.assign(game, {
    spec: saved.spec, rules: saved.rules, board: saved.board, history: saved.history || [],
    rating: saved.rating || null, rated: saved.rated || null,
    undone: saved.undone || [], clockMs: saved.clockMs || 0, runningSince: null,
    // The clock waits for the next pick, as after a deal: the reload (the
    // page loading, the player finding the board again) adds no time. A
    // ranked game's clock is the server's: it ran on (its deal's time kept).
    picked: false, assisted: !!saved.assisted, saved: !!saved.saved,
    ticket: saved.ticket || null, dealtAt: saved.dealtAt || null, finished: saved.finished || null,
    dealId: typeof saved.dealId === "string" ? saved.dealId : null,
    queue: [], verdicts: new Map(), cursor: [0, 0],
    // A game left paused stays paused (its ranked clock stopped) until
    // Resume.
    paused: !!saved.paused, pausedAt: saved.paused && typeof saved.pausedAt === "number" ? saved.pausedAt : null,
  });
  if (game.paused && game.pausedAt === null) game.pausedAt = game.now();
}

/** A step taken (a pair removed, a shuffle): the board is its `after`. */
export function setStepDone(step) {
  game.history.push(step);
  game.undone = [];
  game.board = step.after;
}

/** Undoes the last step and returns it (the board is its `before`). */
export function takeUndo() {
  const step = game.history.pop();
  game.undone.push(step);
  game.board = step.before;
  return step;
}

/** Redoes the last step undone and returns it. */
export function takeRedo() {
  const step = game.undone.pop();
  game.history.push(step);
  game.board = step.after;
  return step;
}

/** The board as drawn once a shuffle's tiles have moved. */
export function setBoard(board) {
  game.board = board;
}

/** The position's numbers as the server counted them. */
export function setPositionNumbers(p) {
  game.position = p;
}

/** The key of a board in `verdicts`. */
export function boardKey(board) {
  return JSON.stringify(board);
}

/** Whether the board `k` (a `boardKey`) can be cleared, once known. */
export function setVerdict(k, clearable) {
  game.verdicts.set(k, clearable);
}

export function setWatch(state) {
  game.watch = state;
}

// ---- the player's hand: busy, queue, pick, cursor ----

export function setBusyFlag(busy) {
  game.busy = busy;
}

/** Queues a pick ([row, col]) or an action (a function) to play once the
 * step under way is over. */
export function enqueue(item) {
  game.queue.push(item);
}

/** The next pick or action queued (undefined: none). */
export function dequeue() {
  return game.queue.shift();
}

export function setSelected(cell) {
  game.selected = cell;
}

export function setCursor(cell) {
  game.cursor = cell;
}

export function setCellSize(px) {
  game.size = px;
}

/** Auto-solve runs (`progress`: its { done, total }) or stops (null). */
export function setSolving(progress) {
  game.solving = progress !== null;
  if (progress !== null) game.solveProgress = progress;
}

export function setLinkProblem(sentence) {
  game.linkProblem = sentence;
}

// ---- assisted, saved, ranked ----

export function setAssisted() {
  game.assisted = true;
}

export function setSaved() {
  game.saved = true;
}

/** The ranked game's finish sent to the server (`finishing`, a promise)
 * and its answer (`finished`). */
export function setFinishing(promise) {
  game.finishing = promise;
}

export function setFinished(answer) {
  game.finishing = null;
  game.finished = answer;
  game.clockMs = answer.elapsed_ms;
}

/** The server no longer knows the classic game's ticket: the game goes on
 * unranked, on the page's clock from the time it showed. */
export function dropTicket() {
  game.clockMs = elapsed();
  game.runningSince = null;
  game.ticket = null;
  game.dealtAt = null;
  game.pausedAt = null;
}

/** The pause or resume told to the server (a promise), while under way. */
export function setPausing(promise) {
  game.pausing = promise;
}

/** The pause told to the server is answered: no longer under way. */
export function pausingDone(promise) {
  if (game.pausing === promise) game.pausing = null;
}

// ---- the clock and Pause ----
//
// A game of the player's seed runs the page's clock: from the first pick,
// stopped while the board is cleared or stuck, the game paused or the page
// hidden. A ranked game's clock is the server's, from the deal: the page
// shows it as the time since the deal less the time paused, and the
// server's own reading (`clock_ms`, in every answer to a step sent with
// the ticket) puts it right.

/** The time on the clock, in milliseconds. A ranked game's stands still
 * while it is paused (`pausedAt`: when the pause began). */
export function elapsed() {
  if (rankedClock()) return Math.max(0, (game.pausedAt === null ? game.now() : game.pausedAt) - game.dealtAt);
  return game.clockMs + (game.runningSince === null ? 0 : game.now() - game.runningSince);
}

/** Whether the clock is a ranked game's, running from its deal. */
export function rankedClock() {
  return game.ticket !== null && game.dealtAt !== null;
}

/** Whether the page's clock runs now: after the first pick, unless the
 * board is cleared or stuck, the game paused, or the page hidden. */
export function clockShouldRun() {
  return !rankedClock() && game.picked && !game.paused && !document.hidden &&
    !game.position.cleared && !game.position.dead;
}

/** Runs or stops the page's clock. */
export function clockRun(run) {
  if (run && game.runningSince === null) game.runningSince = game.now();
  if (!run && game.runningSince !== null) {
    game.clockMs += game.now() - game.runningSince;
    game.runningSince = null;
  }
}

/** The first pick of the deal: the page's clock may start. */
export function setPicked() {
  game.picked = true;
  clockRun(clockShouldRun());
}

/** The server's reading of a ranked game's clock (`clock_ms`, paused time
 * left out): the page's clock is set to it; whether it was. */
export function setServerClock(clockMs) {
  if (!rankedClock() || typeof clockMs !== "number") return false;
  game.dealtAt = (game.pausedAt === null ? game.now() : game.pausedAt) - clockMs;
  return true;
}

/** The clear of a ranked game: its clock stops here (the server's stops
 * when it hears). */
export function stopRankedClock() {
  if (!rankedClock()) return;
  game.clockMs = elapsed();
  game.dealtAt = null;
}

/** Pauses (`on`) or resumes the game's clock: a ranked game's pause is
 * left out of its time. */
export function setPausedClock(on) {
  game.paused = on;
  if (on) {
    game.pausedAt = game.now();
  } else {
    if (game.pausedAt !== null && game.dealtAt !== null) game.dealtAt += game.now() - game.pausedAt;
    game.pausedAt = null;
  }
}
