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
/// records each run's limit and seed; its run `clears_at` (if any) clears.
struct Counting<'p> {
    budget: Budget<'p>,
    per_run: u64,
    clears_at: Option<usize>,
    restarts: Vec<Option<u64>>,
    limits: Vec<u64>,
}

impl<'p> Restart<'p> for Counting<'p> {
    fn budget(&mut self) -> &mut Budget<'p> {
        &mut self.budget
    }

    fn restart(&mut self, seed: Option<u64>) {
        self.restarts.push(seed);
    }
}

impl Counting<'_> {
    fn run(&mut self) -> Result<bool, Stop> {
        let start = self.budget.states;
        self.limits.push(self.budget.limit - start);
        if self.clears_at == Some(self.limits.len()) {
            return Ok(true);
        }
        for _ in 0..self.per_run {
            self.budget.count()?;
        }
        Ok(false)
    }
}

/// Runs of `unit` times Luby's sequence, the last cut at the round's
/// end, and the round answers the run that restarted past it.
#[test]
fn runs_follow_luby_until_the_round_ends() {
    let mut go_on = |_| ControlFlow::Continue(());
    let mut search = Counting {
        budget: Budget::new(u64::MAX, Room::new(0), None, &mut go_on),
        per_run: u64::MAX,
        clears_at: None,
        restarts: Vec::new(),
        limits: Vec::new(),
    };
    search.budget.states = 5;
    // Runs of 10, 10, 20, 10, 10, 20, 40 states, each restarting at the
    // state past its limit (which stays counted): the seventh is cut at
    // the round's end.
    let answer = restarting_round(&mut search, 10, 5 + 100, Seeds::States, Counting::run);
    assert_eq!(answer, Err(Stop::Restart));
    assert_eq!(search.limits, [10, 10, 20, 10, 10, 20, 14]);
    assert_eq!(search.budget.states, 5 + 100 + 1);
    assert_eq!(search.restarts.len(), 7);
    assert_eq!(search.restarts[0], Some(5 ^ (1 << 40)));
    assert_eq!(search.restarts[1], Some((5 + 11) ^ (2 << 40)));
}

/// A run that ends within its limit is the round's answer, whatever its
/// number.
#[test]
fn a_run_within_its_limit_answers() {
    for (per_run, clears_at, answer, runs) in
        [(3, None, Ok(false), 1), (u64::MAX, Some(4), Ok(true), 4)]
    {
        let mut go_on = |_| ControlFlow::Continue(());
        let mut search = Counting {
            budget: Budget::new(u64::MAX, Room::new(0), None, &mut go_on),
            per_run,
            clears_at,
            restarts: Vec::new(),
            limits: Vec::new(),
        };
        let got = restarting_round(&mut search, 10, u64::MAX, Seeds::RunNumber, Counting::run);
        assert_eq!(got, answer);
        assert_eq!(search.limits.len(), runs);
    }
}

/// The out-of-budget stop ends the round at once.
#[test]
fn the_budget_ends_the_round() {
    let mut go_on = |_| ControlFlow::Continue(());
    let mut search = Counting {
        budget: Budget::new(25, Room::new(0), None, &mut go_on),
        per_run: u64::MAX,
        clears_at: None,
        restarts: Vec::new(),
        limits: Vec::new(),
    };
    let answer = restarting_round(&mut search, 10, u64::MAX, Seeds::RunNumber, Counting::run);
    assert_eq!(answer, Err(Stop::OutOfBudget));
    assert_eq!(search.budget.states, 25);
    assert_eq!(search.limits, [10, 10, 20]);
}

/// The seeds of each search's runs: by run number, or by the states at
/// the start (with k, or k − 1 after the first run).
#[test]
fn seeds_per_run() {
    assert_eq!(Seeds::RunNumber.seed(1, 7), None);
    assert_eq!(Seeds::RunNumber.seed(3, 7), Some(3));
    assert_eq!(Seeds::States.seed(1, 7), Some(7 ^ (1 << 40)));
    assert_eq!(Seeds::StatesAfterFirst.seed(1, 7), None);
    assert_eq!(Seeds::StatesAfterFirst.seed(3, 7), Some(7 ^ (2 << 40)));
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
