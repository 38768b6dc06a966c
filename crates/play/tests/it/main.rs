//! The play crate's integration tests, in one test binary (one link of the
//! server and its dependencies instead of one a file): the API without a
//! socket, deals of a chosen difficulty, high scores and level runs
//! replayed and stored, the binary's command line, a
//! bounded load test, the page in a real browser, and the tile set's
//! colours under colour-vision deficiencies.

mod api;
mod browser;
mod cli;
mod conformance;
mod daily;
mod load;
mod page_settings;
mod palette;
mod ranked;
mod rated;
mod runs;
mod scores;
mod support;
mod variants;
