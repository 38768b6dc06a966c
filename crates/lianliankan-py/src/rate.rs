//! `lianliankan.rate` and `generate_rated`: how hard a deal is (the
//! library's [`Rating`]) and a clearable deal whose score falls in a band.
//! Both release the GIL and stop within milliseconds when a signal handler
//! raises (Ctrl-C): the work runs on a thread of its own with a
//! [`Cancel`] token, while the calling thread looks at Python's signal
//! handlers and cancels the token when one raises.

use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use lianliankan::{Cancelled, Difficulty, RateConfig, RatedError, Rating};
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::api::moves_of;
use crate::args;
use crate::convert::{self, value_error};
use crate::errors::{Kind, error};
use crate::interrupt::{self, PyCancel, Stops, cancellable, stopped_error};
use crate::moves::PyMove;
use crate::rules::{PyRules, or_default};

/// A Rating's counts, as it pickles: `(winnable, (plays, cleared, probes,
/// trapped_games), (positions, offered, trap_positions, forced_positions,
/// first_trap_losing, first_trap_offered, width_positions, width_offered,
/// undecided, solves), earliest_trap)` (nested: PyO3 converts tuples of up
/// to 12 items).
type RatingState = (
    Option<bool>,
    (u32, u32, u32, u32),
    (u64, u64, u64, u64, u64, u64, u64, u64, u64, u64),
    Option<usize>,
);

/// The counts of `r`, every field of the library's Rating.
fn rating_state(r: &Rating) -> RatingState {
    (
        r.winnable,
        (r.plays, r.cleared, r.probes, r.trapped_games),
        (
            r.positions,
            r.offered,
            r.trap_positions,
            r.forced_positions,
            r.first_trap_losing,
            r.first_trap_offered,
            r.width_positions,
            r.width_offered,
            r.undecided,
            r.solves,
        ),
        r.earliest_trap,
    )
}

/// The Rating of the counts `state` (the library's Rating is
/// `#[non_exhaustive]`: made from its default, field by field).
fn rating_from_state(state: RatingState) -> Rating {
    let (winnable, (plays, cleared, probes, trapped_games), counts, earliest_trap) = state;
    let mut r = Rating::default();
    r.winnable = winnable;
    r.plays = plays;
    r.cleared = cleared;
    r.probes = probes;
    r.trapped_games = trapped_games;
    (
        r.positions,
        r.offered,
        r.trap_positions,
        r.forced_positions,
        r.first_trap_losing,
        r.first_trap_offered,
        r.width_positions,
        r.width_offered,
        r.undecided,
        r.solves,
    ) = counts;
    r.earliest_trap = earliest_trap;
    r
}

// The defaults of `rate` and `generate_rated` are written as literals in
// their signatures, so that Python's `inspect.signature` (and the stub
// checker) shows them; they are the library's, or the build fails here.
const _: () = assert!(RateConfig::DEFAULT_PLAYS == 100);
const _: () = assert!(RateConfig::DEFAULT_PROBES == 3);
const _: () = assert!(RateConfig::DEFAULT_BUDGET == 10_000);
const _: () = assert!(RateConfig::DEFAULT_DEAL_BUDGET == 1_000_000);

/// How hard a deal is, as `rate` measured it: the counts of its random and
/// probed games (each a read-only property), the figures computed from
/// them, and the `score` (0 easy to 100 hard) with its `difficulty`.
/// `str()` is the report `lianliankan rate` prints. Ratings compare equal
/// when their counts are; they hash, pickle and copy.
#[pyclass(frozen, eq, hash, module = "lianliankan", name = "Rating")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyRating {
    inner: Rating,
}

impl Hash for PyRating {
    fn hash<H: Hasher>(&self, state: &mut H) {
        rating_state(&self.inner).hash(state);
    }
}

#[pymethods]
impl PyRating {
    /// Whether the deal can be cleared: True, False (proved), or None when
    /// the solver did not decide it within `deal_budget` (then nothing was
    /// probed).
    #[getter]
    fn winnable(&self) -> Option<bool> {
        self.inner.winnable
    }

    /// Random games played.
    #[getter]
    fn plays(&self) -> u32 {
        self.inner.plays
    }

    /// Of them, the games that cleared the board.
    #[getter]
    fn cleared(&self) -> u32 {
        self.inner.cleared
    }

    /// Random games probed (the first ones, while the deal is winnable).
    #[getter]
    fn probes(&self) -> u32 {
        self.inner.probes
    }

    /// Positions probed: positions of the probed games proved winnable.
    #[getter]
    fn positions(&self) -> u64 {
        self.inner.positions
    }

    /// Pairs on offer at the probed positions, in all.
    #[getter]
    fn offered(&self) -> u64 {
        self.inner.offered
    }

    /// Probed positions that offer at least one losing pair.
    #[getter]
    fn trap_positions(&self) -> u64 {
        self.inner.trap_positions
    }

    /// Probed positions with exactly one winning pair, every other pair
    /// proved losing.
    #[getter]
    fn forced_positions(&self) -> u64 {
        self.inner.forced_positions
    }

    /// Probed games that met a trap.
    #[getter]
    fn trapped_games(&self) -> u32 {
        self.inner.trapped_games
    }

    /// Losing pairs at the first trap of each trapped game, in all.
    #[getter]
    fn first_trap_losing(&self) -> u64 {
        self.inner.first_trap_losing
    }

    /// Pairs on offer at those first traps, in all.
    #[getter]
    fn first_trap_offered(&self) -> u64 {
        self.inner.first_trap_offered
    }

    /// The earliest step (0: the deal) at which a probed game met a trap;
    /// None when none did.
    #[getter]
    fn earliest_trap(&self) -> Option<usize> {
        self.inner.earliest_trap
    }

    /// Positions of all the random games at which a pair was taken.
    #[getter]
    fn width_positions(&self) -> u64 {
        self.inner.width_positions
    }

    /// Pairs on offer at those positions, in all.
    #[getter]
    fn width_offered(&self) -> u64 {
        self.inner.width_offered
    }

    /// Pairs made at probed positions whose result the solver did not
    /// decide within the budget.
    #[getter]
    fn undecided(&self) -> u64 {
        self.inner.undecided
    }

    /// Solves run (each position decided once).
    #[getter]
    fn solves(&self) -> u64 {
        self.inner.solves
    }

    /// The fraction of random games that cleared the board (0 when none
    /// was played).
    #[getter]
    fn forgiveness(&self) -> f64 {
        self.inner.forgiveness()
    }

    /// The 95% Wilson score interval of `forgiveness`: (low, high); (0, 1)
    /// when no game was played.
    #[getter]
    fn forgiveness_interval(&self) -> (f64, f64) {
        self.inner.forgiveness_interval()
    }

    /// The fraction of probed positions that offer a losing pair.
    #[getter]
    fn trap_rate(&self) -> f64 {
        self.inner.trap_rate()
    }

    /// The fraction of probed positions with exactly one winning pair.
    #[getter]
    fn forced_rate(&self) -> f64 {
        self.inner.forced_rate()
    }

    /// The mean number of pairs on offer where a random game took one.
    #[getter]
    fn mean_width(&self) -> f64 {
        self.inner.mean_width()
    }

    /// The mean number of losing pairs at a probed game's first trap.
    #[getter]
    fn first_trap_mean_losing(&self) -> f64 {
        self.inner.first_trap_mean_losing()
    }

    /// The mean number of pairs on offer at a probed game's first trap.
    #[getter]
    fn first_trap_mean_offered(&self) -> f64 {
        self.inner.first_trap_mean_offered()
    }

    /// The summary score, 0 (every random game clears) to 100 (no game
    /// can): round(100 * (0.6*h + 0.2*trap_rate + 0.2*forced_rate)), h =
    /// min(1, -log10(p) / 2) for p = (cleared + 1/2) / (plays + 1); 100 for
    /// a deal proved unclearable.
    #[getter]
    fn score(&self) -> u8 {
        self.inner.score()
    }

    /// The band `score` falls in: "easy" (0-24), "normal" (25-49) or
    /// "hard" (50-100).
    #[getter]
    fn difficulty(&self) -> &'static str {
        self.inner.difficulty().name()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    /// Rebuilds a pickled Rating (pickle's constructor; not for other use).
    #[classmethod]
    fn _restore(_cls: &Bound<'_, PyType>, state: RatingState) -> PyRating {
        PyRating {
            inner: rating_from_state(state),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (RatingState,))> {
        let py = slf.py();
        Ok((
            py.get_type::<PyRating>().getattr("_restore")?,
            (rating_state(&slf.get().inner),),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Rating(score={}, difficulty={:?}, cleared={}, plays={})",
            self.inner.score(),
            self.inner.difficulty().name(),
            self.inner.cleared,
            self.inner.plays
        )
    }
}

/// A clearable deal rated within a band, made by `generate_rated`: the
/// `board`, its `certificate` (a list of Move), its `rating`, the `seed`
/// that made it and how many `candidates` were made and rated to find it.
/// RatedDeals compare equal when their fields are; they pickle and copy.
#[pyclass(frozen, eq, hash, module = "lianliankan", name = "RatedDeal")]
#[derive(Debug)]
pub struct RatedDeal {
    /// The board: a list of rows of kinds, 0 empty.
    #[pyo3(get)]
    board: Vec<Vec<u32>>,
    /// A removal order that clears the board: a list of Move (paths not
    /// computed).
    #[pyo3(get)]
    certificate: Vec<PyMove>,
    /// The board's rating, whose score lies in the band asked for.
    #[pyo3(get)]
    rating: Py<PyRating>,
    /// The seed of `generate` that made the board (the seed given, or one
    /// drawn from it for a later candidate).
    #[pyo3(get)]
    seed: u64,
    /// How many deals were made and rated to find it (this one included).
    #[pyo3(get)]
    candidates: usize,
}

impl PartialEq for RatedDeal {
    fn eq(&self, other: &Self) -> bool {
        (&self.board, &self.certificate, self.seed, self.candidates)
            == (
                &other.board,
                &other.certificate,
                other.seed,
                other.candidates,
            )
            && self.rating.get() == other.rating.get()
    }
}

impl Hash for RatedDeal {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (&self.board, &self.certificate, self.seed, self.candidates).hash(state);
        self.rating.get().hash(state);
    }
}

#[pymethods]
impl RatedDeal {
    fn __repr__(&self) -> String {
        format!(
            "RatedDeal(board={}, score={}, seed={}, candidates={})",
            crate::api::rows_summary(&self.board),
            self.rating.get().inner.score(),
            self.seed,
            self.candidates
        )
    }

    /// Rebuilds a pickled RatedDeal (pickle's constructor; not for other
    /// use).
    #[classmethod]
    fn _restore(
        _cls: &Bound<'_, PyType>,
        board: Vec<Vec<u32>>,
        certificate: Vec<PyRef<'_, PyMove>>,
        rating: Py<PyRating>,
        seed: u64,
        candidates: usize,
    ) -> RatedDeal {
        RatedDeal {
            board,
            certificate: certificate.iter().map(|m| (**m).clone()).collect(),
            rating,
            seed,
            candidates,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let py = slf.py();
        let d = slf.get();
        let args = (
            d.board.clone(),
            d.certificate.clone(),
            d.rating.clone_ref(py),
            d.seed,
            d.candidates,
        )
            .into_pyobject(py)?;
        Ok((
            py.get_type::<RatedDeal>().getattr("_restore")?,
            args.into_any().unbind(),
        ))
    }
}

/// `value` as a count of games named `name`: a `ValueError` when negative
/// or above 2**32 - 1.
fn games(name: &str, value: i64) -> PyResult<u32> {
    u32::try_from(value).map_err(|_| {
        value_error(format!(
            "{name} must be from 0 to {}, got {value}",
            u32::MAX
        ))
    })
}

/// `value` as the count of random games `plays`: at least one, since a
/// rating of no games would say nothing (and score as though every game
/// cleared).
fn plays(value: i64) -> PyResult<u32> {
    u32::try_from(value)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| {
            value_error(format!(
                "plays must be from 1 to {} (a rating of no games says nothing), got {value}",
                u32::MAX
            ))
        })
}

/// The rating's settings from Python's arguments.
fn config(
    plays: i64,
    probes: i64,
    seed: u64,
    budget: u64,
    deal_budget: u64,
) -> PyResult<RateConfig> {
    Ok(RateConfig::new()
        .plays(self::plays(plays)?)
        .probes(games("probes", probes)?)
        .seed(seed)
        .budget(budget)
        .deal_budget(deal_budget))
}

/// Rates how hard `board` (a list of rows of kinds, 0 empty) is to clear
/// under `rules` (default `Rules()`): `plays` random games (a pair drawn
/// uniformly at each step), of which the first `probes` are probed: at
/// every position they reach while the deal can still be won, every pair on
/// offer is made and the position after it decided by the solver (at most
/// `budget` states each; `deal_budget` for the deal itself). The same
/// board, rules and arguments give the same Rating.
///
/// The GIL is released while it works; Ctrl-C (KeyboardInterrupt), or any
/// exception a signal handler raises, stops it within milliseconds and is
/// raised from here; so do `timeout` (seconds: TimeoutError) and `cancel`
/// (a Cancel: Cancelled). `progress`, if given, is called about every
/// 0.1 s and once at the end with the games played and the most it plays
/// (`plays` + `probes`); an exception it raises stops the rating and is
/// raised from here.
///
/// Raises ValueError for a bad board or a negative (or too large) number.
#[pyfunction]
#[pyo3(signature = (
    board,
    rules = None,
    *,
    plays = 100,
    probes = 3,
    seed = 0,
    budget = 10_000,
    deal_budget = 1_000_000,
    timeout = None,
    cancel = None,
    progress = None,
))]
#[allow(clippy::too_many_arguments)]
pub fn rate(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::rules::rules_arg)] rules: Option<PyRules>,
    #[pyo3(from_py_with = args::plays)] plays: i64,
    #[pyo3(from_py_with = args::probes)] probes: i64,
    #[pyo3(from_py_with = convert::seed)] seed: u64,
    #[pyo3(from_py_with = convert::budget)] budget: u64,
    #[pyo3(from_py_with = convert::deal_budget)] deal_budget: u64,
    #[pyo3(from_py_with = interrupt::timeout)] timeout: Option<std::time::Duration>,
    #[pyo3(from_py_with = interrupt::cancel_arg)] cancel: Option<Py<PyCancel>>,
    #[pyo3(from_py_with = interrupt::progress_arg)] progress: Option<Py<PyAny>>,
) -> PyResult<PyRating> {
    let (board, rules) = crate::board::board_and_rules(board, "board", rules.as_ref())?;
    let config = config(plays, probes, seed, budget, deal_budget)?;
    let total = most_games(&config);
    let stops = Stops::counting_to(timeout, cancel.as_ref().map(|c| c.get()), progress, total);
    let config = counted(config, &stops);
    let (rating, stopped) = cancellable(py, &stops, |token| {
        lianliankan::rate(&board, &rules, &config.cancel(token))
    })?;
    if let Some(why) = stopped {
        return Err(stopped_error(why));
    }
    match rating {
        Ok(inner) => Ok(PyRating { inner }),
        // Cancelled only when a signal handler raised, handled above.
        Err(Cancelled) => Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("cancelled")),
    }
}

/// The games a rating under `config` plays at most: its random games and
/// the probed ones.
fn most_games(config: &RateConfig) -> u64 {
    u64::from(config.plays_asked()) + u64::from(config.probes_asked())
}

/// `config` with a progress hook that keeps the games played (and the
/// most it plays) in `stops`' counters, for its callback.
fn counted(config: RateConfig, stops: &Stops) -> RateConfig {
    let counter = Arc::clone(&stops.counter);
    let total = stops.total.clone();
    config.progress(move |p| {
        counter.store(p.games, Ordering::Relaxed);
        if let Some(total) = &total {
            total.store(p.total, Ordering::Relaxed);
        }
    })
}

/// The score band of `generate_rated`'s `difficulty` or `score`: exactly
/// one of them.
fn band(
    difficulty: Option<&str>,
    score: Option<(i64, i64)>,
) -> PyResult<std::ops::RangeInclusive<u8>> {
    match (difficulty, score) {
        (Some(name), None) => {
            let difficulty: Difficulty = name.parse().map_err(value_error)?;
            Ok(difficulty.band())
        }
        (None, Some((low, high))) => match (u8::try_from(low), u8::try_from(high)) {
            (Ok(l), Ok(h)) if l <= h && h <= 100 => Ok(l..=h),
            _ => Err(value_error(format!(
                "score must be a band (low, high) of scores 0 to 100 with low <= high, \
                 such as (50, 100); got ({low}, {high})"
            ))),
        },
        (Some(_), Some(_)) => Err(value_error("give difficulty or score, not both")),
        (None, None) => Err(value_error(
            "give difficulty (\"easy\", \"normal\" or \"hard\") or score (low, high)",
        )),
    }
}

/// A `rows` x `cols` board of `kinds` kinds that can be cleared under
/// `rules` (default `Rules()`), with its certificate, whose rating (as
/// `rate` rates it with `plays`, `probes`, `budget` and `deal_budget`, its
/// games seeded 0) falls in a band: `difficulty` "easy" (scores 0-24),
/// "normal" (25-49) or "hard" (50-100), or `score=(low, high)`, 0 to 100.
/// Up to `candidates` deals are made and rated, the first from `seed`, the
/// others from seeds drawn from it: a random deal as the games deal it,
/// kept when the solver clears it, else a board built backwards (always
/// clearable, usually easier). The same arguments give the same deal.
///
/// Returns a RatedDeal: `board`, `certificate`, `routes`, `rating`, `seed`
/// (the candidate's) and `candidates` (how many were tried). The GIL is
/// released while it works; Ctrl-C stops it, and so do `timeout` and
/// `cancel`. `progress`, if given, is called about every 0.1 s and once at
/// the end with the games played and the most it may play (`candidates`
/// × (`plays` + `probes`); a candidate left unprobed counts its probes as
/// played, and the games confirming a band are not counted, so it may end
/// early); an exception it raises stops the work and is raised from here.
///
/// Raises OutOfBand (a ValueError) when no candidate scored in the band,
/// with the scores seen; ValueError for an unknown difficulty, a bad band,
/// both or neither of difficulty and score, fewer than one candidate, or
/// numbers `generate` refuses.
#[pyfunction]
#[pyo3(signature = (
    rows,
    cols,
    kinds,
    seed = 0,
    rules = None,
    *,
    difficulty = None,
    score = None,
    candidates = 200,
    plays = 100,
    probes = 3,
    budget = 10_000,
    deal_budget = 1_000_000,
    timeout = None,
    cancel = None,
    progress = None,
))]
#[allow(clippy::too_many_arguments)]
pub fn generate_rated(
    py: Python<'_>,
    #[pyo3(from_py_with = args::rows)] rows: i64,
    #[pyo3(from_py_with = args::cols)] cols: i64,
    #[pyo3(from_py_with = args::kinds)] kinds: i64,
    #[pyo3(from_py_with = convert::seed)] seed: u64,
    #[pyo3(from_py_with = crate::rules::rules_arg)] rules: Option<PyRules>,
    #[pyo3(from_py_with = args::difficulty)] difficulty: Option<String>,
    #[pyo3(from_py_with = args::score)] score: Option<(i64, i64)>,
    #[pyo3(from_py_with = args::candidates)] candidates: i64,
    #[pyo3(from_py_with = args::plays)] plays: i64,
    #[pyo3(from_py_with = args::probes)] probes: i64,
    #[pyo3(from_py_with = convert::budget)] budget: u64,
    #[pyo3(from_py_with = convert::deal_budget)] deal_budget: u64,
    #[pyo3(from_py_with = interrupt::timeout)] timeout: Option<std::time::Duration>,
    #[pyo3(from_py_with = interrupt::cancel_arg)] cancel: Option<Py<PyCancel>>,
    #[pyo3(from_py_with = interrupt::progress_arg)] progress: Option<Py<PyAny>>,
) -> PyResult<RatedDeal> {
    let band = band(difficulty.as_deref(), score)?;
    let candidates = usize::try_from(candidates)
        .ok()
        .filter(|&c| c >= 1)
        .ok_or_else(|| value_error(format!("candidates must be 1 or more, got {candidates}")))?;
    let spec = crate::api::spec(rows, cols, kinds, seed, or_default(rules.as_ref()))?;
    let config = config(plays, probes, 0, budget, deal_budget)?;
    let total = most_games(&config).saturating_mul(candidates as u64);
    let stops = Stops::counting_to(timeout, cancel.as_ref().map(|c| c.get()), progress, total);
    let config = counted(config, &stops);
    let (made, stopped) = cancellable(py, &stops, |token| {
        lianliankan::generate_rated(&spec, band, &config.cancel(token), candidates)
    })?;
    if let Some(why) = stopped {
        return Err(stopped_error(why));
    }
    match made {
        Ok(made) => Ok(RatedDeal {
            board: convert::rows(&made.generated.board),
            certificate: moves_of(&made.generated.certificate),
            rating: Py::new(py, PyRating { inner: made.rating })?,
            seed: made.seed,
            candidates: made.candidates,
        }),
        Err(e @ RatedError::OutOfBand { .. }) => Err(out_of_band(py, &e)),
        Err(e @ RatedError::Generate(_)) => Err(error(Kind::Deal, e)),
        Err(RatedError::Cancelled) => {
            Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("cancelled"))
        }
        Err(e) => Err(value_error(e)),
    }
}

/// The OutOfBand exception for the library's `e`, with its figures as
/// attributes.
fn out_of_band(py: Python<'_>, e: &RatedError) -> PyErr {
    let err = error(Kind::OutOfBand, e);
    if let RatedError::OutOfBand {
        band,
        candidates,
        scores,
    } = e
    {
        let value = err.value(py);
        // Setting attributes on a fresh exception instance cannot fail but
        // for memory; then the exception without them is still the right
        // error.
        let _ = value.setattr("band", (*band.start(), *band.end()));
        let _ = value.setattr("candidates", *candidates);
        let _ = value.setattr("scores", (*scores.start(), *scores.end()));
    }
    err
}
