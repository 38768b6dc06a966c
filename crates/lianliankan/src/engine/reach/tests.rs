//! The word-parallel searches of `bit_rows` against [`Field`]'s plain
//! ones: the same tiles, the same answers.

use grid_core::{Dir, Grid, SplitMix64};

use super::{Cell, Field};
use crate::engine::bit_rows::dir_bit;
use crate::rules::Border;

/// A random field of `rows × cols` (a random share of its cells tiles
/// of 1..=`kinds`), either border, with its board cells.
fn random_field(
    rng: &mut SplitMix64,
    rows: usize,
    cols: usize,
    kinds: usize,
) -> (Field, Vec<Cell>, Border) {
    let fill = rng.range(0, 100) as u32;
    let cells: Vec<u32> = (0..rows * cols)
        .map(|_| {
            if rng.percent(fill) {
                1 + rng.below(kinds) as u32
            } else {
                0
            }
        })
        .collect();
    let border = if rng.percent(50) {
        Border::Open
    } else {
        Border::Closed
    };
    let field = Field::from_kinds(Grid::from_vec(rows, cols, cells).unwrap(), border);
    let board = (0..field.len())
        .map(Cell::new)
        .filter(|&i| field.is_board(i))
        .collect();
    (field, board, border)
}

/// Empties or fills `changes` random cells of `board`, as the solvers'
/// closures do between searches.
fn toggle_cells(rng: &mut SplitMix64, field: &mut Field, board: &[Cell], changes: usize) {
    for _ in 0..changes {
        let i = board[rng.below(board.len())];
        let kind = u32::from(field.is_empty(i));
        field.set(i, kind);
    }
}

/// On random fields, both borders, 0 to 5 turns, from every tile and
/// every empty cell, the word-parallel search ends on exactly the
/// tiles `Field::reach` reports and passes exactly the empty cells it
/// reports, also after cells change (emptied and refilled, as the
/// solver's closure does).
#[test]
fn ends_are_the_tiles_reach_reports() {
    let mut rng = SplitMix64::new(0xb175);
    let mut compared = 0;
    for _ in 0..400 {
        let (rows, cols) = (rng.range(1, 12), rng.range(1, 20));
        let (mut field, board, border) = random_field(&mut rng, rows, cols, 5);
        for round in 0..3 {
            if round > 0 {
                let changes = rng.range(1, 6);
                toggle_cells(&mut rng, &mut field, &board, changes);
            }
            let turns = rng.range(0, 5);
            let mut fast = Vec::new();
            for &start in &board {
                let (mut slow, mut passed) = (Vec::new(), vec![false; field.len()]);
                field.reach(start, turns, |cell, is_tile| {
                    if is_tile {
                        slow.push(cell);
                    } else {
                        passed[cell] = true;
                    }
                });
                slow.sort_unstable();
                passed[start] = field.is_empty(start);
                fast.clear();
                field.reach_tiles(start, turns, |cell| fast.push(cell));
                fast.sort_unstable();
                assert_eq!(fast, slow, "from {start:?}, {turns} turns, {border:?}");
                for (i, &passed) in passed.iter().enumerate() {
                    let i = Cell::new(i);
                    assert_eq!(field.was_passed(i), passed && field.is_empty(i), "{i:?}");
                }
                compared += usize::from(!slow.is_empty());
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
}

/// On random fields, both borders, 0 to 4 turns, from random starts
/// to random targets (with random directions of arrival), the
/// word-parallel directed search meets a target exactly when the
/// cell-by-cell directed search does, and when it does not, it reports
/// exactly the tiles that search ran into, also after cells change;
/// on fields too wide for words as well.
#[test]
fn directed_meets_what_the_directed_reach_meets() {
    use std::collections::BTreeSet;
    use std::ops::ControlFlow;

    let mut rng = SplitMix64::new(0xd1ec7);
    let (mut met, mut missed, mut wide, mut boxed_in) = (0, 0, 0, 0);
    for _ in 0..400 {
        // One field in five is too wide for words: the cell-by-cell
        // fallback of `meets_directed` answers there.
        let (rows, cols) = if rng.percent(20) {
            wide += 1;
            (rng.range(1, 4), rng.range(63, 70))
        } else {
            (rng.range(1, 12), rng.range(1, 20))
        };
        let (mut field, board, _) = random_field(&mut rng, rows, cols, 1);
        for _ in 0..20 {
            let changes = rng.range(0, 3);
            toggle_cells(&mut rng, &mut field, &board, changes);
            let pick = |rng: &mut SplitMix64| board[rng.below(board.len())];
            let starts: Vec<(Cell, Dir)> = (0..rng.range(1, 6))
                .map(|_| (pick(&mut rng), Dir::from_index(rng.below(4))))
                .collect();
            let mut targets: Vec<(Cell, u8)> = (0..rng.range(0, 6))
                .map(|_| (pick(&mut rng), rng.below(16) as u8))
                .collect();
            let turns = rng.range(0, 4);
            // Every first step into a tile or the frame: `meets_directed`
            // answers from those steps alone.
            boxed_in += usize::from(
                starts
                    .iter()
                    .all(|&(from, dir)| !field.is_empty(field.step(from, dir))),
            );
            let mut slow_hits = BTreeSet::new();
            let slow = field
                .reach_directed_until(&starts, turns, |cell, is_tile, dir| {
                    if targets
                        .iter()
                        .any(|&(c, arrivals)| c == cell && arrivals & dir_bit(dir) != 0)
                    {
                        return ControlFlow::Break(());
                    }
                    if is_tile {
                        slow_hits.insert(cell);
                    }
                    ControlFlow::Continue(())
                })
                .is_break();
            let mut fast_hits = BTreeSet::new();
            let (fast, _) = field.meets_directed(&starts, &mut targets, turns, |cell| {
                fast_hits.insert(cell);
            });
            assert_eq!(fast, slow, "{starts:?} to {targets:?}, {turns} turns");
            if slow {
                met += 1;
            } else {
                assert_eq!(fast_hits, slow_hits, "{starts:?}, {turns} turns");
                missed += 1;
            }
        }
    }
    assert!(
        met > 1_000 && missed > 1_000 && wide > 40 && boxed_in > 300,
        "{met} met, {missed} missed, {wide} wide fields, {boxed_in} boxed in"
    );
}
