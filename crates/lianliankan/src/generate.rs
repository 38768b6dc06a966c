//! Boards that can be cleared, by construction, with the removal order that
//! proves it.
//!
//! The board is built backwards from empty: pairs are placed one at a time
//! on two empty cells that a path (within the rules) joins *on the board as
//! it is at that moment*. Playing the placements in reverse clears the
//! board: when pair i is removed, the pairs placed after it are gone
//! already, so the board holds exactly the tiles that were there when pair
//! i was placed, plus pair i, and the path found then is still free.
//!
//! To avoid dead ends: a path never leaves the region of empty cells its
//! ends touch, so a partner is only chosen if afterwards every region of
//! empty cells holds an even number of board cells (one odd region is
//! allowed when the cell count is odd); and each pair starts at a most
//! constrained empty cell (fewest empty neighbours, ties broken at random).
//! If a placement still gets stuck (the turn limit can separate cells of
//! one region), the attempt starts over from the next random
//! numbers; the result is a function of the seed alone.

use std::fmt;

use grid_core::{Grid, SplitMix64};

use crate::reach::Field;
use crate::{Board, MAX_KIND, Move, Rules};

/// A generated board and a removal order that clears it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The board.
    pub board: Board,
    /// A removal order that clears the board under the rules it was made for.
    pub certificate: Vec<Move>,
}

/// Why [`generate`] made no board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// Fewer than two cells.
    TooSmall,
    /// `kinds` is 0, above [`MAX_KIND`], or above the number of pairs
    /// (`rows·cols / 2`), so some kind could not be used.
    Kinds {
        /// The kinds asked for.
        kinds: u32,
        /// The number of pairs the board holds.
        pairs: usize,
    },
    /// Every attempt got stuck (possible with very tight rules, such as no
    /// turns on a closed border).
    Stuck {
        /// The attempts made.
        attempts: usize,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::TooSmall => f.write_str("a board needs at least two cells"),
            GenerateError::Kinds { kinds, pairs } => write!(
                f,
                "{kinds} kinds cannot be used on a board of {pairs} pairs (1 to {} allowed)",
                (*pairs).min(MAX_KIND as usize)
            ),
            GenerateError::Stuck { attempts } => {
                write!(f, "no board found in {attempts} attempts under these rules")
            }
        }
    }
}

impl std::error::Error for GenerateError {}

/// Attempts before [`generate`] gives up.
pub const ATTEMPTS: usize = 64;

/// A board of `rows × cols` that can be cleared under `rules`, with
/// `rows·cols / 2` pairs (every cell is a tile, but one when the cell count
/// is odd) of `kinds` kinds, each kind used for `pairs / kinds` or one more
/// pairs; and a removal order (`certificate`) that clears it. The same
/// arguments give the same board.
///
/// ```
/// use lianliankan::{Game, Rules, generate};
/// let made = generate(4, 6, 5, 7, &Rules::default()).unwrap();
/// assert_eq!(made.board.tile_count(), 24);
/// let mut game = Game::new(made.board, Rules::default());
/// for pair in &made.certificate {
///     game.remove(pair.a, pair.b).unwrap();
/// }
/// assert!(game.is_cleared());
/// ```
///
/// # Errors
/// [`GenerateError`] for fewer than two cells, a kind count that does not
/// fit, or (only under very tight rules) when every attempt got stuck.
///
/// # Complexity
/// O((rows·cols)²) per attempt: one reach search per pair; at most
/// [`ATTEMPTS`] attempts.
pub fn generate(
    rows: usize,
    cols: usize,
    kinds: u32,
    seed: u64,
    rules: &Rules,
) -> Result<Generated, GenerateError> {
    let cells = rows.checked_mul(cols).ok_or(GenerateError::TooSmall)?;
    if cells < 2 {
        return Err(GenerateError::TooSmall);
    }
    let pairs = cells / 2;
    if kinds == 0 || kinds > MAX_KIND || kinds as usize > pairs {
        return Err(GenerateError::Kinds { kinds, pairs });
    }
    let empty = Board::new(&Grid::new(rows, cols, 0)).expect("kinds are 0");
    let mut rng = SplitMix64::new(seed);
    let mut plan: Vec<u32> = (0..pairs).map(|i| i as u32 % kinds + 1).collect();
    rng.shuffle(&mut plan);
    for _ in 0..ATTEMPTS {
        let mut field = Field::new(&empty, rules.border);
        if let Some(placed) = place_all(&mut field, &empty, &plan, rules, &mut rng) {
            let mut board = empty;
            let mut certificate = Vec::with_capacity(pairs);
            for (pair, kind) in placed.into_iter().rev() {
                board.set(pair.a, kind);
                board.set(pair.b, kind);
                certificate.push(pair);
            }
            return Ok(Generated { board, certificate });
        }
    }
    Err(GenerateError::Stuck { attempts: ATTEMPTS })
}

/// Places the pairs of `plan` (one kind per pair, in placement order) on
/// the empty `field`, or `None` when stuck.
fn place_all(
    field: &mut Field,
    board: &Board,
    plan: &[u32],
    rules: &Rules,
    rng: &mut SplitMix64,
) -> Option<Vec<(Move, u32)>> {
    let mut free: Vec<usize> = (0..board.rows())
        .flat_map(|r| (0..board.cols()).map(move |c| grid_core::Pos::new(r, c)))
        .map(|p| field.index(p))
        .collect();
    let mut placed = Vec::with_capacity(plan.len());
    let mut candidates = Vec::new();
    let mut regions = Regions::default();
    let odd_allowed = usize::from(free.len() % 2 == 1);
    for &kind in plan {
        // The empty board cells, most constrained first, ties at random.
        rng.shuffle(&mut free);
        free.sort_by_key(|&i| empty_neighbours(field, i));
        let mut done = false;
        for &p in &free {
            field.set(p, kind);
            candidates.clear();
            field.reach(p, rules.max_turns, |cell, is_tile| {
                if !is_tile {
                    candidates.push(cell);
                }
            });
            // Only board cells can hold tiles (not the open border's ring).
            candidates.retain(|&c| field.is_board(c));
            if candidates.is_empty() {
                field.set(p, 0);
                continue;
            }
            // A partner that leaves every region of empty cells with an
            // even number of board cells (a path never leaves its region).
            rng.shuffle(&mut candidates);
            let Some(q) = candidates.iter().copied().find(|&q| {
                field.set(q, kind);
                let ok = regions.balanced(field, odd_allowed);
                field.set(q, 0);
                ok
            }) else {
                field.set(p, 0);
                continue;
            };
            field.set(q, kind);
            placed.push((Move::new(field.pos(p), field.pos(q)), kind));
            free.retain(|&c| c != p && c != q);
            done = true;
            break;
        }
        if !done {
            return None;
        }
    }
    Some(placed)
}

/// The number of empty cells next to field cell `i`.
fn empty_neighbours(field: &Field, i: usize) -> usize {
    field
        .neighbours(i)
        .into_iter()
        .filter(|&n| field.is_empty(n))
        .count()
}

/// Flood fill over the empty cells, to count the board cells of each region.
#[derive(Debug, Default)]
struct Regions {
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<usize>,
}

impl Regions {
    /// Whether at most `odd_allowed` regions of empty cells (board and ring
    /// cells joined by sides) hold an odd number of empty board cells.
    fn balanced(&mut self, field: &Field, odd_allowed: usize) -> bool {
        if self.seen.len() != field.len() {
            self.seen = vec![0; field.len()];
            self.stamp = 0;
        }
        self.stamp += 1;
        let mut odd = 0;
        for start in 0..field.len() {
            if !field.is_board(start) || !field.is_empty(start) || self.seen[start] == self.stamp {
                continue;
            }
            self.seen[start] = self.stamp;
            self.stack.push(start);
            let mut count = 0;
            while let Some(i) = self.stack.pop() {
                count += usize::from(field.is_board(i));
                for n in field.neighbours(i) {
                    if field.is_empty(n) && self.seen[n] != self.stamp {
                        self.seen[n] = self.stamp;
                        self.stack.push(n);
                    }
                }
            }
            odd += count % 2;
            if odd > odd_allowed {
                return false;
            }
        }
        true
    }
}
