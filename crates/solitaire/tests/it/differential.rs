//! The solver against the plain one-directional breadth-first search of
//! `solitaire::reference`, on thousands of seeded random cases: the same
//! YES/NO, the same minimum number of moves, and every returned sequence
//! replayed move by move under the rules and found to end on the goal.
//!
//! One reference search from a start gives the distance of every
//! configuration within the limit (`reference::distances`), so each start
//! is searched once by the reference and paired with many goals: goals by
//! random walks of 0..=12 moves, uniformly random goals, and goals at
//! distance exactly 8 and exactly 9 taken from the edge of the reference's
//! ball. Two tests (random starts, starts clustered in a 3×3 block) of
//! 3 starts × 700 goals make 4,200 cases; the uniformly random goals, most
//! of them more than 8 moves away, are the cases the lower bound of
//! `solitaire`'s search prunes or answers at once.

use rustc_hash::FxHashMap;
use solitaire::{Config, Solver, SplitMix64, generate, reference};

const LIMIT: u32 = 8;
const STARTS: usize = 3;
const GOALS_BY_WALKS: usize = 350;
const RANDOM_GOALS: usize = 300;
const GOALS_AT_EDGE: usize = 25;

fn differential(seed: u64, clustered: bool) {
    let mut rng = SplitMix64::new(seed);
    let mut solver = Solver::new();
    let mut checked = 0;
    let mut yes = 0;
    for _ in 0..STARTS {
        let start = if clustered {
            generate::clustered_config(&mut rng, 4)
        } else {
            generate::random_config(&mut rng, 4)
        };
        let ball = reference::distances(start, LIMIT);
        let mut targets: Vec<Config> = (0..GOALS_BY_WALKS)
            .map(|_| {
                let moves = rng.range(0, 12);
                generate::random_walk(&mut rng, start, moves)
            })
            .collect();
        targets.extend((0..RANDOM_GOALS).map(|_| generate::random_config(&mut rng, 4)));
        let (at_8, at_9) = edge_of(&ball, &mut rng);
        assert_eq!(
            at_8.len(),
            GOALS_AT_EDGE,
            "start {start}: too few at distance 8"
        );
        assert_eq!(
            at_9.len(),
            GOALS_AT_EDGE,
            "start {start}: too few at distance 9"
        );
        targets.extend(&at_8);
        for (i, &goal) in targets.iter().enumerate() {
            let expected = ball.get(&goal).copied();
            check(&mut solver, start, goal, expected, &mut rng);
            if i % 4 == 0 {
                // `distance` agrees with the length of `shortest_moves`.
                assert_eq!(
                    solver.distance(start, goal, LIMIT),
                    expected,
                    "{start} -> {goal}"
                );
            }
            yes += usize::from(expected.is_some());
            checked += 1;
        }
        for &goal in &at_9 {
            assert_eq!(ball.get(&goal), None);
            check(&mut solver, start, goal, None, &mut rng);
            // One more move of budget reaches it, in exactly 9.
            assert_eq!(
                solver.distance(start, goal, LIMIT + 1),
                Some(LIMIT + 1),
                "{start} -> {goal}"
            );
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        STARTS * (GOALS_BY_WALKS + RANDOM_GOALS + 2 * GOALS_AT_EDGE)
    );
    // The mix exercises both answers.
    assert!(yes >= STARTS * GOALS_AT_EDGE && checked - yes >= STARTS * GOALS_AT_EDGE);
}

/// Checks one case: a shortest sequence at the limit (its length is the
/// distance), and the distance at a random smaller limit.
fn check(
    solver: &mut Solver,
    start: Config,
    goal: Config,
    expected: Option<u32>,
    rng: &mut SplitMix64,
) {
    let moves = solver.shortest_moves(start, goal, LIMIT);
    let found = moves.as_ref().map(|m| m.len() as u32);
    assert_eq!(found, expected, "minimum moves from {start} to {goal}");
    if let Some(moves) = moves {
        let mut at = start;
        for mv in &moves {
            at = at.apply(*mv).unwrap_or_else(|| {
                panic!("illegal move {mv} from {at} ({start} -> {goal}: {moves:?})")
            });
        }
        assert_eq!(at, goal, "the moves from {start} end elsewhere");
    }
    let limit = rng.range(0, LIMIT as usize - 1) as u32;
    assert_eq!(
        solver.distance(start, goal, limit),
        expected.filter(|&d| d <= limit),
        "{start} -> {goal} within {limit}"
    );
}

/// `GOALS_AT_EDGE` configurations at distance exactly 8 (from the ball) and
/// as many at exactly 9 (a move away from one at 8, outside the ball).
fn edge_of(ball: &FxHashMap<Config, u32>, rng: &mut SplitMix64) -> (Vec<Config>, Vec<Config>) {
    // Sorted, so the hash map's iteration order cannot matter.
    let mut rim: Vec<Config> = ball
        .iter()
        .filter(|&(_, &d)| d == LIMIT)
        .map(|(&c, _)| c)
        .collect();
    rim.sort_unstable();
    let mut at_8 = Vec::new();
    let mut at_9 = Vec::new();
    for _ in 0..1000 {
        if rim.is_empty() || (at_8.len() == GOALS_AT_EDGE && at_9.len() == GOALS_AT_EDGE) {
            break;
        }
        let c = rim[rng.below(rim.len())];
        if at_8.len() < GOALS_AT_EDGE {
            at_8.push(c);
        }
        let beyond: Vec<Config> = c
            .moves()
            .into_iter()
            .filter_map(|m| c.apply(m))
            .filter(|n| !ball.contains_key(n))
            .collect();
        if at_9.len() < GOALS_AT_EDGE && !beyond.is_empty() {
            at_9.push(beyond[rng.below(beyond.len())]);
        }
    }
    (at_8, at_9)
}

#[test]
fn random_starts() {
    differential(1, false);
}

#[test]
fn clustered_starts() {
    differential(2, true);
}

/// Other numbers of pieces go through the same code: fewer cases, and a
/// smaller limit where the reference's ball would be large.
#[test]
fn other_piece_counts() {
    let mut rng = SplitMix64::new(5);
    let mut solver = Solver::new();
    for (pieces, limit) in [(1, 8), (2, 8), (3, 7), (5, 5), (6, 4), (8, 3)] {
        for clustered in [false, true] {
            let start = if clustered {
                generate::clustered_config(&mut rng, pieces)
            } else {
                generate::random_config(&mut rng, pieces)
            };
            let ball = reference::distances(start, limit);
            for _ in 0..40 {
                let moves = rng.range(0, limit as usize + 3);
                let goal = generate::random_walk(&mut rng, start, moves);
                let expected = ball.get(&goal).copied();
                let found = solver.shortest_moves(start, goal, limit);
                assert_eq!(
                    found.as_ref().map(|m| m.len() as u32),
                    expected,
                    "{start} -> {goal}"
                );
                let replayed = found
                    .unwrap_or_default()
                    .iter()
                    .try_fold(start, |at, &mv| at.apply(mv));
                if expected.is_some() {
                    assert_eq!(replayed, Some(goal));
                }
            }
        }
    }
    // Different numbers of pieces never meet.
    let three = generate::random_config(&mut rng, 3);
    let four = generate::random_config(&mut rng, 4);
    assert_eq!(solver.distance(three, four, 100), None);
    assert_eq!(reference::distance(three, four, 3), None);
}
