// The engine's long searches, off the page's main thread (a module
// worker that engine.js starts): a solve (the watch, auto-solve) and a
// deal of a difficulty made in the page. Each message `{ id, kind, ... }`
// is answered `{ id, answer }`, the answer as the server's API gives it
// (or `{ error }`). engine.js stops the worker to cancel a search.

import init, { generate, generateRated, solve } from "/pkg/lianliankan_wasm.js";

/** How long one search may take here, as the server's time-out. */
const TIMEOUT_MS = 10000;

const ready = init();

/** Solves `board`: the server's `/api/solve` answer. */
function solved({ board, rules, budget }) {
  const options = { rules, timeoutMs: TIMEOUT_MS };
  if (typeof budget === "number") options.budget = budget;
  const found = solve(board, options);
  if (found.status === "solved") {
    return { result: "solved", order: found.order.map(({ a, b, route }) => ({ a, b, route })) };
  }
  if (found.status === "unsolvable") return { result: "unsolvable" };
  return { result: "out-of-budget", states: found.states };
}

/** A clearable deal of `request.difficulty`, rated here; the first
 * candidate dealt unrated when none is found in the band in time. */
function rated({ request }) {
  const { rows, cols, kinds, rules, seed, difficulty } = request;
  try {
    const deal = generateRated(rows, cols, kinds, { seed, rules, difficulty, timeoutMs: TIMEOUT_MS });
    return { board: deal.board, seed: Number(deal.seed), candidates: deal.candidates };
  } catch (e) {
    if (e.name !== "OutOfBand" && e.name !== "Cancelled") throw e;
    const deal = generate(rows, cols, kinds, { seed, rules });
    return { board: deal.board, seed, candidates: null };
  }
}

self.onmessage = async (e) => {
  await ready;
  const { id, kind } = e.data;
  let answer;
  try {
    answer = kind === "solve" ? solved(e.data) : rated(e.data);
  } catch (error) {
    answer = { error: error && error.message ? error.message : String(error) };
  }
  self.postMessage({ id, answer });
};
