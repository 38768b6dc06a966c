//! `llk_rate` (how hard a deal is, as a plain `LlkRating`), its report
//! text, the difficulty bands, and `llk_generate_rated` (a clearable deal
//! whose score falls in a band).

use std::ffi::{c_char, c_void};
use std::ops::RangeInclusive;

use lianliankan::{Difficulty, GenerateSpec, RateConfig, RatedError, Rating, Solution};

use crate::board::LlkBoard;
use crate::cancel::{self, LlkCancel};
use crate::ptr;
use crate::rules::LlkRules;
use crate::solve::LlkSolution;
use crate::status::{Error, LlkStatus, guard};

/// The random games `llk_rate` plays by default (`LlkRateConfig::plays`).
/// A literal, so that cbindgen can write it; a test checks it is the
/// library's.
pub const LLK_RATE_DEFAULT_PLAYS: u32 = 100;
/// The games probed by default (`LlkRateConfig::probes`).
pub const LLK_RATE_DEFAULT_PROBES: u32 = 3;
/// Each probed position's solve budget by default, in states
/// (`LlkRateConfig::budget`).
pub const LLK_RATE_DEFAULT_BUDGET: u64 = 10_000;
/// The deal's own solve budget by default, in states
/// (`LlkRateConfig::deal_budget`).
pub const LLK_RATE_DEFAULT_DEAL_BUDGET: u64 = 1_000_000;
/// The candidates `lianliankan generate --difficulty` makes and rates at
/// most, a good `candidates` for `llk_generate_rated`.
pub const LLK_RATE_DEFAULT_CANDIDATES: usize = 200;

/// Whether a rated deal can be cleared (`LlkRating::winnable`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlkWinnable {
    /// Proved unclearable.
    No = 0,
    /// Proved clearable.
    Yes = 1,
    /// The solver did not decide it in its budget.
    Unknown = -1,
}

/// An `LlkWinnable` as C passes it in an `LlkRating`: any `int`, checked
/// when read (the header names the enum's type).
pub type WinnableArg = i32;

/// An `LlkDifficulty` as C passes it: any `int`, checked when read (the
/// header names the enum's type).
pub type DifficultyArg = i32;

/// `LlkWinnable::Yes` as Rust code writes it (the header has the enum's).
pub const LLK_WINNABLE_YES: WinnableArg = LlkWinnable::Yes as WinnableArg;
/// `LlkWinnable::No` as Rust code writes it.
pub const LLK_WINNABLE_NO: WinnableArg = LlkWinnable::No as WinnableArg;
/// `LlkWinnable::Unknown` as Rust code writes it.
pub const LLK_WINNABLE_UNKNOWN: WinnableArg = LlkWinnable::Unknown as WinnableArg;

/// A named band of the rating's score.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlkDifficulty {
    /// Scores 0 to 24.
    Easy = 0,
    /// Scores 25 to 49.
    Normal = 1,
    /// Scores 50 to 100.
    Hard = 2,
}

impl LlkDifficulty {
    /// The C form of the library's `difficulty`.
    fn of(difficulty: Difficulty) -> LlkDifficulty {
        match difficulty {
            Difficulty::Easy => LlkDifficulty::Easy,
            Difficulty::Normal => LlkDifficulty::Normal,
            // Hard, and a band the library may add: the hardest known.
            _ => LlkDifficulty::Hard,
        }
    }

    /// The library's difficulty numbered `value`, or an invalid-argument
    /// error.
    fn library(value: i32) -> Result<Difficulty, Error> {
        match value {
            0 => Ok(Difficulty::Easy),
            1 => Ok(Difficulty::Normal),
            2 => Ok(Difficulty::Hard),
            other => Err(Error::invalid(format!(
                "unknown difficulty {other} (LLK_DIFFICULTY_EASY, LLK_DIFFICULTY_NORMAL or \
                 LLK_DIFFICULTY_HARD)"
            ))),
        }
    }
}

/// A progress callback of `llk_rate` and `llk_generate_rated`
/// (`LlkRateConfig::progress`): called on the thread that rates, after
/// each game, with the games played, the most the call plays, and the
/// config's `progress_user`.
pub type LlkRateProgress = Option<unsafe extern "C" fn(games: u64, total: u64, user: *mut c_void)>;

/// How `llk_rate` measures: a plain struct the caller fills, or
/// `llk_rate_config_default()`'s values (NULL where a config is taken
/// means those).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LlkRateConfig {
    /// Random games to play (forgiveness and width).
    pub plays: u32,
    /// Of them, games probed by the solver (traps and forced positions);
    /// more than `plays` means all of them.
    pub probes: u32,
    /// The seed of the random games: the same seed, the same rating.
    pub seed: u64,
    /// The most search states of each probed position's solve.
    pub budget: u64,
    /// The most search states of the deal's own solve.
    pub deal_budget: u64,
    /// NULL, or a function called after each game the call plays with the
    /// games played, the most it plays (`plays + probes` for `llk_rate`;
    /// `candidates × (plays + probes)` for `llk_generate_rated`, which may
    /// end early) and `progress_user`, on the calling thread. A progress
    /// bar; to stop, cancel the call's `LlkCancel` from it.
    pub progress: LlkRateProgress,
    /// Passed to `progress` as is (the library never reads it).
    pub progress_user: *mut c_void,
}

/// A C progress callback with its user pointer, as the library's hook.
#[derive(Clone, Copy)]
struct CProgress {
    call: unsafe extern "C" fn(u64, u64, *mut c_void),
    user: *mut c_void,
}

// SAFETY: the library calls a rating's hook only on the thread that runs
// `llk_rate` or `llk_generate_rated`, while the call runs: the pointer
// never crosses to another thread, and the callback runs where the caller
// asked for the rating.
unsafe impl Send for CProgress {}
// SAFETY: as above: never shared with another thread.
unsafe impl Sync for CProgress {}

impl LlkRateConfig {
    /// The library's config of these settings.
    fn library(self) -> RateConfig {
        let config = RateConfig::new()
            .plays(self.plays)
            .probes(self.probes)
            .seed(self.seed)
            .budget(self.budget)
            .deal_budget(self.deal_budget);
        match self.progress {
            Some(call) => {
                let hook = CProgress {
                    call,
                    user: self.progress_user,
                };
                config.progress(move |p| {
                    let hook = hook;
                    // SAFETY: the caller's function and pointer, called as
                    // `LlkRateConfig::progress` promises.
                    unsafe { (hook.call)(p.games, p.total, hook.user) }
                })
            }
            None => config,
        }
    }
}

/// How hard a deal is (a plain struct: the caller owns it, the library
/// only writes it): the counts `llk_rate` measured, the figures computed
/// from them, and the score with its difficulty. Counts of several deals
/// can be added up field by field (then `llk_rating_text` recomputes the
/// figures from the sums).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LlkRating {
    /// `LLK_WINNABLE_YES` (1) when the deal can be cleared,
    /// `LLK_WINNABLE_NO` (0) when it cannot (proved; then it scores 100),
    /// `LLK_WINNABLE_UNKNOWN` (-1) when the solver did not decide it
    /// within `deal_budget` (then nothing was probed).
    pub winnable: WinnableArg,
    /// Random games played.
    pub plays: u32,
    /// Of them, the games that cleared the board.
    pub cleared: u32,
    /// Random games probed (the first ones, while the deal is winnable).
    pub probes: u32,
    /// Positions probed: positions of the probed games proved winnable.
    pub positions: u64,
    /// Pairs on offer at the probed positions, in all.
    pub offered: u64,
    /// Probed positions that offer at least one losing pair.
    pub trap_positions: u64,
    /// Probed positions with exactly one winning pair, every other pair
    /// proved losing.
    pub forced_positions: u64,
    /// Probed games that met a trap.
    pub trapped_games: u32,
    /// Losing pairs at the first trap of each trapped game, in all.
    pub first_trap_losing: u64,
    /// Pairs on offer at those first traps, in all.
    pub first_trap_offered: u64,
    /// The earliest step (0: the deal) at which a probed game met a trap;
    /// -1 when none did.
    pub earliest_trap: i64,
    /// Positions of all the random games at which a pair was taken.
    pub width_positions: u64,
    /// Pairs on offer at those positions, in all.
    pub width_offered: u64,
    /// Pairs made at probed positions whose result the solver did not
    /// decide within the budget.
    pub undecided: u64,
    /// Solves run (each position decided once).
    pub solves: u64,
    /// The summary score, 0 (every random game clears) to 100 (no game
    /// can): round(100 * (0.6*h + 0.2*trap_rate + 0.2*forced_rate)),
    /// h = min(1, -log10(p) / 2) for p = (cleared + 1/2) / (plays + 1).
    pub score: u32,
    /// The band `score` falls in, an `LlkDifficulty`.
    pub difficulty: DifficultyArg,
    /// The fraction of random games that cleared the board (0 when none
    /// was played).
    pub forgiveness: f64,
    /// The low end of the 95% Wilson score interval of `forgiveness` (0
    /// when no game was played).
    pub forgiveness_low: f64,
    /// Its high end (1 when no game was played).
    pub forgiveness_high: f64,
    /// The fraction of probed positions that offer a losing pair.
    pub trap_rate: f64,
    /// The fraction of probed positions with exactly one winning pair.
    pub forced_rate: f64,
    /// The mean number of pairs on offer where a random game took one.
    pub mean_width: f64,
    /// The mean number of losing pairs at a probed game's first trap.
    pub first_trap_mean_losing: f64,
    /// The mean number of pairs on offer at a probed game's first trap.
    pub first_trap_mean_offered: f64,
}

impl LlkRating {
    /// The C form of the library's `rating`.
    pub(crate) fn of(rating: &Rating) -> LlkRating {
        let (low, high) = rating.forgiveness_interval();
        LlkRating {
            winnable: match rating.winnable {
                Some(true) => LLK_WINNABLE_YES,
                Some(false) => LLK_WINNABLE_NO,
                None => LLK_WINNABLE_UNKNOWN,
            },
            plays: rating.plays,
            cleared: rating.cleared,
            probes: rating.probes,
            positions: rating.positions,
            offered: rating.offered,
            trap_positions: rating.trap_positions,
            forced_positions: rating.forced_positions,
            trapped_games: rating.trapped_games,
            first_trap_losing: rating.first_trap_losing,
            first_trap_offered: rating.first_trap_offered,
            // A step count beyond i64 cannot happen (it counts removals).
            earliest_trap: rating
                .earliest_trap
                .map_or(-1, |step| i64::try_from(step).unwrap_or(i64::MAX)),
            width_positions: rating.width_positions,
            width_offered: rating.width_offered,
            undecided: rating.undecided,
            solves: rating.solves,
            score: u32::from(rating.score()),
            difficulty: LlkDifficulty::of(rating.difficulty()) as DifficultyArg,
            forgiveness: rating.forgiveness(),
            forgiveness_low: low,
            forgiveness_high: high,
            trap_rate: rating.trap_rate(),
            forced_rate: rating.forced_rate(),
            mean_width: rating.mean_width(),
            first_trap_mean_losing: rating.first_trap_mean_losing(),
            first_trap_mean_offered: rating.first_trap_mean_offered(),
        }
    }

    /// The library's rating of these counts (the figures are recomputed
    /// from them), or an invalid-argument error for a `winnable` or
    /// `earliest_trap` out of range.
    fn library(&self) -> Result<Rating, Error> {
        let mut rating = Rating::default();
        rating.winnable = match self.winnable {
            LLK_WINNABLE_YES => Some(true),
            LLK_WINNABLE_NO => Some(false),
            LLK_WINNABLE_UNKNOWN => None,
            other => {
                return Err(Error::invalid(format!(
                    "winnable is {other}: 1 (yes), 0 (no) or -1 (unknown)"
                )));
            }
        };
        rating.plays = self.plays;
        rating.cleared = self.cleared;
        rating.probes = self.probes;
        rating.positions = self.positions;
        rating.offered = self.offered;
        rating.trap_positions = self.trap_positions;
        rating.forced_positions = self.forced_positions;
        rating.trapped_games = self.trapped_games;
        rating.first_trap_losing = self.first_trap_losing;
        rating.first_trap_offered = self.first_trap_offered;
        rating.earliest_trap = match self.earliest_trap {
            -1 => None,
            step => Some(usize::try_from(step).map_err(|_| {
                Error::invalid(format!(
                    "earliest_trap is {step}: a step from 0, or -1 for none"
                ))
            })?),
        };
        rating.width_positions = self.width_positions;
        rating.width_offered = self.width_offered;
        rating.undecided = self.undecided;
        rating.solves = self.solves;
        Ok(rating)
    }
}

/// The default settings of `llk_rate`: `LLK_RATE_DEFAULT_PLAYS` (100)
/// random games, the first `LLK_RATE_DEFAULT_PROBES` (3) probed, seed 0,
/// `LLK_RATE_DEFAULT_BUDGET` (10,000) states a position's solve and
/// `LLK_RATE_DEFAULT_DEAL_BUDGET` (1,000,000) the deal's, as `lianliankan
/// rate` measures by default. A plain value; change its fields as needed.
#[allow(unsafe_code)] // `no_mangle` (no pointer is dereferenced)
#[unsafe(no_mangle)]
pub extern "C" fn llk_rate_config_default() -> LlkRateConfig {
    LlkRateConfig {
        plays: LLK_RATE_DEFAULT_PLAYS,
        probes: LLK_RATE_DEFAULT_PROBES,
        seed: 0,
        budget: LLK_RATE_DEFAULT_BUDGET,
        deal_budget: LLK_RATE_DEFAULT_DEAL_BUDGET,
        progress: None,
        progress_user: std::ptr::null_mut(),
    }
}

/// The settings at `config`, or the defaults for NULL, with the token of
/// `cancel` (none for NULL).
///
/// # Safety
/// `config` is NULL or points to a live `LlkRateConfig`; `cancel` is NULL
/// or a live token.
unsafe fn config_or_default(config: *const LlkRateConfig, cancel: *const LlkCancel) -> RateConfig {
    // SAFETY: the caller's promise above.
    let config = match unsafe { config.as_ref() } {
        Some(config) => config.library(),
        None => llk_rate_config_default().library(),
    };
    // SAFETY: the caller's promise above.
    match unsafe { cancel::token(cancel) } {
        Some(token) => config.cancel(token),
        None => config,
    }
}

/// Rates how hard `board` is to clear under `rules`, as `config` says
/// (NULL: `llk_rate_config_default()`), and stores the rating in `*out`:
/// `config->plays` random games (a pair drawn uniformly at each step), of
/// which the first `config->probes` are probed: at every position they
/// reach while the deal can still be won, every pair on offer is made and
/// the position after it decided by the solver (`config->budget` states
/// each; `config->deal_budget` for the deal itself, solved first). The
/// same board, rules and config give the same rating, as `lianliankan
/// rate` prints it (`llk_rating_text`). Both handles are only read, so
/// many threads may rate at once.
///
/// `cancel` is NULL (not cancellable) or a token: once it is cancelled
/// (`llk_cancel_cancel`, from any thread) the rating stops soon and the
/// call returns `LLK_STATUS_CANCELLED`, storing nothing.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL board, rules or `out`.
///
/// # Complexity
/// O(plays · s · m) for s steps a game and m the cost of listing the
/// moves, plus about probes · s · w solves (each within `budget` states)
/// for w pairs on offer.
///
/// # Safety
/// `board` and `rules` are NULL or live handles; `config` is NULL or
/// points to a config; `cancel` is NULL or a live token; `out` is NULL or valid for writing an `LlkRating`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rate(
    board: *const LlkBoard,
    rules: *const LlkRules,
    config: *const LlkRateConfig,
    cancel: *const LlkCancel,
    out: *mut LlkRating,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let (board, rules) =
            unsafe { (ptr::borrow(board, "board")?, ptr::borrow(rules, "rules")?) };
        ptr::check_out(out, "out")?;
        // SAFETY: the caller's promise above.
        let config = unsafe { config_or_default(config, cancel) };
        // The token is the only thing that stops a rating early.
        let rating = lianliankan::rate(&board.inner, rules.rules(), &config)
            .map_err(|e| Error::new(LlkStatus::Cancelled, format!("the rating was {e}")))?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, LlkRating::of(&rating), "out") }
    })
}

/// Writes the report `lianliankan rate` prints for the counts of
/// `*rating` (its figures, score and difficulty fields are not read: they
/// are recomputed from the counts): a line each for the score, the
/// forgiveness, the traps, the width and the solver, each ended by `\n`.
/// At most `cap` bytes go to `buf`, the text cut short to `cap - 1` bytes
/// (it is ASCII) and a NUL after it; `*out_len` (when not NULL) gets the
/// whole text's length without the NUL: call with `cap` 0 (and `buf`
/// NULL) to learn it, then with a buffer one byte longer. The caller owns
/// the buffer.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for a NULL `rating`, a NULL `buf`
/// with a `cap`, or a `winnable` or `earliest_trap` out of range.
///
/// # Safety
/// `rating` is NULL or points to an `LlkRating`; `buf` is NULL or valid
/// for writing `cap` bytes; `out_len` is NULL or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_rating_text(
    rating: *const LlkRating,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let rating = unsafe { ptr::borrow(rating, "rating")? };
        if cap > 0 {
            ptr::check_out(buf, "buf")?;
        }
        let text = rating.library()?.to_string();
        if cap > 0 {
            let kept = text.len().min(cap - 1);
            // SAFETY: `kept` + 1 <= `cap` bytes, which the caller promises
            // at `buf`; the text is a Rust string, not overlapping `buf`.
            unsafe {
                std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), kept);
                buf.add(kept).write(0);
            }
        }
        if !out_len.is_null() {
            // SAFETY: non-NULL, and the caller's promise above.
            unsafe { ptr::write(out_len, text.len(), "out_len")? };
        }
        Ok(())
    })
}

/// Stores the scores of `difficulty` (an `LlkDifficulty`) in `*out_low`
/// and `*out_high`: 0-24 (easy), 25-49 (normal) or 50-100 (hard), the band
/// to give `llk_generate_rated`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for another number or a NULL
/// pointer.
///
/// # Safety
/// Each out-parameter is NULL or valid for writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_difficulty_band(
    difficulty: DifficultyArg,
    out_low: *mut u32,
    out_high: *mut u32,
) -> LlkStatus {
    guard(|| {
        let band = LlkDifficulty::library(difficulty)?.band();
        ptr::check_out(out_low, "out_low")?;
        ptr::check_out(out_high, "out_high")?;
        // SAFETY: the caller's promise above.
        unsafe {
            ptr::write(out_low, u32::from(*band.start()), "out_low")?;
            ptr::write(out_high, u32::from(*band.end()), "out_high")
        }
    })
}

/// Stores the difficulty named `name` (`"easy"`, `"normal"` or `"hard"`,
/// as the command line's `--difficulty` takes them) in `*out`, as an
/// `LlkDifficulty`.
///
/// Returns `LLK_STATUS_INVALID_ARGUMENT` for another name (the message
/// lists the names), text that is not UTF-8, or a NULL pointer.
///
/// # Safety
/// `name` is NULL or a NUL-terminated string; `out` is NULL or valid for
/// writing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_difficulty_parse(
    name: *const c_char,
    out: *mut DifficultyArg,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let name =
            unsafe { ptr::text(name, "name")? }.ok_or_else(|| Error::invalid("name is NULL"))?;
        ptr::check_out(out, "out")?;
        let difficulty: Difficulty = name.parse().map_err(|e| Error::invalid(format!("{e}")))?;
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out, LlkDifficulty::of(difficulty) as DifficultyArg, "out") }
    })
}

/// The band `low`-`high`, or an invalid-argument error unless
/// `low <= high <= 100`.
fn band(low: u32, high: u32) -> Result<RangeInclusive<u8>, Error> {
    match (u8::try_from(low), u8::try_from(high)) {
        (Ok(l), Ok(h)) if l <= h && h <= 100 => Ok(l..=h),
        _ => Err(Error::invalid(format!(
            "the band {low}-{high} is no band of scores: 0 <= low <= high <= 100"
        ))),
    }
}

/// Makes a `rows` x `cols` board of `kinds` kinds that can be cleared
/// under `rules`, whose rating (as `llk_rate` rates it with `config`; NULL:
/// `llk_rate_config_default()`) scores from `band_low` to `band_high`
/// (0 to 100; `llk_difficulty_band` gives a difficulty's), as
/// `lianliankan generate --score LOW-HIGH` does. At most `candidates` deals
/// are made and rated, the first from `seed`, the others from seeds drawn
/// from it: a random deal as the games deal it, kept when the solver clears
/// it within `config->deal_budget`, else a board built backwards from the
/// same seed (always clearable, usually easier). The same arguments give
/// the same board.
///
/// `cancel` is NULL (not cancellable) or a token: once it is cancelled
/// (`llk_cancel_cancel`, from any thread) the search stops soon and the
/// call returns `LLK_STATUS_CANCELLED`, storing nothing.
///
/// Stores the board in `*out_board` (the caller frees it with
/// `llk_board_free`) and, for each out-parameter that is not NULL: a
/// solution (outcome `LLK_OUTCOME_SOLVED`) whose order clears it in
/// `*out_certificate` (freed by `llk_solution_free`), its rating in
/// `*out_rating` (a plain struct the caller owns), the seed of the
/// candidate in `*out_seed` and the number of deals made and rated to find
/// it (this one included) in `*out_candidates`.
///
/// Returns `LLK_STATUS_OUT_OF_BAND` when no candidate scored in the band
/// (`llk_last_error()` says which scores were seen);
/// `LLK_STATUS_GENERATE_FAILED` for fewer than two cells or kinds
/// `llk_generate` refuses; `LLK_STATUS_INVALID_ARGUMENT` for a band that is
/// not `low <= high <= 100`, no candidates, more than
/// `LLK_MAX_GENERATE_CELLS` cells, or a NULL `rules` or `out_board`.
///
/// # Complexity
/// Up to `candidates` times: a deal, a solve within `config->deal_budget`
/// states and a rating (as `llk_rate`).
///
/// # Safety
/// `rules` is NULL or live rules; `config` is NULL or points to a config;
/// `cancel` is NULL or a live token;
/// each out-parameter is NULL or valid for writing its type.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn llk_generate_rated(
    rows: usize,
    cols: usize,
    kinds: u32,
    seed: u64,
    rules: *const LlkRules,
    band_low: u32,
    band_high: u32,
    candidates: usize,
    config: *const LlkRateConfig,
    cancel: *const LlkCancel,
    out_board: *mut *mut LlkBoard,
    out_certificate: *mut *mut LlkSolution,
    out_rating: *mut LlkRating,
    out_seed: *mut u64,
    out_candidates: *mut usize,
) -> LlkStatus {
    guard(|| {
        // SAFETY: the caller's promise above.
        let rules = unsafe { ptr::borrow(rules, "rules")? };
        ptr::check_out(out_board, "out_board")?;
        let band = band(band_low, band_high)?;
        if candidates == 0 {
            return Err(Error::invalid(
                "candidates is 0: at least one deal must be made",
            ));
        }
        crate::play::within_size_limit(rows, cols)?;
        let spec = GenerateSpec::new(rows, cols, kinds)
            .with_seed(seed)
            .with_rules(rules.rules().clone());
        // SAFETY: the caller's promise above.
        let config = unsafe { config_or_default(config, cancel) };
        let made = lianliankan::generate_rated(&spec, band, &config, candidates).map_err(|e| {
            let status = match e {
                RatedError::OutOfBand { .. } => LlkStatus::OutOfBand,
                RatedError::Generate(_) => LlkStatus::GenerateFailed,
                RatedError::Cancelled => LlkStatus::Cancelled,
                // A kind of error the library may add.
                _ => LlkStatus::Internal,
            };
            Error::new(status, e.to_string())
        })?;
        let certificate = LlkSolution::new(&Solution::Solved(made.generated.certificate));
        let rating = LlkRating::of(&made.rating);
        if !out_rating.is_null() {
            // SAFETY: non-NULL, and the caller's promise above.
            unsafe { ptr::write(out_rating, rating, "out_rating")? };
        }
        if !out_seed.is_null() {
            // SAFETY: non-NULL, and the caller's promise above.
            unsafe { ptr::write(out_seed, made.seed, "out_seed")? };
        }
        if !out_candidates.is_null() {
            // SAFETY: non-NULL, and the caller's promise above.
            unsafe { ptr::write(out_candidates, made.candidates, "out_candidates")? };
        }
        if !out_certificate.is_null() {
            // SAFETY: non-NULL, and the caller's promise above.
            unsafe {
                ptr::write(
                    out_certificate,
                    ptr::into_handle(certificate),
                    "out_certificate",
                )?
            };
        }
        let board = ptr::into_handle(LlkBoard {
            inner: made.generated.board,
        });
        // SAFETY: the caller's promise above.
        unsafe { ptr::write(out_board, board, "out_board") }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_librarys() {
        assert_eq!(LLK_RATE_DEFAULT_PLAYS, RateConfig::DEFAULT_PLAYS);
        assert_eq!(LLK_RATE_DEFAULT_PROBES, RateConfig::DEFAULT_PROBES);
        assert_eq!(LLK_RATE_DEFAULT_BUDGET, RateConfig::DEFAULT_BUDGET);
        assert_eq!(
            LLK_RATE_DEFAULT_DEAL_BUDGET,
            RateConfig::DEFAULT_DEAL_BUDGET
        );
    }

    #[test]
    fn difficulties_are_the_librarys_in_order() {
        for (i, difficulty) in Difficulty::ALL.into_iter().enumerate() {
            let c = LlkDifficulty::of(difficulty);
            assert_eq!(c as i32, i as i32);
            assert_eq!(LlkDifficulty::library(c as i32).ok(), Some(difficulty));
        }
        assert!(LlkDifficulty::library(3).is_err());
        assert!(LlkDifficulty::library(-1).is_err());
    }

    #[test]
    fn ratings_cross_both_ways() {
        let board = lianliankan::Board::from_rows(&[[1, 2, 1, 2], [3, 3, 4, 4]]).unwrap();
        let rules = lianliankan::Rules::default();
        let rating = lianliankan::rate(&board, &rules, &RateConfig::new().plays(20)).unwrap();
        let c = LlkRating::of(&rating);
        assert_eq!(c.library().unwrap(), rating);
        assert_eq!(c.score, u32::from(rating.score()));
        let bad = LlkRating { winnable: 2, ..c };
        assert!(bad.library().is_err());
        let bad = LlkRating {
            earliest_trap: -2,
            ..c
        };
        assert!(bad.library().is_err());
    }
}
