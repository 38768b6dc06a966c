//! A deal's rating re-stated with the references ([`rate`]) and the exact
//! chance that a random game clears a board ([`clear_chance`]).

use grid_core::Grid;

use super::{clearable, moves, play};
use crate::engine::Rating;
use crate::query::Board;
use crate::rules::Rules;

/// The rating [`crate::rate`] gives `board` under `rules` with `plays`
/// random games, the first `probes` probed, seeded with `seed`, re-stated
/// with the references: game i draws its pairs with a [`grid_core::SplitMix64`]
/// seeded with the i-th number of one seeded with `seed`, each pair
/// uniformly from [`moves`]; every position a probed game reaches while
/// it can still be won has each of its pairs made ([`play`]) and decided
/// by [`clearable`]. Nothing is left undecided and `solves` is 0.
///
/// # Complexity
/// Exponential, as [`clearable`]: for boards of a dozen tiles or so.
#[must_use]
pub fn rate(board: &Board, rules: &Rules, plays: u32, probes: u32, seed: u64) -> Rating {
    let mut seeds = grid_core::SplitMix64::new(seed);
    let winnable = clearable(board, rules);
    let mut rating = Rating {
        winnable: Some(winnable),
        plays,
        probes: if winnable { probes.min(plays) } else { 0 },
        ..Rating::default()
    };
    for game in 0..plays {
        let mut rng = grid_core::SplitMix64::new(seeds.next_u64());
        let mut now = board.clone();
        let mut probing = game < rating.probes;
        let mut trapped = false;
        let mut step = 0;
        loop {
            let offered = moves(&now, rules);
            if offered.is_empty() {
                break;
            }
            rating.width_positions += 1;
            rating.width_offered += offered.len() as u64;
            let pick = offered[rng.below(offered.len())];
            if probing {
                let after: Vec<Board> = offered
                    .iter()
                    .map(|&pair| {
                        Board::new(&play(&now, pair, rules).expect("a listed move")).expect("kinds")
                    })
                    .collect();
                let winning = after.iter().filter(|b| clearable(b, rules)).count() as u64;
                let losing = offered.len() as u64 - winning;
                rating.positions += 1;
                rating.offered += offered.len() as u64;
                if winning == 1 && offered.len() > 1 {
                    rating.forced_positions += 1;
                }
                if losing > 0 {
                    rating.trap_positions += 1;
                    if !trapped {
                        trapped = true;
                        rating.trapped_games += 1;
                        rating.first_trap_losing += losing;
                        rating.first_trap_offered += offered.len() as u64;
                        rating.earliest_trap =
                            Some(rating.earliest_trap.map_or(step, |e: usize| e.min(step)));
                    }
                }
            }
            now = Board::new(&play(&now, pick, rules).expect("a listed move")).expect("kinds");
            if probing && !clearable(&now, rules) {
                probing = false;
            }
            step += 1;
        }
        if now.tile_count() == 0 {
            rating.cleared += 1;
        }
    }
    rating
}

/// The exact chance that a game of uniformly random pairs (each drawn
/// from [`moves`], as [`rate`]'s games draw them) clears `board`: 1 for an
/// empty board, 0 when tiles remain and no pair does, else the mean of the
/// chances after each pair, over every position reachable (remembered by
/// their cells).
///
/// # Complexity
/// Exponential: for boards of a dozen tiles or so.
#[must_use]
pub fn clear_chance(board: &Board, rules: &Rules) -> f64 {
    fn chance(
        grid: &Grid<u32>,
        rules: &Rules,
        known: &mut std::collections::BTreeMap<Vec<u32>, f64>,
    ) -> f64 {
        if grid.cells().iter().all(|&k| k == 0) {
            return 1.0;
        }
        if let Some(&p) = known.get(grid.cells()) {
            return p;
        }
        let board = Board::new(grid).expect("kinds from a board");
        let offered = moves(&board, rules);
        let p = if offered.is_empty() {
            0.0
        } else {
            offered
                .iter()
                .map(|&pair| {
                    chance(
                        &play(&board, pair, rules).expect("a listed move"),
                        rules,
                        known,
                    )
                })
                .sum::<f64>()
                / offered.len() as f64
        };
        known.insert(grid.cells().to_vec(), p);
        p
    }
    chance(
        &board.to_grid(),
        rules,
        &mut std::collections::BTreeMap::new(),
    )
}
