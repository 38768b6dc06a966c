//! The rules' settings that are one of a few names — the border, the
//! gravity mode and the connection rule — each an enum written once through
//! [`named_enum!`], which gives it `ALL`, `name`, `Display`, `FromStr` with
//! an error that lists the names, and (with the `serde` feature) its name
//! as its serde form.

use std::fmt;
use std::str::FromStr;

/// Defines a `#[non_exhaustive]` enum whose variants each have a name (the
/// command line's), with `ALL` (in the order written), `name`, `Display`,
/// `FromStr` refusing an unknown name with `$unknown` (a message listing
/// the names), and serde as the name.
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident => $text:literal,
            )+
        }
        $(#[$unknown_meta:meta])*
        unknown $unknown:ident: $what:literal;
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum $name {
            $(
                $(#[$variant_meta])*
                $variant,
            )+
        }

        impl $name {
            #[doc = concat!("Every ", $what, ", in the order of the documentation (the default first).")]
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant),+];

            #[doc = concat!("The ", $what, "'s name on the command line and in every face: ")]
            $(#[doc = concat!("`", $text, "`")])+
            #[must_use]
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        $(#[$unknown_meta])*
        #[doc = concat!("A ", $what, " name that is not one of [`", stringify!($name), "::ALL`]'s.")]
        #[derive(Clone, Debug, PartialEq, Eq)]
        #[non_exhaustive]
        pub struct $unknown(pub String);

        impl fmt::Display for $unknown {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let names: Vec<&str> = $name::ALL.iter().map(|v| v.name()).collect();
                write!(f, concat!("unknown ", $what, " `{}` (one of: {})"), self.0, names.join(", "))
            }
        }

        impl std::error::Error for $unknown {}

        impl FromStr for $name {
            type Err = $unknown;

            fn from_str(s: &str) -> Result<$name, $unknown> {
                $name::ALL
                    .into_iter()
                    .find(|v| v.name() == s)
                    .ok_or_else(|| $unknown(s.to_owned()))
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$name, D::Error> {
                let name = <String as serde::Deserialize>::deserialize(deserializer)?;
                name.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

named_enum! {
    /// Whether a path may leave the board.
    ///
    /// With the `serde` feature a border is written by its name, `"closed"`
    /// or `"open"`, and an unknown name is refused with [`UnknownBorder`]'s
    /// message.
    pub enum Border {
        /// The path stays on the board (the HDU 1175 judge rule).
        #[default]
        Closed => "closed",
        /// The path may also run through a one-cell empty ring around the
        /// board, as in Shisen-Sho and Onet. (A wider margin never helps.)
        Open => "open",
    }
    unknown UnknownBorder: "border rule";
}

named_enum! {
    /// How the tiles slide after every removal (the games' "gravity").
    ///
    /// Compacting a line (a row or a column) toward one end moves its tiles,
    /// in their order, onto the cells nearest that end. A line of L cells
    /// has a first half, cells `0..ceil(L/2)` (the top or left half; the
    /// middle cell of an odd line belongs to it), and a second half, the
    /// rest; the split modes compact each half on its own cells, so no tile
    /// crosses the middle. A board given with empty cells is not compacted
    /// until the first removal. docs/rules.md draws every mode.
    ///
    /// With the `serde` feature a mode is written by its name
    /// ([`Gravity::name`]: `"none"`, `"down"`, ..., `"apart-vertical"`,
    /// ...), and an unknown name is refused with [`UnknownGravity`]'s
    /// message.
    pub enum Gravity {
        /// Nothing moves (the judge's rule).
        #[default]
        None => "none",
        /// Every column compacted toward the bottom (KShisen's gravity).
        Down => "down",
        /// Every column compacted toward the top.
        Up => "up",
        /// Every row compacted toward the left.
        Left => "left",
        /// Every row compacted toward the right.
        Right => "right",
        /// In every column, the top half up and the bottom half down.
        ApartVertical => "apart-vertical",
        /// In every column, the top half down and the bottom half up.
        TogetherVertical => "together-vertical",
        /// In every row, the left half left and the right half right.
        ApartHorizontal => "apart-horizontal",
        /// In every row, the left half right and the right half left.
        TogetherHorizontal => "together-horizontal",
        /// Rows in the top half of the board compacted left, rows in the
        /// bottom half right.
        TopLeftBottomRight => "top-left-bottom-right",
        /// Columns in the left half of the board compacted down, columns in
        /// the right half up.
        LeftDownRightUp => "left-down-right-up",
        /// [`Gravity::ApartVertical`] on the whole board, then
        /// [`Gravity::ApartHorizontal`].
        Outward => "outward",
        /// [`Gravity::TogetherVertical`] on the whole board, then
        /// [`Gravity::TogetherHorizontal`].
        Inward => "inward",
    }
    unknown UnknownGravity: "gravity mode";
}

named_enum! {
    /// Which pairs of tiles a path may join: the connection rule
    /// (docs/rules.md draws each).
    ///
    /// With the `serde` feature a rule is written by its name,
    /// `"standard"`, `"four-rivers"` or `"line"`, and an unknown name is
    /// refused with [`UnknownConnect`]'s message.
    pub enum Connect {
        /// A path of at most `max_turns` turns through empty cells (and the
        /// ring with [`Border::Open`]): the judge's rule.
        #[default]
        Standard => "standard",
        /// PySolFC's "Four Rivers": as [`Connect::Standard`], but two tiles
        /// side by side do not connect through their shared edge; they need
        /// a path through at least one empty (or ring) cell, a U around
        /// them, say.
        FourRivers => "four-rivers",
        /// PySolFC's "Not Shisen-Sho": two matching tiles connect when they
        /// share a row or a column, whatever lies between; nothing else
        /// connects. The path is the straight segment; the turn limit and
        /// the border have no effect.
        Line => "line",
    }
    unknown UnknownConnect: "connection rule";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_names_round_trip() {
        for g in Gravity::ALL {
            assert_eq!(g.name().parse::<Gravity>(), Ok(g));
            assert_eq!(g.to_string(), g.name());
        }
        assert_eq!(Gravity::ALL.len(), 13);
        assert_eq!(Gravity::ALL[0], Gravity::default());
        let error = "sideways".parse::<Gravity>().unwrap_err().to_string();
        assert!(error.starts_with("unknown gravity mode `sideways` (one of: none, down,"));
        assert!(error.ends_with("outward, inward)"), "{error}");
    }

    #[test]
    fn connect_names_round_trip() {
        for c in Connect::ALL {
            assert_eq!(c.name().parse::<Connect>(), Ok(c));
            assert_eq!(c.to_string(), c.name());
        }
        assert_eq!(Connect::ALL[0], Connect::default());
        assert_eq!(
            "river".parse::<Connect>().unwrap_err().to_string(),
            "unknown connection rule `river` (one of: standard, four-rivers, line)"
        );
    }

    #[test]
    fn border_names_round_trip() {
        for b in Border::ALL {
            assert_eq!(b.name().parse::<Border>(), Ok(b));
            assert_eq!(b.to_string(), b.name());
        }
        assert_eq!(Border::ALL[0], Border::default());
        assert_eq!(
            "around".parse::<Border>().unwrap_err().to_string(),
            "unknown border rule `around` (one of: closed, open)"
        );
    }
}
