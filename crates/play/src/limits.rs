//! What the server accepts and how much work it does for one request: the
//! numbers `GET /api/limits` reports and every handler checks against.

use std::time::Duration;

use lianliankan::{Difficulty, Gravity, Rules};
use serde::Serialize;

use crate::problem::Problem;

/// The largest integer a JavaScript number holds exactly (2^53 − 1): seeds
/// travel through the page and its links, so larger ones would change on
/// the way.
pub const SEED_MAX: u64 = (1 << 53) - 1;

/// The server's limits. [`Limits::default`] is what `play` serves with
/// unless told otherwise (`--budget`, `--timeout-ms`, `--jobs`, `--pool`),
/// but for the pool of rated deals, which the binary turns on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most rows of a game board.
    pub rows: usize,
    /// The most columns of a game board.
    pub cols: usize,
    /// The most cells of a game board (so 30 × 16 and 16 × 30 both fit).
    pub cells: usize,
    /// The most kinds of tile in a deal (the page labels tiles 1 to 99).
    pub kinds: u32,
    /// The most turns a path may be allowed.
    pub turns: usize,
    /// The most bytes of a groups specification.
    pub groups_bytes: usize,
    /// The most search states a solve may expand (a request may ask for
    /// fewer).
    pub solve_states: u64,
    /// How long a solve, a deal or a judge run may take before the request
    /// is answered with a time-out.
    pub timeout: Duration,
    /// How long a deal of a chosen difficulty searches for a deal in its
    /// band before it deals the closest found (at most two fifths of
    /// `timeout`; making the closest again gets as long once more).
    pub rate_search: Duration,
    /// How many solves, deals of a difficulty and judge runs may run at
    /// once, on threads of the lowest priority (each holds its thread until
    /// its search stops, even after a time-out).
    pub jobs: usize,
    /// Whether heavy work runs at the lowest priority the system gives
    /// (nice 19 on Linux), so that a light request never waits on it: the
    /// binary's way. Off in [`Limits::default`], which tests use: beside
    /// other tests at the normal priority such threads would hardly run.
    pub lowest_priority: bool,
    /// How many rated deals the server keeps made ahead for each setting
    /// asked for (0: none; every deal of a difficulty is then searched
    /// while the player waits). The binary keeps 3 (`--pool`).
    pub pool: usize,
    /// The most bytes of a request body.
    pub body_bytes: usize,
    /// The most bytes of a judge input in the viewer.
    pub judge_input_bytes: usize,
    /// The most cells of one board in the viewer.
    pub judge_board_cells: usize,
    /// The most answers the viewer returns for one input.
    pub judge_answers: usize,
    /// The most moves the viewer lets a solitaire search look ahead.
    pub solitaire_moves: u32,
    /// The daily deal's setting ([`DailySetting::default`] unless a test
    /// wants a small board).
    pub daily: DailySetting,
}

/// The setting of the daily deal (`POST /api/daily`): its size, tile
/// kinds, rules and difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailySetting {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Tile kinds.
    pub kinds: u32,
    /// The rules.
    pub rules: Rules,
    /// The difficulty it is dealt at.
    pub difficulty: Difficulty,
}

impl Default for DailySetting {
    /// KShisen's 8 × 18 (8 rows, 18 columns: the page's first-visit size)
    /// with its 36 tile types, KShisen's rules (two turns, the open border)
    /// without gravity, dealt *normal*: a board of the middle size, in the
    /// library's measured table of bands (so normal is that setting's
    /// middle third, never the fixed fallback bands), under the rules every
    /// Shisen-Sho player knows; no gravity, so that a phone plays the very
    /// board a desktop plays (a board turned to portrait would be another
    /// deal).
    fn default() -> DailySetting {
        DailySetting {
            rows: 8,
            cols: 18,
            kinds: 36,
            rules: Rules::kshisen().with_gravity(Gravity::None),
            difficulty: Difficulty::Normal,
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            rows: 30,
            cols: 30,
            cells: 480,
            kinds: 99,
            turns: 8,
            groups_bytes: 200,
            solve_states: lianliankan::DEFAULT_BUDGET,
            timeout: Duration::from_secs(10),
            rate_search: Duration::from_secs(4),
            jobs: 2,
            lowest_priority: false,
            pool: 0,
            body_bytes: 1 << 20,
            judge_input_bytes: 64 << 10,
            judge_board_cells: 10_000,
            judge_answers: 500,
            solitaire_moves: 10,
            daily: DailySetting::default(),
        }
    }
}

impl Limits {
    /// The caps of a deal of a chosen difficulty, from the request's
    /// start: the search for a deal in the band stops at the first
    /// ([`Limits::rate_search`], at most two fifths of the time-out), the
    /// first look at the first candidate dealt instead at the second (as
    /// long once more, at most four fifths of the time-out), so that the
    /// answer comes before the time-out.
    pub fn rate_caps(&self) -> (Duration, Duration) {
        let search = self.rate_search.min(self.timeout * 2 / 5);
        let remake = (search * 2).min(self.timeout * 4 / 5);
        (search, remake)
    }
}

/// `GET /api/limits`: the limits, and the names the API accepts.
#[derive(Debug, Serialize)]
pub struct LimitsBody {
    rows: usize,
    cols: usize,
    cells: usize,
    kinds: u32,
    turns: usize,
    groups_bytes: usize,
    seed_max: u64,
    solve_states: u64,
    timeout_ms: u128,
    rate_search_ms: u128,
    jobs: usize,
    pool: usize,
    body_bytes: usize,
    judge_input_bytes: usize,
    judge_board_cells: usize,
    judge_answers: usize,
    solitaire_moves: u32,
    borders: [&'static str; 2],
    gravity: Vec<&'static str>,
    difficulties: Vec<&'static str>,
    problems: [&'static str; 3],
}

impl From<&Limits> for LimitsBody {
    fn from(limits: &Limits) -> LimitsBody {
        LimitsBody {
            rows: limits.rows,
            cols: limits.cols,
            cells: limits.cells,
            kinds: limits.kinds,
            turns: limits.turns,
            groups_bytes: limits.groups_bytes,
            seed_max: SEED_MAX,
            solve_states: limits.solve_states,
            timeout_ms: limits.timeout.as_millis(),
            rate_search_ms: limits.rate_caps().0.as_millis(),
            jobs: limits.jobs,
            pool: limits.pool,
            body_bytes: limits.body_bytes,
            judge_input_bytes: limits.judge_input_bytes,
            judge_board_cells: limits.judge_board_cells,
            judge_answers: limits.judge_answers,
            solitaire_moves: limits.solitaire_moves,
            borders: ["closed", "open"],
            gravity: Gravity::ALL.iter().map(|g| g.name()).collect(),
            difficulties: Difficulty::ALL.iter().map(|d| d.name()).collect(),
            problems: Problem::names(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Limits;

    /// The server's own caps lie within the library's size limits, the same
    /// on every face (docs/limits.md): a board it takes, every face takes,
    /// and a deal it generates, `generate` makes.
    #[test]
    fn the_caps_are_within_the_librarys_limits() {
        let limits = Limits::default();
        assert!(limits.rows <= lianliankan::MAX_ROWS);
        assert!(limits.cols <= lianliankan::MAX_COLS);
        assert!(limits.cells <= lianliankan::MAX_GENERATE_CELLS);
        assert!(limits.judge_board_cells <= lianliankan::MAX_CELLS);
    }
}
