//! Unit tests of the search without gravity.

use std::ops::ControlFlow;

use grid_core::{Grid, SplitMix64};

use super::*;
use crate::engine::deal::{DealSpec, deal};
use crate::engine::solve::budget::{Effort, Progress};
use crate::engine::solve::closure::DEAD_TEST_EVERY;
use crate::engine::solve::memo::{DEFAULT_MEMORY_CAP, ENTRY_OVERHEAD, Room};
use crate::reference::replay_clears;
use crate::rules::{Border, Groups};

/// Either border, at even odds.
fn either_border(rng: &mut SplitMix64) -> Border {
    if rng.percent(50) {
        Border::Open
    } else {
        Border::Closed
    }
}

/// As [`solve_static`], with `first_run` states before the first restart and
/// a memo of at most `memo_bytes`.
fn solve_from(
    board: &Board,
    rules: &Rules,
    budget: u64,
    first_run: u64,
    memo_bytes: usize,
    progress: &mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Solution {
    if has_odd_class(board, rules) {
        return Solution::Unsolvable;
    }
    let budget = Budget::new(budget, Room::new(memo_bytes), None, progress);
    Search::new(board, rules, budget).answer(first_run)
}

/// A search with no limits (its progress callback `go_on`).
fn unlimited<'p>(
    board: &Board,
    rules: &Rules,
    go_on: &'p mut dyn FnMut(Progress) -> ControlFlow<()>,
) -> Search<'p> {
    let budget = Budget::new(u64::MAX, Room::new(DEFAULT_MEMORY_CAP), None, go_on);
    Search::new(board, rules, budget)
}

/// Restarting after every state or two must not change any verdict:
/// the memo shared by the runs holds only fully searched positions. Nor
/// must a memo that runs out of room.
#[test]
fn restarts_keep_answers_exact() {
    let mut rng = SplitMix64::new(0x7265_7374);
    let mut restarted = 0;
    for _ in 0..400 {
        let (rows, cols) = (rng.range(2, 5), rng.range(2, 5));
        let mut cells = vec![0u32; rows * cols];
        let kinds = rng.range(1, 4);
        for (i, c) in cells.iter_mut().enumerate() {
            if rng.percent(85) {
                *c = (i / 2 % kinds) as u32 + 1;
            }
        }
        // Even counts per kind: drop the last tile of an odd kind.
        for k in 1..=kinds as u32 {
            if cells.iter().filter(|&&c| c == k).count() % 2 == 1 {
                let last = cells.iter().rposition(|&c| c == k).unwrap();
                cells[last] = 0;
            }
        }
        rng.shuffle(&mut cells);
        let board = Board::new(&Grid::from_vec(rows, cols, cells).unwrap()).unwrap();
        let rules = plain_rules(rng.range(0, 2), either_border(&mut rng));
        let plain = solve_from(
            &board,
            &rules,
            u64::MAX,
            u64::MAX,
            DEFAULT_MEMORY_CAP,
            &mut |_| ControlFlow::Continue(()),
        );
        let mut states = 0;
        let hasty = solve_from(&board, &rules, u64::MAX, 1, DEFAULT_MEMORY_CAP, &mut |_| {
            ControlFlow::Continue(())
        });
        let counted = solve_from(&board, &rules, u64::MAX, 1, DEFAULT_MEMORY_CAP, &mut |s| {
            states = s.states;
            ControlFlow::Continue(())
        });
        assert_eq!(hasty, counted);
        // Without room for a memo (or for a few entries), the answer
        // stays the same; only the search is longer.
        for room in [0, 3 * (8 + ENTRY_OVERHEAD)] {
            let forgetful = solve_from(&board, &rules, u64::MAX, u64::MAX, room, &mut |_| {
                ControlFlow::Continue(())
            });
            assert_eq!(
                std::mem::discriminant(&forgetful),
                std::mem::discriminant(&plain),
                "{board:?} under {rules:?} with a memo of {room} bytes"
            );
        }
        match (&plain, &hasty) {
            (Solution::Unsolvable, Solution::Unsolvable) => {}
            (Solution::Solved(_), Solution::Solved(order)) => {
                replay_clears(&board, &rules, order).unwrap();
            }
            other => panic!("{other:?} on {board:?} under {rules:?}"),
        }
        if let Solution::OutOfBudget { .. } = solve_from(
            &board,
            &rules,
            1,
            FIRST_RUN,
            DEFAULT_MEMORY_CAP,
            &mut |_| ControlFlow::Continue(()),
        ) {
            restarted += 1;
        }
    }
    assert!(
        restarted > 20,
        "too few boards needed a search: {restarted}"
    );
}

/// Each of the two searches, run alone to the end, is exact: checked
/// against the exhaustive reference on small boards whose kinds have
/// four or six tiles (so partners are a real choice), under every turn
/// limit, both borders and groups. Solved orders are replayed.
#[test]
fn each_search_alone_is_exact() {
    let mut rng = SplitMix64::new(0x7061_6972);
    let mut seen = [[0usize; 2]; 2];
    for case in 0..1500 {
        let (rows, cols) = (rng.range(2, 4), rng.range(3, 5));
        let copies = if case % 3 == 0 { 6 } else { 4 };
        let groups = (rows * cols / copies).clamp(1, 3);
        let mut cells = vec![0u32; rows * cols];
        for (i, c) in cells.iter_mut().take(groups * copies).enumerate() {
            *c = (i / copies) as u32 + 1;
        }
        rng.shuffle(&mut cells);
        let board = Board::new(&Grid::from_vec(rows, cols, cells).unwrap()).unwrap();
        let mut rules = plain_rules(rng.range(0, 3), either_border(&mut rng));
        if case % 5 == 0 {
            rules = rules.with_groups("1-2".parse().unwrap());
        }
        let truth = crate::reference::clearable(&board, &rules);
        for (prover, every) in [(false, 1), (false, DEAD_TEST_EVERY), (true, 1)] {
            let mut progress = |_| ControlFlow::Continue(());
            let mut search = unlimited(&board, &rules, &mut progress);
            (search.dead.every, search.dead.most) = (every, every);
            search.dead.gap = every;
            let verdict = if prover {
                search.partner_search().prove(None)
            } else {
                search.run()
            };
            let verdict = verdict.expect("no limit was set");
            assert_eq!(verdict, truth, "prover {prover}, {rules:?} on {board:?}");
            seen[usize::from(prover)][usize::from(verdict)] += 1;
            if verdict {
                let p = &search.position;
                let pos = |t: Tile| p.pos(t);
                let order: Vec<Move> = p
                    .removed
                    .iter()
                    .map(|&(x, y)| Move::new(pos(x), pos(y)))
                    .collect();
                replay_clears(&board, &rules, &order)
                    .unwrap_or_else(|e| panic!("prover {prover}: {e} on {board:?}"));
            }
        }
    }
    assert!(
        seen.iter().flatten().all(|&n| n > 100),
        "too few of each verdict: {seen:?}"
    );
}

/// [`Search::probe_pairs`], written plainly: each pairing tested by a
/// whole [`Search::removable`], in the same order.
fn probe_pairs_whole(search: &mut Search, tiles: &[Tile]) {
    for pairs in search.partner_search().pairings_to_try(tiles) {
        for &(x, y) in &pairs {
            search.mates.bind(x, y);
        }
        let stuck = search
            .dead
            .removable(&mut search.position, &search.mates, None)
            .expect("no token, no stop")
            .is_none();
        for &t in tiles {
            search.mates.mate[t.index()] = Tile::NONE;
        }
        if stuck {
            for (x, y) in pairs {
                search.mates.rule_out(x, y);
            }
        }
    }
}

/// The probes of [`Search::probe_pairs`], which all grow on from one
/// closure with the kind held back, rule out what whole
/// [`Search::removable`] tests with each pairing fixed rule out: on
/// random deals with kinds of 4, 8 or 12 tiles, after random removals,
/// with random partners already bound and pairs already ruled out.
#[test]
fn shared_probes_agree_with_whole_tests() {
    let mut rng = SplitMix64::new(0x7072_6f62);
    let mut outcomes = [0usize; 2];
    for case in 0..300 {
        let copies = [4, 8, 12][case % 3];
        let (rows, cols) = (rng.range(3, 7), 2 * rng.range(2, 5));
        let tiles = rows * cols;
        let kinds = (tiles / copies).max(1) as u32;
        let Ok(board) = deal(
            &DealSpec::new(rows, cols, kinds)
                .with_copies(if tiles % copies == 0 { copies } else { 2 })
                .with_seed(rng.next_u64()),
        ) else {
            continue;
        };
        let rules = plain_rules(rng.range(1, 3), either_border(&mut rng));
        let mut progress = |_| ControlFlow::Continue(());
        let mut search = unlimited(&board, &rules, &mut progress);
        // Random removals while there are any.
        let mut partners = Vec::new();
        for _ in 0..rng.range(0, tiles / 2) {
            let alive: Vec<Tile> = Tile::all(search.position.tiles())
                .filter(|&t| search.position.is_alive(t))
                .collect();
            let moves: Vec<(Tile, Tile)> = alive
                .iter()
                .flat_map(|&t| {
                    search.position.partners(t, &mut partners);
                    partners.iter().map(move |&u| (t, u)).collect::<Vec<_>>()
                })
                .collect();
            if moves.is_empty() {
                break;
            }
            let (x, y) = moves[rng.below(moves.len())];
            search.position.remove(x, y);
        }
        // Random partners bound and pairs ruled out, as the partner
        // search leaves them.
        search.mates.engage(&search.position);
        for k in search.position.kinds() {
            let mut free = search.position.alive_of(k);
            rng.shuffle(&mut free);
            while free.len() >= 6 && rng.percent(40) {
                let (x, y) = (free.pop().unwrap(), free.pop().unwrap());
                search.mates.bind(x, y);
            }
            if free.len() > 4 && rng.percent(30) {
                search.mates.rule_out(free[0], free[1]);
            }
        }
        for k in search.position.kinds() {
            let mut tiles = search.position.alive_of(k);
            tiles.retain(|&t| search.mates.is_free(t));
            if tiles.len() < 4 {
                continue;
            }
            let before = search.mates.forbid.clone();
            search
                .partner_search()
                .probe_pairs(&tiles)
                .expect("no limit");
            let shared = std::mem::replace(&mut search.mates.forbid, before);
            probe_pairs_whole(&mut search, &tiles);
            assert_eq!(shared, search.mates.forbid, "{board:?} under {rules:?}");
            outcomes[usize::from(shared.iter().any(|&f| f != 0))] += 1;
            // The field is left as it was: every remaining tile in place.
            let p = &search.position;
            for t in Tile::all(p.tiles()) {
                let kind = p.field.kind(p.cell[t.index()]);
                assert_eq!(kind != 0, p.is_alive(t));
            }
        }
    }
    assert!(
        outcomes.iter().all(|&n| n > 50),
        "too few probes ruled out or not: {outcomes:?}"
    );
}

/// The holes proof as the search asks it (tile numbers turned into
/// ids, matching groups into classes): sound on random boards with
/// the closed border, the only one it judges, and not idle.
#[test]
fn holes_prove_only_lost_positions() {
    let mut rng = SplitMix64::new(0x401e5);
    let (mut lost, mut proved) = (0, 0);
    for _ in 0..3000 {
        let (rows, cols) = (rng.range(1, 5), rng.range(2, 5));
        let pairs = rng.range(1, rows * cols / 2);
        let kinds = rng.range(1, 4);
        let board = crate::reference::paired_board(&mut rng, rows, cols, pairs, kinds);
        let turns = rng.range(0, 3);
        let rules = plain_rules(turns, Border::Closed).with_groups(if rng.percent(20) {
            "1-2".parse().unwrap()
        } else {
            Groups::none()
        });
        let mut stop = |_| ControlFlow::Continue(());
        let mut search = unlimited(&board, &rules, &mut stop);
        let says_lost = search.holes_prove_lost();
        let clearable = crate::reference::clearable(&board, &rules);
        assert!(
            !(says_lost && clearable),
            "called lost, but clears: {board:?} {rules:?}"
        );
        lost += usize::from(!clearable);
        proved += usize::from(says_lost);
    }
    // The proof is no pretence: it finds many of the lost boards.
    assert!(proved * 3 > lost, "{proved} of {lost} lost boards proved");
}

/// A dead-position test the search's token stops answers `Cancelled`,
/// never "dead"; the same test without the token then finds the crossed
/// pairs dead.
#[test]
fn a_cancelled_dead_test_proves_nothing() {
    let board = Board::from_rows(&[[1, 2, 3], [2, 1, 3]]).unwrap();
    let rules = Rules::default();
    let mut go_on = |_| ControlFlow::Continue(());
    let mut search = unlimited(&board, &rules, &mut go_on);
    let token = crate::engine::solve::budget::Cancel::new();
    token.cancel();
    search.dead.effort = Effort::new(Some(token), u64::MAX);
    let stopped = search
        .dead
        .removable(&mut search.position, &search.mates, None);
    assert!(matches!(stopped, Err(Stop::Cancelled)));
    // With its work allowance spent it stops too, and proves nothing.
    search.dead.effort = Effort::new(None, 0);
    let stopped = search
        .dead
        .removable(&mut search.position, &search.mates, None);
    assert!(matches!(stopped, Err(Stop::OutOfBudget)));
    search.dead.effort = Effort::default();
    let tested = search
        .dead
        .removable(&mut search.position, &search.mates, None)
        .expect("no token, no stop");
    assert!(tested.is_none(), "the 1s and 2s cross: dead");
}

/// The work inside states is bounded by the budget: on a board far larger
/// than the budget can search (a 300 × 300 deal of two kinds, 90,000
/// tiles), a budget of 1 state stops inside its first state, its
/// allowance of 2^20 steps spent by the dead-position test, before any
/// move is tried, where the search without the bound runs that test to its
/// end (billions of steps) and then tries a move; on small boards the allowance is never what
/// stops a search (the answers and states are those of a search without
/// it).
#[test]
fn the_work_inside_states_is_bounded_by_the_budget() {
    use crate::engine::solve::budget::TEST_STEPS_PER_STATE;
    let board = deal(&DealSpec::new(300, 300, 2).with_seed(7)).unwrap();
    let mut go_on = |_| ControlFlow::Continue(());
    let budget = Budget::new(1, Room::new(DEFAULT_MEMORY_CAP), None, &mut go_on);
    let mut search = Search::new(&board, &Rules::default(), budget);
    assert_eq!(search.run(), Err(Stop::OutOfBudget));
    assert_eq!(search.budget.states, 1);
    assert_eq!(search.dead.effort.left(), 0, "the allowance stopped it");
    assert!(search.position.removed.is_empty(), "no move tried");
    // Small boards: the same answers with and without the allowance.
    let rules = Rules::default().with_border(Border::Open).unwrap();
    for seed in 0..30 {
        let board = deal(&DealSpec::new(8, 12, 24).with_seed(seed)).unwrap();
        let mut go_on = |_| ControlFlow::Continue(());
        let bounded = Search::new(
            &board,
            &rules,
            Budget::new(5_000, Room::new(DEFAULT_MEMORY_CAP), None, &mut go_on),
        );
        assert_eq!(
            bounded.dead.effort.clone().may_go_on(),
            Ok(()),
            "{TEST_STEPS_PER_STATE}"
        );
        let with = bounded.answer(FIRST_RUN);
        let mut go_on = |_| ControlFlow::Continue(());
        let mut free = Search::new(
            &board,
            &rules,
            Budget::new(5_000, Room::new(DEFAULT_MEMORY_CAP), None, &mut go_on),
        );
        free.dead.effort = Effort::default();
        assert_eq!(with, free.answer(FIRST_RUN), "seed {seed}");
    }
}

/// The judge's rules with `max_turns` and `border`.
fn plain_rules(max_turns: usize, border: Border) -> Rules {
    Rules::default()
        .with_turns(max_turns)
        .and_then(|r| r.with_border(border))
        .unwrap()
}
