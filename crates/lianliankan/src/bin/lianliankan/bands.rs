//! `bands`: a setting's band table row measured, and its bands checked.

use std::io::Write;

use grid_cli::Failure;
use lianliankan::{
    GenerateSpec, SureConfig, bands_hold, check_bands, measure_bands, setting_bands,
};

/// What `bands` is asked: candidates to measure and games a deal, deals of
/// each difficulty to check and the candidates each may try.
pub struct Asked {
    pub deals: usize,
    pub games: u32,
    pub check: usize,
    pub candidates: usize,
}

/// Measures (`asked.deals` > 0) and checks (`asked.check` > 0) the bands of
/// `spec`'s setting.
pub fn run(spec: &GenerateSpec, asked: &Asked, out: &mut dyn Write) -> Result<(), Failure> {
    let fail = |e: &dyn std::fmt::Display| Failure::Usage(format!("error: {e}"));
    if asked.deals > 0 {
        let measured =
            measure_bands(spec, asked.deals, asked.games, spec.seed).map_err(|e| fail(&e))?;
        let rates = &measured.rates;
        let at = |k: usize| {
            rates
                .get(k.min(rates.len().saturating_sub(1)))
                .copied()
                .unwrap_or(0.0)
        };
        writeln!(
            out,
            "{} candidates, {} random games each: clear rates {:.4} lowest, {:.4} a third up, {:.4} two thirds up, {:.4} highest",
            rates.len(),
            measured.games,
            at(0),
            at(rates.len() / 3),
            at(rates.len() * 2 / 3),
            at(rates.len())
        )?;
        writeln!(
            out,
            "Row {{ rows: {}, cols: {}, kinds: {}, border: Border::{:?}, gravity: Gravity::{:?}, easy_from: {:.4}, hard_below: {:.4}, deals: {} }},",
            spec.rows,
            spec.cols,
            spec.kinds,
            spec.rules.border(),
            spec.rules.gravity(),
            measured.bands.easy_from,
            measured.bands.hard_below,
            rates.len()
        )?;
    }
    if asked.check > 0 {
        let bands = setting_bands(spec).map_err(|e| fail(&e))?;
        writeln!(out, "bands: {bands}")?;
        let checks = check_bands(
            spec,
            &SureConfig::new(),
            asked.candidates,
            asked.check,
            asked.games,
            !spec.seed,
        )
        .map_err(|e| fail(&e))?;
        for c in &checks {
            let (low, high) = c.interval();
            let rate = if c.games == 0 {
                0.0
            } else {
                c.cleared as f64 / c.games as f64
            };
            writeln!(
                out,
                "{}: {} deals, {} of {} fresh random games cleared ({rate:.4}, 95% interval {low:.4}-{high:.4})",
                c.difficulty, c.deals, c.cleared, c.games
            )?;
        }
        writeln!(
            out,
            "ordered easy > normal > hard with intervals apart: {}",
            if bands_hold(&checks) { "yes" } else { "no" }
        )?;
    }
    Ok(())
}
