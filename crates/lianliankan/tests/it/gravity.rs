//! The engine under gravity and matching groups against the plain
//! references, on seeded random small boards, for every gravity mode, both
//! borders, turn limits 0 to 3, with and without groups: `remove` (then
//! gravity) against `reference::settle`, `undo`/`redo` back and forth
//! exactly, the recorded slides, `moves` against `reference::moves`,
//! `solve` against `reference::clearable`, `shuffle` against
//! `reference::arrangement_has_move`, and every generated board's
//! certificate replayed.

use crate::common::{assert_clears, paired_board, random_board, solve_checked};
use grid_core::{Pos, SplitMix64};
use lianliankan::{
    Board, Border, Game, GenerateSpec, Gravity, Groups, NoMovePossible, Rules, Solution, Step,
    generate, moves, reference, solve,
};

/// Random rules: any gravity mode (`None` included), either border, 0 to
/// `max_turns` turns, and groups over kinds 1..=4 half of the time.
fn random_rules(rng: &mut SplitMix64, max_turns: usize) -> Rules {
    let groups: Groups = match rng.below(4) {
        0 => "1-2".parse().unwrap(),
        1 => "1+3,2+4".parse().unwrap(),
        _ => Groups::none(),
    };
    Rules::judge()
        .with_turns(rng.range(0, max_turns))
        .unwrap()
        .with_border(if rng.percent(50) {
            Border::Open
        } else {
            Border::Closed
        })
        .unwrap()
        .with_gravity(Gravity::ALL[rng.below(Gravity::ALL.len())])
        .with_groups(groups)
}

#[test]
fn gravity_modes_match_the_reference_and_undo_redo_exactly() {
    let mut rng = SplitMix64::new(0x6772_6176);
    let mut moved = [0usize; 13];
    let mut removals = 0;
    for _ in 0..1500 {
        let (rows, cols) = (rng.range(1, 7), rng.range(1, 7));
        let board = {
            let fill = rng.range(30, 95) as u32;
            random_board(&mut rng, rows, cols, fill, 4)
        };
        let rules = random_rules(&mut rng, 3);
        let mut game = Game::new(board.clone(), rules.clone());
        let mut boards = vec![board.to_grid()];
        // Play legal moves at random, checking each against the reference.
        loop {
            let listed = game.moves();
            if listed.is_empty() {
                break;
            }
            let pair = listed[rng.below(listed.len())];
            let before = game.board().to_grid();
            game.remove(pair.a(), pair.b()).unwrap();
            removals += 1;
            let mut emptied = before.clone();
            emptied[pair.a()] = 0;
            emptied[pair.b()] = 0;
            let expected = reference::settle(&emptied, rules.gravity());
            assert_eq!(
                game.board().to_grid(),
                expected,
                "{rules:?} {pair} on {before:?}"
            );
            let Some(Step::Removed {
                pair: p,
                kinds,
                moved: slides,
                ..
            }) = game.history().last()
            else {
                panic!("no removal recorded");
            };
            assert_eq!(*p, pair);
            assert_eq!(*kinds, [before[pair.a()], before[pair.b()]]);
            // The slides carry exactly the tiles from where to where.
            let mut replayed = emptied.clone();
            for s in slides {
                assert_eq!(emptied[s.from], s.kind);
                assert_ne!(s.from, s.to);
                replayed[s.from] = 0;
            }
            for s in slides {
                replayed[s.to] = s.kind;
            }
            assert_eq!(replayed, expected, "slides {slides:?}");
            moved[Gravity::ALL
                .iter()
                .position(|&g| g == rules.gravity())
                .unwrap()] += slides.len();
            boards.push(expected);
        }
        // Undo all the way back, then redo all the way forward.
        let steps = game.history().len();
        for k in (0..steps).rev() {
            assert!(game.undo().is_some());
            assert_eq!(game.board().to_grid(), boards[k]);
        }
        assert!(game.undo().is_none());
        assert_eq!(game.board(), &board);
        for after in &boards[1..=steps] {
            assert!(game.redo().is_some());
            assert_eq!(&game.board().to_grid(), after);
        }
        assert!(game.redo().is_none());
        // A new step forgets what was undone.
        if steps > 0 {
            game.undo();
            assert_eq!(game.undone().len(), 1);
            let again = game.moves()[0];
            game.remove(again.a(), again.b()).unwrap();
            assert!(game.undone().is_empty() && game.redo().is_none());
        }
    }
    assert!(removals > 5000, "{removals} removals");
    // Every mode but `None` moved tiles.
    assert!(moved[1..].iter().all(|&n| n > 100), "{moved:?}");
    assert_eq!(moved[0], 0);
}

#[test]
fn moves_with_groups_agree_with_the_reference() {
    let mut rng = SplitMix64::new(0x6772_6f75);
    let mut listed = 0;
    for _ in 0..400 {
        let (rows, cols) = (rng.range(1, 6), rng.range(1, 6));
        let board = {
            let fill = rng.range(20, 90) as u32;
            random_board(&mut rng, rows, cols, fill, 4)
        };
        let rules = random_rules(&mut rng, 3);
        let expected = reference::moves(&board, &rules);
        assert_eq!(moves(&board, &rules), expected, "{rules:?} on {board:?}");
        let game = Game::new(board.clone(), rules.clone());
        assert_eq!(game.hint(), expected.first().copied());
        assert_eq!(game.is_dead(), !game.is_cleared() && expected.is_empty());
        listed += expected.len();
    }
    assert!(listed > 1000, "{listed}");
}

#[test]
fn solve_agrees_with_the_exhaustive_search_under_every_rule() {
    let mut rng = SplitMix64::new(0x736f_6c67);
    let (mut solved, mut unsolvable) = (0, 0);
    let mut by_mode = [0usize; 13];
    for case in 0..2500 {
        let (rows, cols) = (rng.range(1, 4), rng.range(1, 4));
        let cells = rows * cols;
        let board = if case % 10 == 0 {
            random_board(&mut rng, rows, cols, 80, 3)
        } else {
            let pairs = rng.range(1, (cells / 2).max(1));
            {
                let x = rng.range(1, 4);
                paired_board(&mut rng, rows, cols, pairs, x)
            }
        };
        let rules = random_rules(&mut rng, 3);
        by_mode[Gravity::ALL
            .iter()
            .position(|&g| g == rules.gravity())
            .unwrap()] += 1;
        if solve_checked(&board, &rules) {
            solved += 1;
        } else {
            unsolvable += 1;
        }
    }
    assert!(
        solved > 400 && unsolvable > 400,
        "{solved} solved, {unsolvable} unsolvable"
    );
    assert!(by_mode.iter().all(|&n| n > 100), "{by_mode:?}");
}

/// Boards big enough for the dead-position test of one-pass gravity to
/// prune (up to 16 tiles, full or nearly), still small enough for the
/// exhaustive search: the verdicts agree and every order clears.
#[test]
fn solve_agrees_with_the_exhaustive_search_on_fuller_boards() {
    let mut rng = SplitMix64::new(0x6675_6c6c);
    let (mut solved, mut unsolvable) = (0, 0);
    for _ in 0..400 {
        let (rows, cols) = (rng.range(3, 4), rng.range(3, 5));
        let pairs = rng.range(rows * cols / 2 - 2, (rows * cols / 2).min(8));
        let board = {
            let kinds = rng.range(3, 6);
            paired_board(&mut rng, rows, cols, pairs, kinds)
        };
        let mut rules = random_rules(&mut rng, 1);
        if rules.gravity() == Gravity::None {
            rules = rules.with_gravity(Gravity::Down);
        }
        if solve_checked(&board, &rules) {
            solved += 1;
        } else {
            unsolvable += 1;
        }
    }
    assert!(
        solved > 80 && unsolvable > 80,
        "{solved} solved, {unsolvable} unsolvable"
    );
}

#[test]
fn solve_replays_on_larger_boards_under_gravity() {
    let mut rng = SplitMix64::new(0x6c61_7267);
    let mut solved = 0;
    for _ in 0..120 {
        let (rows, cols) = (rng.range(2, 6), rng.range(2, 6));
        let pairs = rng.range(1, rows * cols / 2);
        let board = {
            let x = rng.range(1, 5);
            paired_board(&mut rng, rows, cols, pairs, x)
        };
        let mut rules = random_rules(&mut rng, 3);
        if rules.gravity() == Gravity::None {
            rules = rules.with_gravity(Gravity::Down);
        }
        match solve(&board, &rules, 20_000) {
            Solution::Solved(order) => {
                assert_clears(&board, &rules, &order);
                solved += 1;
            }
            Solution::Unsolvable => {}
            Solution::OutOfBudget { states } => assert_eq!(states, 20_000),
            other => panic!("nothing cancels this search: {other:?}"),
        }
    }
    assert!(solved > 40, "{solved}");
}

#[test]
fn generated_boards_clear_under_every_mode_border_and_groups() {
    let mut rng = SplitMix64::new(0x6765_6e67);
    for seed in 0..260 {
        let mode = Gravity::ALL[seed as usize % Gravity::ALL.len()];
        let (rows, cols) = if seed % 13 == 0 {
            (12, 18)
        } else {
            (rng.range(1, 9), rng.range(1, 9))
        };
        if rows * cols < 2 {
            continue;
        }
        let mut rules = random_rules(&mut rng, 3);
        rules = rules.with_gravity(mode);
        let pairs = rows * cols / 2;
        let kinds = rng.range(1, pairs.min(36)) as u32;
        let spec = GenerateSpec::new(rows, cols, kinds)
            .with_seed(seed)
            .with_rules(rules.clone());
        let made = generate(&spec)
            .unwrap_or_else(|e| panic!("seed {seed}, {rows}x{cols}, {rules:?}: {e}"));
        assert_eq!(generate(&spec).unwrap(), made, "deterministic per seed");
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
        if rows * cols <= 12 {
            assert!(reference::clearable(&made.board, &rules));
        }
    }
}

#[test]
fn shuffle_under_groups_finds_a_move_exactly_when_one_can_exist() {
    let mut rng = SplitMix64::new(0x7368_6772);
    let (mut shuffled, mut refused) = (0, 0);
    for seed in 0..800 {
        let (rows, cols) = (rng.range(1, 4), rng.range(1, 4));
        let board = {
            let fill = rng.range(10, 60) as u32;
            random_board(&mut rng, rows, cols, fill, 4)
        };
        if board.tile_count() > 6 {
            continue;
        }
        let rules = random_rules(&mut rng, 2);
        let possible = reference::arrangement_has_move(&board, &rules);
        let mut game = Game::new(board.clone(), rules.clone());
        match game.shuffle(seed) {
            Ok(()) => {
                assert!(possible, "{rules:?} {board:?}");
                assert!(!game.moves().is_empty());
                let cells = |b: &Board| b.tiles().map(|(p, _)| p).collect::<Vec<Pos>>();
                assert_eq!(cells(game.board()), cells(&board));
                game.undo();
                assert_eq!(game.board(), &board);
                game.redo();
                assert!(!game.moves().is_empty());
                shuffled += 1;
            }
            Err(NoMovePossible { .. }) => {
                assert!(!possible, "{rules:?} {board:?}");
                assert_eq!(game.board(), &board);
                refused += 1;
            }
        }
    }
    assert!(
        shuffled > 100 && refused > 30,
        "{shuffled} shuffled, {refused} refused"
    );
}
