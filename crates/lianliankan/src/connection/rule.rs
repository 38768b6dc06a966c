//! [`ConnectionRule`]: what a connection rule says, in one trait, and the
//! answers it gives the query core, the solver and the generator.

use grid_core::{Path, Pos};

use crate::engine::Move;
use crate::query::Board;
use crate::reference::paths::{checked_length, is_shortest, standard_min_turns, standard_shortest};
use crate::rules::Rules;

/// How a rule joins two matching tiles on distinct cells: what the
/// queries ([`Connector`](crate::Connector), [`Batch`](crate::Batch)) and
/// the reference look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Join {
    /// By the straight segment between them, whatever lies on it.
    Segment,
    /// Not at all.
    Never,
    /// By the standard path: the fewest turns, then the fewest steps,
    /// through empty cells within the path limits (the shapes, the batch's
    /// sweeps, grid-core's turn search).
    StandardPath,
    /// By the rule's own path search ([`ConnectionRule::own_corners`]).
    OwnPath,
}

/// Which exact search decides whether a board clears under a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SearchKind {
    /// The standard path's searches and proofs: over positions without
    /// gravity, over whole boards with the dead-position test under
    /// gravity.
    Standard,
    /// Over whole boards, slides among the moves.
    Sliding,
    /// Over whole boards, the rule's [`ConnectionRule::moves`], no
    /// geometric shortcut. `by_cells`: whether a pair's join depends on
    /// its two cells alone (then, without gravity, each class is paired
    /// up on its own).
    Plain {
        /// A pair's join depends on its two cells alone.
        by_cells: bool,
    },
}

/// How `generate` builds a board that clears under a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Construction {
    /// The standard path's: backwards without gravity (the region
    /// argument), forwards by reaches under gravity.
    StandardPaths,
    /// Forwards, each step's pairs listed by the rule's
    /// [`ConnectionRule::moves`].
    ByMoves,
}

/// A connection rule: which pairs of matching tiles it joins and by
/// which path, the moves it lists, the search and the construction that
/// apply to it, and its brute force where that differs from the standard
/// path's. Each rule is a module of `connection/` implementing this trait;
/// [`Rule`](super::Rule) picks one from [`Rules`] (static dispatch, one
/// `match` a method).
///
/// Every method takes rules as they are: a [`Rules`] value is consistent
/// by construction (under slides, one turn and the closed border). The
/// provided methods are the standard path's answers; a rule overrides
/// those it answers differently.
pub(crate) trait ConnectionRule {
    /// How the matching tiles at the distinct cells `a` and `b` are
    /// joined (board or ringed coordinates alike: only where the cells lie
    /// from each other counts). Provided: by the standard path.
    fn join(&self, _a: Pos, _b: Pos) -> Join {
        Join::StandardPath
    }

    /// The corners (ringed coordinates) of the rule's own path between
    /// the ringed cells `a` and `b`, for a pair [`ConnectionRule::join`]
    /// answers [`Join::OwnPath`]; `None` when none joins them. Provided:
    /// none (a rule that joins by the standard path has no own path).
    fn own_corners(&self, _board: &Board, _a: Pos, _b: Pos, _rules: &Rules) -> Option<Vec<Pos>> {
        None
    }

    /// Every move on `board`, sorted (as [`crate::moves`] lists them).
    fn moves(&self, board: &Board, rules: &Rules) -> Vec<Move>;

    /// The search that decides a board.
    fn search(&self) -> SearchKind;

    /// How a board that clears is built. Provided: the standard path's.
    fn construction(&self) -> Construction {
        Construction::StandardPaths
    }

    /// The brute force: the fewest turns of a path joining the matching
    /// tiles at the distinct cells `a` and `b`, or `None`. Provided: the
    /// standard path's.
    fn reference_min_turns(&self, board: &Board, a: Pos, b: Pos, rules: &Rules) -> Option<usize> {
        standard_min_turns(board, a, b, rules)
    }

    /// The brute force: whether `path` joins the tiles at `a` and `b` and
    /// is the shortest with its turns; what is wrong otherwise. Provided:
    /// the standard path's.
    fn reference_check_path(
        &self,
        board: &Board,
        a: Pos,
        b: Pos,
        path: &Path,
        rules: &Rules,
    ) -> Result<(), String> {
        let length = checked_length(board, a, b, path, rules)?;
        let shortest = standard_shortest(board, a, b, path.turns(), rules.border());
        is_shortest(length, shortest, path.turns())
    }
}
