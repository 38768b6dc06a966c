//! The problems the judge viewer reads, by name.
//!
//! This module imports nothing from the rest of the crate: the limits
//! report the names, and the viewer dispatches on them.

use std::fmt;
use std::str::FromStr;

/// A judge problem the viewer reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// HDU 1175: can two tiles be joined with at most two turns?
    Lianliankan,
    /// The fewest segments of a path between two pieces.
    Segments,
    /// Solitaire (HDU 1401): can four pieces reach a goal in eight moves?
    Solitaire,
}

impl Problem {
    /// Every problem, in the order the page lists them.
    pub const ALL: [Problem; 3] = [Problem::Lianliankan, Problem::Segments, Problem::Solitaire];

    /// The problem's name in the API (and its binary's name).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Problem::Lianliankan => "lianliankan",
            Problem::Segments => "segments",
            Problem::Solitaire => "solitaire",
        }
    }

    /// Every problem's name, as `GET /api/limits` lists them.
    #[must_use]
    pub fn names() -> [&'static str; 3] {
        Problem::ALL.map(Problem::name)
    }
}

/// A problem name that is not one of [`Problem::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownProblem(pub String);

impl fmt::Display for UnknownProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown problem `{}` (one of: {})",
            self.0,
            Problem::names().join(", ")
        )
    }
}

impl std::error::Error for UnknownProblem {}

impl FromStr for Problem {
    type Err = UnknownProblem;

    fn from_str(name: &str) -> Result<Problem, UnknownProblem> {
        Problem::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| UnknownProblem(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_an_unknown_one_is_refused_with_the_known_ones() {
        for problem in Problem::ALL {
            assert_eq!(problem.name().parse(), Ok(problem));
        }
        let error = "sudoku".parse::<Problem>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown problem `sudoku` (one of: lianliankan, segments, solitaire)"
        );
        assert!("Solitaire".parse::<Problem>().is_err());
        assert!("".parse::<Problem>().is_err());
    }
}
