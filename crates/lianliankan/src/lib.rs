//! Lianliankan (HDU 1175; Shisen-Sho, Onet): can two equal tiles be joined
//! by a path of at most two turns through empty cells — and the game built
//! on that rule.
//!
//! The crate has two halves and a text layer:
//!
//! | half | items | for |
//! |---|---|---|
//! | queries | [`Board`], [`connect`], [`Connector`], [`Batch`] | "can these two tiles go, and by which path?" |
//! | rules | [`Rules`]: turn limit, [`Border`], [`Gravity`] (13 modes), matching [`Groups`], [`Connect`] (standard, four-rivers, line), KShisen's sliding tiles ([`Rules::slide`]) | what the real games vary |
//! | engine | [`Game`], [`moves`], [`ways_to_remove`], [`solve`], [`generate`], shuffles ([`Game::shuffle`]), [`kshisen_greedy`], [`playout`], [`rate`], [`rate_players`], [`generate_rated`], [`deal_in_band`], [`bands_for`] | playing (undo, redo), hinting, solving and dealing whole games; the checks games make instead of solving, random games; how hard a deal is, and deals by difficulty |
//! | text | [`format`](mod@format), [`judge`], [`draw`](mod@draw), [`Order`], [`Board`]'s `Display` and `FromStr` | the judge's input and output, removal orders (read, written, replayed), pictures |
//!
//! [`reference`](mod@reference) holds the brute-force searches every fast path is tested
//! against. Positions are 0-based [`Pos`] (row, column); a path's corners
//! are [`Point`]s in the signed board frame, where the ring around the board
//! that [`Border::Open`] lets a path use is row or column `-1`, `rows` or
//! `cols`. The library does no I/O of its own: input arrives as bytes or
//! values, output goes to a `Write` the caller owns, and errors are values.
//! (The `lianliankan` binary, behind the default `cli` feature, is the only
//! part that uses clap; `default-features = false` leaves it out.)
//! The `serde` feature (off by default) gives the value types — rules and
//! their parts, boards, positions and paths, moves, steps and slides, deal
//! and generate specs, and a [`Game`] with its history — `Serialize` and
//! `Deserialize`, each type's JSON form documented on it.
//!
//! # Queries
//!
//! ```
//! use lianliankan::{Batch, Board, Border, Pos, Rules, connect};
//!
//! // The judge's first sample board (0 = empty).
//! let board = Board::from_rows(&[
//!     [1, 2, 3, 4],
//!     [0, 0, 0, 0],
//!     [4, 3, 2, 1],
//! ]).unwrap();
//! let judge = Rules::default(); // two turns, path stays on the board
//! let path = connect(&board, Pos::new(0, 0), Pos::new(2, 3), &judge).unwrap().unwrap();
//! assert_eq!(path.turns(), 2);
//! for corner in path.corners() {
//!     println!("{corner}"); // (0, 0) (1, 0) (1, 3) (2, 3)
//! }
//! // Different kinds never match, whatever the path.
//! assert!(connect(&board, Pos::new(0, 0), Pos::new(2, 2), &judge).unwrap().is_none());
//!
//! // Shisen-Sho / Onet: the path may run around the board.
//! let row = Board::from_rows(&[[1, 2, 1]]).unwrap();
//! assert!(connect(&row, Pos::new(0, 0), Pos::new(0, 2), &judge).unwrap().is_none());
//! let onet = Rules::judge().with_border(Border::Open)?;
//! let around = connect(&row, Pos::new(0, 0), Pos::new(0, 2), &onet).unwrap().unwrap();
//! assert_eq!(around.corners()[1].row, -1); // the ring above the board
//!
//! // Many queries on a fixed board: answered together, the same paths.
//! let mut batch = Batch::new();
//! batch.set_board(&board.to_grid(), judge).unwrap();
//! batch.answer(&[(Pos::new(0, 0), Pos::new(2, 3)), (Pos::new(0, 1), Pos::new(2, 2))]).unwrap();
//! assert_eq!(batch.path(0), Some(path));
//! assert!(batch.is_match(1));
//! # Ok::<(), lianliankan::RulesError>(())
//! ```
//!
//! # Engine
//!
//! ```
//! use lianliankan::{Game, GenerateSpec, Rules, Solution, Step, deal, generate, moves, solve};
//!
//! // KShisen's rules (around the board, gravity down), seasons match seasons.
//! let rules = Rules::kshisen().with_groups("37-40".parse().unwrap());
//! // A 4 x 6 deal of 5 kinds that can be cleared, with the order that proves it.
//! let spec = GenerateSpec::new(4, 6, 5).with_seed(7).with_rules(rules.clone());
//! let deal = generate(&spec).unwrap();
//! assert!(!moves(&deal.board, &rules).is_empty());
//! let Solution::Solved(order) = solve(&deal.board, &rules, 1_000_000) else { panic!() };
//!
//! let mut game = Game::new(deal.board, rules);
//! let hint = game.hint().unwrap();
//! game.remove(hint.a(), hint.b()).unwrap(); // returns the path drawn
//! if let Some(Step::Removed { moved, .. }) = game.history().last() {
//!     println!("{} tiles slid down", moved.len()); // what a front end animates
//! }
//! game.undo();
//! game.redo();
//! game.undo();
//! // Each pair is named on the board as it is at that step.
//! for pair in &order {
//!     game.play(*pair).unwrap();
//! }
//! assert!(game.is_cleared());
//! ```
//!
//! # Design
//!
//! Queries with at most two turns are answered by enumerating path shapes
//! against per-row and per-column prefix counts of tiles, in O(rows + cols)
//! per query, instead of a search per query. The searches that circulate for
//! this problem are O(rows·cols) per query, and many are wrong: they
//! remember "visited" per cell and discard a later arrival with fewer turns.
//! Larger turn limits use grid-core's exact minimum-turn search. On a board
//! that stays fixed while many queries are asked (the judge's case),
//! [`Batch`] answers them together in O(log(rows·cols)) each after a few
//! sweeps over the board. The engine stands on one search, where a path of
//! at most K turns can go from a cell, in O(rows·cols) for any K. Every
//! answer is checked in the test suite against [`reference`](mod@reference).
#![deny(missing_docs)]

mod connection;
pub mod draw;
mod engine;
pub mod format;
pub mod judge;
mod order;
mod query;
pub mod reference;
mod rules;

pub use engine::{
    BandCheck, BandedDeal, BandedError, Bands, BandsFrom, MeasuredBands, SettingBands, SureBand,
    SureConfig, bands_dealt, bands_for, bands_hold, check_bands, confirm_seed, deal_in_band,
    deal_in_bands, measure_bands, measured_settings, setting_bands, sure_band,
};
pub use engine::{
    Cancel, Cancelled, DEFAULT_BUDGET, DealSpec, Difficulty, Game, GenerateError, GenerateSpec,
    Generated, Greedy, MAX_GENERATE_CELLS, Move, NoMovePossible, Players, PlayersConfig, Playout,
    Progress, RateConfig, RateProgress, RatedDeal, RatedError, Rating, RemoveError, Route,
    SkillPoint, Slide, SlideBlocked, Solution, SolveConfig, Step, UnknownDifficulty, Way, deal,
    generate, generate_rated, generate_with, has_move, kshisen_greedy, moves, playout, rate,
    rate_players, solve, solve_with, solve_with_progress, ways_to_remove,
};
// Only the grid-core types this crate's own signatures use; the reader and
// its parts (`Reader`, `Line`, `Found`, `ErrorKind`, `Padded`, ...) are
// grid-core's, imported from there by who needs them.
pub use grid_core::{Grid, InputError, JudgeError, Location, Path, Point, Pos};

/// This library's version, `"MAJOR.MINOR.PATCH"`: the workspace's one
/// version, which every face reports (the command line's `--version`, C's
/// `llk_version()`, Python's `__version__`); a test checks that they agree.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
pub use order::{Order, Removal, ReplayError, Replayed};
pub use query::{
    Batch, Board, BoardError, Connector, MAX_CELLS, MAX_COLS, MAX_KIND, MAX_ROWS, OffBoard, connect,
};
pub use rules::{
    BadGroups, Border, Class, Connect, Gravity, Groups, Rules, RulesError, RulesForm,
    UnknownBorder, UnknownConnect, UnknownGravity,
};

// The README's example runs as a doctest, so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
