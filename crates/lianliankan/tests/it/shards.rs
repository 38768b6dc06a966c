//! The study in shards: `study --shard K/N --csv` and `study merge` give
//! what the study run in one piece gives (counts, fraction and interval
//! identical), however the shards are split and handed over; a set of files
//! that is not one whole study is refused with where and why; and the
//! README's GNU parallel recipe runs as written (on this machine).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_lianliankan");

/// A study with both verdicts, undecided deals (a small budget), gravity and
/// groups whose text holds a comma (a quoted CSV field).
const STUDY: [&str; 18] = [
    "study",
    "--rows",
    "4",
    "--cols",
    "5",
    "--kinds",
    "10",
    "--deals",
    "61",
    "--seed",
    "9",
    "--copies",
    "2",
    "--budget",
    "10",
    "--gravity",
    "left",
    "--groups",
];
const GROUPS: &str = "3+4,5-6";

/// The columns that are measured times, and differ from run to run.
const TIMES: [&str; 4] = ["median_ms", "p90_ms", "p99_ms", "max_ms"];

pub(crate) fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

pub(crate) fn stdout_of(out: Output) -> String {
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// A scratch folder of this test's own.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("shards-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The summary CSV's fields by name, but for the measured times.
pub(crate) fn without_times(csv: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 2, "{csv}");
    let header = fields(lines[0]);
    let row = fields(lines[1]);
    assert_eq!(header.len(), row.len(), "{csv}");
    header
        .into_iter()
        .zip(row)
        .filter(|(name, _)| !TIMES.contains(&name.as_str()))
        .collect()
}

/// A CSV line's fields (quoted fields with commas, no escaped quotes: what
/// the study writes).
pub(crate) fn fields(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(String::new()),
            _ => out.last_mut().unwrap().push(c),
        }
    }
    out
}

/// Writes shard K of N of the study as a file and returns its path.
fn shard_file(dir: &Path, k: u64, n: u64) -> PathBuf {
    let shard = format!("{k}/{n}");
    let mut args = STUDY.to_vec();
    args.extend([GROUPS, "--csv", "--shard", &shard, "--jobs", "2"]);
    let path = dir.join(format!("shard-{k}-of-{n}.csv"));
    std::fs::write(&path, stdout_of(run(&args))).unwrap();
    path
}

pub(crate) fn merge(files: &[PathBuf], csv: bool) -> Output {
    let mut command = Command::new(BIN);
    command.args(["study", "merge"]).args(files);
    if csv {
        command.arg("--csv");
    }
    command.output().unwrap()
}

#[test]
fn merged_shards_give_the_unsharded_summary() {
    let dir = scratch("identity");
    let mut whole = STUDY.to_vec();
    whole.extend([GROUPS, "--csv"]);
    let unsharded = stdout_of(run(&whole));
    let expected = without_times(&unsharded);
    let count = |name: &str| -> u64 {
        expected
            .iter()
            .find(|(n, _)| n == name)
            .unwrap()
            .1
            .parse()
            .unwrap()
    };
    // The study is one to learn from: every verdict occurs.
    assert!(
        count("solvable") > 0 && count("unsolvable") > 0 && count("undecided") > 0,
        "{unsharded}"
    );
    assert_eq!(
        count("solvable") + count("unsolvable") + count("undecided"),
        61
    );
    assert!(unsharded.contains("\"3+4,5-6\""), "{unsharded}");

    for n in [1, 3, 7, 100] {
        let files: Vec<PathBuf> = (1..=n).map(|k| shard_file(&dir, k, n)).collect();
        // Each shard holds exactly its deals.
        let mut deals = Vec::new();
        for (k, file) in (1..=n).zip(&files) {
            let text = std::fs::read_to_string(file).unwrap();
            let header = fields(text.lines().next().unwrap());
            let deal = header.iter().position(|h| h == "deal").unwrap();
            for line in text.lines().skip(1) {
                let i: u64 = fields(line)[deal].parse().unwrap();
                assert_eq!(i % n, k - 1, "{}", file.display());
                deals.push(i);
            }
        }
        deals.sort_unstable();
        assert_eq!(deals, (0..61).collect::<Vec<u64>>(), "{n} shards");
        let merged = stdout_of(merge(&files, true));
        assert_eq!(without_times(&merged), expected, "{n} shards");
    }

    // The table too: every line but the measured times.
    let files: Vec<PathBuf> = (1..=3).map(|k| shard_file(&dir, k, 3)).collect();
    let mut whole_table = STUDY.to_vec();
    whole_table.push(GROUPS);
    let table = stdout_of(run(&whole_table));
    let merged_table = stdout_of(merge(&files, false));
    let untimed = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with("solve time"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(untimed(&merged_table), untimed(&table));
    assert!(
        merged_table.contains("solve time: median"),
        "{merged_table}"
    );
}

/// The merged times are the shards' measured times: the maximum of the
/// merge is the largest `time_ns` in the files.
#[test]
fn merged_times_are_the_shards_times() {
    let dir = scratch("times");
    let files: Vec<PathBuf> = (1..=2).map(|k| shard_file(&dir, k, 2)).collect();
    let mut max_ns = 0u64;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let header = fields(text.lines().next().unwrap());
        let at = header.iter().position(|h| h == "time_ns").unwrap();
        for line in text.lines().skip(1) {
            max_ns = max_ns.max(fields(line)[at].parse().unwrap());
        }
    }
    let merged = stdout_of(merge(&files, true));
    let lines: Vec<&str> = merged.lines().collect();
    let header = fields(lines[0]);
    let max_ms: f64 = fields(lines[1])[header.iter().position(|h| h == "max_ms").unwrap()]
        .parse()
        .unwrap();
    assert!(
        (max_ms - max_ns as f64 / 1e6).abs() < 0.0011,
        "{max_ms} ms against {max_ns} ns"
    );
}

/// Files concatenated into one stream (headers repeated, as `cat` or GNU
/// parallel leave them), read from standard input, and a column this
/// version does not know: the same summary.
#[test]
fn concatenated_files_on_stdin_and_unknown_columns_are_read() {
    let dir = scratch("stdin");
    let files: Vec<PathBuf> = (1..=3).map(|k| shard_file(&dir, k, 3)).collect();
    let expected = without_times(&stdout_of(merge(&files, true)));
    let mut all = String::new();
    for file in files.iter().rev() {
        all.push_str(&std::fs::read_to_string(file).unwrap());
        all.push('\n');
    }
    let mut child = Command::new(BIN)
        .args(["study", "merge", "-", "--csv"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), all.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(without_times(&stdout_of(out)), expected);

    // A column added by someone's own tooling is ignored.
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let with_host: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| format!("{},{l}\n", if i == 0 { "host" } else { "node7" }))
        .collect();
    std::fs::write(&files[1], with_host).unwrap();
    assert_eq!(without_times(&stdout_of(merge(&files, true))), expected);

    // A file written before the `slide` column: no slide.
    // (Counted from the end: the groups before it hold a quoted comma.)
    let text = std::fs::read_to_string(&files[2]).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let slide = header.iter().position(|&name| name == "slide").unwrap();
    let from_end = header.len() - 1 - slide;
    let older: String = text
        .lines()
        .map(|l| {
            let mut fields: Vec<&str> = l.split(',').collect();
            fields.remove(fields.len() - 1 - from_end);
            fields.join(",") + "\n"
        })
        .collect();
    std::fs::write(&files[2], older).unwrap();
    assert_eq!(without_times(&stdout_of(merge(&files, true))), expected);
}

/// Files that are not one whole study: refused, saying which file, where
/// and why; malformed files are bad input (exit status 2), missing shards a
/// usage failure (exit status 1).
#[test]
fn files_that_are_not_one_study_are_refused() {
    let dir = scratch("refused");
    let files: Vec<PathBuf> = (1..=3).map(|k| shard_file(&dir, k, 3)).collect();
    let refused = |files: &[PathBuf], code: i32, needles: &[&str]| {
        let out = merge(files, false);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(code), "{stderr}");
        assert!(out.stdout.is_empty(), "{out:?}");
        for needle in needles {
            assert!(stderr.contains(needle), "`{needle}` not in: {stderr}");
        }
    };
    // A shard missing.
    refused(
        &[files[0].clone(), files[2].clone()],
        1,
        &["41 of 61 deals found", "shard 2/3 has 0 of its 20"],
    );
    // A shard twice.
    refused(
        &[files[0].clone(), files[1].clone(), files[1].clone()],
        2,
        &["deal 1 again", "line 2"],
    );
    // A shard of another study (another seed).
    let other = dir.join("other-seed.csv");
    let mut args: Vec<String> = STUDY.iter().map(|s| (*s).to_owned()).collect();
    args[10] = "10".to_owned();
    args.extend(
        [GROUPS, "--csv", "--shard", "2/3"]
            .iter()
            .map(|s| (*s).to_owned()),
    );
    let out = Command::new(BIN).args(&args).output().unwrap();
    std::fs::write(&other, stdout_of(out)).unwrap();
    refused(
        &[files[0].clone(), other.clone(), files[2].clone()],
        2,
        &[
            "other-seed.csv: line 2, column 1",
            "`seed` is 10 here but 9 in",
        ],
    );

    // Damaged files: the file, line and column.
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let damage = |name: &str, from: &str, to: &str, needles: &[&str]| {
        let path = dir.join(name);
        assert!(text.contains(from), "{from}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        let mut set = files.clone();
        set[1] = path;
        refused(&set, 2, needles);
    };
    damage(
        "newer.csv",
        "\n1,4,5",
        "\n2,4,5",
        &["newer.csv: line 2, column 1: shard format version `2`"],
    );
    damage(
        "verdict.csv",
        ",solvable,",
        ",won,",
        &["verdict.csv: line ", "verdict `won`"],
    );
    damage(
        "gravity.csv",
        ",left,",
        ",sideways,",
        &["gravity.csv: line 2, column 19: expected a gravity mode"],
    );
    damage(
        "foreign.csv",
        "version,",
        "edition,",
        &["foreign.csv: line 1, column 1: no `version` column"],
    );
    damage(
        "short.csv",
        "\n1,4,5,10,2,closed,left,2,",
        "\n1,4,5,10,2,closed,left,",
        &["short.csv: line 2", "fields where the header has 42"],
    );
    damage(
        "slide.csv",
        ",3,,no,standard,no,no,",
        ",3,,no,standard,yes,no,",
        &["slide.csv: line 3", "`slide` is no here but yes on line 2"],
    );
    damage(
        "stray.csv",
        ",3,,no,standard,no,no,2,1,",
        ",3,,no,standard,no,no,2,2,",
        &[
            "stray.csv: line 2, column ",
            "deal 2 is not one of shard 2/3's",
        ],
    );
    damage(
        "connect.csv",
        ",no,standard,",
        ",no,line,",
        &[
            "connect.csv: line ",
            "`connect` is standard here but line on line 2",
        ],
    );
    // A file from before the `connect` column reads as the standard rule:
    // it merges with the others.
    let older = dir.join("older.csv");
    std::fs::write(
        &older,
        text.replacen(",lost_before_stuck,connect,", ",lost_before_stuck,", 1)
            .replace(",no,standard,", ",no,"),
    )
    .unwrap();
    let merged = merge(&[files[0].clone(), older, files[2].clone()], false);
    assert!(merged.status.success(), "{merged:?}");
    let empty = dir.join("empty.csv");
    std::fs::write(&empty, "").unwrap();
    refused(&[empty], 2, &["empty.csv: line 1, column 1: an empty file"]);
    refused(&[dir.join("no-such.csv")], 1, &["cannot read"]);
}

/// The README's GNU parallel recipe, run here with this machine as its only
/// host and a smaller study: the merged table is the unsharded one.
#[test]
fn readme_gnu_parallel_recipe_runs() {
    assert!(
        Command::new("parallel")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success()),
        "GNU parallel not found: `cargo xtask system-packages` (a step of `cargo xtask test`) \
         installs it, or: sudo apt-get install parallel"
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let start = readme
        .find("<!-- recipe: gnu-parallel -->")
        .expect("the recipe's marker");
    let end = readme[start..].find("<!-- /recipe -->").unwrap() + start;
    let block = &readme[start..end];
    let script = block
        .split("```sh\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("a sh block between the markers");
    // This machine as the only host, and a study of seconds.
    let substitutions = [
        ("-S 2/:,2/node1,2/node2", "-S 2/:"),
        (
            "--rows 8 --cols 18 --kinds 36 --deals 100000",
            "--rows 4 --cols 6 --kinds 6 --deals 90",
        ),
    ];
    let mut local = script.to_owned();
    for (from, to) in substitutions {
        assert!(
            local.contains(from),
            "the recipe no longer says `{from}`:\n{script}"
        );
        local = local.replace(from, to);
    }
    let dir = scratch("parallel");
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let out = Command::new("sh")
        .args(["-ec", &local])
        .current_dir(&dir)
        .env("PATH", path)
        .output()
        .unwrap();
    let table = stdout_of(out);
    let unsharded = stdout_of(run(&[
        "study", "--rows", "4", "--cols", "6", "--kinds", "6", "--deals", "90", "--border", "open",
        "--jobs", "1",
    ]));
    let untimed = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with("solve time"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(untimed(&table), untimed(&unsharded));
    assert!(table.starts_with("90 deals of 4x6"), "{table}");
}

/// `--rate`: the shards' rating columns merge to the unsharded ratings
/// (the same scores, bands, held-out rates and correlations), and a row
/// that drops its score is refused.
#[test]
fn rated_shards_merge_to_the_unsharded_ratings() {
    let dir = scratch("rated");
    let study = [
        "study",
        "--rows",
        "4",
        "--cols",
        "6",
        "--kinds",
        "6",
        "--deals",
        "24",
        "--seed",
        "3",
        "--border",
        "open",
        "--gravity",
        "down",
        "--rate",
    ];
    let mut whole = study.to_vec();
    whole.push("--csv");
    let unsharded = stdout_of(run(&whole));
    let expected = without_times(&unsharded);
    let value = |name: &str| expected.iter().find(|(n, _)| n == name).unwrap().1.clone();
    assert_eq!(value("rated"), value("solvable"), "{unsharded}");
    assert!(
        value("spearman_heldout").parse::<f64>().unwrap() < 0.0,
        "{unsharded}"
    );
    let files: Vec<PathBuf> = (1..=3)
        .map(|k| {
            let shard = format!("{k}/3");
            let mut args = study.to_vec();
            args.extend(["--csv", "--shard", &shard]);
            let path = dir.join(format!("rated-{k}.csv"));
            std::fs::write(&path, stdout_of(run(&args))).unwrap();
            path
        })
        .collect();
    assert_eq!(without_times(&stdout_of(merge(&files, true))), expected);
    let table = stdout_of(run(&study));
    let merged = stdout_of(merge(&files, false));
    let untimed = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with("solve time"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(untimed(&merged), untimed(&table));
    assert!(table.contains("Spearman's rank correlation"), "{table}");

    // A solvable deal without its score is not a rated study's row.
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let header = fields(text.lines().next().unwrap());
    let (score, verdict) = (
        header.iter().position(|h| h == "score").unwrap(),
        header.iter().position(|h| h == "verdict").unwrap(),
    );
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let row = lines
        .iter()
        .position(|l| fields(l)[verdict] == "solvable")
        .unwrap();
    let mut cells = fields(&lines[row]);
    cells[score] = String::new();
    lines[row] = cells.join(",");
    let broken = dir.join("rated-broken.csv");
    std::fs::write(&broken, lines.join("\n") + "\n").unwrap();
    let out = merge(&[broken], true);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("rating columns must be numbers"),
        "{stderr}"
    );
}

/// `--rate --players`: the players' columns merge to the unsharded
/// figures (the lookahead's clear rates, the half-clear skill and their
/// correlations with the score).
#[test]
fn players_shards_merge_to_the_unsharded_players() {
    let dir = scratch("players");
    let study = [
        "study",
        "--rows",
        "4",
        "--cols",
        "6",
        "--kinds",
        "6",
        "--deals",
        "8",
        "--seed",
        "5",
        "--border",
        "open",
        "--gravity",
        "down",
        "--rate",
        "--players",
    ];
    let mut whole = study.to_vec();
    whole.push("--csv");
    let unsharded = stdout_of(run(&whole));
    let expected = without_times(&unsharded);
    let value = |name: &str| expected.iter().find(|(n, _)| n == name).unwrap().1.clone();
    assert_eq!(value("with_players"), value("rated"), "{unsharded}");
    assert!(
        value("spearman_lookahead").parse::<f64>().is_ok(),
        "{unsharded}"
    );
    let files: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let shard = format!("{k}/2");
            let mut args = study.to_vec();
            args.extend(["--csv", "--shard", &shard]);
            let path = dir.join(format!("players-{k}.csv"));
            std::fs::write(&path, stdout_of(run(&args))).unwrap();
            path
        })
        .collect();
    assert_eq!(without_times(&stdout_of(merge(&files, true))), expected);
    let table = stdout_of(run(&study));
    assert!(
        table.contains("  players (") && table.contains("half-clear skill"),
        "{table}"
    );
    // Without --players the columns are there, empty, and nothing is said.
    let plain = stdout_of(run(&study[..study.len() - 1]));
    assert!(!plain.contains("  players ("), "{plain}");
}
