// The hint timing of the bench (`cargo xtask bench --only wasm`), the same
// in Node (bench.mjs) and in Chromium (bench.html): the best of `rounds`
// rounds of Board.hint over every deal, per hint, and the hints. A round
// passes over the deals PASSES times, so that it lasts milliseconds: a
// page's clock is coarsened (to 0.1 ms in Chromium without cross-origin
// isolation), which would make a single pass of 20 hints read low.
const PASSES = 50;

export function timeHints(llk, input) {
  const boards = input.deals.map((rows) => new llk.Board(rows, input.rules));
  const hints = boards.map((b) => {
    const m = b.hint();
    return m === null ? null : [m.a, m.b];
  });
  let best = Infinity;
  for (let round = 0; round < input.rounds; round++) {
    const start = performance.now();
    for (let pass = 0; pass < PASSES; pass++) {
      for (const b of boards) b.hint();
    }
    best = Math.min(best, performance.now() - start);
  }
  return { perHintMs: best / (PASSES * boards.length), hints };
}
