//! The game engine on top of the query core: a [`Game`] with atomic
//! removals and undo, every [`Move`] available now, hints and dead boards,
//! shuffles, an exact full-clear [`solve()`]r and a [`generate()`]r of boards
//! that can be cleared.
//!
//! - `cell` — `Cell`, a cell of a field (`reach`), a newtype over its
//!   index;
//! - `reach` — where a path of at most K turns can go from a cell, in
//!   O(rows·cols) for any K: what `moves`, `solve` and `generate` stand on;
//! - `bit_rows` — the same question word-parallel (a word a row), and the
//!   directed one of the gravity closure, for the solvers' closure tests on
//!   fields up to 64 cells wide;
//! - `moves` — the [`Move`] type and every removable pair;
//! - `game` — [`Game`]: the board, the rules and the history;
//! - `settle` — gravity: where the tiles slide after a removal;
//! - `sliding_tiles` — KShisen's sliding tiles: a slide checked and made,
//!   every slide on a board (no moves, games or rules: those stand on it);
//! - `ways` — every way a picked pair can go, plain or sliding;
//! - `shuffle` — rearranging the remaining tiles so that a move exists;
//! - `solve` — the exact solver, a folder with a file per search and per
//!   proof: two searches in turn without gravity (over positions, with a
//!   memo of failed positions and a proof of dead positions; over partner
//!   choices), the search when tiles move (positions are whole boards),
//!   and the holes of a crowded closed board, searched one at a time,
//!   which prove positions lost (tiles fixed or sliding);
//! - `generate` — boards built backwards, with their removal certificate;
//!   `generate_error` — why no board was made, and the size limits of the
//!   boards `generate` and `deal` make;
//! - `rate` — how hard a deal is (random games, probed by the solver)
//!   and deals generated within a band of difficulty; `repair` — the
//!   clearing order of a position adapted to the positions one move away,
//!   which spares the rating most of its solves;
//! - `checks` — the checks games make instead of solving (KShisen's
//!   greedy one, a first move), and random playouts with the step from
//!   which they are lost.

mod bit_rows;
mod board_calls;
mod cell;
mod checks;
mod deal;
mod game;
mod generate;
mod generate_error;
mod moves;
mod rate;
pub(crate) mod reach;
mod repair;
mod settle;
mod shuffle;
mod sliding_tiles;
mod solve;
mod ways;

pub use checks::{Greedy, Playout, has_move, kshisen_greedy, playout};
pub use deal::{DealSpec, deal};
pub use game::{Game, RemoveError, Step};
pub use generate::{GenerateSpec, Generated, generate, generate_with};
pub use generate_error::{GenerateError, MAX_GENERATE_CELLS};
pub use moves::{Move, Route, moves};
pub(crate) use moves::{reach_moves, two_turn_moves};
pub use rate::{
    BandCheck, BandedDeal, BandedError, Bands, BandsFrom, Cancelled, Difficulty, MeasuredBands,
    Players, PlayersConfig, RateConfig, RateProgress, RatedDeal, RatedError, Rating, SettingBands,
    SkillPoint, SureBand, SureConfig, UnknownDifficulty, bands_dealt, bands_for, bands_hold,
    check_bands, confirm_seed, deal_in_band, deal_in_bands, generate_rated, measure_bands,
    measured_settings, rate, rate_players, setting_bands, sure_band,
};
pub use settle::Slide;
pub use shuffle::NoMovePossible;
pub use sliding_tiles::SlideBlocked;
pub(crate) use sliding_tiles::slide_moves;
pub use solve::{
    Cancel, DEFAULT_BUDGET, Progress, Solution, SolveConfig, solve, solve_with, solve_with_progress,
};
pub use ways::{Way, ways_to_remove};
