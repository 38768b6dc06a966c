use super::*;

#[test]
fn sizes_grow_over_the_run() {
    assert_eq!(case_size(0, 1000), 0);
    assert_eq!(case_size(999, 1000), MAX_SIZE);
    assert_eq!(case_size(500, 1000), 50);
    assert_eq!(case_size(0, 1), 0);
    assert_eq!(case_size(u64::MAX - 1, u64::MAX), MAX_SIZE);
    let sizes: Vec<u32> = (0..10).map(|i| case_size(i, 10)).collect();
    assert!(sizes.windows(2).all(|w| w[0] <= w[1]), "{sizes:?}");
}

/// A toy puzzle: the input is digits, one a line, and the right output
/// is the input itself.
struct Echo;

impl Puzzle for Echo {
    type Case = Vec<u8>;

    fn generate(&self, seed: u64, size: u32) -> Vec<u8> {
        let mut rng = SplitMix64::new(seed);
        let len = rng.range(1, 3 + size as usize / 4);
        (0..len).map(|_| rng.below(10) as u8).collect()
    }

    fn input(&self, case: &Vec<u8>) -> Vec<u8> {
        case.iter().flat_map(|d| [b'0' + d, b'\n']).collect()
    }

    fn expected(&self, input: &[u8]) -> Result<Vec<u8>, JudgeError> {
        Ok(input.to_vec())
    }

    fn shrink<'a>(&'a self, case: &'a Vec<u8>) -> Box<dyn Iterator<Item = Vec<u8>> + 'a> {
        let removed = chunks(case.len())
            .filter(|r| r.len() < case.len())
            .map(|r| {
                let mut smaller = case.clone();
                smaller.drain(r);
                smaller
            });
        let zeroed = (0..case.len()).filter(|&i| case[i] != 0).map(|i| {
            let mut smaller = case.clone();
            smaller[i] = 0;
            smaller
        });
        Box::new(removed.chain(zeroed))
    }

    fn explain(&self, case: &Vec<u8>, line: usize) -> String {
        format!("line {} is {:?}", line + 1, case.get(line))
    }
}

fn args(cases: u64, script: &str) -> StressArgs {
    StressArgs {
        cases,
        seed: 1,
        timeout_ms: 200,
        save: None,
        jobs: Some(2),
        shrink_runs: 500,
        shrink_secs: 30,
        program: ["sh", "-c", script].map(OsString::from).to_vec(),
    }
}

fn report(args: &StressArgs) -> Result<(bool, String), StressError> {
    let mut out = Vec::new();
    let found = stress("echo", &Echo, args, &mut out)?;
    Ok((found, String::from_utf8(out).unwrap()))
}

/// The shrunk input of a report.
fn shrunk(report: &str) -> &str {
    let from = report.find(")\n").unwrap() + 2;
    let input = &report[from..];
    let to = input.find("--- expected").unwrap();
    &input[..to]
}

#[cfg(unix)]
#[test]
fn a_right_program_is_never_reported() {
    let (found, text) = report(&args(300, "cat")).unwrap();
    assert!(!found, "{text}");
    assert!(
        text.starts_with("echo stress: all 300 cases agreed with ours (seed 1; "),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn a_wrong_answer_is_shrunk_and_explained() {
    let (found, text) = report(&args(300, "sed s/7/8/")).unwrap();
    assert!(found);
    assert!(
        text.starts_with("echo stress: wrong answer on case "),
        "{text}"
    );
    assert!(text.contains(", as far as it goes\n"), "{text}");
    assert_eq!(shrunk(&text), "7\n", "{text}");
    assert!(
        text.contains("--- expected (ours)\n7\n--- actual (exit status 0, "),
        "{text}"
    );
    assert!(
        text.contains("--- first difference, line 1: expected `7`, found `8`\n--- why ours is right\nline 1 is Some(7)\n"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn a_failure_is_shrunk_only_while_it_fails_the_same_way() {
    // A 3 crashes it, a 7 makes it answer wrongly: the first failure
    // decides which one the shrunk input keeps.
    let script = "x=$(cat); echo \"$x\" | sed s/7/8/; case \"$x\" in *3*) exit 4;; esac";
    let (found, text) = report(&args(300, script)).unwrap();
    assert!(found);
    if text.contains("crash (exit status 4)") {
        assert_eq!(shrunk(&text), "3\n", "{text}");
        assert!(!text.contains("why ours is right"), "{text}");
    } else {
        assert!(text.contains("wrong answer"), "{text}");
        assert_eq!(shrunk(&text), "7\n", "{text}");
    }
}

#[cfg(unix)]
#[test]
fn a_time_out_is_killed_and_shrunk() {
    let script = "x=$(cat); case \"$x\" in *5*) exec sleep 5;; esac; echo \"$x\"";
    let started = Instant::now();
    let (found, text) = report(&args(100, script)).unwrap();
    assert!(found);
    assert!(text.contains(": time-out on case "), "{text}");
    assert_eq!(shrunk(&text), "5\n", "{text}");
    assert!(
        text.contains("--- actual (killed after 200 ms; its output until then)\n(nothing)\n"),
        "{text}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

#[cfg(unix)]
#[test]
fn shrinking_is_bounded() {
    let mut bounded = args(300, "sed s/7/8/");
    bounded.shrink_runs = 1;
    let (found, text) = report(&bounded).unwrap();
    assert!(found);
    assert!(text.contains("in 1 runs"), "{text}");
    assert!(
        text.contains(
            "; stopped at the limit of 1 runs (--shrink-runs), so it may shrink further\n"
        ),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn saved_files_and_a_program_that_cannot_start() {
    let dir = std::env::temp_dir().join(format!("grid-cli-stress-{}", std::process::id()));
    let mut saving = args(300, "sed s/7/8/");
    saving.save = Some(dir.join("deeper"));
    let (found, text) = report(&saving).unwrap();
    assert!(found);
    assert_eq!(std::fs::read(dir.join("deeper/fail.in")).unwrap(), b"7\n");
    assert_eq!(std::fs::read(dir.join("deeper/fail.ans")).unwrap(), b"7\n");
    assert!(text.contains("--- saved "), "{text}");
    let _ = std::fs::remove_dir_all(&dir);

    let mut missing = args(10, "");
    missing.program = vec![OsString::from("/nonexistent/program")];
    assert!(matches!(report(&missing), Err(StressError::NotStarted(_))));
}

#[test]
fn case_seeds_differ_and_repeat() {
    assert_eq!(case_seed(1, 5), case_seed(1, 5));
    assert_ne!(case_seed(1, 5), case_seed(1, 6));
    assert_ne!(case_seed(1, 5), case_seed(2, 5));
}
