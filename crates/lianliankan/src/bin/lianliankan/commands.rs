//! The engine subcommands: `hint`, `moves`, `solve`, `generate`, `rate` (judge
//! mode is `lianliankan::judge::run`).

use std::io::{IsTerminal, Write};

use grid_cli::Failure;
use lianliankan::draw::{Style, draw, settled};
use lianliankan::format::write_board;
use std::ops::RangeInclusive;

use lianliankan::{
    BandsFrom, Board, Difficulty, Game, GenerateSpec, Gravity, Order, Progress, RateConfig, Rules,
    Solution, SolveConfig, Step, SureConfig, bands_for, deal_in_bands, generate, generate_rated,
    setting_bands, solve_with_progress, sure_band, ways_to_remove,
};

/// `hint`: one removable pair as `r1 c1 r2 c2`, or `NONE`.
pub fn hint(board: Board, rules: Rules, out: &mut dyn Write) -> Result<(), Failure> {
    match Game::new(board, rules).hint() {
        Some(pair) => writeln!(out, "{pair}")?,
        None => writeln!(out, "NONE")?,
    }
    Ok(())
}

/// `moves`: every removable pair, one `r1 c1 r2 c2` line each, sorted.
pub fn moves(board: Board, rules: Rules, out: &mut dyn Write) -> Result<(), Failure> {
    for pair in Game::new(board, rules).moves() {
        writeln!(out, "{pair}")?;
    }
    Ok(())
}

/// What `solve` found, for the exit status.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Solved or proved unsolvable.
    Answered,
    /// The budget ran out (exit status 3).
    Unknown,
}

/// `solve`: the removal order, `UNSOLVABLE`, or `UNKNOWN (...)`.
pub fn solve(
    board: Board,
    rules: Rules,
    budget: u64,
    drawing: Option<Style>,
    out: &mut dyn Write,
) -> Result<Verdict, Failure> {
    let stderr = std::io::stderr();
    let show = stderr.is_terminal();
    let mut shown = false;
    let mut last = std::time::Instant::now();
    // Shown at most ten times a second.
    let mut progress = |progress: Progress| {
        if show && last.elapsed() >= std::time::Duration::from_millis(100) {
            eprint!("\rsearching: {} states", progress.states);
            shown = true;
            last = std::time::Instant::now();
        }
        std::ops::ControlFlow::Continue(())
    };
    let config = SolveConfig::new().budget(budget);
    let answer = solve_with_progress(&board, &rules, &config, &mut progress);
    if shown {
        eprintln!();
    }
    match answer {
        Solution::Solved(order) => {
            let mut game = Game::new(board, rules.clone());
            for pair in order {
                writeln!(out, "{pair}")?;
                if let Some(style) = drawing {
                    // A slide's path runs from its first tile along its
                    // route to the corner, then to its partner.
                    let path = ways_to_remove(game.board(), pair.a(), pair.b(), &rules)
                        .ok()
                        .and_then(|ways| ways.into_iter().find(|way| way.pair == pair))
                        .map(|way| way.path);
                    let picture = draw(
                        game.board(),
                        (pair.a(), pair.b()),
                        path.as_ref(),
                        rules.border(),
                        style,
                    );
                    writeln!(out, "{picture}")?;
                }
                game.play(pair).map_err(|e| {
                    Failure::Usage(format!(
                        "internal error: the solver's removal {pair} is illegal: {e}"
                    ))
                })?;
                if let (Some(style), Some(Step::Removed { moved, .. })) =
                    (drawing, game.history().last())
                {
                    if rules.gravity() != Gravity::None {
                        let settled = settled(game.board(), moved, rules.border(), style);
                        writeln!(
                            out,
                            "after gravity {}: {} tiles moved\n{settled}",
                            rules.gravity(),
                            moved.len()
                        )?;
                    }
                }
            }
            Ok(Verdict::Answered)
        }
        Solution::Unsolvable => {
            writeln!(out, "UNSOLVABLE")?;
            Ok(Verdict::Answered)
        }
        Solution::OutOfBudget { states } => {
            writeln!(out, "UNKNOWN (budget exhausted after {states} states)")?;
            Ok(Verdict::Unknown)
        }
        // Nothing here stops the search: no cancel token, and the progress
        // callback always continues.
        other => Err(Failure::Usage(format!(
            "internal error: the solver was stopped: {other:?}"
        ))),
    }
}

/// What `generate` is asked to deal: a difficulty of the setting's bands
/// (candidates), or a band of scores (rating settings, candidates).
pub enum Band {
    /// `--difficulty`.
    Difficulty(Difficulty, usize),
    /// `--score`.
    Score(RangeInclusive<u8>, RateConfig, usize),
}

/// `generate`: a solvable board in the judge format, without queries; with
/// a band, one in the band, with what was tried on standard error; the
/// certificate to a file if asked.
pub fn generate_board(
    spec: &GenerateSpec,
    band: Option<&Band>,
    certificate: Option<&std::path::Path>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let usage = |e: &dyn std::fmt::Display| Failure::Usage(format!("error: {e}"));
    let made = match band {
        None => generate(spec).map_err(|e| usage(&e))?,
        Some(Band::Difficulty(difficulty, candidates)) => {
            // A setting the library's table lacks is measured first, which
            // can take minutes (solver probes on every candidate): say so
            // on a terminal.
            let known = bands_for(spec.rows, spec.cols, spec.kinds, &spec.rules);
            if known.from == BandsFrom::Fixed && std::io::stderr().is_terminal() {
                eprintln!(
                    "this setting's bands are not in the library's table: measuring them first \
                     on its first candidate deals (may take minutes; `lianliankan bands` prints \
                     a row for the table)"
                );
            }
            let bands = setting_bands(spec).map_err(|e| usage(&e))?;
            let dealt = deal_in_bands(spec, *difficulty, bands, &SureConfig::new(), *candidates)
                .map_err(|e| usage(&e))?;
            eprintln!(
                "band {}; confirmed with fresh games: {}; found in {} candidates (seed {}); bands: {}",
                dealt.band, dealt.confirmed, dealt.candidates, dealt.seed, dealt.bands
            );
            dealt.generated
        }
        Some(Band::Score(scores, config, candidates)) => {
            let rated =
                generate_rated(spec, scores.clone(), config, *candidates).map_err(|e| usage(&e))?;
            eprintln!(
                "score {} ({}), found in {} candidates (seed {})",
                rated.rating.score(),
                rated.rating.difficulty(),
                rated.candidates,
                rated.seed
            );
            rated.generated
        }
    };
    write_board(out, &made.board.to_grid())?;
    if let Some(file) = certificate {
        let order = Order::from(made.certificate);
        std::fs::write(file, order.to_string()).map_err(|e| {
            Failure::Io(std::io::Error::new(
                e.kind(),
                format!("cannot write {}: {e}", file.display()),
            ))
        })?;
    }
    Ok(())
}

/// `rate`: the score and the figures behind it; then, with `players` and a
/// deal not proved lost, what the other players do on it.
pub fn rate(
    board: &Board,
    rules: &Rules,
    config: &RateConfig,
    players: Option<&lianliankan::PlayersConfig>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let rating = lianliankan::rate(board, rules, config)
        .map_err(|e| Failure::Usage(format!("internal error: the rating was {e}")))?;
    write!(out, "{rating}")?;
    let kinds = board_kinds(board);
    let bands = bands_for(board.rows(), board.cols(), kinds, rules);
    if rating.winnable == Some(false) {
        writeln!(
            out,
            "band hard (proved: the deal cannot be cleared); bands: {bands}"
        )?;
        return Ok(());
    }
    let sure = SureConfig::new().seed(config.seed_used());
    let band = sure_band(board, rules, &bands.bands, None, &sure)
        .map_err(|e| Failure::Usage(format!("internal error: the rating was {e}")))?;
    writeln!(out, "band {band}; bands: {bands}")?;
    if let Some(players) = players {
        let players = lianliankan::rate_players(board, rules, players)
            .map_err(|e| Failure::Usage(format!("internal error: the players were {e}")))?;
        write!(out, "{players}")?;
    }
    Ok(())
}

/// The kinds on `board`: how many different tiles it holds.
fn board_kinds(board: &Board) -> u32 {
    let mut kinds: Vec<u32> = board
        .to_grid()
        .cells()
        .iter()
        .copied()
        .filter(|&k| k != 0)
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    u32::try_from(kinds.len()).unwrap_or(u32::MAX)
}

/// What `replay` found, for the exit status.
#[derive(Debug, PartialEq, Eq)]
pub enum Replayed {
    /// Every step was legal.
    Legal,
    /// A step was illegal (exit status 4).
    Illegal,
}

/// `replay`: plays `order` on `board` under `rules`; `ok N` when all N are
/// legal, else `illegal step K: r1 c1 r2 c2: why` for the first that is not.
pub fn replay(
    board: &Board,
    rules: &Rules,
    order: &Order,
    out: &mut dyn Write,
) -> Result<Replayed, Failure> {
    match order.replay(board, rules) {
        Ok(done) if done.tiles_left == 0 => writeln!(out, "ok {}", done.steps)?,
        Ok(done) => writeln!(out, "ok {} ({} tiles left)", done.steps, done.tiles_left)?,
        Err(illegal) => {
            let step = illegal.index + 1;
            let why = illegal.reason();
            writeln!(out, "illegal step {step}: {}: {why}", illegal.step)?;
            return Ok(Replayed::Illegal);
        }
    }
    Ok(Replayed::Legal)
}
