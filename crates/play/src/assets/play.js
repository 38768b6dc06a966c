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
  // The clock (§7.1): it starts at the first pick, stops while the board
  // is cleared or stuck or the page is hidden; `clockMs` is the time of the
  // runs ended, `runningSince` when the current run began (null: stopped).
  clockMs: 0,
  runningSince: null,
  picked: false, // a tile was picked since the deal
  // Hint, undo or auto-solve used: the game shows its time but enters no
  // high score (as KShisen does).
  assisted: false,
  saved: false, // this game's score was stored
  paused: false, // Pause: the board hidden, the clock stopped
  queue: [], // picks made while a step was under way, played after it
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
  set("undo", !idle || game.history.length === 0);
  set("redo", !idle || game.undone.length === 0);
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
 * size scrolls on a desktop, and a phone shows the board above the fold
 * (down to tiles of 30 px, still easy to tap). */
function layout() {
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
    if (tall < 32 && $("settings").open) {
      $("settings").open = false;
      tall = fit();
    }
    size = Math.min(size, tall);
  } else {
    size = Math.min(size, Math.max(tall, 30));
  }
  game.size = Math.max(16, Math.min(52, size));
  const w = (cols + 2) * game.size, h = (rows + 2) * game.size;
  boardEl.style.width = w + "px";
  boardEl.style.height = h + "px";
  boardEl.style.setProperty("--cell", game.size + "px");
  boardEl.classList.toggle("closed", game.rules.border !== "open");
  svgEl.setAttribute("width", w);
  svgEl.setAttribute("height", h);
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

// ---- animations ----

/** Moves the tiles of `slides` (each `{from, to}`) from `from` to `to`
 * cells at once (a block may move onto its own cells). */
function moveTiles(slides, from, to) {
  const moving = slides.map((s) => [tileAt(s[from]), s]);
  moving.forEach(([, s]) => game.tiles.delete(key(...s[from])));
  moving.forEach(([el, s]) => {
    if (el) {
      place(el, s[to][0], s[to][1]);
      game.tiles.set(key(...s[to]), el);
    }
  });
}

/** Where the first tile of a step is when the pair goes: the corner its
 * slide pushed it to, or where it was. */
const firstAtRemoval = (step) => (step.pushed && step.pushed.length > 0 ? step.pushed[0].to : step.a);

/** The path; for a slide, the first tile and the run in front of it
 * pushed to the corner; the pair fading out; then the tiles gravity moved
 * sliding. */
async function animateRemoval(step) {
  drawPath(step.path);
  if (step.pushed && step.pushed.length > 0) {
    moveTiles(step.pushed, "from", "to");
    await sleep(280);
  }
  const first = firstAtRemoval(step);
  const pair = [tileAt(first), tileAt(step.b)];
  pair.forEach((el) => el && el.classList.add("gone"));
  await sleep(280);
  pair.forEach((el) => el && el.remove());
  game.tiles.delete(key(...first));
  game.tiles.delete(key(...step.b));
  clearPaths();
  if (step.moved.length > 0) {
    moveTiles(step.moved, "from", "to");
    await sleep(280);
  }
}

/** The removal backwards: the moved tiles slide back, the pair returns
 * (the first tile on its slide's corner), then a slide's tiles slide back. */
async function animateUndoRemoval(step) {
  if (step.moved.length > 0) {
    moveTiles(step.moved, "to", "from");
    await sleep(280);
  }
  const first = firstAtRemoval(step);
  const back = [makeTile(first[0], first[1], step.kinds[0]), makeTile(step.b[0], step.b[1], step.kinds[1])];
  back.forEach((el) => el.classList.add("fresh"));
  void boardEl.offsetWidth; // start the fade from transparent
  back.forEach((el) => el.classList.remove("fresh"));
  await sleep(240);
  if (step.pushed && step.pushed.length > 0) {
    moveTiles(step.pushed, "to", "from");
    await sleep(280);
  }
}

/** Every tile fades out, the new arrangement fades in. */
async function animateShuffle(board) {
  for (const el of game.tiles.values()) el.classList.add("gone");
  await sleep(240);
  game.board = board;
  renderAll();
  for (const el of game.tiles.values()) el.classList.add("fresh");
  void boardEl.offsetWidth;
  for (const el of game.tiles.values()) el.classList.remove("fresh");
  await sleep(240);
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
  if (p.cleared && hook("cleared") !== true) showFinish();
  else $("won").hidden = true;
  tick();
  updateButtons();
  watchPosition();
  saveGame();
}

// ---- the deal's rating ----

/** A rating in a few words: "hard, score 57". */
function ratingShort(rating) {
  return rating ? rating.difficulty + ", score " + rating.score : "unrated";
}

/** A rating in a sentence: its band, its score, and how often random
 * play clears the deal. */
function ratingSentence(rating) {
  return "This deal is rated " + rating.difficulty + ": score " + rating.score +
    " of 100; random play clears " + Math.round(rating.forgiveness * 100) + "% (" +
    rating.cleared + " of " + rating.plays + " games).";
}

/** Shows the deal's rating in the status line (with, for a deal not in
 * the band asked for, "no hard found" and the server's note as its
 * title) and on the finish screens (cleared, stuck, lost, a level run
 * over). Called before the board is laid out: the status line's height
 * is the board's business. */
function showRating() {
  const r = game.rating;
  const note = game.rated && game.rated.note;
  const box = $("deal-rating-box");
  box.hidden = r === null && !note;
  box.classList.toggle("off-band", !!note);
  box.title = note ? capital(note) + "." : "";
  $("deal-rating").textContent = (r === null ? "unrated" : ratingShort(r)) +
    (note && game.spec && game.spec.difficulty ? " (no " + game.spec.difficulty + " found)" : "");
  for (const id of ["won-rating", "dead-rating", "lost-rating", "over-rating"]) {
    $(id).textContent = r === null ? "" : ratingSentence(r);
    $(id).hidden = r === null;
  }
}

// ---- the game in progress, kept across a reload ----

const SAVED = "lianliankan-game";

/** Keeps the game in progress in localStorage, so that a reload resumes it
 * (its history too, so undo still works). */
function saveGame() {
  if (game.spec === null) return;
  const saved = {
    version: 1, spec: game.spec, rules: game.rules, board: game.board, position: game.position,
    rating: game.rating, rated: game.rated,
    history: game.history, undone: game.undone, clockMs: elapsed(), picked: game.picked,
    assisted: game.assisted, saved: game.saved,
  };
  try {
    localStorage.setItem(SAVED, JSON.stringify(saved));
  } catch (e) {
    // Full or refused: the game goes on, only a reload will not resume it.
  }
}

/** The same deal: size, kinds, rules, kind of deal and seed. */
function sameDeal(a, b) {
  const r = (x) => [x.turns, x.border, x.gravity, x.groups || "", x.connect || "standard", !!x.slide].join("|");
  return a.rows === b.rows && a.cols === b.cols && a.kinds === b.kinds && a.seed === b.seed &&
    a.solvable === b.solvable && (a.difficulty || null) === (b.difficulty || null) &&
    r(a.rules) === r(b.rules);
}

/** The address of the game in progress: its share link, marked so that a
 * reload resumes the game (the share link itself deals it afresh). */
function resumeUrl() {
  return shareUrl(game.spec) + "&resume=1" + (location.hash || "");
}

/** Resumes the saved game when the page was reloaded on it (the address
 * is its `resumeUrl`) or opened with no deal named; whether it did. */
function resumeGame(spec) {
  const reload = new URLSearchParams(location.search).get("resume") === "1";
  if (spec !== null && !reload) return false;
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(SAVED) || "null");
  } catch (e) {
    saved = null;
  }
  if (!saved || saved.version !== 1 || !Array.isArray(saved.board) || !saved.spec) return false;
  if (spec !== null && !sameDeal(spec, saved.spec)) return false;
  Object.assign(game, {
    spec: saved.spec, rules: saved.rules, board: saved.board, history: saved.history || [],
    rating: saved.rating || null, rated: saved.rated || null,
    undone: saved.undone || [], clockMs: saved.clockMs || 0, runningSince: null,
    picked: !!saved.picked, assisted: !!saved.assisted, saved: !!saved.saved,
    queue: [], paused: false, verdicts: new Map(), cursor: [0, 0],
  });
  hook("resumed");
  if (!formRemembered) fillForm(game.spec);
  showRating();
  clearPaths();
  layout();
  renderAll();
  setPosition(saved.position);
  history.replaceState(null, "", resumeUrl());
  say("Resumed the game in progress (" + game.position.tiles + " tiles left).", "good");
  setBusy(false);
  return true;
}

// ---- the watch: is the position still winnable? ----

/** What a background solve may spend: states, and time before the page
 * stops waiting (the server's own time-out caps it as well). */
const WATCH_BUDGET = 300000;
const WATCH_MS = 8000;
let watchAbort = null, watchKey = null;

function boardKey(board) {
  return JSON.stringify(board);
}

function showWatch(state) {
  game.watch = state;
  $("lost").hidden = state !== "lost";
}

/** Runs after every change of position. What is known of the position
 * is shown at once; otherwise the server solves it in the background (a
 * request the page does not wait for: picks go on), and the answer is
 * shown if the position is still the one on the board. A newer position
 * cancels the older question. */
/** Cancels the background question, if any (the server stops its search). */
function stopWatch() {
  if (watchAbort) watchAbort.abort();
  watchAbort = watchKey = null;
  if (game.watch === "checking") showWatch("unknown");
}

function watchPosition() {
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
      game.verdicts.set(k, false);
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
  api("solve", { board: game.board, rules: game.rules, budget: WATCH_BUDGET }, controller.signal)
    .then((res) => {
      clearTimeout(timer);
      const verdict = !res.ok ? undefined
        : res.data.result === "solved" ? true
        : res.data.result === "unsolvable" ? false : undefined;
      if (verdict !== undefined) game.verdicts.set(k, verdict);
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
      const res = await api("solve", { board: game.history[i].before, rules: game.rules, budget: WATCH_BUDGET });
      setBusy(false);
      if (res.ok && res.data.result === "solved") game.verdicts.set(k, true);
      if (res.ok && res.data.result === "unsolvable") game.verdicts.set(k, false);
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

function clock(ms) {
  const s = Math.floor(ms / 1000);
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

/** The time on the clock, in milliseconds. */
function elapsed() {
  return game.clockMs + (game.runningSince === null ? 0 : Date.now() - game.runningSince);
}

/** Whether the clock runs now (§7.1): after the first pick, unless the
 * board is cleared or stuck, the game paused, or the page hidden. */
function clockShouldRun() {
  return game.picked && !game.paused && !document.hidden &&
    !game.position.cleared && !game.position.dead;
}

/** Pause: hides the board and stops the clock; pressed again, resumes. */
function togglePause() {
  if (game.spec === null || (game.position.cleared && !game.paused)) return;
  game.paused = !game.paused;
  deselect();
  clearHint();
  boardEl.classList.toggle("paused", game.paused);
  $("pause").textContent = game.paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(game.paused));
  clockRun(clockShouldRun());
  tick();
  say(game.paused ? "Paused: the clock is stopped." : "");
  updateButtons();
}

/** Runs or stops the clock. */
function clockRun(run) {
  if (run && game.runningSince === null) game.runningSince = Date.now();
  if (!run && game.runningSince !== null) {
    game.clockMs += Date.now() - game.runningSince;
    game.runningSince = null;
  }
}

function tick() {
  if (game.spec === null) return;
  $("timer").textContent = clock(elapsed());
}

// ---- the end of a game: time, score, high scores ----

/** KShisen's score (§7.1) for a board of `cells` cleared in `ms`. */
function kshisenScore(cells, ms, gravity) {
  const seconds = Math.max(1, Math.floor(ms / 1000));
  const base = Math.floor((cells / seconds) / 0.14 * 100 * Math.sqrt(cells / 14 * 6));
  return gravity === "none" ? base : 2 * base;
}

/** The query that names this game's table of high scores. */
function tableQuery() {
  const s = game.spec, r = game.rules;
  return new URLSearchParams({
    rows: s.rows, cols: s.cols, kinds: s.kinds, turns: r.turns, border: r.border,
    gravity: r.gravity, groups: r.groups || "", connect: r.connect || "standard",
    slide: r.slide ? "on" : "off",
  }).toString();
}

/** Fills the table of the best scores for this game's settings; `mine` is
 * the id just stored (its line is marked). */
async function showBest(mine) {
  const list = $("best");
  const res = await api("scores?" + tableQuery());
  list.replaceChildren();
  if (!res.ok) {
    $("best-note").textContent = res.data.error;
    return;
  }
  $("best-note").textContent = res.data.scores.length === 0 ? "No scores yet for these settings." : "";
  res.data.scores.forEach((e, i) => {
    const li = document.createElement("li");
    li.textContent = e.name + " — " + e.score + " (" + clock(e.elapsed_ms) + ", " + e.date.slice(0, 10) + ")";
    if (mine !== undefined && i + 1 === mine) li.className = "mine";
    list.appendChild(li);
  });
}

/** The finish screen of a cleared board: time, score, and whether it can
 * enter the high scores. */
function showFinish() {
  const ms = elapsed();
  const cells = game.spec.rows * game.spec.cols;
  const score = kshisenScore(cells, ms, game.rules.gravity);
  const eligible = game.spec.solvable && !game.assisted;
  $("won-line").textContent = "Cleared in " + clock(ms) + "!" +
    (eligible ? " Score " + score + "." : "");
  let note = "";
  if (game.assisted) note = "Assisted (hint, undo or auto-solve): the time counts, the score does not enter the high scores.";
  else if (!game.spec.solvable) note = "A random deal: only solvable deals enter the high scores.";
  $("score-note").textContent = note;
  showRating();
  $("score-form").hidden = !eligible || game.saved;
  $("score-name").value = localStorage.getItem("lianliankan-name") || "";
  const won = $("won");
  if (won.hidden) {
    won.hidden = false;
    showBest();
  }
}

/** Sends the game to the server, which replays it and stores the score. */
async function saveScore() {
  const name = $("score-name").value.trim();
  if (name === "") return;
  localStorage.setItem("lianliankan-name", name);
  $("score-save").disabled = true;
  const steps = game.history.map((step) => {
    if (step.type !== "remove") return { shuffle: step.seed };
    return step.route ? { a: step.a, b: step.b, route: step.route } : { a: step.a, b: step.b };
  });
  const res = await api("scores", {
    name, rows: game.spec.rows, cols: game.spec.cols, kinds: game.spec.kinds, seed: game.spec.seed,
    rules: game.rules, steps, elapsed_ms: Math.max(1, Math.round(elapsed())),
    // A deal of a difficulty is the rated candidate of this seed.
    ...(game.rated && game.rated.deal_seed !== null ? { rated_seed: game.rated.deal_seed } : {}),
  });
  $("score-save").disabled = false;
  if (!res.ok) {
    $("score-note").textContent = "Not saved: " + res.data.error;
    return;
  }
  game.saved = true;
  $("score-form").hidden = true;
  // The table first, then the note: when "Saved" shows, so does the score.
  await showBest(res.data.rank);
  $("score-note").textContent = "Saved: score " + res.data.score + ", number " + res.data.rank + " for these settings.";
}

// ---- actions ----

function randomSeed() {
  return Math.floor(Math.random() * 1e9);
}

/** Picks the tile at (r, c): the first of a pair, or the second, which
 * asks the server to remove the pair. */
async function pick(r, c) {
  if (game.solving || game.paused || game.spec === null || hook("blocksPick") === true) return;
  if (game.busy) {
    // A pick during a step's animation waits for it (two at most: a pair).
    if (game.queue.filter(Array.isArray).length < 2) game.queue.push([r, c]);
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
  const res = await api("remove", request);
  if (!res.ok) {
    say(res.data.error, "bad");
    setBusy(false);
    return false;
  }
  const d = res.data;
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
    hook("refused");
    setBusy(false);
    return false;
  }
  const step = {
    type: "remove", a, b, route: d.route || null, pushed: d.pushed || [], path: d.path, kinds: d.kinds, moved: d.moved,
    before: game.board, after: d.board, positionBefore: game.position, position: positionOf(d),
  };
  game.history.push(step);
  game.undone = [];
  hook("removed", step);
  await animateRemoval(step);
  game.board = step.after;
  reconcile();
  const slid = step.pushed.length > 0 ? "Slid " + step.pushed.length + " tile" + (step.pushed.length === 1 ? "" : "s") + " along the " + d.route + ". " : "";
  say(slid + (d.moved.length > 0 ? d.moved.length + " tile" + (d.moved.length === 1 ? "" : "s") + " slid" : ""));
  setPosition(step.position);
  setBusy(false);
  return true;
}

async function hint() {
  if (waitFor(hint) || game.solving || game.paused || game.spec === null || hook("allows", "hint") === false) return;
  game.assisted = true;
  clearHint();
  deselect();
  setBusy(true);
  const res = await api("hint", { board: game.board, rules: game.rules });
  setBusy(false);
  if (!res.ok) return say(res.data.error, "bad");
  setPosition(positionOf(res.data));
  const h = res.data.hint;
  if (!h) return say(res.data.cleared ? "The board is clear." : "No pair can be removed now.", "bad");
  hook("hinted");
  drawPath(h.path, "hint");
  [h.a, h.b].forEach((cell) => tileAt(cell) && tileAt(cell).classList.add("hinted"));
  game.cursor = h.a;
  placeCursor();
  say("Hint: these two can go (" + (h.path.length - 2) + " turn" + (h.path.length === 3 ? "" : "s") + ").", "good");
  hintTimer = setTimeout(clearHint, 2500);
}

async function shuffle() {
  if (waitFor(shuffle) || game.solving || game.paused || game.spec === null || hook("allows", "shuffle") === false) return;
  clearHint();
  deselect();
  setBusy(true);
  const seed = randomSeed();
  const res = await api("shuffle", { board: game.board, rules: game.rules, seed });
  if (!res.ok || !res.data.shuffled) {
    say(res.ok ? capital(res.data.message) + "." : res.data.error, "bad");
    setBusy(false);
    if (res.ok) hook("shuffled", false);
    return;
  }
  const step = {
    type: "shuffle", seed, before: game.board, after: res.data.board,
    positionBefore: game.position, position: positionOf(res.data),
  };
  game.history.push(step);
  game.undone = [];
  await animateShuffle(step.after);
  say("Shuffled.");
  hook("shuffled", true);
  setPosition(step.position);
  setBusy(false);
}

async function undo() {
  if (waitFor(undo) || game.solving || game.paused || game.history.length === 0 || hook("allows", "undo") === false) return;
  game.assisted = true;
  clearHint();
  deselect();
  setBusy(true);
  const step = game.history.pop();
  game.undone.push(step);
  if (step.type === "remove") await animateUndoRemoval(step);
  else await animateShuffle(step.before);
  game.board = step.before;
  reconcile();
  say("Undone.");
  setPosition(step.positionBefore);
  setBusy(false);
}

async function redo() {
  if (waitFor(redo) || game.solving || game.paused || game.undone.length === 0 || hook("allows", "redo") === false) return;
  clearHint();
  deselect();
  setBusy(true);
  const step = game.undone.pop();
  game.history.push(step);
  if (step.type === "remove") await animateRemoval(step);
  else await animateShuffle(step.after);
  game.board = step.after;
  reconcile();
  say("Redone.");
  setPosition(step.position);
  setBusy(false);
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
  if (waitFor(autoSolve) || game.spec === null || hook("allows", "solve") === false) return;
  game.assisted = true;
  clearHint();
  deselect();
  stopWatch(); // the solver's permit goes to this request
  setBusy(true);
  say("Solving…");
  const res = await api("solve", { board: game.board, rules: game.rules });
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
  say("The solver clears it in " + d.order.length + " removals; playing them.", "good");
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

function shareUrl(spec) {
  const q = new URLSearchParams({
    rows: spec.rows, cols: spec.cols, kinds: spec.kinds,
    turns: spec.rules.turns, border: spec.rules.border, gravity: spec.rules.gravity,
    groups: spec.rules.groups || "", connect: spec.rules.connect || "standard",
    deal: spec.solvable ? "solvable" : "random", seed: spec.seed,
  });
  if (spec.rules.slide) q.set("slide", "on");
  if (spec.difficulty) q.set("difficulty", spec.difficulty);
  return location.origin + location.pathname + "?" + q.toString();
}

async function share() {
  if (game.spec === null) return;
  const url = shareUrl(game.spec);
  $("share-link").value = url;
  $("share-box").hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    say("Link copied: it deals this board again, under these rules.", "good");
  } catch (e) {
    $("share-link").select();
    say("Copy the link below: it deals this board again, under these rules.");
  }
}

function capital(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---- deals ----

function readForm() {
  const seedText = $("seed").value.trim();
  return {
    rows: Number($("rows").value),
    cols: Number($("cols").value),
    kinds: Number($("kinds").value),
    rules: slideRules({
      turns: Number($("turns").value),
      border: $("border").value,
      gravity: $("gravity").value,
      groups: $("groups").value.trim(),
      connect: $("connect").value,
      slide: $("slide").value === "on",
    }),
    solvable: $("solvable").value === "solvable",
    seed: seedText === "" ? randomSeed() : Number(seedText),
    difficulty: $("solvable").value === "solvable" && $("difficulty").value !== "" ? $("difficulty").value : null,
  };
}

/** Under sliding tiles the path rule is fixed (one turn, closed border,
 * the standard connection: SPEC §8); the form's other values are not
 * sent with it. */
function slideRules(rules) {
  return rules.slide ? { ...rules, turns: 1, border: "closed", connect: "standard" } : rules;
}

/** The fields sliding tiles fix are greyed out while it is on. */
function showSlideChoice() {
  const on = $("slide").value === "on";
  for (const id of ["turns", "border", "connect"]) $(id).disabled = on;
}

// ---- the deal form's choices, remembered apart from the game ----

const FORM = "lianliankan-form";
let formRemembered = false; // the form holds the player's remembered choices

/** The form's fields that make a deal (not its buttons, not the watch). */
function formFields() {
  return [...$("deal-form").elements].filter((el) =>
    el.id && el.tagName !== "BUTTON" && el.type !== "checkbox" && el.type !== "submit");
}

/** Remembers the form as the player left it (a reload keeps it, whatever
 * game it resumes). */
function saveFormChoices() {
  const values = {};
  for (const el of formFields()) values[el.id] = el.value;
  try {
    localStorage.setItem(FORM, JSON.stringify(values));
  } catch (e) {
    // Refused: the form is only not remembered.
  }
}

/** Puts the remembered choices back in the form; whether there were any.
 * A value a field cannot take (an option since removed) is left out. */
function restoreFormChoices() {
  let values;
  try {
    values = JSON.parse(localStorage.getItem(FORM) || "null");
  } catch (e) {
    values = null;
  }
  if (values === null || typeof values !== "object") return false;
  for (const el of formFields()) {
    const v = values[el.id];
    if (typeof v !== "string") continue;
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === v)) continue;
    el.value = v;
  }
  return true;
}

function fillForm(spec) {
  $("rows").value = spec.rows;
  $("cols").value = spec.cols;
  $("kinds").value = spec.kinds;
  $("turns").value = spec.rules.turns;
  $("border").value = spec.rules.border;
  $("gravity").value = spec.rules.gravity;
  $("groups").value = spec.rules.groups || "";
  $("connect").value = spec.rules.connect || "standard";
  $("slide").value = spec.rules.slide ? "on" : "off";
  showSlideChoice();
  $("solvable").value = spec.solvable ? "solvable" : "random";
  $("difficulty").value = spec.difficulty || "";
  if (typeof applyDifficulty === "function") applyDifficulty(); // level.js: the difficulty's words
}

async function deal(spec) {
  hook("dealing", spec);
  game.solving = false;
  stopWatch();
  clearHint();
  deselect();
  setBusy(true);
  say("Dealing…");
  const { difficulty, ...plain } = spec;
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
  game.picked = false;
  game.queue = [];
  game.paused = false;
  boardEl.classList.remove("paused");
  $("pause").textContent = "Pause";
  $("pause").setAttribute("aria-pressed", "false");
  game.assisted = false;
  game.saved = false;
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
  else say("Dealt " + spec.rows + " × " + spec.cols + ", seed " + d.seed +
    (d.solvable ? " (can be cleared)" : " (random: may not be clearable)") +
    (game.rating ? ", rated " + ratingShort(game.rating) : "") + ".", "good");
  setBusy(false);
}

/** Each gravity mode in words, with arrows for where the tiles go. */
const GRAVITY_WORDS = {
  none: "none: tiles stay",
  down: "↓ down",
  up: "↑ up",
  left: "← left",
  right: "→ right",
  "apart-vertical": "↑↓ apart, vertically",
  "together-vertical": "↓↑ together, vertically",
  "apart-horizontal": "←→ apart, horizontally",
  "together-horizontal": "→← together, horizontally",
  "top-left-bottom-right": "⇇⇉ top left, bottom right",
  "left-down-right-up": "⇊⇈ left down, right up",
  outward: "↖↘ outward, to the corners",
  inward: "↘↖ inward, to the centre",
};

/** Why a link's value cannot be used, in a sentence, or null. */
function badLinkValue(q) {
  for (const name of ["rows", "cols", "kinds", "turns", "seed"]) {
    if (q.has(name) && !/^[0-9]{1,16}$/.test(q.get(name))) {
      const what = { rows: "rows", cols: "columns", kinds: "tile types", turns: "turns", seed: "the seed" }[name];
      return "This link is damaged: " + what + " should be a whole number, and it says “" + q.get(name) + "”.";
    }
  }
  if (q.has("slide") && !["on", "off"].includes(q.get("slide"))) {
    return "This link is damaged: sliding tiles should be “on” or “off”, and it says “" + q.get("slide") + "”.";
  }
  if (q.has("difficulty") && !["easy", "normal", "hard"].includes(q.get("difficulty"))) {
    return "This link is damaged: the difficulty should be “easy”, “normal” or “hard”, and it says “" +
      q.get("difficulty") + "”.";
  }
  if (q.has("deal") && !["solvable", "random"].includes(q.get("deal"))) {
    return "This link is damaged: the deal should be “solvable” or “random”, and it says “" + q.get("deal") + "”.";
  }
  return null;
}

/** The deal a link asks for, if it names a seed (and its values can be
 * read: otherwise the player is told, and the default deal is made). */
function specFromUrl() {
  const q = new URLSearchParams(location.search);
  if (!q.has("seed")) return null;
  const bad = badLinkValue(q);
  if (bad !== null) {
    game.linkProblem = bad;
    return null;
  }
  const num = (name, fallback) => (q.has(name) ? Number(q.get(name)) : fallback);
  return {
    rows: num("rows", 8),
    cols: num("cols", 12),
    kinds: num("kinds", 18),
    rules: slideRules({
      turns: num("turns", 2),
      border: q.get("border") || "closed",
      gravity: q.get("gravity") || "none",
      groups: q.get("groups") || "",
      connect: q.get("connect") || "standard",
      slide: q.get("slide") === "on",
    }),
    solvable: q.get("deal") !== "random",
    seed: num("seed", 0),
    difficulty: q.get("deal") !== "random" && q.has("difficulty") ? q.get("difficulty") : null,
  };
}

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

// ---- start ----

async function startPlay() {
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
  $("share").addEventListener("click", share);
  $("share-copy").addEventListener("click", share);
  $("dead-shuffle").addEventListener("click", shuffle);
  $("dead-undo").addEventListener("click", undo);
  $("lost-undo").addEventListener("click", undoToWinnable);
  $("score-form").addEventListener("submit", (e) => {
    e.preventDefault();
    saveScore();
  });
  $("new-game").addEventListener("click", () => deal({ ...game.spec, seed: randomSeed() }));
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
  window.addEventListener("resize", () => game.spec && layout());
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
  // On a phone the settings start folded, so that the board is in view.
  const phone = window.innerWidth < 600;
  if (phone) $("settings").open = false;
  // The deal the link names (null: none, or a damaged link); a reload or
  // the bare page resumes the game in progress instead.
  const linked = specFromUrl();
  if (!game.linkProblem && resumeGame(linked)) return;
  let spec = linked;
  if (spec === null) {
    if (phone && !formRemembered) {
      $("rows").value = 10;
      $("cols").value = 6;
      $("kinds").value = 10;
    }
    spec = readForm();
  }
  fillForm(spec);
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
