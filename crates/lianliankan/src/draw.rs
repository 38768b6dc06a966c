//! Text pictures of a board with a path, for the `--draw` flag and for
//! anyone who wants to see what a query did.

use grid_core::{Frame, Path, Point, Pos};

use crate::engine::Slide;
use crate::query::Board;
use crate::rules::Border;

/// The widest board [`draw`] draws, in columns.
pub const MAX_DRAW_COLS: usize = 60;

/// Line characters for [`draw`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// Box-drawing characters: `─ │ ┌ ┐ └ ┘`.
    #[default]
    Unicode,
    /// Plain ASCII: `- | +`.
    Ascii,
}

/// Draws `board` with the two queried tiles in brackets and, if given, the
/// path between them. Empty cells are `.`; with [`Border::Open`] the ring
/// around the board is drawn too (blank unless the path runs there). Each
/// line ends in `\n`, without trailing spaces.
///
/// Boards wider than [`MAX_DRAW_COLS`] are not drawn; the text says so.
///
/// ```
/// use lianliankan::{Board, Border, Pos, Rules, connect};
/// use lianliankan::draw::{Style, draw};
/// let board = Board::from_rows(&[[1, 0, 2], [2, 0, 1]]).unwrap();
/// let (a, b) = (Pos::new(0, 0), Pos::new(1, 2));
/// let path = connect(&board, a, b, &Rules::default()).unwrap().unwrap();
/// let picture = draw(&board, (a, b), Some(&path), Border::Closed, Style::Unicode);
/// assert_eq!(picture, "[1]─┐  2\n 2  └─[1]\n");
/// ```
///
/// # Complexity
/// O(rows·cols + path length).
#[must_use]
pub fn draw(
    board: &Board,
    ends: (Pos, Pos),
    path: Option<&Path>,
    border: Border,
    style: Style,
) -> String {
    let mut marked = [ends.0, ends.1];
    marked.sort_unstable();
    picture(board, &marked, path, border, style)
}

/// Draws `board` as it is after gravity acted, the tiles that moved
/// (`moved`, as [`crate::Step::Removed`] records them) in brackets on the
/// cells they moved to.
///
/// ```
/// use lianliankan::{Board, Game, Gravity, Pos, Rules, Step};
/// use lianliankan::draw::{Style, settled};
/// let board = Board::from_rows(&[[1, 2], [2, 0], [1, 0]]).unwrap();
/// let rules = Rules::judge().with_gravity(Gravity::Down);
/// let mut game = Game::new(board, rules.clone());
/// game.remove(Pos::new(0, 1), Pos::new(1, 0)).unwrap();
/// let Some(Step::Removed { moved, .. }) = game.history().last() else { panic!() };
/// let picture = settled(game.board(), moved, rules.border(), Style::Ascii);
/// assert_eq!(picture, " .  .\n[1] .\n 1  .\n");
/// ```
///
/// # Complexity
/// O(rows·cols + moved tiles).
#[must_use]
pub fn settled(board: &Board, moved: &[Slide], border: Border, style: Style) -> String {
    let mut marked: Vec<Pos> = moved.iter().map(|slide| slide.to).collect();
    marked.sort_unstable();
    picture(board, &marked, None, border, style)
}

/// The picture of `board` with the tiles on `marked` (sorted) in brackets
/// and `path` drawn.
fn picture(
    board: &Board,
    marked: &[Pos],
    path: Option<&Path>,
    border: Border,
    style: Style,
) -> String {
    if board.cols() > MAX_DRAW_COLS {
        return format!(
            "(board too large to draw: {} columns, the limit is {MAX_DRAW_COLS})\n",
            board.cols()
        );
    }
    let width = board
        .tiles()
        .map(|(_, k)| k.to_string().len())
        .max()
        .unwrap_or(1);
    // The drawn cells: the board, and its ring for the open border.
    let frame = Frame::new(
        board.rows(),
        board.cols(),
        usize::from(border == Border::Open),
    );
    let ring = frame.pad() as isize;
    let (rows, cols) = (board.rows() as isize, board.cols() as isize);
    // Which neighbours each drawn cell's path connects to: up, right, down, left.
    let slot = |p: Point| {
        let outer = frame
            .outer_of(p)
            .expect("paths stay inside the drawn cells");
        outer.row * frame.outer_cols() + outer.col
    };
    let mut links = vec![[false; 4]; frame.outer_rows() * frame.outer_cols()];
    if let Some(path) = path {
        let cells: Vec<Point> = path.cells().collect();
        for pair in cells.windows(2) {
            let (p, q) = (pair[0], pair[1]);
            let dir = match (q.row - p.row, q.col - p.col) {
                (-1, 0) => 0,
                (0, 1) => 1,
                (1, 0) => 2,
                _ => 3,
            };
            links[slot(p)][dir] = true;
            links[slot(q)][(dir + 2) % 4] = true;
        }
    }
    let (h, v) = match style {
        Style::Unicode => ('─', '│'),
        Style::Ascii => ('-', '|'),
    };
    let corner = |l: [bool; 4]| match (style, l) {
        (_, [true, false, true, false]) => v,
        (_, [false, true, false, true]) => h,
        (Style::Ascii, _) => '+',
        (Style::Unicode, [false, true, true, false]) => '┌',
        (Style::Unicode, [false, false, true, true]) => '┐',
        (Style::Unicode, [true, true, false, false]) => '└',
        (Style::Unicode, [true, false, false, true]) => '┘',
        (Style::Unicode, _) => '┼',
    };
    let mut out = String::new();
    for r in -ring..rows + ring {
        let mut line = String::new();
        for c in -ring..cols + ring {
            let p = Point { row: r, col: c };
            let on_board = (0..rows).contains(&r) && (0..cols).contains(&c);
            let pos = Pos::new(r.max(0) as usize, c.max(0) as usize);
            let kind = if on_board {
                board.kind(pos).unwrap_or(0)
            } else {
                0
            };
            let l = links[slot(p)];
            let is_end = on_board && marked.binary_search(&pos).is_ok();
            let right_pad = if l[1] { h } else { ' ' };
            if is_end {
                line.push('[');
                line.push_str(&format!("{kind:>width$}"));
                line.push(']');
            } else if l.iter().any(|&x| x) {
                let left = if l[3] { h } else { ' ' };
                line.push(left);
                line.extend(std::iter::repeat_n(left, width - 1));
                line.push(corner(l));
                line.push(right_pad);
            } else if kind != 0 {
                line.push_str(&format!(" {kind:>width$} "));
            } else {
                line.push(' ');
                line.extend(std::iter::repeat_n(' ', width - 1));
                line.push(if on_board { '.' } else { ' ' });
                line.push(' ');
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
