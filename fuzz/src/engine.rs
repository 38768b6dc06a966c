//! The lianliankan engine on arbitrary small boards: a sequence of
//! [`Game::remove`], [`Game::undo`], [`Game::redo`], [`Game::shuffle`] and
//! move listings, then [`Game::solve`] with a small budget, every result
//! checked against the brute-force reference, under every gravity mode and
//! with matching groups.
//!
//! Input layout: a flags byte (turns, connection rule and border as
//! [`crate::rules`]; bits 4–7 the gravity mode, [`Gravity::ALL`] by index,
//! 13 to 15 meaning none); a groups byte (`% 4`: none, `1-2`, `1+3,2+4`,
//! `2-6`; bit 7: KShisen's sliding tiles, [`Rules::slide`]); rows and
//! columns (1 to 8 each); the number of kinds k (1 to 6); one byte per cell
//! (`b % (k + 1)`, 0 = empty, 255 = the largest kind); then operations, one
//! byte each (`% 5`: remove, undo, shuffle, list the moves, redo) with their
//! arguments (under slide a removal takes one more byte, `% 3`: a plain
//! pair, a slide of the first tile along its row, along its column).
//! Missing bytes read as 0.

use lianliankan::reference::{self, min_turns};
use lianliankan::{
    Board, Connect, Game, Gravity, Grid, Groups, MAX_KIND, Move, Pos, RemoveError, Route, Rules,
    Solution,
};

/// The solver's budget, in states.
const BUDGET: u64 = 300;
/// The most operations run on one board.
const MAX_OPS: usize = 48;
/// The most full comparisons of the move list with the reference per input
/// (each is O(t²·rows·cols·turns) for t tiles).
const FULL_CHECKS: usize = 3;
/// Up to this many tiles, `Unsolvable` is confirmed by exhaustive search
/// (unless a kind has an odd number of tiles, which plainly cannot be
/// cleared).
const EXHAUSTIVE_TILES: usize = 8;

/// The input bytes, read front to back; 0 past the end.
struct Bytes<'a> {
    data: &'a [u8],
}

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// The fuzz target: see the module docs.
pub fn lianliankan_engine(data: &[u8]) {
    let mut bytes = Bytes { data };
    let flags = bytes.next();
    let groups_byte = bytes.next();
    let groups: Groups = match groups_byte % 4 {
        0 => Groups::none(),
        1 => "1-2".parse().expect("groups"),
        2 => "1+3,2+4".parse().expect("groups"),
        _ => "2-6".parse().expect("groups"),
    };
    let rules = crate::rules(flags);
    // Slides take the standard connection (and write their path rule).
    let rules = if groups_byte & 0x80 != 0 {
        rules
            .with_connect(Connect::Standard)
            .and_then(|r| r.with_slide(true))
            .expect("standard paths take slides")
    } else {
        rules
    };
    let rules = rules
        .with_gravity(
            Gravity::ALL
                .get(usize::from(flags >> 4))
                .copied()
                .unwrap_or(Gravity::None),
        )
        .with_groups(groups);
    let rows = 1 + usize::from(bytes.next() % 8);
    let cols = 1 + usize::from(bytes.next() % 8);
    let kinds = 1 + u32::from(bytes.next() % 6);
    let cells = (0..rows * cols)
        .map(|_| match bytes.next() {
            255 => MAX_KIND,
            b => u32::from(b) % (kinds + 1),
        })
        .collect();
    let grid = Grid::from_vec(rows, cols, cells).expect("rows·cols cells");
    let board = Board::new(&grid).expect("kinds up to MAX_KIND");
    let mut game = Game::new(board, rules);
    // The board before each step of the history, to check `undo`, and
    // after each undone step, to check `redo`.
    let mut before_steps: Vec<Grid<u32>> = Vec::new();
    let mut undone: Vec<Grid<u32>> = Vec::new();
    let mut full_checks = FULL_CHECKS;
    for _ in 0..MAX_OPS {
        if bytes.is_empty() {
            break;
        }
        match bytes.next() % 5 {
            0 => {
                let a = position(&mut bytes, rows, cols);
                let b = position(&mut bytes, rows, cols);
                let route = if game.rules().slide() {
                    [None, Some(Route::Row), Some(Route::Column)][usize::from(bytes.next() % 3)]
                } else {
                    None
                };
                if check_remove(&mut game, a, b, route, &mut before_steps) {
                    undone.clear();
                }
            }
            1 => {
                let after = game.board().to_grid();
                if check_undo(&mut game, &mut before_steps) {
                    undone.push(after);
                }
            }
            2 => {
                let seed = u64::from(bytes.next()).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                if check_shuffle(&mut game, seed, &mut before_steps) {
                    undone.clear();
                }
            }
            3 => {
                if full_checks > 0 {
                    full_checks -= 1;
                    check_moves(&game);
                }
            }
            _ => {
                let before = game.board().to_grid();
                match game.redo() {
                    None => assert!(undone.is_empty(), "redo found nothing to redo"),
                    Some(_) => {
                        let expected = undone.pop().expect("redo with nothing undone");
                        assert_eq!(game.board().to_grid(), expected, "redo");
                        before_steps.push(before);
                    }
                }
            }
        }
        assert_eq!(game.history().len(), before_steps.len());
        assert_eq!(game.undone().len(), undone.len());
    }
    check_solve(&game);
}

/// A position from one byte per coordinate: on the board, one past its
/// edge, or (for 255) as far off as a position can be.
fn position(bytes: &mut Bytes<'_>, rows: usize, cols: usize) -> Pos {
    let mut coordinate = |size: usize| match bytes.next() {
        255 => usize::MAX,
        b => usize::from(b) % (size + 1),
    };
    let row = coordinate(rows);
    let col = coordinate(cols);
    Pos::new(row, col)
}

/// Why `remove(a, b)` must be refused before any path is searched, in the
/// documented order; `None` when only the path decides.
fn refusal(board: &Board, rules: &Rules, a: Pos, b: Pos) -> Option<RemoveError> {
    let Some(kind_a) = board.kind(a) else {
        return Some(RemoveError::OffBoard(a));
    };
    let Some(kind_b) = board.kind(b) else {
        return Some(RemoveError::OffBoard(b));
    };
    if a == b {
        Some(RemoveError::SameCell(a))
    } else if kind_a == 0 {
        Some(RemoveError::Empty(a))
    } else if kind_b == 0 {
        Some(RemoveError::Empty(b))
    } else if !rules.matches(kind_a, kind_b) {
        Some(RemoveError::DifferentKinds {
            first: kind_a,
            second: kind_b,
        })
    } else {
        None
    }
}

/// Checks one slide of `a` along `route` toward `b`, then their removal,
/// against [`reference::play`]; whether it was made.
fn check_slide(
    game: &mut Game,
    (a, b, route): (Pos, Pos, Route),
    before_steps: &mut Vec<Grid<u32>>,
) -> bool {
    let before = game.board().clone();
    let rules = game.rules().clone();
    let expected = refusal(&before, &rules, a, b);
    let pair = Move::slide(a, b, route);
    match game.play(pair) {
        Ok(path) => {
            assert_eq!(expected, None, "slid {pair}");
            let after = reference::play(&before, pair, &rules);
            assert_eq!(Some(game.board().to_grid()), after, "{pair}");
            assert_eq!(path.turns(), 1);
            assert_eq!(game.board().tile_count(), before.tile_count() - 2);
            before_steps.push(before.to_grid());
            true
        }
        Err(error) => {
            if let Some(refused) = expected {
                assert_eq!(error, refused);
            } else {
                assert!(matches!(error, RemoveError::NoSlide { .. }), "{error}");
                assert_eq!(reference::play(&before, pair, &rules), None, "{pair}");
            }
            assert_eq!(game.board(), &before, "a refused slide changed the board");
            false
        }
    }
}

/// Checks one removal (a slide when `route` is given); whether it was
/// made.
fn check_remove(
    game: &mut Game,
    a: Pos,
    b: Pos,
    route: Option<Route>,
    before_steps: &mut Vec<Grid<u32>>,
) -> bool {
    if let Some(route) = route {
        return check_slide(game, (a, b, route), before_steps);
    }
    let before = game.board().clone();
    let rules = game.rules().clone();
    let expected = refusal(&before, &rules, a, b);
    match game.remove(a, b) {
        Ok(path) => {
            assert_eq!(expected, None, "removed {a} {b}");
            let turns = min_turns(&before, a, b, &rules);
            assert_eq!(Some(path.turns()), turns, "fewest turns for {a} {b}");
            if let Err(fault) = reference::check_path(&before, a, b, &path, &rules) {
                panic!("path {:?}: {fault}", path.corners());
            }
            let mut after = before.to_grid();
            after[a] = 0;
            after[b] = 0;
            let after = reference::settle(&after, rules.gravity());
            assert_eq!(game.board().to_grid(), after, "gravity {}", rules.gravity());
            assert_eq!(game.board().tile_count(), before.tile_count() - 2);
            before_steps.push(before.to_grid());
            true
        }
        Err(error) => {
            match expected {
                Some(refused) => assert_eq!(error, refused),
                None => {
                    assert_eq!(error, RemoveError::NoPath);
                    assert_eq!(min_turns(&before, a, b, &rules), None, "{a} {b}");
                }
            }
            assert_eq!(game.board(), &before, "a refused removal changed the board");
            false
        }
    }
}

/// Checks one undo: the board exactly as before the step; whether there
/// was one.
fn check_undo(game: &mut Game, before_steps: &mut Vec<Grid<u32>>) -> bool {
    match game.undo() {
        None => {
            assert!(before_steps.is_empty(), "undo found no history");
            false
        }
        Some(_) => {
            let expected = before_steps.pop().expect("undo with an empty history");
            assert_eq!(game.board().to_grid(), expected);
            true
        }
    }
}

/// The board's tiles' kinds, sorted, and its occupied cells.
fn tiles_and_cells(board: &Board) -> (Vec<u32>, Vec<Pos>) {
    let mut kinds: Vec<u32> = board.tiles().map(|(_, k)| k).collect();
    kinds.sort_unstable();
    (kinds, board.tiles().map(|(p, _)| p).collect())
}

/// Checks one shuffle; whether it was made.
fn check_shuffle(game: &mut Game, seed: u64, before_steps: &mut Vec<Grid<u32>>) -> bool {
    let before = game.board().clone();
    let rules = game.rules().clone();
    match game.shuffle(seed) {
        Ok(()) => {
            assert_eq!(tiles_and_cells(game.board()), tiles_and_cells(&before));
            let has_move = !reference::moves(game.board(), &rules).is_empty();
            assert!(has_move, "a shuffle left no move");
            before_steps.push(before.to_grid());
            true
        }
        Err(_) => {
            assert_eq!(game.board(), &before, "a refused shuffle changed the board");
            assert!(
                !any_arrangement_has_move(&before, &rules),
                "shuffle said no arrangement has a move, but one has"
            );
            false
        }
    }
}

/// Whether some arrangement of `board`'s tiles on its occupied cells has a
/// move: some kind has two tiles, and some two occupied cells are joinable
/// (joinability depends only on which cells are occupied). This argument,
/// not `reference::arrangement_has_move`'s permutations, since a fuzzed
/// board may hold 64 tiles.
fn any_arrangement_has_move(board: &Board, rules: &Rules) -> bool {
    let (kinds, cells) = tiles_and_cells(board);
    let matching = kinds
        .iter()
        .enumerate()
        .any(|(i, &k)| kinds[i + 1..].iter().any(|&l| rules.matches(k, l)));
    if !matching {
        return false;
    }
    let mut same = board.to_grid();
    for &p in &cells {
        same[p] = 1;
    }
    let same = Board::new(&same).expect("kind 1 is a valid kind");
    if rules.slide() {
        // Slides too depend only on which cells are occupied.
        return !reference::moves(&same, rules).is_empty();
    }
    cells.iter().enumerate().any(|(i, &p)| {
        cells[i + 1..]
            .iter()
            .any(|&q| min_turns(&same, p, q, rules).is_some())
    })
}

fn check_moves(game: &Game) {
    let moves = game.moves();
    assert_eq!(moves, reference::moves(game.board(), game.rules()));
    assert_eq!(game.hint(), moves.first().copied());
    assert_eq!(game.is_dead(), !game.is_cleared() && moves.is_empty());
}

fn check_solve(game: &Game) {
    let tiles = game.board().tile_count();
    match game.solve(BUDGET) {
        Solution::Solved(order) => {
            assert_eq!(order.len() * 2, tiles);
            let mut replay = game.clone();
            for m in order {
                if let Err(e) = replay.play(m) {
                    panic!("solution move {m} is illegal: {e}");
                }
            }
            assert!(replay.is_cleared());
        }
        Solution::Unsolvable => {
            // A class of matching tiles with an odd count plainly cannot
            // be cleared; otherwise small boards are confirmed exhaustively.
            let groups = game.rules().groups();
            let mut classes: Vec<_> = game.board().tiles().map(|(_, k)| groups.class(k)).collect();
            classes.sort_unstable();
            let odd_class = classes
                .chunk_by(|x, y| x == y)
                .any(|run| run.len() % 2 == 1);
            if tiles <= EXHAUSTIVE_TILES && !odd_class {
                assert!(
                    !reference::clearable(game.board(), game.rules()),
                    "solve said unsolvable, but the board can be cleared"
                );
            }
        }
        Solution::OutOfBudget { states } => assert!(states <= BUDGET),
        other => panic!("nothing cancels this search: {other:?}"),
    }
}
