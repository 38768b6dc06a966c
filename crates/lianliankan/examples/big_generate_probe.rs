//! Times one `generate` (docs/limits.md): `cargo run --example
//! big_generate_probe -- [ROWS COLS KINDS]` (defaults: 100 100 36).

use std::time::Instant;

use lianliankan::{GenerateSpec, generate};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rows: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(100);
    let cols: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(rows);
    let kinds: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(36);
    let start = Instant::now();
    let made = generate(&GenerateSpec::new(rows, cols, kinds).with_seed(1));
    eprintln!(
        "generate {rows}x{cols} {kinds} kinds: {:?}, {}",
        start.elapsed(),
        if made.is_ok() { "made" } else { "refused" }
    );
}
