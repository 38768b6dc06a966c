//! The rules of a game: the turn limit, the border rule, gravity, matching
//! groups, the connection rule and sliding tiles; one value, [`Rules`],
//! made from a preset and setters and checked by [`Rules::validate`].

mod groups;
mod names;

use std::fmt;

pub use groups::{BadGroups, Class, Groups};
pub use names::{Border, Connect, Gravity, UnknownBorder, UnknownConnect, UnknownGravity};

/// The rules of a game: how many turns a path may make, whether it may
/// leave the board, how the tiles slide after a removal, which kinds
/// match, which pairs connect, and whether a tile may be pushed before its
/// removal (KShisen's sliding tiles). docs/rules.md explains and draws
/// each with examples.
///
/// Rules start from a preset — [`Rules::judge`] (also `Rules::default()`:
/// 2 turns, closed border, no gravity, only equal kinds match, the
/// standard connection, no slides) or [`Rules::kshisen`] (the same, but
/// around the board and gravity down) — and are changed by the `with_`
/// setters. Some combinations contradict each other (sliding tiles fix the
/// path rule); [`Rules::validate`] names the conflict, and every face of
/// the engine (the command line, Python, C, the web game) refuses rules
/// with its message. The fields are public for reading; the struct is
/// `#[non_exhaustive]`, so that a setting added later breaks nobody.
///
/// ```
/// use lianliankan::{Border, Connect, Gravity, Rules, RulesError};
/// let kshisen = Rules::kshisen().with_groups("28-31,39-42".parse().unwrap());
/// assert_eq!((kshisen.max_turns, kshisen.border, kshisen.gravity), (2, Border::Open, Gravity::Down));
/// assert_eq!(kshisen.validate(), Ok(()));
///
/// let sliding = Rules::kshisen().with_slide(true); // one turn, on the board
/// assert_eq!((sliding.max_turns, sliding.border), (1, Border::Closed));
/// let bad = sliding.with_connect(Connect::Line);
/// assert_eq!(bad.validate(), Err(RulesError::SlideConnect(Connect::Line)));
/// assert_eq!(
///     bad.validate().unwrap_err().to_string(),
///     "sliding tiles need the standard connection rule, not line"
/// );
/// ```
///
/// With the `serde` feature the rules are an object with the command line's
/// names, `{"turns": 2, "border": "open", "gravity": "down", "groups":
/// "28-31,39-42", "connect": "standard", "slide": true}` (`slide` written
/// only when set). Every field may be left out: the rules read are
/// `Rules::judge().with_slide(slide)` (when `slide` is given) followed by
/// the setters of the fields given, and they must pass
/// [`Rules::validate`]; an unknown field is refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "serde_form::RulesForm")
)]
#[non_exhaustive]
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
    /// It fixes the path rule: one turn, on the board, the standard
    /// connection ([`Rules::with_slide`] sets them; [`Rules::validate`]
    /// refuses anything else with it). (With the `serde` feature, written
    /// only when set.)
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "serde_form::is_false"))]
    pub slide: bool,
}

impl Rules {
    /// The HDU 1175 judge's rules, and `Rules::default()`: 2 turns, closed
    /// border, no gravity, only equal kinds match, the standard connection,
    /// no slides.
    #[must_use]
    pub fn judge() -> Rules {
        Rules {
            max_turns: 2,
            border: Border::Closed,
            gravity: Gravity::None,
            groups: Groups::none(),
            connect: Connect::Standard,
            slide: false,
        }
    }

    /// KShisen's default game (and the Onet games'): 2 turns, paths may
    /// run around the board, gravity down, only equal kinds match (add
    /// KShisen's "Chinese style" with `.with_groups("28-31,39-42")`).
    #[must_use]
    pub fn kshisen() -> Rules {
        Rules::judge()
            .with_border(Border::Open)
            .with_gravity(Gravity::Down)
    }

    /// These rules with at most `max_turns` turns a path.
    #[must_use]
    pub fn with_turns(mut self, max_turns: usize) -> Rules {
        self.max_turns = max_turns;
        self
    }

    /// These rules with `border`.
    #[must_use]
    pub fn with_border(mut self, border: Border) -> Rules {
        self.border = border;
        self
    }

    /// These rules with `gravity`.
    #[must_use]
    pub fn with_gravity(mut self, gravity: Gravity) -> Rules {
        self.gravity = gravity;
        self
    }

    /// These rules with the matching `groups`.
    #[must_use]
    pub fn with_groups(mut self, groups: Groups) -> Rules {
        self.groups = groups;
        self
    }

    /// These rules with the connection rule `connect`.
    #[must_use]
    pub fn with_connect(mut self, connect: Connect) -> Rules {
        self.connect = connect;
        self
    }

    /// These rules with KShisen's sliding tiles on or off. On, it also
    /// writes the path rule slides fix: one turn, the closed border (the
    /// connection rule is left as it is: another one than the standard is
    /// a conflict [`Rules::validate`] reports). Setters called after it
    /// may break that rule, and `validate` says so.
    #[must_use]
    pub fn with_slide(mut self, slide: bool) -> Rules {
        self.slide = slide;
        if slide {
            self.max_turns = 1;
            self.border = Border::Closed;
        }
        self
    }

    /// Whether these rules are consistent: `Ok`, or the first conflict
    /// found. Sliding tiles fix the path rule (one turn, on the board, the
    /// standard connection), so turns other than 1, the open border or
    /// another connection rule with them are refused. Every face of the
    /// engine calls it on the rules it is given and shows its message.
    ///
    /// The engine itself plays any value: rules that fail here are played
    /// by the path rule [`Rules::path_limits`] says.
    ///
    /// # Errors
    /// [`RulesError`], naming the conflict.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !self.slide {
            return Ok(());
        }
        if self.connect != Connect::Standard {
            return Err(RulesError::SlideConnect(self.connect));
        }
        if self.border != Border::Closed {
            return Err(RulesError::SlideBorder(self.border));
        }
        if self.max_turns != 1 {
            return Err(RulesError::SlideTurns(self.max_turns));
        }
        Ok(())
    }

    /// Whether tiles of kinds `a` and `b` (both non-zero) match.
    #[must_use]
    pub fn matches(&self, a: u32, b: u32) -> bool {
        self.groups.matches(a, b)
    }

    /// The path rule in force: the most turns a path may make and the
    /// border it obeys. `(max_turns, border)`, but with [`Rules::slide`]
    /// one turn on the board, `(1, Border::Closed)`, whatever those fields
    /// say (they say so in rules that pass [`Rules::validate`]). The one
    /// place the engine and the queries derive it from.
    ///
    /// ```
    /// use lianliankan::{Border, Rules};
    /// let open = Rules::judge().with_turns(3).with_border(Border::Open);
    /// assert_eq!(open.path_limits(), (3, Border::Open));
    /// assert_eq!(open.with_slide(true).path_limits(), (1, Border::Closed));
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
    /// (borrowed when they are there already, as they are in rules that
    /// pass [`Rules::validate`]), so that code that reads those fields
    /// obeys the path rule in force. Every entry point of the engine calls
    /// it once.
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

impl Default for Rules {
    /// [`Rules::judge`].
    fn default() -> Self {
        Rules::judge()
    }
}

/// Why [`Rules::validate`] refused rules: the settings that contradict
/// each other. `Display` gives the message every face shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// Sliding tiles with a connection rule other than the standard one.
    SlideConnect(Connect),
    /// Sliding tiles with a border that lets paths leave the board.
    SlideBorder(Border),
    /// Sliding tiles with a turn limit other than one.
    SlideTurns(usize),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::SlideConnect(connect) => write!(
                f,
                "sliding tiles need the standard connection rule, not {connect}"
            ),
            RulesError::SlideBorder(border) => write!(
                f,
                "sliding tiles keep paths on the board: the border must be closed, not {border}"
            ),
            RulesError::SlideTurns(turns) => write!(
                f,
                "sliding tiles allow paths of one turn: turns must be 1, not {turns}"
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// The serde form of [`Rules`]: every field optional, read as the
/// rules' documentation says.
#[cfg(feature = "serde")]
mod serde_form {
    use super::{Border, Connect, Gravity, Groups, Rules};

    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(super) struct RulesForm {
        turns: Option<usize>,
        border: Option<Border>,
        gravity: Option<Gravity>,
        groups: Option<Groups>,
        connect: Option<Connect>,
        slide: Option<bool>,
    }

    impl TryFrom<RulesForm> for Rules {
        type Error = super::RulesError;

        fn try_from(form: RulesForm) -> Result<Rules, Self::Error> {
            let mut rules = Rules::judge().with_slide(form.slide.unwrap_or(false));
            if let Some(turns) = form.turns {
                rules = rules.with_turns(turns);
            }
            if let Some(border) = form.border {
                rules = rules.with_border(border);
            }
            if let Some(gravity) = form.gravity {
                rules = rules.with_gravity(gravity);
            }
            if let Some(groups) = form.groups {
                rules = rules.with_groups(groups);
            }
            if let Some(connect) = form.connect {
                rules = rules.with_connect(connect);
            }
            rules.validate()?;
            Ok(rules)
        }
    }

    /// Whether a flag is off (a field written only when set).
    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub(super) fn is_false(flag: &bool) -> bool {
        !*flag
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_setters() {
        assert_eq!(Rules::default(), Rules::judge());
        let judge = Rules::judge();
        assert_eq!(
            (
                judge.max_turns,
                judge.border,
                judge.gravity,
                judge.connect,
                judge.slide
            ),
            (2, Border::Closed, Gravity::None, Connect::Standard, false)
        );
        assert!(judge.groups.is_empty());
        let k = Rules::kshisen();
        assert_eq!(
            (k.max_turns, k.border, k.gravity),
            (2, Border::Open, Gravity::Down)
        );
        let slide = Rules::kshisen().with_slide(true);
        assert_eq!(
            (slide.max_turns, slide.border, slide.gravity),
            (1, Border::Closed, Gravity::Down)
        );
        assert_eq!(slide.validate(), Ok(()));
        // Turning slides off leaves the path rule as it was written.
        assert_eq!(slide.clone().with_slide(false).max_turns, 1);
    }

    #[test]
    fn validate_names_each_conflict() {
        let slide = Rules::judge().with_slide(true);
        for connect in Connect::ALL {
            let rules = slide.clone().with_connect(connect);
            let expected = if connect == Connect::Standard {
                Ok(())
            } else {
                Err(RulesError::SlideConnect(connect))
            };
            assert_eq!(rules.validate(), expected);
            // Without slides every connection rule, border and turn limit goes.
            assert_eq!(
                rules
                    .with_slide(false)
                    .with_turns(5)
                    .with_border(Border::Open)
                    .validate(),
                Ok(())
            );
        }
        assert_eq!(
            slide.clone().with_border(Border::Open).validate(),
            Err(RulesError::SlideBorder(Border::Open))
        );
        assert_eq!(
            slide.clone().with_turns(0).validate(),
            Err(RulesError::SlideTurns(0))
        );
        assert_eq!(
            slide.with_turns(2).to_string_error(),
            "sliding tiles allow paths of one turn: turns must be 1, not 2"
        );
    }

    impl Rules {
        fn to_string_error(&self) -> String {
            self.validate().unwrap_err().to_string()
        }
    }
}
