//! KShisen's sliding tiles in the page: a pick that only a slide removes
//! ends with the tiles where the engine puts them, and undo puts them
//! back; with and without reduced motion, and the share link and a reload
//! keep the rule.

use lianliankan::{Game, Move, Rules, moves, ways_to_remove};
use serde_json::{Value, json};

use super::{
    Env, Outcome, Screen, api, board, click, deal_url, engine_board, goto, idle,
    page_matches_board, pick, play_pair, rules, with_session,
};

/// The link of a 4 × 6 solvable deal under slides.
fn link(seed: u64) -> String {
    format!("rows=4&cols=6&kinds=6&slide=on&deal=solvable&seed={seed}")
}

/// The rules the link deals under, as the engine takes them.
fn engine_rules() -> Rules {
    Rules::judge().with_slide(true).unwrap()
}

/// The first seed whose deal, after some plain removals (the first move
/// the engine lists, each time), has a pick that only a slide removes:
/// the seed, its board, the plain removals and that slide (as picked: the
/// sliding tile first).
async fn a_deal_with_a_slide(env: &Env) -> Result<(u64, Value, Vec<Move>, Move), String> {
    let rules = engine_rules();
    for seed in 0..100 {
        let dealt = api(
            env,
            "deal",
            &json!({"rows": 4, "cols": 6, "kinds": 6, "seed": seed, "rules": {"slide": true}}),
        )
        .await?;
        let mut game = Game::new(engine_board(&dealt["board"])?, rules.clone());
        let mut plain = Vec::new();
        for _ in 0..6 {
            let now = game.board().clone();
            let only_slide = moves(&now, &rules).into_iter().find(|m| {
                m.route().is_some()
                    && ways_to_remove(&now, m.a(), m.b(), &rules)
                        .is_ok_and(|ways| ways.iter().all(|way| way.pair.route().is_some()))
            });
            if let Some(m) = only_slide {
                return Ok((seed, dealt["board"].clone(), plain, m));
            }
            let Some(next) = moves(&now, &rules)
                .into_iter()
                .find(|m| m.route().is_none())
            else {
                break;
            };
            game.play(next).map_err(|e| e.to_string())?;
            plain.push(next);
        }
    }
    Err(
        "no deal among 100 seeds has a pick only a slide removes within 6 plain removals"
            .to_owned(),
    )
}

pub(super) async fn a_pick_that_only_a_slide_removes(env: &Env) -> Outcome {
    let (seed, dealt, plain, slide) = a_deal_with_a_slide(env).await?;
    let mut game = Game::new(engine_board(&dealt)?, engine_rules());
    for &m in &plain {
        game.play(m).unwrap();
    }
    let start = serde_json::to_value(game.board()).unwrap();
    let pushed = ways_to_remove(game.board(), slide.a(), slide.b(), &engine_rules())
        .unwrap()
        .into_iter()
        .find(|way| way.pair == slide)
        .expect("the slide is a way")
        .pushed;
    check!(pushed.len() >= 2, "{slide} pushes a run: {pushed:?}");
    game.play(slide)
        .map_err(|e| format!("the engine refuses {slide}: {e}"))?;
    let after = serde_json::to_value(game.board()).unwrap();
    for screen in [Screen::Desktop, Screen::DesktopDarkStill] {
        let url = deal_url(env, &link(seed));
        let (dealt, start, after, plain, pushed) = (
            dealt.clone(),
            start.clone(),
            after.clone(),
            plain.clone(),
            pushed.clone(),
        );
        with_session(env, screen, |client| async move {
            goto(&client, &url).await?;
            check!(board(&client).await? == dealt, "the link deals seed {seed}");
            let played = rules(&client).await?;
            check!(
                played["slide"] == json!(true) && played["turns"] == json!(1),
                "the rules: {played}"
            );
            for &m in &plain {
                play_pair(&client, &pick(m)).await?;
            }
            check!(board(&client).await? == start, "the plain removals as the engine's");
            // Each tile element carries the cell it started on: the tiles
            // the slide pushes must be moved, not drawn afresh.
            super::js(
                &client,
                "document.querySelectorAll('button.tile').forEach((el) => { el.dataset.probe = el.dataset.cell; }); return null;",
            )
            .await?;
            play_pair(&client, &pick(slide)).await?;
            check!(
                moved_along(&client, &pushed, true).await?,
                "the pushed tiles were moved to their cells: {pushed:?}"
            );
            check!(
                board(&client).await? == after,
                "after {slide}: the page's board is the engine's"
            );
            page_matches_board(&client).await?;
            let step = super::js(&client, "const h = window.lianliankan.history; return h[h.length - 1];")
                .await?;
            check!(
                step["route"] == serde_json::to_value(slide.route()).unwrap()
                    && step["pushed"].as_array().is_some_and(|p| !p.is_empty()),
                "the step records the slide: {step}"
            );
            click(&client, "undo").await?;
            check!(board(&client).await? == start, "undo restores the slid tiles");
            check!(
                moved_along(&client, &pushed, false).await?,
                "undo moved the pushed tiles back: {pushed:?}"
            );
            page_matches_board(&client).await?;
            click(&client, "redo").await?;
            check!(board(&client).await? == after, "redo slides again");
            page_matches_board(&client).await?;
            // A reload resumes under the same rule, and undo still works.
            client.refresh().await.map_err(super::cmd("reload"))?;
            idle(&client).await?;
            check!(rules(&client).await?["slide"] == json!(true), "resumed under slides");
            check!(board(&client).await? == after, "resumed at the same board");
            click(&client, "undo").await?;
            check!(board(&client).await? == start, "undo after the reload");
            page_matches_board(&client).await?;
            let share = super::js(
                &client,
                "return document.getElementById('slide').value + ' ' + document.getElementById('turns').disabled;",
            )
            .await?;
            check!(share == json!("on true"), "the form shows the rule: {share}");
            // The share link deals the same board under the same rule.
            let shared = super::js(&client, "return lianliankanPage.shareUrl(window.lianliankan.spec);").await?;
            let shared = shared.as_str().unwrap_or("").to_owned();
            check!(shared.contains("slide=on"), "the share link: {shared}");
            goto(&client, &shared).await?;
            check!(
                rules(&client).await?["slide"] == json!(true),
                "the shared deal has slides"
            );
            check!(board(&client).await? == dealt, "the shared deal is seed {seed}'s");
            Ok(())
        })
        .await?;
    }
    Ok(())
}

/// Whether every tile of the run a slide pushed (not the sliding tile,
/// which goes) is the element that started on its cell before the push,
/// now on its cell after it (`forward`) or back on it (after undo).
async fn moved_along(
    client: &fantoccini::Client,
    pushed: &[lianliankan::Slide],
    forward: bool,
) -> Result<bool, String> {
    for s in &pushed[1..] {
        let at = if forward { s.to } else { s.from };
        let script = format!(
            "const el = document.querySelector('button.tile[data-cell=\"{},{}\"]'); return el ? el.dataset.probe || 'new' : 'none';",
            at.row, at.col
        );
        let probe = super::js(client, &script).await?;
        if probe != json!(format!("{},{}", s.from.row, s.from.col)) {
            return Ok(false);
        }
    }
    Ok(true)
}
