// The engine seam: where a step of the game is worked out. Two engines
// answer the same small async interface, each call returning what the
// server's API returns for it (`{ ok, status, data }`, see common.js):
// - the local engine, the WebAssembly package the server embeds under
//   /pkg/ (loaded once, at the page's start), which plays an unranked game
//   in the page: no request per pick, and play goes on with the server
//   gone (the service worker, sw.js, keeps the page and the package);
// - the server, as before: a ranked or daily game's steps carry its
//   ticket and go to the server, which logs each one (its replay is the
//   judge), and a page without the package sends every step there.
// A long search (the watch's solve, auto-solve, a deal of a difficulty
// made offline) runs in a worker (solver_worker.js), never on the page's
// main thread.

import { api, serverReachable } from "./common.js";

/** Where the package's ES module is served (absent: the server plays). */
const PACKAGE = "/pkg/lianliankan_wasm.js";

/** The package's module once loaded (null: the server plays every step). */
let llk = null;
let started = null;

/** Loads the package if the server serves it; resolves to "local" or
 * "server" (once: later calls share the first load). */
export function startEngine() {
  if (started === null) {
    started = (async () => {
      try {
        const module = await import(PACKAGE);
        await module.default();
        llk = module;
        return "local";
      } catch (e) {
        return "server";
      }
    })();
  }
  return started;
}

/** "local" once the package is loaded, else "server". */
export function engineKind() {
  return llk === null ? "server" : "local";
}

/** The gravity modes the local engine knows (null without it). */
export function localGravityModes() {
  return llk === null ? null : llk.gravityModes();
}

/** Whether `request` (a step's body) is played here: the package is
 * loaded and the step carries no ranked game's ticket. */
function here(request) {
  return llk !== null && !request.ticket;
}

/** An answer as `api` gives it: a 200 with `data`. */
const answer = (data) => ({ ok: true, status: 200, data });
/** A refusal as `api` gives it: `status` and the message. */
const refusal = (status, error) => ({ ok: false, status, data: { error } });

/** The rules as the server writes them back (`slide` only when set). */
function rulesOf(options) {
  const rules = new llk.Rules(options).toJSON();
  if (!rules.slide) delete rules.slide;
  return rules;
}

/** The position's numbers as the server counts them. */
function positionOf(game) {
  const tiles = game.board.reduce((n, row) => n + row.filter((k) => k !== 0).length, 0);
  const moves = tiles === 0 ? 0 : game.moves().length;
  return { tiles, moves, dead: tiles > 0 && moves === 0, cleared: tiles === 0 };
}

/** `[kind, from, to]` as the server writes a tile's slide. */
const slideOf = ([kind, from, to]) => ({ kind, from, to });

/** Why no path joins two matching tiles, in the rules' words (the
 * server's sentence). */
function noPath(rules) {
  if (rules.slide) {
    return "no path with at most 1 turn on the board joins these tiles, and no slide of the first tile picked makes one";
  }
  if (rules.connect === "line") return "these tiles share no row or column";
  const turns = rules.turns + " turn" + (rules.turns === 1 ? "" : "s");
  if (rules.connect === "four-rivers") {
    return "no path with at most " + turns + " joins these tiles (side by side is not enough: four rivers)";
  }
  return "no path with at most " + turns + " joins these tiles";
}

/** The refusal's code for the engine's message of an illegal pair. */
function reasonOf(message) {
  if (message.startsWith("both tiles are")) return "same-cell";
  if (message.startsWith("the cell at")) return "empty";
  if (message.startsWith("the tiles are of different kinds")) return "different-kinds";
  if (message.startsWith("no path")) return "no-path";
  if (message.startsWith("the first tile cannot slide")) return "no-slide";
  return null;
}

/** The server's sentence for a pair refused for `reason` (the engine's
 * `message`): it names the cells and kinds in the order picked (the
 * engine's move puts its cells in order). */
function refusalSentence(reason, message, board, rules, a, b) {
  const at = ([r, c]) => "(" + r + ", " + c + ")";
  const kind = ([r, c]) => board[r][c];
  if (reason === "no-path") return noPath(rules);
  if (reason === "empty") return "the cell at " + at(kind(a) === 0 ? a : b) + " is empty";
  if (reason === "different-kinds") return "the tiles are of different kinds (" + kind(a) + " and " + kind(b) + ")";
  return message;
}

/** Runs `work` on the local engine: its answer, or a 400 with the
 * engine's message for what it refuses (a bad board, bad rules). */
function locally(work) {
  try {
    return answer(work());
  } catch (e) {
    return refusal(400, e && e.message ? e.message : String(e));
  }
}

/** Removes the pair `request.a`, `request.b` (`/api/remove`): the step
 * with its path, or why not (`legal: false`, a reason and a sentence). */
export async function removePair(request) {
  if (!here(request)) return api("remove", request);
  return locally(() => {
    const rules = rulesOf(request.rules);
    const game = new llk.Game(request.board, rules);
    const { a, b } = request;
    // The server's order: the route named, else a plain pair, else under
    // sliding tiles a slide along the row, then the column.
    const ways = request.route ? [request.route] : rules.slide ? [null, "row", "column"] : [null];
    let played = null, first = null;
    for (const route of ways) {
      try {
        played = game.play({ a, b, route });
        break;
      } catch (e) {
        if (e.name !== "IllegalMove") throw e;
        if (first === null) first = e.message;
        if (reasonOf(e.message) !== "no-path" && reasonOf(e.message) !== "no-slide") break;
      }
    }
    if (played === null) {
      const reason = reasonOf(first);
      if (reason === null) throw new Error(first);
      return { legal: false, reason, message: refusalSentence(reason, first, request.board, rules, a, b) };
    }
    const history = game.history;
    const step = history[history.length - 1];
    return {
      legal: true, path: played.path, route: played.route, pushed: step.pushed.map(slideOf),
      kinds: step.kinds, moved: step.moved.map(slideOf), board: game.board, ...positionOf(game),
    };
  });
}

/** A pair that can go now with its path (`/api/hint`). A ranked game's
 * hint goes to the server, which counts it as assistance. */
export async function findHint(request) {
  if (!here(request)) return api("hint", request);
  return locally(() => {
    const game = new llk.Game(request.board, rulesOf(request.rules));
    const hint = game.hint();
    // (The server writes a slide's route, and none for a plain pair.)
    const pair = hint && (hint.route ? { a: hint.a, b: hint.b, route: hint.route } : { a: hint.a, b: hint.b });
    return {
      hint: hint && { ...pair, path: hint.path },
      ...positionOf(game),
    };
  });
}

/** The tiles left rearranged so that a pair can go, from `request.seed`
 * (`/api/shuffle`). */
export async function shuffleBoard(request) {
  if (!here(request)) return api("shuffle", request);
  return locally(() => {
    const game = new llk.Game(request.board, rulesOf(request.rules));
    try {
      game.shuffle(request.seed);
    } catch (e) {
      if (e.name !== "NoMovePossible") throw e;
      return { shuffled: false, reason: "no-arrangement", message: e.message + ": undo, or deal again" };
    }
    return { shuffled: true, seed: request.seed, board: game.board, ...positionOf(game) };
  });
}

// ---- the worker: searches off the main thread ----

let worker = null;
let asked = 0;
const waiting = new Map(); // question number -> its promise's resolve

/** The worker, started when first needed. */
function solver() {
  if (worker === null) {
    worker = new Worker("/solver_worker.js", { type: "module" });
    worker.onmessage = (e) => {
      const resolve = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      if (resolve) resolve(e.data.answer);
    };
    worker.onerror = () => stopWorker({ error: "the engine's worker failed" });
  }
  return worker;
}

/** Stops the worker and answers every question still open with `why`. */
function stopWorker(why) {
  if (worker !== null) worker.terminate();
  worker = null;
  for (const resolve of waiting.values()) resolve(why);
  waiting.clear();
}

/** Asks the worker `question`; `signal` aborting it stops the worker (a
 * search cannot be interrupted otherwise) and answers `{ aborted }`. */
function ask(question, signal) {
  const id = ++asked;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    if (signal) {
      if (signal.aborted) return stopWorker({ error: "aborted" });
      signal.addEventListener("abort", () => waiting.has(id) && stopWorker({ error: "aborted" }));
    }
    solver().postMessage({ ...question, id });
  });
}

/** Solves the board (`/api/solve`): `result` "solved" with `order`,
 * "unsolvable", or "out-of-budget" with `states` (also when the time ran
 * out: the worker's search stops at `timeoutMs`). */
export async function solveBoard(request, signal) {
  if (!here(request)) return api("solve", request, signal);
  const got = await ask({ kind: "solve", board: request.board, rules: request.rules, budget: request.budget }, signal);
  return got.error !== undefined ? refusal(got.error === "aborted" ? 0 : 400, got.error) : answer(got);
}

// ---- deals ----

/** Whether a deal is made here while the server can be reached: a
 * solvable deal of a seed the page chose (the same board as the server's:
 * every face deals the same board for a seed), not of a difficulty (the
 * server's pool and bands rate those), nor a level's. Without a seed the
 * server seeds it and gives a ranked game its ticket. */
function dealtHere(request) {
  return request.seed !== undefined && request.seed !== null &&
    !request.difficulty && !request.level && !request.after;
}

/** The tiles of a kind in a random deal, as the server deals them: fours
 * when the kinds fit in them, pairs otherwise. */
function copiesOf(request) {
  const cells = request.rows * request.cols;
  return cells % 4 === 0 && request.kinds <= cells / 4 ? 4 : 2;
}

/** A random seed for a deal made here. */
const seed = () => Math.floor(Math.random() * 1e9);

/** How a deal of `difficulty` made in the page was found, as the
 * server says it (`rated`): in the band, or (no candidates: none found in
 * time) the first deal, unrated, with a note. */
function ratedHere(difficulty, dealt) {
  const found = dealt.candidates !== null;
  return {
    in_band: found, candidates: dealt.candidates, capped: !found, deal_seed: String(dealt.seed),
    note: found ? null : "no " + difficulty + " deal was found in the page in time: this one is not rated",
    pooled: false,
  };
}

/** A deal (`/api/deal`; with `daily`, `/api/daily`): the server's when it
 * must be (a ranked or daily deal, a difficulty from its pool, a deal
 * without a seed) and can be reached, else the local engine's: a random
 * deal when asked for one (the server's copies, the same board for a
 * seed), else a solvable deal, of the difficulty asked for when there is
 * one (rated here, in the worker: it can take seconds, `onWait` is told). */
export async function dealBoard(request, daily, onWait) {
  // A deal the page may make waits for the engine (loading at the start).
  if (!daily && (dealtHere(request) || !serverReachable())) await startEngine();
  const local = llk !== null && !daily && (dealtHere(request) || !serverReachable());
  if (!local) {
    const res = daily ? await api("daily", {}) : await api("deal", request);
    // The server is gone: an unranked game is dealt here instead.
    if (res.status !== 0 || daily || (await startEngine()) !== "local") return res;
  }
  const rules = (() => {
    try {
      return rulesOf(request.rules);
    } catch (e) {
      return e;
    }
  })();
  if (rules instanceof Error) return refusal(400, rules.message);
  const chosen = request.seed ?? seed();
  const random = request.solvable === false;
  const made = request.difficulty
    ? await (onWait && onWait(), ask({ kind: "rated", request: { ...request, rules, seed: chosen } }))
    : random
      ? locally(() => llk.deal(request.rows, request.cols, request.kinds, { seed: chosen, copies: copiesOf(request) }))
      : locally(() => llk.generate(request.rows, request.cols, request.kinds, { seed: chosen, rules }));
  const dealt = made.data || made;
  if (made.ok === false || dealt.error !== undefined) return refusal(400, "no deal: " + (dealt.error || made.data.error));
  const game = new llk.Game(dealt.board, rules);
  return answer({
    board: dealt.board, rules, solvable: !random, seed: chosen, difficulty: request.difficulty || null,
    ticket: null, rating: null, local: true,
    rated: request.difficulty ? ratedHere(request.difficulty, dealt) : null,
    ...positionOf(game),
  });
}
