//! Where a path of at most K turns can go from one cell: the engine's
//! workhorse for listing moves, solving and generating boards.
//!
//! A [`Field`] is the board inside a frame of walls: one wall ring for
//! [`Border::Closed`], or an empty ring and then a wall ring for
//! [`Border::Open`], so a run never needs a bounds check. [`Field::reach`]
//! is a breadth-first search over (cell, axis of travel) in layers by turns:
//! layer 0 is the four straight free runs from the start; layer t + 1 is the
//! perpendicular free runs from every cell first reached in layer t. A run
//! stops at the first occupied cell (which it *hits*: a path may end there)
//! or at a cell already reached along the same axis (everything beyond it
//! was covered by that earlier, no later, run). So each (cell, axis) is
//! entered once and a search costs O(rows·cols) whatever K is.

use std::ops::ControlFlow;

use grid_core::{Dir, Grid, Padded, Pos};

use super::bit_rows::{BitRows, dir_bit};
pub(crate) use super::cell::Cell;
use crate::query::Board;
use crate::rules::Border;

/// Cell value of the frame: never empty, never a tile kind.
const WALL: u32 = u32::MAX;

/// A board in a frame of walls, with reusable search buffers.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    /// Kinds (0 = empty, [`WALL`] = frame): the board, its empty ring for
    /// the open border, and the wall ring. Cells are addressed by their
    /// row-major index in this padded grid.
    cells: Padded<u32>,
    /// The padded grid's row width.
    width: usize,
    /// Per (cell, axis): the search in which it was entered.
    entered: Vec<u32>,
    /// Per cell: the search in which it was reported.
    reported: Vec<u32>,
    /// Per (cell, direction): the directed search in which it was entered
    /// (allocated by the first one).
    entered_directed: Vec<u32>,
    stamp: u32,
    /// The cells as bit rows, for [`Field::reach_tiles`], when the field
    /// is at most 64 cells wide.
    bits: Option<BitRows>,
    layer: Vec<(Cell, Dir)>,
    next_layer: Vec<(Cell, Dir)>,
}

/// The directions in the order the searches take them: along a row
/// (left, then right), then along a column (up, then down).
pub(crate) const DIRS: [Dir; 4] = [Dir::Left, Dir::Right, Dir::Up, Dir::Down];

/// Whether `dir` runs along a row.
pub(crate) const fn is_horizontal(dir: Dir) -> bool {
    matches!(dir, Dir::Left | Dir::Right)
}

/// The two directions across `dir`, in [`DIRS`] order.
const fn across(dir: Dir) -> [Dir; 2] {
    if is_horizontal(dir) {
        [Dir::Up, Dir::Down]
    } else {
        [Dir::Left, Dir::Right]
    }
}

/// The field-index offset of a step in each direction (by [`Dir::index`]),
/// for a row width.
fn offsets(width: usize) -> [isize; 4] {
    Dir::ALL.map(|dir| {
        let (dr, dc) = dir.delta();
        dr * width as isize + dc
    })
}

impl Field {
    /// The field of `board` under `border`.
    ///
    /// # Complexity
    /// O(rows·cols).
    pub(crate) fn new(board: &Board, border: Border) -> Field {
        Field::from_kinds(board.to_grid(), border)
    }

    /// The field of a board given as its kinds (0 = empty; no kind may be
    /// `u32::MAX`).
    ///
    /// # Complexity
    /// O(rows·cols).
    pub(crate) fn from_kinds(kinds: Grid<u32>, border: Border) -> Field {
        let mut cells = Padded::new(kinds);
        if border == Border::Open {
            cells = cells.surround(0);
        }
        let cells = cells.surround(WALL);
        let (n, width) = (cells.grid().cells().len(), cells.grid().cols());
        let bits = (width <= 64).then(|| {
            let mut bits = BitRows::new(cells.grid().rows(), width);
            for (i, &kind) in cells.grid().cells().iter().enumerate() {
                if kind != WALL {
                    bits.set(i, kind == 0);
                }
            }
            bits
        });
        Field {
            cells,
            width,
            entered: vec![0; 2 * n],
            reported: vec![0; n],
            entered_directed: Vec::new(),
            stamp: 0,
            bits,
            layer: Vec::new(),
            next_layer: Vec::new(),
        }
    }

    /// Puts the kinds of `kinds` (0 = empty; a board of this field's size)
    /// on the board cells, as [`Field::from_kinds`] would, reusing the
    /// buffers.
    ///
    /// # Complexity
    /// O(rows·cols).
    pub(crate) fn load(&mut self, kinds: &Grid<u32>) {
        for (pos, &kind) in kinds.positions().zip(kinds.cells()) {
            let cell = self.index(pos);
            self.set(cell, kind);
        }
    }

    /// The number of field cells (board, ring and frame).
    pub(crate) fn len(&self) -> usize {
        self.cells.grid().cells().len()
    }

    /// The field cell of board position `pos`.
    pub(crate) fn index(&self, pos: Pos) -> Cell {
        Cell(self.cells.frame().outer_index(pos))
    }

    /// The board position of field cell `i` (a board cell).
    pub(crate) fn pos(&self, i: Cell) -> Pos {
        let outer = self.cells.grid().pos_of(i.0);
        self.cells.frame().board_pos(outer).expect("a board cell")
    }

    /// The kind at field cell `i` (0 = empty).
    pub(crate) fn kind(&self, i: Cell) -> u32 {
        self.cells.grid().cells()[i.0]
    }

    /// The four neighbours of board or ring cell `i`.
    pub(crate) fn neighbours(&self, Cell(i): Cell) -> [Cell; 4] {
        [i - 1, i + 1, i - self.width, i + self.width].map(Cell)
    }

    /// Whether field cell `i` is a board cell (not the ring or the frame).
    pub(crate) fn is_board(&self, i: Cell) -> bool {
        let outer = self.cells.grid().pos_of(i.0);
        self.cells.frame().board_pos(outer).is_some()
    }

    /// Whether field cell `i` is an empty cell on the board or its ring
    /// (frame walls are not empty).
    pub(crate) fn is_empty(&self, i: Cell) -> bool {
        self.kind(i) == 0
    }

    /// Puts `kind` (0 = empty) at field cell `i`, a board cell.
    pub(crate) fn set(&mut self, Cell(i): Cell, kind: u32) {
        let cell = &mut self.cells.grid_mut().cells_mut()[i];
        debug_assert!(*cell != WALL && kind != WALL);
        *cell = kind;
        if let Some(bits) = &mut self.bits {
            bits.set(i, kind == 0);
        }
    }

    /// Calls `visit(cell, is_tile)` once for every cell a path from `start`
    /// with at most `max_turns` turns can reach: the empty cells it can pass
    /// through (`is_tile == false`) and the tiles it can end on (`true`).
    /// `start` itself is treated as the path's origin and never reported;
    /// it may be a tile or an empty cell.
    ///
    /// # Complexity
    /// O(rows·cols): every (cell, axis) is entered at most once and every
    /// run ends at an occupied cell or an entered one.
    pub(crate) fn reach(
        &mut self,
        start: Cell,
        max_turns: usize,
        mut visit: impl FnMut(Cell, bool),
    ) {
        let _ = self.reach_until(start, max_turns, |cell, is_tile| {
            visit(cell, is_tile);
            ControlFlow::Continue(())
        });
    }

    /// Calls `hit(cell)` for every tile [`Field::reach`] reports from
    /// `start` with at most `max_turns` turns (in no particular order);
    /// [`Field::was_passed`] then tells the empty cells it reports. On a
    /// field at most 64 cells wide (every board of at most 60 columns)
    /// this is `bit_rows`' word-parallel search.
    ///
    /// Answers the work it did, in steps (a cell reached, or a row swept a
    /// word at a time), so that a caller can bound the work of many
    /// searches.
    ///
    /// # Complexity
    /// O(rows) word operations per turn on a narrow field (O(rows) layers
    /// at most), plus one step per tile found; else as [`Field::reach`].
    pub(crate) fn reach_tiles(
        &mut self,
        start: Cell,
        max_turns: usize,
        mut hit: impl FnMut(Cell),
    ) -> usize {
        let Some(bits) = &mut self.bits else {
            let mut steps = 1;
            self.reach(start, max_turns, |cell, is_tile| {
                steps += 1;
                if is_tile {
                    hit(cell);
                }
            });
            return steps;
        };
        bits.ends(start.0, max_turns, |i| hit(Cell(i)))
    }

    /// Whether the last [`Field::reach_tiles`] passed through the empty
    /// cell `i` (an empty start counts as passed).
    pub(crate) fn was_passed(&self, i: Cell) -> bool {
        match &self.bits {
            Some(bits) => bits.was_passed(i.0),
            None => self.reported[i.0] == self.stamp && self.is_empty(i),
        }
    }

    /// As [`Field::reach`], stopping as soon as `visit` says so (and then
    /// answering [`ControlFlow::Break`]).
    ///
    /// # Complexity
    /// O(rows·cols), as [`Field::reach`].
    pub(crate) fn reach_until(
        &mut self,
        start: Cell,
        max_turns: usize,
        mut visit: impl FnMut(Cell, bool) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let stamp = self.next_stamp();
        self.reported[start.0] = stamp;
        // Layer 0: straight runs along both axes from the start.
        let starts = [(start, Dir::Left), (start, Dir::Up)];
        self.layered::<false>(stamp, &starts, max_turns, |cell, is_tile, _| {
            visit(cell, is_tile)
        })
    }

    /// The one search under [`Field::reach_until`] (`DIRECTED` false) and
    /// [`Field::reach_directed_until`] (true), breadth first in layers by
    /// turns from the layer `starts`, each (cell, direction).
    ///
    /// Undirected, an entry stands for its axis: it runs in its direction,
    /// then the opposite one; a cell is entered once per axis and reported
    /// once (a tile once, by the first run that hits it), and a run turns
    /// across its axis where that axis has not been entered. Directed, an
    /// entry runs in its direction only; a cell is entered once per
    /// direction and reported at every entry (a tile at every hit), and a
    /// run turns into both directions across it where they have not been
    /// entered. Either way a run stops at a tile (a hit) or at a cell
    /// already entered the same way, and `visit(cell, is_tile, dir)` may
    /// stop the search.
    ///
    /// # Complexity
    /// O(rows·cols): every (cell, axis or direction) is entered at most
    /// once.
    fn layered<const DIRECTED: bool>(
        &mut self,
        stamp: u32,
        starts: &[(Cell, Dir)],
        max_turns: usize,
        mut visit: impl FnMut(Cell, bool, Dir) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let offsets = offsets(self.width);
        let cells = self.cells.grid().cells();
        let mut layer = std::mem::take(&mut self.layer);
        let mut next = std::mem::take(&mut self.next_layer);
        layer.clear();
        layer.extend_from_slice(starts);
        // A cell's marks: one per axis, or one per direction; a run's
        // mark among them.
        let marks = if DIRECTED { 4 } else { 2 };
        let mark = |dir: Dir| {
            if DIRECTED {
                dir.index()
            } else {
                usize::from(!is_horizontal(dir))
            }
        };
        let entered = if DIRECTED {
            &mut self.entered_directed
        } else {
            &mut self.entered
        };
        let reported = &mut self.reported;
        let mut flow = ControlFlow::Continue(());
        'layers: for turns in 0..=max_turns {
            next.clear();
            for &(Cell(from), first) in &layer {
                let both = [first, first.opposite()];
                for &dir in if DIRECTED { &both[..1] } else { &both[..] } {
                    let (step, own) = (offsets[dir.index()], mark(dir));
                    // Where a run in this direction may turn.
                    let across = across(dir);
                    let across = if DIRECTED { &across[..] } else { &across[..1] };
                    let mut i = from;
                    loop {
                        i = i.wrapping_add_signed(step);
                        let kind = cells[i];
                        if kind != 0 {
                            if kind != WALL && (DIRECTED || reported[i] != stamp) {
                                if !DIRECTED {
                                    reported[i] = stamp;
                                }
                                flow = visit(Cell(i), true, dir);
                                if flow.is_break() {
                                    break 'layers;
                                }
                            }
                            break;
                        }
                        let at = marks * i;
                        if entered[at + own] == stamp {
                            break;
                        }
                        entered[at + own] = stamp;
                        if DIRECTED || reported[i] != stamp {
                            if !DIRECTED {
                                reported[i] = stamp;
                            }
                            flow = visit(Cell(i), false, dir);
                            if flow.is_break() {
                                break 'layers;
                            }
                        }
                        if turns < max_turns {
                            for &turn in across {
                                if entered[at + mark(turn)] != stamp {
                                    next.push((Cell(i), turn));
                                }
                            }
                        }
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            std::mem::swap(&mut layer, &mut next);
        }
        self.layer = layer;
        self.next_layer = next;
        flow
    }

    /// A stamp no search has used since every mark was last cleared.
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.entered.fill(0);
            self.reported.fill(0);
            self.entered_directed.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// The neighbour of field cell `i` in direction `dir`.
    pub(crate) fn step(&self, Cell(i): Cell, dir: Dir) -> Cell {
        Cell(i.wrapping_add_signed(offsets(self.width)[dir.index()]))
    }

    /// Whether a path with at most `max_turns` turns from one of `starts`
    /// (a cell and the direction the path leaves it in, as
    /// [`Field::reach_directed_until`]) reaches one of `targets` (a cell,
    /// empty or a tile, and the directions of arrival allowed there, a
    /// [`dir_bit`] each). `hit(cell)` is called for the tiles the search ran
    /// into: for every one when it meets no target (a tile maybe more than
    /// once), for some when it does. On a field
    /// at most 64 cells wide this is `bit_rows`' word-parallel search.
    ///
    /// Answers, beside whether it met one, the work it did in steps (a
    /// start or target looked at, a cell reached, or a row swept a word at
    /// a time per turn), so that a caller can bound the work of many
    /// searches.
    ///
    /// # Complexity
    /// O(rows) word operations per turn on a narrow field, plus one step
    /// per tile reported; else O(rows·cols·log(targets)).
    pub(crate) fn meets_directed(
        &mut self,
        starts: &[(Cell, Dir)],
        targets: &mut [(Cell, u8)],
        max_turns: usize,
        mut hit: impl FnMut(Cell),
    ) -> (bool, usize) {
        let mut steps = starts.len() + targets.len();
        // Every start's first step runs into a tile or the frame (a tile
        // buried in its line, say): the answer is in those steps.
        let cells = self.cells.grid().cells();
        if starts
            .iter()
            .all(|&(from, dir)| cells[self.step(from, dir).0] != 0)
        {
            for &(from, dir) in starts {
                let i = self.step(from, dir);
                if targets
                    .iter()
                    .any(|&(cell, arrivals)| cell == i && arrivals & dir_bit(dir) != 0)
                {
                    return (true, steps);
                }
                if cells[i.0] != WALL {
                    hit(i);
                }
            }
            return (false, steps);
        }
        if let Some(bits) = &mut self.bits {
            // A sweep of the rows a turn, the turns counted at most
            // rows + width (any limit, even usize::MAX, without overflow).
            let rows = self.cells.grid().rows();
            let turns = max_turns.min(rows + self.width) + 1;
            steps += rows * turns;
            let met = bits.meets(starts, targets, max_turns, |i| {
                steps += 1;
                hit(Cell(i));
            });
            return (met, steps);
        }
        targets.sort_unstable_by_key(|&(cell, _)| cell);
        let met = self
            .reach_directed_until(starts, max_turns, |cell, is_tile, dir| {
                steps += 1;
                let first = targets.partition_point(|&(c, _)| c < cell);
                let allowed = targets[first..]
                    .iter()
                    .take_while(|&&(c, _)| c == cell)
                    .any(|&(_, arrivals)| arrivals & dir_bit(dir) != 0);
                if allowed {
                    return ControlFlow::Break(());
                }
                if is_tile {
                    hit(cell);
                }
                ControlFlow::Continue(())
            })
            .is_break();
        (met, steps)
    }

    /// Where paths with at most `max_turns` turns can go from several
    /// starts, each a cell and the direction the path leaves it in: calls `visit(cell, is_tile, dir)` for every
    /// cell such a path reaches, empty or a tile it ends on, with the
    /// direction it arrives in, until `visit` breaks. A cell can be
    /// reported once per direction of arrival (a tile once per run that
    /// hits it), so a caller may accept arrivals from some sides only;
    /// [`Field::reach`] reports each cell once, whatever the side.
    ///
    /// # Complexity
    /// O(rows·cols): every (cell, direction) is entered at most once.
    pub(crate) fn reach_directed_until(
        &mut self,
        starts: &[(Cell, Dir)],
        max_turns: usize,
        visit: impl FnMut(Cell, bool, Dir) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.entered_directed.is_empty() {
            self.entered_directed = vec![0; 4 * self.len()];
        }
        let stamp = self.next_stamp();
        self.layered::<true>(stamp, starts, max_turns, visit)
    }
}

#[cfg(test)]
mod tests;
