//! The page in a real browser: headless Chromium driven through WebDriver
//! (Debian's `chromium` and `chromium-driver`), against the server on a
//! free port of 127.0.0.1.
//!
//! One test, [`browser_scenarios`], starts one `chromedriver` and a
//! server for each of [`LANES`] lanes on free ports, runs every scenario
//! (the modules below, by concern) in a fresh browser session, the lanes
//! side by side, saves screenshots under `target/tmp/play-screenshots/`,
//! prints one line per scenario and a summary (shown with `--nocapture` or
//! on failure), and fails unless every scenario passed. Without chromedriver
//! or Chromium it fails at once and names the command that installs them
//! (`cargo xtask test` installs them itself when it runs as root).
//! They need play built with the engine's WebAssembly package
//! (`LLK_WASM_PKG`, see play's build script): without it they fail at once
//! and say how to build it. `PLAY_SCENARIO=NAME` runs only the scenarios whose names contain NAME.
//! It runs alone, never beside the load test ([`crate::support::ALONE`]):
//! the scenarios wait for animations, which a loaded machine slows.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

/// What installs the browser and its driver on Debian.
const INSTALL: &str =
    "apt-get install -y --no-install-recommends chromium chromium-driver fonts-dejavu-core";

/// Why the scenarios cannot run on a play built without the engine.
const NO_ENGINE: &str = "browser tests: play was built without the engine's WebAssembly package, \
     and the page plays its unranked games on it (offline too). Build the package and name it:\n    \
     cargo xtask wasm && LLK_WASM_PKG=target/wasm/pkg cargo test -p play\n\
     (`cargo xtask test` does both.)";

/// How long one scenario may take.
const SCENARIO_LIMIT: Duration = Duration::from_secs(120);

type Outcome = Result<(), String>;

/// The server's clock in the scenarios: the wall clock, plus the time the
/// scenarios said a player took to think ([`PacedClock::think`]). A game
/// clicked through WebDriver goes faster than a person plays, and the
/// server keeps such a game out of the tables (issue 55); a scenario that
/// plays a ranked game to be listed gives each pair a person's time.
#[derive(Debug, Default)]
struct PacedClock {
    ahead_ms: std::sync::atomic::AtomicU64,
}

impl PacedClock {
    /// A person's time to find and pick a pair: the clock moves on by it.
    const PAIR_MS: u64 = 1_000;

    fn think(&self) {
        self.ahead_ms
            .fetch_add(Self::PAIR_MS, std::sync::atomic::Ordering::SeqCst);
    }

    /// Moves the clock `n` days on (the daily deal's scenarios).
    fn days(&self, n: u64) {
        self.ahead_ms
            .fetch_add(n * Self::DAY_MS, std::sync::atomic::Ordering::SeqCst);
    }

    /// Moves the clock `n` days back, after [`PacedClock::days`].
    fn days_back(&self, n: u64) {
        self.ahead_ms
            .fetch_sub(n * Self::DAY_MS, std::sync::atomic::Ordering::SeqCst);
    }

    const DAY_MS: u64 = 24 * 60 * 60 * 1000;
}

impl play::Clock for PacedClock {
    fn now_ms(&self) -> u64 {
        play::RealClock::new().now_ms() + self.ahead_ms.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// What a scenario gets: the page's address, the driver, the API client,
/// the server's clock.
struct Env {
    site: SocketAddr,
    clock: std::sync::Arc<PacedClock>,
    driver: String,
    chromium: PathBuf,
    http: crate::support::Http,
    shots: PathBuf,
}

/// A browser window's size: a desktop, or a phone (mobile emulation).
#[derive(Clone, Copy)]
enum Screen {
    Desktop,
    Phone,
    /// The desktop of a player whose system asks for reduced motion and a
    /// dark scheme.
    DesktopDarkStill,
    /// The desktop of a player whose system asks for reduced motion (no
    /// animation to wait for: the long scenarios of the daily deal).
    DesktopStill,
    /// A phone asking for reduced motion.
    PhoneStill,
}

macro_rules! check {
    ($cond:expr, $($why:tt)+) => {
        let holds: bool = $cond;
        if !holds {
            return Err(format!($($why)+));
        }
    };
}

mod access;
mod classic;
mod connect;
mod daily;
mod fair;
mod finish;
mod first;
mod game;
mod judge;
mod level;
mod level_model;
mod looks;
mod offline;
mod page;
mod rated;
mod slide;
mod toolbar;

use game::play_to_the_end;

#[test]
fn browser_scenarios() {
    let _alone = crate::support::ALONE.blocking_lock();
    let filter = std::env::var("PLAY_SCENARIO").ok();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let result = runtime.block_on(run_all(filter));
    runtime.shutdown_timeout(Duration::from_secs(1));
    if let Err(why) = result {
        panic!("{why}");
    }
}

type Scenario = fn(&Env) -> std::pin::Pin<Box<dyn std::future::Future<Output = Outcome> + '_>>;

/// Every scenario, by name.
const SCENARIOS: [(&str, Scenario); 58] = [
    ("plays_a_whole_deal_by_clicking", |e| {
        Box::pin(classic::plays_a_whole_deal_by_clicking(e))
    }),
    ("hint_undo_redo_and_shuffle", |e| {
        Box::pin(classic::hint_undo_redo_and_shuffle(e))
    }),
    ("an_illegal_pair_is_explained", |e| {
        Box::pin(classic::an_illegal_pair_is_explained(e))
    }),
    ("a_dead_board_offers_shuffle_and_undo", |e| {
        Box::pin(classic::a_dead_board_offers_shuffle_and_undo(e))
    }),
    ("auto_solve_and_the_share_link", |e| {
        Box::pin(classic::auto_solve_and_the_share_link(e))
    }),
    ("keyboard_play", |e| Box::pin(classic::keyboard_play(e))),
    ("the_watch_says_when_a_game_is_lost", |e| {
        Box::pin(classic::the_watch_says_when_a_game_is_lost(e))
    }),
    ("a_phone_sized_screen", |e| {
        Box::pin(classic::a_phone_sized_screen(e))
    }),
    ("the_judge_viewer_draws_every_answer", |e| {
        Box::pin(judge::the_judge_viewer_draws_every_answer(e))
    }),
    ("the_judge_viewer_explains_bad_input_and_no", |e| {
        Box::pin(judge::the_judge_viewer_explains_bad_input_and_no(e))
    }),
    ("a_won_game_enters_the_high_scores", |e| {
        Box::pin(game::a_won_game_enters_the_high_scores(e))
    }),
    ("picks_are_never_lost_and_pause_stops_the_clock", |e| {
        Box::pin(game::picks_are_never_lost_and_pause_stops_the_clock(e))
    }),
    ("a_reload_resumes_the_game", |e| {
        Box::pin(game::a_reload_resumes_the_game(e))
    }),
    ("words_for_players_and_bad_links", |e| {
        Box::pin(page::words_for_players_and_bad_links(e))
    }),
    ("keys_from_load_reduced_motion_and_dark", |e| {
        Box::pin(page::keys_from_load_reduced_motion_and_dark(e))
    }),
    ("every_kshisen_size_fits_the_desktop", |e| {
        Box::pin(page::every_kshisen_size_fits_the_desktop(e))
    }),
    ("the_tile_set_groups_legend_and_numbers", |e| {
        Box::pin(page::the_tile_set_groups_legend_and_numbers(e))
    }),
    ("no_toolbar_flicker_and_the_form_is_remembered", |e| {
        Box::pin(page::no_toolbar_flicker_and_the_form_is_remembered(e))
    }),
    ("the_phone_board_stays_in_view_after_a_reload", |e| {
        Box::pin(page::the_phone_board_stays_in_view_after_a_reload(e))
    }),
    ("the_cursor_hides_neither_selection_nor_ring", |e| {
        Box::pin(page::the_cursor_hides_neither_selection_nor_ring(e))
    }),
    ("screenshots_of_a_game_in_progress", |e| {
        Box::pin(screenshots_of_a_game_in_progress(e))
    }),
    ("presets_fill_the_form", |e| {
        Box::pin(level::presets_fill_the_form(e))
    }),
    ("a_level_cleared_leads_to_the_next", |e| {
        Box::pin(level::a_level_cleared_leads_to_the_next(e))
    }),
    ("a_refused_pick_resets_the_combo", |e| {
        Box::pin(level::a_refused_pick_resets_the_combo(e))
    }),
    ("a_board_with_no_move_costs_a_life", |e| {
        Box::pin(level::a_board_with_no_move_costs_a_life(e))
    }),
    ("the_countdown_ends_the_run", |e| {
        Box::pin(level::the_countdown_ends_the_run(e))
    }),
    ("the_level_rules_follow_their_model", |e| {
        Box::pin(level_model::the_level_rules_follow_their_model(e))
    }),
    (
        "a_ranked_run_whose_ticket_is_forgotten_goes_on_unranked",
        |e| Box::pin(level::a_ranked_run_whose_ticket_is_forgotten_goes_on_unranked(e)),
    ),
    ("a_reload_resumes_a_level_run", |e| {
        Box::pin(level::a_reload_resumes_a_level_run(e))
    }),
    ("a_pick_that_only_a_slide_removes", |e| {
        Box::pin(slide::a_pick_that_only_a_slide_removes(e))
    }),
    ("the_connection_rules_in_the_page", |e| {
        Box::pin(connect::the_connection_rules_in_the_page(e))
    }),
    ("a_deal_of_a_difficulty_shows_its_rating", |e| {
        Box::pin(rated::a_deal_of_a_difficulty_shows_its_rating(e))
    }),
    ("the_first_visit_plays_at_once", |e| {
        Box::pin(first::the_first_visit_plays_at_once(e))
    }),
    ("every_preset_fits_the_phone", |e| {
        Box::pin(first::every_preset_fits_the_phone(e))
    }),
    ("small_boards_draw_every_suit", |e| {
        Box::pin(first::small_boards_draw_every_suit(e))
    }),
    ("a_classic_game_with_a_shuffle_is_not_listed", |e| {
        Box::pin(finish::a_classic_game_with_a_shuffle_is_not_listed(e))
    }),
    ("a_phone_and_a_desktop_meet_in_one_table", |e| {
        Box::pin(finish::a_phone_and_a_desktop_meet_in_one_table(e))
    }),
    ("one_score_a_game_and_names_as_typed", |e| {
        Box::pin(finish::one_score_a_game_and_names_as_typed(e))
    }),
    ("a_level_run_is_stored_and_a_forged_one_refused", |e| {
        Box::pin(finish::a_level_run_is_stored_and_a_forged_one_refused(e))
    }),
    ("a_finish_is_final", |e| {
        Box::pin(fair::a_finish_is_final(e))
    }),
    ("the_first_visit_clock_waits_for_the_howto", |e| {
        Box::pin(fair::the_first_visit_clock_waits_for_the_howto(e))
    }),
    ("pause_stops_a_ranked_countdown", |e| {
        Box::pin(fair::pause_stops_a_ranked_countdown(e))
    }),
    ("a_hint_says_not_ranked_at_once", |e| {
        Box::pin(fair::a_hint_says_not_ranked_at_once(e))
    }),
    ("gravity_is_drawn_on_the_board", |e| {
        Box::pin(fair::gravity_is_drawn_on_the_board(e))
    }),
    ("picks_never_wait_on_an_animation", |e| {
        Box::pin(fair::picks_never_wait_on_an_animation(e))
    }),
    ("two_profiles_get_the_same_daily_deal", |e| {
        Box::pin(daily::two_profiles_get_the_same_daily_deal(e))
    }),
    ("the_streak_across_days_and_the_record_round_trip", |e| {
        Box::pin(daily::the_streak_across_days_and_the_record_round_trip(e))
    }),
    ("space_after_a_toolbar_button_picks_the_cursor_tile", |e| {
        Box::pin(toolbar::space_after_a_toolbar_button_picks_the_cursor_tile(
            e,
        ))
    }),
    ("a11y_the_board_is_a_grid_of_named_cells", |e| {
        Box::pin(access::the_board_is_a_grid_of_named_cells(e))
    }),
    ("a11y_a_keyboard_pair_is_announced", |e| {
        Box::pin(access::a_keyboard_pair_is_announced(e))
    }),
    ("a11y_a_whole_game_by_keyboard_and_ear", |e| {
        Box::pin(access::a_whole_game_by_keyboard_and_ear(e))
    }),
    ("a11y_the_theme_follows_the_system_or_the_choice", |e| {
        Box::pin(looks::the_theme_follows_the_system_or_the_choice(e))
    }),
    ("a11y_high_contrast_tiles", |e| {
        Box::pin(looks::high_contrast_tiles(e))
    }),
    ("a11y_larger_tiles_on_a_phone", |e| {
        Box::pin(looks::larger_tiles_on_a_phone(e))
    }),
    ("offline_a_whole_game_with_the_server_gone", |e| {
        Box::pin(offline::a_whole_game_with_the_server_gone(
            e,
            Screen::Desktop,
        ))
    }),
    (
        "offline_a_whole_game_with_the_server_gone_on_a_phone",
        |e| Box::pin(offline::a_whole_game_with_the_server_gone(e, Screen::Phone)),
    ),
    ("offline_an_unranked_game_asks_the_server_nothing", |e| {
        Box::pin(offline::an_unranked_game_asks_the_server_nothing(e))
    }),
    (
        "offline_the_page_s_engine_answers_as_the_server_does",
        |e| Box::pin(offline::the_page_s_engine_answers_as_the_server_does(e)),
    ),
];

/// The scenarios run in this many lanes at once (scenario `i` in lane
/// `i % LANES`, in order), each lane with its own server, score database
/// and clock, all through one chromedriver: a scenario spends most of its
/// time waiting for the page (requests, animations), so two lanes take
/// little more than half the time of one on a 2-core machine.
const LANES: usize = 2;

async fn run_all(filter: Option<String>) -> Outcome {
    let started = Instant::now();
    if !play::ENGINE {
        return Err(NO_ENGINE.to_owned());
    }
    let (Some(chromedriver), Some(chromium)) = (find("chromedriver"), find("chromium")) else {
        return Err(format!(
            "browser tests: `chromedriver` and `chromium` must be on the PATH (Debian: chromium-driver, chromium).\n\
             Install them with:\n    sudo {INSTALL}\n(`cargo xtask test` does this itself when run as root.)"
        ));
    };
    let port = free_port();
    let mut driver = match Driver::start(&chromedriver, port) {
        Ok(driver) => driver,
        Err(e) => return Err(format!("browser tests: {e}")),
    };
    let http = crate::support::client();
    if let Err(e) = driver.wait_ready(&http, port).await {
        return Err(format!("browser tests: {e}"));
    }
    let mut lanes = Vec::with_capacity(LANES);
    for lane in 0..LANES {
        lanes.push(lane_env(lane, port, &chromium).await?);
    }
    let _ = std::fs::create_dir_all(&lanes[0].shots);
    println!("\nrunning the browser scenarios in {LANES} lanes (chromedriver on port {port})");
    let results = futures_util::future::join_all(
        lanes
            .iter()
            .enumerate()
            .map(|(lane, env)| run_lane(env, lane, filter.as_deref())),
    )
    .await;
    driver.stop();
    let passed: usize = results.iter().map(|(passed, _)| passed).sum();
    let failed: Vec<String> = results.into_iter().flat_map(|(_, failed)| failed).collect();
    println!(
        "\nscreenshots in {}\nbrowser scenarios: {passed} passed, {} failed in {:.2}s\n",
        lanes[0].shots.display(),
        failed.len(),
        started.elapsed().as_secs_f64()
    );
    if !failed.is_empty() {
        return Err(format!("failed scenarios:\n{}", failed.join("\n")));
    }
    if passed == 0 {
        return Err(format!("no scenario's name contains {filter:?}"));
    }
    Ok(())
}

/// A lane's server (its own score database and clock) and what its
/// scenarios reach it with.
async fn lane_env(lane: usize, port: u16, chromium: &Path) -> Result<Env, String> {
    let db = crate::scores::scratch(&format!("browser-{lane}")).join("play.sqlite3");
    let scores = play::ScoreDb::open(&db).map_err(|e| format!("browser tests: {e}"))?;
    // A deal answered late is still a deal: on a loaded machine the debug
    // build's rated deal of KShisen's biggest board can take longer than
    // the default 10 s, and a scenario that waits on its board must get
    // one (the rating's own search cap, 4 s, is left as it is).
    // The daily deal is 4 × 6 here: the real one (8 × 18) takes a debug
    // build tens of seconds to deal.
    let limits = play::Limits {
        timeout: Duration::from_secs(30),
        daily: crate::daily::small_daily(),
        ..play::Limits::default()
    };
    let clock = std::sync::Arc::new(PacedClock::default());
    let site = serve(limits, scores, clock.clone()).await;
    println!("lane {lane}: server {site}");
    Ok(Env {
        site,
        clock,
        driver: format!("http://127.0.0.1:{port}"),
        chromium: chromium.to_owned(),
        http: crate::support::client(),
        shots: PathBuf::from(concat!(env!("CARGO_TARGET_TMPDIR"), "/play-screenshots")),
    })
}

/// Runs lane `lane`'s scenarios one after another: how many passed, and
/// each failure.
async fn run_lane(env: &Env, lane: usize, filter: Option<&str>) -> (usize, Vec<String>) {
    let (mut passed, mut failed) = (0, Vec::new());
    for (index, (name, scenario)) in SCENARIOS.into_iter().enumerate() {
        if index % LANES != lane || filter.is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let begun = Instant::now();
        let outcome = match tokio::time::timeout(SCENARIO_LIMIT, scenario(env)).await {
            Ok(outcome) => outcome,
            Err(_) => Err(format!("no end within {SCENARIO_LIMIT:?}")),
        };
        let took = begun.elapsed().as_secs_f64();
        match outcome {
            Ok(()) => {
                passed += 1;
                println!("test {name} ... ok ({took:.1} s, lane {lane})");
            }
            Err(why) => {
                failed.push(format!("{name}: {why}"));
                println!("test {name} ... FAILED ({took:.1} s, lane {lane})\n    {why}");
            }
        }
    }
    (passed, failed)
}

/// Starts the page's server on a free port of 127.0.0.1, on `clock`.
async fn serve(
    limits: play::Limits,
    scores: play::ScoreDb,
    clock: std::sync::Arc<PacedClock>,
) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port on 127.0.0.1");
    let address = listener.local_addr().expect("the bound address");
    tokio::spawn(async move {
        axum::serve(listener, play::app_with_clock(limits, Some(scores), clock))
            .await
            .expect("the server runs");
    });
    address
}

/// A server of a scenario's own (not a lane's), which the scenario stops:
/// the offline scenarios take the server away from the page.
struct OwnServer {
    site: SocketAddr,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

impl OwnServer {
    /// Starts a server without a score database on a free port of
    /// 127.0.0.1.
    async fn start() -> OwnServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a free port on 127.0.0.1");
        let site = listener.local_addr().expect("the bound address");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let limits = play::Limits {
            timeout: Duration::from_secs(30),
            pool: 0,
            ..play::Limits::default()
        };
        let task = tokio::spawn(async move {
            axum::serve(listener, play::app(limits, None))
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await
                .expect("the server runs");
        });
        OwnServer { site, stop, task }
    }

    /// Stops the server: it closes its connections and its port, and no
    /// request reaches it any more (checked).
    async fn stop(self) -> Outcome {
        let _ = self.stop.send(());
        tokio::time::timeout(Duration::from_secs(10), self.task)
            .await
            .map_err(|_| "the server did not stop within 10 s".to_owned())?
            .map_err(|e| format!("the server's task: {e}"))?;
        check!(
            tokio::net::TcpStream::connect(self.site).await.is_err(),
            "the stopped server's port {} still takes connections",
            self.site
        );
        Ok(())
    }
}

// ---- the driver and sessions ----

/// `program` on the PATH.
fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// A port that was free a moment ago.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port on 127.0.0.1")
}

/// The chromedriver process, stopped when dropped.
struct Driver(Child);

impl Driver {
    fn start(program: &Path, port: u16) -> Result<Driver, String> {
        Command::new(program)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map(Driver)
            .map_err(|e| format!("cannot start {}: {e}", program.display()))
    }

    /// Waits until the driver answers `GET /status`.
    async fn wait_ready(&mut self, http: &crate::support::Http, port: u16) -> Result<(), String> {
        let address = SocketAddr::from(([127, 0, 0, 1], port));
        for _ in 0..200 {
            if let Ok(Some(status)) = self.0.try_wait() {
                return Err(format!("chromedriver exited at once ({status})"));
            }
            if let Ok((status, _)) =
                crate::support::request(http, address, hyper::Method::GET, "/status", None).await
            {
                if status.is_success() {
                    return Ok(());
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Err("chromedriver did not answer within 10 s".to_owned())
    }

    fn stop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A new headless Chromium session on `screen`.
async fn session(env: &Env, screen: Screen) -> Result<Client, String> {
    let mut args = vec![
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
    ];
    let mut options = json!({"binary": env.chromium});
    match screen {
        Screen::Desktop => args.push("--window-size=1280,900"),
        Screen::DesktopStill => {
            args.extend(["--window-size=1280,900", "--force-prefers-reduced-motion"])
        }
        Screen::DesktopDarkStill => args.extend([
            "--window-size=1280,900",
            "--force-prefers-reduced-motion",
            "--force-dark-mode",
        ]),
        Screen::Phone | Screen::PhoneStill => {
            args.push("--window-size=390,844");
            if matches!(screen, Screen::PhoneStill) {
                args.push("--force-prefers-reduced-motion");
            }
            options["mobileEmulation"] = json!({
                "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0, "touch": true}
            });
        }
    }
    options["args"] = json!(args);
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".to_owned(), options);
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&env.driver)
        .await
        .map_err(|e| format!("no browser session: {e}"))
}

/// Runs `body` in a fresh session on `screen`, closing it either way.
async fn with_session<F, Fut>(env: &Env, screen: Screen, body: F) -> Outcome
where
    F: FnOnce(Client) -> Fut,
    Fut: std::future::Future<Output = Outcome>,
{
    let client = session(env, screen).await?;
    let outcome = body(client.clone()).await;
    let _ = client.close().await;
    outcome
}

/// Turns a WebDriver error into the scenario's failure, naming the step.
fn cmd(what: &str) -> impl FnOnce(fantoccini::error::CmdError) -> String + '_ {
    move |e| format!("{what}: {e}")
}

// ---- page helpers ----

/// The page's address for a deal.
fn deal_url(env: &Env, spec: &str) -> String {
    format!("http://{}/?{spec}", env.site)
}

async fn js(client: &Client, script: &str) -> Result<Value, String> {
    client.execute(script, vec![]).await.map_err(cmd(script))
}

/// Waits until the page is idle: no request or animation under way.
async fn idle(client: &Client) -> Outcome {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let busy = js(
            client,
            "const b = document.getElementById('board'); \
             if (location.pathname === '/judge') return document.readyState !== 'complete'; \
             if (location.hash === '#judge') return true; \
             return !b || b.dataset.busy !== 'false' || window.lianliankan.solving || \
                 window.lianliankan.queue.length > 0 || window.lianliankan.pausing !== null || \
                 b.querySelector('.tile.gone') !== null;",
        )
        .await?;
        if busy == json!(false) {
            return Ok(());
        }
        check!(Instant::now() < deadline, "the page stayed busy for 30 s");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// Opens `url` and waits until the page is idle; the how-to-play a first
/// visit shows before the game is dealt is dismissed, as a player does
/// (the scenario `the_first_visit_plays_at_once` looks at it), and the
/// deal it held back is waited for.
async fn goto(client: &Client, url: &str) -> Outcome {
    client.goto(url).await.map_err(cmd("goto"))?;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        // The how-to shown (the deal waits for it), or the page idle.
        let state = js(
            client,
            "const h = document.getElementById('howto'); \
             if (h && !h.hidden) return 'howto'; \
             const b = document.getElementById('board'); \
             if (location.pathname === '/judge') return document.readyState === 'complete' ? 'idle' : 'busy'; \
             return b && b.dataset.busy === 'false' && window.lianliankan.queue.length === 0 ? 'idle' : 'busy';",
        )
        .await?;
        if state == json!("howto") {
            js(
                client,
                "document.getElementById('howto-close').click(); return null;",
            )
            .await?;
            // The deal held back starts now: wait until it has come (the
            // board is not busy yet the moment the how-to closes, so the
            // idle test alone could pass before there is a game).
            loop {
                let dealt = js(client, "return window.lianliankan.spec !== null;").await?;
                if dealt == json!(true) {
                    break;
                }
                check!(
                    Instant::now() < deadline,
                    "no deal within 30 s of the how-to closed"
                );
                tokio::time::sleep(Duration::from_millis(40)).await;
            }
            break;
        }
        if state == json!("idle") {
            break;
        }
        check!(Instant::now() < deadline, "the page stayed busy for 30 s");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    idle(client).await
}

/// Opens the folds (`<details>`) around the element `id`, as a player
/// opens "New deal" or "Custom game" to reach a field.
async fn unfold(client: &Client, id: &str) -> Outcome {
    let script = format!(
        "let e = document.getElementById('{id}'); \
         for (; e; e = e.parentElement) if (e.tagName === 'DETAILS' && !e.open) e.open = true; \
         return null;"
    );
    js(client, &script).await?;
    Ok(())
}

/// Gives the game's clock (`lianliankan.now`) a clock the test moves by
/// hand ([`advance_game_clock`]), at the wall clock's time now: no
/// scenario waits for real seconds to see the clock move.
async fn hand_game_clock(client: &Client) -> Outcome {
    js(
        client,
        "window.gameNow = Date.now(); window.lianliankan.now = () => window.gameNow; lianliankanPage.tick(); return null;",
    )
    .await?;
    Ok(())
}

/// Moves the hand clock of [`hand_game_clock`] on by `ms`; the clock on
/// the page shows it at once.
async fn advance_game_clock(client: &Client, ms: u64) -> Outcome {
    js(
        client,
        &format!("window.gameNow += {ms}; lianliankanPage.tick(); return null;"),
    )
    .await?;
    Ok(())
}

/// Waits until the page has drawn two more frames: the events sent before
/// have been handled (a wait on the page, never on a time).
async fn next_frames(client: &Client) -> Outcome {
    client
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             requestAnimationFrame(() => requestAnimationFrame(() => done(null)));",
            vec![],
        )
        .await
        .map_err(cmd("next frames"))?;
    Ok(())
}

/// Opens (`open`) or folds the settings as a player's click does, and
/// waits until the page has handled the fold (its `toggle` event: the
/// board laid out again).
async fn set_settings_open(client: &Client, open: bool) -> Outcome {
    client
        .execute_async(
            "const [open, done] = arguments; const s = document.getElementById('settings'); \
             if (s.open === open) return done(null); \
             s.addEventListener('toggle', () => setTimeout(() => done(null), 0), {once: true}); \
             s.open = open;",
            vec![json!(open)],
        )
        .await
        .map_err(cmd("settings"))?;
    Ok(())
}

async fn board(client: &Client) -> Result<Value, String> {
    js(client, "return window.lianliankan.board;").await
}

async fn rules(client: &Client) -> Result<Value, String> {
    js(client, "return window.lianliankan.rules;").await
}

async fn text(client: &Client, id: &str) -> Result<String, String> {
    let script = format!("return document.getElementById('{id}').textContent;");
    Ok(js(client, &script).await?.as_str().unwrap_or("").to_owned())
}

async fn shown(client: &Client, id: &str) -> Result<bool, String> {
    let script = format!("return !document.getElementById('{id}').hidden;");
    Ok(js(client, &script).await? == json!(true))
}

async fn tiles_left(client: &Client) -> Result<usize, String> {
    text(client, "tiles-left")
        .await?
        .parse()
        .map_err(|e| format!("tiles left: {e}"))
}

/// Clicks the tile on cell `[row, col]`, as a player would.
async fn click_tile(client: &Client, cell: &Value) -> Outcome {
    let css = format!("button.tile[data-cell=\"{},{}\"]", cell[0], cell[1]);
    let tile = client.find(Locator::Css(&css)).await.map_err(cmd(&css))?;
    tile.click().await.map_err(cmd("click"))
}

async fn click(client: &Client, id: &str) -> Outcome {
    unfold(client, id).await?;
    let button = client.find(Locator::Id(id)).await.map_err(cmd(id))?;
    button.click().await.map_err(cmd(id))?;
    idle(client).await
}

/// Clicks the two tiles of a pair and waits for the step to end.
async fn play_pair(client: &Client, pair: &Value) -> Outcome {
    click_tile(client, &pair["a"]).await?;
    click_tile(client, &pair["b"]).await?;
    idle(client).await
}

/// The tiles on the page are exactly the board's: one element a tile, on
/// its cell, showing its kind (its kind's picture, or its number in the
/// numbers style), and no other.
async fn page_matches_board(client: &Client) -> Outcome {
    let mismatch = js(
        client,
        "const g = window.lianliankan; const els = [...document.querySelectorAll('button.tile')]; \
         let n = 0; for (const row of g.board) for (const k of row) if (k) n++; \
         if (els.length !== n) return 'the page shows ' + els.length + ' tiles, the board has ' + n; \
         for (const el of els) { const [r, c] = el.dataset.cell.split(',').map(Number); \
           if (String(g.board[r][c]) !== el.dataset.kind) return 'cell ' + r + ',' + c + ' is tile ' + el.dataset.kind; \
           const shows = el.dataset.style === 'numbers' ? el.querySelector('.num').textContent === el.dataset.kind \
             : el.querySelector('svg.art') !== null && el.dataset.design === lianliankanPage.tileDesign(g.board[r][c]).name; \
           if (!shows) return 'cell ' + r + ',' + c + ' does not show tile ' + el.dataset.kind; \
           const m = /translate\\((\\d+)px, (\\d+)px\\)/.exec(el.style.transform); \
           if (!m || Number(m[1]) !== (c + 1) * g.size || Number(m[2]) !== (r + 1) * g.size) return 'tile ' + r + ',' + c + ' is drawn elsewhere'; } \
         return null;",
    )
    .await?;
    check!(mismatch.is_null(), "page and board differ: {mismatch}");
    Ok(())
}

async fn screenshot(env: &Env, client: &Client, name: &str) -> Outcome {
    // Let the last transition end (the page's animations all finished).
    let deadline = Instant::now() + Duration::from_secs(10);
    while js(
        client,
        "return document.getAnimations().some(a => a.playState === 'running');",
    )
    .await?
        == json!(true)
    {
        check!(Instant::now() < deadline, "{name}: still moving after 10 s");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let png = client.screenshot().await.map_err(cmd("screenshot"))?;
    let path = env.shots.join(format!("{name}.png"));
    std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))
}

/// The cells of the tiles the hint marks, in the page's order.
async fn hinted_cells(client: &Client) -> Result<Vec<lianliankan::Pos>, String> {
    let hinted = js(
        client,
        "return [...document.querySelectorAll('.tile.hinted')].map(e => e.dataset.cell);",
    )
    .await?;
    Ok(hinted
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| {
            let (r, c) = c.as_str()?.split_once(',')?;
            Some(lianliankan::Pos::new(r.parse().ok()?, c.parse().ok()?))
        })
        .collect())
}

/// A board as the engine holds it, from the rows of kinds the page or the
/// API sent.
fn engine_board(value: &Value) -> Result<lianliankan::Board, String> {
    serde_json::from_value(value.clone()).map_err(|e| format!("not a board ({e}): {value}"))
}

/// The two tiles of `m` as [`play_pair`] clicks them: `{"a": [r, c], "b":
/// [r, c]}`.
fn pick(m: lianliankan::Move) -> Value {
    json!({"a": m.a(), "b": m.b()})
}

async fn api(env: &Env, path: &str, body: &Value) -> Result<Value, String> {
    crate::support::post(&env.http, env.site, path, body).await
}

// ---- scenarios (also in the modules above) ----

/// Set to `1`, [`screenshots_of_a_game_in_progress`] also writes its
/// pictures over `docs/play.png` and `docs/play-phone.png`:
/// `PLAY_SCREENSHOTS_TO_DOCS=1 PLAY_SCENARIO=screenshots cargo test -p play --test it browser`.
const TO_DOCS: &str = "PLAY_SCREENSHOTS_TO_DOCS";

/// The pictures of the documentation: a game in progress on a desktop
/// (1280 × 900: KShisen's 16 × 9 with its seasons and flowers grouped and
/// a hint's path drawn) and on a phone (390 × 844, a tile picked), each
/// with the whole board in view. Written to `docs/` only when
/// [`TO_DOCS`] is `1`; always under `target/tmp/play-screenshots/`.
async fn screenshots_of_a_game_in_progress(env: &Env) -> Outcome {
    let to_docs = std::env::var(TO_DOCS).is_ok_and(|v| v == "1");
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    for (screen, spec, pairs, name, doc) in [
        (
            Screen::Desktop,
            "rows=9&cols=16&kinds=42&turns=2&border=open&gravity=down&groups=28-31,39-42&deal=solvable&seed=2026",
            14,
            "docs-desktop",
            "play.png",
        ),
        (
            Screen::Phone,
            // KShisen's 18 × 8 turned to portrait, as a phone deals it.
            "rows=18&cols=8&kinds=36&turns=2&border=open&gravity=left&groups=&deal=solvable&seed=37",
            5,
            "docs-phone",
            "play-phone.png",
        ),
    ] {
        let docs = &docs;
        with_session(env, screen, |client| async move {
            goto(&client, &deal_url(env, spec)).await?;
            let solved = api(
                env,
                "solve",
                &json!({"board": board(&client).await?, "rules": rules(&client).await?}),
            )
            .await?;
            let order = solved["order"].as_array().cloned().unwrap_or_default();
            check!(order.len() > pairs + 2, "{solved}");
            for pair in &order[..pairs] {
                play_pair(&client, pair).await?;
            }
            // The desktop shows a hint's path (drawn for 2.5 s), the phone
            // a picked tile.
            if matches!(screen, Screen::Desktop) {
                click(&client, "hint").await?;
            } else {
                click_tile(&client, &order[pairs + 1]["a"]).await?;
                idle(&client).await?;
                let picked = js(
                    &client,
                    "return document.querySelectorAll('.tile.selected').length;",
                )
                .await?;
                check!(picked == json!(1), "{name}: a tile picked");
            }
            let b = page::board_box(&client).await?;
            check!(
                b[0] >= 0.0 && b[1] <= b[4] && b[3] <= b[5],
                "{name}: the board in view: {b:?}"
            );
            screenshot(env, &client, name).await?;
            if to_docs {
                let from = env.shots.join(format!("{name}.png"));
                let to = docs.join(doc);
                std::fs::copy(&from, &to)
                    .map_err(|e| format!("{} -> {}: {e}", from.display(), to.display()))?;
                println!("    wrote {}", to.display());
            }
            Ok(())
        })
        .await?;
    }
    Ok(())
}
