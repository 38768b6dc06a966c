//! Kinds that match besides equal ones: KShisen's "Chinese style" groups.

use std::fmt;
use std::str::FromStr;

use crate::query::MAX_KIND;

/// Kinds that match each other besides equal kinds (KShisen's "Chinese
/// style": any season with any season, any flower with any flower).
///
/// Two tiles match when their kinds are equal or both belong to the same
/// group. Written `28-31,39-42`: a comma-separated list of groups, each an
/// inclusive range `a-b` or a list `a+b+c` (a single kind is a group of
/// one). No kind may be in two groups; kind 0 (empty) is in none.
///
/// ```
/// use lianliankan::Groups;
/// let groups: Groups = "28-31,39+41".parse().unwrap();
/// assert!(groups.matches(28, 30) && groups.matches(39, 41) && groups.matches(5, 5));
/// assert!(!groups.matches(28, 39) && !groups.matches(39, 40));
/// assert_eq!(groups.to_string(), "28-31,39+41");
/// assert!("3-1".parse::<Groups>().is_err());
/// ```
///
/// With the `serde` feature groups are written as their text, `"28-31,39+41"`
/// (`""` for none), and read as [`str::parse`] reads them (the empty text
/// is no groups), refused with [`BadGroups`]'s message.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Groups {
    /// Disjoint ranges of kinds, sorted by their first kind, each with the
    /// index of its group (a list `a+b` is one range per kind).
    ranges: Vec<Range>,
    /// How each group was written, for `Display`.
    written: Vec<Vec<(u32, u32)>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Range {
    lo: u32,
    hi: u32,
    group: u32,
}

/// Which class of matching tiles a kind belongs to: tiles match exactly when
/// their classes are equal. A kind in no group is its own class.
///
/// With the `serde` feature a class is written as the number that stands
/// for it; it means something only beside the [`Groups`] that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(transparent)
)]
pub struct Class(u64);

impl Groups {
    /// No groups: only equal kinds match.
    #[must_use]
    pub fn none() -> Groups {
        Groups::default()
    }

    /// Whether there are no groups.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Whether tiles of kinds `a` and `b` (both non-zero) match.
    #[must_use]
    pub fn matches(&self, a: u32, b: u32) -> bool {
        self.class(a) == self.class(b)
    }

    /// The groups as written: each a list of inclusive ranges of kinds (a
    /// range `a-b` is one, a list `a+b+c` is one range per kind).
    pub fn list(&self) -> impl Iterator<Item = &[(u32, u32)]> + '_ {
        self.written.iter().map(Vec::as_slice)
    }

    /// The class of `kind`.
    ///
    /// # Complexity
    /// O(log g) for g ranges; O(1) with no groups.
    #[must_use]
    pub fn class(&self, kind: u32) -> Class {
        if self.ranges.is_empty() {
            return Class(u64::from(kind));
        }
        let i = self.ranges.partition_point(|r| r.hi < kind);
        match self.ranges.get(i) {
            Some(r) if r.lo <= kind => Class((1 << 32) | u64::from(r.group)),
            _ => Class(u64::from(kind)),
        }
    }
}

/// Why a groups text was refused; `Display` names the bad text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BadGroups {
    /// The offending part of the text.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl fmt::Display for BadGroups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad group `{}`: {}", self.text, self.reason)
    }
}

impl std::error::Error for BadGroups {}

impl FromStr for Groups {
    type Err = BadGroups;

    fn from_str(s: &str) -> Result<Groups, BadGroups> {
        let bad = |text: &str, reason| BadGroups {
            text: text.to_owned(),
            reason,
        };
        let kind = |text: &str| -> Result<u32, BadGroups> {
            let value: u32 = text
                .parse()
                .map_err(|_| bad(text, "expected a kind (a whole number)"))?;
            match value {
                0 => Err(bad(text, "kind 0 is an empty cell, not a tile")),
                v if v > MAX_KIND => Err(bad(text, "the kind is larger than 4294967294")),
                v => Ok(v),
            }
        };
        let mut groups = Groups::default();
        for part in s.split(',') {
            let group = u32::try_from(groups.written.len()).expect("fewer groups than bytes");
            let mut spans = Vec::new();
            if let Some((lo, hi)) = part.split_once('-') {
                let (lo, hi) = (kind(lo)?, kind(hi)?);
                if lo > hi {
                    return Err(bad(part, "a range must run from the smaller kind"));
                }
                spans.push((lo, hi));
            } else {
                for k in part.split('+') {
                    let k = kind(k)?;
                    spans.push((k, k));
                }
            }
            for &(lo, hi) in &spans {
                groups.ranges.push(Range { lo, hi, group });
            }
            groups.written.push(spans);
        }
        groups.ranges.sort_by_key(|r| r.lo);
        for w in groups.ranges.windows(2) {
            if w[1].lo <= w[0].hi {
                let (a, b) = (w[0], w[1]);
                let text = if a.group == b.group {
                    s.split(',').nth(a.group as usize).unwrap_or(s).to_owned()
                } else {
                    format!(
                        "{},{}",
                        s.split(',').nth(a.group as usize).unwrap_or(s),
                        s.split(',').nth(b.group as usize).unwrap_or(s)
                    )
                };
                return Err(BadGroups {
                    text,
                    reason: "a kind is listed twice",
                });
            }
        }
        Ok(groups)
    }
}

impl fmt::Display for Groups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, spans) in self.written.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match spans.as_slice() {
                [(lo, hi)] if lo != hi => write!(f, "{lo}-{hi}")?,
                _ => {
                    for (j, (k, _)) in spans.iter().enumerate() {
                        if j > 0 {
                            f.write_str("+")?;
                        }
                        write!(f, "{k}")?;
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Groups {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Groups {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Groups, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        if text.is_empty() {
            return Ok(Groups::none());
        }
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_parse_match_and_refuse() {
        let g: Groups = "39-42,28+30+31,7".parse().unwrap();
        assert_eq!(g.to_string(), "39-42,28+30+31,7");
        assert!(g.matches(39, 42) && g.matches(28, 31) && g.matches(7, 7));
        assert!(!g.matches(28, 29) && !g.matches(42, 28) && !g.matches(43, 42));
        assert!(g.matches(100, 100) && !g.matches(100, 101));
        assert_eq!(g.class(29), Groups::none().class(29));
        let refused = |s: &str| s.parse::<Groups>().unwrap_err().to_string();
        assert_eq!(
            refused("1-3,3-5"),
            "bad group `1-3,3-5`: a kind is listed twice"
        );
        assert_eq!(refused("2+2"), "bad group `2+2`: a kind is listed twice");
        assert_eq!(
            refused("5-2"),
            "bad group `5-2`: a range must run from the smaller kind"
        );
        assert_eq!(
            refused("0-2"),
            "bad group `0`: kind 0 is an empty cell, not a tile"
        );
        assert_eq!(
            refused("1-x"),
            "bad group `x`: expected a kind (a whole number)"
        );
        assert_eq!(
            refused(""),
            "bad group ``: expected a kind (a whole number)"
        );
        assert_eq!(
            refused("4294967295"),
            "bad group `4294967295`: the kind is larger than 4294967294"
        );
    }
}
