//! Which paths count: the turn limit and the border rule.

/// Whether a path may leave the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Border {
    /// The path stays on the board (the HDU 1175 judge rule).
    #[default]
    Closed,
    /// The path may also run through a one-cell empty ring around the board,
    /// as in Shisen-Sho and Onet. (A wider margin never helps.)
    Open,
}

/// The rules of a match: how many turns a path may make and whether it may
/// leave the board. `Rules::default()` is the judge's: 2 turns, closed border.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The most turns a path may make (2 in the judge; segments = turns + 1).
    pub max_turns: usize,
    /// The border rule.
    pub border: Border,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            max_turns: 2,
            border: Border::Closed,
        }
    }
}
