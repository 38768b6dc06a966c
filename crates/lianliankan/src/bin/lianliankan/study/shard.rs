//! A shard's file: `study --shard K/N --csv` writes one CSV row per deal,
//! and `study merge` reads such files back.
//!
//! Every row carries the whole study (the parameter columns, the same on
//! every row) beside its own deal, so a row means the same wherever it
//! ends up: files can be concatenated, and a file of another study is told
//! apart. Columns are found by name in the header; columns this version
//! does not know are ignored; a `version` other than [`VERSION`] is
//! refused, so that a newer format is never misread.

use std::io::Write;
use std::time::Duration;

use grid_cli::Failure;
use grid_core::{InputError, Location, Reader};
use lianliankan::{Border, Connect, Gravity, Groups, Rules, RulesError};

use super::csv::{Field, field, split};
use super::params::{Check, Decided, Played, Rated, RatedPlayers, Shard, Study, Verdict};

/// The format's version, in the `version` column of every row.
pub const VERSION: u32 = 1;

/// The study's columns, in the order written.
const PARAMS: [&str; 14] = [
    "version",
    "rows",
    "cols",
    "kinds",
    "copies",
    "border",
    "gravity",
    "turns",
    "groups",
    "budget",
    "time_limit_ns",
    "seed",
    "deals",
    "shards",
];

/// The study's columns added with `--check`, `--lost-before-stuck`,
/// `--connect`, `--slide` and `--rate`: written always, read when present (a file
/// without them asked for none of them: no check, no game, the standard
/// connection, no slides).
const MORE_PARAMS: [&str; 5] = ["check", "lost_before_stuck", "connect", "slide", "rate"];

/// Each deal's columns, after the study's.
const DEAL: [&str; 4] = ["shard", "deal", "verdict", "time_ns"];

/// Each deal's columns of the check and the random game, after [`DEAL`]
/// (written always, read when present): `accepts` is `yes`, `no` or empty
/// (no check); the game's columns are empty when no game was played.
const MORE_DEAL: [&str; 5] = [
    "accepts",
    "steps",
    "cleared",
    "winnable_through",
    "lost_from",
];

/// Each deal's columns of its rating (`--rate`), after [`MORE_DEAL`]
/// (written always, read when present; empty when the deal was not rated).
const RATING: [&str; 11] = [
    "score",
    "rate_plays",
    "rate_cleared",
    "probed_positions",
    "trap_positions",
    "forced_positions",
    "width_offered",
    "width_positions",
    "rate_undecided",
    "heldout_cleared",
    "greedy_cleared",
];

/// Each deal's columns of the other players (`--rate`), after [`RATING`]
/// (written always; read when present, since older files lack them):
/// the lookahead's games and clears, and the half-clear skill in
/// thousandths (`none` when no skill of the grid clears half).
const PLAYERS: [&str; 3] = ["lookahead_games", "lookahead_cleared", "half_skill"];

/// Writes `decided` (deals of `study`'s shard) as a shard file.
///
/// # Errors
/// A write error.
pub fn write(study: &Study, decided: &[Decided], out: &mut dyn Write) -> Result<(), Failure> {
    let shard = study.shard.unwrap_or(Shard { index: 1, count: 1 });
    writeln!(
        out,
        "{},{},{},{},{},{}",
        PARAMS.join(","),
        MORE_PARAMS.join(","),
        DEAL.join(","),
        MORE_DEAL.join(","),
        RATING.join(","),
        PLAYERS.join(",")
    )?;
    let params = Params::of(study, shard.count).values().join(",");
    let number = |n: Option<u32>| n.map_or(String::new(), |n| n.to_string());
    let yes_no = |b: Option<bool>| b.map_or("", |b| if b { "yes" } else { "no" });
    for d in decided {
        let game = d.played;
        let players = d.rated.and_then(|r| r.players).map_or_else(
            || vec![String::new(); PLAYERS.len()].join(","),
            |p| {
                let half = p
                    .half_skill
                    .map_or_else(|| "none".to_owned(), |q| q.to_string());
                format!("{},{},{half}", p.games, p.lookahead_cleared)
            },
        );
        let rating = d.rated.map_or_else(
            || vec![String::new(); RATING.len()].join(","),
            |r| {
                [
                    r.score.to_string(),
                    r.plays.to_string(),
                    r.cleared.to_string(),
                    r.positions.to_string(),
                    r.traps.to_string(),
                    r.forced.to_string(),
                    r.width_offered.to_string(),
                    r.width_positions.to_string(),
                    r.undecided.to_string(),
                    r.heldout_cleared.to_string(),
                    yes_no(Some(r.greedy_cleared)).to_owned(),
                ]
                .join(",")
            },
        );
        writeln!(
            out,
            "{params},{},{},{},{},{},{},{},{},{},{rating},{players}",
            shard.index,
            d.deal,
            d.verdict.as_str(),
            d.time.as_nanos(),
            yes_no(d.accepted),
            number(game.map(|g| g.steps)),
            yes_no(game.map(|g| g.cleared)),
            number(game.and_then(|g| g.winnable_through)),
            number(game.and_then(|g| g.lost_from)),
        )?;
    }
    Ok(())
}

/// A study's parameters as a shard file holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    pub rows: usize,
    pub cols: usize,
    pub kinds: u32,
    pub copies: usize,
    pub border: Border,
    pub gravity: Gravity,
    pub turns: usize,
    pub groups: Groups,
    pub connect: Connect,
    pub budget: u64,
    pub time_limit: Option<Duration>,
    pub seed: u64,
    pub deals: u64,
    pub shards: u64,
    pub check: Option<Check>,
    pub lost_before_stuck: bool,
    pub slide: bool,
    pub rate: bool,
}

impl Params {
    /// The rules these columns say (a test holds them to the sample rules,
    /// so a new setting of `Rules` without its column here fails).
    ///
    /// # Errors
    /// The columns' settings contradict each other.
    pub fn rules(&self) -> Result<Rules, RulesError> {
        Ok(Rules::judge()
            .with_slide(self.slide)
            .and_then(|r| r.with_connect(self.connect))
            .and_then(|r| r.with_border(self.border))
            .and_then(|r| r.with_turns(self.turns))?
            .with_gravity(self.gravity)
            .with_groups(self.groups.clone()))
    }

    fn of(study: &Study, shards: u64) -> Params {
        Params {
            rows: study.deal.rows,
            cols: study.deal.cols,
            kinds: study.deal.kinds,
            copies: study.deal.copies,
            border: study.rules.border(),
            gravity: study.rules.gravity(),
            turns: study.rules.max_turns(),
            groups: study.rules.groups().clone(),
            connect: study.rules.connect(),
            budget: study.budget,
            time_limit: study.time_limit,
            seed: study.seed,
            deals: study.deals,
            shards,
            check: study.check,
            lost_before_stuck: study.lost_before_stuck,
            slide: study.rules.slide(),
            rate: study.rate,
        }
    }

    /// The values of [`PARAMS`] and [`MORE_PARAMS`], as written.
    fn values(&self) -> Vec<String> {
        vec![
            VERSION.to_string(),
            self.rows.to_string(),
            self.cols.to_string(),
            self.kinds.to_string(),
            self.copies.to_string(),
            self.border.to_string(),
            self.gravity.to_string(),
            self.turns.to_string(),
            field(&self.groups.to_string()).into_owned(),
            self.budget.to_string(),
            self.time_limit
                .map_or(String::new(), |t| t.as_nanos().to_string()),
            self.seed.to_string(),
            self.deals.to_string(),
            self.shards.to_string(),
            self.check.map_or(String::new(), |c| c.to_string()),
            if self.lost_before_stuck { "yes" } else { "no" }.to_owned(),
            self.connect.to_string(),
            if self.slide { "yes" } else { "no" }.to_owned(),
            if self.rate { "yes" } else { "no" }.to_owned(),
        ]
    }

    /// The first parameter in which `self` and `other` differ.
    pub fn first_difference(&self, other: &Params) -> Option<(&'static str, String, String)> {
        let (mine, theirs) = (self.values(), other.values());
        let names = PARAMS.iter().chain(&MORE_PARAMS);
        names
            .zip(mine.iter().zip(&theirs))
            .find(|(_, (a, b))| a != b)
            .map(|(&name, (a, b))| (name, a.clone(), b.clone()))
    }
}

/// One deal read from a shard file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// Where the row is.
    pub line: usize,
    /// The deal.
    pub decided: Decided,
}

/// What a shard file holds: its study (none when it has no rows: a shard
/// of fewer deals than shards can be empty) and its deals.
#[derive(Debug, Default)]
pub struct ShardFile {
    /// The study, and the line of the first row.
    pub params: Option<(Params, usize)>,
    /// The deals, in file order.
    pub rows: Vec<Row>,
}

/// Reads a shard file.
///
/// # Errors
/// Where the file is malformed: no header, a missing column, a row of
/// another length, a value that does not parse, a newer version, rows of
/// different studies, a deal outside its shard.
pub fn read(input: &[u8]) -> Result<ShardFile, InputError> {
    let mut reader = Reader::new(input);
    let Some(header_line) = reader.line() else {
        return Err(InputError::invalid(
            Location { line: 1, column: 1 },
            "an empty file: expected the header of a study shard (written by `study --shard K/N --csv`)",
        ));
    };
    let header = fields(header_line.text, header_line.location)?;
    let find = |name: &str| {
        header.iter().position(|f| f.text == name).ok_or_else(|| {
            InputError::invalid(
                header_line.location,
                format!(
                    "no `{name}` column: not a study shard (written by `study --shard K/N --csv`)"
                ),
            )
        })
    };
    let mut params_at = [0; PARAMS.len()];
    for (at, name) in params_at.iter_mut().zip(PARAMS) {
        *at = find(name)?;
    }
    let mut deal_at = [0; DEAL.len()];
    for (at, name) in deal_at.iter_mut().zip(DEAL) {
        *at = find(name)?;
    }
    let optional = |name: &str| header.iter().position(|f| f.text == name);
    let more_params_at = MORE_PARAMS.map(optional);
    let more_deal_at = MORE_DEAL.map(optional);
    let rating_at = RATING.map(optional);
    let players_at = PLAYERS.map(optional);
    let mut file = ShardFile::default();
    while let Some(line) = reader.line() {
        // Blank lines, and the header again where files were concatenated.
        if line.text.iter().all(u8::is_ascii_whitespace) || line.text == header_line.text {
            continue;
        }
        let row = fields(line.text, line.location)?;
        let here = |i: usize| Location {
            line: line.location.line,
            column: row.get(i).map_or(line.text.len() + 1, |f| f.column),
        };
        if row.len() != header.len() {
            return Err(InputError::invalid(
                here(row.len().min(header.len())),
                format!("{} fields where the header has {}", row.len(), header.len()),
            ));
        }
        let version = &row[params_at[0]];
        if version.text != VERSION.to_string() {
            return Err(InputError::invalid(
                here(params_at[0]),
                format!(
                    "shard format version `{}`: this lianliankan reads version {VERSION} (was the file written by a newer one?)",
                    version.text
                ),
            ));
        }
        let value = |i: usize| -> &Field { &row[params_at[i]] };
        let params = Params {
            rows: number(value(1), line.location.line)?,
            cols: number(value(2), line.location.line)?,
            kinds: number(value(3), line.location.line)?,
            copies: number(value(4), line.location.line)?,
            border: parsed(value(5), line.location.line, "a border (closed or open)")?,
            gravity: parsed(value(6), line.location.line, "a gravity mode")?,
            turns: number(value(7), line.location.line)?,
            // No groups are written as nothing, which `Groups` does not parse.
            groups: if value(8).text.is_empty() {
                Groups::default()
            } else {
                parsed(value(8), line.location.line, "matching groups")?
            },
            budget: number(value(9), line.location.line)?,
            time_limit: if value(10).text.is_empty() {
                None
            } else {
                Some(Duration::from_nanos(number(value(10), line.location.line)?))
            },
            seed: number(value(11), line.location.line)?,
            deals: number(value(12), line.location.line)?,
            shards: number(value(13), line.location.line)?,
            check: match more_params_at[0].map(|i| &row[i]) {
                Some(f) if !f.text.is_empty() => Some(parsed(
                    f,
                    line.location.line,
                    "a check (kshisen-greedy or has-move)",
                )?),
                _ => None,
            },
            lost_before_stuck: match more_params_at[1].map(|i| &row[i]) {
                Some(f) => yes_no(f, line.location.line)?.unwrap_or(false),
                None => false,
            },
            // Files from before the column: the standard connection.
            connect: match more_params_at[2].map(|i| &row[i]) {
                Some(f) => parsed(
                    f,
                    line.location.line,
                    "a connection rule (standard, four-rivers or line)",
                )?,
                None => Connect::Standard,
            },
            // Files written before slides: no slide.
            slide: match more_params_at[3].map(|i| &row[i]) {
                Some(f) => yes_no(f, line.location.line)?.unwrap_or(false),
                None => false,
            },
            // Files written before ratings: none.
            rate: match more_params_at[4].map(|i| &row[i]) {
                Some(f) => yes_no(f, line.location.line)?.unwrap_or(false),
                None => false,
            },
        };
        match &file.params {
            None => file.params = Some((params.clone(), line.location.line)),
            Some((first, first_line)) => {
                if let Some((name, theirs, mine)) = first.first_difference(&params) {
                    let column = PARAMS
                        .iter()
                        .position(|&p| p == name)
                        .map_or(0, |i| params_at[i]);
                    return Err(InputError::invalid(
                        here(column),
                        format!(
                            "`{name}` is {mine} here but {theirs} on line {first_line}: rows of different studies"
                        ),
                    ));
                }
            }
        }
        let shard_index: u64 = number(&row[deal_at[0]], line.location.line)?;
        let deal: u64 = number(&row[deal_at[1]], line.location.line)?;
        if params.shards == 0 || shard_index == 0 || shard_index > params.shards {
            return Err(InputError::invalid(
                here(deal_at[0]),
                format!(
                    "shard {shard_index} of {}: not a shard K/N with 1 <= K <= N",
                    params.shards
                ),
            ));
        }
        let shard = Shard {
            index: shard_index,
            count: params.shards,
        };
        if deal >= params.deals || !shard.holds(deal) {
            return Err(InputError::invalid(
                here(deal_at[1]),
                format!(
                    "deal {deal} is not one of shard {shard}'s (deals i < {} with i mod {} = {})",
                    params.deals,
                    shard.count,
                    shard.index - 1
                ),
            ));
        }
        let verdict_field = &row[deal_at[2]];
        let verdict = verdict_field.text.parse::<Verdict>().map_err(|()| {
            InputError::invalid(
                here(deal_at[2]),
                format!(
                    "verdict `{}`: expected solvable, unsolvable or undecided",
                    verdict_field.text
                ),
            )
        })?;
        let time = Duration::from_nanos(number(&row[deal_at[3]], line.location.line)?);
        let more = |i: usize| more_deal_at[i].map(|at| &row[at]);
        let accepted = match more(0) {
            Some(f) => yes_no(f, line.location.line)?,
            None => None,
        };
        if accepted.is_some() != params.check.is_some() {
            return Err(InputError::invalid(
                here(more_deal_at[0].unwrap_or(0)),
                "the `accepts` column must be yes or no when the study has a check, and empty otherwise",
            ));
        }
        let optional_number = |i: usize| -> Result<Option<u32>, InputError> {
            match more(i) {
                Some(f) if !f.text.is_empty() => Ok(Some(number(f, line.location.line)?)),
                _ => Ok(None),
            }
        };
        let played = match optional_number(1)? {
            None => None,
            Some(steps) => Some(Played {
                steps,
                cleared: match more(2) {
                    Some(f) => yes_no(f, line.location.line)?.unwrap_or(false),
                    None => false,
                },
                winnable_through: optional_number(3)?,
                lost_from: optional_number(4)?,
            }),
        };
        let wants_game = params.lost_before_stuck && verdict == Verdict::Solvable;
        if played.is_some() != wants_game {
            return Err(InputError::invalid(
                here(more_deal_at[1].unwrap_or(0)),
                "the `steps` column must be a number for a solvable deal of a study with --lost-before-stuck, and empty otherwise",
            ));
        }
        let rated = rated(&row, &rating_at, &players_at, line.location.line)?;
        let wants_rating = params.rate && verdict == Verdict::Solvable;
        if rated.is_some() != wants_rating {
            return Err(InputError::invalid(
                here(rating_at[0].unwrap_or(0)),
                "the rating columns must be numbers for a solvable deal of a study with --rate, and empty otherwise",
            ));
        }
        file.rows.push(Row {
            line: line.location.line,
            decided: Decided {
                deal,
                verdict,
                time,
                accepted,
                played,
                rated,
            },
        });
    }
    Ok(file)
}

/// A row's rating columns ([`RATING`], at `at`): `None` when the score is
/// empty or absent.
fn rated(
    row: &[Field],
    at: &[Option<usize>; RATING.len()],
    players_at: &[Option<usize>; PLAYERS.len()],
    line: usize,
) -> Result<Option<Rated>, InputError> {
    let Some(score) = at[0].map(|i| &row[i]).filter(|f| !f.text.is_empty()) else {
        return Ok(None);
    };
    let missing = |name: &str| {
        InputError::invalid(
            Location {
                line,
                column: score.column,
            },
            format!("a score without the `{name}` column"),
        )
    };
    let field = |k: usize| at[k].map(|i| &row[i]).ok_or_else(|| missing(RATING[k]));
    Ok(Some(Rated {
        score: number(score, line)?,
        plays: number(field(1)?, line)?,
        cleared: number(field(2)?, line)?,
        positions: number(field(3)?, line)?,
        traps: number(field(4)?, line)?,
        forced: number(field(5)?, line)?,
        width_offered: number(field(6)?, line)?,
        width_positions: number(field(7)?, line)?,
        undecided: number(field(8)?, line)?,
        heldout_cleared: number(field(9)?, line)?,
        greedy_cleared: yes_no(field(10)?, line)?.ok_or_else(|| missing(RATING[10]))?,
        players: rated_players(row, players_at, line)?,
    }))
}

/// A rated row's player columns ([`PLAYERS`], at `at`): `None` when they
/// are empty (a study without `--players`) or absent (a file written
/// before they were played).
fn rated_players(
    row: &[Field],
    at: &[Option<usize>; PLAYERS.len()],
    line: usize,
) -> Result<Option<RatedPlayers>, InputError> {
    let [Some(games), Some(cleared), Some(half)] = at.map(|k| k.map(|i| &row[i])) else {
        return Ok(None);
    };
    if games.text.is_empty() {
        return Ok(None);
    }
    Ok(Some(RatedPlayers {
        games: number(games, line)?,
        lookahead_cleared: number(cleared, line)?,
        half_skill: match half.text.as_str() {
            "none" => None,
            _ => Some(number(half, line)?),
        },
    }))
}

/// The fields of a line, or where it is malformed.
fn fields(text: &[u8], location: Location) -> Result<Vec<Field>, InputError> {
    split(text).map_err(|(column, message)| {
        InputError::invalid(
            Location {
                line: location.line,
                column,
            },
            message,
        )
    })
}

/// A field holding `yes`, `no` or nothing.
fn yes_no(value: &Field, line: usize) -> Result<Option<bool>, InputError> {
    match value.text.as_str() {
        "yes" => Ok(Some(true)),
        "no" => Ok(Some(false)),
        "" => Ok(None),
        other => Err(InputError::invalid(
            Location {
                line,
                column: value.column,
            },
            format!("expected yes, no or nothing, found `{other}`"),
        )),
    }
}

/// A field holding a whole number.
fn number<T: std::str::FromStr>(value: &Field, line: usize) -> Result<T, InputError> {
    value.text.parse().map_err(|_| {
        InputError::invalid(
            Location {
                line,
                column: value.column,
            },
            format!("expected a whole number, found `{}`", value.text),
        )
    })
}

/// A field holding a value of `what`.
fn parsed<T: std::str::FromStr>(value: &Field, line: usize, what: &str) -> Result<T, InputError>
where
    T::Err: std::fmt::Display,
{
    value.text.parse().map_err(|e| {
        InputError::invalid(
            Location {
                line,
                column: value.column,
            },
            format!("expected {what}, found `{}`: {e}", value.text),
        )
    })
}

#[cfg(test)]
mod tests {
    use lianliankan::DealSpec;

    use super::*;

    /// Every sample rules value of `fixtures/rules/samples.json` (between
    /// them every setting away from the judge's) is written to a shard file
    /// and read back as itself: a setting without its column fails here.
    #[test]
    fn every_setting_of_the_samples_has_its_column() {
        let fixture = include_str!("../../../../../../fixtures/rules/samples.json");
        let samples: Vec<serde_json::Value> = serde_json::from_str(fixture).unwrap();
        for sample in samples {
            let rules: Rules = serde_json::from_value(sample.clone()).unwrap();
            let study = Study {
                deal: DealSpec::new(4, 4, 4),
                deals: 1,
                seed: 0,
                rules: rules.clone(),
                budget: 1,
                time_limit: None,
                jobs: 1,
                csv: true,
                shard: None,
                check: None,
                lost_before_stuck: false,
                rate: false,
                players: false,
            };
            let decided = Decided {
                deal: 0,
                verdict: Verdict::Undecided,
                time: Duration::ZERO,
                accepted: None,
                played: None,
                rated: None,
            };
            let mut written = Vec::new();
            write(&study, &[decided], &mut written).unwrap();
            let read = read(&written).unwrap_or_else(|e| panic!("{sample}: {e}"));
            let (params, _) = read.params.expect("the file names its study");
            assert_eq!(params.rules().unwrap(), rules, "{sample}");
        }
    }
}
