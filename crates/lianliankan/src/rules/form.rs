//! [`RulesForm`]: rules as every face receives them, each setting by its
//! name, given or left to the judge's; read into [`Rules`] in one order,
//! so that every face refuses the same settings with the same message.

use super::{Border, Connect, Gravity, Groups, Rules, RulesError};

/// Rules as the faces receive them: each setting by the name the command
/// line, Python's keywords, C's setters and the web game give it, as
/// text, a number or a flag; `None` leaves the judge's. It is the serde
/// form of [`Rules`] (with the `serde` feature: an unknown field is
/// refused; what is read here is only the shape, the names are read by
/// `Rules::try_from`, so a caller can tell the two refusals apart).
///
/// `Rules::try_from(form)` starts from [`Rules::judge`], turns sliding
/// tiles on when `slide` is, then reads and sets `connect`, `border`,
/// `turns`, `gravity` and `groups` (an empty groups text is none): the
/// first name that is none, or setting that contradicts sliding tiles, is
/// the error. A turn limit beyond `usize` is `usize::MAX` (no path has
/// that many turns).
///
/// ```
/// use lianliankan::{Border, Rules, RulesForm};
/// let form = RulesForm { border: Some("open".into()), turns: Some(3), ..RulesForm::default() };
/// let rules = Rules::try_from(form).unwrap();
/// assert_eq!((rules.max_turns(), rules.border()), (3, Border::Open));
///
/// let conflict = RulesForm { slide: Some(true), turns: Some(2), ..RulesForm::default() };
/// assert_eq!(
///     Rules::try_from(conflict).unwrap_err().to_string(),
///     "sliding tiles allow paths of one turn: turns must be 1, not 2"
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct RulesForm {
    /// The most turns a path may make.
    pub turns: Option<u64>,
    /// The border rule's name (`closed`, `open`).
    pub border: Option<String>,
    /// The gravity mode's name.
    pub gravity: Option<String>,
    /// The groups' text (`28-31,39+41`; empty for none).
    pub groups: Option<String>,
    /// The connection rule's name.
    pub connect: Option<String>,
    /// KShisen's sliding tiles.
    pub slide: Option<bool>,
}

impl TryFrom<RulesForm> for Rules {
    type Error = RulesError;

    fn try_from(form: RulesForm) -> Result<Rules, RulesError> {
        let border = form
            .border
            .map(|name| name.parse::<Border>().map_err(RulesError::Border))
            .transpose()?;
        let gravity = form
            .gravity
            .map(|name| name.parse::<Gravity>().map_err(RulesError::Gravity))
            .transpose()?;
        let groups = form.groups.map(|text| groups_of(&text)).transpose()?;
        let connect = form
            .connect
            .map(|name| name.parse::<Connect>().map_err(RulesError::Connect))
            .transpose()?;
        // Sliding tiles first, then the settings they may refuse, in the
        // order that names a wrong connection rule before a wrong border
        // and a wrong border before wrong turns.
        let mut rules = Rules::judge().with_slide(form.slide.unwrap_or(false))?;
        if let Some(connect) = connect {
            rules = rules.with_connect(connect)?;
        }
        if let Some(border) = border {
            rules = rules.with_border(border)?;
        }
        if let Some(turns) = form.turns {
            rules = rules.with_turns(usize::try_from(turns).unwrap_or(usize::MAX))?;
        }
        if let Some(gravity) = gravity {
            rules = rules.with_gravity(gravity);
        }
        if let Some(groups) = groups {
            rules = rules.with_groups(groups);
        }
        Ok(rules)
    }
}

/// The groups of `text`; none for an empty text.
fn groups_of(text: &str) -> Result<Groups, RulesError> {
    if text.is_empty() {
        Ok(Groups::none())
    } else {
        text.parse().map_err(RulesError::Groups)
    }
}
