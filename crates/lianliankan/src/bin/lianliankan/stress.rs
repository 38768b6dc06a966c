//! `lianliankan stress`: what HDU 1175 brings to `grid_cli::stress` — the
//! generator, the shrinking steps and the explanation of an answer.
//!
//! The generator is weighted toward the traps of this problem: boards with
//! walls where a later arrival with fewer turns matters (the searches that
//! remember "visited" per cell get these wrong), paths along the edges (a
//! full interior), the same cell twice, empty cells, different kinds, kinds
//! larger than a byte, several boards in one input, and numbers laid out
//! across lines in other ways than one row per line (the format lets any
//! white space separate them). Every input is within the judge's promises:
//! 1 to 1000 rows, 1 to 999 columns, 1 to 49 queries per board, every
//! query on the board, and `0 0` at the end.

use std::fmt::Write as _;
use std::io::Write as _;

use grid_cli::stress::{MAX_SIZE, Puzzle, chunks, fewer};
use grid_core::SplitMix64;
use lianliankan::Path;
use lianliankan::draw::{Style, draw};
use lianliankan::format::write_board;
use lianliankan::judge::{self, Options};
use lianliankan::{Board, Border, Grid, JudgeError, Pos, Rules, connect, reference};

/// The judge's promises (HDU 1175): rows, columns, queries per board.
const MAX_ROWS: usize = 1000;
const MAX_COLS: usize = 999;
const MAX_QUERIES: usize = 49;

/// The HDU 1175 side of `lianliankan stress`.
#[derive(Debug)]
pub struct Lianliankan;

/// One input: boards with their queries, and how the numbers are laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    boards: Vec<BoardCase>,
    layout: Layout,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct BoardCase {
    /// 0 = empty.
    kinds: Grid<u32>,
    /// Two cells each, 0-based; at least one, at most [`MAX_QUERIES`].
    queries: Vec<(Pos, Pos)>,
}

/// How the numbers are separated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// A header line, one line per row, the query count, one line per
    /// query, `0 0`: as the judge's data has it.
    Rows,
    /// Random white space (spaces, tabs, line breaks) between numbers, from
    /// this seed: the format gives line breaks no meaning.
    Scattered(u64),
}

impl Puzzle for Lianliankan {
    type Case = Case;

    fn generate(&self, seed: u64, size: u32) -> Case {
        let mut rng = SplitMix64::new(seed);
        let boards = if rng.percent(70) { 1 } else { rng.range(2, 4) };
        let layout = if rng.percent(5) {
            Layout::Scattered(rng.next_u64())
        } else {
            Layout::Rows
        };
        Case {
            boards: (0..boards)
                .map(|_| generate_board(&mut rng, size))
                .collect(),
            layout,
        }
    }

    fn input(&self, case: &Case) -> Vec<u8> {
        let mut rows = Vec::new();
        for board in &case.boards {
            // Writing to a Vec cannot fail.
            let _ = write_board(&mut rows, &board.kinds);
            let _ = writeln!(rows, "{}", board.queries.len());
            for (a, b) in &board.queries {
                let _ = writeln!(
                    rows,
                    "{} {} {} {}",
                    a.row + 1,
                    a.col + 1,
                    b.row + 1,
                    b.col + 1
                );
            }
        }
        rows.extend_from_slice(b"0 0\n");
        match case.layout {
            Layout::Rows => rows,
            Layout::Scattered(seed) => scatter(&rows, seed),
        }
    }

    fn expected(&self, input: &[u8]) -> Result<Vec<u8>, JudgeError> {
        let mut out = Vec::new();
        judge::run(input, &Options::default(), &mut out)?;
        Ok(out)
    }

    fn shrink<'a>(&'a self, case: &'a Case) -> Box<dyn Iterator<Item = Case> + 'a> {
        let boards = case.boards.len();
        // Fewer boards: one alone, then one removed.
        let fewer_boards = fewer(&case.boards).map(move |boards| Case {
            boards,
            ..case.clone()
        });
        // Fewer queries: one alone, then one removed.
        let queries = (0..boards).flat_map(move |b| {
            fewer(&case.boards[b].queries).map(move |queries| {
                let mut smaller = case.clone();
                smaller.boards[b].queries = queries;
                smaller
            })
        });
        let plain = (case.layout != Layout::Rows).then(|| Case {
            layout: Layout::Rows,
            ..case.clone()
        });
        // Fewer rows and columns, fewer tiles, fewer and smaller kinds.
        let cells = (0..boards).flat_map(move |b| {
            let rows = chunks(case.boards[b].kinds.rows()).filter_map(move |range| {
                with_board(case, b, |board| board.without_rows(range.clone()))
            });
            let cols = chunks(case.boards[b].kinds.cols()).filter_map(move |range| {
                with_board(case, b, |board| board.without_cols(range.clone()))
            });
            let clearable = case.boards[b].clearable();
            let tiles = chunks(clearable.len()).filter_map(move |range| {
                let cleared = clearable[range].to_vec();
                with_board(case, b, move |board| Some(board.cleared(&cleared)))
            });
            let kinds = case.boards[b]
                .simpler_kinds()
                .into_iter()
                .filter_map(move |kinds| {
                    with_board(case, b, move |board| {
                        Some(BoardCase {
                            kinds,
                            ..board.clone()
                        })
                    })
                });
            rows.chain(cols).chain(tiles).chain(kinds)
        });
        Box::new(fewer_boards.chain(queries).chain(plain).chain(cells))
    }

    fn explain(&self, case: &Case, line: usize) -> String {
        let mut at = line;
        for (b, board) in case.boards.iter().enumerate() {
            if at < board.queries.len() {
                let header = if case.boards.len() > 1 {
                    format!("board {}, ", b + 1)
                } else {
                    String::new()
                };
                return explain_query(board, at, &format!("{header}query {}", at + 1));
            }
            at -= board.queries.len();
        }
        let total: usize = case.boards.iter().map(|b| b.queries.len()).sum();
        format!(
            "The input has {total} queries, and the answer is one line per query, `YES` or `NO`.\n"
        )
    }
}

/// `case` with board `b` replaced by what `change` makes of it, if it makes
/// one.
fn with_board(
    case: &Case,
    b: usize,
    change: impl FnOnce(&BoardCase) -> Option<BoardCase>,
) -> Option<Case> {
    let board = change(&case.boards[b])?;
    let mut smaller = case.clone();
    smaller.boards[b] = board;
    Some(smaller)
}

impl BoardCase {
    /// Without the rows in `range`, the queries on them dropped; `None` if
    /// no row or no query would be left.
    fn without_rows(&self, range: std::ops::Range<usize>) -> Option<BoardCase> {
        let (rows, cols) = (self.kinds.rows(), self.kinds.cols());
        let kept: Vec<usize> = (0..rows).filter(|r| !range.contains(r)).collect();
        let mut kinds = Grid::new(kept.len(), cols, 0);
        for (new, &old) in kept.iter().enumerate() {
            for col in 0..cols {
                kinds[Pos::new(new, col)] = self.kinds[Pos::new(old, col)];
            }
        }
        let moved = |p: Pos| {
            kept.iter()
                .position(|&r| r == p.row)
                .map(|row| Pos::new(row, p.col))
        };
        self.rebuilt(kinds, moved)
    }

    /// Without the columns in `range`, as [`BoardCase::without_rows`].
    fn without_cols(&self, range: std::ops::Range<usize>) -> Option<BoardCase> {
        let (rows, cols) = (self.kinds.rows(), self.kinds.cols());
        let kept: Vec<usize> = (0..cols).filter(|c| !range.contains(c)).collect();
        let mut kinds = Grid::new(rows, kept.len(), 0);
        for row in 0..rows {
            for (new, &old) in kept.iter().enumerate() {
                kinds[Pos::new(row, new)] = self.kinds[Pos::new(row, old)];
            }
        }
        let moved = |p: Pos| {
            kept.iter()
                .position(|&c| c == p.col)
                .map(|col| Pos::new(p.row, col))
        };
        self.rebuilt(kinds, moved)
    }

    /// The board `kinds` with the queries that `moved` keeps.
    fn rebuilt(&self, kinds: Grid<u32>, moved: impl Fn(Pos) -> Option<Pos>) -> Option<BoardCase> {
        if kinds.rows() == 0 || kinds.cols() == 0 {
            return None;
        }
        let queries: Vec<(Pos, Pos)> = self
            .queries
            .iter()
            .filter_map(|&(a, b)| Some((moved(a)?, moved(b)?)))
            .collect();
        (!queries.is_empty()).then_some(BoardCase { kinds, queries })
    }

    /// The tiles that no query names, in row-major order.
    fn clearable(&self) -> Vec<Pos> {
        self.kinds
            .positions()
            .filter(|&p| self.kinds[p] != 0)
            .filter(|&p| !self.queries.iter().any(|&(a, b)| a == p || b == p))
            .collect()
    }

    fn cleared(&self, cells: &[Pos]) -> BoardCase {
        let mut board = self.clone();
        for &p in cells {
            board.kinds[p] = 0;
        }
        board
    }

    /// Boards with fewer or smaller kinds: the kinds renumbered 1, 2, ... in
    /// order of first appearance, then each kind merged into each smaller
    /// one.
    fn simpler_kinds(&self) -> Vec<Grid<u32>> {
        let mut seen: Vec<u32> = Vec::new();
        for &k in self.kinds.cells() {
            if k != 0 && !seen.contains(&k) {
                seen.push(k);
            }
        }
        let mut out = Vec::new();
        let renumbered = self.relabel(|k| {
            seen.iter()
                .position(|&s| s == k)
                .map_or(0, |i| i as u32 + 1)
        });
        if renumbered != self.kinds {
            out.push(renumbered);
        }
        let mut sorted = seen.clone();
        sorted.sort_unstable();
        for (i, &big) in sorted.iter().enumerate() {
            for &small in &sorted[..i] {
                out.push(self.relabel(|k| if k == big { small } else { k }));
            }
        }
        out
    }

    fn relabel(&self, f: impl Fn(u32) -> u32) -> Grid<u32> {
        let mut kinds = self.kinds.clone();
        for k in kinds.cells_mut() {
            if *k != 0 {
                *k = f(*k);
            }
        }
        kinds
    }
}

/// One board and its queries, of about `size`.
fn generate_board(rng: &mut SplitMix64, size: u32) -> BoardCase {
    // Sides up to 3 at size 0, up to 40 at the largest size; now and then
    // a thin board, and rarely (large sizes only) one at the judge's limit.
    let side = 3 + (size as usize * 37) / MAX_SIZE as usize;
    let (rows, cols) = match rng.below(100) {
        0 if size >= MAX_SIZE * 9 / 10 => (rng.range(900, MAX_ROWS), rng.range(900, MAX_COLS)),
        1..=7 => (1, rng.range(1, side * 2)),
        8..=14 => (rng.range(1, side * 2), 1),
        _ => (rng.range(1, side), rng.range(1, side)),
    };
    let kinds_used = match rng.below(10) {
        0..=4 => rng.range(1, 2),
        5..=8 => rng.range(3, 6),
        _ => rng.range(7, 30),
    } as u32;
    // Kinds beyond a byte now and then (solutions that store them in a
    // `char` get these wrong).
    let offset = if rng.percent(4) {
        1000 + rng.below(1_000_000) as u32
    } else {
        0
    };
    let kind = |rng: &mut SplitMix64| offset + 1 + rng.below(kinds_used as usize) as u32;
    let mut kinds = Grid::new(rows, cols, 0);
    match rng.below(100) {
        // Random walls and tiles at some density.
        0..=49 => {
            let density = rng.range(10, 80) as u32;
            for p in all(rows, cols) {
                if rng.percent(density) {
                    kinds[p] = kind(rng);
                }
            }
        }
        // A full interior and sparse edges: paths along the border.
        50..=64 => {
            for p in all(rows, cols) {
                let edge = p.row == 0 || p.col == 0 || p.row + 1 == rows || p.col + 1 == cols;
                if rng.percent(if edge { 25 } else { 92 }) {
                    kinds[p] = kind(rng);
                }
            }
        }
        // Few tiles: long paths with many ways to turn.
        65..=79 => {
            let density = rng.range(3, 20) as u32;
            for p in all(rows, cols) {
                if rng.percent(density) {
                    kinds[p] = kind(rng);
                }
            }
        }
        // Walls of one kind in rows or columns with gaps, tiles of other
        // kinds in between: several routes of different turns reach the
        // same cells, the trap of "visited" per cell.
        _ => {
            let wall = offset + 1;
            let horizontal = rng.percent(50);
            for p in all(rows, cols) {
                let line = if horizontal { p.row } else { p.col };
                if line % 2 == 1 && rng.percent(70) {
                    kinds[p] = wall;
                } else if rng.percent(15) {
                    kinds[p] = offset + 1 + rng.range(1, kinds_used as usize) as u32;
                }
            }
        }
    }
    let count = match rng.below(10) {
        0..=5 => rng.range(1, 6),
        6..=8 => rng.range(7, 20),
        _ => rng.range(21, MAX_QUERIES),
    };
    let tiles: Vec<Pos> = kinds.positions().filter(|&p| kinds[p] != 0).collect();
    let empty: Vec<Pos> = kinds.positions().filter(|&p| kinds[p] == 0).collect();
    let queries = (0..count)
        .map(|_| query(rng, &kinds, &tiles, &empty))
        .collect();
    BoardCase { kinds, queries }
}

/// One query: mostly two tiles of one kind; also the same cell twice, an
/// empty cell, different kinds, and any two cells.
/// `tiles` and `empty` are the board's tiles and empty cells.
fn query(rng: &mut SplitMix64, kinds: &Grid<u32>, tiles: &[Pos], empty: &[Pos]) -> (Pos, Pos) {
    let (rows, cols) = (kinds.rows(), kinds.cols());
    let any = |rng: &mut SplitMix64| Pos::new(rng.below(rows), rng.below(cols));
    let pick = |rng: &mut SplitMix64, from: &[Pos]| from.get(rng.below(from.len().max(1))).copied();
    let roll = rng.below(100);
    let chosen = match roll {
        0..=59 => {
            // Two tiles of the kind of a random tile, if it has a second.
            pick(rng, tiles).and_then(|a| {
                let same: Vec<Pos> = tiles
                    .iter()
                    .copied()
                    .filter(|&p| p != a && kinds[p] == kinds[a])
                    .collect();
                pick(rng, &same).map(|b| (a, b))
            })
        }
        60..=67 => {
            let a = pick(rng, tiles).unwrap_or_else(|| any(rng));
            Some((a, a))
        }
        68..=77 => pick(rng, empty).map(|e| {
            let other = pick(rng, tiles).unwrap_or_else(|| any(rng));
            if rng.percent(50) {
                (e, other)
            } else {
                (other, e)
            }
        }),
        78..=87 => pick(rng, tiles).and_then(|a| {
            let other: Vec<Pos> = tiles
                .iter()
                .copied()
                .filter(|&p| kinds[p] != kinds[a])
                .collect();
            pick(rng, &other).map(|b| (a, b))
        }),
        _ => None,
    };
    chosen.unwrap_or_else(|| (any(rng), any(rng)))
}

fn all(rows: usize, cols: usize) -> impl Iterator<Item = Pos> {
    (0..rows).flat_map(move |r| (0..cols).map(move |c| Pos::new(r, c)))
}

/// The same numbers as `text`, separated by random white space from `seed`.
fn scatter(text: &[u8], seed: u64) -> Vec<u8> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::with_capacity(text.len() * 2);
    for (i, number) in text
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        if i > 0 {
            out.extend_from_slice(match rng.below(8) {
                0..=3 => b" ",
                4 => b"  ",
                5 => b"\t",
                6 => b"\n",
                _ => b" \r\n\n ",
            });
        }
        out.extend_from_slice(number);
    }
    out.push(b'\n');
    out
}

/// Why our answer to query `i` of `board` is right.
fn explain_query(board: &BoardCase, i: usize, name: &str) -> String {
    let (a, b) = board.queries[i];
    let judge = |p: Pos| format!("({},{})", p.row + 1, p.col + 1);
    let line = format!(
        "{name}, `{} {} {} {}`",
        a.row + 1,
        a.col + 1,
        b.row + 1,
        b.col + 1
    );
    let Ok(tiles) = Board::new(&board.kinds) else {
        return format!("{line}: the board has a kind above the largest allowed.\n");
    };
    let kind = |p: Pos| board.kinds[p];
    let rules = Rules::default();
    let picture = |path: Option<&Path>| draw(&tiles, (a, b), path, Border::Closed, Style::Unicode);
    let mut text = String::new();
    if let Ok(Some(path)) = connect(&tiles, a, b, &rules) {
        let _ = writeln!(
            text,
            "{line}: YES. Both cells hold kind {}, and this path through empty cells joins them with {} turn{} (at most 2 are allowed):",
            kind(a),
            path.turns(),
            if path.turns() == 1 { "" } else { "s" }
        );
        text.push_str(&picture(Some(&path)));
        return text;
    }
    let reason = if a == b {
        format!(
            "both ends are the same cell {}, and a tile is not matched with itself",
            judge(a)
        )
    } else if kind(a) == 0 || kind(b) == 0 {
        let empty: Vec<String> = [a, b]
            .into_iter()
            .filter(|&p| kind(p) == 0)
            .map(judge)
            .collect();
        format!(
            "{} {} empty",
            empty.join(" and "),
            if empty.len() == 1 { "is" } else { "are" }
        )
    } else if kind(a) != kind(b) {
        format!(
            "the kinds differ ({} at {}, {} at {})",
            kind(a),
            judge(a),
            kind(b),
            judge(b)
        )
    } else {
        // The fewest turns of any path, from the brute-force reference, and
        // one such path to show.
        let any = rules
            .clone()
            .with_turns(board.kinds.rows() * board.kinds.cols() + 2)
            .expect("the judge's rules have no slides");
        match reference::min_turns(&tiles, a, b, &any) {
            Some(turns) => {
                let shown = connect(&tiles, a, b, &any.with_turns(turns).expect("no slides"))
                    .ok()
                    .flatten();
                let _ = writeln!(
                    text,
                    "{line}: NO. Both cells hold kind {}, but every path through empty cells between them makes at least {turns} turns (at most 2 are allowed); one with {turns}:",
                    kind(a)
                );
                text.push_str(&picture(shown.as_ref()));
                return text;
            }
            None => format!(
                "both cells hold kind {}, but no path through empty cells joins them at all",
                kind(a)
            ),
        }
    };
    let _ = writeln!(text, "{line}: NO, because {reason}:");
    text.push_str(&picture(None));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Reader;
    use lianliankan::format::{read_board, read_query, read_query_count};

    /// Every promise of the judge, checked on the input text itself.
    fn within_promises(input: &[u8]) -> Result<(), String> {
        let mut reader = Reader::new(input);
        let mut boards = 0;
        while let Some(board) = read_board(&mut reader).map_err(|e| e.to_string())? {
            boards += 1;
            if board.rows() > MAX_ROWS || board.cols() > MAX_COLS {
                return Err(format!("{} x {} board", board.rows(), board.cols()));
            }
            let q = read_query_count(&mut reader).map_err(|e| e.to_string())? as usize;
            if !(1..=MAX_QUERIES).contains(&q) {
                return Err(format!("{q} queries"));
            }
            for _ in 0..q {
                read_query(&mut reader, (board.rows(), board.cols())).map_err(|e| e.to_string())?;
            }
        }
        let text = String::from_utf8_lossy(input);
        let last: Vec<&str> = text.split_ascii_whitespace().rev().take(2).collect();
        if boards == 0 || last != ["0", "0"] {
            return Err("no board, or no `0 0` at the end".into());
        }
        Ok(())
    }

    #[test]
    fn generated_cases_and_their_shrinks_keep_the_promises() {
        let puzzle = Lianliankan;
        for seed in 0..300u64 {
            let size = (seed % u64::from(MAX_SIZE + 1)) as u32 / 3;
            let case = puzzle.generate(seed, size);
            assert_eq!(case, puzzle.generate(seed, size));
            let input = puzzle.input(&case);
            within_promises(&input).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            puzzle.expected(&input).unwrap();
            for smaller in puzzle.shrink(&case).take(200) {
                let input = puzzle.input(&smaller);
                within_promises(&input).unwrap_or_else(|e| panic!("seed {seed}, shrunk: {e}"));
            }
        }
    }

    #[test]
    fn the_traps_are_generated() {
        let puzzle = Lianliankan;
        let (mut same_cell, mut empty, mut different, mut yes, mut scattered, mut big_kind) =
            (0, 0, 0, 0, 0, 0);
        for seed in 0..500u64 {
            let case = puzzle.generate(seed, 20);
            scattered += usize::from(case.layout != Layout::Rows);
            for board in &case.boards {
                big_kind += usize::from(board.kinds.cells().iter().any(|&k| k > 255));
                for &(a, b) in &board.queries {
                    let (ka, kb) = (board.kinds[a], board.kinds[b]);
                    same_cell += usize::from(a == b);
                    empty += usize::from(ka == 0 || kb == 0);
                    different += usize::from(ka != kb && ka != 0 && kb != 0);
                    yes += usize::from(a != b && ka == kb && ka != 0);
                }
            }
        }
        for (what, count) in [
            ("same cell", same_cell),
            ("empty", empty),
            ("different kinds", different),
            ("same kind", yes),
            ("scattered layout", scattered),
            ("kinds above 255", big_kind),
        ] {
            assert!(count >= 10, "{what}: {count}");
        }
    }

    #[test]
    fn explanations() {
        let board = BoardCase {
            kinds: Grid::from_vec(2, 3, vec![1, 0, 2, 2, 0, 1]).unwrap(),
            queries: vec![
                (Pos::new(0, 0), Pos::new(1, 2)),
                (Pos::new(0, 0), Pos::new(0, 0)),
            ],
        };
        let yes = explain_query(&board, 0, "query 1");
        assert!(
            yes.starts_with("query 1, `1 1 2 3`: YES. Both cells hold kind 1"),
            "{yes}"
        );
        assert!(yes.contains("[1]─┐  2\n 2  └─[1]\n"), "{yes}");
        let same = explain_query(&board, 1, "query 2");
        assert!(
            same.contains("NO, because both ends are the same cell (1,1)"),
            "{same}"
        );
        let walled = BoardCase {
            kinds: Grid::from_vec(1, 3, vec![1, 2, 1]).unwrap(),
            queries: vec![(Pos::new(0, 0), Pos::new(0, 2))],
        };
        let none = explain_query(&walled, 0, "query 1");
        assert!(
            none.contains("no path through empty cells joins them at all"),
            "{none}"
        );
        let case = Case {
            boards: vec![board],
            layout: Layout::Rows,
        };
        assert!(Lianliankan.explain(&case, 5).contains("2 queries"));
    }

    #[test]
    fn scattered_input_reads_the_same() {
        let puzzle = Lianliankan;
        let mut case = puzzle.generate(3, 10);
        case.layout = Layout::Rows;
        let plain = puzzle.expected(&puzzle.input(&case)).unwrap();
        case.layout = Layout::Scattered(9);
        assert_eq!(puzzle.expected(&puzzle.input(&case)).unwrap(), plain);
    }
}
