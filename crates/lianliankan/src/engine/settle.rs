//! Gravity: compacting the board after a removal, and recording which tiles
//! moved from where to where (for undo and for a front end's animation).
//!
//! Every mode is a list of passes, and every pass a list of *lines*: the
//! cells of a row, a column or half of one, listed from the end the tiles
//! slide toward. Compacting a line keeps its tiles in their order and puts
//! them on its first cells. The two-phase modes (`outward`, `inward`) run a
//! vertical pass over the whole board and then a horizontal one.

use grid_core::{Grid, Pos};

use crate::rules::Gravity;

/// A tile that gravity moved: its kind, and the cells it went from and to
/// (over both phases of a two-phase mode: where it was before the removal,
/// where it is after).
///
/// With the `serde` feature a slide is written `{"kind": 3, "from": [0, 1],
/// "to": [2, 1]}` (cells `[row, col]`, 0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct Slide {
    /// The tile's kind.
    pub kind: u32,
    /// Its cell before.
    pub from: Pos,
    /// Its cell after.
    pub to: Pos,
}

/// Which way a line's tiles go.
#[derive(Clone, Copy)]
enum Toward {
    /// Toward lower indices (up in a column, left in a row).
    Start,
    /// Toward higher indices.
    End,
}

/// Compacts `kinds` (0 = empty) by `mode` and returns the tiles that moved,
/// in row-major order of where they went.
///
/// # Complexity
/// O(rows·cols) per pass (two passes for `outward` and `inward`).
pub(crate) fn settle(kinds: &mut Grid<u32>, mode: Gravity) -> Vec<Slide> {
    Passes::new(kinds.rows(), kinds.cols(), mode).settle(kinds)
}

/// A gravity mode on one board size: its passes, each a list of lines, and
/// each line the row-major indices of its cells listed from the end its
/// tiles slide toward.
#[derive(Clone, Debug)]
pub(crate) struct Passes {
    passes: Vec<Vec<Vec<usize>>>,
    /// With one pass: per cell, the line it is on and its index there.
    line_of: Vec<(usize, usize)>,
}

impl Passes {
    /// The passes of `mode` on a `rows × cols` board (none for
    /// [`Gravity::None`]).
    ///
    /// # Complexity
    /// O(rows·cols).
    pub(crate) fn new(rows: usize, cols: usize, mode: Gravity) -> Passes {
        use Toward::{End, Start};
        let half_rows = rows.div_ceil(2);
        let half_cols = cols.div_ceil(2);
        let pass = |vertical: bool, rule: &dyn Fn(usize) -> Halves| {
            let (lines, length) = if vertical { (cols, rows) } else { (rows, cols) };
            let index = |l: usize, i: usize| if vertical { i * cols + l } else { l * cols + i };
            let split = length.div_ceil(2);
            let mut out: Vec<Vec<usize>> = Vec::new();
            for l in 0..lines {
                let parts: [(std::ops::Range<usize>, Option<Toward>); 2] = match rule(l) {
                    Halves::Whole(t) => [(0..length, Some(t)), (length..length, None)],
                    Halves::Split(first, second) => {
                        [(0..split, Some(first)), (split..length, Some(second))]
                    }
                };
                for (range, toward) in parts {
                    match toward {
                        Some(Start) => out.push(range.map(|i| index(l, i)).collect()),
                        Some(End) => out.push(range.rev().map(|i| index(l, i)).collect()),
                        None => {}
                    }
                }
            }
            out
        };
        let passes = match mode {
            Gravity::None => vec![],
            Gravity::Down => vec![pass(true, &|_| Halves::Whole(End))],
            Gravity::Up => vec![pass(true, &|_| Halves::Whole(Start))],
            Gravity::Left => vec![pass(false, &|_| Halves::Whole(Start))],
            Gravity::Right => vec![pass(false, &|_| Halves::Whole(End))],
            Gravity::ApartVertical => vec![pass(true, &|_| Halves::Split(Start, End))],
            Gravity::TogetherVertical => vec![pass(true, &|_| Halves::Split(End, Start))],
            Gravity::ApartHorizontal => vec![pass(false, &|_| Halves::Split(Start, End))],
            Gravity::TogetherHorizontal => vec![pass(false, &|_| Halves::Split(End, Start))],
            Gravity::TopLeftBottomRight => vec![pass(false, &|row| {
                Halves::Whole(if row < half_rows { Start } else { End })
            })],
            Gravity::LeftDownRightUp => vec![pass(true, &|col| {
                Halves::Whole(if col < half_cols { End } else { Start })
            })],
            Gravity::Outward => vec![
                pass(true, &|_| Halves::Split(Start, End)),
                pass(false, &|_| Halves::Split(Start, End)),
            ],
            Gravity::Inward => vec![
                pass(true, &|_| Halves::Split(End, Start)),
                pass(false, &|_| Halves::Split(End, Start)),
            ],
        };
        let mut line_of = Vec::new();
        if let [only] = passes.as_slice() {
            line_of = vec![(0, 0); rows * cols];
            for (l, line) in only.iter().enumerate() {
                for (index, &cell) in line.iter().enumerate() {
                    line_of[cell] = (l, index);
                }
            }
        }
        Passes { passes, line_of }
    }

    /// The lines of a mode with one pass, which split the board: every
    /// tile stays on its line, in its order, forever. `None` for
    /// [`Gravity::None`] and the two-pass modes, whose tiles change lines.
    pub(crate) fn lines(&self) -> Option<&[Vec<usize>]> {
        match self.passes.as_slice() {
            [only] => Some(only),
            _ => None,
        }
    }

    /// Whether the tile on `cell` (row-major) of `kinds` (0 = empty) has
    /// no tile after it on its line, under a mode with one pass: no tile
    /// is ever after it, so no tile's cell ever depends on whether it is
    /// there. `false` for the other modes.
    pub(crate) fn is_last_on_line(&self, kinds: &Grid<u32>, cell: usize) -> bool {
        let [only] = self.passes.as_slice() else {
            return false;
        };
        let (line, at) = self.line_of[cell];
        only[line][at + 1..].iter().all(|&c| kinds.cells()[c] == 0)
    }

    /// Under a mode with one pass, the cells of `cell`'s line from `cell`
    /// to the line's end (row-major indices): the only cells a removal on
    /// `cell` can change. Empty for the other modes.
    pub(crate) fn rest_of_line(&self, cell: usize) -> &[usize] {
        let [only] = self.passes.as_slice() else {
            return &[];
        };
        let (line, at) = self.line_of[cell];
        &only[line][at..]
    }

    /// As [`Passes::settle`] on a compacted board from which the tiles on
    /// the cells `emptied` (row-major indices) were just removed, without
    /// recording slides: under one pass only their lines can move.
    ///
    /// # Complexity
    /// O(rows + cols) per emptied cell under one pass; else as
    /// [`Passes::settle`].
    pub(crate) fn settle_after(&self, kinds: &mut Grid<u32>, emptied: &[usize]) {
        let cells = kinds.cells_mut();
        if let [only] = self.passes.as_slice() {
            for &cell in emptied {
                compact(cells, &only[self.line_of[cell].0], 0, |kind| kind != 0);
            }
        } else {
            for pass in &self.passes {
                for line in pass {
                    compact(cells, line, 0, |kind| kind != 0);
                }
            }
        }
    }

    /// Compacts `kinds` (0 = empty), which must be of the size these passes
    /// were made for, and returns the tiles that moved, in row-major order
    /// of where they went.
    ///
    /// # Complexity
    /// O(rows·cols) per pass.
    pub(crate) fn settle(&self, kinds: &mut Grid<u32>) -> Vec<Slide> {
        if self.passes.is_empty() {
            return Vec::new();
        }
        let cols = kinds.cols();
        // Every cell: its kind and the flat index it started at.
        let mut cells: Vec<(u32, usize)> = kinds.cells().iter().copied().zip(0..).collect();
        for pass in &self.passes {
            for line in pass {
                compact(&mut cells, line, (0, usize::MAX), |(kind, _)| kind != 0);
            }
        }
        let mut slides = Vec::new();
        for (i, (&(kind, origin), cell)) in cells.iter().zip(kinds.cells_mut()).enumerate() {
            *cell = kind;
            if kind != 0 && origin != i {
                slides.push(Slide {
                    kind,
                    from: Pos::new(origin / cols, origin % cols),
                    to: Pos::new(i / cols, i % cols),
                });
            }
        }
        slides
    }
}

/// How one line is compacted: whole, or each half on its own.
enum Halves {
    Whole(Toward),
    Split(Toward, Toward),
}

/// Moves the tiles of the cells `line` (listed from the end they slide
/// toward) onto its first cells, in order; the rest become empty.
fn compact<T: Copy>(cells: &mut [T], line: &[usize], empty: T, is_tile: impl Fn(T) -> bool) {
    let mut next = 0;
    for k in 0..line.len() {
        let tile = cells[line[k]];
        if is_tile(tile) {
            if next != k {
                cells[line[next]] = tile;
                cells[line[k]] = empty;
            }
            next += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&[u32]]) -> Grid<u32> {
        let cols = rows[0].len();
        Grid::from_vec(rows.len(), cols, rows.concat()).unwrap()
    }

    /// The worked example of the rules: 5 rows × 3 columns.
    #[test]
    fn the_worked_example() {
        let board = grid(&[&[1, 0, 2], &[0, 3, 0], &[4, 0, 5], &[0, 6, 0], &[7, 0, 8]]);
        let after = |mode| {
            let mut g = board.clone();
            settle(&mut g, mode);
            g
        };
        assert_eq!(
            after(Gravity::Down),
            grid(&[&[0, 0, 0], &[0, 0, 0], &[1, 0, 2], &[4, 3, 5], &[7, 6, 8]])
        );
        assert_eq!(
            after(Gravity::ApartVertical),
            grid(&[&[1, 3, 2], &[4, 0, 5], &[0, 0, 0], &[0, 0, 0], &[7, 6, 8]])
        );
        assert_eq!(
            after(Gravity::LeftDownRightUp),
            grid(&[&[0, 0, 2], &[0, 0, 5], &[1, 0, 8], &[4, 3, 0], &[7, 6, 0]])
        );
        assert_eq!(after(Gravity::None), board);
    }

    /// After a removal from a compacted board, compacting only the lines
    /// of the emptied cells is the whole compaction, under every mode.
    #[test]
    fn settling_after_a_removal_is_settling() {
        let mut rng = grid_core::SplitMix64::new(0x7365_7474);
        for _ in 0..2000 {
            let (rows, cols) = (rng.range(1, 6), rng.range(1, 6));
            let mode = Gravity::ALL[rng.below(Gravity::ALL.len())];
            let passes = Passes::new(rows, cols, mode);
            let cells = (0..rows * cols).map(|_| rng.range(0, 3) as u32).collect();
            let mut board = Grid::from_vec(rows, cols, cells).unwrap();
            passes.settle(&mut board);
            let tiles: Vec<usize> = (0..rows * cols)
                .filter(|&i| board.cells()[i] != 0)
                .collect();
            if tiles.len() < 2 {
                continue;
            }
            let a = tiles[rng.below(tiles.len())];
            let b = tiles[rng.below(tiles.len())];
            board.cells_mut()[a] = 0;
            board.cells_mut()[b] = 0;
            let mut expected = board.clone();
            passes.settle(&mut expected);
            passes.settle_after(&mut board, &[a, b]);
            assert_eq!(board, expected, "{mode:?}");
        }
    }

    #[test]
    fn slides_say_where_each_tile_went() {
        let mut g = grid(&[&[1, 0, 2, 0, 3]]);
        let slides = settle(&mut g, Gravity::Inward);
        // Halves 0..3 and 3..5: the left half goes right, the right half left.
        assert_eq!(g, grid(&[&[0, 1, 2, 3, 0]]));
        let moved = |from: (usize, usize), to: (usize, usize), kind| Slide {
            kind,
            from: Pos::new(from.0, from.1),
            to: Pos::new(to.0, to.1),
        };
        assert_eq!(
            slides,
            vec![moved((0, 0), (0, 1), 1), moved((0, 4), (0, 3), 3)]
        );
    }
}
