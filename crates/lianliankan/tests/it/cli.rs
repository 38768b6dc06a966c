//! The `lianliankan` binary end to end on every fixture: judge answers,
//! `--explain`, `--draw`, other rules (through `NAME.args`), bad input, and
//! the engine subcommands (`fixtures/lianliankan/game/`, the subcommand in
//! `NAME.args`).

use std::path::Path;

use grid_core::SplitMix64;
use lianliankan::{Board, Border, Game, Gravity, Order, Pos, Removal, Rules, reference};
use test_support::{run_fixture, run_with_stdin};

const BIN: &str = env!("CARGO_BIN_EXE_lianliankan");

#[test]
fn fixtures() {
    insta::glob!("../../../../fixtures", "lianliankan/*.in", |path| {
        insta::assert_snapshot!(run_fixture(BIN, path));
    });
}

#[test]
fn bad_input() {
    insta::glob!("../../../../fixtures", "lianliankan/bad/*.in", |path| {
        let report = run_fixture(BIN, path);
        assert!(report.contains("exit status: 2\n"), "{report}");
        assert!(report.contains("--- stderr\nerror: line "), "{report}");
        insta::assert_snapshot!(report);
    });
}

/// A bad gravity mode or groups text is a usage error (exit status 1) that
/// names the bad text, in every mode that takes it.
#[test]
fn bad_rules_are_usage_errors() {
    use std::process::Command;
    let cases: [&[&str]; 7] = [
        &["hint", "--gravity", "sideways", "-"],
        &["solve", "--groups", "1-3,3-5", "-"],
        &["--groups", "2-1", "-"],
        &[
            "generate",
            "--rows",
            "2",
            "--cols",
            "2",
            "--kinds",
            "1",
            "--seed",
            "1",
            "--gravity",
            "diagonal",
        ],
        &["moves", "--groups", "0+1", "-"],
        &["--connect", "river", "-"],
        &[
            "study",
            "--rows",
            "2",
            "--cols",
            "2",
            "--kinds",
            "1",
            "--deals",
            "1",
            "--connect",
            "lines",
        ],
    ];
    let named = [
        "`sideways`",
        "`1-3,3-5`",
        "`2-1`",
        "`diagonal`",
        "`0`",
        "`river`",
        "`lines`",
    ];
    for (args, bad) in cases.iter().zip(named) {
        let out = Command::new(BIN).args(*args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(bad), "{args:?}: {stderr}");
    }
    // Judge mode takes groups but not gravity (nothing is removed there).
    let out = Command::new(BIN)
        .args(["--gravity", "down", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn engine_subcommands() {
    insta::glob!("../../../../fixtures", "lianliankan/game/*.in", |path| {
        let report = run_fixture(BIN, path);
        let name = path.file_name().unwrap().to_string_lossy();
        let status = if name.starts_with("bad-") {
            "exit status: 2\n"
        } else if name.contains("unknown") {
            "exit status: 3\n"
        } else if name.contains("illegal") {
            "exit status: 4\n"
        } else {
            "exit status: 0\n"
        };
        assert!(report.contains(status), "{report}");
        insta::assert_snapshot!(report);
    });
}

/// `generate` prints a board in the judge format that `solve` clears, the
/// same for the same seed.
#[test]
fn generate_then_solve() {
    use std::process::Command;
    let generate = |seed: &str| {
        let out = Command::new(BIN)
            .args(["generate", "--rows", "6", "--cols", "9", "--kinds", "7"])
            .args(["--seed", seed, "--border", "open"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let board = generate("11");
    assert_eq!(board, generate("11"));
    assert_ne!(board, generate("12"));
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "6 9");
    assert_eq!(lines.len(), 7);
    assert!(lines[1..].iter().all(|l| l.split(' ').count() == 9));
    let out = run_with_stdin(BIN, &["solve", "--border", "open"], board.as_bytes());
    assert!(out.status.success());
    // 27 removals, each naming cells 1-based on the 6 x 9 board.
    let removals = String::from_utf8(out.stdout).unwrap();
    assert_eq!(removals.lines().count(), 27, "{removals}");
    for line in removals.lines() {
        let n: Vec<usize> = line.split(' ').map(|x| x.parse().unwrap()).collect();
        assert!(
            n.len() == 4 && (1..=6).contains(&n[0]) && (1..=9).contains(&n[1]),
            "{line}"
        );
    }
    let refused = Command::new(BIN)
        .args(["generate", "--rows", "2", "--cols", "2", "--kinds", "3"])
        .args(["--seed", "0"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).starts_with("error: 3 kinds"));
}

/// `generate --difficulty`/`--score`: a board rated in the band, what it
/// scored on stderr, its certificate replayed by `replay`, the rating
/// `rate` gives it; an unreachable band and a malformed one are errors.
#[test]
fn generate_by_difficulty_then_rate_and_replay() {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("llk-rated-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (board, order) = (dir.join("board.txt"), dir.join("order.txt"));
    let rules = ["--gravity", "left"];
    let out = Command::new(BIN)
        .args([
            "generate", "--rows", "6", "--cols", "8", "--kinds", "12", "--seed", "2",
        ])
        .args(rules)
        .args(["--score", "25-100", "--plays", "40", "--certificate"])
        .arg(&order)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    std::fs::write(&board, &out.stdout).unwrap();
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    let score: u8 = said
        .strip_prefix("score ")
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    assert!(
        (25..=100).contains(&score) && said.contains(" candidates (seed "),
        "{said}"
    );
    let replayed = Command::new(BIN)
        .arg("replay")
        .args(rules)
        .arg(&board)
        .arg(&order)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&replayed.stdout), "ok 24\n");
    let rated = Command::new(BIN)
        .arg("rate")
        .args(rules)
        .args(["--plays", "40"])
        .arg(&board)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&rated.stdout);
    assert!(
        report.starts_with(&format!("score {score} (")),
        "{report} vs {said}"
    );

    let unreachable = Command::new(BIN)
        .args([
            "generate", "--rows", "2", "--cols", "4", "--kinds", "2", "--seed", "0",
        ])
        .args([
            "--border",
            "open",
            "--difficulty",
            "hard",
            "--candidates",
            "3",
        ])
        .output()
        .unwrap();
    assert_eq!(unreachable.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&unreachable.stderr);
    assert!(
        stderr.starts_with("error: no hard deal in 3 candidates (decided easy 3, normal 0, hard 0"),
        "{stderr}"
    );
    let unreachable = Command::new(BIN)
        .args([
            "generate", "--rows", "2", "--cols", "4", "--kinds", "2", "--seed", "0",
        ])
        .args(["--border", "open", "--score", "50-100", "--candidates", "3"])
        .output()
        .unwrap();
    assert_eq!(unreachable.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&unreachable.stderr);
    assert!(
        stderr.starts_with("error: no deal scored 50-100 in 3 candidates"),
        "{stderr}"
    );
    for bad in ["50-20", "0-101", "hard", "5"] {
        let out = Command::new(BIN)
            .args([
                "generate", "--rows", "2", "--cols", "4", "--kinds", "2", "--seed", "0", "--score",
                bad,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{bad}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("a band LOW-HIGH"),
            "{bad}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `generate --difficulty` deals by the setting's bands: the band decided
/// and confirmed on stderr, the same band on `rate`'s `band` line (its
/// default seed); `bands` measures a setting's row.
#[test]
fn generate_by_the_settings_bands_then_rate() {
    use std::process::Command;
    let setting = [
        "--rows",
        "6",
        "--cols",
        "6",
        "--kinds",
        "9",
        "--gravity",
        "down",
    ];
    let out = Command::new(BIN)
        .arg("generate")
        .args(setting)
        .args(["--seed", "4", "--difficulty", "normal"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(said.starts_with("band normal (95% sure: "), "{said}");
    assert!(
        said.contains("; confirmed with fresh games: normal (95% sure: "),
        "{said}"
    );
    assert!(
        said.contains("(measured on 60 deals of this setting)"),
        "{said}"
    );
    let rated = run_with_stdin(BIN, &["rate", "--gravity", "down", "-"], &out.stdout);
    let report = String::from_utf8_lossy(&rated.stdout);
    let band_line = report.lines().last().unwrap_or_default();
    let decided = said.split(';').next().unwrap_or_default();
    assert!(
        band_line.starts_with(decided.trim()),
        "{band_line} vs {said}"
    );

    let measured = Command::new(BIN)
        .arg("bands")
        .args(setting)
        .args(["--deals", "9", "--games", "40"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&measured.stdout);
    assert!(
        text.starts_with("9 candidates, 40 random games each: "),
        "{text}"
    );
    assert!(
        text.contains("Row { rows: 6, cols: 6, kinds: 9, border: Border::Closed, gravity: Gravity::Down, easy_from: "),
        "{text}"
    );
}

#[test]
fn standard_input_and_help() {
    use std::process::Command;
    let out = run_with_stdin(BIN, &[], b"1 2 7 7 1 1 1 1 2");
    assert!(out.status.success());
    assert_eq!(out.stdout, b"YES\n");

    let help = Command::new(BIN).arg("--help").output().unwrap();
    let text = String::from_utf8(help.stdout).unwrap();
    assert!(
        text.contains("Examples:") && text.contains("--explain"),
        "{text}"
    );
    // A bad command line is a usage failure (1), not bad input (2).
    let bad_flag = Command::new(BIN)
        .args(["--turns", "x", "f.in"])
        .output()
        .unwrap();
    assert_eq!(bad_flag.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad_flag.stderr).contains("--turns"));
    let missing = Command::new(BIN).arg("no-such-file.in").output().unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&missing.stderr).starts_with("error: cannot read no-such-file.in")
    );
}

/// `study`: the counts add up to the deals, the same seed gives the same
/// counts whatever the number of threads, another seed other deals, and a
/// deal that cannot be made is a usage error.
#[test]
fn study_counts_add_up_and_repeat() {
    use std::process::Command;
    let csv = |seed: &str, jobs: &str| {
        let out = Command::new(BIN)
            .args([
                "study", "--rows", "4", "--cols", "5", "--kinds", "5", "--deals", "120",
            ])
            .args([
                "--seed", seed, "--jobs", jobs, "--csv", "--budget", "100000",
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        let header: Vec<&str> = lines[0].split(',').collect();
        let row: Vec<&str> = lines[1].split(',').collect();
        assert_eq!(header.len(), row.len());
        let field = |name: &str| row[header.iter().position(|h| *h == name).unwrap()].to_owned();
        let count = |name: &str| field(name).parse::<u64>().unwrap();
        assert_eq!(count("deals"), 120);
        assert_eq!(
            count("solvable") + count("unsolvable") + count("undecided"),
            120
        );
        let (lo, hi): (f64, f64) = (
            field("ci_low").parse().unwrap(),
            field("ci_high").parse().unwrap(),
        );
        let fraction: f64 = field("fraction").parse().unwrap();
        assert!(lo <= fraction && fraction <= hi, "{lo} {fraction} {hi}");
        ["solvable", "unsolvable", "undecided", "fraction"].map(field)
    };
    let one = csv("5", "1");
    assert_eq!(one, csv("5", "2"));
    // Small boards of five kinds: both answers occur.
    assert!(one[0] != "0" && one[1] != "0", "{one:?}");
    assert_ne!(one, csv("6", "2"));
    let bad = Command::new(BIN)
        .args([
            "study", "--rows", "3", "--cols", "3", "--kinds", "2", "--deals", "5",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("9 cells cannot be dealt in groups of 4")
    );
}

/// What `replay` prints for `order` on `board` under `rules`, worked out
/// from the library's [`Order::replay`]: the binary must print exactly this.
fn replay_expected(board: &Board, rules: &Rules, order: &Order) -> (String, i32) {
    match order.replay(board, rules) {
        Ok(done) if done.tiles_left == 0 => (format!("ok {}\n", done.steps), 0),
        Ok(done) => (
            format!("ok {} ({} tiles left)\n", done.steps, done.tiles_left),
            0,
        ),
        Err(illegal) => {
            let step = illegal.index + 1;
            let why = illegal.reason();
            (format!("illegal step {step}: {}: {why}\n", illegal.step), 4)
        }
    }
}

/// Runs `replay` on `board` (given as the library writes it) and `order`
/// (written to a file as the library writes it) and checks that the binary
/// prints what the library's replay says, with the exit status.
fn assert_replay_agrees(board: &Board, rules: &Rules, order: &Order, order_file: &Path) {
    std::fs::write(order_file, order.to_string()).unwrap();
    let (gravity, border) = (rules.gravity().to_string(), rules.border().to_string());
    let args = [
        "replay",
        "--gravity",
        &gravity,
        "--border",
        &border,
        "-",
        order_file.to_str().unwrap(),
    ];
    let out = run_with_stdin(BIN, &args, board.to_string().as_bytes());
    let (expected, status) = replay_expected(board, rules, order);
    let context = format!("{args:?} on\n{board}order:\n{order}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{context}");
    assert_eq!(out.status.code(), Some(status), "{context}");
    assert!(out.stderr.is_empty(), "{context}");
}

/// The binary's `replay` and the library's agree: on the fixtures' orders,
/// and on random orders (legal moves, then maybe a random pair: off the
/// board, the same cell, empty, different kinds or no path) on random
/// boards under several rules.
#[test]
fn replay_agrees_with_the_library() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("replay-agrees");
    std::fs::create_dir_all(&dir).unwrap();
    let order_file = dir.join("order.txt");

    // The fixtures: the board file and the order the `.args` name.
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/lianliankan/game");
    let mut fixtures = 0;
    for entry in std::fs::read_dir(&game).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.starts_with("replay-") && name.ends_with(".in")) {
            continue;
        }
        let args = std::fs::read_to_string(path.with_extension("args")).unwrap();
        let words: Vec<&str> = args.split_whitespace().collect();
        assert_eq!(words[0], "replay", "{name}");
        let mut rules = Rules::default();
        for flag in words.windows(2) {
            match flag[0] {
                "--gravity" => rules = rules.with_gravity(flag[1].parse().unwrap()),
                "--border" => rules = rules.with_border(flag[1].parse().unwrap()).unwrap(),
                _ => {}
            }
        }
        let board_text = std::fs::read_to_string(game.join(words[words.len() - 1])).unwrap();
        let board: Board = board_text.parse().unwrap();
        let order: Order = std::fs::read_to_string(&path).unwrap().parse().unwrap();
        assert_replay_agrees(&board, &rules, &order, &order_file);
        fixtures += 1;
    }
    assert!(fixtures >= 2, "the replay fixtures are gone");

    let mut rng = SplitMix64::new(0x7265_706c_6179);
    let mut illegal = 0;
    for case in 0..60 {
        let rules = Rules::judge()
            .with_border(Border::ALL[case % 2])
            .unwrap()
            .with_gravity([Gravity::None, Gravity::Down, Gravity::Outward][case % 3]);
        let (rows, cols) = (rng.range(1, 5), rng.range(1, 6));
        let board = reference::random_board(&mut rng, rows, cols, 85, 3);
        let mut game = Game::new(board.clone(), rules.clone());
        let mut order = Order::default();
        let legal = rng.below(1 + board.tile_count() / 2);
        for _ in 0..legal {
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            let pair = moves[rng.below(moves.len())];
            game.remove(pair.a(), pair.b()).unwrap();
            // Either tile first: the order keeps what is written.
            order.push(if rng.percent(50) {
                Removal::pair(pair.a(), pair.b())
            } else {
                Removal::pair(pair.b(), pair.a())
            });
        }
        if rng.percent(70) {
            let cell = |rng: &mut SplitMix64| Pos::new(rng.below(rows + 1), rng.below(cols + 1));
            let a = cell(&mut rng);
            let b = if rng.percent(10) { a } else { cell(&mut rng) };
            order.push(Removal::pair(a, b));
        }
        illegal += usize::from(order.replay(&board, &rules).is_err());
        assert_replay_agrees(&board, &rules, &order, &order_file);
    }
    assert!(illegal >= 10, "only {illegal} illegal orders");
}

/// `--border` is parsed by `Border`'s `FromStr`: its names work, and a bad
/// one is a usage error (exit status 1) that names it and the choices.
#[test]
fn border_names_on_the_command_line() {
    use std::process::Command;
    for (border, answer) in [("closed", "NO\n"), ("open", "YES\n")] {
        let out = run_with_stdin(BIN, &["--border", border], b"1 3 1 2 1 1 1 1 1 3");
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), answer, "{border}");
    }
    let out = Command::new(BIN)
        .args(["moves", "--border", "around", "-"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("unknown border rule `around` (one of: closed, open)"),
        "{stderr}"
    );
}

/// `--slide` fixes the path rule: with `--turns` other than 1, `--border open` or another
/// `--connect` than standard it is a usage error (exit status 1) in every subcommand that takes rules;
/// `--border closed` is allowed; judge mode has no `--slide`.
#[test]
fn slide_refuses_other_path_rules() {
    use std::process::Command;
    let board = "2 2\n1 0\n0 1\n";
    let subcommands: [&[&str]; 6] = [
        &["hint", "-"],
        &["moves", "-"],
        &["solve", "-"],
        &["replay", "-", "/dev/null"],
        &[
            "generate", "--rows", "2", "--cols", "2", "--kinds", "1", "--seed", "1",
        ],
        &[
            "study", "--rows", "2", "--cols", "2", "--kinds", "1", "--deals", "1",
        ],
    ];
    for args in subcommands {
        for extra in [
            &["--turns", "2"][..],
            &["--border", "open"],
            &["--connect", "line"],
            &["--connect", "four-rivers"],
        ] {
            let out = Command::new(BIN)
                .args(args)
                .arg("--slide")
                .args(extra)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?} {extra:?}: {stderr}");
            // The library's words (`RulesError`), as every face shows them.
            assert!(
                stderr.starts_with("error: sliding tiles "),
                "{args:?} {extra:?}: {stderr}"
            );
        }
    }
    let out = run_with_stdin(
        BIN,
        &["moves", "--slide", "--border", "closed", "--turns", "1"],
        board.as_bytes(),
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1 1 2 2\n");
    let out = run_with_stdin(BIN, &["--slide", "-"], board.as_bytes());
    assert_eq!(out.status.code(), Some(1));
}
