//! `tests/c/rate.c`, a C program on `llk_rate`, `llk_rating_text`, the
//! difficulty bands and `llk_generate_rated`, built with gcc and
//! AddressSanitizer (leak checks on) against the static library: what it
//! prints must be the library's rating and deal.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use lianliankan::format::write_board;
use lianliankan::{
    Board, Border, DealSpec, Difficulty, GenerateSpec, Gravity, RateConfig, Rating, Rules,
};

use crate::example::{Link, build_program, run_program};

/// The program, built once for the test binary.
fn program() -> &'static Path {
    static PROGRAM: OnceLock<PathBuf> = OnceLock::new();
    PROGRAM.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/rate.c");
        build_program(&source, "rate", Link::Static).unwrap_or_else(|e| panic!("{e}"))
    })
}

/// What the program prints for `rating`: the report, then the counts.
fn expected(rating: &Rating) -> String {
    let winnable = match rating.winnable {
        Some(true) => 1,
        Some(false) => 0,
        None => -1,
    };
    let difficulty = Difficulty::ALL
        .iter()
        .position(|&d| d == rating.difficulty())
        .unwrap();
    format!(
        "{rating}{winnable} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {difficulty}\n",
        rating.plays,
        rating.cleared,
        rating.probes,
        rating.positions,
        rating.offered,
        rating.trap_positions,
        rating.forced_positions,
        rating.trapped_games,
        rating.first_trap_losing,
        rating.first_trap_offered,
        rating.earliest_trap.map_or(-1, |s| s as i64),
        rating.width_positions,
        rating.width_offered,
        rating.undecided,
        rating.solves,
        rating.score(),
    )
}

/// The program's arguments for these rules and settings.
fn args(rules: &Rules, config: [u64; 4]) -> Vec<String> {
    let mut args = vec![
        rules.border().name().to_owned(),
        rules.gravity().name().to_owned(),
    ];
    args.extend(config.iter().map(u64::to_string));
    args
}

/// The library's config of the program's settings.
fn library_config([plays, probes, seed, budget]: [u64; 4]) -> RateConfig {
    RateConfig::new()
        .plays(plays as u32)
        .probes(probes as u32)
        .seed(seed)
        .budget(budget)
}

#[test]
fn the_c_program_rates_as_the_library_does() {
    let hard = Board::from_rows(&[
        [4, 5, 4, 8, 5, 11, 6, 6],
        [9, 1, 4, 2, 5, 7, 12, 8],
        [12, 12, 12, 7, 4, 3, 3, 9],
        [10, 8, 10, 3, 11, 1, 2, 9],
        [1, 5, 3, 2, 9, 10, 2, 6],
        [10, 6, 11, 8, 1, 7, 7, 11],
    ])
    .unwrap();
    let open_down = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let cases = [
        (hard.clone(), Rules::default(), [10, 2, 7, 10_000]),
        (hard, Rules::default(), [6, 10, 3, 200]),
        (
            lianliankan::deal(&DealSpec::new(4, 6, 6).with_seed(2)).unwrap(),
            open_down,
            [20, 3, 0, 10_000],
        ),
        (
            Board::from_rows(&[[1, 2], [2, 1]]).unwrap(),
            Rules::default(),
            [5, 1, 0, 10_000],
        ),
    ];
    for (board, rules, config) in cases {
        let mut input = Vec::new();
        write_board(&mut input, &board.to_grid()).unwrap();
        let args = args(&rules, config);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run_program(program(), &args, &input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        let rating = lianliankan::rate(&board, &rules, &library_config(config)).unwrap();
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            expected(&rating),
            "{config:?} under {rules:?}"
        );
    }
}

#[test]
fn the_c_program_generates_by_difficulty_as_the_library_does() {
    let rules = Rules::default();
    let config = [15, 2, 0, 10_000];
    for (difficulty, seed) in [("easy", 1u64), ("normal", 2)] {
        let mut args = args(&rules, config);
        args.extend(
            [
                "--generate",
                "6",
                "8",
                "12",
                &seed.to_string(),
                difficulty,
                "100",
            ]
            .map(str::to_owned),
        );
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run_program(program(), &args, b"");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{difficulty}: {stderr}");
        let band = difficulty.parse::<Difficulty>().unwrap().band();
        let spec = GenerateSpec::new(6, 8, 12)
            .with_seed(seed)
            .with_rules(rules.clone());
        let made =
            lianliankan::generate_rated(&spec, band.clone(), &library_config(config), 100).unwrap();
        let mut board = Vec::new();
        write_board(&mut board, &made.generated.board.to_grid()).unwrap();
        let expected = format!(
            "{}seed {} candidates {}\nreplayed 24 left 0\n{}",
            String::from_utf8(board).unwrap(),
            made.seed,
            made.candidates,
            expected(&made.rating)
        );
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            expected,
            "{difficulty}"
        );
        assert!(band.contains(&made.rating.score()));
    }
    // No hard deal among 3 candidates of 3 kinds: out of band, exit 4.
    let mut args = args(&rules, [10, 1, 0, 10_000]);
    args.extend(["--generate", "4", "6", "3", "0", "hard", "3"].map(str::to_owned));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run_program(program(), &args, b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{stderr}");
    assert!(
        stderr.starts_with("error: LLK_STATUS_OUT_OF_BAND: no deal scored 50-100 in 3 candidates"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}
