//! The long calls: `solve`, `generate`, `generateRated`, `rate`, and what
//! stops them (`Cancel`, `timeoutMs`); and `replay`.
//!
//! Time limits are read on the host's clock (`Date.now()`): the standard
//! library's `Instant` has no clock on `wasm32-unknown-unknown` and
//! panics, so every token is made with [`Cancel::with_clock`].

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::time::Duration;

use js_sys::{Array, Reflect};
use lianliankan::{
    Cancel, DealSpec, Difficulty, GenerateError, GenerateSpec, Move, Order, Progress, RateConfig,
    RatedError, Rating, Removal, Solution, SolveConfig, solve_with_progress,
};
use wasm_bindgen::prelude::*;

use crate::board::board_and_rules;
use crate::js::{self, Kind, error};
use crate::rate_progress::Watch;
use crate::rules;

/// The time now on the host's clock (milliseconds since the epoch).
#[cfg(target_arch = "wasm32")]
fn host_clock() -> Duration {
    Duration::from_secs_f64(js_sys::Date::now().max(0.0) / 1000.0)
}

/// A token reading time limits on the host's clock (on the host platform,
/// where `cargo test` builds this crate, the standard library's).
fn new_token() -> Cancel {
    #[cfg(target_arch = "wasm32")]
    {
        Cancel::with_clock(host_clock)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Cancel::new()
    }
}

thread_local! {
    /// The tokens of the live `Cancel` objects by their id: an options
    /// object holds a `Cancel` as a JavaScript value, which gives its id
    /// back (a class instance handed to Rust by value would be consumed).
    static TOKENS: RefCell<BTreeMap<u32, Cancel>> = const { RefCell::new(BTreeMap::new()) };
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// A cancel token: pass it as `cancel` in the options of `solve`,
/// `generate`, `generateRated` or `rate`. JavaScript runs one thing at a
/// time, so a call is stopped by a `cancel()` made before it, or from
/// `solve`'s `progress` callback while it runs; `timeoutMs` given with a
/// `cancel` sets this token's deadline. It stays cancelled.
#[wasm_bindgen(js_name = Cancel)]
#[derive(Debug)]
pub struct JsCancel {
    id: u32,
    token: Cancel,
}

#[wasm_bindgen(js_class = Cancel)]
impl JsCancel {
    /// A token not cancelled yet.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> JsCancel {
        let id = NEXT_ID.with(|next| {
            let id = next.get();
            next.set(id.wrapping_add(1).max(1));
            id
        });
        let token = new_token();
        TOKENS.with(|tokens| tokens.borrow_mut().insert(id, token.clone()));
        JsCancel { id, token }
    }

    /// Stops the work this token was given to.
    pub fn cancel(&self) {
        self.token.cancel();
    }

    /// Whether `cancel()` was called (or the deadline of a `timeoutMs`
    /// given with it has passed).
    #[wasm_bindgen(getter)]
    pub fn cancelled(&self) -> bool {
        self.token.is_cancelled()
    }

    /// The token's id, by which the options of a call find it.
    #[wasm_bindgen(getter, js_name = tokenId)]
    pub fn token_id(&self) -> u32 {
        self.id
    }
}

impl Drop for JsCancel {
    fn drop(&mut self) {
        // A drop during the process's teardown may find the map gone.
        let _ = TOKENS.try_with(|tokens| tokens.borrow_mut().remove(&self.id));
    }
}

/// What stops a call: its token (the `cancel` given, or a fresh one) and
/// the time limit set on it.
struct Stops {
    token: Cancel,
    timeout: Option<Duration>,
}

impl Stops {
    /// The `cancel` and `timeoutMs` of `options`.
    fn read(options: &JsValue) -> Result<Stops, JsValue> {
        let cancel = js::field(options, "cancel")?;
        let token = if js::absent(&cancel) {
            new_token()
        } else {
            let id = if cancel.is_object() {
                Reflect::get(&cancel, &JsValue::from_str("tokenId"))?.as_f64()
            } else {
                None
            };
            let found =
                id.and_then(|id| TOKENS.with(|tokens| tokens.borrow().get(&(id as u32)).cloned()));
            found.ok_or_else(|| js::type_error("options.cancel", "a Cancel", &cancel))?
        };
        let timeout = js::field(options, "timeoutMs")?;
        let timeout = if js::absent(&timeout) {
            None
        } else {
            let ms = js::whole(&timeout, "options.timeoutMs", 0.0, js::MAX_SAFE)?;
            let limit = Duration::from_millis(ms as u64);
            token.cancel_after(limit);
            Some(limit)
        };
        Ok(Stops { token, timeout })
    }

    /// The error of a call its token stopped: `TimeoutError` when it had
    /// a time limit and the token was not cancelled by hand, else
    /// `Cancelled`.
    fn stopped(&self) -> JsValue {
        match self.timeout {
            Some(limit) => error(
                Kind::Cancelled,
                format!(
                    "stopped: cancelled, or its timeoutMs ({} ms) passed",
                    limit.as_millis()
                ),
            ),
            None => error(Kind::Cancelled, "cancelled"),
        }
    }
}

/// `value` as a whole number of the option `name`, or `default` when
/// absent.
fn count_or(options: &JsValue, name: &str, default: u64) -> Result<u64, JsValue> {
    let value = js::field(options, name)?;
    if js::absent(&value) {
        Ok(default)
    } else {
        js::big_count(&value, &format!("options.{name}"))
    }
}

/// `count_or`, as a u32.
fn small_count_or(options: &JsValue, name: &str, default: u32) -> Result<u32, JsValue> {
    let value = js::field(options, name)?;
    if js::absent(&value) {
        Ok(default)
    } else {
        js::count(&value, &format!("options.{name}"))
    }
}

/// The options of `solve`.
const SOLVE_OPTIONS: [&str; 6] = [
    "rules",
    "budget",
    "memoryCap",
    "timeoutMs",
    "cancel",
    "progress",
];

/// Whether `board` (a Board, or an array of rows of kinds) can be
/// cleared: `{status, order, states}`, status "solved" (with the removal
/// order, each move on the board as it is at that step), "unsolvable"
/// (proved) or "unknown" (the budget spent, `timeoutMs` passed or
/// `cancel` set; `states` the states searched). Options: `rules`,
/// `budget` (states, 1,000,000; null: no limit), `memoryCap` (bytes),
/// `timeoutMs`, `cancel`, `progress` (called with the states searched
/// every 64 states; what it throws stops the search and is thrown here).
///
/// # Complexity
/// At most `budget` states of the library's solver, each costing at most
/// a bounded amount of path search (the library's `solve`).
#[wasm_bindgen(unchecked_return_type = "SolveResult")]
pub fn solve(
    #[wasm_bindgen(unchecked_param_type = "BoardLike")] board: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SolveOptions | undefined")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = js::given(options);
    js::known_fields(&options, "solve's options", &SOLVE_OPTIONS)?;
    let (board, rules) = board_and_rules(&board, "board", &js::field(&options, "rules")?)?;
    let mut config = SolveConfig::new();
    let budget = js::field(&options, "budget")?;
    if budget.is_undefined() {
        config = config.budget(lianliankan::DEFAULT_BUDGET);
    } else if !budget.is_null() {
        config = config.budget(js::big_count(&budget, "options.budget")?);
    }
    let memory = js::field(&options, "memoryCap")?;
    if !js::absent(&memory) {
        let bytes = js::big_count(&memory, "options.memoryCap")?;
        config = config.memory_cap(usize::try_from(bytes).unwrap_or(usize::MAX));
    }
    let progress = js::function(&js::field(&options, "progress")?, "options.progress")?;
    let stops = Stops::read(&options)?;
    let mut thrown = None;
    let mut report = |p: Progress| match &progress {
        Some(callback) => match callback.call1(&JsValue::NULL, &JsValue::from(p.states as f64)) {
            Ok(_) => ControlFlow::Continue(()),
            Err(e) => {
                thrown = Some(e);
                ControlFlow::Break(())
            }
        },
        None => ControlFlow::Continue(()),
    };
    let solution = solve_with_progress(
        &board,
        &rules,
        &config.cancel(stops.token.clone()),
        &mut report,
    );
    if let Some(e) = thrown {
        return Err(e);
    }
    let (status, order, states) = match solution {
        Solution::Solved(order) => ("solved", js::moves_of(&order), JsValue::NULL),
        Solution::Unsolvable => ("unsolvable", JsValue::NULL, JsValue::NULL),
        Solution::OutOfBudget { states } | Solution::Cancelled { states } => {
            ("unknown", JsValue::NULL, JsValue::from(states as f64))
        }
        _ => ("unknown", JsValue::NULL, JsValue::NULL),
    };
    Ok(js::object(&[
        ("status", JsValue::from_str(status)),
        ("order", order),
        ("states", states),
    ]))
}

/// The spec of `generate` and `generateRated`.
fn spec(
    rows: &JsValue,
    cols: &JsValue,
    kinds: &JsValue,
    options: &JsValue,
) -> Result<GenerateSpec, JsValue> {
    let rows = js::count(rows, "rows")? as usize;
    let cols = js::count(cols, "cols")? as usize;
    let kinds = js::count(kinds, "kinds")?;
    let seed = js::seed(&js::field(options, "seed")?, "options.seed")?;
    let rules = rules::read(&js::field(options, "rules")?, "options.rules")?;
    Ok(GenerateSpec::new(rows, cols, kinds)
        .with_seed(seed)
        .with_rules(rules))
}

/// The options of `deal`.
const DEAL_OPTIONS: [&str; 2] = ["seed", "copies"];

/// A random `rows` x `cols` board, every cell a tile, in groups of
/// `copies` (4) tiles of a kind, the `kinds` kinds taken in turn, shuffled
/// by `seed` (0): `{board, certificate: null}` (it may not be clearable). The same
/// arguments give the same board as every face. Throws a DealError for a
/// size, kinds or copies it refuses.
///
/// # Complexity
/// Linear in the cells.
#[wasm_bindgen(unchecked_return_type = "RandomDeal")]
pub fn deal(
    #[wasm_bindgen(unchecked_param_type = "number")] rows: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] cols: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] kinds: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DealOptions | undefined")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = js::given(options);
    js::known_fields(&options, "deal's options", &DEAL_OPTIONS)?;
    let rows = js::count(&rows, "rows")? as usize;
    let cols = js::count(&cols, "cols")? as usize;
    let kinds = js::count(&kinds, "kinds")?;
    let seed = js::seed(&js::field(&options, "seed")?, "options.seed")?;
    let copies = js::field(&options, "copies")?;
    let copies = if js::absent(&copies) {
        4
    } else {
        js::count(&copies, "options.copies")? as usize
    };
    let spec = DealSpec::new(rows, cols, kinds)
        .with_copies(copies)
        .with_seed(seed);
    match lianliankan::deal(&spec) {
        Ok(board) => Ok(js::object(&[
            ("board", js::rows_of(&board)),
            ("certificate", JsValue::NULL),
        ])),
        Err(e) => Err(error(Kind::Deal, e)),
    }
}

/// The options of `generate`.
const GENERATE_OPTIONS: [&str; 4] = ["seed", "rules", "timeoutMs", "cancel"];

/// A `rows` x `cols` board of `kinds` kinds that can be cleared under
/// `rules`, with its certificate: `{board, certificate}`. Options: `seed`
/// (0; a whole number or a bigint), `rules`, `timeoutMs`, `cancel`. The
/// same arguments give the same deal as every face. Throws a DealError
/// for a size or kinds it refuses, a Cancelled when stopped.
///
/// # Complexity
/// As the library's `generate`: about linear in the cells for the sizes
/// games use.
#[wasm_bindgen(unchecked_return_type = "Deal")]
pub fn generate(
    #[wasm_bindgen(unchecked_param_type = "number")] rows: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] cols: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] kinds: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GenerateOptions | undefined")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = js::given(options);
    js::known_fields(&options, "generate's options", &GENERATE_OPTIONS)?;
    let spec = spec(&rows, &cols, &kinds, &options)?;
    let stops = Stops::read(&options)?;
    match lianliankan::generate_with(&spec, &stops.token) {
        Ok(made) => Ok(js::object(&[
            ("board", js::rows_of(&made.board)),
            ("certificate", js::moves_of(&made.certificate)),
        ])),
        Err(GenerateError::Cancelled) => Err(stops.stopped()),
        Err(e) => Err(error(Kind::Deal, e)),
    }
}

/// The options of `rate` besides `rules`, `timeoutMs` and `cancel`, with
/// the library's defaults.
fn rate_config(options: &JsValue, seed: u64) -> Result<RateConfig, JsValue> {
    Ok(RateConfig::new()
        .plays(small_count_or(options, "plays", RateConfig::DEFAULT_PLAYS)?)
        .probes(small_count_or(
            options,
            "probes",
            RateConfig::DEFAULT_PROBES,
        )?)
        .seed(seed)
        .budget(count_or(options, "budget", RateConfig::DEFAULT_BUDGET)?)
        .deal_budget(count_or(
            options,
            "dealBudget",
            RateConfig::DEFAULT_DEAL_BUDGET,
        )?))
}

/// The options of `rate`.
const RATE_OPTIONS: [&str; 9] = [
    "rules",
    "plays",
    "probes",
    "seed",
    "budget",
    "dealBudget",
    "timeoutMs",
    "cancel",
    "progress",
];

/// How hard `board` is to clear: a rating (see the type declarations).
/// Options: `rules`, `plays` (100 random games), `probes` (3 of them
/// probed by the solver), `seed` (0), `budget` (10,000 states a
/// position), `dealBudget` (1,000,000 for the deal), `timeoutMs`,
/// `cancel`, `progress` (called with the games played and the most the
/// call plays, after each game; what it throws stops the rating and is
/// thrown). The same arguments give the same rating as every face.
///
/// # Complexity
/// As the library's `rate`: `plays` random games, and at most `budget`
/// states for each position of the `probes` probed games.
#[wasm_bindgen(unchecked_return_type = "Rating")]
pub fn rate(
    #[wasm_bindgen(unchecked_param_type = "BoardLike")] board: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RateOptions | undefined")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let options = js::given(options);
    js::known_fields(&options, "rate's options", &RATE_OPTIONS)?;
    let (board, rules) = board_and_rules(&board, "board", &js::field(&options, "rules")?)?;
    let seed = js::seed(&js::field(&options, "seed")?, "options.seed")?;
    let progress = js::function(&js::field(&options, "progress")?, "options.progress")?;
    let stops = Stops::read(&options)?;
    let (config, watch) = Watch::start(rate_config(&options, seed)?, progress, &stops.token);
    let rated = lianliankan::rate(&board, &rules, &config.cancel(stops.token.clone()));
    if let Some(thrown) = watch.finish() {
        return Err(thrown);
    }
    rated.map(|r| rating_of(&r)).map_err(|_| stops.stopped())
}

/// A rating as `{winnable, plays, cleared, ..., score, difficulty}`: the
/// Python face's `Rating` fields, in camelCase.
fn rating_of(r: &Rating) -> JsValue {
    let n = |v: u64| JsValue::from(v as f64);
    let (low, high) = r.forgiveness_interval();
    js::object(&[
        ("winnable", r.winnable.map_or(JsValue::NULL, JsValue::from)),
        ("plays", JsValue::from(r.plays)),
        ("cleared", JsValue::from(r.cleared)),
        ("probes", JsValue::from(r.probes)),
        ("positions", n(r.positions)),
        ("offered", n(r.offered)),
        ("trapPositions", n(r.trap_positions)),
        ("forcedPositions", n(r.forced_positions)),
        ("trappedGames", JsValue::from(r.trapped_games)),
        ("firstTrapLosing", n(r.first_trap_losing)),
        ("firstTrapOffered", n(r.first_trap_offered)),
        (
            "earliestTrap",
            r.earliest_trap.map_or(JsValue::NULL, |s| n(s as u64)),
        ),
        ("widthPositions", n(r.width_positions)),
        ("widthOffered", n(r.width_offered)),
        ("undecided", n(r.undecided)),
        ("solves", n(r.solves)),
        ("forgiveness", JsValue::from(r.forgiveness())),
        (
            "forgivenessInterval",
            Array::of2(&JsValue::from(low), &JsValue::from(high)).into(),
        ),
        ("trapRate", JsValue::from(r.trap_rate())),
        ("forcedRate", JsValue::from(r.forced_rate())),
        ("meanWidth", JsValue::from(r.mean_width())),
        (
            "firstTrapMeanLosing",
            JsValue::from(r.first_trap_mean_losing()),
        ),
        (
            "firstTrapMeanOffered",
            JsValue::from(r.first_trap_mean_offered()),
        ),
        ("score", JsValue::from(r.score())),
        ("difficulty", JsValue::from_str(r.difficulty().name())),
    ])
}

/// The score band of `generateRated`'s `difficulty` or `score`: exactly
/// one of them.
fn band(options: &JsValue) -> Result<std::ops::RangeInclusive<u8>, JsValue> {
    let difficulty = js::field(options, "difficulty")?;
    let score = js::field(options, "score")?;
    let value_error = |m: String| -> JsValue { error(Kind::Value, m) };
    match (js::absent(&difficulty), js::absent(&score)) {
        (false, true) => {
            let name = js::string(&difficulty, "options.difficulty")?;
            let difficulty: Difficulty = name.parse().map_err(|e| value_error(format!("{e}")))?;
            Ok(difficulty.band())
        }
        (true, false) => {
            let wanted = "a band [low, high] of scores 0 to 100 with low <= high, such as [50, 100]";
            if !Array::is_array(&score) {
                return Err(js::type_error("options.score", wanted, &score));
            }
            let pair: &Array = score.unchecked_ref();
            let bound = |i: u32| {
                pair.get(i)
                    .as_f64()
                    .filter(|n| n.fract() == 0.0 && (0.0..=100.0).contains(n))
                    .map(|n| n as u8)
            };
            match (pair.length(), bound(0), bound(1)) {
                (2, Some(low), Some(high)) if low <= high => Ok(low..=high),
                _ => Err(value_error(format!("options.score must be {wanted}"))),
            }
        }
        (false, false) => Err(value_error("give difficulty or score, not both".to_owned())),
        (true, true) => Err(value_error(
            "give options.difficulty (\"easy\", \"normal\" or \"hard\") or options.score [low, high]"
                .to_owned(),
        )),
    }
}

/// The options of `generateRated`.
const GENERATE_RATED_OPTIONS: [&str; 12] = [
    "seed",
    "rules",
    "difficulty",
    "score",
    "candidates",
    "plays",
    "probes",
    "budget",
    "dealBudget",
    "timeoutMs",
    "cancel",
    "progress",
];

/// A `rows` x `cols` board of `kinds` kinds that can be cleared, whose
/// rating falls in the band of `options.difficulty` ("easy", "normal",
/// "hard") or `options.score` ([low, high], 0 to 100): `{board,
/// certificate, rating, seed, candidates}`. At most `candidates` (200)
/// deals are made and rated (`plays`, `probes`, `budget`, `dealBudget`
/// as `rate`'s, `progress` too, the games counted over every candidate);
/// `seed`, `rules`, `timeoutMs`, `cancel` as `generate`'s. Throws an
/// OutOfBand when none scored in the band.
///
/// # Complexity
/// At most `candidates` deals made and rated, as `generate` and `rate`.
#[wasm_bindgen(js_name = generateRated, unchecked_return_type = "RatedDeal")]
pub fn generate_rated(
    #[wasm_bindgen(unchecked_param_type = "number")] rows: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] cols: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] kinds: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GenerateRatedOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    js::known_fields(&options, "generateRated's options", &GENERATE_RATED_OPTIONS)?;
    let band = band(&options)?;
    let candidates = small_count_or(&options, "candidates", 200)?;
    if candidates == 0 {
        return Err(error(
            Kind::Value,
            "options.candidates must be 1 or more, got 0",
        ));
    }
    let spec = spec(&rows, &cols, &kinds, &options)?;
    let progress = js::function(&js::field(&options, "progress")?, "options.progress")?;
    let stops = Stops::read(&options)?;
    let (config, watch) = Watch::start(rate_config(&options, 0)?, progress, &stops.token);
    let made = lianliankan::generate_rated(
        &spec,
        band,
        &config.cancel(stops.token.clone()),
        candidates as usize,
    );
    if let Some(thrown) = watch.finish() {
        return Err(thrown);
    }
    match made {
        Ok(made) => Ok(js::object(&[
            ("board", js::rows_of(&made.generated.board)),
            ("certificate", js::moves_of(&made.generated.certificate)),
            ("rating", rating_of(&made.rating)),
            ("seed", js::big_or_number(made.seed)),
            ("candidates", JsValue::from(made.candidates as f64)),
        ])),
        Err(e @ RatedError::OutOfBand { .. }) => Err(error(Kind::OutOfBand, e)),
        Err(RatedError::Cancelled | RatedError::Generate(GenerateError::Cancelled)) => {
            Err(stops.stopped())
        }
        Err(e @ RatedError::Generate(_)) => Err(error(Kind::Deal, e)),
        Err(e) => Err(error(Kind::Value, e)),
    }
}

/// Plays `order` (an array of moves `{a, b, route?}`) on `board` under
/// `rules` (a Rules or options; required); returns the steps played, or
/// throws an IllegalStep (with `index` and `reason`) at the first step
/// that cannot be played.
///
/// # Complexity
/// One removal (a path search) and its gravity per step.
#[wasm_bindgen]
pub fn replay(
    #[wasm_bindgen(unchecked_param_type = "BoardLike")] board: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RulesLike")] rules: JsValue,
    #[wasm_bindgen(unchecked_param_type = "MoveLike[]")] order: JsValue,
) -> Result<usize, JsValue> {
    if js::absent(&rules) {
        return Err(js::type_error(
            "rules",
            "a Rules or an options object",
            &rules,
        ));
    }
    let (board, rules) = board_and_rules(&board, "board", &rules)?;
    if !Array::is_array(&order) {
        return Err(js::type_error("order", "an array of moves", &order));
    }
    let order: &Array = order.unchecked_ref();
    let mut steps = Vec::with_capacity(order.length() as usize);
    for (index, step) in order.iter().enumerate() {
        let m: Move = match js::move_arg(&step, &format!("order[{index}]"), &board) {
            Ok(m) => m,
            Err(e) if e.is_instance_of::<js_sys::TypeError>() => return Err(e),
            Err(e) => return Err(illegal(index, &step, &message(&e))),
        };
        steps.push(Removal::from(m));
    }
    Order::new(steps)
        .replay(&board, &rules)
        .map(|replayed| replayed.steps)
        .map_err(|e| illegal(e.index, &order.get(e.index as u32), &e.cause.to_string()))
}

/// The message of the error `e`.
fn message(e: &JsValue) -> String {
    Reflect::get(e, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_default()
}

/// An IllegalStep for the step `index` of an order, with `index`, `step`
/// and `reason` as fields.
fn illegal(index: usize, step: &JsValue, reason: &str) -> JsValue {
    let e = error(
        Kind::IllegalStep,
        format!("order[{index}] is illegal: {reason}"),
    );
    let _ = Reflect::set(&e, &JsValue::from_str("index"), &JsValue::from(index));
    let _ = Reflect::set(&e, &JsValue::from_str("step"), step);
    let _ = Reflect::set(&e, &JsValue::from_str("reason"), &JsValue::from_str(reason));
    e
}
