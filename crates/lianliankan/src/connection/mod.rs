//! The connection rules, one module each, behind one trait: which pairs a
//! rule joins and by which path, the moves it lists, the search and the
//! construction that apply to it, and its brute force where that differs
//! from the standard path's ([`ConnectionRule`], in `rule.rs`). The query
//! core ([`Connector`](crate::Connector), [`Batch`](crate::Batch)), the
//! engine (`moves`, `solve`, `generate`) and the reference ask the rule
//! that [`Rule::of`] picks from the rules, and hold no `match` over the
//! rules of their own.
//!
//! - `standard` — the judge's paths of at most `max_turns` turns;
//! - `four_rivers` — the standard rule without the step between
//!   neighbours (its detours and their brute force);
//! - `line` — tiles in one row or column, whatever lies between;
//! - `slides` — KShisen's sliding tiles: plain pairs of one turn on the
//!   board, and slides.
//!
//! A new rule is its own module here implementing [`ConnectionRule`], its
//! name (a variant of [`Connect`] in `rules/names.rs`, picked in
//! [`Rule::of`]) and its tests; the faces spell its name too (the C enum,
//! `lianliankan.pyi`, the page's `form.js`).
//!
//! This is the seam between the query core and the engine: a rule stands
//! on the query core's board and shapes and on the engine's move listings
//! (`two_turns`, `reach`, `sliding_tiles`), and imports neither the
//! queries nor the searches that ask it.

mod four_rivers;
mod line;
mod rule;
mod slides;
mod standard;

use grid_core::{Path, Pos};

use four_rivers::FourRivers;
pub use four_rivers::four_rivers_lengths;
use line::Line;
pub(crate) use rule::{ConnectionRule, Construction, Join, SearchKind};
use slides::Slides;
use standard::Standard;

use crate::engine::Move;
use crate::query::Board;
use crate::rules::{Connect, Rules};

/// The rule in force, picked once from [`Rules`]: static dispatch, each
/// method of [`ConnectionRule`] one `match` here.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Rule {
    /// [`Connect::Standard`].
    Standard(Standard),
    /// [`Connect::FourRivers`].
    FourRivers(FourRivers),
    /// [`Connect::Line`].
    Line(Line),
    /// [`Rules::slide`] (which plays the standard connection).
    Slides(Slides),
}

impl Rule {
    /// The rule of `rules`: sliding tiles when [`Rules::slide`] is set,
    /// else its [`Connect`].
    #[inline]
    pub(crate) fn of(rules: &Rules) -> Rule {
        if rules.slide() {
            return Rule::Slides(Slides);
        }
        match rules.connect() {
            Connect::Standard => Rule::Standard(Standard),
            Connect::FourRivers => Rule::FourRivers(FourRivers),
            Connect::Line => Rule::Line(Line),
        }
    }
}

/// Calls `$call` on the rule inside `$rule`.
macro_rules! dispatch {
    ($rule:expr, $r:ident => $call:expr) => {
        match $rule {
            Rule::Standard($r) => $call,
            Rule::FourRivers($r) => $call,
            Rule::Line($r) => $call,
            Rule::Slides($r) => $call,
        }
    };
}

impl ConnectionRule for Rule {
    #[inline]
    fn join(&self, a: Pos, b: Pos) -> Join {
        dispatch!(self, r => r.join(a, b))
    }

    fn own_corners(&self, board: &Board, a: Pos, b: Pos, rules: &Rules) -> Option<Vec<Pos>> {
        dispatch!(self, r => r.own_corners(board, a, b, rules))
    }

    fn moves(&self, board: &Board, rules: &Rules) -> Vec<Move> {
        dispatch!(self, r => r.moves(board, rules))
    }

    fn search(&self) -> SearchKind {
        dispatch!(self, r => r.search())
    }

    fn construction(&self) -> Construction {
        dispatch!(self, r => r.construction())
    }

    fn reference_min_turns(&self, board: &Board, a: Pos, b: Pos, rules: &Rules) -> Option<usize> {
        dispatch!(self, r => r.reference_min_turns(board, a, b, rules))
    }

    fn reference_check_path(
        &self,
        board: &Board,
        a: Pos,
        b: Pos,
        path: &Path,
        rules: &Rules,
    ) -> Result<(), String> {
        dispatch!(self, r => r.reference_check_path(board, a, b, path, rules))
    }
}
