//! Handles made and freed for the tests, and the library's view of them.

use std::ffi::{CStr, CString};

use lianliankan::{Board, Border, Gravity, Rules};
use lianliankan_c::*;

/// This thread's last error message.
pub fn last_error() -> String {
    // SAFETY: never NULL, NUL-terminated, valid until the next failure.
    unsafe { CStr::from_ptr(llk_last_error()) }
        .to_string_lossy()
        .into_owned()
}

/// Rules made through the C API; freed on drop.
pub struct CRules(pub *mut LlkRules);

impl CRules {
    /// Rules of `turns`, the border and gravity named (the library's
    /// names) and `groups` text.
    pub fn new(turns: usize, border: &str, gravity: &str, groups: &str) -> CRules {
        let border = LlkBorder::of(border.parse::<Border>().unwrap()).unwrap();
        let gravity = LlkGravity::of(gravity.parse::<Gravity>().unwrap()).unwrap();
        let groups = CString::new(groups).unwrap();
        let mut out = std::ptr::null_mut();
        // SAFETY: a NUL-terminated text and a writable out-parameter.
        let status = unsafe {
            llk_rules_new(
                turns,
                border.into(),
                gravity.into(),
                groups.as_ptr(),
                &mut out,
            )
        };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        CRules(out)
    }

    pub fn of(rules: &Rules) -> CRules {
        CRules::new(
            rules.max_turns(),
            rules.border().name(),
            rules.gravity().name(),
            &rules.groups().to_string(),
        )
    }
}

impl Drop for CRules {
    fn drop(&mut self) {
        // SAFETY: made by llk_rules_new, freed once.
        unsafe { llk_rules_free(self.0) }
    }
}

/// A board made through the C API; freed on drop.
pub struct CBoard(pub *mut LlkBoard);

impl CBoard {
    pub fn of(board: &Board) -> CBoard {
        let kinds: Vec<u32> = board.to_grid().cells().to_vec();
        let mut out = std::ptr::null_mut();
        // SAFETY: rows * cols kinds and a writable out-parameter.
        let status = unsafe { llk_board_new(board.rows(), board.cols(), kinds.as_ptr(), &mut out) };
        assert_eq!(status, LlkStatus::Ok, "{}", last_error());
        CBoard(out)
    }
}

impl Drop for CBoard {
    fn drop(&mut self) {
        // SAFETY: made by the library, freed once.
        unsafe { llk_board_free(self.0) }
    }
}

/// Every (gravity, border) pair of the rules, two turns.
pub fn every_rule() -> Vec<Rules> {
    let mut all = Vec::new();
    for gravity in Gravity::ALL {
        for border in Border::ALL {
            all.push(
                Rules::judge()
                    .with_turns(2)
                    .unwrap()
                    .with_border(border)
                    .unwrap()
                    .with_gravity(gravity),
            );
        }
    }
    all
}
