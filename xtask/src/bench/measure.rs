//! Repeated timing: how many runs, and their minimum and median.

use std::time::{Duration, Instant};

/// How often to repeat a measurement: at least `min` runs, at most `max`,
/// and no new run once `budget` has been spent (the `min` runs are always
/// made).
#[derive(Clone, Copy, Debug)]
pub struct Runs {
    pub min: usize,
    pub max: usize,
    pub budget: Duration,
}

/// The times of a repeated measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// Every run's time, in the order they were taken.
    pub times: Vec<Duration>,
}

impl Timing {
    pub fn runs(&self) -> usize {
        self.times.len()
    }

    pub fn min(&self) -> Duration {
        self.times.iter().copied().min().unwrap_or_default()
    }

    /// The median (the mean of the two middle runs for an even count).
    pub fn median(&self) -> Duration {
        let mut sorted = self.times.clone();
        sorted.sort_unstable();
        match sorted.len() {
            0 => Duration::ZERO,
            n if n % 2 == 1 => sorted[n / 2],
            n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
        }
    }
}

/// Runs `run` as `runs` says. Each call returns the time of the part it
/// measured (so that it may check its result outside the timed part); the
/// first error stops the measurement.
pub fn repeat(
    runs: Runs,
    mut run: impl FnMut() -> Result<Duration, String>,
) -> Result<Timing, String> {
    let started = Instant::now();
    let mut times = Vec::new();
    while times.len() < runs.max && (times.len() < runs.min || started.elapsed() < runs.budget) {
        times.push(run()?);
    }
    Ok(Timing { times })
}

/// `time / base` as a ratio, or `None` when `base` is zero.
pub fn ratio(time: Duration, base: Duration) -> Option<f64> {
    (!base.is_zero()).then(|| time.as_secs_f64() / base.as_secs_f64())
}

/// The time this thread has spent on a CPU so far: the first field of
/// Linux's `/proc/thread-self/schedstat` (nanoseconds). `None` where that
/// file is missing. Unlike a wall clock it does not count the time the
/// thread waited for a core, so it says "on one core" on a loaded machine.
pub fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Runs `run` once: its result, and the thread's CPU time it took (the
/// wall-clock time where [`thread_cpu`] is not available).
pub fn on_one_core<T>(run: impl FnOnce() -> T) -> (T, Duration) {
    let (wall, cpu) = (Instant::now(), thread_cpu());
    let result = run();
    let took = match (cpu, thread_cpu()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => wall.elapsed(),
    };
    (result, took)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A timing of the given runs, in milliseconds (shared with the report's
    /// tests).
    pub(in crate::bench) fn ms(values: &[u64]) -> Timing {
        Timing {
            times: values.iter().map(|&v| Duration::from_millis(v)).collect(),
        }
    }

    #[test]
    fn min_and_median() {
        let odd = ms(&[5, 1, 9]);
        assert_eq!(
            (odd.min(), odd.median()),
            (Duration::from_millis(1), Duration::from_millis(5))
        );
        let even = ms(&[4, 1, 9, 2]);
        assert_eq!(even.median(), Duration::from_millis(3));
        assert_eq!(ms(&[]).median(), Duration::ZERO);
    }

    #[test]
    fn run_counts_respect_min_max_and_budget() {
        let fixed = |n: u64| move || Ok(Duration::from_millis(n));
        let counted = |runs| repeat(runs, fixed(1)).unwrap().runs();
        let budget = |secs| Duration::from_secs(secs);
        assert_eq!(
            counted(Runs {
                min: 2,
                max: 5,
                budget: budget(3600)
            }),
            5
        );
        // An exhausted budget still gives the minimum number of runs.
        assert_eq!(
            counted(Runs {
                min: 2,
                max: 5,
                budget: Duration::ZERO
            }),
            2
        );
        let mut calls = 0;
        let failing = repeat(
            Runs {
                min: 3,
                max: 3,
                budget: budget(1),
            },
            || {
                calls += 1;
                Err("broken".to_owned())
            },
        );
        assert_eq!((failing, calls), (Err("broken".to_owned()), 1));
        assert_eq!(
            ratio(Duration::from_millis(30), Duration::from_millis(10)),
            Some(3.0)
        );
        assert_eq!(ratio(Duration::from_millis(30), Duration::ZERO), None);
    }
}
