//! Fuzz target: see `grid_puzzles_fuzz::lianliankan_engine`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grid_puzzles_fuzz::lianliankan_engine(data));
