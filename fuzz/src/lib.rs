//! The bodies of the fuzz targets, as plain functions so that they build and
//! run on the stable toolchain too (`cargo test` here replays every fixture
//! through them). Each `fuzz_targets/*.rs` file only hands libFuzzer's bytes
//! to one of these.
//!
//! A body panics exactly when it has found a bug: the code under test
//! panicked, or one of the properties checked here does not hold.

mod engine;
mod judges;

pub use engine::lianliankan_engine;
pub use judges::{lianliankan_judge, segments_judge, solitaire_judge};

use lianliankan::{Border, Connect, Rules};

/// The lianliankan rules from the low four bits of `flags`: bits 0–2 the
/// turn limit (0 to 4) or the connection rule (5: four-rivers, 6: line,
/// each with two turns; 7: the judge's rule), bit 3 the open border.
pub(crate) fn rules(flags: u8) -> Rules {
    let (max_turns, connect) = match flags & 7 {
        t @ 0..=4 => (usize::from(t), Connect::Standard),
        5 => (2, Connect::FourRivers),
        6 => (2, Connect::Line),
        _ => (2, Connect::Standard),
    };
    let border = if flags & 8 != 0 {
        Border::Open
    } else {
        Border::Closed
    };
    Rules::judge()
        .with_turns(max_turns)
        .and_then(|r| r.with_border(border))
        .and_then(|r| r.with_connect(connect))
        .expect("the judge's rules have no slides to conflict with")
}
