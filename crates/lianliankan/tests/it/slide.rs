//! KShisen's sliding tiles (`Rules::slide`, docs/rules.md) against the reference:
//! docs/rules.md's example, every move on random boards, the board after each
//! move (slide, removal, gravity), undo and redo back and forth.

use grid_core::SplitMix64;
use lianliankan::{
    Board, Border, Game, Gravity, Groups, Move, Pos, RemoveError, Route, Rules, SlideBlocked, Step,
    moves, reference, ways_to_remove,
};

use crate::common::random_board;

/// Slide rules with a random gravity, groups sometimes, and the fields
/// that `slide` overrides set at random (they must not matter).
pub fn slide_rules(rng: &mut SplitMix64) -> Rules {
    // A turn limit and a border are drawn as they were when rules could
    // hold them beside slides (so that the same boards follow), but slides
    // fix them: one turn, closed.
    let _turns = rng.range(0, 4);
    let _open = rng.percent(50);
    Rules::judge()
        .with_slide(true)
        .unwrap()
        .with_gravity(Gravity::ALL[rng.below(Gravity::ALL.len())])
        .with_groups(if rng.percent(25) {
            "1-2".parse().unwrap()
        } else {
            Groups::none()
        })
}

fn rows_board(rows: &[&[u32]]) -> Board {
    Board::from_rows(rows).unwrap()
}

/// docs/rules.md's slide example: route row pushes A, B, C three cells right, then
/// the corner and the partner go; route column is blocked by D.
#[test]
fn the_rules_docs_slide_example() {
    let (a, b) = (Pos::new(1, 0), Pos::new(3, 3));
    let board = rows_board(&[
        &[0, 0, 0, 0, 0, 0],
        &[1, 2, 3, 0, 0, 0],
        &[4, 0, 0, 0, 0, 0],
        &[0, 0, 0, 1, 0, 0],
    ]);
    let rules = Rules::judge().with_slide(true).unwrap();
    let pushed = rows_board(&[
        &[0, 0, 0, 0, 0, 0],
        &[0, 0, 0, 1, 2, 3],
        &[4, 0, 0, 0, 0, 0],
        &[0, 0, 0, 1, 0, 0],
    ]);
    assert_eq!(
        reference::slid(&board, a, b, Route::Row, &rules),
        Some(pushed.to_grid())
    );
    assert_eq!(reference::slid(&board, a, b, Route::Column, &rules), None);
    // No plain path of one turn: the only move of the 1s is the slide.
    assert_eq!(moves(&board, &rules), [Move::slide(a, b, Route::Row)]);
    let mut game = Game::new(board.clone(), rules.clone());
    assert_eq!(game.remove(a, b), Err(RemoveError::NoPath));
    assert_eq!(
        game.play(Move::slide(a, b, Route::Column)),
        Err(RemoveError::NoSlide {
            route: Route::Column,
            why: SlideBlocked::TooFar
        })
    );
    let path = game.play(Move::slide(a, b, Route::Row)).unwrap();
    assert_eq!(path.turns(), 1);
    assert_eq!(path.corners()[1], lianliankan::Point::new(1, 3));
    let mut after = pushed.clone();
    after.set(Pos::new(1, 3), 0);
    after.set(b, 0);
    assert_eq!(game.board(), &after);
    let Some(Step::Removed { pushed: moved, .. }) = game.history().last() else {
        panic!("no removal")
    };
    assert_eq!(moved.len(), 3);
    assert_eq!((moved[0].from, moved[0].to), (a, Pos::new(1, 3)));
    game.undo();
    assert_eq!(game.board(), &board);
    game.redo();
    assert_eq!(game.board(), &after);
    // Without `slide` the same move is refused.
    let mut plain = Game::new(board.clone(), Rules::default());
    assert_eq!(
        plain.play(Move::slide(a, b, Route::Row)),
        Err(RemoveError::SlidesOff)
    );
    // The order line of the slide.
    assert_eq!(Move::slide(a, b, Route::Row).to_string(), "2 1 4 4 row");
}

/// `moves` against the reference on thousands of random small boards,
/// under slides (one turn, closed), gravity and groups at random.
#[test]
fn moves_agree_with_the_reference() {
    let mut rng = SplitMix64::new(0x736c_6964);
    let (mut slides, mut plain) = (0, 0);
    for _ in 0..4000 {
        let (rows, cols) = (rng.range(1, 6), rng.range(1, 7));
        let fill = rng.range(20, 95) as u32;
        let kinds = rng.range(1, 4);
        let board = random_board(&mut rng, rows, cols, fill, kinds);
        let rules = slide_rules(&mut rng);
        let expected = reference::moves(&board, &rules);
        assert_eq!(moves(&board, &rules), expected, "{rules:?} {board:?}");
        assert_eq!((rules.max_turns(), rules.border()), (1, Border::Closed));
        slides += expected.iter().filter(|m| m.route().is_some()).count();
        plain += expected.iter().filter(|m| m.route().is_none()).count();
    }
    assert!(slides > 3000 && plain > 10_000, "{slides} {plain}");
}

/// Every move listed, made on a game, leaves the board the reference
/// makes (slide, removal, gravity, cell by cell); its undo gives back the
/// board before exactly, its redo the board after; `ways_to_remove`
/// lists it with the other ways of its two tiles.
#[test]
fn every_move_made_undone_and_redone() {
    let mut rng = SplitMix64::new(0x756e_646f);
    let mut made = 0;
    for _ in 0..1500 {
        let (rows, cols) = (rng.range(2, 6), rng.range(2, 6));
        let fill = rng.range(30, 90) as u32;
        let kinds = rng.range(1, 3);
        let board = random_board(&mut rng, rows, cols, fill, kinds);
        let rules = slide_rules(&mut rng);
        let mut game = Game::new(board.clone(), rules.clone());
        for pair in moves(&board, &rules) {
            let expected = reference::play(&board, pair, &rules).expect("a legal move");
            game.play(pair)
                .unwrap_or_else(|e| panic!("{pair}: {e} {rules:?} {board:?}"));
            assert_eq!(
                game.board().to_grid(),
                expected,
                "{pair} {rules:?} {board:?}"
            );
            game.undo();
            assert_eq!(game.board(), &board, "undo {pair} {rules:?}");
            game.redo();
            assert_eq!(game.board().to_grid(), expected, "redo {pair} {rules:?}");
            game.undo();
            let (first, second) = match pair.route() {
                Some(_) => (pair.a(), pair.b()),
                None => (pair.b(), pair.a()),
            };
            let ways = ways_to_remove(&board, first, second, &rules).unwrap();
            assert!(ways.iter().any(|w| w.pair == pair), "{pair} {ways:?}");
            for way in &ways {
                assert!(reference::play(&board, way.pair, &rules).is_some());
            }
            made += 1;
        }
    }
    assert!(made > 20_000, "{made}");
}

/// Random games under slide and every gravity mode, removal by removal,
/// with undo and redo at random: every board is the reference's, and
/// undoing all the way gives back the start.
#[test]
fn random_games_back_and_forth() {
    let mut rng = SplitMix64::new(0x6761_6d65);
    let mut slides_made = 0;
    for round in 0..600 {
        let (rows, cols) = (rng.range(2, 7), rng.range(2, 7));
        let kinds = rng.range(1, 4);
        let board = random_board(&mut rng, rows, cols, 85, kinds);
        let mut rules = slide_rules(&mut rng);
        rules = rules.with_gravity(Gravity::ALL[round % Gravity::ALL.len()]);
        let mut game = Game::new(board.clone(), rules.clone());
        // The boards before each step still in the history.
        let mut before: Vec<Board> = Vec::new();
        for _ in 0..40 {
            let roll = rng.below(10);
            if roll < 2 && !before.is_empty() {
                game.undo().expect("a step to undo");
                assert_eq!(game.board(), &before.pop().unwrap(), "{rules:?}");
            } else if roll < 3 && !game.undone().is_empty() {
                let now = game.board().clone();
                let Some(Step::Removed { pair, .. }) = game.redo() else {
                    panic!("only removals here")
                };
                let expected = reference::play(&now, pair, &rules).expect("legal again");
                assert_eq!(game.board().to_grid(), expected, "redo {pair} {rules:?}");
                before.push(now);
            } else {
                let all = game.moves();
                if all.is_empty() {
                    break;
                }
                let pair = all[rng.below(all.len())];
                let now = game.board().clone();
                let expected = reference::play(&now, pair, &rules).expect("legal");
                game.play(pair).unwrap();
                assert_eq!(game.board().to_grid(), expected, "{pair} {rules:?} {now:?}");
                slides_made += usize::from(pair.route().is_some());
                before.push(now);
            }
        }
        while game.undo().is_some() {}
        assert_eq!(game.board(), &board);
    }
    assert!(slides_made > 1000, "{slides_made}");
}

/// `solve` under slide against the exhaustive search, on small deals
/// under every gravity mode: the same verdict, every order replayed
/// through `Game::play`; both verdicts must occur.
#[test]
fn solve_agrees_with_exhaustive_search() {
    let mut rng = SplitMix64::new(0x736f_6c76);
    let mut verdicts = [0usize; 2];
    for round in 0..2600 {
        let (rows, cols) = (rng.range(2, 5), rng.range(2, 4));
        let full = rows * cols / 2;
        let pairs = rng.range(full.saturating_sub(1).max(1), full);
        let kinds = rng.range(3, 6);
        let board = crate::common::paired_board(&mut rng, rows, cols, pairs, kinds);
        let mut rules = slide_rules(&mut rng);
        rules = rules.with_gravity(Gravity::ALL[round % Gravity::ALL.len()]);
        verdicts[usize::from(crate::common::solve_checked(&board, &rules))] += 1;
    }
    assert!(verdicts[0] > 100 && verdicts[1] > 100, "{verdicts:?}");
}

/// Slides matter: boards that only a slide clears, and their orders say
/// so.
#[test]
fn solve_uses_slides() {
    let mut rng = SplitMix64::new(0x7573_6573);
    let mut only_by_slides = 0;
    for round in 0..800 {
        let (rows, cols) = (rng.range(2, 4), rng.range(2, 4));
        let full = rows * cols / 2;
        let pairs = rng.range(full.saturating_sub(1).max(1), full);
        let board = crate::common::paired_board(&mut rng, rows, cols, pairs, 3);
        let mut rules = slide_rules(&mut rng);
        rules = rules.with_gravity(Gravity::ALL[round % Gravity::ALL.len()]);
        let plain = rules
            .clone()
            .with_slide(false)
            .unwrap()
            .with_turns(1)
            .unwrap()
            .with_border(Border::Closed)
            .unwrap();
        if !reference::clearable(&board, &plain) && reference::clearable(&board, &rules) {
            let lianliankan::Solution::Solved(order) = lianliankan::solve(&board, &rules, u64::MAX)
            else {
                panic!("clearable: {rules:?} {board:?}")
            };
            assert!(order.iter().any(|m| m.route().is_some()));
            only_by_slides += 1;
        }
    }
    assert!(only_by_slides > 30, "{only_by_slides}");
}

/// The `serde` forms: a slide move, a removal step, a rules object with
/// `slide`, and a saved game with a slide, reloaded by replaying it.
#[test]
fn serde_forms_of_slides() {
    let slide = Move::slide(Pos::new(1, 0), Pos::new(3, 3), Route::Row);
    let text = serde_json::to_string(&slide).unwrap();
    assert_eq!(text, r#"{"a":[1,0],"b":[3,3],"route":"row"}"#);
    assert_eq!(serde_json::from_str::<Move>(&text).unwrap(), slide);
    let removal = lianliankan::Removal::from(slide);
    assert_eq!(serde_json::to_string(&removal).unwrap(), text);
    let plain = r#"{"a":[1,0],"b":[0,3]}"#;
    assert_eq!(
        serde_json::from_str::<lianliankan::Removal>(plain).unwrap(),
        lianliankan::Removal::pair(Pos::new(1, 0), Pos::new(0, 3))
    );
    let rules = Rules::judge()
        .with_slide(true)
        .unwrap()
        .with_gravity(Gravity::Down);
    let text = serde_json::to_string(&rules).unwrap();
    assert_eq!(
        text,
        r#"{"turns":1,"border":"closed","gravity":"down","groups":"","connect":"standard","slide":true}"#
    );
    assert_eq!(serde_json::from_str::<Rules>(&text).unwrap(), rules);
    // Without `slide`, the form is what it was.
    assert!(
        !serde_json::to_string(&Rules::default())
            .unwrap()
            .contains("slide")
    );
    let board = rows_board(&[
        &[0, 0, 0, 0, 0, 0],
        &[1, 2, 3, 0, 0, 0],
        &[4, 0, 0, 0, 0, 4],
        &[0, 0, 0, 1, 0, 0],
    ]);
    let mut game = Game::new(board, rules);
    game.play(slide).unwrap();
    let saved = serde_json::to_string(&game).unwrap();
    assert!(saved.contains(r#""route":"row""#), "{saved}");
    let step = serde_json::to_string(game.history().last().unwrap()).unwrap();
    assert!(
        step.contains(r#""pushed":[{"kind":1,"from":[1,0],"to":[1,3]}"#),
        "{step}"
    );
    let mut loaded: Game = serde_json::from_str(&saved).unwrap();
    assert_eq!(loaded.board(), game.board());
    loaded.undo();
    game.undo();
    assert_eq!(loaded.board(), game.board());
}

/// `generate` under slide and every gravity mode: the certificate clears
/// the board under slide (replayed through `Game::play` and through the
/// reference), and `solve` clears it too, its order replayed.
#[test]
fn generated_boards_clear_under_slide() {
    let mut rng = SplitMix64::new(0x6765_6e73);
    for round in 0..260 {
        let (rows, cols) = if round % 13 == 0 {
            (12, 18)
        } else {
            (rng.range(1, 6), rng.range(2, 8))
        };
        let kinds = rng.range(1, (rows * cols / 2).clamp(1, 36)) as u32;
        let mut rules = slide_rules(&mut rng);
        rules = rules.with_gravity(Gravity::ALL[round % Gravity::ALL.len()]);
        let spec = lianliankan::GenerateSpec::new(rows, cols, kinds)
            .with_seed(round as u64)
            .with_rules(rules.clone());
        let made = lianliankan::generate(&spec).unwrap();
        crate::common::assert_clears(&made.board, &rules, &made.certificate);
        if rows * cols <= 24 {
            reference::replay_clears(&made.board, &rules, &made.certificate).unwrap();
        }
        match lianliankan::solve(&made.board, &rules, 10_000_000) {
            lianliankan::Solution::Solved(order) => {
                crate::common::assert_clears(&made.board, &rules, &order);
            }
            other => panic!("{other:?}: {rules:?} {:?}", made.board),
        }
    }
}

/// Shuffles, hints and dead boards under slide: a shuffle leaves a move
/// (a slide counts) exactly when some arrangement has one; the hint is the
/// first move and its path the one `ways_to_remove` gives for it.
#[test]
fn shuffles_hints_and_dead_boards() {
    let mut rng = SplitMix64::new(0x7368_7566);
    let (mut refused, mut shuffled) = (0, 0);
    for seed in 0..1500u64 {
        let (rows, cols) = (rng.range(1, 4), rng.range(1, 4));
        let kinds = rng.range(1, 4);
        let board = random_board(&mut rng, rows, cols, 60, kinds);
        if board.tile_count() > 7 {
            continue;
        }
        let rules = slide_rules(&mut rng);
        let mut game = Game::new(board.clone(), rules.clone());
        let all = game.moves();
        assert_eq!(game.is_dead(), board.tile_count() > 0 && all.is_empty());
        if let Some((hint, path)) = game.hint_path() {
            assert_eq!(Some(hint), all.first().copied());
            let ways = ways_to_remove(&board, hint.a(), hint.b(), &rules).unwrap();
            let way = ways.iter().find(|w| w.pair == hint).expect("the hint");
            assert_eq!(way.path, path);
        }
        match game.shuffle(seed) {
            Ok(()) => {
                assert!(!reference::moves(game.board(), &rules).is_empty());
                game.undo();
                assert_eq!(game.board(), &board);
                shuffled += 1;
            }
            Err(_) => {
                assert!(!reference::arrangement_has_move(&board, &rules));
                assert_eq!(game.board(), &board);
                refused += 1;
            }
        }
    }
    assert!(refused > 50 && shuffled > 300, "{refused} {shuffled}");
}
