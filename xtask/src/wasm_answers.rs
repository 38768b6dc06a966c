//! The native library's answers on seeded cases, which the WebAssembly
//! package must give too (`crates/lianliankan-wasm/tests/checks.mjs`
//! compares): for boards dealt under several rules, `connect` and
//! `canRemove` on pairs of cells (matching tiles, random cells, a cell off
//! the board), `moves`, `hint`, `solve` with a budget; and `generate`
//! with seeds. Written as JSON in the package's own shapes (cells
//! `[row, col]`, moves `{a, b, route, path}`).

use lianliankan::{
    Board, Connector, DealSpec, Difficulty, Game, GenerateSpec, Move, Path, Pos, RateConfig,
    Rating, Rules, RulesForm, Solution, SolveConfig,
};
use serde_json::{Value, json};

/// The budget of every solve of the cases.
const SOLVE_BUDGET: u64 = 20_000;

/// The rules of the cases, as the package's options.
fn rule_options() -> Vec<Value> {
    vec![
        json!({}),
        json!({"border": "open", "gravity": "down"}),
        json!({"turns": 3}),
        json!({"slide": true}),
        json!({"border": "open", "gravity": "inward", "connect": "four-rivers"}),
        json!({"connect": "line", "groups": "1-3"}),
    ]
}

/// The library's rules of `options`, through [`RulesForm`] as the
/// package reads them.
fn rules_of(options: &Value) -> Result<Rules, String> {
    let text = |name: &str| options.get(name).and_then(Value::as_str).map(str::to_owned);
    let form = RulesForm {
        turns: options.get("turns").and_then(Value::as_u64),
        border: text("border"),
        gravity: text("gravity"),
        groups: text("groups"),
        connect: text("connect"),
        slide: options.get("slide").and_then(Value::as_bool),
    };
    Rules::try_from(form).map_err(|e| format!("{options}: {e}"))
}

/// A small seeded generator (splitmix64) choosing the cells of the cases.
struct Seeded(u64);

impl Seeded {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

fn cell(pos: Pos) -> Value {
    json!([pos.row, pos.col])
}

fn corners(path: &Path) -> Value {
    Value::Array(
        path.corners()
            .iter()
            .map(|p| json!([p.row, p.col]))
            .collect(),
    )
}

fn move_json(m: Move, path: Option<&Path>) -> Value {
    json!({
        "a": cell(m.a()),
        "b": cell(m.b()),
        "route": m.route().map(|r| r.name()),
        "path": path.map_or(Value::Null, corners),
    })
}

fn rows(board: &Board) -> Value {
    json!(Vec::<Vec<u32>>::from(board.clone()))
}

/// The expected answers, as JSON text.
pub fn expected() -> Result<String, String> {
    let mut cases = Vec::new();
    for (r, options) in rule_options().into_iter().enumerate() {
        let rules = rules_of(&options)?;
        for seed in 0..3u64 {
            let (rows_n, cols_n) = (6 + seed as usize, 8);
            let spec = DealSpec::new(rows_n, cols_n, 6).with_seed(seed * 7 + r as u64);
            let board = lianliankan::deal(&spec).map_err(|e| e.to_string())?;
            cases.push(case(&board, &rules, options.clone(), seed + 100 * r as u64));
        }
    }
    let mut deals = Vec::new();
    for (r, options) in rule_options().into_iter().enumerate().take(4) {
        let rules = rules_of(&options)?;
        for seed in [0u64, 1, 12345] {
            let spec = GenerateSpec::new(6, 8, 8)
                .with_seed(seed + r as u64)
                .with_rules(rules.clone());
            let made = lianliankan::generate(&spec).map_err(|e| e.to_string())?;
            deals.push(json!({
                "rows": 6, "cols": 8, "kinds": 8, "seed": seed + r as u64,
                "rules": options,
                "board": rows(&made.board),
                "certificate": made.certificate.iter().map(|&m| move_json(m, None)).collect::<Vec<_>>(),
            }));
        }
    }
    let mut random = Vec::new();
    for (rows_n, cols_n, kinds, copies, seed) in [
        (6, 8, 12, 4, 0u64),
        (6, 8, 12, 4, 99),
        (5, 8, 9, 2, 7),
        (4, 6, 3, 8, 1),
    ] {
        let spec = DealSpec::new(rows_n, cols_n, kinds)
            .with_copies(copies)
            .with_seed(seed);
        let board = lianliankan::deal(&spec).map_err(|e| e.to_string())?;
        random.push(json!({
            "rows": rows_n, "cols": cols_n, "kinds": kinds, "copies": copies, "seed": seed,
            "board": rows(&board),
        }));
    }
    let all = json!({
        "version": lianliankan::VERSION,
        "cases": cases,
        "generate": deals,
        "deal": random,
        "rate": ratings()?,
    });
    serde_json::to_string(&all).map_err(|e| e.to_string())
}

/// The figures of a rating the package's checks compare (its names).
fn rating_json(r: &Rating) -> Value {
    json!({
        "winnable": r.winnable,
        "plays": r.plays,
        "cleared": r.cleared,
        "probes": r.probes,
        "positions": r.positions,
        "trapPositions": r.trap_positions,
        "forcedPositions": r.forced_positions,
        "solves": r.solves,
        "score": r.score(),
        "difficulty": r.difficulty().name(),
    })
}

/// `rate` on small deals, and `generate_rated` asked for an easy deal,
/// with few games (quick in a debug build and in WebAssembly).
fn ratings() -> Result<Value, String> {
    let options = json!({"plays": 20, "probes": 1, "budget": 2000});
    let config = RateConfig::new().plays(20).probes(1).budget(2000);
    let mut rated = Vec::new();
    for (r, rules_options) in rule_options().into_iter().enumerate().take(3) {
        let rules = rules_of(&rules_options)?;
        let spec = GenerateSpec::new(6, 8, 12)
            .with_seed(r as u64)
            .with_rules(rules.clone());
        let board = lianliankan::generate(&spec)
            .map_err(|e| e.to_string())?
            .board;
        let rating = lianliankan::rate(&board, &rules, &config.clone().seed(r as u64))
            .map_err(|_| "rate was cancelled".to_owned())?;
        rated.push(json!({
            "board": rows(&board),
            "rules": rules_options,
            "seed": r,
            "rating": rating_json(&rating),
        }));
    }
    let spec = GenerateSpec::new(4, 6, 6).with_seed(5);
    let made = lianliankan::generate_rated(&spec, Difficulty::Easy.band(), &config, 5)
        .map_err(|e| e.to_string())?;
    Ok(json!({
        "options": options,
        "rated": rated,
        "generateRated": {
            "rows": 4, "cols": 6, "kinds": 6, "seed": 5, "difficulty": "easy", "candidates": 5,
            "board": rows(&made.generated.board),
            "dealSeed": made.seed,
            "tried": made.candidates,
            "rating": rating_json(&made.rating),
        },
    }))
}

/// The answers on one board under one rules.
fn case(board: &Board, rules: &Rules, options: Value, seed: u64) -> Value {
    let mut pick = Seeded(seed);
    let (rows_n, cols_n) = (board.rows(), board.cols());
    let tiles: Vec<(Pos, u32)> = board.tiles().collect();
    let mut pairs = Vec::new();
    for (i, &(a, kind)) in tiles.iter().enumerate() {
        for &(b, other) in &tiles[i + 1..] {
            if kind == other && pairs.len() < 40 {
                pairs.push((a, b));
            }
        }
    }
    for _ in 0..20 {
        let a = Pos::new(pick.below(rows_n), pick.below(cols_n));
        let b = Pos::new(pick.below(rows_n), pick.below(cols_n));
        pairs.push((a, b));
    }
    pairs.push((Pos::new(0, 0), Pos::new(rows_n + 1, 0)));
    let mut connector = Connector::new();
    let connects: Vec<Value> = pairs
        .iter()
        .map(|&(a, b)| {
            let answer = match connector.connect(board, a, b, rules) {
                Ok(path) => path.as_ref().map_or(Value::Null, corners),
                Err(_) => json!({"error": "BoardError"}),
            };
            json!([cell(a), cell(b), answer])
        })
        .collect();
    let game = Game::new(board.clone(), rules.clone());
    let moves: Vec<Value> = lianliankan::moves(board, rules)
        .into_iter()
        .map(|m| move_json(m, None))
        .collect();
    let hint = game
        .hint_path()
        .map_or(Value::Null, |(m, path)| move_json(m, Some(&path)));
    let config = SolveConfig::new().budget(SOLVE_BUDGET);
    let solved = match lianliankan::solve_with(board, rules, &config) {
        Solution::Solved(order) => json!({
            "status": "solved",
            "order": order.iter().map(|&m| move_json(m, None)).collect::<Vec<_>>(),
            "states": null,
        }),
        Solution::Unsolvable => json!({"status": "unsolvable", "order": null, "states": null}),
        Solution::OutOfBudget { states } | Solution::Cancelled { states } => {
            json!({"status": "unknown", "order": null, "states": states})
        }
        _ => json!({"status": "unknown", "order": null, "states": null}),
    };
    json!({
        "rules": options,
        "board": rows(board),
        "connect": connects,
        "moves": moves,
        "hint": hint,
        "budget": SOLVE_BUDGET,
        "solve": solved,
    })
}
