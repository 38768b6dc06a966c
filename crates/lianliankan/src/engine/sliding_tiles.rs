//! KShisen's sliding tiles (docs/rules.md): the first tile of a pair, `a`, pushes
//! the run of tiles in front of it along its row or column to the corner
//! from which a straight empty segment reaches its partner `b`; then the
//! two go.
//!
//! - [`plan`]: whether a slide can be made on a board, and which tiles it
//!   moves from where to where (`a` first, then the run, nearest first);
//! - [`apply`]: the push made on a grid;
//! - [`slide_moves`]: every slide on a board;
//! - [`Route`] and [`SlideBlocked`], the public names of a slide's route
//!   and of why one cannot be made.
//!
//! It knows nothing of moves, games or rules: `moves`, `game` (which
//! checks a move) and `ways` stand on it.
//!
//! The rule, for `a` at `(ra, ca)` and `b` at `(rb, cb)` sharing neither a
//! row nor a column: route `row` pushes `a` toward the corner `(ra, cb)`,
//! route `column` toward `(rb, ca)`; `d` is the distance to the corner.
//! The cell next to `a` that way holds a tile; the *run* is it and the
//! tiles right after it, up to the first empty cell `e` (none: no slide);
//! the slide is possible when `d` is at most the number of empty cells
//! from `e` on, up to the next tile or the edge. `a` and the run then move
//! `d` cells as a block, and the corner and `b` must be joined by a
//! straight segment of empty cells. That segment lies off `a`'s line but
//! for the corner, so the push never changes it: it is checked on the
//! board before the push.

use std::fmt;

use grid_core::{Grid, Pos};

use super::settle::Slide;

/// Along which line a slide pushes its first tile `a`, at `(ra, ca)`,
/// toward its partner `b`, at `(rb, cb)` (docs/rules.md): [`Route::Row`] along
/// its row to the corner `(ra, cb)`, [`Route::Column`] along its column to
/// the corner `(rb, ca)`.
///
/// Named `row` and `column` in removal orders and (with the `serde`
/// feature) in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Route {
    /// Along the first tile's row.
    Row,
    /// Along the first tile's column.
    Column,
}

impl Route {
    /// Both routes, row first.
    pub const ALL: [Route; 2] = [Route::Row, Route::Column];

    /// The route's name: `row` or `column`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Route::Row => "row",
            Route::Column => "column",
        }
    }

    /// The corner a slide of the tile at `a` toward its partner at `b`
    /// pushes it to: `(a.row, b.col)` along the row, `(b.row, a.col)`
    /// along the column.
    #[must_use]
    pub fn corner(self, a: Pos, b: Pos) -> Pos {
        match self {
            Route::Row => Pos::new(a.row, b.col),
            Route::Column => Pos::new(b.row, a.col),
        }
    }
}

impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The step from `a` toward `corner` along one axis: (d row, d col), and
/// the distance.
fn heading(a: Pos, corner: Pos) -> ((isize, isize), usize) {
    let dr = (corner.row as isize - a.row as isize).signum();
    let dc = (corner.col as isize - a.col as isize).signum();
    (
        (dr, dc),
        a.row.abs_diff(corner.row) + a.col.abs_diff(corner.col),
    )
}

/// `p` moved `k` steps along `(dr, dc)`, if still on a `rows × cols`
/// board.
fn step(p: Pos, (dr, dc): (isize, isize), k: usize, rows: usize, cols: usize) -> Option<Pos> {
    let r = p.row as isize + dr * k as isize;
    let c = p.col as isize + dc * k as isize;
    (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
        .then(|| Pos::new(r as usize, c as usize))
}

/// The tiles the slide of the tile at `a` toward `b` along `route` moves,
/// `a` first, then the run nearest first, each from its cell to its cell
/// after the push; on a `rows × cols` board whose cell `p` holds
/// `kind(p)` (0 = empty). `a` and `b` must be on the board; their kinds
/// are not checked.
///
/// # Errors
/// [`SlideBlocked`]: why the slide cannot be made.
///
/// # Complexity
/// O(rows + cols).
pub(crate) fn plan(
    kind: impl Fn(Pos) -> u32,
    (rows, cols): (usize, usize),
    a: Pos,
    b: Pos,
    route: Route,
) -> Result<Vec<Slide>, SlideBlocked> {
    if a.row == b.row || a.col == b.col {
        return Err(SlideBlocked::Aligned);
    }
    let corner = route.corner(a, b);
    let (dir, d) = heading(a, corner);
    let at = |k: usize| step(a, dir, k, rows, cols);
    // The corner is on the board, d >= 1 cells away: so is the next cell.
    let next = at(1).expect("the corner is on the board");
    if kind(next) == 0 {
        return Err(SlideBlocked::NothingToPush);
    }
    let mut run = 1;
    let first_empty = loop {
        match at(run + 1) {
            None => return Err(SlideBlocked::RunAtEdge),
            Some(p) if kind(p) == 0 => break run + 1,
            Some(_) => run += 1,
        }
    };
    let mut free = 0;
    while at(first_empty + free).is_some_and(|p| kind(p) == 0) {
        free += 1;
        if free >= d {
            break;
        }
    }
    if d > free {
        return Err(SlideBlocked::TooFar);
    }
    // The segment strictly between the corner and b, off a's line.
    let (along, length) = heading(corner, b);
    if (1..length).any(|k| kind(step(corner, along, k, rows, cols).expect("between")) != 0) {
        return Err(SlideBlocked::SegmentBlocked);
    }
    Ok((0..=run)
        .map(|k| Slide {
            kind: kind(at(k).expect("on the board")),
            from: at(k).expect("on the board"),
            to: at(k + d).expect("within the free cells"),
        })
        .collect())
}

/// Makes the push `pushed` (as [`plan`] gives it) on `grid`.
pub(crate) fn apply(grid: &mut Grid<u32>, pushed: &[Slide]) {
    for s in pushed {
        grid[s.from] = 0;
    }
    for s in pushed {
        grid[s.to] = s.kind;
    }
}

/// Takes the push `pushed` back on `grid`.
#[cfg(test)]
fn unapply(grid: &mut Grid<u32>, pushed: &[Slide]) {
    for s in pushed {
        grid[s.to] = 0;
    }
    for s in pushed {
        grid[s.from] = s.kind;
    }
}

/// Calls `found(a, b, route)` for every slide on `kinds` (0 = empty; any
/// numbers standing for kinds or classes) whose two tiles `matches`: for each tile and
/// each of the four ways along its lines, the run in front of it and the
/// free cells after it, then for each distance the tile can go, the
/// nearest tile on either side of the corner across the line.
///
/// # Complexity
/// O(t·(rows + cols)²) at worst for t tiles; O(t) on a full board.
pub(crate) fn slide_moves(
    kinds: &Grid<u32>,
    matches: impl Fn(u32, u32) -> bool,
    mut found: impl FnMut(Pos, Pos, Route),
) {
    let (rows, cols) = (kinds.rows(), kinds.cols());
    let kind = |p: Option<Pos>| p.map_or(0, |p| kinds[p]);
    for a in kinds.positions() {
        let ka = kinds[a];
        if ka == 0 {
            continue;
        }
        for (dir, route, across) in [
            ((0, 1), Route::Row, [(1, 0), (-1, 0)]),
            ((0, -1), Route::Row, [(1, 0), (-1, 0)]),
            ((1, 0), Route::Column, [(0, 1), (0, -1)]),
            ((-1, 0), Route::Column, [(0, 1), (0, -1)]),
        ] {
            let at = |k: usize| step(a, dir, k, rows, cols);
            if kind(at(1)) == 0 {
                continue;
            }
            let mut run = 1;
            while kind(at(run + 1)) != 0 {
                run += 1;
            }
            if at(run + 1).is_none() {
                continue;
            }
            let mut d = 1;
            while at(run + d).is_some_and(|p| kinds[p] == 0) {
                let corner = at(d).expect("before the free cells");
                for way in across {
                    let mut k = 1;
                    while let Some(p) = step(corner, way, k, rows, cols) {
                        if kinds[p] != 0 {
                            if matches(ka, kinds[p]) {
                                found(a, p, route);
                            }
                            break;
                        }
                        k += 1;
                    }
                }
                d += 1;
            }
        }
    }
}

/// Why a slide cannot be made ([`RemoveError::NoSlide`](crate::RemoveError::NoSlide)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SlideBlocked {
    /// The two tiles share a row or a column (a plain pair, if anything).
    Aligned,
    /// The cell next to the first tile toward the corner is empty: there
    /// is nothing to push.
    NothingToPush,
    /// The run of tiles in front of the first tile reaches the board's
    /// edge.
    RunAtEdge,
    /// Fewer empty cells after the run than the distance to the corner.
    TooFar,
    /// The segment from the corner to the partner is not empty.
    SegmentBlocked,
}

impl fmt::Display for SlideBlocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SlideBlocked::Aligned => "the tiles share a row or a column",
            SlideBlocked::NothingToPush => "the cell next to the first tile is empty",
            SlideBlocked::RunAtEdge => "the tiles in front of the first tile reach the edge",
            SlideBlocked::TooFar => "too few empty cells to push the tiles to the corner",
            SlideBlocked::SegmentBlocked => "the corner and the partner are not joined",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::Board;

    fn grid(rows: &[&[u32]]) -> Grid<u32> {
        Board::from_rows(rows).unwrap().to_grid()
    }

    /// docs/rules.md's slide example, both routes.
    #[test]
    fn the_rules_docs_slide_example() {
        let before = grid(&[
            &[0, 0, 0, 0, 0, 0],
            &[1, 2, 3, 0, 0, 0],
            &[4, 0, 0, 0, 0, 0],
            &[0, 0, 0, 1, 0, 0],
        ]);
        let (a, b) = (Pos::new(1, 0), Pos::new(3, 3));
        let kind = |p: Pos| before[p];
        let pushed = plan(kind, (4, 6), a, b, Route::Row).unwrap();
        let mut after = before.clone();
        apply(&mut after, &pushed);
        assert_eq!(
            after,
            grid(&[
                &[0, 0, 0, 0, 0, 0],
                &[0, 0, 0, 1, 2, 3],
                &[4, 0, 0, 0, 0, 0],
                &[0, 0, 0, 1, 0, 0],
            ])
        );
        unapply(&mut after, &pushed);
        assert_eq!(after, before);
        // D is pushed down, but one empty cell is left below it.
        assert_eq!(
            plan(kind, (4, 6), a, b, Route::Column),
            Err(SlideBlocked::TooFar)
        );
        let g = grid(&[&[1, 0], &[0, 1]]);
        assert_eq!(
            plan(|p| g[p], (2, 2), Pos::new(0, 0), Pos::new(1, 1), Route::Row),
            Err(SlideBlocked::NothingToPush)
        );
        let mut found = Vec::new();
        slide_moves(
            &before,
            |x, y| x == y,
            |a, b, route| found.push((a, b, route)),
        );
        assert_eq!(found, [(a, b, Route::Row)]);
    }

    #[test]
    fn refusals() {
        let g = grid(&[&[1, 2, 3], &[0, 0, 1]]);
        let kind = |p: Pos| g[p];
        // The run 2 3 reaches the edge.
        assert_eq!(
            plan(kind, (2, 3), Pos::new(0, 0), Pos::new(1, 2), Route::Row),
            Err(SlideBlocked::RunAtEdge)
        );
        assert_eq!(
            plan(kind, (2, 3), Pos::new(0, 0), Pos::new(0, 2), Route::Row),
            Err(SlideBlocked::Aligned)
        );
        let g = grid(&[&[1, 2, 0, 5], &[0, 0, 0, 1]]);
        let kind = |p: Pos| g[p];
        // One empty cell after the run, the corner three cells away.
        assert_eq!(
            plan(kind, (2, 4), Pos::new(0, 0), Pos::new(1, 3), Route::Row),
            Err(SlideBlocked::TooFar)
        );
        let g = grid(&[&[1, 2, 0, 0], &[0, 0, 0, 5], &[0, 0, 0, 1]]);
        let kind = |p: Pos| g[p];
        assert_eq!(
            plan(kind, (3, 4), Pos::new(0, 0), Pos::new(2, 3), Route::Row),
            Err(SlideBlocked::TooFar)
        );
        assert_eq!(
            plan(kind, (3, 4), Pos::new(0, 0), Pos::new(2, 2), Route::Row).map(|p| p.len()),
            Ok(2)
        );
        let g = grid(&[&[1, 2, 0, 0, 0], &[0, 0, 0, 5, 0], &[0, 0, 0, 1, 0]]);
        let kind = |p: Pos| g[p];
        assert_eq!(
            plan(kind, (3, 5), Pos::new(0, 0), Pos::new(2, 3), Route::Row),
            Err(SlideBlocked::SegmentBlocked)
        );
    }
}
