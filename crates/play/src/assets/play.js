// The game's actions: deals, picks, hint, shuffle, undo, redo, auto-solve,
// the toolbar's buttons and the status line, and the start of the game
// page. The game is state.js's (changed through its functions), the board
// on the page board_view.js's; another mode (the level game) hears and
// answers through events.js.

import { animateRemoval, animateShuffle, animateUndoRemoval } from "./anim.js";
import { sayDropped, sayHint, sayPicked, sayRefused, sayRemoved, sayShuffled, sayTakeBack } from "./announce.js";
import {
  TILE_STYLE, boardElement, clearHint, clearPaths, deselect, drawHint, layout, mountBoard,
  reconcile, removeTiles, renderAll, select, tileAt, tileStyle,
} from "./board_view.js";
import { serverClock, tick } from "./clock_view.js";
import { api, isJudgePage } from "./common.js";
import { dealBoard, engineKind, findHint, localGravityModes, removePair, shuffleBoard, solveBoard, startEngine } from "./engine.js";
import { $, GRAVITY_WORDS, capital, say, sleep } from "./dom.js";
import { ask, emit } from "./events.js";
import { finishNumbers, saveScore, showFinish } from "./finish.js";
import {
  fillForm, formFields, formRemembered, readForm, restoreFormChoices, resumeUrl, saveFormChoices,
  rulesQuery, saveGame, savedGame, share, showSlideChoice, specFromUrl,
} from "./form.js";
import { howtoClosed } from "./howto.js";
import { DEFAULT_PRESET, applyPreset, portrait } from "./presets.js";
import {
  assist, classicTicket, gameFinished, showRanked, stepTicket, ticketLost,
} from "./ranked.js";
import { ratingShort, showRating } from "./rating.js";
import {
  boardKey, clockRun, clockShouldRun, dequeue, enqueue, game, pausingDone, setBusyFlag, setDealt,
  setLinkProblem, setPausedClock, setPausing, setPicked, setPositionNumbers, setResumed,
  setSolving, setStepDone, setVerdict, takeRedo, takeUndo,
} from "./state.js";
import { WATCH_BUDGET, showWatch, stopWatch, watchPosition } from "./watch.js";

export function setBusy(busy) {
  setBusyFlag(busy);
  boardElement().dataset.busy = String(busy);
  updateButtons();
  // Picks made during the step are played now, in order (never dropped).
  if (!busy && game.queue.length > 0) setTimeout(drainQueue, 0);
}

/** Plays the queued picks and actions, one after the other. */
function drainQueue() {
  if (game.busy || game.queue.length === 0) return;
  const next = dequeue();
  const done = typeof next === "function" ? next() : pick(next[0], next[1]);
  Promise.resolve(done).then(drainQueue);
}

/** While a step is under way (a request, an animation), queues `action`
 * to run after it, as picks are queued, and says whether it did: a button
 * or key pressed then is played, never dropped, and the toolbar need not
 * be disabled for the length of each round trip (no flicker). */
function waitFor(action) {
  if (!game.busy || game.solving) return false;
  if (game.queue.length < 4) enqueue(action);
  return true;
}

/** Sets a button's `disabled` and text only when they change, so that a
 * step leaves the toolbar's elements untouched. */
function setButton(id, disabled, text) {
  const el = $(id);
  if (el.disabled !== disabled) el.disabled = disabled;
  if (text !== undefined && el.textContent !== text) el.textContent = text;
}

/** The buttons follow the game (a deal, its history, a pause, auto-solve),
 * never the round trips of single steps. */
export function updateButtons() {
  const idle = !game.solving && game.spec !== null && !game.paused;
  const over = game.position.cleared;
  const forced = new Set(ask("disabled") || []);
  const set = (id, disabled, text) => setButton(id, disabled || forced.has(id), text);
  // A cleared board is over: nothing to undo into (issue 49).
  set("undo", !idle || over || game.history.length === 0);
  set("redo", !idle || over || game.undone.length === 0);
  set("hint", !idle || over);
  set("shuffle", !idle || over);
  set("solve", game.spec === null || over || game.paused, game.solving ? "Stop" : "Auto-solve");
  set("dead-undo", !idle || game.history.length === 0);
  set("lost-undo", !idle || game.history.length === 0);
  set("dead-shuffle", !idle);
  set("pause", game.spec === null || over);
  for (const id of forced) setButton(id, true);
}


// ---- status ----

function positionOf(data) {
  return { tiles: data.tiles, moves: data.moves, dead: data.dead, cleared: data.cleared };
}

export function setPosition(p) {
  setPositionNumbers(p);
  $("tiles-left").textContent = p.tiles;
  $("moves-left").textContent = p.moves;
  $("dead").hidden = !p.dead || ask("dead") === true;
  clockRun(clockShouldRun());
  boardElement().classList.toggle("done", p.cleared);
  if (p.cleared && ask("cleared") !== true) showFinish();
  else $("won").hidden = true;
  tick();
  showRanked();
  updateButtons();
  watchPosition();
  saveGame();
}

// ---- actions ----

export function randomSeed() {
  return Math.floor(Math.random() * 1e9);
}

/** Picks the tile at (r, c): the first of a pair, or the second, which
 * asks the server to remove the pair. */
/** Picks kept while a step is under way (a pair's worth, many times over). */
const MAX_QUEUED_PICKS = 16;

export async function pick(r, c) {
  if (game.solving || game.paused || game.spec === null || gameFinished() || ask("blocksPick") === true) return;
  if (game.busy) {
    // A pick during a step's animation waits for it, in order; a burst
    // beyond what a player can mean is said, not silently dropped.
    if (game.queue.filter(Array.isArray).length < MAX_QUEUED_PICKS) enqueue([r, c]);
    else say("Too many picks at once: the last was not kept. Wait for the pair under way.", "bad");
    return;
  }
  if (!game.board[r] || !game.board[r][c]) return;
  clearHint();
  if (!game.picked) setPicked();
  if (!game.selected) {
    select([r, c]);
    sayPicked([r, c]);
    return;
  }
  const first = game.selected;
  deselect();
  if (first[0] === r && first[1] === c) return sayDropped();
  await tryRemove(first, [r, c]);
}

/** Asks the server to remove the pair `a`, `b` (sliding `a` along
 * `route` first, if given; without one, under sliding tiles, the server
 * slides `a` when only a slide removes the pair); animates the step, or
 * shows why the pair cannot go. Returns whether it went. */
async function tryRemove(a, b, route) {
  setBusy(true);
  const request = { board: game.board, rules: game.rules, a, b };
  if (route) request.route = route;
  // A ranked game's steps are logged live and timed by the server; a
  // ticket it no longer knows leaves the game unranked, and the pair is
  // asked for again without it.
  const ticket = stepTicket();
  if (ticket) request.ticket = ticket;
  let res = await removePair(request);
  if (ticket && res.status === 422 && ticketLost(res.data.error)) {
    delete request.ticket;
    res = await removePair(request);
  }
  if (res.ok) serverClock(res.data.clock_ms);
  if (!res.ok) {
    say(res.data.error, "bad");
    setBusy(false);
    return false;
  }
  const d = res.data;
  if (!d.legal && d.reason === "time-up") {
    say(capital(d.message) + ".", "bad");
    emit("timeUp");
    setBusy(false);
    return false;
  }
  if (!d.legal) {
    for (const cell of [a, b]) {
      const el = tileAt(cell);
      if (el) {
        el.classList.remove("wrong");
        void el.offsetWidth;
        el.classList.add("wrong");
      }
    }
    sayRefused(a, b, d.reason, d.message);
    if (d.reason === "different-kinds" && !game.solving) {
      // As KShisen and Onet do: the second tile becomes the selection.
      select(b);
      say("Not a pair: " + d.message + "; the new tile is selected.", "bad");
    } else {
      say("Not a pair: " + d.message + ".", "bad");
    }
    emit("refused", d.clock_ms);
    setBusy(false);
    return false;
  }
  const step = {
    type: "remove", a, b, route: d.route || null, pushed: d.pushed || [], path: d.path, kinds: d.kinds, moved: d.moved,
    before: game.board, after: d.board, positionBefore: game.position, position: positionOf(d),
    clockMs: typeof d.clock_ms === "number" ? d.clock_ms : null,
  };
  // The board is the new one at once; the step is seen moving meanwhile
  // (not waited on: the next pick acts now). A paused board has no tiles.
  setStepDone(step);
  sayRemoved(step);
  emit("removed", step);
  if (!game.paused) {
    animateRemoval(step);
    reconcile();
  }
  const slid = step.pushed.length > 0 ? "Slid " + step.pushed.length + " tile" + (step.pushed.length === 1 ? "" : "s") + " along the " + d.route + ". " : "";
  say(slid + (d.moved.length > 0 ? d.moved.length + " tile" + (d.moved.length === 1 ? "" : "s") + " slid" : ""));
  setPosition(step.position);
  setBusy(false);
  return true;
}

export async function hint() {
  if (waitFor(hint) || game.solving || game.paused || game.spec === null || gameFinished() ||
      ask("allows", "hint") === false) return;
  const note = assist("Hint");
  clearHint();
  deselect();
  setBusy(true);
  // Logged on a ranked game's ticket (and, in a classic game, assisted
  // on the server too).
  const ticket = stepTicket();
  const plain = { board: game.board, rules: game.rules };
  let res = await findHint(ticket ? { ...plain, ticket } : plain);
  if (ticket && res.status === 422 && ticketLost(res.data.error)) res = await findHint(plain);
  if (res.ok) serverClock(res.data.clock_ms);
  setBusy(false);
  if (!res.ok) return say(res.data.error + "." + note, "bad");
  setPosition(positionOf(res.data));
  const h = res.data.hint;
  if (!h) return say((res.data.cleared ? "The board is clear." : "No pair can be removed now.") + note, "bad");
  emit("hinted");
  drawHint(h);
  sayHint(h);
  say("Hint: these two can go (" + (h.path.length - 2) + " turn" + (h.path.length === 3 ? "" : "s") + ")." + note,
    note ? "bad" : "good");
}

export async function shuffle() {
  if (waitFor(shuffle) || game.solving || game.paused || game.spec === null || gameFinished() ||
      ask("allows", "shuffle") === false) return;
  // A shuffle helps: the classic game is then assisted (issue 49; the
  // server refuses a score whose steps hold one).
  const note = assist("Shuffle");
  clearHint();
  deselect();
  setBusy(true);
  // A ranked game's shuffle is seeded by the server and logged.
  const ticket = stepTicket();
  const plain = { board: game.board, rules: game.rules, seed: randomSeed() };
  let res = await shuffleBoard(ticket ? { board: game.board, rules: game.rules, ticket } : plain);
  if (ticket && res.status === 422 && ticketLost(res.data.error)) {
    res = await shuffleBoard(plain);
  }
  if (res.ok) serverClock(res.data.clock_ms);
  if (!res.ok || !res.data.shuffled) {
    say((res.ok ? capital(res.data.message) + "." : res.data.error) + note, "bad");
    setBusy(false);
    if (res.ok && res.data.reason === "time-up") emit("timeUp");
    else if (res.ok) emit("shuffled", false);
    return;
  }
  const step = {
    type: "shuffle", seed: res.data.seed, before: game.board, after: res.data.board,
    positionBefore: game.position, position: positionOf(res.data),
  };
  const paused = game.paused;
  setStepDone(step);
  if (!paused) animateShuffle(step.after);
  say("Shuffled." + note, note ? "bad" : "");
  sayShuffled();
  emit("shuffled", true, res.data.clock_ms);
  setPosition(step.position);
  setBusy(false);
}

/** Logs an undo or a redo (`kind`) on a ranked classic game's ticket,
 * before the page takes the step (the server replays the log in order);
 * its answer sets the clock. */
export async function logTakeBack(kind) {
  const ticket = classicTicket();
  if (!ticket) return;
  setBusy(true);
  const res = await api(kind, { ticket });
  setBusy(false);
  if (res.ok) serverClock(res.data.clock_ms);
  else if (res.status === 422) ticketLost(res.data.error);
}

// Undo and redo step through the page's own history (a ranked game's
// server only logs them), and the step is seen moving while the next
// action already acts.
export async function undo() {
  if (waitFor(undo) || game.solving || game.paused || gameFinished() || game.history.length === 0 ||
      ask("allows", "undo") === false) return;
  const note = assist("Undo");
  clearHint();
  deselect();
  await logTakeBack("undo");
  const step = takeUndo();
  if (step.type === "remove") animateUndoRemoval(step);
  else animateShuffle(step.before);
  reconcile();
  say("Undone." + note, note ? "bad" : "");
  sayTakeBack(step, true);
  setPosition(step.positionBefore);
}

export async function redo() {
  if (waitFor(redo) || game.solving || game.paused || gameFinished() || game.undone.length === 0 ||
      ask("allows", "redo") === false) return;
  clearHint();
  deselect();
  await logTakeBack("redo");
  const step = takeRedo();
  if (step.type === "remove") animateRemoval(step);
  else animateShuffle(step.after);
  reconcile();
  say("Redone.");
  sayTakeBack(step, false);
  setPosition(step.position);
}

/** The pause between auto-solve's removals at each speed. */
const SOLVE_PAUSE_MS = { slow: 700, normal: 120, fast: 0 };

/** Asks the solver for an order and plays it step by step, at the chosen
 * speed and saying how far it is; pressed again while playing, stops. */
async function autoSolve() {
  if (game.solving) {
    setSolving(null);
    const p = game.solveProgress;
    say("Auto-solve stopped after " + p.done + " of " + p.total + " removals.");
    updateButtons();
    return;
  }
  if (waitFor(autoSolve) || game.spec === null || gameFinished() || ask("allows", "solve") === false) return;
  const note = assist("Auto-solve");
  clearHint();
  deselect();
  stopWatch(); // the solver's permit goes to this request
  setBusy(true);
  say("Solving…" + note, note ? "bad" : "");
  // Logged on a ranked game's ticket: the game is assisted there too.
  const ticket = stepTicket();
  const plain = { board: game.board, rules: game.rules };
  let res = await solveBoard(ticket ? { ...plain, ticket } : plain);
  if (ticket && res.status === 422 && ticketLost(res.data.error)) res = await solveBoard(plain);
  setBusy(false);
  if (!res.ok) return say(res.data.error, "bad");
  const d = res.data;
  if (d.result === "solved" || d.result === "unsolvable") {
    setVerdict(boardKey(game.board), d.result === "solved");
  }
  if (d.result === "unsolvable") {
    say("This position cannot be cleared: the solver tried every order. Undo or shuffle.", "bad");
    if ($("watch").checked) showWatch("lost"); // the banner's Undo, without a second message
    return;
  }
  if (d.result === "out-of-budget") {
    return say("The solver gave up after " + d.states + " states without an answer.", "bad");
  }
  if (d.result === "timed-out") {
    return say("The solver found no answer within " + d.timeout_ms / 1000 + " s.", "bad");
  }
  say("The solver clears it in " + d.order.length + " removals; playing them." + note, note ? "bad" : "good");
  // A run of its own: a run stopped while it waits ends there, even if
  // another has started meanwhile.
  const p = { done: 0, total: d.order.length };
  setSolving(p);
  updateButtons();
  const mine = () => game.solving && game.solveProgress === p;
  for (const pair of d.order) {
    if (!mine()) return; // Stop was pressed (and perhaps another run began)
    const went = await tryRemove(pair.a, pair.b, pair.route);
    if (!went) break;
    p.done++;
    if (mine()) {
      say("Auto-solve: " + p.done + " of " + p.total + " removals" + (p.done === p.total ? ", done." : "…"), "good");
    }
    await sleep(SOLVE_PAUSE_MS[$("solve-speed").value] ?? 120);
  }
  if (game.solveProgress !== p) return;
  setSolving(null);
  updateButtons();
  watchPosition();
}

/** Deals `spec` (no seed: the server seeds a ranked deal); with `daily`,
 * today's daily deal instead (daily.js), whose spec the answer gives. */
export async function deal(spec, daily = false) {
  emit("dealing", spec);
  setSolving(null);
  stopWatch();
  clearHint();
  deselect();
  setBusy(true);
  say("Dealing…");
  // `after`: a ranked level's deal names the ticket of the level before
  // (each level of a run is dealt once); it is the request's, not the
  // game's.
  // (`daily`: the day of a daily deal; New game and Restart on it deal
  // an ordinary game of its setting.)
  const { difficulty, after, daily: _day, ...plain } = spec;
  spec = { ...plain, difficulty };
  // No seed: the server chooses one, and the deal can be ranked.
  if (plain.seed === null || plain.seed === undefined) delete plain.seed;
  if (after) plain.after = after;
  const res = await dealBoard(difficulty ? { ...plain, difficulty } : plain, daily,
    () => say("Dealing… (a deal of this difficulty is rated in the page: a few seconds)"));
  if (!res.ok) {
    say(capital(res.data.error) + ".", "bad");
    setBusy(false);
    return res.data.error;
  }
  const d = res.data;
  if (daily) {
    spec = {
      rows: d.rows, cols: d.cols, kinds: d.kinds, rules: d.rules, solvable: true, seed: d.seed,
      difficulty: d.difficulty, daily: d.date,
    };
  }
  setDealt(spec, d);
  showRating();
  boardElement().classList.remove("paused");
  $("pause").textContent = "Pause";
  $("pause").setAttribute("aria-pressed", "false");
  finishNumbers.rank = finishNumbers.best = "";
  $("won").hidden = true;
  $("share-box").hidden = true;
  clearPaths();
  layout();
  renderAll();
  setPosition(positionOf(d));
  history.replaceState(null, "", resumeUrl());
  // A deal out of the band asked for is said in full (one line: the
  // board is laid out for a message of one line).
  if (game.rated && game.rated.note) say(capital(game.rated.note) + ".", "bad");
  else say("Dealt " + spec.rows + " × " + spec.cols + " (rows × columns), seed " + d.seed +
    (d.solvable ? " (can be cleared)" : " (random: may not be clearable)") +
    (game.rating ? ", rated " + ratingShort(game.rating) : "") + ".", "good");
  setBusy(false);
}

// ---- Pause ----
//
// Pause stops the clock in every mode (issue 55: a fair clock): the page
// tells the server (`POST /api/pause`), which leaves the paused time out
// of a ranked game, and the board leaves the page (its tiles are taken
// out of the document, not only hidden) until Resume.

/** Pause: the board leaves the page and the clock stops; pressed again,
 * resumes. A finished game is not paused (nothing changes it). */
export function togglePause() {
  if (game.spec === null || (gameFinished() && !game.paused)) return;
  setPaused(!game.paused);
}

/** Pauses (`on`) or resumes the game in play. */
export function setPaused(on) {
  if (game.paused === on) return;
  emit("beforePause"); // a level's countdown counts up to now first
  setPausedClock(on);
  deselect();
  clearHint();
  if (on) {
    // The board leaves the page: no tile to be seen or read while paused.
    removeTiles();
    clearPaths();
  }
  boardElement().classList.toggle("paused", on);
  if (!on) renderAll();
  $("pause").textContent = on ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(on));
  clockRun(clockShouldRun());
  tick();
  say(on ? "Paused: the clock is stopped." : "");
  emit("paused", on);
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
  setPausing(asked);
  const res = await asked;
  pausingDone(asked);
  if (!res.ok) return;
  serverClock(res.data.clock_ms);
  emit("serverClock", res.data.clock_ms);
}


// ---- a game resumed, a winnable position found again ----

/** The same deal: size, kinds, rules, kind of deal and seed. */
function sameDeal(a, b) {
  const r = (x) => JSON.stringify(rulesQuery(x));
  return a.rows === b.rows && a.cols === b.cols && a.kinds === b.kinds && a.seed === b.seed &&
    a.solvable === b.solvable && (a.difficulty || null) === (b.difficulty || null) &&
    r(a.rules) === r(b.rules);
}

/** Resumes the saved game when the page was reloaded on it (the address
 * is its `resumeUrl`) or opened with no deal named; whether it did. */
function resumeGame(spec) {
  const reload = new URLSearchParams(location.search).get("resume") === "1";
  if (spec !== null && !reload) return false;
  const saved = savedGame();
  if (saved === null) return false;
  if (spec !== null && !sameDeal(spec, saved.spec)) return false;
  setResumed(saved);
  boardElement().classList.toggle("paused", game.paused);
  $("pause").textContent = game.paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(game.paused));
  emit("resumed");
  if (!formRemembered()) fillForm(game.spec);
  showRating();
  clearPaths();
  layout();
  renderAll();
  setPosition(saved.position);
  history.replaceState(null, "", resumeUrl());
  say("Resumed the game in progress (" + game.position.tiles + " tiles left)" +
    (game.paused ? ", paused: Resume to go on." : "."), "good");
  setBusy(false);
  return true;
}

/** Undoes steps back to the latest position known to be winnable; earlier
 * positions not yet known are solved first (latest first). */
async function undoToWinnable() {
  if (game.busy || game.solving) return;
  let target = -1;
  for (let i = game.history.length - 1; i >= 0 && target < 0; i--) {
    const k = boardKey(game.history[i].before);
    if (!game.verdicts.has(k)) {
      setBusy(true);
      say("Checking an earlier position…");
      const res = await solveBoard({ board: game.history[i].before, rules: game.rules, budget: WATCH_BUDGET });
      setBusy(false);
      if (res.ok && res.data.result === "solved") setVerdict(k, true);
      if (res.ok && res.data.result === "unsolvable") setVerdict(k, false);
    }
    if (game.verdicts.get(k) === true) target = i;
  }
  if (target < 0) {
    say("No earlier position of this game is known to be winnable.", "bad");
    return;
  }
  const steps = game.history.length - target;
  while (game.history.length > target) {
    const before = game.history.length;
    await undo();
    if (game.history.length === before) break; // nothing undone: stop, never spin
  }
  say("Back " + steps + " step" + (steps === 1 ? "" : "s") + ", to a position that can still be won.", "good");
}

// ---- start ----

/** Where the settings' fold is remembered: "open" or "folded". */
const SETTINGS_OPEN = "lianliankan-settings";

export async function startPlay() {
  // The judge viewer's page deals no game.
  if (isJudgePage() || location.hash === "#judge") return;
  mountBoard(pick);
  // A button clicked with the mouse or a finger keeps the focus, and onKey
  // leaves Enter and Space on a focused button to the button: so after a
  // click on Shuffle, Space meant for the board's cursor shuffled again
  // (in the levels, a life each time). A pointer's click therefore lets go
  // of the button it pressed, here for every button on the page, and the
  // keys go back to the cursor. A click from the keyboard (Tab to the
  // button, then Enter or Space: its `detail` is 0) keeps the focus where
  // a keyboard player put it, and a handler that moved the focus elsewhere
  // (to a field, say) keeps its choice.
  document.addEventListener("click", (e) => {
    const button = e.target.closest && e.target.closest("button");
    if (button && e.detail > 0 && document.activeElement === button) button.blur();
  });
  $("deal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    saveFormChoices();
    // The settings fold after Deal: the board gets the room (issue 49).
    $("settings").open = false;
    const spec = readForm();
    if (ask("submit", spec) !== true) deal(spec);
  });
  for (const type of ["input", "change"]) {
    $("deal-form").addEventListener(type, (e) => {
      if (formFields().includes(e.target)) saveFormChoices();
    });
  }
  $("hint").addEventListener("click", hint);
  $("shuffle").addEventListener("click", shuffle);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("solve").addEventListener("click", autoSolve);
  // Share opens the link over the board; pressed again, closes it.
  $("share").addEventListener("click", () => ($("share-box").hidden ? share() : ($("share-box").hidden = true)));
  $("share-copy").addEventListener("click", share);
  $("dead-shuffle").addEventListener("click", shuffle);
  $("dead-undo").addEventListener("click", undo);
  $("lost-undo").addEventListener("click", undoToWinnable);
  $("score-form").addEventListener("submit", (e) => {
    e.preventDefault();
    saveScore();
  });
  $("new-game").addEventListener("click", () => deal({ ...game.spec, seed: null }));
  $("restart").addEventListener("click", () => deal({ ...game.spec }));
  document.addEventListener("visibilitychange", () => {
    clockRun(clockShouldRun());
    saveGame();
  });
  // The clock as it stands when the page goes (a reload resumes from it).
  window.addEventListener("pagehide", saveGame);
  $("pause").addEventListener("click", togglePause);
  $("solve-speed").value = localStorage.getItem("lianliankan-solve-speed") || "normal";
  $("solve-speed").addEventListener("change", () =>
    localStorage.setItem("lianliankan-solve-speed", $("solve-speed").value));
  $("tile-style").value = tileStyle();
  // A new look redraws the tiles, once no step is moving them.
  const restyle = () => {
    if (game.busy) return void setTimeout(restyle, 50);
    renderAll();
    if (game.selected && tileAt(game.selected)) tileAt(game.selected).classList.add("selected");
  };
  $("tile-style").addEventListener("change", () => {
    localStorage.setItem(TILE_STYLE, $("tile-style").value);
    if (game.spec !== null) restyle();
  });
  $("watch").checked = localStorage.getItem("lianliankan-watch") === "on";
  $("watch").addEventListener("change", () => {
    localStorage.setItem("lianliankan-watch", $("watch").checked ? "on" : "off");
    watchPosition();
  });
  window.addEventListener("resize", () => game.spec && layout(false));
  // The tiles grow or shrink when the settings open or fold.
  for (const id of ["settings", "custom"]) {
    // (The player's own opening is kept: no fold from this layout.)
    $(id).addEventListener("toggle", () => game.spec && !game.busy && layout(false));
  }
  setInterval(tick, 500);

  // The engine loads while the server is asked for its limits and the
  // first deal is made (a deal made in the page waits for it; offline,
  // the engine names the gravity modes).
  const engine = startEngine();
  const limits = await api("limits");
  const gravity = limits.ok ? limits.data.gravity : (await engine, localGravityModes());
  if (gravity) {
    const select = $("gravity");
    select.replaceChildren();
    for (const name of gravity) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = GRAVITY_WORDS[name] || name;
      select.appendChild(option);
    }
  }
  if (limits.ok) {
    $("rows").max = limits.data.rows;
    $("cols").max = limits.data.cols;
    $("kinds").max = limits.data.kinds;
    $("turns").max = limits.data.turns;
  }
  // The form as the player left it (the gravity modes are known now).
  restoreFormChoices();
  showSlideChoice();
  $("slide").addEventListener("change", showSlideChoice);
  // The settings stay as the player left them (folded or open) across a
  // reload; the first time, a phone starts them folded, so that the board
  // is in view.
  const phone = window.innerWidth < 600;
  const left = localStorage.getItem(SETTINGS_OPEN);
  if (left !== null) $("settings").open = left === "open";
  else if (phone) $("settings").open = false;
  $("settings").addEventListener("toggle", () => {
    try {
      localStorage.setItem(SETTINGS_OPEN, $("settings").open ? "open" : "folded");
    } catch (e) {
      // Refused: they open as the page starts them next time.
    }
  });
  // The deal the link names (null: none, or a damaged link); a reload or
  // the bare page resumes the game in progress instead.
  const linked = specFromUrl();
  if (!game.linkProblem && resumeGame(linked)) return await playable();
  let spec = linked;
  if (spec === null) {
    // A first visit plays KShisen's 18 × 8 (normal), gravity down; turned
    // to portrait on a portrait screen, gravity turned with it (left: the
    // tiles slide along the rows of 8 as KShisen's fall along its columns
    // of 8; down on 18 rows also makes a deal the rating takes seconds
    // over, see docs/play.md). Later visits: the preset last played (the
    // form remembered).
    if (!formRemembered()) {
      $("preset-size").value = DEFAULT_PRESET;
      applyPreset();
      $("gravity").value = portrait() ? "left" : "down";
    }
    spec = readForm();
  }
  fillForm(spec);
  // A first visit's how-to comes before the deal: a ranked game's clock
  // starts at its deal, so none runs while the how-to is read (issue 55).
  if (!$("howto").hidden) {
    say("Close “How to play” to deal your first game.");
    await howtoClosed();
  }
  const refused = await deal(spec);
  // A link's deal, once made, is what the form remembers.
  if (refused === undefined && linked !== null) saveFormChoices();
  if (refused !== undefined && specFromUrl() !== null) {
    // A link whose values the server refuses (too many rows, an unknown
    // gravity mode, ...): say so in a sentence, and deal the default.
    setLinkProblem("This link asks for a deal that cannot be made: " + refused + ".");
    history.replaceState(null, "", location.pathname + (location.hash || ""));
    $("deal-form").reset();
    const fallback = readForm();
    fillForm(fallback);
    await deal(fallback);
  }
  if (game.linkProblem) {
    say(game.linkProblem + " Here is a new deal instead.", "bad");
    setLinkProblem(null);
  }
  await playable();
}

/** Once the first board is dealt and the engine ready: marked for the
 * first load's measurement (`cargo xtask bench --only page`), and the
 * engine in use written on the page's root (`data-engine`: local or
 * server). */
async function playable() {
  await startEngine();
  document.documentElement.dataset.engine = engineKind();
  performance.mark("llk-playable");
}


