//! `study --check` and `study --lost-before-stuck` end to end: the counts
//! add up (each deal counted once by the check, once by `solve`; a game
//! for each solvable deal), the same seed gives the same table whatever the
//! threads, and the shards' files merge into the unsharded summary.

use std::path::PathBuf;

use crate::shards::{fields, merge, run, scratch, stdout_of, without_times};

/// Small deals, the closed border and gravity down: both verdicts occur,
/// and random games are lost some pairs before they are stuck.
const STUDY: [&str; 16] = [
    "study",
    "--rows",
    "4",
    "--cols",
    "5",
    "--kinds",
    "5",
    "--deals",
    "60",
    "--seed",
    "5",
    "--gravity",
    "down",
    "--check",
    "kshisen-greedy",
    "--lost-before-stuck",
];

fn csv_of(extra: &[&str]) -> Vec<(String, String)> {
    let mut args = STUDY.to_vec();
    args.push("--csv");
    args.extend(extra);
    without_times(&stdout_of(run(&args)))
}

fn count(row: &[(String, String)], name: &str) -> u64 {
    let value = &row.iter().find(|(n, _)| n == name).unwrap().1;
    value.parse().unwrap_or_else(|_| panic!("{name} = {value}"))
}

#[test]
fn counts_add_up_and_repeat() {
    let row = csv_of(&["--jobs", "1"]);
    assert_eq!(row, csv_of(&["--jobs", "2"]), "threads change nothing");
    let deals = count(&row, "deals");
    let (solvable, unsolvable, undecided) = (
        count(&row, "solvable"),
        count(&row, "unsolvable"),
        count(&row, "undecided"),
    );
    assert_eq!(solvable + unsolvable + undecided, deals);
    assert!(solvable > 0 && unsolvable > 0, "{row:?}");
    for verdict in ["accepts", "rejects"] {
        let parts =
            ["solvable", "unsolvable", "undecided"].map(|v| count(&row, &format!("{verdict}_{v}")));
        assert_eq!(parts.iter().sum::<u64>(), count(&row, verdict), "{row:?}");
    }
    assert_eq!(count(&row, "accepts") + count(&row, "rejects"), deals);
    assert_eq!(
        count(&row, "accepts_solvable") + count(&row, "rejects_solvable"),
        solvable
    );
    assert_eq!(
        count(&row, "accepts_unsolvable") + count(&row, "rejects_unsolvable"),
        unsolvable
    );
    // The greedy check without gravity, on boards with gravity: it both
    // accepts and rejects here.
    assert!(
        count(&row, "accepts") > 0 && count(&row, "rejects") > 0,
        "{row:?}"
    );
    assert_eq!(count(&row, "games"), solvable);
    assert_eq!(
        count(&row, "games_cleared") + count(&row, "games_stuck") + count(&row, "games_undecided"),
        solvable
    );
    assert!(count(&row, "games_stuck") > 0, "{row:?}");

    // The table repeats too, but for the measured times.
    let untimed = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with("solve time"))
            .map(str::to_owned)
            .collect()
    };
    let table = stdout_of(run(&STUDY));
    assert_eq!(untimed(&table), untimed(&stdout_of(run(&STUDY))));
    assert!(table.contains("check kshisen-greedy"), "{table}");
    assert!(table.contains("pairs between lost and stuck"), "{table}");
}

/// A solvable deal always has a first move: `has-move` never rejects one.
#[test]
fn has_move_accepts_every_solvable_deal() {
    let mut args = STUDY.to_vec();
    args[14] = "has-move";
    args.push("--csv");
    let row = without_times(&stdout_of(run(&args)));
    assert_eq!(count(&row, "rejects_solvable"), 0, "{row:?}");
    assert_eq!(count(&row, "accepts_solvable"), count(&row, "solvable"));
}

#[test]
fn shards_with_checks_merge_into_the_whole() {
    let dir = scratch("checks");
    let expected = csv_of(&[]);
    let files: Vec<PathBuf> = (1..=3)
        .map(|k| {
            let shard = format!("{k}/3");
            let mut args = STUDY.to_vec();
            args.extend(["--csv", "--shard", &shard]);
            let path = dir.join(format!("shard-{k}.csv"));
            std::fs::write(&path, stdout_of(run(&args))).unwrap();
            path
        })
        .collect();
    // The per-deal columns are there for `study merge` to sum.
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let header = fields(text.lines().next().unwrap());
    for column in ["check", "accepts", "steps", "lost_from"] {
        assert!(header.iter().any(|h| h == column), "{header:?}");
    }
    assert_eq!(without_times(&stdout_of(merge(&files, true))), expected);

    // A deal whose check verdict is emptied is refused, with its line.
    let accepts = header.iter().position(|h| h == "accepts").unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut row = fields(&lines[1]);
    row[accepts].clear();
    lines[1] = row.join(",");
    let broken = lines.join("\n");
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, broken).unwrap();
    let out = merge(&[bad, files[1].clone(), files[2].clone()], false);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("line 2") || stderr.contains(":2:"),
        "{stderr}"
    );
}

/// A shard file written before the check's and the games' columns (the
/// same file without them) is read as a study that asked for neither.
#[test]
fn shard_files_without_the_new_columns_are_read() {
    let dir = scratch("old-columns");
    let plain = [
        "study", "--rows", "4", "--cols", "5", "--kinds", "5", "--deals", "20", "--csv",
    ];
    let expected = without_times(&stdout_of(run(&plain)));
    let mut sharded = plain.to_vec();
    sharded.extend(["--shard", "1/1"]);
    let text = stdout_of(run(&sharded));
    let new = [
        "check",
        "lost_before_stuck",
        "accepts",
        "steps",
        "cleared",
        "winnable_through",
        "lost_from",
    ];
    let header = fields(text.lines().next().unwrap());
    let keep: Vec<usize> = (0..header.len())
        .filter(|&i| !new.contains(&header[i].as_str()))
        .collect();
    assert_eq!(keep.len(), header.len() - new.len(), "{header:?}");
    let old: Vec<String> = text
        .lines()
        .map(|line| {
            let all = fields(line);
            keep.iter()
                .map(|&i| all[i].clone())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let path = dir.join("old.csv");
    std::fs::write(&path, old.join("\n")).unwrap();
    assert_eq!(without_times(&stdout_of(merge(&[path], true))), expected);
}
