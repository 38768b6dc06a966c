// The game view: deals, picks, paths, gravity, hint, shuffle, undo, redo,
// auto-solve, the timer, share links, the keyboard, and the watch that says
// when a game can no longer be won. The server keeps no
// game: each request carries the board and the rules, and this page keeps
// the history (so undo and redo need no request).
"use strict";

/** Everything the game view knows; `window.lianliankan` for tests. */
const game = {
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
  tiles: new Map(), // "row,col" -> the tile's element
  busy: true,
  solving: false,
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
  /** The clock's source, in ms (the wall clock, so that a ranked game's
   * clock survives a reload). Tests put a clock of their own here. */
  now: () => Date.now(),
};
window.lianliankan = game;

/** Another game mode's say at given moments (level.js sets these: the
 * level game): `hook(name, ...)` calls the hook of that name and returns
 * its answer, or undefined when there is none. */
let modeHooks = {};
const hook = (name, ...args) =>
  (typeof modeHooks[name] === "function" ? modeHooks[name](...args) : undefined);

const $ = (id) => document.getElementById(id);
/** Waits `ms`, or not at all for a player who asks for reduced motion. */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, reducedMotion() ? 0 : ms));
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const key = (r, c) => r + "," + c;
let boardEl, svgEl, cursorEl, hintTimer = null;

function say(text, tone) {
  const el = $("message");
  el.textContent = text;
  el.className = tone || "";
}

function setBusy(busy) {
  game.busy = busy;
  boardEl.dataset.busy = String(busy);
  updateButtons();
  // Picks made during the step are played now, in order (never dropped).
  if (!busy && game.queue.length > 0) setTimeout(drainQueue, 0);
}

/** Plays the queued picks and actions, one after the other. */
function drainQueue() {
  if (game.busy || game.queue.length === 0) return;
  const next = game.queue.shift();
  const done = typeof next === "function" ? next() : pick(next[0], next[1]);
  Promise.resolve(done).then(drainQueue);
}

/** While a step is under way (a request, an animation), queues `action`
 * to run after it, as picks are queued, and says whether it did: a button
 * or key pressed then is played, never dropped, and the toolbar need not
 * be disabled for the length of each round trip (no flicker). */
function waitFor(action) {
  if (!game.busy || game.solving) return false;
  if (game.queue.length < 4) game.queue.push(action);
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
function updateButtons() {
  const idle = !game.solving && game.spec !== null && !game.paused;
  const over = game.position.cleared;
  const forced = new Set(hook("disabled") || []);
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

// ---- layout and tiles ----

/** Cell size from the space the board has: the width, and the height of
 * the window below what stands above the board (the settings, the
 * toolbar, the message), so that the whole board is in view: no KShisen
 * size scrolls, on a desktop or on a phone (where a preset is turned to
 * portrait). `mayFold`: on a desktop, settings that would leave tiles
 * under 32 px fold away (at a deal; never when the player opened them). */
function layout(mayFold = true) {
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
  game.size = Math.max(16, Math.min(52, size));
  const w = (cols + 2) * game.size, h = (rows + 2) * game.size;
  boardEl.style.width = w + "px";
  boardEl.style.height = h + "px";
  boardEl.style.setProperty("--cell", game.size + "px");
  boardEl.classList.toggle("closed", game.rules.border !== "open");
  svgEl.setAttribute("width", w);
  svgEl.setAttribute("height", h);
  drawGravity();
  for (const [k, el] of game.tiles) {
    const [r, c] = k.split(",").map(Number);
    place(el, r, c);
  }
  placeCursor();
}

function place(el, r, c) {
  el.dataset.cell = key(r, c);
  el.style.transform = "translate(" + (c + 1) * game.size + "px, " + (r + 1) * game.size + "px)";
  const design = el.dataset.design ? " (" + el.dataset.design + ")" : "";
  el.setAttribute("aria-label", "tile " + el.dataset.kind + design + ", row " + (r + 1) + ", column " + (c + 1));
}

/** The tiles' look: "pictures" (tiles.js) or "numbers"; remembered. */
const TILE_STYLE = "lianliankan-tile-style";
const tileStyle = () => (localStorage.getItem(TILE_STYLE) === "numbers" ? "numbers" : "pictures");

function makeTile(r, c, kind) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "tile";
  el.dataset.kind = kind;
  const group = groupIndex(game.rules.groups || "", game.spec.kinds).get(kind);
  drawTile(el, kind, tileStyle(), group === undefined ? -1 : group);
  el.tabIndex = -1;
  place(el, r, c);
  el.addEventListener("click", () => {
    const [row, col] = el.dataset.cell.split(",").map(Number);
    game.cursor = [row, col];
    placeCursor();
    pick(row, col);
  });
  boardEl.appendChild(el);
  game.tiles.set(key(r, c), el);
  return el;
}

/** Makes the tiles on the page match `game.board`: keeps the right ones,
 * removes the rest, adds the missing. */
function reconcile() {
  if (game.paused) return; // a paused board is off the page
  for (const [k, el] of [...game.tiles]) {
    const [r, c] = k.split(",").map(Number);
    const kind = (game.board[r] || [])[c] || 0;
    if (String(kind) !== el.dataset.kind) {
      el.remove();
      game.tiles.delete(k);
    }
  }
  game.board.forEach((row, r) => row.forEach((kind, c) => {
    if (kind !== 0 && !game.tiles.has(key(r, c))) makeTile(r, c, kind);
  }));
}

function renderAll() {
  tileKinds = game.spec.kinds; // the designs of this deal's kinds (tiles.js)
  for (const el of game.tiles.values()) el.remove();
  game.tiles.clear();
  reconcile();
  showLegend(game.rules.groups || "", game.spec.kinds, tileStyle());
}

function tileAt(cell) {
  return game.tiles.get(key(cell[0], cell[1]));
}

function placeCursor() {
  const [r, c] = game.cursor;
  cursorEl.style.transform = "translate(" + (c + 1) * game.size + "px, " + (r + 1) * game.size + "px)";
}

function drawPath(corners, cls) {
  const line = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
  line.setAttribute("points", pathPoints(corners, game.size));
  line.setAttribute("stroke-width", Math.max(3, game.size / 8));
  if (cls) line.setAttribute("class", cls);
  svgEl.appendChild(line);
  return line;
}

function clearPaths() {
  svgEl.replaceChildren();
}

function clearHint() {
  if (hintTimer) clearTimeout(hintTimer);
  hintTimer = null;
  svgEl.querySelectorAll(".hint").forEach((l) => l.remove());
  for (const el of game.tiles.values()) el.classList.remove("hinted");
}

function deselect() {
  if (game.selected) {
    const el = tileAt(game.selected);
    if (el) el.classList.remove("selected");
  }
  game.selected = null;
}

// ---- status ----

function positionOf(data) {
  return { tiles: data.tiles, moves: data.moves, dead: data.dead, cleared: data.cleared };
}

function setPosition(p) {
  game.position = p;
  $("tiles-left").textContent = p.tiles;
  $("moves-left").textContent = p.moves;
  $("dead").hidden = !p.dead || hook("dead") === true;
  clockRun(clockShouldRun());
  boardEl.classList.toggle("done", p.cleared);
  if (p.cleared && hook("cleared") !== true) showFinish();
  else $("won").hidden = true;
  tick();
  showRanked();
  updateButtons();
  watchPosition();
  saveGame();
}

// ---- actions ----

function randomSeed() {
  return Math.floor(Math.random() * 1e9);
}

/** Picks the tile at (r, c): the first of a pair, or the second, which
 * asks the server to remove the pair. */
/** Picks kept while a step is under way (a pair's worth, many times over). */
const MAX_QUEUED_PICKS = 16;

async function pick(r, c) {
  if (game.solving || game.paused || game.spec === null || gameFinished() || hook("blocksPick") === true) return;
  if (game.busy) {
    // A pick during a step's animation waits for it, in order; a burst
    // beyond what a player can mean is said, not silently dropped.
    if (game.queue.filter(Array.isArray).length < MAX_QUEUED_PICKS) game.queue.push([r, c]);
    else say("Too many picks at once: the last was not kept. Wait for the pair under way.", "bad");
    return;
  }
  if (!game.board[r] || !game.board[r][c]) return;
  clearHint();
  if (!game.picked) {
    game.picked = true;
    clockRun(clockShouldRun());
  }
  if (!game.selected) {
    game.selected = [r, c];
    tileAt([r, c]).classList.add("selected");
    return;
  }
  const first = game.selected;
  deselect();
  if (first[0] === r && first[1] === c) return;
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
  let res = await api("remove", request);
  if (ticket && res.status === 422 && ticketLost(res.data.error)) {
    delete request.ticket;
    res = await api("remove", request);
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
    hook("timeUp");
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
    if (d.reason === "different-kinds" && !game.solving) {
      // As KShisen and Onet do: the second tile becomes the selection.
      game.selected = b;
      tileAt(b).classList.add("selected");
      say("Not a pair: " + d.message + "; the new tile is selected.", "bad");
    } else {
      say("Not a pair: " + d.message + ".", "bad");
    }
    hook("refused", d.clock_ms);
    setBusy(false);
    return false;
  }
  const step = {
    type: "remove", a, b, route: d.route || null, pushed: d.pushed || [], path: d.path, kinds: d.kinds, moved: d.moved,
    before: game.board, after: d.board, positionBefore: game.position, position: positionOf(d),
    clockMs: typeof d.clock_ms === "number" ? d.clock_ms : null,
  };
  game.history.push(step);
  game.undone = [];
  hook("removed", step);
  // The board is the new one at once; the step is seen moving meanwhile
  // (not waited on: the next pick acts now). A paused board has no tiles.
  game.board = step.after;
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

async function hint() {
  if (waitFor(hint) || game.solving || game.paused || game.spec === null || gameFinished() ||
      hook("allows", "hint") === false) return;
  const note = assist("Hint");
  clearHint();
  deselect();
  setBusy(true);
  // Logged on a ranked game's ticket (and, in a classic game, assisted
  // on the server too).
  const ticket = stepTicket();
  const plain = { board: game.board, rules: game.rules };
  let res = await api("hint", ticket ? { ...plain, ticket } : plain);
  if (ticket && res.status === 422 && ticketLost(res.data.error)) res = await api("hint", plain);
  if (res.ok) serverClock(res.data.clock_ms);
  setBusy(false);
  if (!res.ok) return say(res.data.error + "." + note, "bad");
  setPosition(positionOf(res.data));
  const h = res.data.hint;
  if (!h) return say((res.data.cleared ? "The board is clear." : "No pair can be removed now.") + note, "bad");
  hook("hinted");
  drawPath(h.path, "hint");
  [h.a, h.b].forEach((cell) => tileAt(cell) && tileAt(cell).classList.add("hinted"));
  game.cursor = h.a;
  placeCursor();
  say("Hint: these two can go (" + (h.path.length - 2) + " turn" + (h.path.length === 3 ? "" : "s") + ")." + note,
    note ? "bad" : "good");
  hintTimer = setTimeout(clearHint, 2500);
}

async function shuffle() {
  if (waitFor(shuffle) || game.solving || game.paused || game.spec === null || gameFinished() ||
      hook("allows", "shuffle") === false) return;
  // A shuffle helps: the classic game is then assisted (issue 49; the
  // server refuses a score whose steps hold one).
  const note = assist("Shuffle");
  clearHint();
  deselect();
  setBusy(true);
  // A ranked game's shuffle is seeded by the server and logged.
  const ticket = stepTicket();
  const plain = { board: game.board, rules: game.rules, seed: randomSeed() };
  let res = await api("shuffle", ticket ? { board: game.board, rules: game.rules, ticket } : plain);
  if (ticket && res.status === 422 && ticketLost(res.data.error)) {
    res = await api("shuffle", plain);
  }
  if (res.ok) serverClock(res.data.clock_ms);
  if (!res.ok || !res.data.shuffled) {
    say((res.ok ? capital(res.data.message) + "." : res.data.error) + note, "bad");
    setBusy(false);
    if (res.ok && res.data.reason === "time-up") hook("timeUp");
    else if (res.ok) hook("shuffled", false);
    return;
  }
  const step = {
    type: "shuffle", seed: res.data.seed, before: game.board, after: res.data.board,
    positionBefore: game.position, position: positionOf(res.data),
  };
  game.history.push(step);
  game.undone = [];
  if (game.paused) game.board = step.after;
  else animateShuffle(step.after);
  say("Shuffled." + note, note ? "bad" : "");
  hook("shuffled", true, res.data.clock_ms);
  setPosition(step.position);
  setBusy(false);
}

// Undo and redo step through the page's own history (a ranked game's
// server only logs them), and the step is seen moving while the next
// action already acts.
async function undo() {
  if (waitFor(undo) || game.solving || game.paused || gameFinished() || game.history.length === 0 ||
      hook("allows", "undo") === false) return;
  const note = assist("Undo");
  clearHint();
  deselect();
  await logTakeBack("undo");
  const step = game.history.pop();
  game.undone.push(step);
  game.board = step.before;
  if (step.type === "remove") animateUndoRemoval(step);
  else animateShuffle(step.before);
  reconcile();
  say("Undone." + note, note ? "bad" : "");
  setPosition(step.positionBefore);
}

async function redo() {
  if (waitFor(redo) || game.solving || game.paused || gameFinished() || game.undone.length === 0 ||
      hook("allows", "redo") === false) return;
  clearHint();
  deselect();
  await logTakeBack("redo");
  const step = game.undone.pop();
  game.history.push(step);
  game.board = step.after;
  if (step.type === "remove") animateRemoval(step);
  else animateShuffle(step.after);
  reconcile();
  say("Redone.");
  setPosition(step.position);
}

/** The pause between auto-solve's removals at each speed. */
const SOLVE_PAUSE_MS = { slow: 700, normal: 120, fast: 0 };

/** Asks the solver for an order and plays it step by step, at the chosen
 * speed and saying how far it is; pressed again while playing, stops. */
async function autoSolve() {
  if (game.solving) {
    game.solving = false;
    const p = game.solveProgress;
    say("Auto-solve stopped after " + p.done + " of " + p.total + " removals.");
    updateButtons();
    return;
  }
  if (waitFor(autoSolve) || game.spec === null || gameFinished() || hook("allows", "solve") === false) return;
  const note = assist("Auto-solve");
  clearHint();
  deselect();
  stopWatch(); // the solver's permit goes to this request
  setBusy(true);
  say("Solving…" + note, note ? "bad" : "");
  // Logged on a ranked game's ticket: the game is assisted there too.
  const ticket = stepTicket();
  const plain = { board: game.board, rules: game.rules };
  let res = await api("solve", ticket ? { ...plain, ticket } : plain);
  if (ticket && res.status === 422 && ticketLost(res.data.error)) res = await api("solve", plain);
  setBusy(false);
  if (!res.ok) return say(res.data.error, "bad");
  const d = res.data;
  if (d.result === "solved" || d.result === "unsolvable") {
    game.verdicts.set(boardKey(game.board), d.result === "solved");
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
  game.solving = true;
  updateButtons();
  // A run of its own: a run stopped while it waits ends there, even if
  // another has started meanwhile.
  const p = { done: 0, total: d.order.length };
  game.solveProgress = p;
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
  game.solving = false;
  updateButtons();
  watchPosition();
}

async function deal(spec) {
  hook("dealing", spec);
  game.solving = false;
  stopWatch();
  clearHint();
  deselect();
  setBusy(true);
  say("Dealing…");
  // `after`: a ranked level's deal names the ticket of the level before
  // (each level of a run is dealt once); it is the request's, not the
  // game's.
  const { difficulty, after, ...plain } = spec;
  spec = { ...plain, difficulty };
  // No seed: the server chooses one, and the deal can be ranked.
  if (plain.seed === null || plain.seed === undefined) delete plain.seed;
  if (after) plain.after = after;
  const res = await api("deal", difficulty ? { ...plain, difficulty } : plain);
  if (!res.ok) {
    say(capital(res.data.error) + ".", "bad");
    setBusy(false);
    return res.data.error;
  }
  const d = res.data;
  game.spec = { ...spec, rules: d.rules, seed: d.seed, difficulty: d.difficulty || null };
  game.rules = d.rules;
  game.rating = d.rating || null;
  game.rated = d.rated || null;
  showRating();
  game.board = d.board;
  game.verdicts = new Map();
  // A solvable deal is clearable by construction.
  if (d.solvable) game.verdicts.set(boardKey(d.board), true);
  game.history = [];
  game.undone = [];
  game.cursor = [0, 0];
  game.clockMs = 0;
  game.runningSince = null;
  game.ticket = d.ticket || null;
  game.dealtAt = game.ticket === null ? null : game.now();
  game.finished = null;
  game.finishing = null;
  game.picked = false;
  game.queue = [];
  game.paused = false;
  game.pausedAt = null;
  boardEl.classList.remove("paused");
  $("pause").textContent = "Pause";
  $("pause").setAttribute("aria-pressed", "false");
  game.assisted = false;
  game.saved = false;
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

/** Each gravity mode in words, with arrows for where the tiles go. */
// ---- start ----

/** Where the settings' fold is remembered: "open" or "folded". */
const SETTINGS_OPEN = "lianliankan-settings";

async function startPlay() {
  // The judge viewer's page deals no game.
  if (isJudgePage() || location.hash === "#judge") return;
  boardEl = $("board");
  svgEl = $("paths");
  cursorEl = document.createElement("div");
  cursorEl.id = "cursor";
  boardEl.appendChild(cursorEl);
  document.addEventListener("keydown", onKey);
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
    if (hook("submit", spec) !== true) deal(spec);
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

  const limits = await api("limits");
  if (limits.ok) {
    const select = $("gravity");
    select.replaceChildren();
    for (const name of limits.data.gravity) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = GRAVITY_WORDS[name] || name;
      select.appendChild(option);
    }
    $("rows").max = limits.data.rows;
    $("cols").max = limits.data.cols;
    $("kinds").max = limits.data.kinds;
    $("turns").max = limits.data.turns;
  }
  // The form as the player left it (the gravity modes are known now).
  formRemembered = restoreFormChoices();
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
  if (!game.linkProblem && resumeGame(linked)) return;
  let spec = linked;
  if (spec === null) {
    // A first visit plays KShisen's 18 × 8 (normal), gravity down; turned
    // to portrait on a portrait screen, gravity turned with it (left: the
    // tiles slide along the rows of 8 as KShisen's fall along its columns
    // of 8; down on 18 rows also makes a deal the rating takes seconds
    // over, see docs/play.md). Later visits: the preset last played (the
    // form remembered).
    if (!formRemembered) {
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
    game.linkProblem = "This link asks for a deal that cannot be made: " + refused + ".";
    history.replaceState(null, "", location.pathname + (location.hash || ""));
    $("deal-form").reset();
    const fallback = readForm();
    fillForm(fallback);
    await deal(fallback);
  }
  if (game.linkProblem) {
    say(game.linkProblem + " Here is a new deal instead.", "bad");
    game.linkProblem = null;
  }
}

document.addEventListener("DOMContentLoaded", startPlay);
