//! The players of [`crate::rate_players`] re-stated with the references:
//! every "does this pair win?" answered by [`clearable`] (exact, no
//! budget), every pair made by [`play`].

use grid_core::SplitMix64;

use super::{clearable, moves, play};
use crate::engine::{Players, SkillPoint};
use crate::query::Board;
use crate::rules::Rules;

/// The board after `pair`.
fn after(board: &Board, pair: crate::Move, rules: &Rules) -> Board {
    Board::new(&play(board, pair, rules).expect("a listed move")).expect("kinds")
}

/// What [`crate::rate_players`] finds on `board` under `rules` with
/// `games` games a player, the skill grid q = i / `levels`, seeded with
/// `seed`, re-stated: game g of each player draws from a
/// [`SplitMix64`] seeded with the g-th number of one seeded with `seed`.
///
/// - Skill q = level / levels: each step draws `below(levels) < level`;
///   when true and the position can be cleared, it takes the first pair
///   of [`moves`] after which the board can be cleared; otherwise it
///   takes `moves[below(len)]`.
/// - Lookahead: at a position that can be cleared, it draws uniformly
///   (`below`) among the pairs after which the board can still be
///   cleared, and counts the position (a trap if some pair loses; forced
///   if two or more pairs are on offer and exactly one wins); at a lost
///   position, among all pairs.
/// - First hint: the first pair of [`moves`] until none is left.
///
/// Nothing is unknown and `solves` is 0.
///
/// # Complexity
/// Exponential, as [`clearable`]: for boards of a dozen tiles or so.
#[must_use]
pub fn players(board: &Board, rules: &Rules, games: u32, levels: u32, seed: u64) -> Players {
    let mut seeds = SplitMix64::new(seed);
    let seeds: Vec<u64> = (0..games).map(|_| seeds.next_u64()).collect();
    let mut result = Players {
        winnable: Some(clearable(board, rules)),
        games,
        levels,
        ..Players::default()
    };
    for level in 0..=levels {
        let mut cleared = 0;
        for &seed in &seeds {
            let mut rng = SplitMix64::new(seed);
            let mut now = board.clone();
            loop {
                let offered = moves(&now, rules);
                if offered.is_empty() {
                    break;
                }
                let skilled = (rng.below(levels as usize) as u32) < level;
                let mut chosen = None;
                if skilled && clearable(&now, rules) {
                    chosen = offered
                        .iter()
                        .map(|&pair| after(&now, pair, rules))
                        .find(|next| clearable(next, rules));
                }
                now = match chosen {
                    Some(next) => next,
                    None => after(&now, offered[rng.below(offered.len())], rules),
                };
            }
            if now.tile_count() == 0 {
                cleared += 1;
            }
        }
        result.skill.push(SkillPoint { level, cleared });
    }
    for &seed in &seeds {
        let mut rng = SplitMix64::new(seed);
        let mut now = board.clone();
        loop {
            let offered = moves(&now, rules);
            if offered.is_empty() {
                break;
            }
            if !clearable(&now, rules) {
                now = after(&now, offered[rng.below(offered.len())], rules);
                continue;
            }
            let winning: Vec<Board> = offered
                .iter()
                .map(|&pair| after(&now, pair, rules))
                .filter(|next| clearable(next, rules))
                .collect();
            result.positions += 1;
            result.offered += offered.len() as u64;
            if winning.len() < offered.len() {
                result.trap_positions += 1;
            }
            if offered.len() > 1 && winning.len() == 1 {
                result.forced_positions += 1;
            }
            now = winning[rng.below(winning.len())].clone();
        }
        if now.tile_count() == 0 {
            result.lookahead_cleared += 1;
        }
    }
    let mut now = board.clone();
    while let Some(&pair) = moves(&now, rules).first() {
        now = after(&now, pair, rules);
    }
    result.first_hint_cleared = now.tile_count() == 0;
    result
}
