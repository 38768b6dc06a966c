//! Which pairs count and what happens after a removal: the turn limit, the
//! border rule, gravity, matching groups and the connection rule.

use std::fmt;
use std::str::FromStr;

use crate::MAX_KIND;

/// Whether a path may leave the board.
///
/// With the `serde` feature a border is written by its command-line name,
/// `"closed"` or `"open"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Border {
    /// The path stays on the board (the HDU 1175 judge rule).
    #[default]
    Closed,
    /// The path may also run through a one-cell empty ring around the board,
    /// as in Shisen-Sho and Onet. (A wider margin never helps.)
    Open,
}

/// How the tiles slide after every removal (the games' "gravity").
///
/// Compacting a line (a row or a column) toward one end moves its tiles, in
/// their order, onto the cells nearest that end. A line of L cells has a
/// first half, cells `0..ceil(L/2)` (the top or left half; the middle cell
/// of an odd line belongs to it), and a second half, the rest; the split
/// modes compact each half on its own cells, so no tile crosses the middle.
/// A board given with empty cells is not compacted until the first removal.
///
/// With the `serde` feature a mode is written by its command-line name
/// ([`Gravity::name`]: `"none"`, `"down"`, ..., `"apart-vertical"`, ...),
/// and an unknown name is refused with [`UnknownGravity`]'s message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gravity {
    /// Nothing moves (the judge's rule).
    #[default]
    None,
    /// Every column compacted toward the bottom (KShisen's gravity).
    Down,
    /// Every column compacted toward the top.
    Up,
    /// Every row compacted toward the left.
    Left,
    /// Every row compacted toward the right.
    Right,
    /// In every column, the top half up and the bottom half down.
    ApartVertical,
    /// In every column, the top half down and the bottom half up.
    TogetherVertical,
    /// In every row, the left half left and the right half right.
    ApartHorizontal,
    /// In every row, the left half right and the right half left.
    TogetherHorizontal,
    /// Rows in the top half of the board compacted left, rows in the bottom
    /// half right.
    TopLeftBottomRight,
    /// Columns in the left half of the board compacted down, columns in the
    /// right half up.
    LeftDownRightUp,
    /// [`Gravity::ApartVertical`] on the whole board, then
    /// [`Gravity::ApartHorizontal`].
    Outward,
    /// [`Gravity::TogetherVertical`] on the whole board, then
    /// [`Gravity::TogetherHorizontal`].
    Inward,
}

impl Gravity {
    /// Every mode, in the order of the table in the crate's documentation.
    pub const ALL: [Gravity; 13] = [
        Gravity::None,
        Gravity::Down,
        Gravity::Up,
        Gravity::Left,
        Gravity::Right,
        Gravity::ApartVertical,
        Gravity::TogetherVertical,
        Gravity::ApartHorizontal,
        Gravity::TogetherHorizontal,
        Gravity::TopLeftBottomRight,
        Gravity::LeftDownRightUp,
        Gravity::Outward,
        Gravity::Inward,
    ];

    /// The mode's name on the command line: `none`, `down`, ...,
    /// `apart-vertical`, ..., `outward`, `inward`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Gravity::None => "none",
            Gravity::Down => "down",
            Gravity::Up => "up",
            Gravity::Left => "left",
            Gravity::Right => "right",
            Gravity::ApartVertical => "apart-vertical",
            Gravity::TogetherVertical => "together-vertical",
            Gravity::ApartHorizontal => "apart-horizontal",
            Gravity::TogetherHorizontal => "together-horizontal",
            Gravity::TopLeftBottomRight => "top-left-bottom-right",
            Gravity::LeftDownRightUp => "left-down-right-up",
            Gravity::Outward => "outward",
            Gravity::Inward => "inward",
        }
    }
}

impl fmt::Display for Gravity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A gravity mode name that is not one of [`Gravity::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownGravity(pub String);

impl fmt::Display for UnknownGravity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Gravity::ALL.iter().map(|g| g.name()).collect();
        write!(
            f,
            "unknown gravity mode `{}` (one of: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownGravity {}

impl FromStr for Gravity {
    type Err = UnknownGravity;

    fn from_str(s: &str) -> Result<Gravity, UnknownGravity> {
        Gravity::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| UnknownGravity(s.to_owned()))
    }
}

/// Which pairs of tiles a path may join: the connection rule (SPEC §8).
///
/// With the `serde` feature a rule is written by its command-line name,
/// `"standard"`, `"four-rivers"` or `"line"`, and an unknown name is
/// refused with [`UnknownConnect`]'s message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Connect {
    /// A path of at most `max_turns` turns through empty cells (and the
    /// ring with [`Border::Open`]): the judge's rule.
    #[default]
    Standard,
    /// PySolFC's "Four Rivers": as [`Connect::Standard`], but two tiles
    /// side by side do not connect through their shared edge; they need a
    /// path through at least one empty (or ring) cell, a U around them, say.
    FourRivers,
    /// PySolFC's "Not Shisen-Sho": two matching tiles connect when they
    /// share a row or a column, whatever lies between; nothing else
    /// connects. The path is the straight segment; the turn limit and the
    /// border have no effect.
    Line,
}

impl Connect {
    /// Every rule, the default first.
    pub const ALL: [Connect; 3] = [Connect::Standard, Connect::FourRivers, Connect::Line];

    /// The rule's name on the command line: `standard`, `four-rivers` or
    /// `line`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Connect::Standard => "standard",
            Connect::FourRivers => "four-rivers",
            Connect::Line => "line",
        }
    }
}

impl fmt::Display for Connect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A connection rule name that is not one of [`Connect::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownConnect(pub String);

impl fmt::Display for UnknownConnect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Connect::ALL.iter().map(|c| c.name()).collect();
        write!(
            f,
            "unknown connection rule `{}` (one of: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownConnect {}

impl FromStr for Connect {
    type Err = UnknownConnect;

    fn from_str(s: &str) -> Result<Connect, UnknownConnect> {
        Connect::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| UnknownConnect(s.to_owned()))
    }
}

impl Border {
    /// Both rules, closed first (the default).
    pub const ALL: [Border; 2] = [Border::Closed, Border::Open];

    /// The rule's name on the command line: `closed` or `open`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Border::Closed => "closed",
            Border::Open => "open",
        }
    }
}

impl fmt::Display for Border {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A border rule name that is not one of [`Border::ALL`]'s.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBorder(pub String);

impl fmt::Display for UnknownBorder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Border::ALL.iter().map(|b| b.name()).collect();
        write!(
            f,
            "unknown border rule `{}` (one of: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownBorder {}

impl FromStr for Border {
    type Err = UnknownBorder;

    fn from_str(s: &str) -> Result<Border, UnknownBorder> {
        Border::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| UnknownBorder(s.to_owned()))
    }
}

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

/// The rules of a game: how many turns a path may make, whether it may
/// leave the board, how the tiles slide after a removal, which kinds
/// match, which pairs connect, and whether a tile may be pushed before its
/// removal (KShisen's sliding tiles). `Rules::default()` is the judge's: 2
/// turns, closed border, no gravity, only equal kinds match, the standard
/// connection, no slides.
///
/// ```
/// use lianliankan::{Border, Gravity, Rules};
/// let kshisen = Rules {
///     border: Border::Open,
///     gravity: Gravity::Down,
///     groups: "28-31,39-42".parse().unwrap(),
///     ..Rules::default()
/// };
/// assert_eq!(kshisen.max_turns, 2);
/// ```
///
/// With the `serde` feature the rules are an object with the command line's
/// names, `{"turns": 2, "border": "open", "gravity": "down", "groups":
/// "28-31,39-42", "connect": "standard", "slide": true}` (`slide` written only when set); every field may be left out (the judge's rule fills it
/// in), and an unknown field is refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct Rules {
    /// The most turns a path may make (2 in the judge; segments = turns + 1).
    #[cfg_attr(feature = "serde", serde(rename = "turns"))]
    pub max_turns: usize,
    /// The border rule.
    pub border: Border,
    /// What happens after a removal (engine only: the judge removes
    /// nothing).
    pub gravity: Gravity,
    /// Kinds that match besides equal ones.
    pub groups: Groups,
    /// Which pairs connect: [`Connect::Standard`] paths, or one of the
    /// variants.
    pub connect: Connect,
    /// KShisen's sliding tiles ("tiles can slide, but you can connect only
    /// in 2 lines instead of 3"): besides plain pairs joined by a path of
    /// at most one turn on the board, a move may first push the first
    /// tile of the pair, with the run of tiles in front of it, along its
    /// row or column to the corner from which a straight empty segment
    /// reaches its partner ([`Move::slide`](crate::Move::slide)).
    ///
    /// When it is set, `max_turns`, `border` and `connect` are not read:
    /// paths are standard ones with at most one turn on the board
    /// ([`Rules::path_limits`]). (With the `serde` feature, written only
    /// when set.)
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_false"))]
    pub slide: bool,
}

impl Rules {
    /// Whether tiles of kinds `a` and `b` (both non-zero) match.
    #[must_use]
    pub fn matches(&self, a: u32, b: u32) -> bool {
        self.groups.matches(a, b)
    }

    /// The path rule in force: the most turns a path may make and the
    /// border it obeys. `(max_turns, border)`, but with [`Rules::slide`]
    /// one turn on the board, `(1, Border::Closed)`, whatever those fields
    /// say. The one place the engine and the queries derive it from.
    ///
    /// ```
    /// use lianliankan::{Border, Rules};
    /// let open = Rules { max_turns: 3, border: Border::Open, ..Rules::default() };
    /// assert_eq!(open.path_limits(), (3, Border::Open));
    /// let slide = Rules { slide: true, ..open };
    /// assert_eq!(slide.path_limits(), (1, Border::Closed));
    /// ```
    #[must_use]
    pub fn path_limits(&self) -> (usize, Border) {
        if self.slide {
            (1, Border::Closed)
        } else {
            (self.max_turns, self.border)
        }
    }

    /// These rules with [`Rules::path_limits`] written into `max_turns`
    /// and `border`, and under slide the standard connection in `connect`
    /// (borrowed when they are there already), so that code that reads
    /// those fields obeys the path rule in force. Every entry point of the
    /// engine calls it once.
    pub(crate) fn effective(&self) -> std::borrow::Cow<'_, Rules> {
        let (max_turns, border) = self.path_limits();
        let connect = if self.slide {
            Connect::Standard
        } else {
            self.connect
        };
        if (max_turns, border, connect) == (self.max_turns, self.border, self.connect) {
            std::borrow::Cow::Borrowed(self)
        } else {
            std::borrow::Cow::Owned(Rules {
                max_turns,
                border,
                connect,
                ..self.clone()
            })
        }
    }
}

/// Whether a flag is off (a `serde` field written only when set).
#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_false(flag: &bool) -> bool {
    !*flag
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            max_turns: 2,
            border: Border::Closed,
            gravity: Gravity::None,
            groups: Groups::none(),
            connect: Connect::Standard,
            slide: false,
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Gravity {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Gravity {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Gravity, D::Error> {
        let name = <String as serde::Deserialize>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Connect {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Connect {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Connect, D::Error> {
        let name = <String as serde::Deserialize>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
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
    fn gravity_names_round_trip() {
        for g in Gravity::ALL {
            assert_eq!(g.name().parse::<Gravity>(), Ok(g));
        }
        let error = "sideways".parse::<Gravity>().unwrap_err().to_string();
        assert!(error.starts_with("unknown gravity mode `sideways` (one of: none, down,"));
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
