// The level game's rules, pure: a state and an event give the next state.
// The server's `level_rules.rs` holds the same numbers.

/** The level game (the play README's, as issue 49 refined it) as a function of a state
 * and an event; the server's `level_rules.rs` holds the same numbers and
 * replays a run submitted to the table with them. A state is `{level,
 * gravity, pairs, budgetMs, usedMs, leftMs, score, levelScore, levelPairs,
 * combo, comboBest, lastPairMs, bonus, lives, hints, phase, end}`: `pairs`
 * is the board's pairs (the countdown's size), `usedMs` the level's
 * countdown time spent and `leftMs` what is left of `budgetMs`, `score`
 * the run's total and `levelScore` the level's, `lastPairMs` the
 * countdown time of the level's last pair (null before one), `bonus` the
 * seconds a cleared level added; `phase` is `playing`, `cleared` (the
 * level is cleared, the next not yet dealt) or `over`; `end` says why a
 * run is over (`time`, `lives`: a board with no move and no life left,
 * `no-shuffle`: no shuffle can make a pair), null before. Events:
 * - `{type: "tick", ms}`: time passes (whole ms; at 0 left the run ends);
 * - `{type: "pair"}`: a pair removed now (at `usedMs`): the combo goes on
 *   only if the level's last pair is at most `COMBO_WINDOW_MS` ago (else
 *   it starts again), then 10 + the combo points, the combo one longer;
 * - `{type: "refused"}`: a pick that made no pair: the combo back to 0;
 * - `{type: "cleared"}`: the board is empty: the whole seconds left when
 *   its last pair went are added;
 * - `{type: "next"}`: the next level: its gravity, its countdown, the
 *   combo back to 0, a life and two hints more;
 * - `{type: "hint"}`: a hint used (none left: nothing happens);
 * - `{type: "shuffle"}`: the player shuffled: a life spent (none left:
 *   nothing happens);
 * - `{type: "stuck"}`: a board with no move: shuffled at once for a life,
 *   or, with no life left, the end of the run;
 * - `{type: "no-shuffle"}`: no shuffle can make a pair: the end.
 * Events that do not fit the phase leave the state as it is. */
export const LevelRules = {
  /** The engine's gravity modes, in their order: level L plays mode L mod 13. */
  GRAVITY: ["none", "down", "up", "left", "right", "apart-vertical", "together-vertical",
    "apart-horizontal", "together-horizontal", "top-left-bottom-right", "left-down-right-up",
    "outward", "inward"],
  BASE_MS: 10000,
  PAIR_POINTS: 10,
  COMBO_WINDOW_MS: 4000,
  START_LIVES: 4,
  START_HINTS: 10,
  MORE_HINTS: 2,

  /** The difficulty level L asks for: levels 1-2 (L 0-1) easy, 3-4
   * normal, then hard. */
  difficulty(level) {
    return level < 2 ? "easy" : level < 4 ? "normal" : "hard";
  },

  /** The countdown's time a pair at level L: 3.5 s, 0.1 s less each
   * level, never under 2.5 s. */
  pairMs(level) {
    return 3500 - 100 * Math.min(10, level);
  },

  /** Level L's countdown on a board of `pairs` pairs. */
  budgetMs(level, pairs) {
    return this.BASE_MS + this.pairMs(level) * pairs;
  },

  /** The state at the start of a run on boards of `pairs` pairs: level 0. */
  start(pairs) {
    const budget = this.budgetMs(0, pairs);
    return {
      level: 0, gravity: this.GRAVITY[0], pairs, budgetMs: budget, usedMs: 0, leftMs: budget,
      score: 0, levelScore: 0, levelPairs: 0, combo: 0, comboBest: 0, lastPairMs: null, bonus: 0,
      lives: this.START_LIVES, hints: this.START_HINTS, phase: "playing", end: null,
    };
  },

  /** The state after `event`; `state` is left as it was. A pair may
   * carry its countdown time `at` (the server's, in a ranked run): the
   * combo and the last pair's time are then counted from it. */
  step(state, event) {
    const s = { ...state };
    if (s.phase === "over") return s;
    const playing = s.phase === "playing";
    switch (event.type) {
      case "tick":
        if (!playing) break;
        s.usedMs = Math.min(s.budgetMs, s.usedMs + Math.max(0, Math.round(event.ms)));
        s.leftMs = s.budgetMs - s.usedMs;
        if (s.leftMs === 0) {
          s.phase = "over";
          s.end = "time";
        }
        break;
      case "pair": {
        if (!playing) break;
        const at = typeof event.at === "number" ? event.at : s.usedMs;
        if (s.lastPairMs !== null && at - s.lastPairMs > this.COMBO_WINDOW_MS) s.combo = 0;
        const points = this.PAIR_POINTS + s.combo;
        s.score += points;
        s.levelScore += points;
        s.combo += 1;
        s.comboBest = Math.max(s.comboBest, s.combo);
        s.levelPairs += 1;
        s.lastPairMs = at;
        break;
      }
      case "refused":
        if (playing) s.combo = 0;
        break;
      case "cleared":
        if (!playing) break;
        s.bonus = Math.floor((s.budgetMs - (s.lastPairMs === null ? 0 : s.lastPairMs)) / 1000);
        s.score += s.bonus;
        s.levelScore += s.bonus;
        s.phase = "cleared";
        break;
      case "next":
        if (s.phase !== "cleared") break;
        s.level += 1;
        s.gravity = this.GRAVITY[s.level % this.GRAVITY.length];
        s.budgetMs = this.budgetMs(s.level, s.pairs);
        s.usedMs = 0;
        s.leftMs = s.budgetMs;
        s.levelScore = 0;
        s.levelPairs = 0;
        s.combo = 0;
        s.comboBest = 0;
        s.lastPairMs = null;
        s.bonus = 0;
        s.lives += 1;
        s.hints += this.MORE_HINTS;
        s.phase = "playing";
        break;
      case "hint":
        if (playing && s.hints > 0) s.hints -= 1;
        break;
      case "shuffle":
        if (playing && s.lives > 0) s.lives -= 1;
        break;
      case "stuck":
        if (!playing) break;
        if (s.lives > 0) {
          s.lives -= 1;
        } else {
          s.phase = "over";
          s.end = "lives";
        }
        break;
      case "no-shuffle":
        if (!playing) break;
        s.phase = "over";
        s.end = "no-shuffle";
        break;
      default:
        break;
    }
    return s;
  },
};
