//! What easy, normal and hard mean on a setting (size, kinds, rules) that
//! play deals: [`lianliankan::setting_bands`] — the library's measured
//! table where it holds the setting or the setting turned (a phone's
//! portrait form), and otherwise bands measured now, the way the table was
//! made (the setting's first 24 candidates, 100 random games each, cut in
//! three equal parts, fixed seeds: every server measures the same bands,
//! so a seeded deal is the same on every machine) — kept in memory for the
//! server's life (a setting is measured once however many requests ask
//! for it at the same time).
//!
//! So every setting play offers — each preset and its portrait form,
//! every gravity of the level game, any rules — has three reachable bands
//! ordered by a random player's clear rate, never the fixed fallback
//! bands that small or lenient boards cannot reach.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use lianliankan::{
    BandsFrom, GenerateError, GenerateSpec, Rules, SettingBands, bands_for, setting_bands,
};

/// The longest a measure made in the background may hold a heavy-work
/// thread (the biggest boards the limits allow take about a minute).
pub const MEASURE_CAP: std::time::Duration = std::time::Duration::from_secs(600);

/// A setting's size, kinds and rules.
#[derive(Clone, Copy, Debug)]
pub struct Setting<'a> {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Tile kinds.
    pub kinds: u32,
    /// The rules.
    pub rules: &'a Rules,
}

impl Setting<'_> {
    fn key(&self) -> String {
        let rules = serde_json::to_string(self.rules).unwrap_or_default();
        format!("{}x{}/{}/{rules}", self.rows, self.cols, self.kinds)
    }
}

type Measured = Arc<OnceLock<Result<SettingBands, GenerateError>>>;

/// The bands of the settings play deals: the table's, or measured here.
#[derive(Debug, Default)]
pub struct BandsBook {
    measured: Mutex<BTreeMap<String, Measured>>,
}

impl BandsBook {
    /// An empty book.
    pub fn new() -> BandsBook {
        BandsBook::default()
    }

    /// The setting's bands if they are known without measuring: the
    /// table's, or measured here before.
    pub fn known(&self, setting: Setting<'_>) -> Option<SettingBands> {
        let table = bands_for(setting.rows, setting.cols, setting.kinds, setting.rules);
        if table.from != BandsFrom::Fixed {
            return Some(table);
        }
        let slot = lock(&self.measured).get(&setting.key()).cloned()?;
        slot.get().and_then(|measured| measured.clone().ok())
    }

    /// The setting's bands: the table's, or measured now (blocking: call
    /// it on the heavy-work pool) unless they were measured before. Two
    /// callers asking for the same setting at once measure it once.
    ///
    /// # Errors
    /// The engine's, when the setting cannot be dealt.
    ///
    /// # Complexity
    /// [`setting_bands`]'s the first time a setting the table lacks is
    /// asked for; a look-up afterwards.
    pub fn get(&self, setting: Setting<'_>) -> Result<SettingBands, GenerateError> {
        if let Some(known) = self.known(setting) {
            return Ok(known);
        }
        let slot = Arc::clone(lock(&self.measured).entry(setting.key()).or_default());
        slot.get_or_init(|| measure(setting)).clone()
    }
}

fn measure(setting: Setting<'_>) -> Result<SettingBands, GenerateError> {
    setting_bands(
        &GenerateSpec::new(setting.rows, setting.cols, setting.kinds)
            .with_rules(setting.rules.clone()),
    )
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lianliankan::{Border, Gravity};

    #[test]
    fn the_table_s_settings_are_known_and_others_are_measured_once() {
        let book = BandsBook::new();
        let open_down = Rules::judge()
            .with_border(Border::Open)
            .unwrap()
            .with_gravity(Gravity::Down);
        let table = Setting {
            rows: 8,
            cols: 18,
            kinds: 36,
            rules: &open_down,
        };
        assert!(matches!(
            book.known(table).map(|b| b.from),
            Some(BandsFrom::Measured { deals: 60 })
        ));
        // 4 × 6, 6 kinds, gravity inward: not in the table.
        let inward = Rules::judge().with_gravity(Gravity::Inward);
        let small = Setting {
            rows: 4,
            cols: 6,
            kinds: 6,
            rules: &inward,
        };
        assert_eq!(book.known(small), None);
        let measured = book.get(small).unwrap();
        assert_eq!(measured.from, BandsFrom::Measured { deals: 24 });
        assert!(measured.bands.reachable(), "{measured}");
        assert_eq!(book.known(small), Some(measured));
        // Every server measures the same bands.
        assert_eq!(BandsBook::new().get(small).unwrap(), measured);
        // A setting that cannot be dealt is the engine's error.
        let odd = Setting {
            rows: 2,
            cols: 2,
            kinds: 3,
            rules: &inward,
        };
        assert!(book.get(odd).is_err());
    }
}
