//! The `lianliankan` binary: the HDU 1175 judge by default, with paths,
//! drawings and other rules on request; and the game engine's subcommands
//! `hint`, `moves`, `solve`, `generate`, `rate`, `replay` and `study`; and
//! `stress`, which tests another program against ours.

mod bands;
mod commands;
mod stress;
mod study;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use grid_cli::{Failure, exit_code, read_input, with_stdout};
use lianliankan::draw::Style;
use lianliankan::{
    Border, Connect, DealSpec, GenerateSpec, Gravity, Groups, Order, Rules, RulesForm,
};

use commands::{Replayed, Verdict};

/// Exit status of `solve` when the budget ran out.
const EXIT_UNKNOWN: u8 = 3;

/// Exit status of `replay` when a step of the order is illegal.
const EXIT_ILLEGAL: u8 = 4;

/// The default search budget of `solve`, in states: the library's, the same
/// on every face.
use lianliankan::DEFAULT_BUDGET;

const EXAMPLES: &str = "\
Examples:
  lianliankan fixtures/lianliankan/sample.in          judge answers (YES/NO per query)
  lianliankan --explain sample.in                     YES 1,1 2,1 2,4 3,4 (the path's corners)
  lianliankan --draw --border open --turns 3 board.in the path drawn, Onet rules, 3 turns
  lianliankan generate --rows 8 --cols 12 --kinds 10 --seed 1 > board.txt
  lianliankan solve --border open board.txt           a removal order that clears the board
  lianliankan hint board.txt                          one pair that can be removed now
  lianliankan rate --border open --gravity down board.txt
                                                      how hard it is: score 0-100 and why
  lianliankan generate --rows 8 --cols 18 --kinds 36 --seed 1 --border open --difficulty hard
  lianliankan solve --gravity down --border open board.txt > order.txt
  lianliankan replay --gravity down --border open board.txt order.txt
                                                      ok 48, or the first illegal step
  lianliankan solve --slide --gravity down board.txt  KShisen's sliding tiles
  lianliankan study --rows 8 --cols 18 --kinds 36 --deals 1000 --border open
                                                      what fraction of random deals clear
  lianliankan stress -- ./a.out                       find a board where ./a.out answers wrongly

Input: boards of `n m`, n rows of m kinds (0 = empty), then `q` and q lines
`x1 y1 x2 y2` (1-based row and column of two tiles); `0 0` or the end of the
input ends it. Bad input stops with `error: line L, column C: ...` on stderr
and exit status 2, after every answer before the fault has been printed.
The subcommands take the first board of such an input; its queries may be
left out, and anything after the board is checked but ignored.";

/// Lianliankan (HDU 1175, Shisen-Sho, Onet): can two equal tiles be joined by
/// a path with at most two turns through empty cells?
#[derive(Debug, Parser)]
#[command(version, after_help = EXAMPLES, args_conflicts_with_subcommands = true)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    judge: JudgeArgs,
}

/// Judge mode (no subcommand).
#[derive(Debug, clap::Args)]
struct JudgeArgs {
    /// Judge input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    #[command(flatten)]
    matching: MatchArgs,
    /// After YES, the path's corners in judge coordinates (row,column; the
    /// ring around the board is row or column 0 and n+1 or m+1).
    #[arg(long)]
    explain: bool,
    #[command(flatten)]
    draw: DrawArgs,
}

/// Which pairs match, shared by every mode.
#[derive(Debug, clap::Args)]
struct MatchArgs {
    /// The most turns a path may make [default: 2; 1 with --slide].
    #[arg(long, value_name = "K")]
    turns: Option<usize>,
    /// Whether the path may run in a one-cell ring around the board:
    /// closed (it stays on the board, the judge's rule) or open (it may
    /// leave the board by one cell, as in Shisen-Sho and Onet).
    #[arg(long, value_name = "RULE", default_value_t = Border::Closed)]
    border: Border,
    /// Kinds that match each other besides equal kinds: groups separated by
    /// commas, each a range `a-b` or a list `a+b+c` (e.g. `28-31,39-42`).
    #[arg(long, value_name = "SPEC")]
    groups: Option<Groups>,
    /// Which pairs connect: standard (a path within the turns and the
    /// border), four-rivers (as standard, but tiles side by side need a
    /// path through an empty cell, not their shared edge) or line (two
    /// tiles in one row or column, whatever lies between; turns and border
    /// have no effect).
    #[arg(long, value_name = "RULE", default_value_t = Connect::Standard)]
    connect: Connect,
}

impl MatchArgs {
    /// These settings by name, with `gravity` and sliding tiles when
    /// `slide`: read by the library in its one order, as every face.
    fn form(&self, gravity: Gravity, slide: bool) -> RulesForm {
        RulesForm {
            turns: self.turns.map(|turns| turns as u64),
            border: Some(self.border.to_string()),
            gravity: Some(gravity.to_string()),
            groups: self.groups.as_ref().map(ToString::to_string),
            connect: Some(self.connect.to_string()),
            slide: Some(slide),
        }
    }

    /// The rules, or a usage error naming the conflict the library finds
    /// (`--slide` with `--border open`, say).
    fn rules(&self, gravity: Gravity, slide: bool) -> Result<Rules, Failure> {
        Rules::try_from(self.form(gravity, slide))
            .map_err(|e| Failure::Usage(format!("error: {e}")))
    }
}

/// The rules of the engine subcommands: matching, and gravity.
#[derive(Debug, clap::Args)]
struct RulesArgs {
    #[command(flatten)]
    matching: MatchArgs,
    /// How the tiles slide after each removal: none, down, up, left, right,
    /// apart-vertical, together-vertical, apart-horizontal,
    /// together-horizontal, top-left-bottom-right, left-down-right-up,
    /// outward, inward.
    #[arg(long, value_name = "MODE", default_value_t = Gravity::None)]
    gravity: Gravity,
    /// KShisen's sliding tiles: paths of at most one turn on the board, and
    /// a move may first push the first tile of a pair, with the tiles in
    /// front of it, along its row or column to the corner from which a
    /// straight empty segment reaches its partner (`r1 c1 r2 c2 row` or
    /// `... column` in removal orders). Not with --turns other than 1,
    /// --border open or another --connect than standard.
    #[arg(long)]
    slide: bool,
}

impl RulesArgs {
    /// The rules, or a usage error naming the conflict the library finds
    /// (`--slide` with `--border open`, say).
    fn rules(&self) -> Result<Rules, Failure> {
        self.matching.rules(self.gravity, self.slide)
    }
}

/// How a rating measures, for `rate` and `generate --difficulty`.
#[derive(Debug, clap::Args)]
struct RatingArgs {
    /// Random games to play.
    #[arg(long, value_name = "N", default_value_t = lianliankan::RateConfig::DEFAULT_PLAYS)]
    plays: u32,
    /// Of them, games probed by the solver (traps and forced positions).
    #[arg(long, value_name = "N", default_value_t = lianliankan::RateConfig::DEFAULT_PROBES)]
    probes: u32,
}

impl RatingArgs {
    fn config(&self) -> lianliankan::RateConfig {
        lianliankan::RateConfig::new()
            .plays(self.plays)
            .probes(self.probes)
    }
}

/// `generate`'s difficulty: a band of the setting's bands, or of the
/// rating's score.
#[derive(Debug, clap::Args)]
struct BandArgs {
    /// A board that is easy, normal or hard for its size and rules: a
    /// random player's clear rate decided inside the band at 95% (`rate`'s
    /// `band` line, with its default seed), then again with fresh games.
    /// The setting's bands are the library's table's, or, for a setting it
    /// lacks, measured first on its first 24 candidates (docs/rating.md).
    #[arg(long, value_name = "LEVEL", conflicts_with = "score")]
    difficulty: Option<lianliankan::Difficulty>,
    /// A board whose rating score lies in LOW-HIGH (0 to 100), as `rate`
    /// rates it with its default seed and budget, confirmed with fresh
    /// games.
    #[arg(long, value_name = "LOW-HIGH", value_parser = parse_band)]
    score: Option<std::ops::RangeInclusive<u8>>,
    /// With --difficulty or --score: boards to make and rate before giving
    /// up (the first from SEED, the others from seeds drawn at random by a
    /// generator seeded with SEED; the seed of the one kept is printed).
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    candidates: u32,
    #[command(flatten)]
    rating: RatingArgs,
}

impl BandArgs {
    fn band(&self) -> Option<commands::Band> {
        let candidates = self.candidates as usize;
        match (&self.difficulty, &self.score) {
            (Some(difficulty), _) => Some(commands::Band::Difficulty(*difficulty, candidates)),
            (None, Some(scores)) => Some(commands::Band::Score(
                scores.clone(),
                self.rating.config(),
                candidates,
            )),
            (None, None) => None,
        }
    }
}

/// A score band `LOW-HIGH`, 0 to 100.
fn parse_band(text: &str) -> Result<std::ops::RangeInclusive<u8>, String> {
    let bad = || format!("`{text}`: a band LOW-HIGH of scores 0 to 100, such as 50-100");
    let (low, high) = text.split_once('-').ok_or_else(bad)?;
    let low: u8 = low.trim().parse().map_err(|_| bad())?;
    let high: u8 = high.trim().parse().map_err(|_| bad())?;
    if low > high || high > 100 {
        return Err(bad());
    }
    Ok(low..=high)
}

/// Drawing options.
#[derive(Debug, clap::Args)]
struct DrawArgs {
    /// Under each answer (or removal), the board with the two tiles in
    /// brackets and the path drawn (boards up to 60 columns).
    #[arg(long)]
    draw: bool,
    /// Draw with plain ASCII characters instead of box-drawing ones.
    #[arg(long, requires = "draw")]
    ascii: bool,
}

impl DrawArgs {
    fn style(&self) -> Option<Style> {
        self.draw.then_some(if self.ascii {
            Style::Ascii
        } else {
            Style::Unicode
        })
    }
}

/// A board file and the rules, for `hint` and `moves`.
#[derive(Debug, clap::Args)]
struct BoardArgs {
    /// Board file (the judge format; queries optional); standard input when
    /// absent or `-`.
    file: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// One pair that can be removed now, as `r1 c1 r2 c2` (a slide
    /// `r1 c1 r2 c2 row|column`), or `NONE`.
    Hint(BoardArgs),
    /// Every pair that can be removed now, one `r1 c1 r2 c2` line each
    /// (slides `r1 c1 r2 c2 row|column`), sorted (nothing when there is
    /// none).
    Moves(BoardArgs),
    /// A removal order that clears the board (one `r1 c1 r2 c2` line per
    /// removal), or `UNSOLVABLE` (proved), or `UNKNOWN (budget exhausted
    /// after N states)` with exit status 3.
    Solve {
        #[command(flatten)]
        board: BoardArgs,
        /// The most search states to expand before giving up.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_BUDGET)]
        budget: u64,
        #[command(flatten)]
        draw: DrawArgs,
    },
    /// A board that can be cleared, by construction, in the judge format
    /// (without queries); every cell is a tile (but one if rows·cols is odd).
    Generate {
        /// Rows, 1 to 1000, and at most 10000 cells in all (docs/limits.md).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=lianliankan::MAX_ROWS as i64))]
        rows: u16,
        /// Columns, 1 to 1000, and at most 10000 cells in all.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=lianliankan::MAX_COLS as i64))]
        cols: u16,
        /// Kinds of tiles, 1 to rows·cols/2; each kind is used in pairs.
        #[arg(long)]
        kinds: u32,
        /// Random seed: the same seed gives the same board.
        #[arg(long)]
        seed: u64,
        #[command(flatten)]
        rules: RulesArgs,
        #[command(flatten)]
        band: BandArgs,
        /// Also write the certificate, a removal order that clears the
        /// board (as `solve` prints it, for `replay`), to FILE.
        #[arg(long, value_name = "FILE")]
        certificate: Option<PathBuf>,
    },
    /// How hard the board is to clear: random games on it, the first ones
    /// probed by the solver at every position; prints the score (0 to 100)
    /// and its figures (forgiveness, traps, width), as docs/rating.md
    /// defines them; with --players, for a deal not proved lost, other
    /// players: the
    /// skill curve (the player who takes a winning pair with probability
    /// q, and the q at which it clears half its games), the first-hint
    /// player, a one-step lookahead, and traps and forced positions over
    /// the lookahead's games with 95% intervals and the share of pairs
    /// decided.
    Rate {
        #[command(flatten)]
        board: BoardArgs,
        #[command(flatten)]
        rating: RatingArgs,
        /// The seed of the random games (and of the players' games).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The most search states of each solve.
        #[arg(long, value_name = "N", default_value_t = lianliankan::RateConfig::DEFAULT_BUDGET)]
        budget: u64,
        /// Also play the other players (skill curve, first hint, lookahead;
        /// traps and forced positions over the lookahead's games): many
        /// solves, a minute or more on a hard 8x18 deal.
        #[arg(long)]
        players: bool,
        /// With --players: games of each player and of each skill of the
        /// curve.
        #[arg(long, value_name = "N", default_value_t = lianliankan::PlayersConfig::DEFAULT_GAMES, value_parser = clap::value_parser!(u32).range(1..))]
        games: u32,
        /// With --players: the skill curve's grid, q = 0, 1/N, ..., 1.
        #[arg(long, value_name = "N", default_value_t = lianliankan::PlayersConfig::DEFAULT_LEVELS, value_parser = clap::value_parser!(u32).range(1..=100))]
        levels: u32,
    },
    /// What easy, normal and hard mean for a size and rules: DEALS
    /// candidate deals (as `generate --difficulty` makes them) played GAMES
    /// random games each, their clear rates cut in three equal parts and
    /// printed as a row of the library's table; with --check N, N deals of
    /// each difficulty under the bands the library has for this setting,
    /// played GAMES fresh games each, and whether their clear rates are
    /// ordered easy > normal > hard with 95% intervals apart
    /// (docs/rating.md).
    Bands {
        /// Rows, 1 to 100.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=100))]
        rows: u16,
        /// Columns, 1 to 100.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=100))]
        cols: u16,
        /// Kinds of tiles, 1 to rows·cols/2.
        #[arg(long)]
        kinds: u32,
        /// Seed of the first candidate (the others drawn from it) and of
        /// the games.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[command(flatten)]
        rules: RulesArgs,
        /// Candidate deals to measure (0: measure nothing).
        #[arg(long, value_name = "N", default_value_t = 60)]
        deals: usize,
        /// Random games a deal.
        #[arg(long, value_name = "N", default_value_t = 400)]
        games: u32,
        /// Deals of each difficulty to check the bands on (0: no check).
        #[arg(long, value_name = "N", default_value_t = 0)]
        check: usize,
        /// With --check: candidates a deal of a difficulty may try (a deal
        /// none of whose candidates lands in its band is passed over for
        /// the next seed, up to twice --check seeds).
        #[arg(long, value_name = "N", default_value_t = 200)]
        candidates: usize,
    },
    /// What fraction of random deals can be cleared: deals D boards (every
    /// kind in groups of COPIES, kinds taken in turn, shuffled), decides
    /// each with `solve`, and prints the counts of solvable, unsolvable and
    /// undecided deals, a 95% confidence interval for the solvable fraction
    /// and the solve times. `--shard K/N` decides a share of the deals, and
    /// `study merge` sums the shards' files up.
    #[command(
        after_help = STUDY_EXAMPLES,
        subcommand_negates_reqs = true,
        args_conflicts_with_subcommands = true
    )]
    Study {
        #[command(subcommand)]
        merge: Option<StudyCommand>,
        #[command(flatten)]
        args: Box<StudyArgs>,
    },
    /// Checks a removal order (lines `r1 c1 r2 c2`, or `r1 c1 r2 c2
    /// row|column` for a slide, as `solve` prints them,
    /// each pair on the board as it is at that step) against the board and
    /// the rules: `ok N` after N legal steps, or the first illegal step and
    /// why, with exit status 4.
    Replay {
        /// Board file (the judge format; queries optional); `-` for
        /// standard input.
        file: PathBuf,
        /// The removal order file.
        order: PathBuf,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Runs PROGRAM on random judge inputs and compares its answers with
    /// ours; shrinks and reports the first failure.
    #[command(after_help = grid_cli::stress::after_help("lianliankan"))]
    Stress(grid_cli::stress::StressArgs),
}

const STUDY_EXAMPLES: &str = "\
Examples:
  lianliankan study --rows 8 --cols 18 --kinds 36 --deals 1000 --border open
  lianliankan study --rows 8 --cols 18 --kinds 36 --deals 1000 --border open --shard 2/10 --csv > shard-2.csv
  lianliankan study merge shard-*.csv                 the table of the whole study
  lianliankan study --rows 8 --cols 18 --kinds 42 --deals 1000 --border open --gravity down \
      --check kshisen-greedy --lost-before-stuck      KShisen's check against solve; random games

With --shard K/N, only the deals numbered i (0-based, in seed order) with
i mod N = K - 1 are decided; with --csv too, one row per deal is written,
with everything `study merge` needs. Run the N shards anywhere (a Slurm job
array, GNU parallel over ssh) with the same options, then merge their files.

The last example counts what KShisen's own check accepts and rejects
against the exact verdict, and plays a random game on each solvable deal to
see how many pairs before it is stuck it is already lost.";

/// The study's options.
#[derive(Debug, clap::Args)]
struct StudyArgs {
    /// Rows of each deal.
    #[arg(long, required = true, value_parser = clap::value_parser!(u16).range(1..=100))]
    rows: Option<u16>,
    /// Columns of each deal.
    #[arg(long, required = true, value_parser = clap::value_parser!(u16).range(1..=100))]
    cols: Option<u16>,
    /// Kinds of tiles, taken in turn for the groups (kind 1, 2, ..., K,
    /// then 1 again), as KShisen deals its 42: with more kinds than groups
    /// only the first ones are dealt (42 kinds on 14x6 deal kinds 1 to 21).
    #[arg(long, required = true)]
    kinds: Option<u32>,
    /// Tiles of one kind in a group; rows·cols must be a multiple.
    #[arg(long, value_name = "N", default_value_t = 4)]
    copies: usize,
    /// How many deals (in the whole study, all shards together).
    #[arg(long, value_name = "D", required = true)]
    deals: Option<u64>,
    /// Random seed: the same seed gives the same deals.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The most search states per deal before it counts as undecided.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_BUDGET)]
    budget: u64,
    /// Also a time limit per deal, in seconds (fractions allowed): a deal
    /// not decided by then counts as undecided. Counts then depend on
    /// the machine; without it the same seed gives the same table.
    #[arg(long, value_name = "S")]
    seconds: Option<f64>,
    /// Threads (default: all cores).
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// One CSV header and row instead of the table; with --shard, one row
    /// per deal, for `study merge`.
    #[arg(long)]
    csv: bool,
    /// Decide only shard K of N: the deals numbered i with i mod N = K - 1.
    #[arg(long, value_name = "K/N")]
    shard: Option<study::Shard>,
    /// Also run a game's own check on every deal and count what it accepts
    /// and rejects against `solve`'s verdict: `kshisen-greedy` (KShisen's
    /// isSolvable: the first pair found column by column, removed again
    /// and again, without gravity) or `has-move` (a move at the start).
    #[arg(long, value_name = "CHECK")]
    check: Option<study::Check>,
    /// Also play one random game on every solvable deal (a uniformly random
    /// legal pair each step, seeded) and report how many pairs before it
    /// was stuck it could no longer be won (the first lost step, by
    /// `solve` within --budget).
    #[arg(long)]
    lost_before_stuck: bool,
    /// Also rate every solvable deal (`rate` with its defaults: score,
    /// forgiveness, traps, width), and judge the score by held-out games:
    /// as many fresh random games, and the player who always takes the
    /// first hint.
    #[arg(long)]
    rate: bool,
    /// With --rate: also the other players of `rate --players` on every
    /// rated deal (the lookahead's clear rate and the half-clear skill,
    /// and how well the score ranks them); many solves a deal.
    #[arg(long, requires = "rate")]
    players: bool,
    #[command(flatten)]
    rules: RulesArgs,
}

/// `study`'s subcommand.
#[derive(Debug, Subcommand)]
enum StudyCommand {
    /// Prints the summary of a study from its shards' files (written by
    /// `study ... --shard K/N --csv`): the table, or the CSV row, that the
    /// study run on one machine prints.
    Merge {
        /// The shards' files; `-` for standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// One CSV header and row instead of the table.
        #[arg(long)]
        csv: bool,
    },
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => return grid_cli::argument_error(e.print(), e.use_stderr()),
    };
    if let Some(Command::Stress(stress)) = &args.command {
        return grid_cli::stress::run("lianliankan", &stress::Lianliankan, stress);
    }
    let mut verdict = 0;
    let code = exit_code(run(&args, &mut verdict));
    if verdict != 0 && code == ExitCode::SUCCESS {
        ExitCode::from(verdict)
    } else {
        code
    }
}

/// Runs the command; `verdict` is set to a non-zero exit status when the
/// command answered but its answer is "unknown" or "illegal".
fn run(args: &Args, verdict: &mut u8) -> Result<(), Failure> {
    let usage = format!(
        "lianliankan reads a judge input from a file or standard input.\n\n{EXAMPLES}\n\nTry `lianliankan --help`."
    );
    let board_of = |board: &BoardArgs| -> Result<_, Failure> {
        let input = read_input(board.file.as_deref(), &usage)?;
        Ok(lianliankan::format::read_first_board(&input)?)
    };
    match &args.command {
        None => {
            let judge = &args.judge;
            let input = read_input(judge.file.as_deref(), &usage)?;
            let options = lianliankan::judge::Options {
                rules: judge.matching.rules(Gravity::None, false)?,
                explain: judge.explain,
                draw: judge.draw.style(),
            };
            with_stdout(|out| Ok(lianliankan::judge::run(&input, &options, out)?))
        }
        Some(Command::Hint(b)) => {
            let rules = b.rules.rules()?;
            let board = board_of(b)?;
            with_stdout(|out| commands::hint(board, rules, out))
        }
        Some(Command::Moves(b)) => {
            let rules = b.rules.rules()?;
            let board = board_of(b)?;
            with_stdout(|out| commands::moves(board, rules, out))
        }
        Some(Command::Solve {
            board: b,
            budget,
            draw,
        }) => {
            let rules = b.rules.rules()?;
            let board = board_of(b)?;
            with_stdout(|out| {
                let answer = commands::solve(board, rules, *budget, draw.style(), out)?;
                if answer == Verdict::Unknown {
                    *verdict = EXIT_UNKNOWN;
                }
                Ok(())
            })
        }
        Some(Command::Stress(_)) => unreachable!("dispatched in main"),
        Some(Command::Generate {
            rows,
            cols,
            kinds,
            seed,
            rules,
            band,
            certificate,
        }) => {
            let spec = GenerateSpec::new(usize::from(*rows), usize::from(*cols), *kinds)
                .with_seed(*seed)
                .with_rules(rules.rules()?);
            let band = band.band();
            with_stdout(|out| {
                commands::generate_board(&spec, band.as_ref(), certificate.as_deref(), out)
            })
        }
        Some(Command::Rate {
            board: b,
            rating,
            seed,
            budget,
            players,
            games,
            levels,
        }) => {
            let rules = b.rules.rules()?;
            let board = board_of(b)?;
            let config = rating.config().seed(*seed).budget(*budget);
            let players = players.then(|| {
                lianliankan::PlayersConfig::new()
                    .games(*games)
                    .levels(*levels)
                    .seed(*seed)
                    .budget(*budget)
            });
            with_stdout(|out| commands::rate(&board, &rules, &config, players.as_ref(), out))
        }
        Some(Command::Bands {
            rows,
            cols,
            kinds,
            seed,
            rules,
            deals,
            games,
            check,
            candidates,
        }) => {
            let spec = GenerateSpec::new(usize::from(*rows), usize::from(*cols), *kinds)
                .with_seed(*seed)
                .with_rules(rules.rules()?);
            let asked = bands::Asked {
                deals: *deals,
                games: *games,
                check: *check,
                candidates: *candidates,
            };
            with_stdout(|out| bands::run(&spec, &asked, out))
        }
        Some(Command::Study {
            merge: Some(StudyCommand::Merge { files, csv }),
            ..
        }) => with_stdout(|out| study::merge::run(files, *csv, out)),
        Some(Command::Study { merge: None, args }) => {
            let study = study_of(args)?;
            with_stdout(|out| study::run(&study, out))
        }
        Some(Command::Replay { file, order, rules }) => {
            let rules = rules.rules()?;
            let input = read_input(Some(file), &usage)?;
            let board = lianliankan::format::read_first_board(&input)?;
            let order_text = std::fs::read(order).map_err(|e| {
                Failure::Io(std::io::Error::new(
                    e.kind(),
                    format!("cannot read {}: {e}", order.display()),
                ))
            })?;
            let order = Order::read(&order_text)?;
            with_stdout(|out| {
                if commands::replay(&board, &rules, &order, out)? == Replayed::Illegal {
                    *verdict = EXIT_ILLEGAL;
                }
                Ok(())
            })
        }
    }
}

/// The study the options ask for.
fn study_of(args: &StudyArgs) -> Result<study::Study, Failure> {
    let time_limit = match args.seconds {
        Some(s) if s.is_finite() && s > 0.0 => Some(std::time::Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(Failure::Usage(format!(
                "error: --seconds {s}: a positive number of seconds"
            )));
        }
        None => None,
    };
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        usize::from,
    );
    // clap requires these when there is no subcommand.
    let (Some(rows), Some(cols), Some(kinds), Some(deals)) =
        (args.rows, args.cols, args.kinds, args.deals)
    else {
        return Err(Failure::Usage(
            "error: study needs --rows, --cols, --kinds and --deals".to_owned(),
        ));
    };
    Ok(study::Study {
        deal: DealSpec::new(usize::from(rows), usize::from(cols), kinds).with_copies(args.copies),
        deals,
        seed: args.seed,
        rules: args.rules.rules()?,
        budget: args.budget,
        time_limit,
        jobs,
        csv: args.csv,
        shard: args.shard,
        check: args.check,
        lost_before_stuck: args.lost_before_stuck,
        rate: args.rate,
        players: args.players,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sample of `fixtures/rules/samples.json` (which, between them,
    /// set every setting of the rules) as flags, `--NAME VALUE` (`--slide`
    /// for the flag; an empty text left out), reads back to the same
    /// rules: a setting without its flag fails here.
    #[test]
    fn every_setting_of_the_samples_has_its_flag() {
        let fixture = include_str!("../../../../../fixtures/rules/samples.json");
        let samples: Vec<serde_json::Map<String, serde_json::Value>> =
            serde_json::from_str(fixture).unwrap();
        for sample in samples {
            let mut argv = vec!["lianliankan".to_owned(), "moves".to_owned()];
            for (name, value) in &sample {
                match value {
                    serde_json::Value::Bool(true) => argv.push(format!("--{name}")),
                    serde_json::Value::String(text) if text.is_empty() => {}
                    serde_json::Value::String(text) => {
                        argv.extend([format!("--{name}"), text.clone()]);
                    }
                    other => argv.extend([format!("--{name}"), other.to_string()]),
                }
            }
            let args = Args::try_parse_from(&argv).unwrap_or_else(|e| panic!("{argv:?}: {e}"));
            let Some(Command::Moves(board)) = args.command else {
                panic!("{argv:?}: not `moves`");
            };
            let rules = board.rules.rules().unwrap_or_else(|_| panic!("{argv:?}"));
            let read: serde_json::Value = serde_json::from_str(&rules.key()).unwrap();
            assert_eq!(read, serde_json::Value::Object(sample), "{argv:?}");
        }
    }
}
