// The package's TypeScript declarations as a user's strict code meets
// them: `cargo xtask wasm-check` type-checks this file (and the examples
// of README.md and docs/wasm.md) with `tsc --strict` against the built
// package, installed in a fresh npm project. Nothing here runs: each line
// either must type-check or, under `@ts-expect-error`, must be refused
// (tsc fails when a line so marked type-checks).

import * as llk from "lianliankan-wasm";

const rules: llk.Rules = new llk.Rules({ border: "open", gravity: "down", turns: 2 });
const border: llk.BorderName = rules.border;
const gravity: llk.GravityName = rules.gravity;
const connect: llk.ConnectName = rules.connect;
const options: Required<llk.RulesOptions> = rules.toJSON();
const modes: llk.GravityName[] = llk.gravityModes();
const version: string = llk.version();

const deal: llk.Deal = llk.generate(8, 12, 18, { seed: 1n, rules });
const random: llk.RandomDeal = llk.deal(6, 8, 12, { seed: 3, copies: 4 });
const board = new llk.Board(deal.board, rules);
const path: llk.Corner[] | null = board.connect([0, 0], [0, 5]);
const hint: llk.Move | null = board.hint();
const moves: llk.Move[] = board.moves();

const solved: llk.SolveResult = llk.solve(board, { budget: null, timeoutMs: 500, progress: (states: number) => {} });
if (solved.order !== null) {
  const played: number = llk.replay(deal.board, rules, solved.order);
}

const game = new llk.Game(board);
if (hint !== null) {
  const played: llk.Move = game.play(hint);
}
const undone: llk.Step | null = game.undo();
for (const step of game.history) {
  // A step is narrowed by its kind.
  if (step.kind === "removed") {
    const kinds: [number, number] = step.kinds;
  } else {
    const before: [llk.Cell, number][] = step.before;
  }
}
const cancel = new llk.Cancel();
const rated: llk.RatedDeal = llk.generateRated(6, 8, 12, { difficulty: "easy", cancel });
const rating: llk.Rating = llk.rate(rated.board, { plays: 20 });
const band: "easy" | "normal" | "hard" = rating.difficulty;

// What the declarations refuse.
// @ts-expect-error a misspelt option
llk.solve(board, { timeout: 5 });
// @ts-expect-error turns is a number
new llk.Rules({ turns: "2" });
// @ts-expect-error no such border
new llk.Rules({ border: "wrapped" });
// @ts-expect-error a hint may be null: narrowed first
game.play(board.hint());
// @ts-expect-error a cell is [row, col]
board.connect([0], [0, 1]);
// @ts-expect-error a random deal has no certificate
const certificate: llk.Move[] = llk.deal(6, 8, 12).certificate;
// @ts-expect-error generateRated takes its options (one band)
llk.generateRated(6, 8, 12);
// @ts-expect-error a rule getter is typed (one of its names), not `any`
const wrong: "closed" = rules.border;

export {
  border, gravity, connect, options, modes, version, path, moves, undone, band, wrong, random, certificate,
};
