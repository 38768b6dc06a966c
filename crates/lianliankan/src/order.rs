//! Removal orders: the moves of a whole game as text (`r1 c1 r2 c2` per
//! removal, 1-based, as `lianliankan solve` prints them, and `r1 c1 r2 c2
//! row|column` for a slide of the first tile under KShisen's sliding
//! tiles), read, written and replayed on a board under rules.
//!
//! An order keeps each pair as it is written, first tile first. A plain
//! [`Move`] does not: it is the unordered pair, smaller position first. The
//! order of the two tiles matters to a replay (which tile is reported off
//! the board or empty first) and, for a slide, to the move itself (only
//! the first tile slides). So the steps of an [`Order`] are [`Removal`]s.

use std::fmt;
use std::str::FromStr;

use grid_core::{InputError, Pos, Reader};

use crate::engine::{Game, Move, RemoveError, Route};
use crate::query::Board;
use crate::rules::Rules;

/// One step of a removal [`Order`]: which tiles to remove, as the order
/// names them, and for a slide the route of the first.
///
/// More kinds of step may be added: match with a `_` arm, or use
/// [`Removal::cells`], which every step has.
///
/// With the `serde` feature a plain pair is `{"a": [row, col], "b": [row,
/// col]}` (0-based), the form of a [`Move`] with the tiles as written; a
/// slide has `"route": "row"` or `"route": "column"` besides.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(untagged, deny_unknown_fields)
)]
pub enum Removal {
    /// Slide the tile at `a` along `route` toward its partner at `b`
    /// ([`Move::slide`]), remove the two, then let gravity act. (Listed
    /// first: an untagged form is read by the first variant that fits.)
    Slide {
        /// The tile that slides.
        a: Pos,
        /// Its partner.
        b: Pos,
        /// Along which of its lines `a` slides.
        route: Route,
    },
    /// Remove the tiles at `a` and `b` (0-based), joined by a path under
    /// the rules, then let gravity act.
    Pair {
        /// The first tile, as written.
        a: Pos,
        /// The second tile, as written.
        b: Pos,
    },
}

impl Removal {
    /// The plain removal of the tiles at `a` and `b`, in that order.
    #[must_use]
    pub fn pair(a: Pos, b: Pos) -> Removal {
        Removal::Pair { a, b }
    }

    /// The two cells the step names, first as written first: the tiles it
    /// removes, on the board as it is before the step.
    #[must_use]
    pub fn cells(self) -> (Pos, Pos) {
        match self {
            Removal::Pair { a, b } | Removal::Slide { a, b, .. } => (a, b),
        }
    }

    /// The route of a slide; `None` for a plain pair.
    #[must_use]
    pub fn route(self) -> Option<Route> {
        match self {
            Removal::Pair { .. } => None,
            Removal::Slide { route, .. } => Some(route),
        }
    }
}

impl From<Move> for Removal {
    /// The move's tiles in its order ([`Move::a`] first), and its route.
    fn from(pair: Move) -> Removal {
        match pair.route() {
            None => Removal::pair(pair.a(), pair.b()),
            Some(route) => Removal::Slide {
                a: pair.a(),
                b: pair.b(),
                route,
            },
        }
    }
}

impl fmt::Display for Removal {
    /// Judge coordinates (1-based), as written: `r1 c1 r2 c2`, then the
    /// route of a slide (`r1 c1 r2 c2 row`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.cells();
        // Saturating: a position read from text is at most usize::MAX - 1,
        // but one built in code may be anything.
        let one = |x: usize| x.saturating_add(1);
        write!(
            f,
            "{} {} {} {}",
            one(a.row),
            one(a.col),
            one(b.row),
            one(b.col)
        )?;
        match self.route() {
            Some(route) => write!(f, " {route}"),
            None => Ok(()),
        }
    }
}

/// A removal order: the steps of a game, in turn, each naming its tiles on
/// the board as it is at that step (after the gravity of the steps before).
///
/// As text, one step a line, `r1 c1 r2 c2` with 1-based rows and columns,
/// followed by `row` or `column` for a slide of the first tile: what
/// `lianliankan solve` prints and `lianliankan replay` reads.
/// [`Display`](fmt::Display) writes that; [`Order::read`] (or
/// [`str::parse`]) reads it back, where line breaks carry no meaning and the
/// numbers come in fours, each four perhaps followed by a route.
///
/// ```
/// use lianliankan::{Board, Order, Pos, RemoveError, Rules, Solution, solve};
/// let board: Board = "2 2\n1 2\n1 2\n".parse().unwrap();
/// let Solution::Solved(moves) = solve(&board, &Rules::default(), 100) else { panic!() };
/// let order: Order = moves.into_iter().collect();
/// assert_eq!(order.to_string(), "1 1 2 1\n1 2 2 2\n");
/// let replayed = order.replay(&board, &Rules::default()).unwrap();
/// assert_eq!((replayed.steps, replayed.tiles_left), (2, 0));
///
/// // The same pair twice: the second time its cells are empty.
/// let twice: Order = "1 1 2 1  1 1 2 1".parse().unwrap();
/// let illegal = twice.replay(&board, &Rules::default()).unwrap_err();
/// assert_eq!(illegal.index, 1); // the second step (0-based)
/// assert_eq!(illegal.cause, RemoveError::Empty(Pos::new(0, 0)));
/// ```
///
/// With the `serde` feature an order is the list of its steps (see
/// [`Removal`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(transparent)
)]
pub struct Order {
    steps: Vec<Removal>,
}

impl Order {
    /// An order of `steps`, in turn.
    #[must_use]
    pub fn new(steps: Vec<Removal>) -> Order {
        Order { steps }
    }

    /// The steps, in turn.
    #[must_use]
    pub fn steps(&self) -> &[Removal] {
        &self.steps
    }

    /// The number of steps.
    #[must_use]
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether the order has no step.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Adds `step` at the end.
    pub fn push(&mut self, step: Removal) {
        self.steps.push(step);
    }

    /// Reads an order: `r1 c1 r2 c2` (1-based) for each step, followed by
    /// `row` or `column` for a slide. Line breaks carry no meaning; the
    /// numbers must come in fours. The cells are not checked against any
    /// board here: [`Order::replay`] does that.
    ///
    /// # Errors
    /// An [`InputError`] at the offending token's line and column: not a
    /// number, too large, a 0 (rows and columns count from 1), a word after
    /// a step other than `row` or `column`, or the input ending inside a
    /// step.
    ///
    /// # Complexity
    /// O(length of the input).
    pub fn read(input: &[u8]) -> Result<Order, InputError> {
        let mut reader = Reader::new(input);
        let mut steps = Vec::new();
        while !reader.is_at_end() {
            let a = read_cell(&mut reader)?;
            let b = read_cell(&mut reader)?;
            let step = match reader.word() {
                None => Removal::pair(a, b),
                Some(b"row") => Removal::Slide {
                    a,
                    b,
                    route: Route::Row,
                },
                Some(b"column") => Removal::Slide {
                    a,
                    b,
                    route: Route::Column,
                },
                Some(other) => {
                    let shown: String = String::from_utf8_lossy(other)
                        .chars()
                        .take(24)
                        .flat_map(char::escape_debug)
                        .collect();
                    return Err(InputError::invalid(
                        reader.last_location(),
                        format!("expected `row`, `column` or a number, found \"{shown}\""),
                    ));
                }
            };
            steps.push(step);
        }
        Ok(Order { steps })
    }

    /// Plays the order on a new game of `board` under `rules`, step by step
    /// as [`Game::remove`] does, and says how far it got.
    ///
    /// # Errors
    /// The first step that is illegal on the board as it is then: a
    /// [`ReplayError`] with its index, the step and the [`RemoveError`].
    ///
    /// # Complexity
    /// As [`Game::remove`] per step.
    pub fn replay(&self, board: &Board, rules: &Rules) -> Result<Replayed, ReplayError> {
        let mut game = Game::new(board.clone(), rules.clone());
        self.play(&mut game)
    }

    /// Plays the order on `game` from where it stands, each step a
    /// [`Game::remove`], or [`Game::play`] for a slide (so each is in the
    /// game's history and can be undone). Stops at the first illegal step, with the legal steps
    /// before it played.
    ///
    /// # Errors
    /// As [`Order::replay`].
    ///
    /// # Complexity
    /// As [`Game::remove`] per step.
    pub fn play(&self, game: &mut Game) -> Result<Replayed, ReplayError> {
        for (index, &step) in self.steps.iter().enumerate() {
            let (a, b) = step.cells();
            match step.route() {
                None => game.remove(a, b),
                Some(route) => game.play(Move::slide(a, b, route)),
            }
            .map_err(|cause| ReplayError { index, step, cause })?;
        }
        Ok(Replayed {
            steps: self.steps.len(),
            tiles_left: game.board().tile_count(),
        })
    }
}

/// Reads one cell, `row col`, 1-based, as a 0-based position.
fn read_cell(reader: &mut Reader<'_>) -> Result<Pos, InputError> {
    let mut coordinate = || -> Result<usize, InputError> {
        let value = reader.usize()?;
        value.checked_sub(1).ok_or_else(|| {
            InputError::invalid(
                reader.last_location(),
                "rows and columns count from 1, found 0",
            )
        })
    };
    let row = coordinate()?;
    let col = coordinate()?;
    Ok(Pos::new(row, col))
}

impl fmt::Display for Order {
    /// One step a line, each line ended by a line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.steps {
            writeln!(f, "{step}")?;
        }
        Ok(())
    }
}

impl FromStr for Order {
    type Err = InputError;

    /// As [`Order::read`].
    fn from_str(s: &str) -> Result<Order, InputError> {
        Order::read(s.as_bytes())
    }
}

impl From<Vec<Removal>> for Order {
    fn from(steps: Vec<Removal>) -> Order {
        Order { steps }
    }
}

impl From<Vec<Move>> for Order {
    /// A solver's order ([`Solution::Solved`](crate::Solution::Solved)).
    fn from(moves: Vec<Move>) -> Order {
        moves.into_iter().collect()
    }
}

impl FromIterator<Removal> for Order {
    fn from_iter<I: IntoIterator<Item = Removal>>(iter: I) -> Order {
        Order {
            steps: iter.into_iter().collect(),
        }
    }
}

impl FromIterator<Move> for Order {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Order {
        iter.into_iter().map(Removal::from).collect()
    }
}

impl<'a> IntoIterator for &'a Order {
    type Item = &'a Removal;
    type IntoIter = std::slice::Iter<'a, Removal>;

    fn into_iter(self) -> Self::IntoIter {
        self.steps.iter()
    }
}

impl IntoIterator for Order {
    type Item = Removal;
    type IntoIter = std::vec::IntoIter<Removal>;

    fn into_iter(self) -> Self::IntoIter {
        self.steps.into_iter()
    }
}

/// What a replay of a legal [`Order`] did.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The steps played (all of the order's).
    pub steps: usize,
    /// The tiles left on the board after them (0: the board is cleared).
    pub tiles_left: usize,
}

/// The first illegal step of an [`Order`]: where it is, what it is, and why
/// it is illegal ([`source`](std::error::Error::source) is the
/// [`RemoveError`]).
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The step's index in the order, from 0.
    pub index: usize,
    /// The step, as the order has it.
    pub step: Removal,
    /// Why [`Game::remove`] refused it, on the board as it was then.
    pub cause: RemoveError,
}

impl fmt::Display for ReplayError {
    /// Says which step, in the order's own words; the reason is the
    /// [`source`](std::error::Error::source).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {} ({}) is illegal", self.index + 1, self.step)
    }
}

impl ReplayError {
    /// Why the step is illegal, with its cells written as the order writes
    /// them (1-based `row col`), so that a reader of the order can find
    /// them: `the cell 3 2 is empty`, `4 1 is off the board`, or the
    /// [`cause`](ReplayError::cause)'s own words where it names no cell.
    #[must_use]
    pub fn reason(&self) -> String {
        let shown = |p: Pos| format!("{} {}", p.row.saturating_add(1), p.col.saturating_add(1));
        match &self.cause {
            RemoveError::OffBoard(p) => format!("{} is off the board", shown(*p)),
            RemoveError::SameCell(_) => "both tiles are the same cell".to_owned(),
            RemoveError::Empty(p) => format!("the cell {} is empty", shown(*p)),
            other => other.to_string(),
        }
    }
}

impl std::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.cause)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn reads_what_it_writes_and_keeps_the_written_order() {
        let text = "2 1 1 1\n1 2 2 2\n";
        let order: Order = text.parse().unwrap();
        assert_eq!(
            order.steps(),
            [
                Removal::pair(Pos::new(1, 0), Pos::new(0, 0)),
                Removal::pair(Pos::new(0, 1), Pos::new(1, 1))
            ]
        );
        assert_eq!(order.to_string(), text);
        // Line breaks carry no meaning.
        assert_eq!("2 1\n1 1 1\n2 2 2".parse::<Order>().unwrap(), order);
        assert_eq!("".parse::<Order>().unwrap(), Order::default());
        assert_eq!(Order::default().to_string(), "");
        // A solver's moves keep their own order (smaller position first).
        let moves = vec![Move::new(Pos::new(1, 0), Pos::new(0, 0))];
        assert_eq!(Order::from(moves).to_string(), "1 1 2 1\n");
    }

    #[test]
    fn bad_orders_are_located() {
        let error = |text: &str| text.parse::<Order>().unwrap_err().to_string();
        assert_eq!(
            error("1 1 2 1\n1 2 2"),
            "line 2, column 6: expected a number, found end of input"
        );
        assert_eq!(
            error("1 1 2 1\n1 0 2 2\n"),
            "line 2, column 3: rows and columns count from 1, found 0"
        );
        assert_eq!(
            error("1 1 2 x"),
            "line 1, column 7: expected a number, found \"x\""
        );
        assert_eq!(
            error("1 1 2 2 diagonal"),
            "line 1, column 9: expected `row`, `column` or a number, found \"diagonal\""
        );
        assert_eq!(
            error("1 1 2 2 row row"),
            "line 1, column 13: expected a number, found \"row\""
        );
    }

    #[test]
    fn slides_are_read_written_and_replayed() {
        let text = "2 1 4 4 row\n1 1 2 2 column\n3 3 1 1\n";
        let order: Order = text.parse().unwrap();
        assert_eq!(
            order.steps()[0],
            Removal::from(Move::slide(Pos::new(1, 0), Pos::new(3, 3), Route::Row))
        );
        assert_eq!(order.steps()[1].route(), Some(Route::Column));
        assert_eq!(order.steps()[2].route(), None);
        assert_eq!(order.to_string(), text);
        // docs/rules.md's slide example: the slide, then the 2 and 3 it pushed.
        let b = board("4 6\n0 0 0 0 0 0\n1 2 3 0 0 0\n4 0 0 0 0 0\n0 0 0 1 0 0\n");
        let slide = Rules::default().with_slide(true).unwrap();
        let order: Order = "2 1 4 4 row".parse().unwrap();
        let replayed = order.replay(&b, &slide).unwrap();
        assert_eq!(replayed.tiles_left, 3);
        let error = order.replay(&b, &Rules::default()).unwrap_err();
        assert_eq!(error.cause, RemoveError::SlidesOff);
        let blocked: Order = "2 1 4 4 column".parse().unwrap();
        let error = blocked.replay(&b, &slide).unwrap_err();
        assert_eq!(error.to_string(), "step 1 (2 1 4 4 column) is illegal");
        assert_eq!(
            error.reason(),
            "the first tile cannot slide along its column: too few empty cells to push the tiles to the corner"
        );
    }

    #[test]
    fn replay_counts_steps_and_tiles_left() {
        let b = board("2 3\n1 2 3\n1 2 3\n");
        let rules = Rules::default();
        let order: Order = "1 1 2 1\n2 2 1 2".parse().unwrap();
        assert_eq!(
            order.replay(&b, &rules),
            Ok(Replayed {
                steps: 2,
                tiles_left: 2
            })
        );
        assert_eq!(
            Order::default().replay(&b, &rules),
            Ok(Replayed {
                steps: 0,
                tiles_left: 6
            })
        );
        // On a game: the steps are in its history and can be undone.
        let mut game = Game::new(b.clone(), rules);
        order.play(&mut game).unwrap();
        assert_eq!(game.history().len(), 2);
        game.undo();
        game.undo();
        assert_eq!(game.board(), &b);
    }

    #[test]
    fn replay_names_the_first_illegal_step_and_why() {
        let rules = Rules::default();
        let cross = board("2 2\n1 2\n2 1\n");
        let cases = [
            ("3 1 1 1", RemoveError::OffBoard(Pos::new(2, 0))),
            ("1 1 1 1", RemoveError::SameCell(Pos::new(0, 0))),
            (
                "1 1 1 2",
                RemoveError::DifferentKinds {
                    first: 1,
                    second: 2,
                },
            ),
            ("1 1 2 2", RemoveError::NoPath),
        ];
        for (text, cause) in cases {
            let order: Order = text.parse().unwrap();
            let error = order.replay(&cross, &rules).unwrap_err();
            assert_eq!((error.index, error.cause), (0, cause), "{text}");
            assert_eq!(error.step, order.steps()[0]);
        }
        // The 1s go; then the cell named first is empty.
        let columns = board("2 2\n1 2\n1 2\n");
        let order: Order = "1 1 2 1\n2 1 1 1".parse().unwrap();
        let error = order.replay(&columns, &rules).unwrap_err();
        assert_eq!(error.index, 1);
        assert_eq!(error.cause, RemoveError::Empty(Pos::new(1, 0)));
        assert_eq!(error.to_string(), "step 2 (2 1 1 1) is illegal");
        let source = std::error::Error::source(&error).unwrap().to_string();
        assert_eq!(source, error.cause.to_string());
        assert!(!error.to_string().contains(&source));
    }
}
