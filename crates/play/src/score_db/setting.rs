//! The setting a table of scores or runs is kept for, and the one SQL
//! clause that picks a setting's rows: every query of `scores` and `runs`
//! names its setting through [`same_setting`] over a list of columns
//! ([`SCORE`], [`RUN`]), with the values [`params_of`] reads from a
//! [`Setting`].

use rusqlite::types::Value;

/// The settings a table is kept for: size, kinds and rules, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// Tile kinds.
    pub kinds: u32,
    /// Turns.
    pub turns: u32,
    /// `closed` or `open`.
    pub border: String,
    /// The gravity mode's name.
    pub gravity: String,
    /// The groups as the engine writes them ("" for none).
    pub groups: String,
    /// The connection rule's name.
    pub connect: String,
    /// Sliding tiles.
    pub slide: bool,
    /// The difficulty its deals are dealt at ("" for any solvable deal).
    pub difficulty: String,
}

impl Setting {
    /// The same game turned a quarter, as a portrait screen plays a
    /// landscape preset (6 × 14 gravity down is 14 × 6 gravity left):
    /// rows and columns swapped and gravity turned with them; `None` for a
    /// square board or a gravity mode whose turned form is not the same
    /// game (the split modes: an odd line's middle cell belongs to its
    /// top half, and a row's to its left half).
    pub fn turned(&self) -> Option<Setting> {
        if self.rows == self.cols {
            return None;
        }
        // A landscape board turns clockwise, a portrait one back.
        let landscape = self.rows < self.cols;
        let gravity = match (self.gravity.as_str(), landscape) {
            ("none", _) => "none",
            ("down", true) | ("up", false) => "left",
            ("up", true) | ("down", false) => "right",
            ("left", true) | ("right", false) => "up",
            ("right", true) | ("left", false) => "down",
            _ => return None,
        };
        Some(Setting {
            rows: self.cols,
            cols: self.rows,
            gravity: gravity.to_owned(),
            ..self.clone()
        })
    }
}

/// The columns of a setting in the table of scores.
pub(super) const SCORE: [&str; 10] = [
    "rows",
    "cols",
    "kinds",
    "turns",
    "border",
    "gravity",
    "groups",
    "connect",
    "slide",
    "difficulty",
];

/// The columns of a setting in the table of runs: no gravity (each level
/// has its own) and no difficulty (each level has its own).
pub(super) const RUN: [&str; 8] = [
    "rows", "cols", "kinds", "turns", "border", "groups", "connect", "slide",
];

/// `column = ?first AND ...` over `columns`, the parameters numbered from
/// `first` in their order: the one clause that picks a setting's rows.
pub(super) fn same_setting(columns: &[&str], first: usize) -> String {
    columns
        .iter()
        .enumerate()
        .map(|(i, column)| format!("{column} = ?{}", first + i))
        .collect::<Vec<_>>()
        .join(" AND ")
}

/// The values of `columns` in `setting`, in their order.
pub(super) fn params_of(setting: &Setting, columns: &[&str]) -> Vec<Value> {
    columns
        .iter()
        .map(|column| value(setting, column))
        .collect()
}

/// The value of `column` in `setting` (a column of [`SCORE`]; any other
/// name is a mistake in this file, caught by its tests).
fn value(setting: &Setting, column: &str) -> Value {
    match column {
        "rows" => setting.rows.into(),
        "cols" => setting.cols.into(),
        "kinds" => setting.kinds.into(),
        "turns" => setting.turns.into(),
        "border" => setting.border.clone().into(),
        "gravity" => setting.gravity.clone().into(),
        "groups" => setting.groups.clone().into(),
        "connect" => setting.connect.clone().into(),
        "slide" => setting.slide.into(),
        "difficulty" => setting.difficulty.clone().into(),
        _ => Value::Null,
    }
}

/// The clause of one table of scores — a setting or its turned twin
/// ([`Setting::turned`]), at one difficulty — and its parameters (?1 on).
pub(super) fn scores_table(setting: &Setting) -> (String, Vec<Value>) {
    let twin = setting.turned().unwrap_or_else(|| setting.clone());
    let turning = ["rows", "cols", "gravity"];
    let rest: Vec<&str> = SCORE
        .iter()
        .copied()
        .filter(|column| !turning.contains(column))
        .collect();
    let n = turning.len();
    let clause = format!(
        "(({}) OR ({})) AND {}",
        same_setting(&turning, 1),
        same_setting(&turning, n + 1),
        same_setting(&rest, 2 * n + 1)
    );
    let mut values = params_of(setting, &turning);
    values.extend(params_of(&twin, &turning));
    values.extend(params_of(setting, &rest));
    (clause, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting() -> Setting {
        Setting {
            rows: 6,
            cols: 14,
            kinds: 21,
            turns: 2,
            border: "open".to_owned(),
            gravity: "down".to_owned(),
            groups: String::new(),
            connect: "standard".to_owned(),
            slide: false,
            difficulty: "hard".to_owned(),
        }
    }

    #[test]
    fn every_column_has_its_value() {
        let values = params_of(&setting(), &SCORE);
        assert!(values.iter().all(|v| *v != Value::Null), "{values:?}");
        assert!(RUN.iter().all(|column| SCORE.contains(column)));
    }

    #[test]
    fn the_clause_numbers_its_parameters_in_order() {
        assert_eq!(
            same_setting(&["rows", "cols"], 3),
            "rows = ?3 AND cols = ?4"
        );
        let (clause, values) = scores_table(&setting());
        assert_eq!(
            clause,
            "((rows = ?1 AND cols = ?2 AND gravity = ?3) OR (rows = ?4 AND cols = ?5 \
             AND gravity = ?6)) AND kinds = ?7 AND turns = ?8 AND border = ?9 AND groups = ?10 \
             AND connect = ?11 AND slide = ?12 AND difficulty = ?13"
        );
        // The twin: 14 × 6, gravity left.
        assert_eq!(values[3], Value::from(14));
        assert_eq!(values[4], Value::from(6));
        assert_eq!(values[5], Value::from("left".to_owned()));
        assert_eq!(values.len(), 13);
    }
}
