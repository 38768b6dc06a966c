// The level run in progress, and its copy in localStorage (a reload
// resumes it): what level.js plays and runs.js stores.

import { LevelRules } from "./level_rules.js";
import { game } from "./state.js";

/** The run in progress; `window.lianliankanLevel` for tests. */
export const level = {
  state: null, // LevelRules' state; null: no run (the classic game)
  base: null, // the run's settings: rows, cols, kinds, rules but gravity, first seed or null
  dealing: false, // a level's deal is under way
  stuck: false, // a board with no move is being dealt with
  forced: false, // the shuffle under way is the one a stuck board gets
  last: null, // the clock's reading at the last tick (null: not counting)
  // A ranked run: each level's ticket (runs.js sends them to the table);
  // null for a run that is not ranked, `unranked` saying why.
  tickets: null,
  unranked: null,
  // A ranked level: the clock's reading when its countdown began (the
  // deal), moved earlier when the server's times say so.
  dealtAt: null,
  // A ranked level paused: the clock's reading when the pause began (the
  // countdown stands still, and its start moves on by the pause at
  // Resume, as the server leaves paused time out).
  pausedAt: null,
  saved: false, // this run was stored
  /** The countdown's clock, in milliseconds (the wall clock, so that a
   * ranked level's countdown survives a reload). Tests put a clock of
   * their own here; in a ranked run the server's times count, so a clock
   * stopped by hand changes only what the page shows. */
  now: () => Date.now(),
  rules: LevelRules,
};

const LEVEL_SAVED = "lianliankan-level";

/** Keeps the run in progress (or forgets it: no run). */
export function saveLevel() {
  try {
    if (level.state === null) {
      localStorage.removeItem(LEVEL_SAVED);
    } else {
      localStorage.setItem(LEVEL_SAVED, JSON.stringify({
        version: 3, state: level.state, base: level.base, seed: game.spec && game.spec.seed,
        tickets: level.tickets, unranked: level.unranked, dealtAt: level.dealtAt, pausedAt: level.pausedAt,
        saved: level.saved,
      }));
    }
  } catch (e) {
    // Full or refused: the run goes on, only a reload will not resume it.
  }
}

/** The run kept by `saveLevel`, or null. */
export function savedLevel() {
  try {
    return JSON.parse(localStorage.getItem(LEVEL_SAVED) || "null");
  } catch (e) {
    return null;
  }
}
