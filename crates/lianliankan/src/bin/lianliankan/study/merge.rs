//! `study merge FILE...`: the summary of a study from its shards' files,
//! the same table or CSV row the unsharded run prints (counts, fraction and
//! interval identical; time percentiles over every deal's measured time).

use std::io::Write;
use std::path::PathBuf;

use grid_cli::{Failure, read_input};
use grid_core::{InputError, Location};
use lianliankan::DealSpec;

use super::params::{Decided, Shard, Study};
use super::shard::{self, Params, Row};
use super::summary::{self, Tally};

/// Reads every file (`-` is standard input), checks that together they
/// hold each deal of one study exactly once, and writes its summary.
///
/// # Errors
/// [`Failure::InputIn`] (exit status 2) for a malformed file, a file of
/// another study, or a deal found twice, with the file, line and column;
/// [`Failure::Usage`] when deals are missing (naming the shards short of
/// deals); [`Failure::Io`] for a file that cannot be read or a write error.
pub fn run(files: &[PathBuf], csv: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let usage = "study merge reads shard files (`-` for standard input): \
                 lianliankan study merge shard-*.csv";
    let mut study: Option<(Params, usize, usize)> = None;
    // Every row, with the file it came from.
    let mut rows: Vec<(usize, Row)> = Vec::new();
    for (f, path) in files.iter().enumerate() {
        let name = path.display().to_string();
        let input = read_input(Some(path), usage)?;
        let file = shard::read(&input).map_err(|error| Failure::InputIn {
            file: name.clone(),
            error,
        })?;
        if let Some((params, line)) = file.params {
            match &study {
                None => study = Some((params, f, line)),
                Some((first, first_file, first_line)) => {
                    if let Some((what, theirs, mine)) = first.first_difference(&params) {
                        return Err(Failure::InputIn {
                            file: name,
                            error: InputError::invalid(
                                Location { line, column: 1 },
                                format!(
                                    "`{what}` is {mine} here but {theirs} in {} (line {first_line}): shards of different studies",
                                    files[*first_file].display()
                                ),
                            ),
                        });
                    }
                }
            }
        }
        rows.extend(file.rows.into_iter().map(|row| (f, row)));
    }
    let Some((params, _, _)) = study else {
        return Err(Failure::Usage(
            "error: study merge: no deals in these files (a study of 0 deals, or only empty shards)"
                .to_owned(),
        ));
    };
    rows.sort_by_key(|(_, row)| row.decided.deal);
    if let Some(pair) = rows
        .windows(2)
        .find(|pair| pair[0].1.decided.deal == pair[1].1.decided.deal)
    {
        let ((f1, first), (f2, second)) = (pair[0], pair[1]);
        return Err(Failure::InputIn {
            file: files[f2].display().to_string(),
            error: InputError::invalid(
                Location {
                    line: second.line,
                    column: 1,
                },
                format!(
                    "deal {} again: it is also in {} (line {}); each shard's file once",
                    second.decided.deal,
                    files[f1].display(),
                    first.line
                ),
            ),
        });
    }
    if (rows.len() as u64) < params.deals {
        return Err(Failure::Usage(missing(&params, &rows)));
    }
    let decided: Vec<Decided> = rows.iter().map(|(_, row)| row.decided).collect();
    let rules = params
        .rules()
        .map_err(|e| Failure::Usage(format!("error: the shards' rules: {e}")))?;
    let study = Study {
        deal: DealSpec::new(params.rows, params.cols, params.kinds).with_copies(params.copies),
        deals: params.deals,
        seed: params.seed,
        rules,
        budget: params.budget,
        time_limit: params.time_limit,
        jobs: 1,
        csv,
        shard: None,
        check: params.check,
        lost_before_stuck: params.lost_before_stuck,
        rate: params.rate,
        players: false,
    };
    summary::write(&study, &Tally::of(&decided), out)
}

/// The message for a study whose files lack deals: how many shards are
/// short, and the first few of them (a file may claim a billion shards).
fn missing(params: &Params, rows: &[(usize, Row)]) -> String {
    let shards = params.shards;
    let mut found: std::collections::BTreeMap<u64, u64> = std::collections::BTreeMap::new();
    for (_, row) in rows {
        *found.entry(row.decided.deal % shards + 1).or_default() += 1;
    }
    let shard = |index| Shard {
        index,
        count: shards,
    };
    let complete = found
        .iter()
        .filter(|&(&k, &n)| n == shard(k).size(params.deals))
        .count() as u64;
    let short = shards.min(params.deals) - complete;
    // Complete shards are at most as many as the rows, so this stops soon.
    let listed: Vec<String> = (1..=shards)
        .filter_map(|k| {
            let (n, size) = (
                found.get(&k).copied().unwrap_or(0),
                shard(k).size(params.deals),
            );
            (n < size).then(|| format!("shard {} has {n} of its {size}", shard(k)))
        })
        .take(5)
        .collect();
    let more = if short > listed.len() as u64 {
        format!(" and {} more", short - listed.len() as u64)
    } else {
        String::new()
    };
    format!(
        "error: study merge: {} of {} deals found; {} short of deals ({}{more}). Merge the files of every shard.",
        rows.len(),
        params.deals,
        if short == 1 {
            "1 shard is".to_owned()
        } else {
            format!("{short} shards are")
        },
        listed.join(", ")
    )
}
