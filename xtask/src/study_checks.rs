//! `cargo xtask study checks`: the checks games use against the exact
//! verdict, and how early random games are lost (docs/study.md, "The
//! checks games use"). KShisen's check (`--check kshisen-greedy`) and "a
//! move exists" (`--check has-move`) on KShisen's deal (its 42 kinds taken
//! in turn, four at a time) at its six board sizes, both borders, gravity
//! `none` and `down`: 24 cells, each run once per check with `lianliankan
//! study --check C --csv`, and once more as the random games (`--check
//! kshisen-greedy --lost-before-stuck`), all with seed 1, the default
//! budget of 1,000,000 states and no time limit, so the counts repeat on
//! any machine.
//!
//! Each row is appended to its CSV (`docs/study/checks.csv`, then
//! `docs/study/games.csv`) as soon as it is done, and a cell already there
//! with the same deals is not run again: the run can be stopped and
//! resumed, or its rows made elsewhere (`study --shard K/N --csv`, then
//! `study merge --csv`) and appended. Then the tables docs/study.md shows,
//! `docs/study/checks.md` and `docs/study/games.md`, are written from the
//! CSVs. All the runs of a cell see the same deals, so their solve
//! verdicts (and the greedy's, in the games run) must agree: a table is
//! refused when they do not.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use crate::run::{output, workspace_root};
use crate::study::{append_row, records, release_binary};

/// KShisen's board sizes, as (rows, columns), smallest first.
const SIZES: [(usize, usize); 6] = [(6, 14), (9, 16), (8, 18), (12, 24), (14, 26), (16, 30)];

/// The kinds of KShisen's tile set, dealt in turn four at a time.
const KINDS: &str = "42";

/// The study's fixed settings, as `lianliankan study --csv` writes them.
const SEED: &str = "1";
const BUDGET: &str = "1000000";

/// The two checks, in the table's order.
const CHECKS: [&str; 2] = ["kshisen-greedy", "has-move"];

const USAGE: &str = "\
usage: cargo xtask study checks [--deals N] [--jobs J] [--table]

  --deals N   deals a cell (default 1000)
  --jobs J    threads of each `lianliankan study` (default 2)
  --table     only write docs/study/checks.md and games.md from the CSVs
";

/// One cell of the table.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Cell {
    rows: usize,
    cols: usize,
    border: &'static str,
    gravity: &'static str,
}

impl Cell {
    /// The board as the tables name it, columns × rows: `14×6`.
    fn board(&self) -> String {
        format!("{}×{}", self.cols, self.rows)
    }

    /// The first three columns of the cell's line in a table, and the
    /// bar after them: `| 14×6 | open | none |`.
    fn first_columns(&self) -> String {
        format!("| {} | {} | {} |", self.board(), self.border, self.gravity)
    }
}

/// A cell as the errors name it: `14×6 closed down`.
impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} {}", self.board(), self.border, self.gravity)
    }
}

/// The cells in the table's order: open before closed, no gravity before
/// `down`, small boards first (so a resumed run does the quick ones first).
fn cells() -> Vec<Cell> {
    let mut out = Vec::new();
    for border in ["open", "closed"] {
        for gravity in ["none", "down"] {
            for (rows, cols) in SIZES {
                out.push(Cell {
                    rows,
                    cols,
                    border,
                    gravity,
                });
            }
        }
    }
    out
}

/// Runs the missing cells (unless `--table`), then writes the tables.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut deals: u64 = 1000;
    let mut jobs: u64 = 2;
    let mut table_only = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut count = |name: &str| -> Result<u64, String> {
            args.next()
                .and_then(|v| v.parse::<u64>().ok())
                .filter(|&v| v > 0)
                .ok_or_else(|| format!("{name} needs a positive whole number\n{USAGE}"))
        };
        match arg.as_str() {
            "--deals" => deals = count("--deals")?,
            "--jobs" => jobs = count("--jobs")?,
            "--table" => table_only = true,
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    let dir = workspace_root().join("docs/study");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let (checks_csv, games_csv) = (dir.join("checks.csv"), dir.join("games.csv"));
    if !table_only {
        let binary = release_binary()?;
        for check in CHECKS {
            run_missing(&binary, deals, jobs, &checks_csv, check, false)?;
        }
        // The games run the greedy check again, so that their row can be
        // held against the checks' row.
        run_missing(&binary, deals, jobs, &games_csv, CHECKS[0], true)?;
    }
    let read = |csv: &Path| -> Result<Vec<Row>, String> {
        match std::fs::read_to_string(csv) {
            Ok(text) => records(&text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(format!("{}: {e}", csv.display())),
        }
    };
    let (checks, games) = (read(&checks_csv)?, read(&games_csv)?);
    for (name, text) in [
        ("checks.md", table(&checks, deals)?),
        ("games.md", games_table(&games, &checks, deals)?),
    ] {
        let md = dir.join(name);
        std::fs::write(&md, text).map_err(|e| format!("{}: {e}", md.display()))?;
        println!("==> wrote docs/study/{name}");
    }
    Ok(())
}

/// Runs every cell not yet in `csv` with the study's settings and
/// `check` (and the random games if `games`), appending each row.
fn run_missing(
    binary: &Path,
    deals: u64,
    jobs: u64,
    csv: &Path,
    check: &str,
    games: bool,
) -> Result<(), String> {
    let mut text = std::fs::read_to_string(csv).unwrap_or_default();
    for cell in cells() {
        if find(&records(&text)?, cell, check, deals).is_some_and(|row| !games || has_games(row)) {
            continue;
        }
        let mut cmd = Command::new(binary);
        cmd.args(["study", "--csv", "--kinds", KINDS, "--seed", SEED]);
        cmd.args(["--budget", BUDGET, "--check", check]);
        if games {
            cmd.arg("--lost-before-stuck");
        }
        for (name, value) in [
            ("--rows", cell.rows.to_string()),
            ("--cols", cell.cols.to_string()),
            ("--border", cell.border.to_owned()),
            ("--gravity", cell.gravity.to_owned()),
            ("--deals", deals.to_string()),
            ("--jobs", jobs.to_string()),
        ] {
            cmd.args([name, value.as_str()]);
        }
        append_row(csv, &mut text, &output(cmd)?)?;
    }
    Ok(())
}

/// Whether `row` carries the random games (a run with
/// `--lost-before-stuck`).
fn has_games(row: &Row) -> bool {
    row.get("games").is_some_and(|v| !v.is_empty())
}

/// One row of the CSV, by column name.
type Row = BTreeMap<String, String>;

/// The row of `cell` and `check` with `deals` deals, under the study's
/// fixed settings.
fn find<'a>(rows: &'a [Row], cell: Cell, check: &str, deals: u64) -> Option<&'a Row> {
    let want = [
        ("rows", cell.rows.to_string()),
        ("cols", cell.cols.to_string()),
        ("kinds", KINDS.to_owned()),
        ("copies", "4".to_owned()),
        ("border", cell.border.to_owned()),
        ("gravity", cell.gravity.to_owned()),
        ("turns", "2".to_owned()),
        ("groups", String::new()),
        ("budget", BUDGET.to_owned()),
        ("seconds", String::new()),
        ("seed", SEED.to_owned()),
        ("deals", deals.to_string()),
        ("check", check.to_owned()),
    ];
    rows.iter().find(|row| {
        want.iter()
            .all(|(name, value)| row.get(*name).is_some_and(|v| v == value))
            // Rows from before the connection rules had no such columns.
            && row.get("connect").is_none_or(|v| v == "standard")
            && row.get("slide").is_none_or(|v| v == "no")
    })
}

/// A count of `row`'s column `name`.
fn count(row: &Row, name: &str) -> Result<u64, String> {
    let field = row.get(name).map_or("", String::as_str);
    field
        .parse()
        .map_err(|_| format!("`{field}` in column {name} is not a count"))
}

/// The table docs/study.md shows: one line a cell that both checks have
/// measured, in [`cells`]' order. "Of them lost" is the accepted deals that
/// cannot be cleared; "of them clearable", the rejected ones that can. An
/// error when the two checks' solve verdicts of a cell differ.
fn table(rows: &[Row], deals: u64) -> Result<String, String> {
    let mut out = String::from(
        "| board | border | gravity | deals | clearable | lost | undecided | \
         greedy accepts | of them lost | greedy rejects | of them clearable | \
         has-move accepts | of them lost |\n\
         |---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for cell in cells() {
        let (Some(greedy), Some(has_move)) = (
            find(rows, cell, CHECKS[0], deals),
            find(rows, cell, CHECKS[1], deals),
        ) else {
            continue;
        };
        let verdicts = |row: &Row| -> Result<[u64; 3], String> {
            Ok([
                count(row, "solvable")?,
                count(row, "unsolvable")?,
                count(row, "undecided")?,
            ])
        };
        let [clearable, lost, undecided] = verdicts(greedy)?;
        if verdicts(has_move)? != [clearable, lost, undecided] {
            return Err(format!(
                "{cell}: the two checks' runs disagree on the solve verdicts"
            ));
        }
        writeln!(
            out,
            "{} {deals} | {clearable} | {lost} | {undecided} | {} | {} | {} | {} | {} | {} |",
            cell.first_columns(),
            count(greedy, "accepts")?,
            count(greedy, "accepts_unsolvable")?,
            count(greedy, "rejects")?,
            count(greedy, "rejects_solvable")?,
            count(has_move, "accepts")?,
            count(has_move, "accepts_unsolvable")?,
        )
        .expect("writing to a String");
    }
    Ok(out)
}

/// The random games' table docs/study.md shows: one line a cell of
/// `games` (rows of the greedy check with `--lost-before-stuck`), in
/// [`cells`]' order. An error when a cell's solve verdicts or greedy
/// counts differ from its row in `checks` (the same deals must give the
/// same counts).
fn games_table(games: &[Row], checks: &[Row], deals: u64) -> Result<String, String> {
    let mut out = String::from(
        "| board | border | gravity | deals | games | cleared | stuck | not known | \
         gap: quartiles | gap: max | lost ≥ 10 pairs before stuck |\n\
         |---|---|---|---:|---:|---:|---:|---:|---|---:|---:|\n",
    );
    for cell in cells() {
        let Some(row) = find(games, cell, CHECKS[0], deals).filter(|row| has_games(row)) else {
            continue;
        };
        if let Some(greedy) = find(checks, cell, CHECKS[0], deals) {
            for name in [
                "solvable",
                "unsolvable",
                "undecided",
                "accepts",
                "accepts_unsolvable",
            ] {
                if count(row, name)? != count(greedy, name)? {
                    return Err(format!(
                        "{cell}: the games' run and the checks' run disagree on {name}"
                    ));
                }
            }
        }
        let field = |name: &str| row.get(name).map_or("", String::as_str);
        let stuck = count(row, "games_stuck")?;
        let (quartiles, max, share) = if stuck == 0 {
            ("—".to_owned(), "—".to_owned(), "—".to_owned())
        } else {
            let share: f64 = field("lost_10_before_stuck")
                .parse()
                .map_err(|_| "games.csv: lost_10_before_stuck is not a number".to_owned())?;
            (
                format!(
                    "{} / {} / {}",
                    field("gap_q1"),
                    field("gap_median"),
                    field("gap_q3")
                ),
                field("gap_max").to_owned(),
                format!("{share:.2}"),
            )
        };
        writeln!(
            out,
            "{} {deals} | {} | {} | {stuck} | {} | {quartiles} | {max} | {share} |",
            cell.first_columns(),
            count(row, "games")?,
            count(row, "games_cleared")?,
            count(row, "games_undecided")?,
        )
        .expect("writing to a String");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "rows,cols,kinds,copies,border,gravity,turns,groups,budget,seconds,seed,deals,solvable,unsolvable,undecided,fraction,ci_low,ci_high,median_ms,p90_ms,p99_ms,max_ms,check,accepts,accepts_solvable,accepts_unsolvable,accepts_undecided,rejects,rejects_solvable,rejects_unsolvable,rejects_undecided";

    fn csv(rows: &[&str]) -> String {
        let mut text = format!("{HEADER}\n");
        for row in rows {
            text.push_str(row);
            text.push('\n');
        }
        text
    }

    const GREEDY: &str = "6,14,42,4,closed,down,2,,1000000,,1,1000,400,590,10,0.4,0.37,0.43,0.3,1,9,115,kshisen-greedy,180,110,70,0,820,290,520,10";
    const HAS_MOVE: &str = "6,14,42,4,closed,down,2,,1000000,,1,1000,400,590,10,0.4,0.37,0.43,0.3,1,9,115,has-move,999,400,589,10,1,0,1,0";

    #[test]
    fn a_cell_measured_by_both_checks_is_one_line() {
        let rows = records(&csv(&[GREEDY, HAS_MOVE])).unwrap();
        let table = table(&rows, 1000).unwrap();
        assert_eq!(table.lines().count(), 3, "{table}");
        assert!(table.ends_with(
            "| 14×6 | closed | down | 1000 | 400 | 590 | 10 | 180 | 70 | 820 | 290 | 999 | 589 |\n"
        ));
        // Another number of deals, or one check only: not in the table.
        assert_eq!(table_lines(&rows, 200), 2);
        let one = records(&csv(&[GREEDY])).unwrap();
        assert_eq!(table_lines(&one, 1000), 2);
    }

    fn table_lines(rows: &[Row], deals: u64) -> usize {
        table(rows, deals).unwrap().lines().count()
    }

    #[test]
    fn rows_of_other_settings_are_not_the_cells() {
        // A time limit, another seed or another connection rule make
        // another study.
        let timed = GREEDY.replace(",1000000,,1,", ",1000000,10,1,");
        let seeded = GREEDY.replace(",1000000,,1,", ",1000000,,2,");
        let rows = records(&csv(&[&timed, &seeded, HAS_MOVE])).unwrap();
        assert_eq!(table_lines(&rows, 1000), 2);
        let cell = cells()[12 + 6];
        assert_eq!(
            (cell.cols, cell.border, cell.gravity),
            (14, "closed", "down")
        );
        assert!(find(&rows, cell, "has-move", 1000).is_some());
        let mut foreign = records(&csv(&[HAS_MOVE])).unwrap();
        foreign[0].insert("connect".into(), "line".into());
        assert!(find(&foreign, cell, "has-move", 1000).is_none());
    }

    #[test]
    fn checks_that_disagree_on_the_verdicts_are_refused() {
        let other = HAS_MOVE.replace(",400,590,10,", ",401,589,10,");
        let rows = records(&csv(&[GREEDY, &other])).unwrap();
        let error = table(&rows, 1000).unwrap_err();
        assert!(error.contains("14×6 closed down"), "{error}");
        assert!(records(&format!("{HEADER}\n1,2\n")).is_err());
    }

    /// The committed tables are the ones the committed CSVs give (every
    /// cell's checks at 1,000 deals), and docs/study.md shows them as they
    /// are.
    #[test]
    fn the_docs_show_the_committed_measurements() {
        let dir = workspace_root().join("docs");
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
        let checks = records(&read("study/checks.csv")).unwrap();
        let games = records(&read("study/games.csv")).unwrap();
        let redo = "run `cargo xtask study checks --table`";
        let md = read("study/checks.md");
        assert_eq!(table(&checks, 1000).unwrap(), md, "{redo}");
        assert_eq!(md.lines().count(), 2 + 24, "every cell is measured");
        let games_md = read("study/games.md");
        assert_eq!(
            games_table(&games, &checks, 1000).unwrap(),
            games_md,
            "{redo}"
        );
        let study = read("study.md");
        for (name, md) in [("checks.md", md), ("games.md", games_md)] {
            assert!(
                study.contains(&md),
                "docs/study.md shows docs/study/{name} as it is"
            );
        }
    }

    const GAMES_HEADER: &str = ",games,games_cleared,games_stuck,games_undecided,gap_q1,gap_median,gap_q3,gap_max,lost_10_before_stuck";

    fn games_csv(rows: &[&str]) -> Vec<Row> {
        let mut text = format!("{HEADER}{GAMES_HEADER}\n");
        for row in rows {
            text.push_str(row);
            text.push('\n');
        }
        records(&text).unwrap()
    }

    #[test]
    fn a_cell_s_games_are_one_line_and_agree_with_its_checks() {
        let checks = records(&csv(&[GREEDY, HAS_MOVE])).unwrap();
        let played = format!("{GREEDY},400,120,270,10,4,7,11,30,0.3333");
        let table = games_table(&games_csv(&[&played]), &checks, 1000).unwrap();
        assert_eq!(table.lines().count(), 3, "{table}");
        assert!(
            table.ends_with(
                "| 14×6 | closed | down | 1000 | 400 | 120 | 270 | 10 | 4 / 7 / 11 | 30 | 0.33 |\n"
            ),
            "{table}"
        );
        // No stuck game: no gap to tell.
        let cleared = format!("{GREEDY},400,400,0,0,,,,,");
        let table = games_table(&games_csv(&[&cleared]), &checks, 1000).unwrap();
        assert!(
            table.ends_with("| 400 | 400 | 0 | 0 | — | — | — |\n"),
            "{table}"
        );
        // A greedy row without games is not a cell of this table.
        let without = format!("{GREEDY},,,,,,,,,");
        assert_eq!(
            games_table(&games_csv(&[&without]), &checks, 1000)
                .unwrap()
                .lines()
                .count(),
            2
        );
        // Another verdict or another greedy count than the checks' run: refused.
        for (from, to) in [
            (",400,590,10,", ",401,589,10,"),
            (",kshisen-greedy,180,110,70,", ",kshisen-greedy,181,110,71,"),
        ] {
            let other = played.replace(from, to);
            let error = games_table(&games_csv(&[&other]), &checks, 1000).unwrap_err();
            assert!(error.contains("14×6 closed down"), "{error}");
        }
    }

    #[test]
    fn there_are_24_cells_in_the_table_order() {
        let cells = cells();
        assert_eq!(cells.len(), 24);
        assert_eq!(
            (cells[0].cols, cells[0].border, cells[0].gravity),
            (14, "open", "none")
        );
        assert_eq!(
            (cells[23].cols, cells[23].border, cells[23].gravity),
            (30, "closed", "down")
        );
    }
}
