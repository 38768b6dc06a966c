//! `LlkCancel`: a token cancelled from another thread stops a long
//! `llk_solve` and a long `llk_generate` with `LLK_STATUS_CANCELLED`; a
//! token cancelled before the call stops `llk_rate` and
//! `llk_generate_rated` too; NULL tokens mean "not cancellable", NULL
//! elsewhere is refused.

use std::ptr::{null, null_mut};
use std::time::Duration;

use lianliankan::{DealSpec, Rules};
use lianliankan_c::*;

use crate::common::{CBoard, CRules, last_error};

/// A token, freed on drop.
struct Token(*mut LlkCancel);

impl Token {
    fn new() -> Token {
        let mut out = null_mut();
        // SAFETY: a writable out-parameter.
        assert_eq!(unsafe { llk_cancel_new(&mut out) }, LlkStatus::Ok);
        assert!(!out.is_null());
        Token(out)
    }

    /// Cancels the token from another thread after `delay`.
    fn cancel_later(&self, delay: Duration) -> std::thread::JoinHandle<()> {
        // The address crosses to the other thread; the token outlives it
        // (the caller joins the thread before dropping the token).
        let address = self.0 as usize;
        std::thread::spawn(move || {
            std::thread::sleep(delay);
            // SAFETY: a live token, which may be cancelled from any thread.
            let status = unsafe { llk_cancel_cancel(address as *const LlkCancel) };
            assert_eq!(status, LlkStatus::Ok);
        })
    }
}

impl Drop for Token {
    fn drop(&mut self) {
        // SAFETY: made by llk_cancel_new, freed once, no call uses it.
        unsafe { llk_cancel_free(self.0) }
    }
}

#[test]
fn a_cancel_from_another_thread_stops_a_long_solve() {
    // 300 x 300: one dead-position test of it takes 17 s in a release
    // build, minutes in this debug one; the search looks at the token
    // between two of the test's path searches too.
    let board = lianliankan::deal(&DealSpec::new(300, 300, 200).with_seed(1)).unwrap();
    let board = CBoard::of(&board);
    let rules = CRules::of(&Rules::kshisen());
    let token = Token::new();
    // SAFETY: a live token.
    assert!(!unsafe { llk_cancel_is_cancelled(token.0) });
    let canceller = token.cancel_later(Duration::from_millis(300));
    let mut solution = null_mut();
    // SAFETY: live handles, a writable out-parameter.
    let status = unsafe { llk_solve(board.0, rules.0, u64::MAX, token.0, &mut solution) };
    canceller.join().unwrap();
    assert_eq!(status, LlkStatus::Cancelled, "{}", last_error());
    assert!(solution.is_null(), "nothing stored");
    assert!(
        last_error().starts_with("the solve was cancelled after "),
        "{}",
        last_error()
    );
    // SAFETY: a live token.
    assert!(unsafe { llk_cancel_is_cancelled(token.0) });
}

#[test]
fn a_cancel_from_another_thread_stops_a_long_generate() {
    let rules = CRules::of(&Rules::kshisen());
    let token = Token::new();
    let canceller = token.cancel_later(Duration::from_millis(300));
    let (mut board, mut certificate) = (null_mut(), null_mut());
    // SAFETY: live handles, writable out-parameters.
    let status = unsafe {
        llk_generate(
            100,
            100,
            100,
            7,
            rules.0,
            token.0,
            &mut board,
            &mut certificate,
        )
    };
    canceller.join().unwrap();
    assert_eq!(status, LlkStatus::Cancelled, "{}", last_error());
    assert_eq!(
        last_error(),
        lianliankan::GenerateError::Cancelled.to_string()
    );
    assert!(board.is_null() && certificate.is_null(), "nothing stored");
}

#[test]
fn a_cancelled_token_stops_rating_and_rated_generation() {
    let token = Token::new();
    // SAFETY: a live token; cancelling twice is allowed.
    unsafe {
        assert_eq!(llk_cancel_cancel(token.0), LlkStatus::Ok);
        assert_eq!(llk_cancel_cancel(token.0), LlkStatus::Ok);
    }
    let rules = CRules::of(&Rules::judge());
    let deal = lianliankan::deal(&DealSpec::new(6, 8, 12).with_seed(3)).unwrap();
    let board = CBoard::of(&deal);
    let mut rating = std::mem::MaybeUninit::<LlkRating>::uninit();
    // SAFETY: live handles, a writable rating.
    let status = unsafe { llk_rate(board.0, rules.0, null(), token.0, rating.as_mut_ptr()) };
    assert_eq!(status, LlkStatus::Cancelled, "{}", last_error());
    let mut made = null_mut();
    // SAFETY: live handles, writable outs or NULL.
    let status = unsafe {
        llk_generate_rated(
            6,
            8,
            12,
            1,
            rules.0,
            0,
            100,
            10,
            null(),
            token.0,
            &mut made,
            null_mut(),
            null_mut(),
            null_mut(),
            null_mut(),
        )
    };
    assert_eq!(status, LlkStatus::Cancelled, "{}", last_error());
    assert!(made.is_null());
    // The same calls with a NULL token finish.
    // SAFETY: as above.
    unsafe {
        assert_eq!(
            llk_rate(board.0, rules.0, null(), null(), rating.as_mut_ptr()),
            LlkStatus::Ok
        );
        let mut solution = null_mut();
        assert_eq!(
            llk_solve(board.0, rules.0, 1000, token.0, &mut solution),
            LlkStatus::Cancelled
        );
        assert_eq!(
            llk_solve(board.0, rules.0, 1000, null(), &mut solution),
            LlkStatus::Ok
        );
        llk_solution_free(solution);
    }
}

#[test]
fn null_tokens_are_refused_where_one_is_needed() {
    // SAFETY: NULL is what is tested.
    unsafe {
        assert_eq!(llk_cancel_new(null_mut()), LlkStatus::InvalidArgument);
        assert_eq!(llk_cancel_cancel(null()), LlkStatus::InvalidArgument);
        assert_eq!(last_error(), "cancel is NULL");
        assert!(!llk_cancel_is_cancelled(null()));
        llk_cancel_free(null_mut());
    }
    // SAFETY: a status number.
    let name = unsafe { std::ffi::CStr::from_ptr(llk_status_name(LlkStatus::Cancelled as i32)) };
    assert_eq!(name, c"LLK_STATUS_CANCELLED");
}

/// `llk_cancel_after`: a time limit on the token stops a solve that would
/// run for minutes with `LLK_STATUS_CANCELLED`, and the token then says
/// it is cancelled; a limit far off leaves a short solve alone.
#[test]
fn a_time_limit_stops_a_long_solve() {
    let board = lianliankan::deal(&DealSpec::new(300, 300, 200).with_seed(1)).unwrap();
    let board = CBoard::of(&board);
    let rules = CRules::of(&Rules::kshisen());
    let token = Token::new();
    // SAFETY: a live token.
    assert_eq!(unsafe { llk_cancel_after(token.0, 0.3) }, LlkStatus::Ok);
    // SAFETY: a live token.
    assert!(!unsafe { llk_cancel_is_cancelled(token.0) });
    let mut solution = null_mut();
    // SAFETY: live handles, a writable out-parameter.
    let status = unsafe { llk_solve(board.0, rules.0, u64::MAX, token.0, &mut solution) };
    assert_eq!(status, LlkStatus::Cancelled, "{}", last_error());
    assert!(solution.is_null(), "nothing stored");
    // SAFETY: a live token.
    assert!(unsafe { llk_cancel_is_cancelled(token.0) });

    let small = CBoard::of(&lianliankan::Board::from_rows(&[[1, 2, 2, 1]]).unwrap());
    let patient = Token::new();
    // SAFETY: a live token; live handles, a writable out-parameter.
    unsafe {
        assert_eq!(llk_cancel_after(patient.0, 1e300), LlkStatus::Ok);
        assert_eq!(
            llk_solve(small.0, rules.0, 1000, patient.0, &mut solution),
            LlkStatus::Ok
        );
        assert_eq!(llk_solution_outcome(solution), LlkOutcome::Solved);
        llk_solution_free(solution);
    }
}

/// A time limit that is not a number of seconds, 0 or more, or a NULL
/// token, is refused, and the token is left as it was.
#[test]
fn a_bad_time_limit_is_refused() {
    let token = Token::new();
    for seconds in [-1.0, f64::NAN, f64::NEG_INFINITY] {
        // SAFETY: a live token.
        let status = unsafe { llk_cancel_after(token.0, seconds) };
        assert_eq!(status, LlkStatus::InvalidArgument, "{seconds}");
        assert!(last_error().starts_with("seconds: "), "{}", last_error());
    }
    // SAFETY: a live token; NULL is refused.
    unsafe {
        assert!(!llk_cancel_is_cancelled(token.0));
        assert_eq!(llk_cancel_after(null(), 1.0), LlkStatus::InvalidArgument);
        assert_eq!(llk_cancel_after(token.0, 0.0), LlkStatus::Ok);
        assert!(llk_cancel_is_cancelled(token.0));
    }
}
