//! Fuzz target: see `grid_puzzles_fuzz::segments_judge`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grid_puzzles_fuzz::segments_judge(data));
