//! The page's pure level rules (`LevelRules.step` in `assets/level_rules.js`)
//! against a model of the level game (crates/play/README.md) as issue 49 refined it, written here from
//! the README's words, on thousands of seeded random event sequences.

use grid_core::SplitMix64;
use serde_json::{Value, json};

use super::level::GRAVITY;
use super::{Env, Outcome, Screen, cmd, goto, js, with_session};

/// The level game as issue 49 refined it, written from the README's
/// words, independently of the page's `LevelRules`: a countdown of 10 s
/// and 3.5 s a pair (0.1 s less a level, never under 2.5 s), no time
/// added; a pair scores 10 + the combo, which goes on only within 4 s of
/// the level's last pair and starts again each level; a cleared level adds
/// its whole seconds left at its last pair. A pair's time is the
/// countdown's, or the server's when it says one (a ranked level).
#[derive(Clone, Debug)]
struct Model {
    level: u64,
    pairs: u64,
    budget: u64,
    used: u64,
    score: u64,
    level_score: u64,
    combo: u64,
    combo_best: u64,
    last_pair: Option<u64>,
    lives: u64,
    hints: u64,
    /// "playing", "cleared" or "over".
    phase: &'static str,
    end: Option<&'static str>,
}

fn budget_ms(level: u64, pairs: u64) -> u64 {
    10_000 + (3_500 - 100 * level.min(10)) * pairs
}

impl Model {
    fn start(pairs: u64) -> Model {
        Model {
            level: 0,
            pairs,
            budget: budget_ms(0, pairs),
            used: 0,
            score: 0,
            level_score: 0,
            combo: 0,
            combo_best: 0,
            last_pair: None,
            lives: 4,
            hints: 10,
            phase: "playing",
            end: None,
        }
    }

    fn over(&mut self, why: &'static str) {
        self.phase = "over";
        self.end = Some(why);
    }

    fn apply(&mut self, event: &Value) {
        let playing = self.phase == "playing";
        match event["type"].as_str().unwrap_or("") {
            "tick" if playing => {
                let ms = event["ms"].as_u64().unwrap_or(0);
                self.used = (self.used + ms).min(self.budget);
                if self.used == self.budget {
                    self.over("time");
                }
            }
            "pair" if playing => {
                // A ranked level's pair comes at the server's time.
                let at = event["at"].as_u64().unwrap_or(self.used);
                if self.last_pair.is_some_and(|last| at > last + 4_000) {
                    self.combo = 0;
                }
                self.score += 10 + self.combo;
                self.level_score += 10 + self.combo;
                self.combo += 1;
                self.combo_best = self.combo_best.max(self.combo);
                self.last_pair = Some(at);
            }
            "refused" if playing => self.combo = 0,
            "cleared" if playing => {
                let bonus = (self.budget - self.last_pair.unwrap_or(0)) / 1000;
                self.score += bonus;
                self.level_score += bonus;
                self.phase = "cleared";
            }
            "next" if self.phase == "cleared" => {
                self.level += 1;
                self.budget = budget_ms(self.level, self.pairs);
                self.used = 0;
                self.level_score = 0;
                self.combo = 0;
                self.combo_best = 0;
                self.last_pair = None;
                self.lives += 1;
                self.hints += 2;
                self.phase = "playing";
            }
            "hint" if playing && self.hints > 0 => self.hints -= 1,
            "shuffle" if playing && self.lives > 0 => self.lives -= 1,
            "stuck" if playing => {
                if self.lives == 0 {
                    self.over("lives");
                } else {
                    self.lives -= 1;
                }
            }
            "no-shuffle" if playing => self.over("no-shuffle"),
            _ => {}
        }
    }

    /// The state as one line, as the page's is written below.
    fn line(&self) -> String {
        format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}",
            self.level,
            GRAVITY[(self.level % 13) as usize],
            self.budget - self.used,
            self.score,
            self.level_score,
            self.combo,
            self.combo_best,
            self.lives,
            self.hints,
            self.phase,
            self.end.unwrap_or("null")
        )
    }
}

/// A random event. A run draws its events from one of three mixes, so
/// that some runs go on for many levels (past level 13: gravity wraps)
/// and others end in each of the three ways.
fn random_event(rng: &mut SplitMix64, mix: usize) -> Value {
    // Weights out of 100: pair, tick, refused, cleared, next, hint,
    // shuffle, stuck; no-shuffle gets the rest.
    let weights: [usize; 8] = match mix {
        0 => [30, 10, 8, 20, 25, 3, 2, 1], // long runs
        1 => [30, 20, 8, 6, 6, 5, 10, 12], // runs that lose their lives
        _ => [35, 25, 8, 10, 10, 5, 3, 3], // the rest
    };
    let mut roll = rng.below(100);
    let mut which = weights.len();
    for (i, w) in weights.iter().enumerate() {
        if roll < *w {
            which = i;
            break;
        }
        roll -= w;
    }
    match which {
        // A third of the pairs at a time of their own (a ranked level's
        // server time), never past the shortest countdown (15 s).
        0 if rng.below(3) == 0 => json!({"type": "pair", "at": rng.below(15_000)}),
        0 => json!({"type": "pair"}),
        1 => {
            let ms = match rng.below(5) {
                0 => rng.below(200) as u64,
                1 | 2 => rng.below(5_000) as u64,
                3 => rng.below(60_000) as u64,
                _ => rng.below(if mix == 0 { 30_000 } else { 250_000 }) as u64,
            };
            json!({"type": "tick", "ms": ms})
        }
        2 => json!({"type": "refused"}),
        3 => json!({"type": "cleared"}),
        4 => json!({"type": "next"}),
        5 => json!({"type": "hint"}),
        6 => json!({"type": "shuffle"}),
        7 => json!({"type": "stuck"}),
        _ => json!({"type": "no-shuffle"}),
    }
}

/// The page's `LevelRules.step` against [`Model`] on 3,000 seeded random
/// sequences of 1 to 150 events, state by state; the start state and the
/// gravity table too.
pub(super) async fn the_level_rules_follow_their_model(env: &Env) -> Outcome {
    let mut rng = SplitMix64::new(37);
    let runs: Vec<(u64, Vec<Value>)> = (0..3000)
        .map(|_| {
            let n = rng.range(1, 150);
            let mix = rng.below(3);
            // Boards of 2 to 240 pairs (1 × 4 to KShisen's 30 × 16).
            let pairs = rng.range(2, 241) as u64;
            (pairs, (0..n).map(|_| random_event(&mut rng, mix)).collect())
        })
        .collect();
    let expected: Vec<Vec<String>> = runs
        .iter()
        .map(|(pairs, events)| {
            let mut model = Model::start(*pairs);
            let mut lines = vec![model.line()];
            for event in events {
                model.apply(event);
                lines.push(model.line());
            }
            lines
        })
        .collect();
    let reached = expected
        .iter()
        .flatten()
        .filter_map(|l| l.split('|').next()?.parse::<u64>().ok())
        .max()
        .unwrap_or(0);
    check!(
        reached >= 13,
        "the random runs reach level {reached} only: gravity must wrap"
    );
    let overs: usize = ["time", "lives", "no-shuffle"]
        .iter()
        .map(|why| {
            expected
                .iter()
                .filter(|l| l.last().is_some_and(|l| l.ends_with(why)))
                .count()
        })
        .min()
        .unwrap_or(0);
    check!(
        overs >= 20,
        "every way of ending is met at least 20 times, the rarest {overs}"
    );
    with_session(env, Screen::Desktop, |client| async move {
        goto(&client, &format!("http://{}/", env.site)).await?;
        let gravity = js(&client, "return window.lianliankanLevel.rules.GRAVITY;").await?;
        check!(gravity == json!(GRAVITY), "the page's gravity table: {gravity}");
        let (_, body) = crate::support::request(
            &env.http,
            env.site,
            hyper::Method::GET,
            "/api/limits",
            None,
        )
        .await?;
        let limits: Value = serde_json::from_slice(&body).map_err(|e| format!("limits: {e}"))?;
        check!(limits["gravity"] == json!(GRAVITY), "the server's modes in the engine's order: {limits}");
        let script = "const R = window.lianliankanLevel.rules; \
            const line = (s) => [s.level, s.gravity, s.leftMs, s.score, s.levelScore, s.combo, s.comboBest, s.lives, s.hints, s.phase, String(s.end)].join('|'); \
            return arguments[0].map(([pairs, events]) => { \
              let s = R.start(pairs); const lines = [line(s)]; \
              for (const e of events) { const before = JSON.stringify(s); const next = R.step(s, e); \
                if (JSON.stringify(s) !== before) return ['step changed its argument']; \
                s = next; lines.push(line(s)); } \
              return lines; });";
        let got = client
            .execute(script, vec![json!(runs)])
            .await
            .map_err(cmd("LevelRules.step"))?;
        let got: Vec<Vec<String>> =
            serde_json::from_value(got).map_err(|e| format!("the page's answer: {e}"))?;
        check!(got.len() == runs.len(), "one answer a run");
        for (i, (want, have)) in expected.iter().zip(&got).enumerate() {
            if want != have {
                let at = want.iter().zip(have).position(|(w, h)| w != h).unwrap_or(0);
                return Err(format!(
                    "run {i}: after event {at} ({}) the page says {:?}, the model says {:?}",
                    if at == 0 { json!("start") } else { runs[i].1[at - 1].clone() },
                    have.get(at),
                    want.get(at)
                ));
            }
        }
        Ok(())
    })
    .await
}
