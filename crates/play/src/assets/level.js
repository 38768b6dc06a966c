// The level game (crates/play/README.md): gravity changing level by level, a difficulty
// rising with the level, a countdown, shuffles as lives, limited hints,
// combos.
//
// A difficulty is not a set of rules: the rules (border, gravity, tile
// types, size) stay what the player chose, and the server deals a
// clearable deal in that band of the setting's bands (the thirds of the
// setting's deals by how often random play clears them, measured for
// each board and rules; the deal's band decided at 95% by random games).
// When it finds none in its candidates and its time cap, it deals another
// and says so, and the page shows that note (in the message, and as "no
// hard found" beside the rating in the status line).
//
// The level game's rules are a pure function, `LevelRules.step(state,
// event)` (level_rules.js), which the browser tests check against a model
// written from the play README's rules; the run in progress is
// level_state.js's; this file drives the page, hearing the game and
// answering it through events.js. Level L (shown as L + 1) plays gravity mode L mod
// 13 and asks for the difficulty `LevelRules.difficulty(L)`: levels 1 and
// 2 easy, 3 and 4 normal, 5 and on hard, within the run's other rules.
//
// A run without a seed of the player's is ranked: the server seeds each
// level and answers it with a ticket; every pair, refused pick and
// shuffle is sent with the ticket, and the server logs it at its own
// clock's time (ms since the level's deal) and says that time back. The
// page counts pairs at those times, so its score is the one the server
// works out when the run is saved (runs.js sends only the tickets); its
// countdown runs from the deal, through pauses and reloads, and a step the
// server sees after the countdown ran out ends the run. A run with a seed
// of the player's is not ranked: its countdown is the page's, and Pause
// stops it.

import { boardElement, clearHint, deselect } from "./board_view.js";
import { clock } from "./clock_view.js";
import { $, GRAVITY_WORDS, say } from "./dom.js";
import { emit, on } from "./events.js";
import { LevelRules } from "./level_rules.js";
import { level, saveLevel, savedLevel } from "./level_state.js";
import { deal, randomSeed, shuffle, updateButtons } from "./play.js";
import { ratingShort } from "./rating.js";
import { showRunEnd } from "./runs.js";
import { game } from "./state.js";

// ---- the level game on the page ----

/** Applies an event to the run and shows the result. */
function levelEvent(event) {
  if (level.state === null) return;
  const was = level.state.phase;
  level.state = LevelRules.step(level.state, event);
  if (was !== "over" && level.state.phase === "over") gameOver();
  showLevel();
  // Kept for a reload at every event but the clock's ticks (five a second:
  // the countdown is kept when the page is hidden or left).
  if (event.type !== "tick" || level.state.phase !== was) saveLevel();
}

/** The seconds of `ms` as m:ss, rounded up (the countdown shows 0:00 only
 * when it is over). */
function countdown(ms) {
  const s = Math.ceil(ms / 1000);
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

/** Shows the run's numbers (or hides them outside a run). */
function showLevel() {
  const s = level.state;
  $("play-view").classList.toggle("levels", s !== null);
  $("level-status").hidden = s === null;
  if (s === null) {
    $("level-cleared").hidden = true;
    $("level-over").hidden = true;
    boardElement().classList.toggle("done", game.position.cleared);
    return;
  }
  $("lv-level").textContent = s.level + 1;
  $("lv-gravity").textContent = GRAVITY_WORDS[s.gravity] || s.gravity;
  $("lv-difficulty").textContent = LevelRules.difficulty(s.level);
  // A cleared level shows the whole seconds its bonus counted.
  $("lv-time").textContent = s.phase === "cleared" ? clock(s.bonus * 1000) : countdown(s.leftMs);
  const low = s.leftMs <= Math.min(30000, s.budgetMs / 4);
  $("lv-time").classList.toggle("low", low);
  const share = Math.round((1000 * s.leftMs) / s.budgetMs) / 10;
  $("lv-bar-fill").style.width = share + "%";
  $("lv-bar").setAttribute("aria-valuenow", String(Math.round(share)));
  $("lv-bar").classList.toggle("low", low);
  boardElement().classList.toggle("done", s.phase !== "playing");
  $("lv-score").textContent = s.score;
  $("lv-combo").textContent = s.combo;
  $("lv-lives").textContent = s.lives;
  $("lv-hints").textContent = s.hints;
  $("level-over").hidden = s.phase !== "over";
  if (s.phase !== "cleared") $("level-cleared").hidden = true;
  updateButtons();
}

/** Whether the run is ranked (its levels dealt with tickets). */
function rankedRun() {
  return level.tickets !== null;
}

/** Whether the level played is ranked: its countdown is the server's,
 * from the deal. */
export function rankedLevel() {
  return level.tickets !== null && level.dealtAt !== null;
}

/** Counts the countdown down by the time since the last tick, while a
 * level is played and the page shows it (not paused, not hidden); a
 * ranked level's countdown is the time since its deal less the time
 * paused (the server's clock), whether the page is shown or not. */
export function levelTick() {
  const s = level.state;
  const t = level.pausedAt === null ? level.now() : level.pausedAt;
  if (rankedLevel()) {
    level.last = null;
    if (s === null || s.phase !== "playing" || level.dealing) return;
    const used = Math.min(s.budgetMs, Math.max(0, t - level.dealtAt));
    if (used > s.usedMs) levelEvent({ type: "tick", ms: used - s.usedMs });
    return;
  }
  const counting = s !== null && s.phase === "playing" && !level.dealing && !game.paused &&
    !document.hidden && game.spec !== null;
  if (counting && level.last !== null && t > level.last) levelEvent({ type: "tick", ms: t - level.last });
  level.last = counting ? t : null;
}

/** Deals the level the run is at. */
async function dealLevel() {
  const s = level.state, b = level.base;
  // Without a seed of the player's, the server seeds the level and
  // answers a ticket: the level is ranked.
  const spec = {
    rows: b.rows, cols: b.cols, kinds: b.kinds,
    rules: { ...b.rules, gravity: s.gravity }, solvable: true,
    difficulty: LevelRules.difficulty(s.level), level: s.level + 1,
    seed: b.seed === null ? null : (b.seed + s.level) % 9007199254740992,
  };
  // A run that went unranked part way (its ticket lost) deals its next
  // levels of a seed the page draws: the server ranks a level only after
  // the ticket of the level before.
  if (b.seed === null && !rankedRun() && s.level > 0) spec.seed = randomSeed();
  // A ranked level after the first names the ticket of the level before:
  // the server deals each level of a run once.
  if (rankedRun() && s.level > 0 && level.tickets[s.level - 1]) spec.after = level.tickets[s.level - 1];
  level.dealing = true;
  level.stuck = false;
  level.dealtAt = null;
  level.pausedAt = null;
  const refused = await deal(spec);
  level.dealing = false;
  level.last = null;
  if (refused !== undefined) {
    level.state = null;
    showLevel();
    saveLevel();
    return;
  }
  if (level.tickets !== null && game.ticket !== null) {
    level.tickets[s.level] = game.ticket;
    level.tickets.length = s.level + 1;
    level.dealtAt = level.now();
  } else {
    // Not ranked: a seed of the player's, or (never expected) no ticket.
    if (level.tickets !== null) level.unranked = "the server dealt a level without a ticket: the run is not ranked";
    level.tickets = null;
  }
  showLevel();
  saveLevel();
  // A deal out of the band asked for is said instead (one line).
  if (game.rated && game.rated.note) {
    say("Level " + (s.level + 1) + ": " + game.rated.note + ".", "bad");
    return;
  }
  say("Level " + (s.level + 1) + ": gravity " + (GRAVITY_WORDS[s.gravity] || s.gravity) +
    ", " + LevelRules.difficulty(s.level) + " (" + ratingShort(game.rating) + "), " +
    countdown(s.leftMs) + " on the clock, " + s.lives + " lives, " + s.hints + " hints.", "good");
}

/** Starts a run at level 0 with the form's size, tile types, turns,
 * border and groups (gravity is the level's); a seed in the form makes
 * level L use seed + L. */
async function startRun(spec) {
  const seedText = $("seed").value.trim();
  level.base = {
    rows: spec.rows, cols: spec.cols, kinds: spec.kinds,
    rules: { turns: spec.rules.turns, border: spec.rules.border, groups: spec.rules.groups },
    seed: seedText === "" ? null : spec.seed,
  };
  level.state = LevelRules.start(Math.floor((spec.rows * spec.cols) / 2));
  level.tickets = level.base.seed === null ? [] : null;
  level.unranked = level.base.seed === null ? null
    : "a run with a seed of your own is not ranked: leave the seed empty for a run the table takes";
  level.dealtAt = null;
  level.saved = false;
  $("level-over").hidden = true;
  $("level-cleared").hidden = true;
  showLevel(); // before the deal, so that the board is sized below the run's numbers
  await dealLevel();
}

/** The run is over: the board stays, nothing more can be picked, and the
 * end is announced with the score. */
function gameOver() {
  const s = level.state;
  const why = {
    time: "the countdown reached 0",
    lives: "no pair could be removed and no life was left to shuffle",
    "no-shuffle": "no pair could be removed and no shuffle can make one",
  }[s.end];
  deselect();
  clearHint();
  $("level-over-line").textContent = "Game over: " + why + ". Score " + s.score +
    ", at level " + (s.level + 1) + ".";
  showNumbers("level-over-numbers", s);
  $("level-over").hidden = false;
  say("Game over. Score " + s.score + ".", "bad");
  showRunEnd();
  emit("runOver");
}

/** The level's numbers on a finish screen: pairs, combo best, time left,
 * the level's score and the run's. */
function showNumbers(id, s) {
  const dl = $(id);
  dl.replaceChildren();
  const rows = [
    ["Level", String(s.level + 1)],
    ["Pairs", s.levelPairs + " of " + s.pairs],
    ["Best combo", String(s.comboBest)],
    ["Time left", s.phase === "cleared" ? clock(s.bonus * 1000) + " (+" + s.bonus + " points)" : countdown(s.leftMs)],
    ["Level score", String(s.levelScore)],
    ["Run total", String(s.score)],
  ];
  for (const [name, value] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = name;
    const dd = document.createElement("dd");
    dd.textContent = value;
    dl.append(dt, dd);
  }
}

/** The level is cleared (or was, before a reload): its seconds left are
 * added, and the next level waits for the player. */
function levelCleared() {
  levelEvent({ type: "cleared" });
  const s = level.state;
  const next = LevelRules.GRAVITY[(s.level + 1) % LevelRules.GRAVITY.length];
  $("level-cleared-title").textContent = "Level " + (s.level + 1) + " cleared";
  // One number for the time left: the whole seconds left when the last
  // pair went, which are the bonus (the numbers below show the same).
  $("level-cleared-line").textContent = "Level " + (s.level + 1) + " cleared: +" + s.bonus +
    " points for the time left, score " + s.score + ". Next: level " + (s.level + 2) +
    ", gravity " + (GRAVITY_WORDS[next] || next) + ", " + LevelRules.difficulty(s.level + 1) +
    ", " + countdown(LevelRules.budgetMs(s.level + 1, s.pairs)) + " on the clock, a life and two hints more.";
  showNumbers("level-cleared-numbers", s);
  $("level-cleared").hidden = false;
}

/** The server's time of a ranked level's step (`clockMs`, ms since the
 * deal): the countdown catches up with it, and its start moves earlier
 * when the server's clock is ahead of the page's. */
function serverTime(clockMs) {
  if (!rankedLevel() || typeof clockMs !== "number") return;
  const now = level.pausedAt === null ? level.now() : level.pausedAt;
  level.dealtAt = Math.min(level.dealtAt, now - clockMs);
  levelTick();
}

/** Pause (`on`) or Resume in a level: a ranked level's countdown stands
 * still from now, and at Resume its start moves on by the pause; a run
 * of the player's seed counts only while not paused (`levelTick`). */
function levelPaused(on) {
  if (level.state === null) return;
  levelTick();
  if (on) {
    level.pausedAt = level.now();
  } else {
    if (level.pausedAt !== null && level.dealtAt !== null) level.dealtAt += level.now() - level.pausedAt;
    level.pausedAt = null;
  }
  level.last = null;
  saveLevel();
}

/** A board with no move: shuffled at once for a life; with no life left,
 * or when no shuffle can make a pair, the run ends. */
async function levelStuck() {
  if (level.stuck) return;
  level.stuck = true;
  while (game.busy || game.solving) await new Promise((resolve) => setTimeout(resolve, 20));
  level.stuck = false;
  if (level.state === null || level.state.phase !== "playing" || !game.position.dead) return;
  if (level.state.lives === 0) {
    levelEvent({ type: "stuck" });
    return;
  }
  level.forced = true;
  await shuffle();
  level.forced = false;
}

/** The level game's listeners to the game's events and answers to its
 * questions (events.js). Outside a run each leaves the classic game as it
 * is. */
const listeners = {
  /** Whether a level run is on the board. */
  inRun() {
    return level.state !== null;
  },
  /** Whether the level on the board is over: cleared, or the run over. */
  finished() {
    return level.state !== null && level.state.phase !== "playing";
  },
  beforePause() {
    levelTick();
  },
  paused(on) {
    levelPaused(on);
  },
  serverClock(clockMs) {
    serverTime(clockMs);
  },
  submit(spec) {
    if ($("mode").value !== "levels") return false;
    startRun(spec);
    return true;
  },
  dealing() {
    if (!level.dealing && level.state !== null) {
      // Another deal (a link, the classic form): the run ends here.
      level.state = null;
      level.tickets = null;
      level.dealtAt = null;
      showLevel();
      saveLevel();
    }
  },
  removed(step) {
    if (level.state === null) return;
    serverTime(step.clockMs);
    levelEvent(rankedLevel() && typeof step.clockMs === "number"
      ? { type: "pair", at: step.clockMs } : { type: "pair" });
  },
  refused(clockMs) {
    if (level.state === null) return;
    serverTime(clockMs);
    levelEvent({ type: "refused" });
  },
  /** The ticket a step of the level played is sent with (a ranked run). */
  ticket() {
    const s = level.state;
    return s !== null && s.phase === "playing" && rankedLevel() ? game.ticket : null;
  },
  /** The server refused the ticket (422, `error`): when it no longer
   * knows it (it restarted, or a day passed), the run goes on unranked,
   * on the page's countdown, and the step is sent again without it. */
  ticketLost(error) {
    if (!rankedLevel() || !String(error).startsWith("unknown ticket")) return false;
    level.tickets = null;
    level.dealtAt = null;
    level.last = null;
    level.unranked = "the server no longer knows this run (it was restarted): it goes on unranked";
    saveLevel();
    return true;
  },
  /** The server saw the step after the level's countdown ran out. */
  timeUp() {
    const s = level.state;
    if (s === null || s.phase !== "playing") return;
    levelEvent({ type: "tick", ms: s.leftMs });
  },
  cleared() {
    if (level.state === null) return false;
    if (level.state.phase !== "over") levelCleared();
    return true;
  },
  dead() {
    if (level.state === null) return false;
    levelStuck();
    return true;
  },
  hinted() {
    levelEvent({ type: "hint" });
  },
  shuffled(done, clockMs) {
    if (level.state === null) return;
    serverTime(clockMs);
    if (level.forced) {
      levelEvent({ type: done ? "stuck" : "no-shuffle" });
      if (done) say("No pair could be removed: shuffled, one life spent (" + level.state.lives + " left).", "bad");
    } else if (done) {
      levelEvent({ type: "shuffle" });
      say("Shuffled: one life spent (" + level.state.lives + " left).");
    }
  },
  allows(action) {
    const s = level.state;
    if (s === null) return true;
    if (s.phase !== "playing") return false;
    if (action === "hint") {
      if (s.hints === 0) say("No hints left.", "bad");
      return s.hints > 0;
    }
    if (action === "shuffle") {
      if (s.lives === 0 && !level.forced) say("No life left to shuffle with.", "bad");
      return s.lives > 0 || level.forced;
    }
    return false; // undo, redo, auto-solve: not in a level game
  },
  blocksPick() {
    return level.state !== null && level.state.phase !== "playing";
  },
  disabled() {
    const s = level.state;
    if (s === null) return [];
    const off = ["undo", "redo", "solve", "share", "dead-undo", "lost-undo"];
    if (s.phase !== "playing" || s.hints === 0) off.push("hint");
    if (s.phase !== "playing" || s.lives === 0) off.push("shuffle");
    if (s.phase === "over") off.push("pause");
    return off;
  },
  resumed() {
    const saved = savedLevel();
    if (saved && saved.version === 3 && saved.state && saved.base && saved.seed === game.spec.seed &&
        saved.state.gravity === game.rules.gravity) {
      level.state = saved.state;
      level.base = saved.base;
      level.tickets = Array.isArray(saved.tickets) ? saved.tickets : null;
      level.unranked = typeof saved.unranked === "string" ? saved.unranked : null;
      level.dealtAt = typeof saved.dealtAt === "number" ? saved.dealtAt : null;
      level.pausedAt = typeof saved.pausedAt === "number" ? saved.pausedAt : null;
      level.saved = !!saved.saved;
      level.last = null;
      $("mode").value = "levels";
      showLevel();
      if (level.state.phase === "over") gameOver();
    } else {
      level.state = null;
      saveLevel();
    }
  },
};

/** The level game listens to the game (before the page starts). */
export function listenToGame() {
  for (const [name, listener] of Object.entries(listeners)) on(name, listener);
}

/** The level game's buttons. */
export function startLevels() {
  $("mode").addEventListener("change", () => {
    const levels = $("mode").value === "levels";
    $("gravity").disabled = levels; // each level has its own
    $("deal").textContent = levels ? "Start levels" : "Deal";
  });
  $("level-next").addEventListener("click", () => {
    levelEvent({ type: "next" });
    dealLevel();
  });
  $("level-new-run").addEventListener("click", () => startRun({ ...level.base }));
  // The countdown stops and starts on time with Pause and when the page
  // is hidden or shown, not at the next tick.
  $("pause").addEventListener("click", levelTick);
  document.addEventListener("visibilitychange", () => {
    levelTick();
    saveLevel();
  });
  window.addEventListener("pagehide", saveLevel);
  setInterval(levelTick, 200);
}
