//! `play`: serves the Lianliankan page and its API on one address until
//! Ctrl-C.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

/// Lianliankan in the browser, on the exact engine: solvable deals under
/// every rule, hints, undo, auto-solve, share links; and a viewer that
/// draws the answers of the three judges.
#[derive(Debug, Parser)]
#[command(
    version,
    after_help = "Example:\n  play                      # then open http://127.0.0.1:8175/\n  play --port 9000 --budget 200000\n  play --db scores.sqlite3  # high scores in this file"
)]
struct Args {
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    host: std::net::IpAddr,
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8175)]
    port: u16,
    /// The most search states one auto-solve may spend.
    #[arg(long, default_value_t = play::Limits::default().solve_states)]
    budget: u64,
    /// How long a solve, a deal or a judge run may take, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    timeout_ms: u64,
    /// How long a deal of a chosen difficulty searches for a deal in its
    /// band, in milliseconds (at most two fifths of the time-out), before
    /// it deals its first candidate instead.
    #[arg(long, default_value_t = 4_000)]
    rate_ms: u64,
    /// How many solves, deals of a difficulty and judge runs may run at
    /// once, on threads of the lowest priority (default: the number of
    /// cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// How many deals of a difficulty to keep made ahead for each setting
    /// players ask for, so that a ranked one is dealt at once (0: none).
    #[arg(long, default_value_t = 3)]
    pool: usize,
    /// The high-score database, an SQLite file (made if missing). Default:
    /// $XDG_DATA_HOME/grid-puzzles/play.sqlite3, else
    /// ~/.local/share/grid-puzzles/play.sqlite3.
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
}

/// Exit status when the score database cannot be used.
const EXIT_BAD_DATABASE: u8 = 2;

/// Where the scores live unless `--db` says: the user's data directory.
fn default_db() -> Result<PathBuf, String> {
    let base = match std::env::var_os("XDG_DATA_HOME").filter(|dir| !dir.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => match std::env::var_os("HOME").filter(|dir| !dir.is_empty()) {
            Some(home) => PathBuf::from(home).join(".local/share"),
            None => {
                return Err(
                    "neither XDG_DATA_HOME nor HOME is set: say where the scores go with --db PATH"
                        .to_owned(),
                );
            }
        },
    };
    let dir = base.join("grid-puzzles");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    Ok(dir.join("play.sqlite3"))
}

/// Opens the score database, or says why not (the file left untouched).
fn open_db(db: Option<PathBuf>) -> Result<play::ScoreDb, String> {
    let path = match db {
        Some(path) => path,
        None => default_db()?,
    };
    play::ScoreDb::open(&path).map_err(|e| format!("{}: {e}", path.display()))
}

fn main() -> ExitCode {
    let args = Args::parse();
    if !play::ENGINE {
        eprintln!(
            "play: built without the engine for the page: every move goes to the server, \
             and no game is played offline (`cargo xtask play` builds it in)"
        );
    }
    let scores = match open_db(args.db.clone()) {
        Ok(scores) => scores,
        Err(message) => {
            eprintln!("play: cannot use the score database {message}");
            return ExitCode::from(EXIT_BAD_DATABASE);
        }
    };
    let limits = play::Limits {
        solve_states: args.budget,
        timeout: Duration::from_millis(args.timeout_ms),
        rate_search: Duration::from_millis(args.rate_ms),
        jobs: args.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(2, std::num::NonZero::get)
        }),
        pool: args.pool,
        lowest_priority: true,
        ..play::Limits::default()
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("play: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let served = runtime.block_on(serve(SocketAddr::new(args.host, args.port), limits, scores));
    // A search that outlived its request's time-out ends at its budget;
    // do not wait for it to exit.
    runtime.shutdown_timeout(Duration::from_secs(1));
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("play: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Serves on `address` until Ctrl-C, then finishes the requests under way.
async fn serve(
    address: SocketAddr,
    limits: play::Limits,
    scores: play::ScoreDb,
) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot read the bound address: {e}"))?;
    println!(
        "play: serving on http://{bound}/ (Ctrl-C stops); scores in {}",
        scores.path().display()
    );
    axum::serve(listener, play::app(limits, Some(scores)))
        .with_graceful_shutdown(async {
            // If the handler cannot be installed, serve until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
            println!("play: stopping");
        })
        .await
        .map_err(|e| format!("server error: {e}"))
}
