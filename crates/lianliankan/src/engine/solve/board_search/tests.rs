//! Unit tests of the skeleton of the searches over whole boards.

use std::ops::ControlFlow;

use super::*;
use crate::engine::solve::memo::Room;

/// Luby's sequence, term by term, and at the ends of its blocks.
#[test]
fn luby_sequence() {
    let terms: Vec<u64> = (1..=16).map(luby).collect();
    assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1]);
    assert_eq!(luby(63), 32);
    assert_eq!(luby(64), 1);
}

/// A search that counts `per_run` states a run (or until its limit), and
/// records each run's limit and its first draw of the ties (`None`: the
/// search's own order); its run `clears_at` (if any) clears. As a
/// [`BoardSearch`], its position is its depth, every position has one
/// move and its own key, and a run records at the root.
struct Counting<'p> {
    shared: Shared<'p>,
    keys: u64,
    per_run: u64,
    clears_at: Option<usize>,
    restarts: Vec<Option<u64>>,
    limits: Vec<u64>,
}

impl<'p> BoardSearch<'p> for Counting<'p> {
    type Position = u64;

    fn shared(&mut self) -> &mut Shared<'p> {
        &mut self.shared
    }

    fn start_run(&mut self) {}

    fn key(&mut self, depth: &u64) -> Box<[u8]> {
        if *depth == 0 {
            self.record();
        }
        self.keys += 1;
        self.keys.to_le_bytes().into()
    }

    fn moves(&mut self, _: &u64) -> Result<Vec<Move>, Stop> {
        let cell = grid_core::Pos::new(0, 0);
        Ok(vec![Move::new(cell, cell)])
    }

    fn play(&mut self, depth: &u64, _: Move) -> u64 {
        depth + 1
    }

    fn take_back(&mut self) {}

    fn take_order(&mut self) -> Vec<Move> {
        Vec::new()
    }
}

impl<'p> Counting<'p> {
    fn new(budget: Budget<'p>, per_run: u64, clears_at: Option<usize>) -> Counting<'p> {
        Counting {
            shared: Shared::new(budget),
            keys: 0,
            per_run,
            clears_at,
            restarts: Vec::new(),
            limits: Vec::new(),
        }
    }

    /// Records a run's limit and its first draw of the ties.
    fn record(&mut self) {
        let start = self.shared.budget.states;
        self.restarts
            .push(self.shared.ties.clone().map(|mut ties| ties.next_u64()));
        self.limits.push(self.shared.budget.limit - start);
    }

    fn run(&mut self) -> Result<bool, Stop> {
        self.record();
        if self.clears_at == Some(self.limits.len()) {
            return Ok(true);
        }
        for _ in 0..self.per_run {
            self.shared.budget.count()?;
        }
        Ok(false)
    }
}

/// Runs of `unit` times Luby's sequence, the last cut at the round's
/// end, and the round answers the run that restarted past it.
#[test]
fn runs_follow_luby_until_the_round_ends() {
    let mut go_on = |_| ControlFlow::Continue(());
    let budget = Budget::new(u64::MAX, Room::new(0), None, &mut go_on);
    let mut search = Counting::new(budget, u64::MAX, None);
    search.shared.budget.states = 5;
    // Runs of 10, 10, 20, 10, 10, 20, 40 states, each restarting at the
    // state past its limit (which stays counted): the seventh is cut at
    // the round's end.
    let answer = restarting_round(&mut search, 10, 5 + 100, Counting::run);
    assert_eq!(answer, Err(Stop::Restart));
    assert_eq!(search.limits, [10, 10, 20, 10, 10, 20, 14]);
    assert_eq!(search.shared.budget.states, 5 + 100 + 1);
    assert_eq!(search.restarts.len(), 7);
    // The first run keeps the ties (none here); run k > 1 draws from the
    // states at its start and k − 1.
    let first_draw = |seed| Some(SplitMix64::new(seed).next_u64());
    assert_eq!(search.restarts[0], None);
    assert_eq!(search.restarts[1], first_draw((5 + 11) ^ (1 << 40)));
    assert_eq!(search.restarts[2], first_draw((5 + 22) ^ (2 << 40)));
}

/// A run that ends within its limit is the round's answer, whatever its
/// number.
#[test]
fn a_run_within_its_limit_answers() {
    for (per_run, clears_at, answer, runs) in
        [(3, None, Ok(false), 1), (u64::MAX, Some(4), Ok(true), 4)]
    {
        let mut go_on = |_| ControlFlow::Continue(());
        let budget = Budget::new(u64::MAX, Room::new(0), None, &mut go_on);
        let mut search = Counting::new(budget, per_run, clears_at);
        let got = restarting_round(&mut search, 10, u64::MAX, Counting::run);
        assert_eq!(got, answer);
        assert_eq!(search.limits.len(), runs);
    }
}

/// The out-of-budget stop ends the round at once.
#[test]
fn the_budget_ends_the_round() {
    let mut go_on = |_| ControlFlow::Continue(());
    let budget = Budget::new(25, Room::new(0), None, &mut go_on);
    let mut search = Counting::new(budget, u64::MAX, None);
    let answer = restarting_round(&mut search, 10, u64::MAX, Counting::run);
    assert_eq!(answer, Err(Stop::OutOfBudget));
    assert_eq!(search.shared.budget.states, 25);
    assert_eq!(search.limits, [10, 10, 20]);
}

/// The rounds: a first run of `first` states in the search's own order,
/// then rounds of twice the states, the ties reseeded after each round
/// from the states counted; the budget's end answers.
#[test]
fn rounds_double_and_reseed_the_ties() {
    let mut go_on = |_| ControlFlow::Continue(());
    let budget = Budget::new(100, Room::new(0), None, &mut go_on);
    let mut search = Counting::new(budget, u64::MAX, None);
    let runs = Runs {
        first: 10,
        unit: 10,
    };
    let answer = solve_in_rounds(&mut search, &0, usize::MAX, runs);
    assert_eq!(answer, Solution::OutOfBudget { states: 100 });
    // A run restarts at the state past its limit (which stays counted):
    // 10 (restart at 11); a round of 20 to state 31: 10 (restart at 22),
    // 9; one of 40 to state 72: 10, 10, 18; one of 80 cut by the budget.
    assert_eq!(search.limits[..7], [10, 10, 9, 10, 10, 18, 10]);
    let first_draw = |seed| Some(SplitMix64::new(seed).next_u64());
    assert_eq!(search.restarts[0], None);
    // A round's first run draws from the states after the round before;
    // run k > 1 from the states at its start and k − 1.
    assert_eq!(search.restarts[1], first_draw(11));
    assert_eq!(search.restarts[2], first_draw(22 ^ (1 << 40)));
    assert_eq!(search.restarts[3], first_draw(32));
}

/// Boards equal class for class have one key; any other cell differs.
#[test]
fn keys_are_the_classes_on_the_cells() {
    let rules = Rules::default().with_groups("1-2".parse().unwrap());
    let deal = Board::from_rows(&[[1, 2, 3, 3], [4, 0, 4, 2]]).unwrap();
    let keys = BoardKeys::new(&deal, &rules);
    assert_eq!(keys.len(), 3);
    let key = |rows: &[[u32; 4]]| {
        let board = Board::from_rows(rows).unwrap();
        keys.key(keys.classes_of(&board, &rules).cells())
    };
    // 1 and 2 are one class (numbered 3: groups come after plain kinds).
    assert_eq!(
        &*key(&[[1, 2, 3, 3], [4, 0, 4, 2]]),
        [3, 3, 1, 1, 2, 0, 2, 3]
    );
    assert_eq!(
        key(&[[2, 1, 3, 3], [4, 0, 4, 1]]),
        key(&[[1, 2, 3, 3], [4, 0, 4, 2]])
    );
    assert_ne!(
        key(&[[1, 2, 3, 3], [4, 0, 4, 2]]),
        key(&[[1, 2, 3, 3], [4, 4, 0, 2]])
    );
}

/// More than 255 classes take four bytes a cell, so that none aliases.
#[test]
fn wide_keys_keep_every_class_apart() {
    let row: Vec<u32> = (1..=300).collect();
    let board = Board::from_rows(&[row.clone(), row]).unwrap();
    let keys = BoardKeys::new(&board, &Rules::default());
    let key = keys.key(keys.classes_of(&board, &Rules::default()).cells());
    assert_eq!(key.len(), 4 * 600);
    assert_eq!(key[4 * 299..4 * 300], 300u32.to_le_bytes());
}
