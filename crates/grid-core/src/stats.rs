//! Small statistics the studies and ratings share.

/// The Wilson score interval at 95% confidence for `successes` out of `n`
/// trials, `(low, high)`, clamped to [0, 1]; `(0, 1)` when `n` is 0.
///
/// ```
/// let (low, high) = grid_core::wilson(90, 100);
/// assert!((low - 0.8256).abs() < 1e-4 && (high - 0.9448).abs() < 1e-4);
/// ```
#[must_use]
pub fn wilson(successes: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (s, n) = (successes as f64, n as f64);
    let p = s / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        // 90 of 100: the textbook Wilson interval is 0.8256 to 0.9448.
        let (lo, hi) = wilson(90, 100);
        assert!(
            (lo - 0.8256).abs() < 1e-4 && (hi - 0.9448).abs() < 1e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10);
        assert!(lo.abs() < 1e-12 && (hi - 0.2775).abs() < 1e-4, "{lo} {hi}");
        let (lo, hi) = wilson(10, 10);
        assert!(
            (lo - 0.7225).abs() < 1e-4 && (hi - 1.0).abs() < 1e-12,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
