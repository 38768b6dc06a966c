//! `cargo xtask study checks`: the checks games use against the exact
//! verdict (docs/study.md, "The checks games use"). KShisen's check
//! (`--check kshisen-greedy`) and "a move exists" (`--check has-move`) on
//! KShisen's deal (its 42 kinds taken in turn, four at a time) at its six
//! board sizes, both borders, gravity `none` and `down`: 24 cells, each run
//! once per check with `lianliankan study --check C --csv` (seed 1, the
//! default budget of 1,000,000 states, no time limit, so the counts repeat
//! on any machine).
//!
//! Each cell's CSV row is appended to `docs/study/checks.csv` as soon as it
//! is done, and a cell already there with the same deals is not run again:
//! the run can be stopped and resumed, or its rows made elsewhere (`study
//! --shard K/N --csv`, then `study merge --csv`) and appended. Then
//! `docs/study/checks.md`, the table docs/study.md shows, is written from
//! the CSV; both checks of a cell see the same deals, so their solve
//! verdicts must agree, and a table is refused when they do not.

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
  --table     only write docs/study/checks.md from docs/study/checks.csv
";

/// One cell of the table.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Cell {
    rows: usize,
    cols: usize,
    border: &'static str,
    gravity: &'static str,
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

/// Runs the missing cells (unless `--table`), then writes the table.
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
    let csv = dir.join("checks.csv");
    if !table_only {
        run_missing(deals, jobs, &csv)?;
    }
    let text = std::fs::read_to_string(&csv).map_err(|e| format!("{}: {e}", csv.display()))?;
    let md = dir.join("checks.md");
    std::fs::write(&md, table(&records(&text)?, deals)?)
        .map_err(|e| format!("{}: {e}", md.display()))?;
    println!("==> wrote docs/study/checks.md");
    Ok(())
}

/// Runs every cell and check not yet in `csv`, appending each row.
fn run_missing(deals: u64, jobs: u64, csv: &Path) -> Result<(), String> {
    let binary = release_binary()?;
    let mut text = std::fs::read_to_string(csv).unwrap_or_default();
    for cell in cells() {
        for check in CHECKS {
            if find(&records(&text)?, cell, check, deals).is_some() {
                continue;
            }
            let mut cmd = Command::new(&binary);
            cmd.args(["study", "--csv", "--kinds", KINDS, "--seed", SEED]);
            cmd.args(["--budget", BUDGET, "--check", check]);
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
    }
    Ok(())
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
        .map_err(|_| format!("checks.csv: `{field}` in column {name} is not a count"))
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
                "{}×{} {} {}: the two checks' runs disagree on the solve verdicts",
                cell.cols, cell.rows, cell.border, cell.gravity
            ));
        }
        writeln!(
            out,
            "| {}×{} | {} | {} | {deals} | {clearable} | {lost} | {undecided} | {} | {} | {} | {} | {} | {} |",
            cell.cols,
            cell.rows,
            cell.border,
            cell.gravity,
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

    /// The committed table is the one the committed CSV gives (all 24
    /// cells at 1,000 deals), and docs/study.md shows it as it is.
    #[test]
    fn the_docs_show_the_committed_measurements() {
        let dir = workspace_root().join("docs");
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
        let rows = records(&read("study/checks.csv")).unwrap();
        let md = read("study/checks.md");
        assert_eq!(
            table(&rows, 1000).unwrap(),
            md,
            "run `cargo xtask study checks --table`"
        );
        assert_eq!(md.lines().count(), 2 + 24, "every cell is measured");
        assert!(
            read("study.md").contains(&md),
            "docs/study.md shows docs/study/checks.md as it is"
        );
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
