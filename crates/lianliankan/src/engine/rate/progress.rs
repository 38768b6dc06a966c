//! How far a rating has got: [`RateProgress`], reported between games to
//! the hook of [`RateConfig::progress`](super::RateConfig::progress), and
//! the count behind it.

use std::sync::Arc;

/// What [`rate`](super::rate) and [`generate_rated`](super::generate_rated)
/// report after each game they play: the games played so far and the most
/// they may play. A rating plays `plays` random games, then probes the
/// first `probes` of them again (when the deal is winnable; otherwise
/// those count as done at once): `total` is `plays + probes`.
/// `generate_rated` counts the games of every candidate it rates against
/// `candidates × (plays + probes)` (a candidate left unprobed counts its
/// probes as done; the games that confirm a band are not counted), so it
/// may end before `games` reaches `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RateProgress {
    /// The games played so far (random and probed).
    pub games: u64,
    /// The most games the call plays.
    pub total: u64,
}

/// A progress hook, shared by the clones of a config.
#[derive(Clone)]
pub(crate) struct Hook(pub(super) Arc<dyn Fn(RateProgress) + Send + Sync>);

impl std::fmt::Debug for Hook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Hook(..)")
    }
}

/// The games of one call counted, each reported to the hook.
pub(crate) struct GameCount<'a> {
    done: RateProgress,
    hook: Option<&'a Hook>,
}

impl<'a> GameCount<'a> {
    /// No game played yet of `total`.
    pub(super) fn new(total: u64, hook: Option<&'a Hook>) -> Self {
        GameCount {
            done: RateProgress { games: 0, total },
            hook,
        }
    }

    /// Counts `games` games as played (or skipped) and reports.
    pub(super) fn add(&mut self, games: u64) {
        if games == 0 {
            return;
        }
        self.done.games = (self.done.games + games).min(self.done.total);
        if let Some(hook) = self.hook {
            (hook.0)(self.done);
        }
    }
}
