//! Unit tests of the search under gravity.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use grid_core::SplitMix64;
use rustc_hash::FxHashMap;

use super::*;
use crate::engine::solve::budget::Budget;
use crate::engine::solve::memo::Room;
use crate::engine::solve::stuck::random_position;
use crate::reference;
use crate::reference::replay_clears;

/// Boards of tile ids already searched, with their answers.
type Seen = FxHashMap<Vec<u32>, Option<BTreeSet<(TileId, TileId)>>>;

/// The pairs of tile ids that some clearing play from `ids` removes
/// together, or `None` if no play clears it: every move tried, boards
/// remembered.
fn pairs_of_clearing_plays(
    ids: &Grid<u32>,
    class_of: &[u32],
    rules: &Rules,
    seen: &mut Seen,
) -> Option<BTreeSet<(TileId, TileId)>> {
    if ids.cells().iter().all(|&id| id == 0) {
        return Some(BTreeSet::new());
    }
    if let Some(known) = seen.get(ids.cells()) {
        return known.clone();
    }
    let mut classes = ids.clone();
    for cell in classes.cells_mut() {
        *cell = class_of[*cell as usize];
    }
    let board = Board::new(&classes).unwrap();
    let mut used: Option<BTreeSet<(TileId, TileId)>> = None;
    for pair in reference::moves(&board, rules) {
        let mut next = ids.clone();
        next[pair.a()] = 0;
        next[pair.b()] = 0;
        let next = reference::settle(&next, rules.gravity());
        if let Some(later) = pairs_of_clearing_plays(&next, class_of, rules, seen) {
            let all = used.get_or_insert_with(BTreeSet::new);
            all.extend(later);
            all.insert(id_pair(
                ids.cells(),
                ids.index_of(pair.a()),
                ids.index_of(pair.b()),
            ));
        }
    }
    seen.insert(ids.cells().to_vec(), used.clone());
    used
}

/// Rounds that restart keep the search exact: with runs of a state or
/// two, so that most boards go through many rounds and restarts, the
/// verdicts are the exhaustive search's and every clearing order
/// replays, under one-pass gravity and the two-pass modes.
#[test]
fn restarting_runs_keep_the_verdicts() {
    use crate::rules::Gravity;
    let mut rng = SplitMix64::new(0x6c75_6279);
    let (mut restarted, mut solved, mut unsolvable) = (0, 0, 0);
    for _ in 0..2000 {
        let (rows, cols) = (rng.range(2, 5), rng.range(2, 5));
        let pairs = rng.range(2, (rows * cols / 2).min(8));
        let kinds = rng.range(2, 4);
        let (grid, mut rules) = random_position(&mut rng, rows, cols, 2 * pairs, 2, kinds, 2);
        if rng.percent(20) {
            rules = rules.with_gravity([Gravity::Outward, Gravity::Inward][rng.below(2)]);
        }
        let board = Board::new(&grid).unwrap();
        let runs = Runs { first: 1, unit: 1 };
        let mut go_on = |_| ControlFlow::Continue(());
        let budget = Budget::new(u64::MAX, Room::new(1 << 20), None, &mut go_on);
        let (answer, made) = solve_with_runs(&board, &rules, budget, runs);
        match answer {
            Solution::Solved(order) => {
                replay_clears(&board, &rules, &order)
                    .unwrap_or_else(|e| panic!("{e}: {rules:?} {board:?}"));
                solved += 1;
            }
            Solution::Unsolvable => {
                assert!(
                    !reference::clearable(&board, &rules),
                    "called unsolvable: {rules:?} {board:?}"
                );
                unsolvable += 1;
            }
            other => panic!("no budget was set: {other:?}"),
        }
        restarted += usize::from(made > 4);
    }
    assert!(
        restarted > 1000 && solved > 1000 && unsolvable > 300,
        "{restarted} restarted, {solved} solved, {unsolvable} unsolvable"
    );
}

/// The move list holds exactly the reference's moves, each once: on
/// random compacted boards with classes of 2 to 12 tiles, 0 to 3 turns
/// (path shapes up to two, reaches beyond), both borders.
#[test]
fn ranked_moves_are_the_reference_moves() {
    let mut rng = SplitMix64::new(0x6d6f_7665);
    let (mut moves, mut none) = (0, 0);
    for _ in 0..2000 {
        let (rows, cols) = (rng.range(2, 8), rng.range(2, 8));
        let group = 2 * rng.range(1, (rows * cols / 2).min(6));
        let tiles = group * rng.range(1, rows * cols / group);
        let (grid, rules) = random_position(&mut rng, rows, cols, tiles, group, 5, 3);
        let board = Board::new(&grid).unwrap();
        let mut go_on = |_| ControlFlow::Continue(());
        let budget = Budget::new(u64::MAX, Room::new(1 << 20), None, &mut go_on);
        let (mut search, ids) = Search::new(&board, &rules, budget);
        let classes = search.deal.classes_of(&ids);
        let mut found = search.ranked_moves(&classes).expect("an unlimited budget");
        let count = found.len();
        found.sort_unstable();
        found.dedup();
        assert_eq!(
            found.len(),
            count,
            "a move listed twice: {rules:?} {board:?}"
        );
        assert_eq!(
            found,
            reference::moves(&board, &rules),
            "{rules:?} {board:?}"
        );
        moves += count;
        none += usize::from(count == 0);
    }
    assert!(
        moves > 5000 && none > 20,
        "{moves} moves, {none} boards without"
    );
}

/// Narrowing rules out only pairs that no clearing play removes
/// together, and calls the root dead only when nothing clears it: on
/// random compacted boards whose kinds come four at a time, under every
/// one-pass gravity, both borders, 0 to 2 turns, against the
/// exhaustive search over plays.
#[test]
fn narrowing_rules_out_only_pairs_no_clearing_play_uses() {
    let mut rng = SplitMix64::new(0x6e61_7272);
    let (mut ruled, mut dead, mut cases) = (0, 0, 0);
    while cases < 600 {
        let (rows, cols) = (rng.range(3, 4), rng.range(3, 4));
        let tiles = 4 * rng.range(2, rows * cols / 4);
        let (grid, rules) = random_position(&mut rng, rows, cols, tiles, 4, usize::MAX, 2);
        let board = Board::new(&grid).unwrap();
        let mut go_on = |_| ControlFlow::Continue(());
        let budget = Budget::new(u64::MAX, Room::new(1 << 20), None, &mut go_on);
        let (mut search, ids) = Search::new(&board, &rules, budget);
        let is_dead = search.narrow(&ids).unwrap();
        let used =
            pairs_of_clearing_plays(&ids, &search.deal.class_of, &rules, &mut Seen::default());
        if is_dead {
            assert!(used.is_none(), "called dead: {rules:?} {board:?}");
            dead += 1;
        }
        if let Some(used) = &used {
            for pair in &search.proofs.ruled_out {
                assert!(
                    !used.contains(pair),
                    "{pair:?} ruled out: {rules:?} {board:?}"
                );
            }
            ruled += search.proofs.ruled_out.len();
        }
        cases += 1;
    }
    assert!(
        ruled > 300 && dead > 30,
        "{ruled} pairs ruled out, {dead} dead"
    );
}
