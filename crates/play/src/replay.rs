//! A ranked game's log played again on its deal: what the server believes
//! of a game (its finish, [`crate::scores`]; a run's levels,
//! [`crate::runs`]), and the floor below which no person plays
//! ([`too_fast`]).
//!
//! # The floor: faster than a person is not a record
//!
//! A pair is two aimed clicks on two tiles, after finding them. The fastest
//! clicking people manage is about 14 clicks a second on one spot, without
//! aiming (click-speed records), so two *aimed* clicks on two tiles take
//! well over 140 ms; finding the pair takes longer still. The quickest
//! person's games we measured cleared KShisen's 8 × 18 in 1:15, about 1.0 s
//! a pair (docs/play.md has the numbers). A game is taken out of the tables
//! when
//! - a pair came less than [`MIN_PAIR_MS`] after the step before it (the
//!   deal, the resume after a pause, or the pair before), or
//! - the whole game took less than [`MIN_MEAN_PAIR_MS`] a pair on average,
//!   over games of at least [`MEAN_FROM_PAIRS`] pairs (a tiny board is
//!   judged by the first rule alone).
//!
//! Both are far below a person and far above a program (a solver's bot
//! clears 8 × 18 in 9 ms).

use grid_core::Pos;
use lianliankan::{Board, Game, Move};

use crate::deal::solvable_deal;
use crate::error::ApiError;
use crate::rated::rated_board;
use crate::tickets::{IssuedDeal, Logged, LoggedStep};

/// No pair comes sooner than this after the step before it.
pub const MIN_PAIR_MS: u64 = 150;

/// No game of [`MEAN_FROM_PAIRS`] pairs or more averages less than this a
/// pair.
pub const MIN_MEAN_PAIR_MS: u64 = 400;

/// The fewest pairs a game has for [`MIN_MEAN_PAIR_MS`] to apply.
pub const MEAN_FROM_PAIRS: usize = 8;

/// The board a ticket's deal was: dealt again as `POST /api/deal` dealt it
/// (for a deal of a difficulty, its rated candidate).
pub fn dealt_board(deal: &IssuedDeal) -> Result<Board, ApiError> {
    match deal.rated_seed {
        Some(rated) => rated_board(deal.rows, deal.cols, deal.kinds, rated, &deal.rules),
        None => solvable_deal(deal.rows, deal.cols, deal.kinds, deal.seed, &deal.rules),
    }
    .map_err(|e| ApiError::bad_request(format!("no deal: {e}")))
}

/// What a logged step did when played again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// A pair went.
    Removed,
    /// The tiles were shuffled.
    Shuffled,
    /// A refused pick.
    Refused,
    /// A step that changes no tile (a hint, a pause, ...), or an undo or
    /// redo.
    Other,
}

/// A log being played again.
#[derive(Debug)]
pub struct Replay {
    game: Game,
    /// The first step that assisted the player, in words.
    pub assisted: Option<&'static str>,
    /// The game's time of each removal, in order (a pair undone stays).
    pub pairs: Vec<u64>,
    /// The fastest pair: how soon after the step before it, and which.
    fastest: Option<(u64, usize)>,
    /// When the clock last started (the deal, a resume) or a pair went.
    since_ms: u64,
}

impl Replay {
    /// A replay of a game dealt `board` under its rules.
    pub fn new(deal: &IssuedDeal, board: Board) -> Replay {
        Replay {
            game: Game::new(board, deal.rules.clone()),
            assisted: None,
            pairs: Vec::new(),
            fastest: None,
            since_ms: 0,
        }
    }

    /// The tiles left on the board.
    pub fn tiles_left(&self) -> usize {
        self.game.board().tile_count()
    }

    /// Plays `logged`: what it did, or why it is illegal (the reason in
    /// words, without the step's number).
    pub fn play(&mut self, logged: &Logged) -> Result<Played, String> {
        if let Some(why) = logged.step.assistance() {
            self.assisted.get_or_insert(why);
        }
        match logged.step {
            LoggedStep::Remove { a, b, route } => {
                for cell in [a, b] {
                    on_board(self.game.board(), cell)?;
                }
                let pair = match route {
                    Some(route) => Move::slide(a, b, route),
                    None => Move::new(a, b),
                };
                self.game.play(pair).map_err(|e| {
                    let slide = route.map_or(String::new(), |route| format!(" (slide {route})"));
                    format!(
                        "[{}, {}] and [{}, {}]{slide}: {e}",
                        a.row, a.col, b.row, b.col
                    )
                })?;
                let gap = logged.at_ms.saturating_sub(self.since_ms);
                if self.fastest.is_none_or(|(fastest, _)| gap < fastest) {
                    self.fastest = Some((gap, self.pairs.len()));
                }
                self.pairs.push(logged.at_ms);
                self.since_ms = logged.at_ms;
                Ok(Played::Removed)
            }
            LoggedStep::Shuffle { seed } => {
                self.game
                    .shuffle(seed)
                    .map_err(|e| format!("shuffle {seed}: {e}"))?;
                Ok(Played::Shuffled)
            }
            LoggedStep::Refused => Ok(Played::Refused),
            LoggedStep::Undo => {
                self.game
                    .undo()
                    .ok_or_else(|| "an undo with nothing to take back".to_owned())?;
                Ok(Played::Other)
            }
            LoggedStep::Redo => {
                self.game
                    .redo()
                    .ok_or_else(|| "a redo with nothing taken back".to_owned())?;
                Ok(Played::Other)
            }
            LoggedStep::Resume => {
                self.since_ms = logged.at_ms;
                Ok(Played::Other)
            }
            LoggedStep::Hint | LoggedStep::Solve | LoggedStep::Pause => Ok(Played::Other),
        }
    }

    /// Why the game was played faster than a person plays, if it was
    /// ([the floor](self)); `elapsed_ms` is its whole time.
    pub fn too_fast(&self, elapsed_ms: u64) -> Option<String> {
        too_fast(self.fastest, self.pairs.len(), elapsed_ms)
    }
}

/// The floor ([the module's doc](self)): `fastest` is the quickest pair's
/// time after the step before it and its number (from 0), `pairs` how many
/// pairs went, `elapsed_ms` the game's whole time.
pub fn too_fast(fastest: Option<(u64, usize)>, pairs: usize, elapsed_ms: u64) -> Option<String> {
    if let Some((gap, pair)) = fastest.filter(|&(gap, _)| gap < MIN_PAIR_MS) {
        return Some(format!(
            "faster than a person: pair {} came {gap} ms after the step before it (a person \
             takes at least {MIN_PAIR_MS} ms to pick two tiles)",
            pair + 1
        ));
    }
    let mean = elapsed_ms / (pairs.max(1) as u64);
    (pairs >= MEAN_FROM_PAIRS && mean < MIN_MEAN_PAIR_MS).then(|| {
        format!(
            "faster than a person: {pairs} pairs in {elapsed_ms} ms, {mean} ms a pair (a person \
             takes at least {MIN_MEAN_PAIR_MS} ms a pair over a game)"
        )
    })
}

/// An error unless `cell` is on `board`.
fn on_board(board: &Board, cell: Pos) -> Result<(), String> {
    if board.contains(cell) {
        Ok(())
    } else {
        Err(format!("[{}, {}] is not on the board", cell.row, cell.col))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floor_takes_out_a_quick_pair_and_a_quick_game() {
        // A person: pairs a second apart.
        assert_eq!(too_fast(Some((900, 3)), 72, 75_000), None);
        // One pair 149 ms after the step before it.
        let quick = too_fast(Some((149, 4)), 72, 75_000).unwrap();
        assert!(quick.contains("pair 5 came 149 ms"), "{quick}");
        assert_eq!(too_fast(Some((150, 4)), 72, 75_000), None);
        // 72 pairs at 399 ms a pair on average, none quicker than 150 ms.
        let game = too_fast(Some((200, 0)), 72, 72 * 399).unwrap();
        assert!(game.contains("399 ms a pair"), "{game}");
        assert_eq!(too_fast(Some((200, 0)), 72, 72 * 400), None);
        // A tiny board is judged by its pairs alone.
        assert_eq!(too_fast(Some((200, 0)), 7, 7 * 200), None);
        // A bot: 72 pairs in 9 ms.
        assert!(too_fast(Some((0, 0)), 72, 9).is_some());
    }
}
