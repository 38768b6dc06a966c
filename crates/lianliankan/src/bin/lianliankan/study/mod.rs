//! `study`: what fraction of random deals can be cleared. Deals are made by
//! `lianliankan::deal` from seeds derived from the study's seed and the
//! deal's number (so the same seed gives the same deals whatever the number
//! of threads, and whichever shard decides them), decided by `solve` on a
//! rayon pool, and summed up as a table or CSV ([`summary`]).
//!
//! Across machines: `--shard K/N` decides only the deals whose number i has
//! i mod N = K − 1, and with `--csv` writes one row per deal ([`shard`]);
//! `study merge` reads such files back and prints the unsharded summary
//! ([`merge`]).

mod csv;
pub mod merge;
mod params;
mod shard;
mod summary;

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use grid_cli::Failure;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lianliankan::{Board, DealSpec, Solution, SolveConfig, deal, playout, solve_with_progress};
use rayon::prelude::*;

pub use params::{Check, Shard, Study};
use params::{Decided, Played, Rated, Verdict};

/// Mixed into a deal's seed for its random game.
const PLAYOUT_SEED: u64 = 0x0070_6c61_796f_7574;

/// Mixed into a deal's seed for its rating's games.
const RATE_SEED: u64 = 0x0072_6174_696e_6700;

/// The seed of deal number `i` of a study seeded `seed`.
fn deal_seed(seed: u64, i: u64) -> u64 {
    grid_core::SplitMix64::new(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

/// The deal a study makes of `spec`: its kinds taken in turn for the groups
/// of `copies` tiles, as KShisen deals its 42 kinds, so that more kinds than
/// groups deals only the first ones (42 kinds on 14x6, 21 groups: kinds 1 to
/// 21). `lianliankan::deal` refuses kinds it cannot all deal; dealing
/// `min(kinds, groups)` kinds in turn is the same board, group for group,
/// since group g takes kind g mod kinds + 1 and g < groups. A spec whose
/// copies do not divide the board is left as it is, for `deal` to refuse.
fn in_turn(spec: &DealSpec) -> DealSpec {
    let groups = spec
        .rows
        .checked_mul(spec.cols)
        .and_then(|cells| cells.checked_div(spec.copies));
    match groups.and_then(|g| u32::try_from(g).ok()) {
        Some(groups) if groups > 0 && spec.kinds > groups => {
            DealSpec::new(spec.rows, spec.cols, groups)
                .with_copies(spec.copies)
                .with_seed(spec.seed)
        }
        _ => spec.clone(),
    }
}

/// Deals and decides every deal of `study` (of its shard, if it has one),
/// with a progress bar on a terminal, and writes the summary, or a shard's
/// CSV rows.
///
/// # Errors
/// A deal that cannot be made (a usage error), a thread pool that cannot
/// be built, or a write error.
pub fn run(study: &Study, out: &mut dyn Write) -> Result<(), Failure> {
    deal(&in_turn(&study.deal)).map_err(|e| Failure::Usage(format!("error: {e}")))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(study.jobs)
        .build()
        .map_err(|e| Failure::Usage(format!("error: cannot start {} threads: {e}", study.jobs)))?;
    let shard = study.shard.unwrap_or(Shard { index: 1, count: 1 });
    let size = shard.size(study.deals);
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new(size)
    } else {
        ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::hidden())
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {elapsed} (eta {eta})")
            .expect("a valid template"),
    );
    let decided: Vec<Decided> = pool.install(|| {
        (0..size)
            .into_par_iter()
            .map(|j| {
                let i = shard.index - 1 + j * shard.count;
                let decided = decide(study, i);
                bar.inc(1);
                decided
            })
            .collect()
    });
    bar.finish_and_clear();
    if study.shard.is_some() && study.csv {
        shard::write(study, &decided, out)
    } else {
        summary::write(study, &summary::Tally::of(&decided), out)
    }
}

/// Deals deal number `i` of `study` and decides it.
fn decide(study: &Study, i: u64) -> Decided {
    let spec = in_turn(&study.deal).with_seed(deal_seed(study.seed, i));
    let board: Board = deal(&spec).expect("the spec was checked before the first deal");
    let start = Instant::now();
    let within = |_| match study.time_limit {
        Some(limit) if start.elapsed() > limit => ControlFlow::Break(()),
        _ => ControlFlow::Continue(()),
    };
    let config = SolveConfig::new().budget(study.budget);
    let verdict = match solve_with_progress(&board, &study.rules, &config, &mut { within }) {
        Solution::Solved(_) => Verdict::Solvable,
        Solution::Unsolvable => Verdict::Unsolvable,
        // Out of budget, or stopped at the time limit.
        _ => Verdict::Undecided,
    };
    let time = start.elapsed();
    let accepted = study.check.map(|check| check.accepts(&board, &study.rules));
    // One random game per solvable deal, its seed derived from the deal's.
    let played = (study.lost_before_stuck && verdict == Verdict::Solvable).then(|| {
        let seed = deal_seed(study.seed, i) ^ PLAYOUT_SEED;
        Played::of(&playout(&board, &study.rules, seed, &config))
    });
    let rated = (study.rate && verdict == Verdict::Solvable).then(|| {
        Rated::of(
            &board,
            &study.rules,
            deal_seed(study.seed, i) ^ RATE_SEED,
            study.players,
        )
    });
    Decided {
        deal: i,
        verdict,
        time,
        accepted,
        played,
        rated,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_seeds_differ() {
        let seeds: std::collections::BTreeSet<u64> = (0..1000).map(|i| deal_seed(7, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(deal_seed(7, 0), deal_seed(8, 0));
    }

    /// Kinds in turn, written out: group g of the board takes kind
    /// g mod kinds + 1, so with more kinds than groups each of the first
    /// `groups` kinds is dealt `copies` times and the rest never.
    #[test]
    fn more_kinds_than_groups_deals_the_first_in_turn() {
        for (rows, cols, kinds, copies) in [
            (6, 14, 42, 4),
            (8, 18, 42, 4),
            (9, 16, 42, 4),
            (2, 3, 5, 2),
            (4, 4, 3, 4),
        ] {
            let spec = DealSpec::new(rows, cols, kinds)
                .with_copies(copies)
                .with_seed(3);
            let board = deal(&in_turn(&spec)).unwrap();
            let groups = rows * cols / copies;
            let mut counts = vec![0usize; kinds as usize + 1];
            for (_, kind) in board.tiles() {
                counts[kind as usize] += 1;
            }
            for (kind, &count) in counts.iter().enumerate().skip(1) {
                let expected = (0..groups)
                    .filter(|g| g % kinds as usize + 1 == kind)
                    .count()
                    * copies;
                assert_eq!(count, expected, "{rows}x{cols}, {kinds} kinds, kind {kind}");
            }
        }
        // Copies that do not divide the board are still refused by `deal`.
        assert!(deal(&in_turn(&DealSpec::new(3, 3, 42))).is_err());
    }
}
