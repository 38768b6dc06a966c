// The player's own record, kept in this browser only: every finished game
// once (a classic game cleared or left unfinished for another deal, a daily
// deal, a level run at its end), the daily deals cleared by day (the
// server's date), the streak and the 28-day strip, and the statistics per
// preset and difficulty, assisted or not. One versioned JSON document in
// localStorage; a document this page cannot read (corrupt JSON, another
// version, a shape it does not know) is kept aside under a key of its own,
// never lost and never a crash. Exported as JSON and imported (checked,
// merged: nothing already recorded is lost). The views are daily.js and
// stats_view.js; nothing here changes the game.

import { on } from "./events.js";
import { level } from "./level_state.js";
import { elapsed, game } from "./state.js";

/** Where the record lives in localStorage. */
export const RECORD_KEY = "lianliankan-record";
/** The version of the document this page writes and reads. */
export const RECORD_VERSION = 1;
/** Games kept (the oldest go first beyond). */
const MAX_GAMES = 2000;
/** Deal ids remembered, so that a game is recorded once. */
const MAX_SEEN = 200;
/** Where the assists of the game in play are counted. */
const ASSISTS_KEY = "lianliankan-assists";

const MODES = new Set(["classic", "daily", "level"]);
const DIFFICULTIES = new Set(["easy", "normal", "hard"]);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An empty record. */
export function emptyRecord() {
  return { version: RECORD_VERSION, games: [], daily: {}, seen: [] };
}

const isCount = (n) => Number.isInteger(n) && n >= 0;

/** Why `doc` is not a record of this version (a sentence naming the
 * place), or null when it is one. Pure. */
export function checkRecord(doc) {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return "not a JSON object";
  if (doc.version !== RECORD_VERSION) {
    return (doc.version === undefined ? "no version" : "version " + JSON.stringify(doc.version)) + ", this page reads version " + RECORD_VERSION;
  }
  if (!Array.isArray(doc.games)) return "games: not a list";
  for (let i = 0; i < doc.games.length; i++) {
    const g = doc.games[i], at = "games[" + i + "]";
    if (g === null || typeof g !== "object") return at + ": not an object";
    if (typeof g.at !== "string" || Number.isNaN(Date.parse(g.at))) return at + ".at: not a time";
    if (typeof g.day !== "string" || !DAY.test(g.day)) return at + ".day: not a date YYYY-MM-DD";
    if (!MODES.has(g.mode)) return at + ".mode: not classic, daily or level";
    if (typeof g.preset !== "string" || !/^\d+x\d+$/.test(g.preset)) return at + ".preset: not ROWSxCOLS";
    if (g.difficulty !== null && !DIFFICULTIES.has(g.difficulty)) return at + ".difficulty: not easy, normal, hard or null";
    if (typeof g.cleared !== "boolean") return at + ".cleared: not true or false";
    if (typeof g.assisted !== "boolean") return at + ".assisted: not true or false";
    if (g.ms !== null && !isCount(g.ms)) return at + ".ms: not a time in milliseconds";
    if (g.score !== undefined && !isCount(g.score)) return at + ".score: not a whole number";
  }
  if (doc.daily === null || typeof doc.daily !== "object" || Array.isArray(doc.daily)) return "daily: not an object";
  for (const [day, result] of Object.entries(doc.daily)) {
    if (!DAY.test(day)) return "daily: " + JSON.stringify(day) + " is not a date YYYY-MM-DD";
    if (result !== "cleared" && result !== "assisted") return "daily." + day + ": not cleared or assisted";
  }
  if (!Array.isArray(doc.seen) || !doc.seen.every((s) => typeof s === "string")) return "seen: not a list of names";
  return null;
}

/** What the page says about the record when it was read: a record kept
 * aside, a write refused (null: nothing to say). */
export const recordNotes = { aside: null, write: null };

/** The record in localStorage (an empty one when there is none). A
 * document this page cannot read is moved aside (`RECORD_KEY-aside-…`)
 * and said in `recordNotes.aside`; a new record starts. */
export function loadRecord() {
  let raw;
  try {
    raw = localStorage.getItem(RECORD_KEY);
  } catch (e) {
    return emptyRecord();
  }
  if (raw === null) return emptyRecord();
  let doc = null, why = null;
  try {
    doc = JSON.parse(raw);
  } catch (e) {
    why = "not JSON";
  }
  if (why === null) why = checkRecord(doc);
  if (why === null) return doc;
  const aside = RECORD_KEY + "-aside-" + new Date().toISOString();
  try {
    localStorage.setItem(aside, raw);
    localStorage.removeItem(RECORD_KEY);
    recordNotes.aside = "The record found in this browser could not be read (" + why +
      "); it is kept aside as “" + aside + "”, and a new record starts.";
  } catch (e) {
    recordNotes.aside = "The record found in this browser could not be read (" + why +
      ") and is left as it is; games are not recorded until it is cleared.";
    return null;
  }
  return emptyRecord();
}

/** Writes `record`; whether it was written. */
function saveRecord(record) {
  try {
    localStorage.setItem(RECORD_KEY, JSON.stringify(record));
    recordNotes.write = null;
    return true;
  } catch (e) {
    recordNotes.write = "This browser refused to keep the record (" + e.message + ").";
    return false;
  }
}

/** Who hears of a game recorded (the views redraw). */
const listeners = [];
export function onRecorded(listener) {
  listeners.push(listener);
}

/** Adds `entry` (a game) under the deal id `id`, once; whether it was
 * added. A daily deal cleared marks its day (unassisted beats assisted). */
export function recordGame(id, entry) {
  const record = loadRecord();
  if (record === null || record.seen.includes(id)) return false;
  record.games.push(entry);
  if (record.games.length > MAX_GAMES) record.games.splice(0, record.games.length - MAX_GAMES);
  record.seen.push(id);
  if (record.seen.length > MAX_SEEN) record.seen.splice(0, record.seen.length - MAX_SEEN);
  if (entry.mode === "daily" && entry.cleared) {
    const result = entry.assisted ? "assisted" : "cleared";
    if (record.daily[entry.day] !== "cleared") record.daily[entry.day] = result;
  }
  if (!saveRecord(record)) return false;
  for (const listener of listeners) listener(entry);
  return true;
}

// ---- dates, the streak and the strip ----

/** The server's date (UTC) as last heard (daily.js hears it); null until
 * then. The streak and the strip are keyed by it, not by this machine's
 * clock. */
export const serverDay = { today: null };

/** The server said its date is `day`. */
export function heardServerDay(day) {
  serverDay.today = day;
}

/** The day before `day` (`YYYY-MM-DD`). */
export function dayBefore(day) {
  const t = Date.parse(day + "T00:00:00Z") - 86400000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The UTC date of `ms`. */
const utcDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Days in a row whose daily deal was cleared unassisted, up to `today`
 * (the server's date): today's counts once cleared, and until then the
 * streak that ended yesterday still stands. Pure. */
export function streak(daily, today) {
  let day = daily[today] === "cleared" ? today : dayBefore(today);
  let n = 0;
  while (daily[day] === "cleared") {
    n++;
    day = dayBefore(day);
  }
  return n;
}

/** The 28 days up to `today`, oldest first: each `{ day, result }`,
 * result "cleared", "assisted" or "none" (not played, or not cleared).
 * Pure. */
export function strip(daily, today) {
  const days = [today];
  while (days.length < 28) days.unshift(dayBefore(days[0]));
  return days.map((day) => ({ day, result: daily[day] || "none" }));
}

// ---- statistics ----

/** The statistics of `games`: one line per mode kind (classic games and
 * daily deals together, level runs apart), preset, difficulty and
 * assistance; each with games played, cleared, the best and the average
 * time of the clears (ms, null: none), the best score (runs). Pure. */
export function statistics(games) {
  const lines = new Map();
  for (const g of games) {
    const runs = g.mode === "level";
    const k = [runs ? "levels" : "classic", g.preset, g.difficulty, g.assisted].join("|");
    if (!lines.has(k)) {
      lines.set(k, {
        kind: runs ? "levels" : "classic", preset: g.preset, difficulty: g.difficulty, assisted: g.assisted,
        played: 0, cleared: 0, best: null, total: 0, timed: 0, bestScore: null,
      });
    }
    const line = lines.get(k);
    line.played++;
    if (g.cleared) line.cleared++;
    if (g.cleared && g.ms !== null) {
      line.best = line.best === null ? g.ms : Math.min(line.best, g.ms);
      line.total += g.ms;
      line.timed++;
    }
    if (g.score !== undefined) line.bestScore = Math.max(line.bestScore || 0, g.score);
  }
  return [...lines.values()]
    .map(({ total, timed, ...line }) => ({ ...line, average: timed === 0 ? null : Math.round(total / timed) }))
    .sort((a, b) => (a.kind + a.preset + a.difficulty + a.assisted).localeCompare(b.kind + b.preset + b.difficulty + b.assisted));
}

// ---- export and import ----

/** The record as the JSON text a download holds. */
export function exportText() {
  return JSON.stringify(loadRecord() || emptyRecord(), null, 1);
}

/** Reads `text` (an exported record) and merges it into this browser's:
 * the games of both (each once), the daily results of both (unassisted
 * beats assisted). Returns `{ ok, message }`; a bad file changes nothing
 * and says why. */
export function importText(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: "This file is not JSON (" + e.message + "): nothing was imported, your record is as it was." };
  }
  const why = checkRecord(doc);
  if (why !== null) {
    return { ok: false, message: "This file is not a Lianliankan record of version " + RECORD_VERSION + " (" + why + "): nothing was imported, your record is as it was." };
  }
  const record = loadRecord();
  if (record === null) return { ok: false, message: recordNotes.aside };
  const key = (g) => g.at + "|" + g.mode + "|" + g.preset;
  const known = new Set(record.games.map(key));
  const added = doc.games.filter((g) => !known.has(key(g)));
  record.games = [...record.games, ...added].sort((a, b) => a.at.localeCompare(b.at)).slice(-MAX_GAMES);
  for (const [day, result] of Object.entries(doc.daily)) {
    if (record.daily[day] !== "cleared") record.daily[day] = result;
  }
  record.seen = [...new Set([...record.seen, ...doc.seen])].slice(-MAX_SEEN);
  if (!saveRecord(record)) return { ok: false, message: recordNotes.write };
  for (const listener of listeners) listener(null);
  return { ok: true, message: "Imported " + added.length + " game" + (added.length === 1 ? "" : "s") + " (" + (doc.games.length - added.length) + " already here)." };
}

/** Forgets the record (the player asked). */
export function clearRecord() {
  saveRecord(emptyRecord());
  recordNotes.aside = null;
  for (const listener of listeners) listener(null);
}

// ---- the games, as they end ----

/** The assists of the game in play: hints, undos, shuffles, solves. */
export function assists() {
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(ASSISTS_KEY) || "null");
  } catch (e) {
    kept = null;
  }
  if (kept && kept.dealId === game.dealId) return kept;
  return { dealId: game.dealId, hint: 0, undo: 0, shuffle: 0, solve: 0 };
}

const ASSIST_NAMES = { Hint: "hint", Undo: "undo", Shuffle: "shuffle", "Auto-solve": "solve" };

function countAssist(what) {
  const name = ASSIST_NAMES[what];
  if (!name || game.dealId === null) return;
  const kept = assists();
  kept[name]++;
  try {
    localStorage.setItem(ASSISTS_KEY, JSON.stringify(kept));
  } catch (e) {
    // Refused: the share text says "assisted" without the numbers.
  }
}

/** The entry of the classic game on the board (a daily deal's too). */
function classicEntry(cleared) {
  const s = game.spec;
  const ms = cleared ? (game.finished ? game.finished.elapsed_ms : Math.round(elapsed())) : null;
  const entry = {
    at: new Date().toISOString(),
    day: s.daily || utcDay(Date.now()),
    mode: s.daily ? "daily" : "classic",
    preset: s.rows + "x" + s.cols,
    difficulty: DIFFICULTIES.has(s.difficulty) ? s.difficulty : null,
    cleared, assisted: !!game.assisted, ms,
  };
  if (game.finished && game.finished.score !== undefined && cleared) entry.score = game.finished.score;
  return entry;
}

/** A classic board cleared: recorded once, with the server's time when
 * the game is ranked (its finish awaited). */
async function classicCleared() {
  if (game.finishing !== null) await game.finishing;
  if (game.spec === null || !game.position.cleared || game.dealId === null) return;
  recordGame(game.dealId, classicEntry(true));
}

/** A classic game left unfinished for another deal: played, not cleared
 * (a game not begun is not one). */
function classicLeft() {
  if (level.state !== null || game.spec === null || game.dealId === null) return;
  if (game.position.cleared || game.history.length === 0) return;
  recordGame(game.dealId, classicEntry(false));
}

/** A level run over: played (a run ends at game over), its score and the
 * level reached. */
function runOver() {
  const s = level.state;
  if (s === null || game.dealId === null || level.base === null) return;
  recordGame("run:" + game.dealId, {
    at: new Date().toISOString(), day: utcDay(Date.now()), mode: "level",
    preset: level.base.rows + "x" + level.base.cols, difficulty: null, cleared: false,
    assisted: false, ms: null, score: s.score, levels: s.level + 1,
  });
}

/** Hears the game: each finished game is recorded once. */
export function startRecord() {
  loadRecord();
  on("assisted", countAssist);
  on("gameOver", () => {
    if (level.state === null) classicCleared();
  });
  on("dealing", classicLeft);
  on("runOver", runOver);
}
