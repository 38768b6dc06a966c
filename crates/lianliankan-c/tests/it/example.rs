//! `examples/c/solve.c`, built with gcc (`-Wall -Wextra -Wpedantic
//! -Werror`) under AddressSanitizer (leak checks on) and
//! UndefinedBehaviorSanitizer (every report fatal) against this crate's
//! static library, run on generated boards of
//! every gravity mode under both borders: what it prints must be what the
//! `lianliankan` binary's `solve` prints, and its order must clear the
//! board when the library replays it. Bad input must exit 2 with the
//! binary's message. A missing gcc fails the test with the command that
//! installs it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use lianliankan::format::write_board;
use lianliankan::{Board, Connect, DealSpec, GenerateSpec, Gravity, Order, Rules};

use crate::common::every_rule;

/// AddressSanitizer's and UndefinedBehaviorSanitizer's exit status for a
/// report (an error, a leak, undefined behaviour), apart from the
/// program's own 0 to 3.
const ASAN_EXIT: i32 = 86;

/// The sanitizers the C programs are built with: AddressSanitizer and
/// UndefinedBehaviorSanitizer, whose every report ends the program
/// (`-fno-sanitize-recover=all`) with `ASAN_EXIT`.
pub const SANITIZE: [&str; 4] = [
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
    "-g",
];

/// How the example is linked to the library (both with AddressSanitizer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// `liblianliankan_c.a`.
    Static,
    /// `liblianliankan_c.so`, found at run time through an rpath.
    Shared,
}

/// The example built with AddressSanitizer against the static library,
/// once for the test binary.
fn program() -> &'static Path {
    static PROGRAM: OnceLock<PathBuf> = OnceLock::new();
    PROGRAM.get_or_init(|| build(Link::Static).unwrap_or_else(|e| panic!("{e}")))
}

/// Builds the example with AddressSanitizer into
/// `target/<profile>/c-example-test/`, against the library cargo built
/// beside this test binary.
fn build(link: Link) -> Result<PathBuf, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    build_program(&root.join("../../examples/c/solve.c"), "solve", link)
}

/// Builds the C program `source` with AddressSanitizer into
/// `target/<profile>/c-example-test/NAME-asan` (static) or
/// `NAME-shared-asan`, against the library cargo built beside this test
/// binary.
pub fn build_program(source: &Path, name: &str, link: Link) -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    // target/<profile>/deps/it-HASH -> target/<profile>
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .ok_or("the test binary is not in target/<profile>/deps")?;
    // `cargo test` builds the crate's every type into deps/ (without a
    // hash in the name) for the test to link, and uplifts only what
    // `cargo build` asks for: deps/ holds this build's.
    let deps = profile_dir.join("deps");
    let library = deps.join(match link {
        Link::Static => "liblianliankan_c.a",
        Link::Shared => "liblianliankan_c.so",
    });
    if !library.exists() {
        return Err(format!(
            "{} is missing: cargo builds it with the crate (crate-type staticlib \
             and cdylib); run `cargo test -p lianliankan-c`",
            library.display()
        ));
    }
    match Command::new("gcc").arg("--version").output() {
        Ok(out) if out.status.success() => {}
        _ => {
            return Err(
                "gcc is needed to build the C programs of this test and was not found: \
                 install it (Debian: apt-get install gcc)"
                    .to_owned(),
            );
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out_dir = profile_dir.join("c-example-test");
    std::fs::create_dir_all(&out_dir).map_err(|e| e.to_string())?;
    let mut gcc = Command::new("gcc");
    gcc.args(["-std=c11", "-O1", "-Wall", "-Wextra", "-Wpedantic"])
        .arg("-Werror")
        .args(SANITIZE)
        .arg("-I")
        .arg(root.join("include"))
        .arg(source)
        // The file itself, not `-l`: deps/ holds both kinds.
        .arg(&library);
    let program = match link {
        Link::Static => {
            gcc.args(["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"]);
            out_dir.join(format!("{name}-asan"))
        }
        Link::Shared => {
            // The library's SONAME (build.rs) is the installed name, which
            // the program then needs: a link by that name beside it.
            let soname = soname();
            let link = out_dir.join(&soname);
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(&library, &link).map_err(|e| e.to_string())?;
            gcc.arg(format!("-Wl,-rpath,{}", out_dir.display()));
            out_dir.join(format!("{name}-shared-asan"))
        }
    };
    let built = gcc
        .arg("-o")
        .arg(&program)
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if !built.status.success() {
        return Err(format!(
            "gcc failed to build {}:\n{}",
            source.display(),
            String::from_utf8_lossy(&built.stderr)
        ));
    }
    Ok(program)
}

/// The shared library's SONAME, as build.rs sets it.
pub fn soname() -> String {
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    let abi = if major == "0" {
        format!("0.{}", env!("CARGO_PKG_VERSION_MINOR"))
    } else {
        major.to_owned()
    };
    format!("liblianliankan.so.{abi}")
}

/// Runs the example with `args` on `input`, AddressSanitizer's leak
/// checker on.
fn run(args: &[&str], input: &[u8]) -> Output {
    run_program(program(), args, input)
}

/// Runs `program` (an example build) with `args` on `input`.
pub fn run_program(program: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .env(
            "ASAN_OPTIONS",
            format!("detect_leaks=1:exitcode={ASAN_EXIT}:abort_on_error=0"),
        )
        .env(
            "UBSAN_OPTIONS",
            format!("halt_on_error=1:print_stacktrace=1:exitcode={ASAN_EXIT}"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_ne!(
        out.status.code(),
        Some(ASAN_EXIT),
        "a sanitizer reported:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.code().is_some(),
        "killed by a signal: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The board in the judge format, as `lianliankan generate` writes it.
fn judge_text(board: &Board) -> Vec<u8> {
    let mut text = Vec::new();
    write_board(&mut text, &board.to_grid()).unwrap();
    text
}

/// What `lianliankan solve` prints, as the binary writes it from the
/// library's answer (its `commands::solve` without `--draw`), and its exit
/// status.
fn binary_output(board: &Board, rules: &Rules, budget: u64) -> (String, i32) {
    match lianliankan::solve(board, rules, budget) {
        lianliankan::Solution::Solved(order) => {
            (order.iter().map(|m| format!("{m}\n")).collect(), 0)
        }
        lianliankan::Solution::Unsolvable => ("UNSOLVABLE\n".to_owned(), 0),
        lianliankan::Solution::OutOfBudget { states } => (
            format!("UNKNOWN (budget exhausted after {states} states)\n"),
            3,
        ),
        other => panic!("the solver stopped: {other:?}"),
    }
}

/// The command-line options for `rules` (two turns, no groups).
fn options(rules: &Rules) -> [&'static str; 4] {
    [
        "--border",
        rules.border().name(),
        "--gravity",
        rules.gravity().name(),
    ]
}

#[test]
fn prints_an_order_that_clears_generated_boards_of_every_gravity_mode() {
    for (i, rules) in every_rule().iter().enumerate() {
        for (rows, cols, kinds) in [(4, 6, 5), (7, 8, 12)] {
            let spec = GenerateSpec::new(rows, cols, kinds)
                .with_seed(1000 + i as u64)
                .with_rules(rules.clone());
            let board = lianliankan::generate(&spec).unwrap().board;
            let out = run(&options(rules), &judge_text(&board));
            let stdout = String::from_utf8(out.stdout).unwrap();
            assert_eq!(
                out.status.code(),
                Some(0),
                "{rules:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(
                out.stderr.is_empty(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            // Its order, read and replayed by the library, clears the board.
            let order = Order::read(stdout.as_bytes()).expect("an order");
            let replayed = order
                .replay(&board, rules)
                .unwrap_or_else(|e| panic!("{rules:?}: {e}: {}", e.reason()));
            assert_eq!(replayed.tiles_left, 0, "{rules:?}");
            assert_eq!(replayed.steps, rows * cols / 2);
            // And it is what the binary prints.
            assert_eq!(
                stdout,
                binary_output(&board, rules, 1_000_000).0,
                "{rules:?}"
            );
        }
    }
}

#[test]
fn prints_what_the_binary_prints_on_random_deals() {
    // Random deals, as the games deal them (solved or proved unsolvable),
    // a board no order clears, and a budget too small (exit status 3).
    let mut cases = Vec::new();
    for (i, rules) in every_rule().iter().enumerate().step_by(2) {
        let board = lianliankan::deal(&DealSpec::new(4, 6, 6).with_seed(i as u64)).unwrap();
        cases.push((board, rules.clone(), 1_000_000u64));
    }
    let crossed = Board::from_rows(&[[1, 2], [2, 1]]).unwrap();
    cases.push((crossed, Rules::default(), 1_000_000));
    let big = lianliankan::deal(&DealSpec::new(8, 8, 16).with_seed(3)).unwrap();
    cases.push((big, every_rule()[3].clone(), 3));
    let mut seen = [false; 3];
    for (board, rules, budget) in cases {
        let mut args = options(&rules).to_vec();
        let budget_text = budget.to_string();
        args.extend(["--budget", &budget_text]);
        let out = run(&args, &judge_text(&board));
        let (expected, status) = binary_output(&board, &rules, budget);
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            expected,
            "{rules:?}"
        );
        assert_eq!(out.status.code(), Some(status));
        seen[match expected.as_str() {
            "UNSOLVABLE\n" => 1,
            e if e.starts_with("UNKNOWN") => 2,
            _ => 0,
        }] = true;
    }
    assert_eq!(seen, [true; 3], "solved, unsolvable and unknown each seen");
}

#[test]
fn prints_what_the_binary_prints_under_every_connection_rule() {
    let mut solved = 0;
    for (i, connect) in Connect::ALL.into_iter().enumerate() {
        for gravity in [Gravity::None, Gravity::Down] {
            let rules = Rules::judge()
                .with_gravity(gravity)
                .with_connect(connect)
                .unwrap();
            let board =
                lianliankan::deal(&DealSpec::new(4, 6, 6).with_seed(40 + i as u64)).unwrap();
            let mut args = options(&rules).to_vec();
            args.extend(["--connect", connect.name()]);
            let out = run(&args, &judge_text(&board));
            let (expected, status) = binary_output(&board, &rules, 1_000_000);
            assert_eq!(out.status.code(), Some(status), "{rules:?}");
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                expected,
                "{rules:?}"
            );
            solved += usize::from(!expected.starts_with('U'));
        }
    }
    assert!(
        solved > 0,
        "every deal unsolvable: the orders were not compared"
    );
    // A wrong name: the library's message, exit 1.
    let out = run(&["--connect", "sideways"], b"1 2\n1 1\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr.trim_end(),
        format!(
            "error: --connect: {}",
            "sideways".parse::<Connect>().unwrap_err()
        )
    );
}

#[test]
fn reads_the_first_board_of_a_judge_input_with_its_queries() {
    let input = b"3 4\n1 2 3 4\n0 0 0 0\n4 3 2 1\n2\n1 1 3 4\n1 1 2 4\n0 0\n";
    let out = run(&[], input);
    assert_eq!(out.status.code(), Some(0));
    let board = Board::from_rows(&[[1, 2, 3, 4], [0, 0, 0, 0], [4, 3, 2, 1]]).unwrap();
    let expected = binary_output(&board, &Rules::default(), 1_000_000).0;
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

#[test]
fn bad_input_exits_2_with_the_binarys_message() {
    for (input, message) in [
        (&b"2 2\n1 x\n2 1\n"[..], "error: line 2, column 3: "),
        (b"", "error: line 1, column 1: expected a board"),
        (
            b"2 2\n1 1\n2 2\n1\n1 1 3 1\n",
            "error: line 5, column 5: row 3 is outside the board",
        ),
        (b"1 2\n1 4294967295\n", "error: line 2, column 3: "),
    ] {
        let out = run(&["--border", "open"], input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(out.stdout.is_empty());
        assert!(
            stderr.starts_with(message),
            "{stderr:?} should start with {message:?}"
        );
        assert!(
            stderr.ends_with('\n') && stderr.lines().count() == 1,
            "{stderr:?}"
        );
    }
}

#[test]
fn the_shared_library_serves_the_example_as_well() {
    let program = build(Link::Shared).unwrap_or_else(|e| panic!("{e}"));
    let rules = &every_rule()[5];
    let spec = GenerateSpec::new(6, 6, 6)
        .with_seed(8)
        .with_rules(rules.clone());
    let board = lianliankan::generate(&spec).unwrap().board;
    let out = run_program(&program, &options(rules), &judge_text(&board));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout, binary_output(&board, rules, 1_000_000).0);
    let out = run_program(&program, &[], b"1 1\n1\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"UNSOLVABLE\n");
}

#[test]
fn every_bad_fixture_exits_2_with_a_located_message() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/lianliankan/bad");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("the bad fixtures") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        seen += 1;
        let out = run(&[], &std::fs::read(&path).unwrap());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {stderr}", path.display());
        assert!(out.stdout.is_empty());
        assert!(
            stderr.starts_with("error: line ") && stderr.contains(", column "),
            "{}: {stderr}",
            path.display()
        );
    }
    assert!(seen >= 10, "only {seen} bad fixtures in {}", dir.display());
}

#[test]
fn a_bad_command_line_exits_1() {
    for args in [
        &["--gravity", "sideways"][..],
        &["--border", "ajar"],
        &["--connect", "sideways"],
        &["--groups", "3-1"],
        &["--turns", "-1"],
        &["--budget", "many"],
        &["--seconds", "-1"],
        &["--seconds", "soon"],
        &["--seconds", "nan"],
        &["--frobnicate", "1"],
        &["--border"],
    ] {
        let out = run(args, b"1 2\n1 1\n");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("error: "),
            "{args:?}"
        );
    }
    let out = run(&["--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("usage: solve"));
}

/// `--seconds`: a time limit through `llk_cancel_after`. A 300 × 300
/// deal under KShisen's rules is not decided in minutes; with a limit of
/// 0.2 s and no budget the solve stops, prints UNKNOWN and exits 3; with
/// a generous limit a small board is answered as without one.
#[test]
fn a_time_limit_stops_a_long_solve() {
    let big = lianliankan::deal(&DealSpec::new(300, 300, 200).with_seed(1)).unwrap();
    let budget = u64::MAX.to_string();
    let rules = Rules::kshisen();
    let mut args = options(&rules).to_vec();
    args.extend(["--budget", &budget, "--seconds", "0.2"]);
    let out = run(&args, &judge_text(&big));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "UNKNOWN (time limit reached)\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(3));
    let small = lianliankan::deal(&DealSpec::new(4, 6, 6).with_seed(1)).unwrap();
    let out = run(&["--seconds", "600"], &judge_text(&small));
    let (expected, status) = binary_output(&small, &Rules::default(), 1_000_000);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    assert_eq!(out.status.code(), Some(status));
}

#[test]
fn the_header_is_plain_c99_and_later() {
    // Building the example checks C11; the header promises C99 and later.
    program();
    let header = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/lianliankan.h");
    for standard in ["-std=c99", "-std=c2x"] {
        let out = Command::new("gcc")
            .args(["-x", "c", standard, "-fsyntax-only", "-Wall", "-Wextra"])
            .args(["-Wpedantic", "-Werror"])
            .arg(&header)
            .output()
            .expect("gcc runs (the example's build checked it is there)");
        assert!(
            out.status.success(),
            "{standard}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
