// The checks of the WebAssembly package, run the same in Node (node.mjs)
// and in Chromium (page.html): the conformance fixture shared by every
// face (fixtures/conformance/rules.tsv), the native library's answers on
// seeded cases (written by `cargo xtask wasm-check`), and bad inputs
// thrown as named errors without breaking the module.

/** Runs every check; returns {checks, failures}. */
export function runChecks(llk, fixtureText, expected) {
  const failures = [];
  let checks = 0;
  const check = (ok, what) => {
    checks += 1;
    if (!ok) failures.push(what);
  };
  const same = (got, want, what) => {
    const g = canonical(got);
    const w = canonical(want);
    check(g === w, `${what}: got ${g.slice(0, 200)}, want ${w.slice(0, 200)}`);
  };
  const throws = (f, name, what, text) => {
    try {
      f();
      check(false, `${what}: no error thrown`);
    } catch (e) {
      const okName = e instanceof Error && e.name === name;
      const okText = text === undefined || String(e.message).includes(text);
      check(okName && okText, `${what}: threw ${e && e.name}: ${e && e.message}, want ${name}${text ? ` with "${text}"` : ""}`);
    }
  };

  same(llk.version(), expected.version, "version");
  conformance(llk, fixtureText, check, same, throws);
  differential(llk, expected, same);
  ratings(llk, expected, same);
  badInputs(llk, throws, check);
  game(llk, same, check, throws);
  // After every refusal above, the module still answers.
  same(new llk.Board([[1, 1]]).connect([0, 0], [0, 1]), [[0, 0], [0, 1]], "the module after the errors");
  return { checks, failures };
}

/** JSON with the fields of every object in sorted order (the native answers are written so). */
function canonical(value) {
  return JSON.stringify(value, (_, v) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]]))
      : v,
  );
}

/** The rules of one fixture line's settings: a preset, or the options of its flags. */
function rulesOf(llk, settings) {
  if (settings.startsWith("preset ")) {
    return { judge: llk.Rules.judge, kshisen: llk.Rules.kshisen }[settings.slice(7)]();
  }
  const words = settings.split(/\s+/).filter((w) => w.length > 0);
  const options = {};
  for (let i = 0; i < words.length; ) {
    const flag = words[i].slice(2);
    if (flag === "slide") {
      options.slide = true;
      i += 1;
      continue;
    }
    const value = words[i + 1];
    options[flag] = flag === "turns" ? Number(value) : value;
    i += 2;
  }
  return new llk.Rules(options);
}

function conformance(llk, text, check, same, throws) {
  let cases = 0;
  text.split("\n").forEach((line, index) => {
    if (line.startsWith("#") || line.trim() === "") return;
    const number = index + 1;
    const [settings, verdict] = line.split("\t");
    const space = verdict.indexOf(" ");
    const kind = verdict.slice(0, space);
    const rest = verdict.slice(space + 1);
    cases += 1;
    if (kind === "ok") {
      const want = JSON.parse(rest);
      const rules = rulesOf(llk, settings);
      same(
        { turns: rules.turns, border: rules.border, gravity: rules.gravity, groups: rules.groups, connect: rules.connect, slide: rules.slide },
        { ...want, slide: want.slide ?? false },
        `rules.tsv line ${number}`,
      );
      // toJSON reads back into the same rules.
      check(new llk.Rules(rules.toJSON()).equals(rules), `rules.tsv line ${number}: toJSON round trip`);
    } else {
      check(kind === "error", `rules.tsv line ${number}: verdict ${kind}`);
      try {
        rulesOf(llk, settings);
        check(false, `rules.tsv line ${number}: no error`);
      } catch (e) {
        check(e.name === "RulesError" && e.message.startsWith(rest), `rules.tsv line ${number}: ${e.name}: ${e.message}`);
      }
    }
  });
  check(cases >= 20, `rules.tsv: ${cases} cases`);
}

function differential(llk, expected, same) {
  expected.cases.forEach((c, i) => {
    const what = `case ${i} (${JSON.stringify(c.rules)})`;
    const board = new llk.Board(c.board, c.rules);
    for (const [a, b, want] of c.connect) {
      let got;
      try {
        got = board.connect(a, b);
      } catch (e) {
        got = { error: e.name };
      }
      same(got, want, `${what}: connect ${JSON.stringify(a)} ${JSON.stringify(b)}`);
    }
    same(board.moves(), c.moves, `${what}: moves`);
    const game = new llk.Game(c.board, new llk.Rules(c.rules));
    same(game.moves(), c.moves, `${what}: Game.moves`);
    same(game.hint(), c.hint, `${what}: Game.hint`);
    same(board.hint(), c.hint, `${what}: Board.hint`);
    same(llk.solve(board, { budget: c.budget }), c.solve, `${what}: solve`);
    same(llk.solve(c.board, { rules: c.rules, budget: c.budget }), c.solve, `${what}: solve of rows`);
    if (c.solve.order !== null) {
      same(llk.replay(board, board.rules, c.solve.order), c.solve.order.length, `${what}: replay`);
    }
  });
  for (const d of expected.deal) {
    const made = llk.deal(d.rows, d.cols, d.kinds, { seed: d.seed, copies: d.copies });
    same(made, { board: d.board, certificate: null }, `deal ${d.rows}x${d.cols} of ${d.kinds} by ${d.copies} seed ${d.seed}`);
  }
  for (const d of expected.generate) {
    const made = llk.generate(d.rows, d.cols, d.kinds, { seed: d.seed, rules: d.rules });
    same(made, { board: d.board, certificate: d.certificate }, `generate ${d.rows}x${d.cols} seed ${d.seed} ${JSON.stringify(d.rules)}`);
  }
}

/** The fields of a rating the native answers hold. */
function someOf(rating, want) {
  return Object.fromEntries(Object.keys(want).map((k) => [k, rating[k]]));
}

function ratings(llk, expected, same) {
  const { options, rated, generateRated: g } = expected.rate;
  for (const r of rated) {
    const got = llk.rate(r.board, { ...options, rules: r.rules, seed: r.seed });
    same(someOf(got, r.rating), r.rating, `rate ${JSON.stringify(r.rules)} seed ${r.seed}`);
  }
  const made = llk.generateRated(g.rows, g.cols, g.kinds, {
    ...options,
    seed: g.seed,
    difficulty: g.difficulty,
    candidates: g.candidates,
  });
  same(
    { board: made.board, seed: made.seed, candidates: made.candidates, rating: someOf(made.rating, g.rating) },
    { board: g.board, seed: g.dealSeed, candidates: g.tried, rating: g.rating },
    "generateRated",
  );
}

function badInputs(llk, throws, check) {
  const ok = [[1, 2], [2, 1]];
  throws(() => new llk.Rules({ border: "round" }), "RulesError", "an unknown border", "round");
  throws(() => new llk.Rules({ turns: -1 }), "RulesError", "negative turns", "turns");
  throws(() => new llk.Rules({ turns: "2" }), "TypeError", "turns as a string", "options.turns");
  throws(() => new llk.Rules({ gravity: "sideways" }), "RulesError", "an unknown gravity", "sideways");
  throws(() => new llk.Rules({ groups: "3-" }), "RulesError", "bad groups");
  throws(() => new llk.Rules({ slide: "yes" }), "TypeError", "slide as a string", "options.slide");
  throws(() => new llk.Rules({ borders: "open" }), "TypeError", "a misspelt option", "borders");
  throws(() => new llk.Rules(7), "TypeError", "rules as a number");
  throws(() => new llk.Board("1 2"), "TypeError", "a board as a string", "rows");
  throws(() => new llk.Board([[1, 2], [1]]), "BoardError", "ragged rows");
  throws(() => new llk.Board([[1, -2]]), "BoardError", "a negative kind", "(0, 1)");
  throws(() => new llk.Board([[1, 2.5]]), "BoardError", "a fractional kind");
  throws(() => new llk.Board([[1, "a"]]), "TypeError", "a kind as a string", "rows[0][1]");
  throws(() => new llk.Board([]), "BoardError", "no rows");
  throws(() => new llk.Board([[]]), "BoardError", "no columns");
  throws(() => llk.Board.fromJudge("2 2\n1 1\n"), "BoardError", "short judge text", "line");
  const board = new llk.Board(ok);
  throws(() => board.connect([0, 0]), "TypeError", "one cell", "b");
  throws(() => board.connect([0, -1], [0, 0]), "BoardError", "a negative column", "off the");
  throws(() => board.connect([0, 0], [9, 9]), "BoardError", "a cell off the board", "off the");
  throws(() => board.connect("a1", [0, 0]), "TypeError", "a cell as a string", "a must be");
  throws(() => board.canRemove([0, 0.5], [0, 0]), "BoardError", "a fractional cell");
  throws(() => board.kind([5, 5]), "BoardError", "kind off the board");
  throws(() => llk.solve(ok, { budget: -1 }), "RangeError", "a negative budget", "budget");
  throws(() => llk.solve(ok, { timeout: 5 }), "TypeError", "a misspelt solve option", "timeout");
  throws(() => llk.solve(ok, { cancel: {} }), "TypeError", "a cancel that is no Cancel", "cancel");
  throws(() => llk.solve(ok, { progress: 3 }), "TypeError", "a progress that is no function", "progress");
  throws(() => llk.solve(42), "TypeError", "solve of a number", "board");
  throws(() => llk.generate(4, 4, 0), "DealError", "no kinds");
  throws(() => llk.deal(4, 4, 9), "DealError", "more kinds than fit");
  throws(() => llk.deal(4, 4, 2, { copies: -2 }), "RangeError", "negative copies", "copies");
  throws(() => llk.deal(4, 4, 2, { copeis: 2 }), "TypeError", "a misspelt deal option", "copeis");
  throws(() => llk.generate(-4, 4, 2), "RangeError", "negative rows", "rows");
  throws(() => llk.generate(1, 1, 1), "DealError", "one cell");
  throws(() => llk.generate(4, 4, 2, { seed: -1 }), "RangeError", "a negative seed", "seed");
  throws(() => llk.generateRated(4, 4, 2, {}), "ValueError", "no band", "difficulty");
  throws(() => llk.generateRated(4, 4, 2, { difficulty: "brutal" }), "ValueError", "an unknown difficulty");
  throws(() => llk.generateRated(4, 4, 2, { score: [60, 50] }), "ValueError", "a band upside down", "score");
  throws(() => llk.rate(ok, { plays: 1.5 }), "RangeError", "fractional plays", "plays");
  throws(() => llk.replay(ok, undefined, []), "TypeError", "replay without rules", "rules");
  throws(() => llk.replay(ok, {}, [{ a: [0, 0], b: [1, 0] }]), "IllegalStep", "an illegal step", "order[0]");
  throws(() => llk.replay(ok, {}, [{ a: [0, 0], b: [0, 1], route: "diagonal" }]), "IllegalStep", "an unknown route", "route");
  throws(() => llk.replay(ok, {}, [7]), "TypeError", "a step that is no move", "order[0]");
  try {
    llk.replay([[1, 1], [2, 2]], {}, [{ a: [0, 0], b: [0, 1] }, { a: [0, 0], b: [0, 1] }]);
    check(false, "a step on emptied cells: no error");
  } catch (e) {
    check(e.index === 1 && typeof e.reason === "string" && e.step.a[1] === 0, `IllegalStep fields: ${e.index} ${e.reason}`);
  }
  // A cancelled token stops generate; solve answers unknown.
  const cancel = new llk.Cancel();
  cancel.cancel();
  check(cancel.cancelled, "Cancel.cancelled");
  throws(() => llk.generate(8, 12, 18, { cancel }), "Cancelled", "generate cancelled");
  const big = llk.generate(8, 12, 18, { seed: 3 }).board;
  check(llk.solve(big, { cancel }).status === "unknown", "solve cancelled");
  // A time limit of 0 ms has passed by the first look at the clock.
  check(llk.solve(big, { timeoutMs: 0 }).status === "unknown", "solve with timeoutMs 0");
  throws(() => llk.rate(big, { timeoutMs: 0 }), "Cancelled", "rate with timeoutMs 0", "timeoutMs");
  // progress may cancel the search it reports on, and what it throws is
  // thrown. (The search of this deal runs past 5,000 states.)
  const hard = shuffled(10, 10, 25, 4);
  const kshisen = { border: "open", gravity: "down" };
  const fresh = new llk.Cancel();
  let reports = 0;
  const full = llk.solve(hard, { rules: kshisen, budget: 5000, progress: () => { reports += 1; } });
  check(full.status === "unknown" && full.states === 5000 && reports === 78, `progress: ${full.status}, ${full.states} states, ${reports} reports`);
  reports = 0;
  const stopped = llk.solve(hard, { rules: kshisen, cancel: fresh, budget: null, progress: () => { reports += 1; fresh.cancel(); } });
  check(stopped.status === "unknown" && stopped.states <= 65 && reports === 1, `progress cancels: ${stopped.status}, ${stopped.states} states, ${reports} reports`);
  throws(() => llk.solve(hard, { rules: kshisen, budget: null, progress: () => { throw new RangeError("enough"); } }), "RangeError", "progress throws", "enough");
  // rate and generateRated report each game (played, most), in order, the
  // answer unchanged; what progress throws stops them and is thrown; a
  // progress that rates again reports to its own.
  const small = llk.generate(6, 8, 12, { seed: 5 }).board;
  const seen = [];
  const rated = llk.rate(small, { plays: 20, progress: (games, total) => seen.push([games, total]) });
  check(
    JSON.stringify(rated) === JSON.stringify(llk.rate(small, { plays: 20 })) &&
      seen.length > 0 && seen.every(([g, t], i) => t === 23 && g >= 1 && (i === 0 || g > seen[i - 1][0])) &&
      seen[seen.length - 1][0] === 23,
    `rate's progress: ${JSON.stringify(seen)}`,
  );
  let calls = 0;
  throws(() => llk.rate(small, { plays: 20, progress: () => { calls += 1; throw new RangeError("stop rating"); } }), "RangeError", "rate's progress throws", "stop rating");
  check(calls === 1, `rate stopped at its first report: ${calls} calls`);
  let inner = 0;
  let outer = 0;
  llk.rate(small, { plays: 3, probes: 0, progress: () => {
    outer += 1;
    if (outer === 1) llk.rate(small, { plays: 2, probes: 0, progress: () => { inner += 1; } });
  } });
  check(outer === 3 && inner === 2, `nested progress: outer ${outer}, inner ${inner}`);
  let made = 0;
  llk.generateRated(6, 8, 12, { difficulty: "easy", plays: 10, probes: 1, progress: (games, total) => { made = Math.max(made, games); check(games <= total, "generateRated's games <= total"); } });
  check(made >= 11, `generateRated's progress: ${made} games`);
  throws(() => llk.generateRated(6, 8, 12, { difficulty: "hard", plays: 10, progress: () => { throw new Error("no more"); } }), "Error", "generateRated's progress throws", "no more");
  throws(() => llk.rate(small, { progress: "often" }), "TypeError", "a rate progress that is no function", "progress");
  cancel.free();
  fresh.free();
}

/** A seeded shuffle of `rows` x `cols` tiles, four of each of `kinds` kinds in turn. */
function shuffled(rows, cols, kinds, seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s;
  };
  const tiles = [];
  for (let i = 0; i < rows * cols; i++) tiles.push((Math.floor(i / 4) % kinds) + 1);
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  const out = [];
  for (let r = 0; r < rows; r++) out.push(tiles.slice(r * cols, (r + 1) * cols));
  return out;
}

function game(llk, same, check, throws) {
  const g = new llk.Game([[1, 2, 2, 1]]);
  check(!g.finished && !g.won && !g.stuck, "a fresh game is not finished");
  throws(() => g.remove([0, 0], [0, 3]), "IllegalMove", "a blocked pair");
  throws(() => g.play({ a: [0, 0] }), "TypeError", "a move without b", "move.b");
  same(g.play({ a: [0, 1], b: [0, 2] }), { a: [0, 1], b: [0, 2], route: null, path: [[0, 1], [0, 2]] }, "play");
  same(g.board, [[1, 0, 0, 1]], "the board after play");
  same(g.history.map((s) => s.kind), ["removed"], "history");
  const undone = g.undo();
  same(undone.kind, "removed", "undo");
  same(g.undone.length, 1, "undone");
  same(g.redo().kinds, [2, 2], "redo");
  same(g.remove([0, 0], [0, 3]), [[0, 0], [0, 3]], "remove");
  check(g.won && g.finished && !g.stuck, "won");
  same(g.undo().move.a, [0, 0], "undo of remove");
  const stuck = new llk.Game([[1, 2], [2, 1]], { turns: 0 });
  check(stuck.stuck && stuck.finished && !stuck.won, "stuck");
  stuck.shuffle(1);
  check(stuck.moves().length > 0, "a shuffle makes a move");
  same(stuck.history[0].kind, "shuffled", "the shuffle in the history");
  throws(() => new llk.Game([[1, 2]]).shuffle(0), "NoMovePossible", "shuffle without pairs");
  throws(() => stuck.shuffle(-3), "RangeError", "a negative shuffle seed");
  stuck.shuffle(5n);
  same(new llk.Game(new llk.Board([[3, 3]], { border: "open" })).rules.border, "open", "a Game of a Board keeps its rules");
  same(g.position().tileCount, 2, "position");
  same(llk.Board.fromJudge(g.position().toJudge()).toArray(), g.board, "judge text round trip");
}
