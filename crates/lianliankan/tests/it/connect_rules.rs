//! The connection rules four-rivers and line (docs/rules.md) against their
//! brute-force references, on seeded random small boards: `connect` and
//! its paths, `Batch`, `moves`, random games removal by removal with undo
//! and redo, `solve` against the exhaustive search under every gravity mode
//! and border, `solve`'s orders and `generate`'s certificates replayed,
//! and shuffles that leave a move.

use crate::common::{assert_clears, paired_board, random_board, solve_checked};
use grid_core::{Pos, SplitMix64};
use lianliankan::{
    Batch, Board, Border, Connect, Connector, GenerateError, GenerateSpec, Gravity, Groups,
    NoMovePossible, Rules, Solution, connect, generate, moves, reference, solve,
};

/// The rules under test: every connection rule but the standard one (the
/// rest of the suite's), so that a new rule is tested here by its name
/// alone.
fn rules_under_test() -> Vec<Connect> {
    Connect::ALL
        .into_iter()
        .filter(|&rule| rule != Connect::Standard)
        .collect()
}

fn random_border(rng: &mut SplitMix64) -> Border {
    if rng.percent(50) {
        Border::Open
    } else {
        Border::Closed
    }
}

/// Groups a third of the time (1 and 2 match, and 3 and 5).
fn random_groups(rng: &mut SplitMix64) -> Groups {
    if rng.percent(33) {
        "1-2,3+5".parse().unwrap()
    } else {
        Groups::none()
    }
}

/// `a` and a neighbour of it a third of the time (the pairs four-rivers
/// changes), a tile of its kind or any cell otherwise.
fn random_query(rng: &mut SplitMix64, board: &Board) -> (Pos, Pos) {
    let any = |rng: &mut SplitMix64| Pos::new(rng.below(board.rows()), rng.below(board.cols()));
    let a = any(rng);
    if rng.percent(33) {
        let near = [(0, 1), (1, 0), (0, -1), (-1, 0)][rng.below(4)];
        if let (Some(row), Some(col)) = (
            a.row.checked_add_signed(near.0),
            a.col.checked_add_signed(near.1),
        ) {
            if row < board.rows() && col < board.cols() {
                return (a, Pos::new(row, col));
            }
        }
    }
    let kind = board.kind(a).unwrap();
    let twins: Vec<Pos> = board
        .tiles()
        .filter(|&(_, k)| k == kind)
        .map(|(p, _)| p)
        .collect();
    if kind == 0 || twins.is_empty() || rng.percent(15) {
        return (a, any(rng));
    }
    (a, twins[rng.below(twins.len())])
}

/// Hand-checked boards: four-rivers needs a way around neighbours, line
/// ignores what lies between and joins nothing off a line.
#[test]
fn hand_checked_examples() {
    let rules = |connect, border| {
        Rules::judge()
            .with_connect(connect)
            .unwrap()
            .with_border(border)
            .unwrap()
    };
    let fr_closed = rules(Connect::FourRivers, Border::Closed);
    let fr_open = rules(Connect::FourRivers, Border::Open);
    let line = rules(Connect::Line, Border::Closed);
    let (a, b) = (Pos::new(0, 0), Pos::new(0, 1));
    // Side by side on a one-row board: only the ring goes around them.
    let row = Board::from_rows(&[[1, 1]]).unwrap();
    assert!(connect(&row, a, b, &fr_closed).unwrap().is_none());
    let around = connect(&row, a, b, &fr_open).unwrap().unwrap();
    assert_eq!((around.turns(), around.length()), (2, 3));
    assert_eq!(around.corners()[1].row, -1);
    assert!(connect(&row, a, b, &Rules::default()).unwrap().is_some());
    // An empty row below gives the U on the board; one turn is not enough.
    let two = Board::from_rows(&[[1, 1], [0, 0]]).unwrap();
    let u = connect(&two, a, b, &fr_closed).unwrap().unwrap();
    assert_eq!((u.turns(), u.length()), (2, 3));
    let one_turn = fr_closed.clone().with_turns(1).unwrap();
    assert!(connect(&two, a, b, &one_turn).unwrap().is_none());
    // Apart, four-rivers is the standard rule.
    let apart = Board::from_rows(&[[1, 0, 1]]).unwrap();
    let straight = connect(&apart, a, Pos::new(0, 2), &fr_closed)
        .unwrap()
        .unwrap();
    assert_eq!(straight.turns(), 0);
    // Line: whatever lies between, one row or one column, nothing else.
    let board = Board::from_rows(&[[1, 2, 3, 1], [4, 0, 0, 2], [1, 0, 0, 0]]).unwrap();
    let across = connect(&board, a, Pos::new(0, 3), &line).unwrap().unwrap();
    assert_eq!((across.turns(), across.length()), (0, 3));
    assert!(connect(&board, a, Pos::new(2, 0), &line).unwrap().is_some());
    assert!(
        connect(&board, Pos::new(0, 1), Pos::new(1, 3), &line)
            .unwrap()
            .is_none()
    );
    // Turns and border do not matter to line.
    let no_turns = line
        .clone()
        .with_turns(0)
        .unwrap()
        .with_border(Border::Open)
        .unwrap();
    assert!(
        connect(&board, a, Pos::new(0, 3), &no_turns)
            .unwrap()
            .is_some()
    );
    // Four-rivers with a closed border: a full board has no move at all.
    let full = Board::from_rows(&[[1, 1], [2, 2]]).unwrap();
    assert!(moves(&full, &fr_closed).is_empty());
    assert_eq!(moves(&full, &fr_open).len(), 2);
    assert_eq!(
        generate(&GenerateSpec::new(4, 6, 6).with_rules(fr_closed)),
        Err(GenerateError::NoFirstMove)
    );
}

/// `Connector` (the fast path) against the reference, for both rules, on
/// random small boards, every border, 0 to 4 turns, with groups; every
/// path found is checked on the reference's grid; `Batch` gives the same
/// paths; four-rivers apart agrees with the standard reference.
#[test]
fn connect_matches_the_references() {
    let mut rng = SplitMix64::new(0x0471_7E25);
    let mut connector = Connector::new();
    let mut batch = Batch::new();
    let mut yes = vec![0usize; rules_under_test().len()];
    let mut no = vec![0usize; rules_under_test().len()];
    let mut neighbours_yes = 0;
    let mut long_detours = 0;
    for _ in 0..4_000 {
        let (rows, cols) = (rng.range(1, 9), rng.range(1, 9));
        let fill = rng.range(10, 90) as u32;
        let board = random_board(&mut rng, rows, cols, fill, 4);
        for (r, &connect_rule) in rules_under_test().iter().enumerate() {
            let rules = Rules::judge()
                .with_turns(rng.below(5))
                .unwrap()
                .with_border(random_border(&mut rng))
                .unwrap()
                .with_groups(random_groups(&mut rng))
                .with_connect(connect_rule)
                .unwrap();
            let queries: Vec<(Pos, Pos)> = (0..8).map(|_| random_query(&mut rng, &board)).collect();
            batch.set_board(&board.to_grid(), rules.clone()).unwrap();
            batch.answer(&queries).unwrap();
            for (i, &(a, b)) in queries.iter().enumerate() {
                let context = || format!("{a} -> {b}, {rules:?}, board {:?}", board.to_grid());
                let expected = reference::min_turns(&board, a, b, &rules);
                let got = connector.connect(&board, a, b, &rules).unwrap();
                assert_eq!(got.as_ref().map(|p| p.turns()), expected, "{}", context());
                assert_eq!(batch.path(i), got, "batch: {}", context());
                let neighbours = a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1;
                if connect_rule == Connect::FourRivers && !neighbours {
                    let standard = rules.clone().with_connect(Connect::Standard).unwrap();
                    assert_eq!(
                        expected,
                        reference::min_turns(&board, a, b, &standard),
                        "{}",
                        context()
                    );
                }
                let Some(path) = got else {
                    no[r] += 1;
                    continue;
                };
                yes[r] += 1;
                if neighbours && connect_rule == Connect::FourRivers {
                    neighbours_yes += 1;
                    long_detours += usize::from(path.turns() > 2);
                }
                if let Err(fault) = reference::check_path(&board, a, b, &path, &rules) {
                    panic!("{fault}: {}", context());
                }
            }
        }
    }
    assert!(yes.iter().chain(&no).all(|&n| n > 2_000), "{yes:?} {no:?}");
    assert!(
        neighbours_yes > 300 && long_detours > 20,
        "{neighbours_yes} {long_detours}"
    );
}

/// `moves` lists exactly the pairs the reference joins, for both rules,
/// any border, turn limit and groups.
#[test]
fn moves_agree_with_the_reference() {
    let mut rng = SplitMix64::new(0x3_0FE5);
    let mut listed = 0;
    for _ in 0..1_500 {
        let (rows, cols) = (rng.range(1, 7), rng.range(1, 7));
        let fill = rng.range(20, 95) as u32;
        let board = random_board(&mut rng, rows, cols, fill, 3);
        for connect_rule in rules_under_test() {
            let rules = Rules::judge()
                .with_turns(rng.below(4))
                .unwrap()
                .with_border(random_border(&mut rng))
                .unwrap()
                .with_groups(random_groups(&mut rng))
                .with_connect(connect_rule)
                .unwrap();
            let found = moves(&board, &rules);
            assert_eq!(
                found,
                reference::moves(&board, &rules),
                "{rules:?} {:?}",
                board.to_grid()
            );
            listed += found.len();
        }
    }
    assert!(listed > 10_000, "{listed}");
}

/// Random games under both rules and every gravity mode: each removal is a
/// reference move, the board after it is the reference's, and undo and
/// redo walk back and forth through exactly the same boards.
#[test]
fn random_games_with_undo_and_redo() {
    let mut rng = SplitMix64::new(0x6A3E);
    let mut removals = 0;
    for round in 0..1_200 {
        let (rows, cols) = (rng.range(1, 6), rng.range(1, 6));
        let fill = rng.range(40, 95) as u32;
        let board = random_board(&mut rng, rows, cols, fill, 3);
        let rules = Rules::judge()
            .with_slide(false)
            .unwrap()
            .with_turns(rng.below(4))
            .unwrap()
            .with_border(random_border(&mut rng))
            .unwrap()
            .with_gravity(Gravity::ALL[round % Gravity::ALL.len()])
            .with_groups(random_groups(&mut rng))
            .with_connect(rules_under_test()[round / Gravity::ALL.len() % rules_under_test().len()])
            .unwrap();
        let mut game = lianliankan::Game::new(board.clone(), rules.clone());
        let mut boards = vec![board.to_grid()];
        loop {
            let listed = game.moves();
            assert_eq!(listed, reference::moves(game.board(), &rules));
            assert_eq!(game.is_dead(), listed.is_empty() && !game.is_cleared());
            let Some(&pair) = listed.get(rng.below(listed.len().max(1))) else {
                break;
            };
            let mut expected = game.board().to_grid();
            expected[pair.a()] = 0;
            expected[pair.b()] = 0;
            let expected = reference::settle(&expected, rules.gravity());
            let path = game.remove(pair.a(), pair.b()).unwrap();
            assert!(path.turns() == 0 || rules.connect() != Connect::Line);
            assert_eq!(game.board().to_grid(), expected, "{rules:?}");
            boards.push(expected);
            removals += 1;
            // Back one step and forward again, now and then.
            if rng.percent(30) {
                game.undo().unwrap();
                assert_eq!(&game.board().to_grid(), &boards[boards.len() - 2]);
                game.redo().unwrap();
                assert_eq!(&game.board().to_grid(), boards.last().unwrap());
            }
        }
        let steps = game.history().len();
        for k in (0..steps).rev() {
            game.undo().unwrap();
            assert_eq!(game.board().to_grid(), boards[k]);
        }
        assert_eq!(game.board(), &board);
        for after in &boards[1..] {
            game.redo().unwrap();
            assert_eq!(&game.board().to_grid(), after);
        }
        // An illegal pair changes nothing.
        if let Some(pair) = reference_non_move(game.board(), &rules) {
            let before = game.board().clone();
            assert!(game.remove(pair.0, pair.1).is_err());
            assert_eq!(game.board(), &before);
        }
    }
    assert!(removals > 3_000, "{removals}");
}

/// Two tiles of matching kinds that the rules do not join, if any.
fn reference_non_move(board: &Board, rules: &Rules) -> Option<(Pos, Pos)> {
    let tiles: Vec<(Pos, u32)> = board.tiles().collect();
    tiles.iter().enumerate().find_map(|(i, &(p, k))| {
        tiles[i + 1..].iter().find_map(|&(q, l)| {
            (rules.matches(k, l) && reference::min_turns(board, p, q, rules).is_none())
                .then_some((p, q))
        })
    })
}

/// `solve`'s verdicts against the exhaustive search, both rules × every
/// gravity mode × both borders, on small deals; every order replayed.
#[test]
fn solve_agrees_with_the_exhaustive_search() {
    let mut rng = SplitMix64::new(0x50_17E);
    let (mut solved, mut unsolvable) = (0, 0);
    for connect_rule in rules_under_test() {
        for gravity in Gravity::ALL {
            for border in Border::ALL {
                for _ in 0..14 {
                    let (rows, cols) = (rng.range(2, 4), rng.range(2, 5));
                    let pairs = rng.range(1, (rows * cols / 2).min(6));
                    let kinds = rng.range(1, 3);
                    let board = paired_board(&mut rng, rows, cols, pairs, kinds);
                    let rules = Rules::judge()
                        .with_slide(false)
                        .unwrap()
                        .with_turns(rng.range(1, 3))
                        .unwrap()
                        .with_border(border)
                        .unwrap()
                        .with_gravity(gravity)
                        .with_groups(random_groups(&mut rng))
                        .with_connect(connect_rule)
                        .unwrap();
                    if solve_checked(&board, &rules) {
                        solved += 1;
                    } else {
                        unsolvable += 1;
                    }
                }
            }
        }
    }
    assert!(solved > 150 && unsolvable > 60, "{solved} {unsolvable}");
}

/// Larger deals: whatever `solve` finds within a budget replays, and a
/// board it proves unsolvable really has no clearing order when the
/// exhaustive search can tell (boards of up to 16 tiles).
#[test]
fn solve_orders_replay_on_larger_boards() {
    let mut rng = SplitMix64::new(0x0_4DE5);
    let mut solved = 0;
    for round in 0..160 {
        let (rows, cols) = (rng.range(3, 6), rng.range(3, 7));
        let pairs = rng.range(2, rows * cols / 2);
        let kinds = rng.range(2, 6);
        let board = paired_board(&mut rng, rows, cols, pairs, kinds);
        let rules = Rules::judge()
            .with_border(random_border(&mut rng))
            .unwrap()
            .with_gravity(Gravity::ALL[round % Gravity::ALL.len()])
            .with_connect(rules_under_test()[round % rules_under_test().len()])
            .unwrap();
        match solve(&board, &rules, 200_000) {
            Solution::Solved(order) => {
                reference::replay_clears(&board, &rules, &order).unwrap();
                assert_clears(&board, &rules, &order);
                solved += 1;
            }
            Solution::Unsolvable if board.tile_count() <= 16 => {
                assert!(!reference::clearable(&board, &rules), "{rules:?} {board:?}");
            }
            _ => {}
        }
    }
    assert!(solved > 40, "{solved}");
}

/// Every generated board clears by its certificate (replayed by the
/// reference and by `Game`) and `solve` clears it, both rules × every
/// gravity mode × both borders (four-rivers closed: the error, exactly
/// when the full board has no move).
#[test]
fn generated_boards_clear_under_both_rules() {
    let mut rng = SplitMix64::new(0x6E2E);
    let mut made = 0;
    for connect_rule in rules_under_test() {
        for gravity in Gravity::ALL {
            for border in Border::ALL {
                for _ in 0..6 {
                    let (rows, cols) = (rng.range(1, 7), rng.range(2, 8));
                    let pairs = rows * cols / 2;
                    let kinds = rng.range(1, pairs.min(6)) as u32;
                    let rules = Rules::judge()
                        .with_slide(false)
                        .unwrap()
                        .with_turns(rng.range(1, 3))
                        .unwrap()
                        .with_border(border)
                        .unwrap()
                        .with_gravity(gravity)
                        .with_groups(random_groups(&mut rng))
                        .with_connect(connect_rule)
                        .unwrap();
                    let spec = GenerateSpec::new(rows, cols, kinds)
                        .with_seed(rng.next_u64())
                        .with_rules(rules.clone());
                    let made_board = match generate(&spec) {
                        Ok(made_board) => made_board,
                        Err(GenerateError::NoFirstMove) => {
                            // Only when no pair of a full board joins.
                            assert_eq!(rows * cols % 2, 0, "{rules:?}");
                            let full = Board::from_rows(&vec![vec![1u32; cols]; rows]).unwrap();
                            assert!(reference::moves(&full, &rules).is_empty(), "{rules:?}");
                            continue;
                        }
                        Err(GenerateError::Stuck { .. }) => {
                            // Only on a board so small that no arrangement
                            // of anonymous tiles clears (one hole when odd).
                            assert!(rows * cols <= 12, "{spec:?}");
                            assert!(!any_full_board_clears(rows, cols, &rules), "{spec:?}");
                            continue;
                        }
                        Err(e) => panic!("{e}: {spec:?}"),
                    };
                    let board = &made_board.board;
                    assert_eq!(board.tile_count(), 2 * pairs);
                    reference::replay_clears(board, &rules, &made_board.certificate)
                        .unwrap_or_else(|e| panic!("{e}: {rules:?}"));
                    assert_clears(board, &rules, &made_board.certificate);
                    let Solution::Solved(order) = solve(board, &rules, 1_000_000) else {
                        panic!("a generated board was not solved: {rules:?} {board:?}");
                    };
                    assert_clears(board, &rules, &order);
                    made += 1;
                }
            }
        }
    }
    assert!(made > 200, "{made}");
}

/// Whether some `rows × cols` board with every cell a tile (but one, when
/// the cell count is odd) clears under `rules`: all tiles of one kind, so
/// that any pairing is allowed, every hole tried.
fn any_full_board_clears(rows: usize, cols: usize, rules: &Rules) -> bool {
    let anonymous = rules.clone().with_groups(Groups::none());
    let holes: Vec<Option<usize>> = if rows * cols % 2 == 0 {
        vec![None]
    } else {
        (0..rows * cols).map(Some).collect()
    };
    holes.into_iter().any(|hole| {
        let cells: Vec<Vec<u32>> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| u32::from(Some(r * cols + c) != hole))
                    .collect()
            })
            .collect();
        reference::clearable(&Board::from_rows(&cells).unwrap(), &anonymous)
    })
}

/// A shuffle leaves a move under the rule exactly when some arrangement of
/// the tiles has one (the reference tries them all).
#[test]
fn shuffles_leave_a_move_under_the_rule() {
    let mut rng = SplitMix64::new(0x5_4FF1E);
    let (mut shuffled, mut refused) = (0, 0);
    for round in 0..600 {
        let (rows, cols) = (rng.range(1, 5), rng.range(1, 5));
        let board = random_board(&mut rng, rows, cols, 60, 4);
        if board.tile_count() > 7 {
            continue;
        }
        let rules = Rules::judge()
            .with_turns(rng.below(3))
            .unwrap()
            .with_border(random_border(&mut rng))
            .unwrap()
            .with_connect(rules_under_test()[round % rules_under_test().len()])
            .unwrap();
        let mut game = lianliankan::Game::new(board.clone(), rules.clone());
        let possible = reference::arrangement_has_move(&board, &rules);
        match game.shuffle(rng.next_u64()) {
            Ok(()) => {
                assert!(possible, "{rules:?} {board:?}");
                assert!(!reference::moves(game.board(), &rules).is_empty());
                shuffled += 1;
            }
            Err(NoMovePossible { .. }) => {
                assert!(!possible, "{rules:?} {board:?}");
                refused += 1;
            }
        }
    }
    assert!(shuffled > 100 && refused > 20, "{shuffled} {refused}");
}
