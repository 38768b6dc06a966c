//! The rules of a game: the turn limit, the border rule, gravity, matching
//! groups, the connection rule and sliding tiles; one value, [`Rules`],
//! valid by construction: made from a preset and setters that refuse a
//! conflicting setting, or from a [`RulesForm`], the settings by name as
//! every face (the command line, Python, C, the web game, serde) receives
//! them.
//!
//! A new setting is added here in the field of [`Rules`] with its getter
//! and setter (the setter refusing what contradicts another setting:
//! [`RulesError`]), [`RulesForm`] (its name and how it is read) and the
//! serde form (`Rules`' `Serialize`, written only when it differs from the
//! judge's, so that the keys of rules stored before stay the same); then
//! in each face's setter and getter (ARCHITECTURE.md, *A new setting of
//! `Rules`*, lists every place). The sample rules of
//! `fixtures/rules/samples.json` give each setting a value other than the
//! judge's (a test here refuses a setting that none changes), and each
//! face's tests read every one of them.

mod form;
mod groups;
mod names;

use std::fmt;

pub use form::RulesForm;
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
/// setters. A value is always consistent: sliding tiles fix the path rule
/// (one turn, on the board, the standard connection), so
/// [`Rules::with_slide`] writes it, and a setter that would contradict it
/// returns a [`RulesError`] naming the conflict, the message every face of
/// the engine (the command line, Python, C, the web game) shows. The
/// engine plays the fields as they are.
///
/// ```
/// use lianliankan::{Border, Connect, Gravity, Rules, RulesError};
/// let kshisen = Rules::kshisen().with_groups("28-31,39-42".parse().unwrap());
/// assert_eq!((kshisen.max_turns(), kshisen.border(), kshisen.gravity()), (2, Border::Open, Gravity::Down));
///
/// let sliding = Rules::kshisen().with_slide(true)?; // one turn, on the board
/// assert_eq!((sliding.max_turns(), sliding.border()), (1, Border::Closed));
/// let bad = sliding.with_connect(Connect::Line);
/// assert_eq!(bad, Err(RulesError::SlideConnect(Connect::Line)));
/// assert_eq!(
///     bad.unwrap_err().to_string(),
///     "sliding tiles need the standard connection rule, not line"
/// );
/// # Ok::<(), RulesError>(())
/// ```
///
/// With the `serde` feature the rules are an object with the command line's
/// names, `{"turns": 2, "border": "open", "gravity": "down", "groups":
/// "28-31,39-42", "connect": "standard", "slide": true}` (`slide` written
/// only when set); `Rules::key` is that text, the one key of a rules
/// value. It is read as a [`RulesForm`]: every field may be left out, an
/// unknown field is refused, and conflicting settings are refused with
/// the setters' message.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "RulesForm")
)]
pub struct Rules {
    #[cfg_attr(feature = "serde", serde(rename = "turns"))]
    max_turns: usize,
    border: Border,
    gravity: Gravity,
    groups: Groups,
    connect: Connect,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "is_false"))]
    slide: bool,
}

/// Whether a flag is off (a field written only when set).
#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_false(flag: &bool) -> bool {
    !*flag
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
        Rules {
            border: Border::Open,
            gravity: Gravity::Down,
            ..Rules::judge()
        }
    }

    /// The most turns a path may make (2 in the judge; segments = turns +
    /// 1; 1 with sliding tiles).
    #[must_use]
    pub fn max_turns(&self) -> usize {
        self.max_turns
    }

    /// The border rule ([`Border::Closed`] with sliding tiles).
    #[must_use]
    pub fn border(&self) -> Border {
        self.border
    }

    /// What happens after a removal (engine only: the judge removes
    /// nothing).
    #[must_use]
    pub fn gravity(&self) -> Gravity {
        self.gravity
    }

    /// Kinds that match besides equal ones.
    #[must_use]
    pub fn groups(&self) -> &Groups {
        &self.groups
    }

    /// Which pairs connect: [`Connect::Standard`] paths, or one of the
    /// variants ([`Connect::Standard`] with sliding tiles).
    #[must_use]
    pub fn connect(&self) -> Connect {
        self.connect
    }

    /// KShisen's sliding tiles ("tiles can slide, but you can connect only
    /// in 2 lines instead of 3"): besides plain pairs joined by a path of
    /// at most one turn on the board, a move may first push the first
    /// tile of the pair, with the run of tiles in front of it, along its
    /// row or column to the corner from which a straight empty segment
    /// reaches its partner ([`Move::slide`](crate::Move::slide)). Rules
    /// with slides always have one turn, the closed border and the
    /// standard connection.
    #[must_use]
    pub fn slide(&self) -> bool {
        self.slide
    }

    /// These rules with at most `max_turns` turns a path.
    ///
    /// # Errors
    /// [`RulesError::SlideTurns`] when these rules have sliding tiles and
    /// `max_turns` is not 1.
    pub fn with_turns(self, max_turns: usize) -> Result<Rules, RulesError> {
        if self.slide && max_turns != 1 {
            return Err(RulesError::SlideTurns(max_turns));
        }
        Ok(Rules { max_turns, ..self })
    }

    /// These rules with `border`.
    ///
    /// # Errors
    /// [`RulesError::SlideBorder`] when these rules have sliding tiles and
    /// `border` is not [`Border::Closed`].
    pub fn with_border(self, border: Border) -> Result<Rules, RulesError> {
        if self.slide && border != Border::Closed {
            return Err(RulesError::SlideBorder(border));
        }
        Ok(Rules { border, ..self })
    }

    /// These rules with the connection rule `connect`.
    ///
    /// # Errors
    /// [`RulesError::SlideConnect`] when these rules have sliding tiles and
    /// `connect` is not [`Connect::Standard`].
    pub fn with_connect(self, connect: Connect) -> Result<Rules, RulesError> {
        if self.slide && connect != Connect::Standard {
            return Err(RulesError::SlideConnect(connect));
        }
        Ok(Rules { connect, ..self })
    }

    /// These rules with KShisen's sliding tiles on or off. On, it also
    /// writes the path rule slides fix: one turn, the closed border.
    /// Off, the turns and border stay as they are.
    ///
    /// # Errors
    /// [`RulesError::SlideConnect`] when `slide` is on and the connection
    /// rule is not [`Connect::Standard`] (slides have no other).
    pub fn with_slide(self, slide: bool) -> Result<Rules, RulesError> {
        if !slide {
            return Ok(Rules { slide, ..self });
        }
        if self.connect != Connect::Standard {
            return Err(RulesError::SlideConnect(self.connect));
        }
        Ok(Rules {
            slide,
            max_turns: 1,
            border: Border::Closed,
            ..self
        })
    }

    /// These rules with `gravity` (no setting conflicts with it).
    #[must_use]
    pub fn with_gravity(self, gravity: Gravity) -> Rules {
        Rules { gravity, ..self }
    }

    /// These rules with the matching `groups` (no setting conflicts with
    /// them).
    #[must_use]
    pub fn with_groups(self, groups: Groups) -> Rules {
        Rules { groups, ..self }
    }

    /// These rules without sliding tiles, the path rule as it is (one
    /// turn on the board when they had them): what turning slides off
    /// makes, which nothing refuses.
    #[must_use]
    pub(crate) fn without_slides(&self) -> Rules {
        Rules {
            slide: false,
            ..self.clone()
        }
    }

    /// Whether tiles of kinds `a` and `b` (both non-zero) match.
    #[must_use]
    pub fn matches(&self, a: u32, b: u32) -> bool {
        self.groups.matches(a, b)
    }

    /// The one key of a rules value: its serde form as compact JSON, the
    /// fields in a fixed order (`{"turns":2,"border":"closed","gravity":
    /// "none","groups":"","connect":"standard"}` for the judge's, with
    /// `"slide":true` after them when set). Equal rules have equal keys,
    /// and the key reads back (as [`RulesForm`], or `Rules`' own
    /// `Deserialize`) to the same rules. A setting added later is written
    /// only when it differs from the judge's, so the keys of rules made
    /// before it stay as they were (stored keys stay valid).
    ///
    /// ```
    /// use lianliankan::Rules;
    /// let key = Rules::kshisen().key();
    /// assert_eq!(key, r#"{"turns":2,"border":"open","gravity":"down","groups":"","connect":"standard"}"#);
    /// assert_eq!(serde_json::from_str::<Rules>(&key).unwrap(), Rules::kshisen());
    /// ```
    #[cfg(feature = "serde")]
    #[must_use]
    pub fn key(&self) -> String {
        serde_json::to_string(self).expect("rules are numbers, names and a flag: JSON writes them")
    }
}

impl Default for Rules {
    /// [`Rules::judge`].
    fn default() -> Self {
        Rules::judge()
    }
}

/// Why rules were refused: settings that contradict each other (what the
/// setters return), or, reading a [`RulesForm`], a name or groups text
/// that is not one. `Display` gives the message every face shows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// Sliding tiles with a connection rule other than the standard one.
    SlideConnect(Connect),
    /// Sliding tiles with a border that lets paths leave the board.
    SlideBorder(Border),
    /// Sliding tiles with a turn limit other than one.
    SlideTurns(usize),
    /// A border rule's name that is none.
    Border(UnknownBorder),
    /// A gravity mode's name that is none.
    Gravity(UnknownGravity),
    /// A connection rule's name that is none.
    Connect(UnknownConnect),
    /// Groups text that does not read.
    Groups(BadGroups),
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
            RulesError::Border(e) => e.fmt(f),
            RulesError::Gravity(e) => e.fmt(f),
            RulesError::Connect(e) => e.fmt(f),
            RulesError::Groups(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RulesError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_setters() {
        assert_eq!(Rules::default(), Rules::judge());
        let judge = Rules::judge();
        assert_eq!(
            (
                judge.max_turns(),
                judge.border(),
                judge.gravity(),
                judge.connect(),
                judge.slide()
            ),
            (2, Border::Closed, Gravity::None, Connect::Standard, false)
        );
        assert!(judge.groups().is_empty());
        let k = Rules::kshisen();
        assert_eq!(
            (k.max_turns(), k.border(), k.gravity()),
            (2, Border::Open, Gravity::Down)
        );
        let slide = Rules::kshisen().with_slide(true).unwrap();
        assert_eq!(
            (slide.max_turns(), slide.border(), slide.gravity()),
            (1, Border::Closed, Gravity::Down)
        );
        // Turning slides off leaves the path rule as it was written.
        assert_eq!(slide.clone().with_slide(false).unwrap().max_turns(), 1);
        // What slides fix may be set again to the same.
        assert_eq!(
            slide
                .clone()
                .with_turns(1)
                .and_then(|r| r.with_border(Border::Closed))
                .and_then(|r| r.with_connect(Connect::Standard)),
            Ok(slide)
        );
    }

    #[test]
    fn setters_refuse_each_conflict_with_slides() {
        let slide = Rules::judge().with_slide(true).unwrap();
        for connect in Connect::ALL {
            let expected = if connect == Connect::Standard {
                Ok(slide.clone())
            } else {
                Err(RulesError::SlideConnect(connect))
            };
            assert_eq!(slide.clone().with_connect(connect), expected);
            // Slides on a rule other than the standard are refused too.
            let plain = Rules::judge().with_connect(connect).unwrap();
            assert_eq!(plain.clone().with_slide(true), expected);
            // Without slides every connection rule, border and turn limit goes.
            let loose = plain
                .with_turns(5)
                .unwrap()
                .with_border(Border::Open)
                .unwrap();
            assert_eq!((loose.max_turns(), loose.border()), (5, Border::Open));
        }
        assert_eq!(
            slide.clone().with_border(Border::Open),
            Err(RulesError::SlideBorder(Border::Open))
        );
        assert_eq!(slide.clone().with_turns(0), Err(RulesError::SlideTurns(0)));
        assert_eq!(
            slide.with_turns(2).unwrap_err().to_string(),
            "sliding tiles allow paths of one turn: turns must be 1, not 2"
        );
    }

    #[test]
    fn the_form_reads_names_and_refuses_conflicts_in_one_order() {
        let form = |slide, turns, border: &str, connect: &str| RulesForm {
            slide: Some(slide),
            turns: Some(turns),
            border: Some(border.to_owned()),
            connect: Some(connect.to_owned()),
            ..RulesForm::default()
        };
        // The connection rule is named first, then the border, then turns.
        assert_eq!(
            Rules::try_from(form(true, 2, "open", "line")),
            Err(RulesError::SlideConnect(Connect::Line))
        );
        assert_eq!(
            Rules::try_from(form(true, 2, "open", "standard")),
            Err(RulesError::SlideBorder(Border::Open))
        );
        assert_eq!(
            Rules::try_from(form(true, 2, "closed", "standard")),
            Err(RulesError::SlideTurns(2))
        );
        assert_eq!(
            Rules::try_from(form(true, 1, "closed", "standard")),
            Rules::judge().with_slide(true)
        );
        let bad = RulesForm {
            gravity: Some("sideways".to_owned()),
            ..RulesForm::default()
        };
        assert_eq!(
            Rules::try_from(bad).unwrap_err().to_string(),
            "sideways".parse::<Gravity>().unwrap_err().to_string()
        );
        let groups = RulesForm {
            groups: Some(String::new()),
            ..RulesForm::default()
        };
        assert_eq!(Rules::try_from(groups), Ok(Rules::judge()));
        assert_eq!(Rules::try_from(RulesForm::default()), Ok(Rules::judge()));
    }

    /// Rules that, between them, give every setting a value other than
    /// the judge's, and every name of each setting's enum.
    fn samples() -> Vec<Rules> {
        let groups = |text: &str| text.parse::<Groups>().unwrap();
        let mut samples = vec![
            Rules::judge(),
            Rules::kshisen(),
            Rules {
                max_turns: 3,
                border: Border::Open,
                gravity: Gravity::Up,
                groups: groups("28-31,39+41"),
                connect: Connect::FourRivers,
                slide: false,
            },
            Rules {
                max_turns: 0,
                border: Border::Closed,
                gravity: Gravity::Outward,
                groups: groups("1-2"),
                connect: Connect::Line,
                slide: false,
            },
            Rules {
                max_turns: 1,
                border: Border::Closed,
                gravity: Gravity::Left,
                groups: groups("5+7"),
                connect: Connect::Standard,
                slide: true,
            },
        ];
        samples.extend(Gravity::ALL.map(|gravity| Rules::judge().with_gravity(gravity)));
        samples
    }

    /// A new field of `Rules` does not compile here until a sample changes
    /// it: then `fixtures/rules/samples.json` (below) carries it to every
    /// face's test, which fails until the face has it.
    #[test]
    fn the_samples_change_every_setting() {
        let samples = samples();
        let Rules {
            max_turns,
            border,
            gravity,
            groups,
            connect,
            slide,
        } = Rules::judge();
        assert!(samples.iter().any(|s| s.max_turns != max_turns));
        assert!(samples.iter().any(|s| s.border != border));
        assert!(samples.iter().any(|s| s.gravity != gravity));
        assert!(samples.iter().any(|s| s.groups != groups));
        assert!(samples.iter().any(|s| s.connect != connect));
        assert!(samples.iter().any(|s| s.slide != slide));
        for name in Connect::ALL {
            assert!(samples.iter().any(|s| s.connect == name), "{name}");
        }
        for name in Border::ALL {
            assert!(samples.iter().any(|s| s.border == name), "{name}");
        }
        // Every sample is a value the setters can make.
        for s in &samples {
            let made = Rules::judge()
                .with_slide(s.slide)
                .and_then(|r| r.with_connect(s.connect))
                .and_then(|r| r.with_border(s.border))
                .and_then(|r| r.with_turns(s.max_turns))
                .map(|r| r.with_gravity(s.gravity).with_groups(s.groups.clone()));
            assert_eq!(made.as_ref(), Ok(s));
        }
    }

    /// `fixtures/rules/samples.json` is the samples' keys, one a line, the
    /// judge's first: the faces' tests read it. The judge's key is fixed,
    /// so a new setting is written only when it differs from the judge's
    /// and the keys stored before stay valid.
    #[cfg(feature = "serde")]
    #[test]
    fn the_samples_fixture_is_their_keys() {
        let fixture = include_str!("../../../../fixtures/rules/samples.json");
        let keys: Vec<String> = samples().iter().map(Rules::key).collect();
        let written = format!("[\n{}\n]\n", keys.join(",\n"));
        assert_eq!(
            fixture, written,
            "write the samples' keys into fixtures/rules/samples.json"
        );
        assert_eq!(
            keys[0],
            r#"{"turns":2,"border":"closed","gravity":"none","groups":"","connect":"standard"}"#
        );
        for (key, rules) in keys.iter().zip(samples()) {
            assert_eq!(serde_json::from_str::<Rules>(key).unwrap(), rules);
        }
    }
}
