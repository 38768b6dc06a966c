//! The setting a table of scores or runs is kept for, and the one SQL
//! clause that picks a setting's rows: every query of `scores` and `runs`
//! names its setting through [`same_setting`] over a list of columns
//! ([`SCORE`], [`RUN`]), with the values [`params_of`] reads from a
//! [`Setting`].

use lianliankan::{Gravity, Rules};
use rusqlite::types::Value;

/// The settings a table is kept for: size, kinds, rules and difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// Tile kinds.
    pub kinds: u32,
    /// The rules, a column each of their settings ([`SCORE`]).
    pub rules: Rules,
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
        let gravity = match (self.rules.gravity(), landscape) {
            (Gravity::None, _) => Gravity::None,
            (Gravity::Down, true) | (Gravity::Up, false) => Gravity::Left,
            (Gravity::Up, true) | (Gravity::Down, false) => Gravity::Right,
            (Gravity::Left, true) | (Gravity::Right, false) => Gravity::Up,
            (Gravity::Right, true) | (Gravity::Left, false) => Gravity::Down,
            _ => return None,
        };
        Some(Setting {
            rows: self.cols,
            cols: self.rows,
            rules: self.rules.clone().with_gravity(gravity),
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
/// name is a mistake in this file, caught by its tests). A setting of the
/// rules is written as the rules' key writes it: a number, a name or
/// text, a flag as 0 or 1.
fn value(setting: &Setting, column: &str) -> Value {
    let rules = &setting.rules;
    match column {
        "rows" => setting.rows.into(),
        "cols" => setting.cols.into(),
        "kinds" => setting.kinds.into(),
        "turns" => (rules.max_turns() as i64).into(),
        "border" => rules.border().name().to_owned().into(),
        "gravity" => rules.gravity().name().to_owned().into(),
        "groups" => rules.groups().to_string().into(),
        "connect" => rules.connect().name().to_owned().into(),
        "slide" => rules.slide().into(),
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
            rules: Rules::kshisen(),
            difficulty: "hard".to_owned(),
        }
    }

    /// Every setting of the rules' samples (which, between them, set every
    /// setting) is a column of the scores (and, but gravity, of the runs),
    /// written as the rules' key writes it: a setting without its column
    /// fails here.
    #[test]
    fn every_setting_of_the_samples_is_a_column() {
        let fixture = include_str!("../../../../fixtures/rules/samples.json");
        let samples: Vec<serde_json::Map<String, serde_json::Value>> =
            serde_json::from_str(fixture).unwrap();
        for sample in samples {
            let rules: Rules = serde_json::from_value(sample.clone().into()).unwrap();
            let setting = Setting { rules, ..setting() };
            for (name, written) in &sample {
                assert!(SCORE.contains(&name.as_str()), "no column {name}");
                assert!(name == "gravity" || RUN.contains(&name.as_str()), "{name}");
                let expected = match written {
                    serde_json::Value::Bool(flag) => Value::from(*flag),
                    serde_json::Value::Number(n) => Value::from(n.as_i64().unwrap()),
                    serde_json::Value::String(text) => Value::from(text.clone()),
                    other => panic!("{name}: {other}"),
                };
                assert_eq!(value(&setting, name), expected, "{name}");
            }
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
