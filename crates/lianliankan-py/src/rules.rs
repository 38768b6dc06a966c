//! `lianliankan.Rules`: the library's [`Rules`] as a frozen Python value.

use lianliankan::{Border, Connect, Gravity, Groups, Rules};
use pyo3::prelude::*;

use crate::convert::value_error;

/// The rules of a game: how many turns a path may make (`turns`), whether
/// it may run around the board (`border`: "open" or "closed"), how the
/// tiles slide after a removal (`gravity`: one of `GRAVITY_MODES`), and
/// which kinds match besides equal ones (`groups`, e.g. "28-31,39+41"),
/// and which pairs connect (`connect`: "standard", "four-rivers" or
/// "line"), and whether tiles slide (`slide`: KShisen's sliding tiles,
/// paths of one turn on the board, a move may first push its first tile
/// along its row or column; `turns` then defaults to 1 and `border` to
/// "closed").
///
/// `Rules()` is KShisen's game: two turns, around the board, gravity down,
/// no groups. The judge's rule (HDU 1175) is
/// `Rules(border="closed", gravity="none")`.
///
/// Raises ValueError for a negative turn limit, an unknown border or
/// gravity name, a bad groups text, or an unknown connection rule, with
/// the library's message; and for `slide` with turns other than 1, the
/// open border or a connection rule other than "standard".
#[pyclass(frozen, eq, hash, module = "lianliankan", name = "Rules")]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub inner: Rules,
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (turns = None, border = None, gravity = "down", groups = "", connect = "standard", slide = false))]
    fn new(
        turns: Option<i64>,
        border: Option<&str>,
        gravity: &str,
        groups: &str,
        connect: &str,
        slide: bool,
    ) -> PyResult<PyRules> {
        // KShisen's game, with slides (which fix the path rule: one turn,
        // closed), then the settings given; the library's check decides.
        let mut inner = Rules::kshisen().with_slide(slide);
        if let Some(turns) = turns {
            let max_turns = usize::try_from(turns)
                .map_err(|_| value_error(format!("turns must be 0 or more, got {turns}")))?;
            inner = inner.with_turns(max_turns);
        }
        if let Some(border) = border {
            inner = inner.with_border(border.parse::<Border>().map_err(value_error)?);
        }
        let groups: Groups = if groups.is_empty() {
            Groups::none()
        } else {
            groups.parse().map_err(value_error)?
        };
        let inner = inner
            .with_gravity(gravity.parse::<Gravity>().map_err(value_error)?)
            .with_groups(groups)
            .with_connect(connect.parse::<Connect>().map_err(value_error)?);
        inner.validate().map_err(value_error)?;
        Ok(PyRules { inner })
    }

    /// The most turns a path may make.
    #[getter]
    fn turns(&self) -> usize {
        self.inner.max_turns
    }

    /// "open" (paths may use the ring around the board) or "closed".
    #[getter]
    fn border(&self) -> &'static str {
        self.inner.border.name()
    }

    /// The gravity mode, one of `GRAVITY_MODES`.
    #[getter]
    fn gravity(&self) -> &'static str {
        self.inner.gravity.name()
    }

    /// The matching groups as text ("" for none).
    #[getter]
    fn groups(&self) -> String {
        self.inner.groups.to_string()
    }

    /// Which pairs connect: "standard", "four-rivers" or "line".
    #[getter]
    fn connect(&self) -> &'static str {
        self.inner.connect.name()
    }

    /// Whether tiles slide (KShisen's rule).
    #[getter]
    fn slide(&self) -> bool {
        self.inner.slide
    }

    fn __repr__(&self) -> String {
        format!(
            "Rules(turns={}, border={:?}, gravity={:?}, groups={:?}, connect={:?}{})",
            self.inner.max_turns,
            self.inner.border.name(),
            self.inner.gravity.name(),
            self.inner.groups.to_string(),
            self.inner.connect.name(),
            if self.inner.slide { ", slide=True" } else { "" }
        )
    }
}

/// The rules a function was given, or `Rules()` when it was given none.
pub fn or_default(rules: Option<&PyRules>) -> Rules {
    rules.map_or_else(Rules::kshisen, |r| r.inner.clone())
}
