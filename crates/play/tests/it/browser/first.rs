//! The first screen and the phone (issue 49): a first visit opens on a
//! game ready to play (KShisen's 18 × 8, normal; turned to portrait on a
//! phone), with the one-screen how-to-play over it, the rules and the
//! seed folded under "Custom game", Auto-solve away from Hint and the judge
//! viewer on a page of its own; and on a 390 × 844 phone every preset's
//! board, turned to portrait, is above the fold after Deal (the settings
//! fold), its tiles resizing when the settings open and fold.

use serde_json::json;

use super::level::{choose, settled};
use super::{
    Env, Outcome, Screen, api, board, click, cmd, idle, js, play_pair, rules, screenshot, shown,
    text, tiles_left, with_session,
};

/// Where the board is: its top and bottom, the window's height, the page's
/// scroll, the tile size, and whether the page scrolls at all.
const BOARD_BOX: &str = "const r = document.getElementById('board').getBoundingClientRect(); \
     return [r.top, r.bottom, window.innerHeight, window.scrollY, window.lianliankan.size, \
             document.documentElement.scrollWidth <= window.innerWidth];";

pub(super) async fn the_first_visit_plays_at_once(env: &Env) -> Outcome {
    for (screen, name) in [(Screen::Desktop, "desktop"), (Screen::Phone, "phone")] {
        with_session(env, screen, |client| async move {
            client
                .goto(&format!("http://{}/", env.site))
                .await
                .map_err(cmd("goto"))?;
            idle(&client).await?;
            check!(
                shown(&client, "howto").await?,
                "{name}: a first visit shows how to play"
            );
            screenshot(env, &client, &format!("{name}-first-visit")).await?;
            let spec = js(&client, "return window.lianliankan.spec;").await?;
            let (rows, cols) = if name == "phone" { (18, 8) } else { (8, 18) };
            check!(
                spec["rows"] == rows
                    && spec["cols"] == cols
                    && spec["kinds"] == 36
                    && spec["solvable"] == true
                    && spec["difficulty"] == "normal"
                    && spec["rules"]["gravity"] == "down"
                    && spec["rules"]["border"] == "open",
                "{name}: KShisen's 18 × 8, normal, is dealt: {spec}"
            );
            check!(tiles_left(&client).await? == 144, "{name}: a full board");
            // The rules and the seed wait under "Custom game", folded.
            let custom = js(
                &client,
                "return [document.getElementById('custom').open, \
                         !document.getElementById('seed').checkVisibility(), \
                         !document.getElementById('turns').checkVisibility()];",
            )
            .await?;
            check!(
                custom == json!([false, true, true]),
                "{name}: the rules are folded away: {custom}"
            );
            // Auto-solve sits apart from the game's own buttons, after Pause.
            let apart = js(
                &client,
                "const s = document.getElementById('solve'), h = document.getElementById('hint'); \
                 const p = document.getElementById('pause'); \
                 return [s.closest('.solver') !== null, s.previousElementSibling !== h, \
                         s.getBoundingClientRect().left >= p.getBoundingClientRect().right];",
            )
            .await?;
            check!(
                apart == json!([true, true, true]),
                "{name}: Auto-solve is away from Hint: {apart}"
            );
            // The judge viewer is a page of its own.
            let judge = js(
                &client,
                "return [document.getElementById('nav-judge').getAttribute('href'), \
                         document.getElementById('judge-view').hidden];",
            )
            .await?;
            check!(
                judge == json!(["/judge", true]),
                "{name}: the viewer's page: {judge}"
            );
            // Play dismisses the how-to, and the board plays at once.
            click(&client, "howto-close").await?;
            check!(!shown(&client, "howto").await?, "{name}: dismissed");
            let hint = api(
                env,
                "hint",
                &json!({"board": board(&client).await?, "rules": rules(&client).await?}),
            )
            .await?;
            play_pair(&client, &hint["hint"]).await?;
            check!(
                tiles_left(&client).await? == 142,
                "{name}: a pair went at the first clicks"
            );
            // "How to play" shows it again; a reload does not.
            click(&client, "howto-open").await?;
            check!(shown(&client, "howto").await?, "{name}: shown again");
            click(&client, "howto-close").await?;
            client.refresh().await.map_err(cmd("reload"))?;
            idle(&client).await?;
            check!(
                !shown(&client, "howto").await? && tiles_left(&client).await? == 142,
                "{name}: a second visit resumes the game, without the how-to"
            );
            Ok(())
        })
        .await?;
    }
    Ok(())
}

/// On a 390 × 844 phone, each of KShisen's six presets, dealt from the
/// form: turned to portrait, the settings folded after Deal, the whole
/// board above the fold with nothing to scroll; then a level run on the
/// largest, whose tiles shrink when the settings open and grow back when
/// they fold.
pub(super) async fn every_preset_fits_the_phone(env: &Env) -> Outcome {
    with_session(env, Screen::Phone, |client| async move {
        super::goto(&client, &format!("http://{}/", env.site)).await?;
        // Unrated deals: this is about room, not difficulty.
        choose(&client, "difficulty", "").await?;
        for (preset, long, short) in [
            ("14x6", 14, 6),
            ("16x9", 16, 9),
            ("18x8", 18, 8),
            ("24x12", 24, 12),
            ("26x14", 26, 14),
            ("30x16", 30, 16),
        ] {
            choose(&client, "preset-size", preset).await?;
            click(&client, "deal").await?;
            let spec = js(&client, "return window.lianliankan.spec;").await?;
            check!(
                spec["rows"] == long && spec["cols"] == short,
                "{preset}: turned to portrait ({long} rows × {short} columns): {spec}"
            );
            check!(
                js(&client, "return document.getElementById('settings').open;").await?
                    == json!(false),
                "{preset}: the settings fold after Deal"
            );
            let at = js(&client, BOARD_BOX).await?;
            let n = |i: usize| at[i].as_f64().unwrap_or(f64::NAN);
            check!(
                n(0) >= 0.0 && n(1) <= n(2) && n(3) == 0.0 && at[5] == json!(true),
                "{preset}: the whole board above the fold: {at}"
            );
            check!(
                text(&client, "message")
                    .await?
                    .starts_with(&format!("Dealt {long} × {short} (rows × columns)")),
                "{preset}: the message names rows × columns: {}",
                text(&client, "message").await?
            );
            if preset == "18x8" {
                screenshot(env, &client, "phone-18x8").await?;
            }
        }
        // A level run on the largest board.
        choose(&client, "mode", "levels").await?;
        click(&client, "deal").await?;
        settled(&client).await?;
        let folded = js(&client, BOARD_BOX).await?;
        let n = |i: usize| folded[i].as_f64().unwrap_or(f64::NAN);
        check!(
            n(0) >= 0.0 && n(1) <= n(2),
            "a 30 × 16 level above the fold: {folded}"
        );
        js(
            &client,
            "document.getElementById('settings').open = true; return null;",
        )
        .await?;
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        settled(&client).await?;
        let open = js(&client, BOARD_BOX).await?;
        check!(
            open[4].as_f64() < folded[4].as_f64(),
            "the tiles shrink when the settings open: {open} (folded {folded})"
        );
        js(
            &client,
            "document.getElementById('settings').open = false; return null;",
        )
        .await?;
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        settled(&client).await?;
        let again = js(&client, BOARD_BOX).await?;
        check!(
            again[4] == folded[4],
            "and grow back when they fold: {again} (before {folded})"
        );
        screenshot(env, &client, "phone-level-30x16").await
    })
    .await
}
