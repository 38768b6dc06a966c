//! `llk_rate`, `llk_rating_text`, the difficulty bands and
//! `llk_generate_rated`, against the library's `rate` and
//! `generate_rated` on the same boards, rules and settings: every count,
//! the figures, the report, and the generated deal (its certificate
//! replayed). Boards are small: the tests run the debug build.

use std::ffi::c_char;
use std::ptr::{null, null_mut};

use lianliankan::{Board, Border, DealSpec, GenerateSpec, Gravity, Pos, RateConfig, Rating, Rules};
use lianliankan_c::*;

use crate::common::{CBoard, CRules, last_error};

/// A rating with every field set to a value no rating has, to see which
/// ones a call wrote.
pub(crate) fn unwritten() -> LlkRating {
    LlkRating {
        winnable: 7,
        plays: u32::MAX,
        cleared: u32::MAX,
        probes: u32::MAX,
        positions: u64::MAX,
        offered: u64::MAX,
        trap_positions: u64::MAX,
        forced_positions: u64::MAX,
        trapped_games: u32::MAX,
        first_trap_losing: u64::MAX,
        first_trap_offered: u64::MAX,
        earliest_trap: i64::MIN,
        width_positions: u64::MAX,
        width_offered: u64::MAX,
        undecided: u64::MAX,
        solves: u64::MAX,
        score: u32::MAX,
        difficulty: -7,
        forgiveness: -1.0,
        forgiveness_low: -1.0,
        forgiveness_high: -1.0,
        trap_rate: -1.0,
        forced_rate: -1.0,
        mean_width: -1.0,
        first_trap_mean_losing: -1.0,
        first_trap_mean_offered: -1.0,
    }
}

/// `config` in the library's terms.
pub(crate) fn library_config(config: &LlkRateConfig) -> RateConfig {
    RateConfig::new()
        .plays(config.plays)
        .probes(config.probes)
        .seed(config.seed)
        .budget(config.budget)
        .deal_budget(config.deal_budget)
}

/// The rating through the C API (`config` NULL when `None`).
pub(crate) fn c_rate(board: &CBoard, rules: &CRules, config: Option<&LlkRateConfig>) -> LlkRating {
    let mut out = unwritten();
    let config = config.map_or(null(), std::ptr::from_ref);
    // SAFETY: live handles, a config or NULL, a writable rating.
    let status = unsafe { llk_rate(board.0, rules.0, config, std::ptr::null(), &mut out) };
    assert_eq!(status, LlkStatus::Ok, "{}", last_error());
    out
}

/// The report of `rating`, through `llk_rating_text` (its length asked
/// first, as the docs say).
fn text_of(rating: &LlkRating) -> String {
    let mut len = usize::MAX;
    // SAFETY: a rating, no buffer, a writable length.
    let status = unsafe { llk_rating_text(rating, null_mut(), 0, &mut len) };
    assert_eq!(status, LlkStatus::Ok, "{}", last_error());
    let mut buf = vec![0x55u8; len + 1];
    let mut again = usize::MAX;
    // SAFETY: `len + 1` writable bytes.
    let status = unsafe { llk_rating_text(rating, buf.as_mut_ptr().cast(), buf.len(), &mut again) };
    assert_eq!(status, LlkStatus::Ok, "{}", last_error());
    assert_eq!(again, len);
    assert_eq!(buf[len], 0, "NUL-terminated");
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

/// Checks that the C rating is the library's, field by field.
pub(crate) fn assert_same(c: &LlkRating, rust: &Rating, what: &str) {
    let winnable = match rust.winnable {
        Some(true) => LLK_WINNABLE_YES,
        Some(false) => LLK_WINNABLE_NO,
        None => LLK_WINNABLE_UNKNOWN,
    };
    assert_eq!(c.winnable, winnable, "{what}");
    let counts = |r: &LlkRating| {
        [
            u64::from(r.plays),
            u64::from(r.cleared),
            u64::from(r.probes),
            r.positions,
            r.offered,
            r.trap_positions,
            r.forced_positions,
            u64::from(r.trapped_games),
            r.first_trap_losing,
            r.first_trap_offered,
            r.width_positions,
            r.width_offered,
            r.undecided,
            r.solves,
        ]
    };
    let expected = [
        u64::from(rust.plays),
        u64::from(rust.cleared),
        u64::from(rust.probes),
        rust.positions,
        rust.offered,
        rust.trap_positions,
        rust.forced_positions,
        u64::from(rust.trapped_games),
        rust.first_trap_losing,
        rust.first_trap_offered,
        rust.width_positions,
        rust.width_offered,
        rust.undecided,
        rust.solves,
    ];
    assert_eq!(counts(c), expected, "{what}");
    assert_eq!(
        c.earliest_trap,
        rust.earliest_trap.map_or(-1, |s| s as i64),
        "{what}"
    );
    assert_eq!(c.score, u32::from(rust.score()), "{what}");
    let difficulty = match rust.difficulty() {
        lianliankan::Difficulty::Easy => LlkDifficulty::Easy,
        lianliankan::Difficulty::Normal => LlkDifficulty::Normal,
        _ => LlkDifficulty::Hard,
    };
    assert_eq!(c.difficulty, difficulty as i32, "{what}");
    let (low, high) = rust.forgiveness_interval();
    assert_eq!(
        [
            c.forgiveness,
            c.forgiveness_low,
            c.forgiveness_high,
            c.trap_rate,
            c.forced_rate,
            c.mean_width,
            c.first_trap_mean_losing,
            c.first_trap_mean_offered,
        ],
        [
            rust.forgiveness(),
            low,
            high,
            rust.trap_rate(),
            rust.forced_rate(),
            rust.mean_width(),
            rust.first_trap_mean_losing(),
            rust.first_trap_mean_offered(),
        ],
        "{what}"
    );
    assert_eq!(text_of(c), rust.to_string(), "{what}");
}

/// The kinds of a board made by the library, read through the C API.
fn board_of(board: *const LlkBoard) -> Board {
    // SAFETY: a live board.
    let (rows, cols) = unsafe { (llk_board_rows(board), llk_board_cols(board)) };
    let mut kinds = vec![vec![0u32; cols]; rows];
    for (r, row) in kinds.iter_mut().enumerate() {
        for (c, kind) in row.iter_mut().enumerate() {
            // SAFETY: a live board and a writable kind.
            let status = unsafe { llk_board_get(board, LlkPos { row: r, col: c }, kind) };
            assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        }
    }
    Board::from_rows(&kinds).unwrap()
}

/// Small boards under a few rules, with settings of every kind: the
/// defaults, more probes than games, a budget small enough to leave pairs
/// undecided, a deal budget too small to decide the deal, no games.
fn cases() -> Vec<(Board, Rules, LlkRateConfig)> {
    let closed = Rules::default();
    let open_down = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let left = Rules::judge().with_gravity(Gravity::Left);
    let base = llk_rate_config_default();
    let mut cases = Vec::new();
    for (i, rules) in [&closed, &open_down, &left].into_iter().enumerate() {
        for seed in 0..3u64 {
            let board =
                lianliankan::deal(&DealSpec::new(4, 6, 6).with_seed(seed + 10 * i as u64)).unwrap();
            let config = LlkRateConfig {
                plays: 12,
                probes: 2,
                seed: seed * 7,
                ..base
            };
            cases.push((board, rules.clone(), config));
        }
    }
    let wide = lianliankan::deal(&DealSpec::new(6, 8, 12).with_seed(1)).unwrap();
    // `lianliankan generate --rows 6 --cols 8 --kinds 12 --score
    // 50-100 --seed 1`: traps from the first step, and positions that 200
    // states do not decide.
    let hard = Board::from_rows(&[
        [4, 5, 4, 8, 5, 11, 6, 6],
        [9, 1, 4, 2, 5, 7, 12, 8],
        [12, 12, 12, 7, 4, 3, 3, 9],
        [10, 8, 10, 3, 11, 1, 2, 9],
        [1, 5, 3, 2, 9, 10, 2, 6],
        [10, 6, 11, 8, 1, 7, 7, 11],
    ])
    .unwrap();
    cases.push((
        hard,
        closed.clone(),
        LlkRateConfig {
            plays: 8,
            probes: 20,
            seed: 3,
            budget: 200,
            ..base
        },
    ));
    cases.push((
        wide.clone(),
        closed.clone(),
        LlkRateConfig {
            plays: 5,
            deal_budget: 0,
            ..base
        },
    ));
    cases.push((wide, closed.clone(), LlkRateConfig { plays: 0, ..base }));
    let crossed = Board::from_rows(&[[1, 2], [2, 1]]).unwrap();
    cases.push((crossed, closed, base));
    cases
}

#[test]
fn ratings_are_the_librarys_count_for_count_and_word_for_word() {
    let mut seen = [false; 5];
    for (board, rules, config) in cases() {
        let what = format!("{config:?} under {rules:?} on\n{board}");
        let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&rules));
        let c = c_rate(&c_board, &c_rules, Some(&config));
        let rust = lianliankan::rate(&board, &rules, &library_config(&config)).unwrap();
        assert_same(&c, &rust, &what);
        seen[0] |= rust.winnable == Some(false);
        seen[1] |= rust.winnable.is_none();
        seen[2] |= rust.trap_positions > 0;
        seen[3] |= rust.undecided > 0;
        seen[4] |= rust.probes > 0 && rust.trap_positions == 0;
        // The same seed, the same rating.
        assert_eq!(c_rate(&c_board, &c_rules, Some(&config)), c, "{what}");
    }
    assert_eq!(
        seen, [true; 5],
        "lost, undecided, trapped, budget-bound, trap-free deals"
    );
}

#[test]
fn a_null_config_is_the_default_and_the_defaults_are_the_command_lines() {
    let config = llk_rate_config_default();
    assert_eq!(
        (
            config.plays,
            config.probes,
            config.seed,
            config.budget,
            config.deal_budget
        ),
        (
            RateConfig::DEFAULT_PLAYS,
            RateConfig::DEFAULT_PROBES,
            0,
            RateConfig::DEFAULT_BUDGET,
            RateConfig::DEFAULT_DEAL_BUDGET,
        )
    );
    assert!(config.progress.is_none() && config.progress_user.is_null());
    let board = lianliankan::deal(&DealSpec::new(4, 6, 6).with_seed(4)).unwrap();
    let rules = Rules::default();
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&rules));
    let by_null = c_rate(&c_board, &c_rules, None);
    assert_eq!(by_null, c_rate(&c_board, &c_rules, Some(&config)));
    let rust = lianliankan::rate(&board, &rules, &RateConfig::new()).unwrap();
    assert_same(&by_null, &rust, "the defaults");
    assert_eq!(by_null.plays, 100);
    // Another seed, another rating (of these random games, surely).
    let other = c_rate(
        &c_board,
        &c_rules,
        Some(&LlkRateConfig { seed: 1, ..config }),
    );
    assert_ne!(
        (other.cleared, other.width_offered),
        (by_null.cleared, by_null.width_offered)
    );
}

#[test]
fn the_report_is_cut_to_the_buffer_and_bad_counts_are_refused() {
    let board = Board::from_rows(&[[1, 2, 1, 2], [3, 3, 4, 4]]).unwrap();
    let rules = Rules::default();
    let rating = c_rate(&CBoard::of(&board), &CRules::of(&rules), None);
    let whole = text_of(&rating);
    let mut buf = [0x55u8; 11];
    let mut len = 0;
    // SAFETY: 11 writable bytes.
    let status = unsafe { llk_rating_text(&rating, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(status, LlkStatus::Ok);
    assert_eq!(len, whole.len());
    assert_eq!(&buf[..10], &whole.as_bytes()[..10]);
    assert_eq!(buf[10], 0);
    // A length is optional; a buffer of one byte holds the NUL only.
    let mut one = [0x55u8; 1];
    // SAFETY: 1 writable byte, no length.
    let status = unsafe { llk_rating_text(&rating, one.as_mut_ptr().cast(), 1, null_mut()) };
    assert_eq!((status, one[0]), (LlkStatus::Ok, 0));
    // Counts a rating cannot have: a message, and nothing written.
    for (bad, words) in [
        (
            LlkRating {
                winnable: 2,
                ..rating
            },
            "winnable is 2",
        ),
        (
            LlkRating {
                earliest_trap: -3,
                ..rating
            },
            "earliest_trap is -3",
        ),
    ] {
        let mut len = 77;
        // SAFETY: as above.
        let status = unsafe { llk_rating_text(&bad, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
        assert_eq!(status, LlkStatus::InvalidArgument);
        assert!(last_error().starts_with(words), "{}", last_error());
        assert_eq!(len, 77);
    }
    // SAFETY: NULL pointers, which are checked.
    unsafe {
        assert_eq!(
            llk_rating_text(null(), null_mut(), 0, null_mut()),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            llk_rating_text(&rating, null_mut(), 5, null_mut()),
            LlkStatus::InvalidArgument
        );
    }
    assert_eq!(last_error(), "buf is NULL");
}

#[test]
fn difficulties_name_their_bands() {
    for (name, expected, band) in [
        (c"easy", LlkDifficulty::Easy, (0, 24)),
        (c"normal", LlkDifficulty::Normal, (25, 49)),
        (c"hard", LlkDifficulty::Hard, (50, 100)),
    ] {
        let mut difficulty = -1;
        // SAFETY: a NUL-terminated name and a writable difficulty.
        let status = unsafe { llk_difficulty_parse(name.as_ptr(), &mut difficulty) };
        assert_eq!(status, LlkStatus::Ok);
        assert_eq!(difficulty, expected as i32);
        let (mut low, mut high) = (u32::MAX, u32::MAX);
        // SAFETY: writable bounds.
        let status = unsafe { llk_difficulty_band(difficulty, &mut low, &mut high) };
        assert_eq!((status, (low, high)), (LlkStatus::Ok, band));
    }
    let mut difficulty = -1;
    for name in [c"extreme", c"Hard", c""] {
        // SAFETY: as above.
        let status = unsafe { llk_difficulty_parse(name.as_ptr(), &mut difficulty) };
        assert_eq!(status, LlkStatus::InvalidArgument);
        assert_eq!(
            last_error(),
            format!(
                "unknown difficulty `{}` (easy, normal or hard)",
                name.to_str().unwrap()
            )
        );
        assert_eq!(difficulty, -1);
    }
    let (mut low, mut high) = (9, 9);
    // SAFETY: NULL and writable pointers, each checked.
    unsafe {
        assert_eq!(
            llk_difficulty_band(3, &mut low, &mut high),
            LlkStatus::InvalidArgument
        );
        assert!(last_error().starts_with("unknown difficulty 3"));
        assert_eq!(
            llk_difficulty_band(-1, &mut low, &mut high),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            llk_difficulty_band(0, null_mut(), &mut high),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            llk_difficulty_parse(null(), &mut difficulty),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            llk_difficulty_parse(c"easy".as_ptr(), null_mut()),
            LlkStatus::InvalidArgument
        );
        let not_utf8 = [0xffu8, 0];
        assert_eq!(
            llk_difficulty_parse(not_utf8.as_ptr().cast::<c_char>(), &mut difficulty),
            LlkStatus::InvalidArgument
        );
    }
    assert_eq!((low, high, difficulty), (9, 9, -1));
}

/// What `llk_generate_rated` returned, read back.
pub(crate) struct Rated {
    board: Board,
    certificate: Vec<LlkPair>,
    rating: LlkRating,
    seed: u64,
    candidates: usize,
}

/// `llk_generate_rated` with every out-parameter, or its status.
pub(crate) fn c_generate_rated(
    (rows, cols, kinds, seed): (usize, usize, u32, u64),
    rules: &CRules,
    (low, high): (u32, u32),
    candidates: usize,
    config: &LlkRateConfig,
) -> Result<Rated, LlkStatus> {
    let (mut board, mut certificate) = (null_mut(), null_mut());
    let (mut rating, mut made_seed, mut tried) = (unwritten(), 0, 0);
    // SAFETY: live rules, a config, writable out-parameters.
    let status = unsafe {
        llk_generate_rated(
            rows,
            cols,
            kinds,
            seed,
            rules.0,
            low,
            high,
            candidates,
            config,
            std::ptr::null(),
            &mut board,
            &mut certificate,
            &mut rating,
            &mut made_seed,
            &mut tried,
        )
    };
    if status != LlkStatus::Ok {
        assert!(board.is_null() && certificate.is_null());
        assert_eq!(rating, unwritten());
        return Err(status);
    }
    let board = CBoard(board);
    // SAFETY: a live solution and writable pairs.
    let len = unsafe { llk_solution_len(certificate) };
    let steps = (0..len)
        .map(|i| {
            let mut pair = LlkPair {
                a: LlkPos { row: 0, col: 0 },
                b: LlkPos { row: 0, col: 0 },
                route: 0,
            };
            // SAFETY: as above.
            let status = unsafe { llk_solution_step(certificate, i, &mut pair) };
            assert_eq!(status, LlkStatus::Ok);
            pair
        })
        .collect();
    // SAFETY: a live solution.
    let outcome = unsafe { llk_solution_outcome(certificate) };
    assert_eq!(outcome, LlkOutcome::Solved);
    // SAFETY: made by llk_generate_rated, freed once.
    unsafe { llk_solution_free(certificate) };
    Ok(Rated {
        board: board_of(board.0),
        certificate: steps,
        rating,
        seed: made_seed,
        candidates: tried,
    })
}

#[test]
fn rated_deals_are_the_librarys_score_in_their_band_and_clear() {
    let closed = Rules::default();
    let open = Rules::judge()
        .with_border(Border::Open)
        .unwrap()
        .with_gravity(Gravity::Down);
    let config = LlkRateConfig {
        plays: 15,
        probes: 2,
        ..llk_rate_config_default()
    };
    let mut bands_met = 0;
    for (rules, band) in [
        (&closed, (0, 24)),
        (&closed, (25, 49)),
        (&closed, (20, 100)),
        (&open, (0, 24)),
        (&open, (5, 30)),
    ] {
        let c_rules = CRules::of(rules);
        let made = c_generate_rated((4, 6, 6, 3), &c_rules, band, 40, &config);
        let spec = GenerateSpec::new(4, 6, 6)
            .with_seed(3)
            .with_rules(rules.clone());
        let rust = lianliankan::generate_rated(
            &spec,
            band.0 as u8..=band.1 as u8,
            &library_config(&config),
            40,
        );
        let (made, rust) = match (made, rust) {
            (Ok(made), Ok(rust)) => (made, rust),
            (Err(status), Err(e)) => {
                assert_eq!(status, LlkStatus::OutOfBand, "{e}");
                assert_eq!(last_error(), e.to_string());
                continue;
            }
            (made, rust) => panic!(
                "{band:?} under {rules:?}: C {:?}, the library {:?}",
                made.err(),
                rust.err()
            ),
        };
        bands_met += 1;
        assert_eq!(made.board, rust.generated.board);
        assert_eq!((made.seed, made.candidates), (rust.seed, rust.candidates));
        assert_same(&made.rating, &rust.rating, &format!("{band:?}"));
        assert!((band.0..=band.1).contains(&made.rating.score), "{band:?}");
        // The certificate clears the board, through the C API and the
        // library.
        let order = lianliankan::Order::new(
            made.certificate
                .iter()
                .map(|s| {
                    lianliankan::Removal::pair(
                        Pos::new(s.a.row, s.a.col),
                        Pos::new(s.b.row, s.b.col),
                    )
                })
                .collect(),
        );
        assert_eq!(order.replay(&made.board, rules).unwrap().tiles_left, 0);
        let (mut played, mut left) = (0, usize::MAX);
        let c_board = CBoard::of(&made.board);
        // SAFETY: live handles, the certificate's pairs, writable outs.
        let status = unsafe {
            llk_replay(
                c_board.0,
                c_rules.0,
                made.certificate.as_ptr(),
                made.certificate.len(),
                &mut played,
                &mut left,
            )
        };
        assert_eq!((status, played, left), (LlkStatus::Ok, 12, 0));
        // Its rating is llk_rate's with the same config.
        assert_eq!(c_rate(&c_board, &c_rules, Some(&config)), made.rating);
    }
    assert!(bands_met >= 3, "only {bands_met} bands met");
}

#[test]
fn no_deal_in_the_band_is_out_of_band_with_the_scores_seen() {
    let rules = CRules::of(&Rules::default());
    let config = LlkRateConfig {
        plays: 10,
        probes: 1,
        ..llk_rate_config_default()
    };
    let made = c_generate_rated((4, 6, 3, 0), &rules, (95, 100), 3, &config);
    assert_eq!(made.err(), Some(LlkStatus::OutOfBand));
    let message = last_error();
    assert!(
        message
            .starts_with("no deal scored 95-100 in 3 candidates under these rules (scores seen: "),
        "{message}"
    );
    // SAFETY: a number, never NULL text.
    let name = unsafe { std::ffi::CStr::from_ptr(llk_status_name(5)) };
    assert_eq!(name.to_str(), Ok("LLK_STATUS_OUT_OF_BAND"));
}

#[test]
fn bad_generate_rated_arguments_are_refused_with_messages() {
    let rules = CRules::of(&Rules::default());
    let config = llk_rate_config_default();
    for (shape, band, candidates, status, message) in [
        (
            (4, 6, 6, 0),
            (60, 50),
            10,
            LlkStatus::InvalidArgument,
            "the band 60-50 is no band of scores: 0 <= low <= high <= 100",
        ),
        (
            (4, 6, 6, 0),
            (50, 101),
            10,
            LlkStatus::InvalidArgument,
            "the band 50-101 is no band of scores: 0 <= low <= high <= 100",
        ),
        (
            (4, 6, 6, 0),
            (300, 300),
            10,
            LlkStatus::InvalidArgument,
            "the band 300-300 is no band of scores: 0 <= low <= high <= 100",
        ),
        (
            (4, 6, 6, 0),
            (0, 100),
            0,
            LlkStatus::InvalidArgument,
            "candidates is 0: at least one deal must be made",
        ),
        (
            (1, 1, 1, 0),
            (0, 100),
            10,
            LlkStatus::GenerateFailed,
            "a board needs at least two cells",
        ),
        (
            (2000, 1000, 6, 0),
            (0, 100),
            10,
            LlkStatus::InvalidArgument,
            "a 2000 x 1000 board is larger than the largest board, 1000 x 1000",
        ),
        (
            (usize::MAX, 2, 6, 0),
            (0, 100),
            10,
            LlkStatus::InvalidArgument,
            "board is larger than the largest board, 1000 x 1000",
        ),
    ] {
        let made = c_generate_rated(shape, &rules, band, candidates, &config);
        assert_eq!(made.err(), Some(status), "{shape:?} {band:?}");
        assert!(last_error().ends_with(message), "{}", last_error());
    }
    // NULL pointers: rules and the board's out-parameter are needed, the
    // others may be NULL.
    let mut board = null_mut();
    let mut rating = unwritten();
    // SAFETY: NULL or writable pointers, each checked.
    unsafe {
        assert_eq!(
            llk_generate_rated(
                4,
                6,
                6,
                0,
                null(),
                0,
                100,
                5,
                null(),
                std::ptr::null(),
                &mut board,
                null_mut(),
                null_mut(),
                null_mut(),
                null_mut()
            ),
            LlkStatus::InvalidArgument
        );
        assert_eq!(last_error(), "rules is NULL");
        assert_eq!(
            llk_generate_rated(
                4,
                6,
                6,
                0,
                rules.0,
                0,
                100,
                5,
                null(),
                std::ptr::null(),
                null_mut(),
                null_mut(),
                &mut rating,
                null_mut(),
                null_mut()
            ),
            LlkStatus::InvalidArgument
        );
        assert_eq!(last_error(), "out_board is NULL");
        assert_eq!(rating, unwritten());
        assert_eq!(
            llk_generate_rated(
                4,
                6,
                6,
                0,
                rules.0,
                0,
                100,
                5,
                null(),
                std::ptr::null(),
                &mut board,
                null_mut(),
                null_mut(),
                null_mut(),
                null_mut()
            ),
            LlkStatus::Ok
        );
        assert!(!board.is_null());
        llk_board_free(board);
    }
    // llk_rate's NULL pointers.
    let c_board = CBoard::of(&Board::from_rows(&[[1, 1]]).unwrap());
    // SAFETY: as above.
    unsafe {
        assert_eq!(
            llk_rate(null(), rules.0, null(), std::ptr::null(), &mut rating),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            llk_rate(c_board.0, null(), null(), std::ptr::null(), &mut rating),
            LlkStatus::InvalidArgument
        );
        assert_eq!(
            llk_rate(c_board.0, rules.0, null(), std::ptr::null(), null_mut()),
            LlkStatus::InvalidArgument
        );
    }
    assert_eq!(last_error(), "out is NULL");
    assert_eq!(rating, unwritten());
}

/// What a progress callback saw: (games, total) per call.
type Seen = Vec<(u64, u64)>;

/// A progress callback that records its calls in the `Seen` at `user`.
unsafe extern "C" fn record(games: u64, total: u64, user: *mut std::ffi::c_void) {
    // SAFETY: the tests pass a live `Seen`, used by this thread only.
    let seen = unsafe { &mut *user.cast::<Seen>() };
    seen.push((games, total));
}

/// `LlkRateConfig::progress`: called after each game with the games
/// played and the total, and the user pointer as given; the rating is the
/// one made without it. `llk_generate_rated` reports its candidates'
/// games against `candidates × (plays + probes)`.
#[test]
fn the_progress_callback_sees_each_game() {
    let board = lianliankan::deal(&DealSpec::new(4, 6, 6).with_seed(1)).unwrap();
    let rules = Rules::default();
    let (c_board, c_rules) = (CBoard::of(&board), CRules::of(&rules));
    let mut seen: Seen = Vec::new();
    let config = LlkRateConfig {
        plays: 6,
        probes: 2,
        progress: Some(record),
        progress_user: std::ptr::from_mut(&mut seen).cast(),
        ..llk_rate_config_default()
    };
    let with = c_rate(&c_board, &c_rules, Some(&config));
    let without = c_rate(
        &c_board,
        &c_rules,
        Some(&LlkRateConfig {
            progress: None,
            ..config
        }),
    );
    assert_eq!(with, without);
    // Each random game, then each probed one (or the probes at once when
    // the deal is not winnable).
    assert_eq!(seen[..6], (1..=6).map(|g| (g, 8)).collect::<Seen>());
    assert_eq!(seen.last(), Some(&(8, 8)));
    assert_eq!(
        seen.len(),
        if with.winnable == LLK_WINNABLE_YES {
            8
        } else {
            7
        }
    );

    seen.clear();
    let config = LlkRateConfig {
        plays: 10,
        probes: 1,
        progress: Some(record),
        progress_user: std::ptr::from_mut(&mut seen).cast(),
        ..llk_rate_config_default()
    };
    let made = c_generate_rated((4, 6, 3, 0), &c_rules, (95, 100), 3, &config);
    assert_eq!(made.err(), Some(LlkStatus::OutOfBand));
    // Three candidates of 11 games each, every one counted.
    assert_eq!(seen.last(), Some(&(33, 33)), "{seen:?}");
    assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "{seen:?}");
}
