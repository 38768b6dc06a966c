//! The connection rules (docs/rules.md) in the page: under four rivers and
//! under line, a pair the standard rule joins but this one does not is
//! refused with the rule's reason, a pair only this rule joins goes along
//! the engine's path, the hint is a pair the rule joins, and a reload and
//! the share link keep the rule.

use grid_core::Pos;
use lianliankan::{Board, Border, Connect, Game, Move, Rules, connect, moves};
use serde_json::{Value, json};

use super::{
    Env, Outcome, Screen, api, board, click, deal_url, engine_board, goto, hinted_cells, idle,
    page_matches_board, pick, play_pair, rules, text, tiles_left, with_session,
};

/// One rule's case: its settings, and how to tell the two pairs.
struct Case {
    connect: Connect,
    /// The link's settings besides the rule and the seed (four rivers on
    /// the open border, so that side-by-side tiles on an edge can join
    /// around through the ring).
    border: Border,
    /// What the page says when the rule refuses a pair.
    refusal: &'static str,
}

const CASES: [Case; 2] = [
    Case {
        connect: Connect::FourRivers,
        border: Border::Open,
        refusal: "side by side is not enough",
    },
    Case {
        connect: Connect::Line,
        border: Border::Closed,
        refusal: "share no row or column",
    },
];

impl Case {
    fn name(&self) -> &'static str {
        self.connect.name()
    }

    fn rules(&self, connect: Connect) -> Rules {
        Rules::judge()
            .with_connect(connect)
            .unwrap()
            .with_border(self.border)
            .unwrap()
    }

    fn link(&self, seed: u64) -> String {
        format!(
            "rows=4&cols=6&kinds=6&turns=2&border={}&gravity=none&groups=&connect={}&deal=solvable&seed={seed}",
            self.border,
            self.name()
        )
    }

    /// Whether the rule joins the pair in the way that tells it from the
    /// standard rule: for four rivers, tiles side by side (joined around,
    /// never through their shared edge); for line, tiles the standard rule
    /// does not join (one row or column with tiles between them).
    fn only_this_joins(&self, board: &Board, a: Pos, b: Pos) -> bool {
        joined(board, a, b, &self.rules(self.connect))
            && match self.connect {
                Connect::FourRivers => a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1,
                _ => !joined(board, a, b, &self.rules(Connect::Standard)),
            }
    }

    /// Whether the standard rule joins the pair and this rule does not.
    fn only_standard_joins(&self, board: &Board, a: Pos, b: Pos) -> bool {
        joined(board, a, b, &self.rules(Connect::Standard))
            && !joined(board, a, b, &self.rules(self.connect))
    }
}

fn joined(board: &Board, a: Pos, b: Pos, rules: &Rules) -> bool {
    connect(board, a, b, rules).is_ok_and(|path| path.is_some())
}

/// The pairs of one kind on the board, each once.
fn pairs(board: &Board) -> Vec<Move> {
    let tiles: Vec<(Pos, u32)> = board.tiles().collect();
    let mut out = Vec::new();
    for (i, &(a, kind)) in tiles.iter().enumerate() {
        for &(b, other) in &tiles[i + 1..] {
            if kind == other {
                out.push(Move::new(a, b));
            }
        }
    }
    out
}

/// What the scenario plays on one rule: the seed, the dealt board, the
/// removals before the test (the first move the engine lists under the
/// rule, each time), the pair the rule refuses there and the pair only it
/// joins.
struct Plan {
    seed: u64,
    dealt: Value,
    before: Vec<Move>,
    refused: Move,
    wanted: Move,
}

async fn find_plan(env: &Env, case: &Case) -> Result<Plan, String> {
    let rules = case.rules(case.connect);
    for seed in 0..100 {
        let spec = json!({
            "rows": 4, "cols": 6, "kinds": 6, "seed": seed, "solvable": true,
            "rules": {"turns": 2, "border": case.border.to_string(), "connect": case.name()},
        });
        let dealt = api(env, "deal", &spec).await?["board"].clone();
        let mut game = Game::new(engine_board(&dealt)?, rules.clone());
        let mut before = Vec::new();
        for _ in 0..8 {
            let now = game.board().clone();
            let all = pairs(&now);
            let refused = all
                .iter()
                .find(|m| case.only_standard_joins(&now, m.a(), m.b()));
            let wanted = all
                .iter()
                .find(|m| case.only_this_joins(&now, m.a(), m.b()));
            if let (Some(&refused), Some(&wanted)) = (refused, wanted) {
                return Ok(Plan {
                    seed,
                    dealt,
                    before,
                    refused,
                    wanted,
                });
            }
            let Some(&next) = moves(&now, &rules).first() else {
                break;
            };
            game.play(next).map_err(|e| e.to_string())?;
            before.push(next);
        }
    }
    Err(format!(
        "no {} deal among 100 seeds shows both pairs within 8 removals",
        case.name()
    ))
}

pub(super) async fn the_connection_rules_in_the_page(env: &Env) -> Outcome {
    for case in &CASES {
        let engine_rules = case.rules(case.connect);
        let plan = find_plan(env, case).await?;
        let dealt = engine_board(&plan.dealt)?;
        let mut game = Game::new(dealt.clone(), engine_rules.clone());
        for &m in &plan.before {
            game.play(m).unwrap();
        }
        let start = serde_json::to_value(game.board()).unwrap();
        let path = game
            .remove(plan.wanted.a(), plan.wanted.b())
            .map_err(|e| format!("the engine refuses {}: {e}", plan.wanted))?;
        let after = serde_json::to_value(game.board()).unwrap();
        let name = case.name();
        let url = deal_url(env, &case.link(plan.seed));
        with_session(env, Screen::Desktop, |client| async move {
            goto(&client, &url).await?;
            check!(
                board(&client).await? == plan.dealt,
                "{name}: the link deals seed {}",
                plan.seed
            );
            let played = rules(&client).await?;
            check!(
                played["connect"] == json!(name),
                "{name}: the page plays {played}"
            );
            let form =
                super::js(&client, "return document.getElementById('connect').value;").await?;
            check!(form == json!(name), "{name}: the form shows {form}");
            // The hint is a pair the rule joins.
            click(&client, "hint").await?;
            let cells = hinted_cells(&client).await?;
            check!(
                cells.len() == 2 && joined(&dealt, cells[0], cells[1], &engine_rules),
                "{name}: the hint {cells:?} is a pair the rule joins"
            );
            for &m in &plan.before {
                play_pair(&client, &pick(m)).await?;
            }
            check!(
                board(&client).await? == start,
                "{name}: the removals before as the engine's"
            );
            let left = tiles_left(&client).await?;
            play_pair(&client, &pick(plan.refused)).await?;
            let message = text(&client, "message").await?;
            check!(
                message.starts_with("Not a pair") && message.contains(case.refusal),
                "{name}: {} refused with the rule's reason: {message}",
                plan.refused
            );
            check!(tiles_left(&client).await? == left, "{name}: nothing went");
            play_pair(&client, &pick(plan.wanted)).await?;
            check!(
                board(&client).await? == after,
                "{name}: after {} the page's board is the engine's",
                plan.wanted
            );
            let step = super::js(
                &client,
                "const h = window.lianliankan.history; return h[h.length - 1];",
            )
            .await?;
            check!(
                step["path"] == serde_json::to_value(&path).unwrap(),
                "{name}: the step went along the engine's path {path:?}: {step}"
            );
            page_matches_board(&client).await?;
            // A reload resumes under the rule; the share link deals again
            // under it.
            client.refresh().await.map_err(super::cmd("reload"))?;
            idle(&client).await?;
            check!(
                rules(&client).await?["connect"] == json!(name),
                "{name}: resumed under the rule"
            );
            check!(
                board(&client).await? == after,
                "{name}: resumed at the same board"
            );
            let shared = super::js(
                &client,
                "return lianliankanPage.shareUrl(window.lianliankan.spec);",
            )
            .await?;
            let shared = shared.as_str().unwrap_or("").to_owned();
            check!(
                shared.contains(&format!("connect={name}")),
                "{name}: the share link {shared}"
            );
            goto(&client, &shared).await?;
            check!(
                rules(&client).await?["connect"] == json!(name),
                "{name}: the shared deal's rule"
            );
            check!(
                board(&client).await? == plan.dealt,
                "{name}: the shared deal is the same"
            );
            Ok(())
        })
        .await?;
    }
    Ok(())
}
