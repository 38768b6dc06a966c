//! The C library's tests, one binary: `api` calls the entry points as Rust
//! functions (the `lib` crate type) and checks them against the library
//! and its brute-force reference, with the worst arguments too; `example`
//! builds `examples/c/solve.c` with AddressSanitizer and checks what it
//! prints on boards of every gravity mode; `rate` checks the rating and
//! rated generation against the library's, and `rate_program` the same
//! from C (`tests/c/rate.c`, built with AddressSanitizer).
// The tests call `unsafe extern "C"` functions, as C does.
#![allow(unsafe_code)]

mod api;
mod board_calls;
mod cancel;
mod common;
mod conformance;
mod example;
mod game;
mod header;
mod history;
mod rate;
mod rate_load;
mod rate_program;
mod rules;
mod variants;
mod worst;
