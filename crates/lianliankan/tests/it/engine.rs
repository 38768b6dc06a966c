//! The game engine against plain references on seeded random boards:
//! `moves` against every pair tested with `connect` (itself tested against
//! the brute force) and against `reference::moves`, `solve` against
//! `reference::clearable`, generated boards against their certificates and
//! the solver, `shuffle` against `reference::arrangement_has_move`, and
//! `Game`'s bookkeeping.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::common::{assert_clears, paired_board, random_board, solve_checked};
use grid_core::{Pos, SplitMix64};
use lianliankan::{
    Board, Border, Cancel, Connector, DealSpec, Game, GenerateSpec, Gravity, Move, NoMovePossible,
    Progress, RemoveError, Rules, Solution, SolveConfig, Step, deal, generate, moves, reference,
    solve, solve_with, solve_with_progress,
};

fn random_rules(rng: &mut SplitMix64, max_turns: usize) -> Rules {
    Rules::judge()
        .with_turns(rng.range(0, max_turns))
        .unwrap()
        .with_border(if rng.percent(50) {
            Border::Open
        } else {
            Border::Closed
        })
        .unwrap()
}

/// Every matching pair, tested one by one with `connect`.
fn all_pairs(board: &Board, rules: &Rules) -> Vec<Move> {
    let tiles: Vec<Pos> = board.tiles().map(|(p, _)| p).collect();
    let mut connector = Connector::new();
    let mut found = Vec::new();
    for (i, &a) in tiles.iter().enumerate() {
        for &b in &tiles[i + 1..] {
            if connector.connect(board, a, b, rules).unwrap().is_some() {
                found.push(Move::new(a, b));
            }
        }
    }
    found
}

#[test]
fn moves_are_exactly_the_connectable_pairs() {
    let mut rng = SplitMix64::new(0x6d6f_7665);
    let mut listed = 0;
    for _ in 0..1500 {
        let (rows, cols) = (rng.range(1, 9), rng.range(1, 9));
        let fill = rng.range(10, 90) as u32;
        let kinds = rng.range(1, 5);
        let board = random_board(&mut rng, rows, cols, fill, kinds);
        let rules = random_rules(&mut rng, 4);
        let expected = all_pairs(&board, &rules);
        assert_eq!(moves(&board, &rules), expected, "{rules:?} on {board:?}");
        listed += expected.len();
    }
    assert!(listed > 10_000, "too few pairs to be a test: {listed}");
}

/// `Game::hint_path` gives the hint's pair with a path the reference
/// accepts, under every gravity (a path is checked on the board as it is,
/// before gravity acts), and nothing when there is no move.
#[test]
fn hint_paths_are_legal_paths_of_the_hint() {
    let mut rng = SplitMix64::new(0x6869_6e74);
    let (mut hinted, mut none) = (0, 0);
    for _ in 0..600 {
        let (rows, cols) = (rng.range(1, 8), rng.range(1, 8));
        let fill = rng.range(10, 90) as u32;
        let kinds = rng.range(1, 5);
        let board = random_board(&mut rng, rows, cols, fill, kinds);
        let mut rules = random_rules(&mut rng, 3);
        rules = rules.with_gravity(Gravity::ALL[rng.below(Gravity::ALL.len())]);
        let game = Game::new(board.clone(), rules.clone());
        match game.hint_path() {
            Some((pair, path)) => {
                assert_eq!(Some(pair), game.hint());
                reference::check_path(&board, pair.a(), pair.b(), &path, &rules)
                    .unwrap_or_else(|why| panic!("{why}: {rules:?} on {board:?}"));
                hinted += 1;
            }
            None => {
                assert_eq!(game.hint(), None);
                none += 1;
            }
        }
    }
    assert!(
        hinted > 300 && none > 30,
        "{hinted} hinted, {none} without a move"
    );
}

#[test]
fn moves_agree_with_the_reference() {
    let mut rng = SplitMix64::new(0x7265_666d);
    let mut listed = 0;
    for _ in 0..300 {
        let (rows, cols) = (rng.range(1, 6), rng.range(1, 6));
        let fill = rng.range(10, 90) as u32;
        let kinds = rng.range(1, 4);
        let board = random_board(&mut rng, rows, cols, fill, kinds);
        let rules = random_rules(&mut rng, 4);
        let expected = reference::moves(&board, &rules);
        assert_eq!(moves(&board, &rules), expected, "{rules:?} on {board:?}");
        listed += expected.len();
    }
    assert!(listed > 1_000, "too few pairs to be a test: {listed}");
}

#[test]
fn solve_agrees_with_exhaustive_search_on_tiny_boards() {
    let mut rng = SplitMix64::new(0x736f_6c76);
    let (mut solved, mut unsolvable) = (0, 0);
    for case in 0..3000 {
        let (rows, cols) = (rng.range(1, 4), rng.range(1, 4));
        let cells = rows * cols;
        let board = if case % 10 == 0 {
            random_board(&mut rng, rows, cols, 80, 3)
        } else {
            let pairs = rng.range(1, (cells / 2).max(1));
            let kinds = rng.range(1, 4);
            paired_board(&mut rng, rows, cols, pairs, kinds)
        };
        let rules = random_rules(&mut rng, 3);
        if solve_checked(&board, &rules) {
            solved += 1;
        } else {
            unsolvable += 1;
        }
    }
    assert!(
        solved > 500 && unsolvable > 500,
        "{solved} solved, {unsolvable} unsolvable"
    );
}

#[test]
fn solve_replays_on_larger_random_boards() {
    let mut rng = SplitMix64::new(0x7265_706c);
    let mut answers = [0; 3];
    for _ in 0..150 {
        let (rows, cols) = (rng.range(2, 8), rng.range(2, 8));
        let pairs = rng.range(1, rows * cols / 2);
        let kinds = rng.range(1, 6);
        let board = paired_board(&mut rng, rows, cols, pairs, kinds);
        let rules = random_rules(&mut rng, 3);
        match solve(&board, &rules, 20_000) {
            Solution::Solved(order) => {
                assert_clears(&board, &rules, &order);
                answers[0] += 1;
            }
            Solution::Unsolvable => answers[1] += 1,
            Solution::OutOfBudget { states } => {
                assert_eq!(states, 20_000);
                answers[2] += 1;
            }
            other => panic!("nothing cancels this search: {other:?}"),
        }
    }
    assert!(answers[0] > 50, "{answers:?}");
}

#[test]
fn generated_boards_are_cleared_by_certificate_and_solver() {
    let mut rng = SplitMix64::new(0x6765_6e65);
    for seed in 0..80 {
        // The game's rule (two turns) up to 12 x 18; other turn limits on
        // smaller boards (few turns make hard boards for every solver).
        let (rows, cols, rules) = if seed % 10 == 0 {
            (12, 18, random_rules(&mut rng, 2))
        } else if seed % 2 == 0 {
            (
                rng.range(1, 10),
                rng.range(1, 14),
                random_rules(&mut rng, 2),
            )
        } else {
            (rng.range(1, 5), rng.range(1, 8), random_rules(&mut rng, 3))
        };
        let turns = if seed % 2 == 0 { 2 } else { rules.max_turns() };
        let rules = rules.with_turns(turns).unwrap();
        if rows * cols < 2 {
            continue;
        }
        let pairs = rows * cols / 2;
        let kinds = rng.range(1, pairs.min(40)) as u32;
        let spec = GenerateSpec::new(rows, cols, kinds)
            .with_seed(seed)
            .with_rules(rules.clone());
        let made = generate(&spec).unwrap_or_else(|e| {
            panic!("seed {seed}, {rows}x{cols}, {kinds} kinds, {rules:?}: {e}")
        });
        // Deterministic per seed, every cell a tile but one if odd, kinds in pairs.
        assert_eq!(generate(&spec).unwrap(), made);
        assert_eq!(made.board.tile_count(), 2 * pairs);
        let mut count = vec![0usize; kinds as usize + 1];
        for (_, k) in made.board.tiles() {
            count[k as usize] += 1;
        }
        assert!(
            count[1..].iter().all(|&c| c >= 2 && c % 2 == 0),
            "{count:?}"
        );
        assert_clears(&made.board, &rules, &made.certificate);
        match solve(&made.board, &rules, 1_000_000) {
            Solution::Solved(order) => assert_clears(&made.board, &rules, &order),
            other => panic!("seed {seed}, {rows}x{cols}, {rules:?}: {other:?}"),
        }
    }
}

/// Generated boards are solvable by construction, so the solver must never
/// call one unsolvable, up to KShisen's largest board.
#[test]
fn generated_boards_at_kshisen_sizes_are_never_unsolvable() {
    let sizes = [
        (6, 14, 21),
        (9, 16, 36),
        (8, 18, 36),
        (12, 24, 72),
        (14, 26, 91),
        (16, 30, 120),
    ];
    let mut solved = 0;
    for (i, &(rows, cols, kinds)) in sizes.iter().enumerate() {
        for border in [Border::Open, Border::Closed] {
            let rules = Rules::judge().with_border(border).unwrap();
            let spec = GenerateSpec::new(rows, cols, kinds)
                .with_seed(i as u64)
                .with_rules(rules.clone());
            let made = generate(&spec).unwrap();
            match solve(&made.board, &rules, 20_000) {
                Solution::Solved(order) => {
                    assert_clears(&made.board, &rules, &order);
                    solved += 1;
                }
                Solution::Unsolvable => {
                    panic!("{rows}x{cols} {border:?}: generated, yet unsolvable")
                }
                Solution::OutOfBudget { .. } => {}
                other => panic!("nothing cancels this search: {other:?}"),
            }
        }
    }
    assert!(solved >= 10, "only {solved} of 12 solved");
}

#[test]
fn generate_rejects_what_it_cannot_make() {
    assert!(generate(&GenerateSpec::new(1, 1, 1)).is_err());
    assert!(generate(&GenerateSpec::new(2, 2, 0)).is_err());
    assert!(generate(&GenerateSpec::new(2, 2, 3)).is_err());
    let odd = generate(&GenerateSpec::new(3, 3, 4).with_seed(5)).unwrap();
    assert_eq!(odd.board.tile_count(), 8);
}

#[test]
fn shuffle_finds_a_move_exactly_when_one_can_exist() {
    let mut rng = SplitMix64::new(0x7368_7566);
    let (mut shuffled, mut refused) = (0, 0);
    for seed in 0..1000 {
        let (rows, cols) = (rng.range(1, 4), rng.range(1, 4));
        let (fill, kinds) = (rng.range(10, 60) as u32, rng.range(1, 4));
        let board = random_board(&mut rng, rows, cols, fill, kinds);
        let rules = random_rules(&mut rng, 2);
        let cells: Vec<Pos> = board.tiles().map(|(p, _)| p).collect();
        if cells.len() > 6 {
            continue;
        }
        let mut kinds: Vec<u32> = board.tiles().map(|(_, k)| k).collect();
        kinds.sort_unstable();
        let possible = reference::arrangement_has_move(&board, &rules);
        let mut game = Game::new(board.clone(), rules.clone());
        match game.shuffle(seed) {
            Ok(()) => {
                assert!(possible, "{rules:?} {board:?}");
                assert!(!game.moves().is_empty());
                let after: Vec<Pos> = game.board().tiles().map(|(p, _)| p).collect();
                assert_eq!(after, cells);
                let mut after_kinds: Vec<u32> = game.board().tiles().map(|(_, k)| k).collect();
                after_kinds.sort_unstable();
                assert_eq!(after_kinds, kinds);
                let mut again = Game::new(board.clone(), rules.clone());
                again.shuffle(seed).unwrap();
                assert_eq!(again.board(), game.board());
                assert!(matches!(game.undo(), Some(Step::Shuffled { .. })));
                assert_eq!(game.board(), &board);
                shuffled += 1;
            }
            Err(NoMovePossible { .. }) => {
                assert!(!possible, "{rules:?} {board:?}");
                assert_eq!(game.board(), &board);
                assert!(game.history().is_empty());
                refused += 1;
            }
        }
    }
    assert!(
        shuffled > 100 && refused > 30,
        "{shuffled} shuffled, {refused} refused"
    );
}

#[test]
fn remove_is_atomic_and_undo_returns_to_the_start() {
    let start = Board::from_rows(&[[1, 2, 0, 1], [3, 2, 0, 3], [4, 0, 5, 4]]).unwrap();
    let mut game = Game::new(start.clone(), Rules::default());
    let p = Pos::new;
    let refusals = [
        ((p(0, 0), p(3, 0)), RemoveError::OffBoard(p(3, 0))),
        ((p(0, 0), p(0, 0)), RemoveError::SameCell(p(0, 0))),
        ((p(0, 0), p(0, 2)), RemoveError::Empty(p(0, 2))),
        (
            (p(0, 0), p(0, 1)),
            RemoveError::DifferentKinds {
                first: 1,
                second: 2,
            },
        ),
        ((p(1, 0), p(1, 3)), RemoveError::NoPath),
    ];
    for ((a, b), why) in refusals {
        assert_eq!(game.remove(a, b), Err(why));
        assert_eq!(game.board(), &start);
        assert!(game.history().is_empty());
    }
    assert_eq!(game.hint(), Some(Move::new(p(0, 1), p(1, 1))));
    let path = game.remove(p(1, 1), p(0, 1)).unwrap();
    assert_eq!(path.turns(), 0);
    // With the 2s gone the 1s and the 3s connect straight across.
    assert_eq!(
        game.moves(),
        vec![Move::new(p(0, 0), p(0, 3)), Move::new(p(1, 0), p(1, 3))]
    );
    game.remove(p(0, 0), p(0, 3)).unwrap();
    game.remove(p(1, 0), p(1, 3)).unwrap();
    // The 4s now connect over the top, but the lone 5 can never go.
    assert!(!game.is_dead());
    assert_eq!(game.hint(), Some(Move::new(p(2, 0), p(2, 3))));
    assert_eq!(game.solve(100), Solution::Unsolvable);
    assert_eq!(game.history().len(), 3);
    while game.undo().is_some() {}
    assert_eq!(game.board(), &start);
    assert!(matches!(game.solve(100), Solution::Unsolvable));
    let mut lone = Game::new(Board::from_rows(&[[1, 0, 2]]).unwrap(), Rules::default());
    assert!(lone.is_dead());
    assert!(matches!(lone.shuffle(1), Err(NoMovePossible { .. })));
    let mut done = Game::new(Board::from_rows(&[[0, 0]]).unwrap(), Rules::default());
    assert!(done.is_cleared() && !done.is_dead());
    assert_eq!(done.solve(0), Solution::Solved(Vec::new()));
    assert_eq!(done.undo(), None);
}

/// `Display` of every error in the chain of `error`'s sources does not
/// already appear in the `Display` of the errors before it: each cause is
/// printed once by a reporter that prints the chain.
fn assert_causes_printed_once(error: &dyn std::error::Error) {
    let mut shown = vec![error.to_string()];
    let mut source = error.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        for before in &shown {
            assert!(
                !before.contains(&text),
                "`{before}` repeats its source `{text}`"
            );
        }
        shown.push(text);
        source = cause.source();
    }
}

/// Every public error type of the crate (and grid-core's that it returns),
/// in each of its kinds the public API can produce: none prints its
/// source's text. (`ReplayError` has a source; the others have none today,
/// and this fails if one gains a source that it also prints.)
#[test]
fn errors_print_their_cause_once() {
    use lianliankan::{Order, judge};
    let mut errors: Vec<Box<dyn std::error::Error>> = Vec::new();
    // RemoveError, and ReplayError around each kind.
    let board = Board::from_rows(&[[1, 2], [2, 1], [3, 0]]).unwrap();
    for text in ["4 1 1 1", "1 1 1 1", "3 2 1 1", "1 1 1 2", "1 1 2 2"] {
        let order: Order = text.parse().unwrap();
        let illegal = order.replay(&board, &Rules::default()).unwrap_err();
        errors.push(Box::new(illegal.cause));
        errors.push(Box::new(illegal));
    }
    // GenerateError.
    errors.push(Box::new(generate(&GenerateSpec::new(1, 1, 1)).unwrap_err()));
    errors.push(Box::new(generate(&GenerateSpec::new(2, 2, 3)).unwrap_err()));
    errors.push(Box::new(deal(&DealSpec::new(3, 3, 2)).unwrap_err()));
    // NoMovePossible.
    let lone = Board::from_rows(&[[1, 2]]).unwrap();
    errors.push(Box::new(
        Game::new(lone, Rules::default()).shuffle(1).unwrap_err(),
    ));
    // OffBoard.
    let far = lianliankan::connect(&board, Pos::new(9, 9), Pos::new(0, 0), &Rules::default());
    errors.push(Box::new(far.unwrap_err()));
    // BoardError.
    errors.push(Box::new(
        Board::from_rows(&[&[1, 1][..], &[1][..]]).unwrap_err(),
    ));
    errors.push(Box::new(Board::from_rows(&[[u32::MAX]]).unwrap_err()));
    // The parsers' errors: UnknownGravity, UnknownBorder, BadGroups,
    // InputError.
    errors.push(Box::new("sideways".parse::<Gravity>().unwrap_err()));
    errors.push(Box::new("around".parse::<Border>().unwrap_err()));
    errors.push(Box::new("3-1".parse::<lianliankan::Groups>().unwrap_err()));
    errors.push(Box::new("1 2 3".parse::<Board>().unwrap_err()));
    errors.push(Box::new("1 0 1 1".parse::<Order>().unwrap_err()));
    // JudgeError, of bad input and of a writer that fails.
    let options = judge::Options::default();
    let bad = judge::run(b"1 1\nx", &options, &mut Vec::new()).unwrap_err();
    errors.push(Box::new(bad));
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other(RemoveError::NoPath))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let failed = judge::run(b"1 2 1 1 1 1 1 1 2", &options, &mut Broken).unwrap_err();
    errors.push(Box::new(failed));
    let mut with_source = 0;
    for error in &errors {
        assert_causes_printed_once(error.as_ref());
        with_source += usize::from(error.source().is_some());
    }
    assert_eq!(with_source, 5, "the five replay errors have a source");
}

/// Every verdict of a search with `config`, with the most memory any
/// progress report of it showed.
fn solve_watching(board: &Board, rules: &Rules, config: &SolveConfig) -> (Solution, usize) {
    let mut most = 0;
    let answer = solve_with_progress(board, rules, config, &mut |progress: Progress| {
        most = most.max(progress.memory);
        ControlFlow::Continue(())
    });
    (answer, most)
}

/// A small memory cap is respected and changes no verdict: budget-free
/// solves of deals whose memo outgrows the cap (checked with the default
/// cap) give the same verdict under the cap, whose reports never show
/// more than it; a solved order replays.
#[test]
fn a_small_memory_cap_keeps_the_verdicts() {
    let gravity = Rules::judge().with_gravity(Gravity::Down);
    let open = Rules::judge().with_border(Border::Open).unwrap();
    // (rows, cols, seed, rules, cap): four of each kind.
    let cases = [
        (12, 12, 4, &gravity, 64 << 10),
        (12, 12, 7, &gravity, 64 << 10),
        (10, 12, 0, &open, 16 << 10),
    ];
    for (rows, cols, seed, rules, cap) in cases {
        let board =
            deal(&DealSpec::new(rows, cols, (rows * cols / 4) as u32).with_seed(seed)).unwrap();
        let (free, most) = solve_watching(&board, rules, &SolveConfig::new());
        assert!(most > cap, "{rows}x{cols} seed {seed}: only {most} bytes");
        let (capped, most) = solve_watching(&board, rules, &SolveConfig::new().memory_cap(cap));
        assert!(most <= cap, "{most} bytes under a cap of {cap}");
        match (&free, &capped) {
            (Solution::Unsolvable, Solution::Unsolvable) => {}
            (Solution::Solved(_), Solution::Solved(order)) => assert_clears(&board, rules, order),
            other => panic!("{rows}x{cols} seed {seed} under {rules:?}: {other:?}"),
        }
    }
}

/// A cancel from another thread stops a long search promptly, and is
/// reported as a cancel, not as a budget run out: a big open four-of-each
/// deal under gravity (undecided after 90 s in a release build), searched
/// with no budget.
#[test]
fn a_cancel_from_another_thread_is_its_own_outcome() {
    let rules = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let board = deal(&DealSpec::new(9, 16, 36).with_seed(412)).unwrap();
    let cancel = Cancel::new();
    let config = SolveConfig::new().cancel(cancel.clone());
    let search = std::thread::spawn(move || {
        let answer = solve_with(&board, &rules, &config);
        (answer, Instant::now())
    });
    std::thread::sleep(Duration::from_millis(50));
    let cancelled_at = Instant::now();
    cancel.cancel();
    let (answer, returned_at) = search.join().unwrap();
    assert!(
        matches!(answer, Solution::Cancelled { states } if states > 0),
        "{answer:?}"
    );
    let took = returned_at.saturating_duration_since(cancelled_at);
    assert!(
        took < Duration::from_secs(2),
        "returned {took:?} after the cancel"
    );
}

/// A token cancelled before the search starts stops it at its first
/// state, even on a 300 × 300 deal whose first dead-position test alone
/// takes 17 s (gravity down) or 14 s (none) in a release build: the tests
/// look at the token between two of their searches.
#[test]
fn a_cancelled_token_stops_a_big_board_at_its_first_state() {
    let board = deal(&DealSpec::new(300, 300, 200).with_seed(1)).unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    for gravity in [Gravity::Down, Gravity::None] {
        let rules = Rules::kshisen().with_gravity(gravity);
        let answer = solve_with(&board, &rules, &SolveConfig::new().cancel(cancel.clone()));
        assert_eq!(answer, Solution::Cancelled { states: 1 }, "{gravity}");
    }
}

/// A cancel at any moment — between two states, or inside a dead-position
/// test, whose unfinished closure proves nothing — answers `Cancelled` or
/// the search's own verdict, never another: random deals under three
/// gravity modes and both borders, each cancelled from another thread at
/// several delays.
#[test]
fn a_cancel_at_any_moment_answers_cancelled_or_the_verdict() {
    let mut rng = SplitMix64::new(0x6361_6e63);
    let mut cancelled = 0;
    for _ in 0..24 {
        let (rows, cols) = (2 * rng.range(3, 6), 2 * rng.range(3, 6));
        let kinds = rng.range(4, rows * cols / 4 + 1) as u32;
        let seed = rng.next_u64();
        let board = deal(&DealSpec::new(rows, cols, kinds).with_seed(seed)).unwrap();
        let gravity = [Gravity::None, Gravity::Down, Gravity::Left][rng.below(3)];
        let rules = random_rules(&mut rng, 2).with_gravity(gravity);
        let budget = SolveConfig::new().budget(20_000);
        let truth = solve_with(&board, &rules, &budget);
        for delay_us in [0, 30, 100, 300, 1_000, 3_000] {
            let cancel = Cancel::new();
            let config = SolveConfig::new().budget(20_000).cancel(cancel.clone());
            let (b, r) = (board.clone(), rules.clone());
            let search = std::thread::spawn(move || solve_with(&b, &r, &config));
            std::thread::sleep(Duration::from_micros(delay_us));
            cancel.cancel();
            let answer = search.join().unwrap();
            if matches!(answer, Solution::Cancelled { .. }) {
                cancelled += 1;
            } else {
                assert_eq!(
                    answer, truth,
                    "{rows} x {cols}, {kinds} kinds, seed {seed}, {rules:?}: cancelled after {delay_us} µs"
                );
            }
        }
    }
    assert!(cancelled > 0, "no search was cancelled");
}

/// A progress callback that breaks is a cancel too, and a budget that runs
/// out is not.
#[test]
fn a_break_is_a_cancel_and_a_budget_is_not() {
    let rules = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let board = deal(&DealSpec::new(9, 16, 36).with_seed(412)).unwrap();
    let stopped = solve_with_progress(&board, &rules, &SolveConfig::new(), &mut |progress| {
        if progress.states < 128 {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    assert_eq!(stopped, Solution::Cancelled { states: 128 });
    let spent = solve_with(&board, &rules, &SolveConfig::new().budget(100));
    assert_eq!(spent, Solution::OutOfBudget { states: 100 });
}
