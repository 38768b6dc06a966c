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
    Env, Outcome, Screen, api, board, click, cmd, idle, js, next_frames, play_pair, rules,
    screenshot, set_settings_open, shown, text, tiles_left, with_session,
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
            // The how-to comes first; the deal waits for it (issue 55: no
            // ranked clock runs while it is read).
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            while !shown(&client, "howto").await? {
                check!(
                    std::time::Instant::now() < deadline,
                    "{name}: a first visit shows how to play"
                );
                next_frames(&client).await?;
            }
            screenshot(env, &client, &format!("{name}-first-visit")).await?;
            check!(
                js(&client, "return window.lianliankan.spec;").await?.is_null(),
                "{name}: nothing dealt under the how-to"
            );
            // Play dismisses the how-to, and the board is dealt.
            click(&client, "howto-close").await?;
            check!(!shown(&client, "howto").await?, "{name}: dismissed");
            let spec = js(&client, "return window.lianliankan.spec;").await?;
            // The phone turns the board, and gravity with it.
            let (rows, cols, gravity) = if name == "phone" {
                (18, 8, "left")
            } else {
                (8, 18, "down")
            };
            check!(
                spec["rows"] == rows
                    && spec["cols"] == cols
                    && spec["kinds"] == 36
                    && spec["solvable"] == true
                    && spec["difficulty"] == "normal"
                    && spec["rules"]["gravity"] == gravity
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
            if name == "phone" {
                // Tiles of at least 32 px at 18 × 8 on 390 × 844, the
                // status on one line (issue 55).
                let phone = js(
                    &client,
                    "const spans = [...document.querySelectorAll('#status > span')].map(e => e.getBoundingClientRect().height); \
                     const lines = document.getElementById('status').getBoundingClientRect().height / Math.max(...spans); \
                     return [window.lianliankan.size, Math.round(lines * 10) / 10];",
                )
                .await?;
                check!(
                    phone[0].as_u64() >= Some(32) && phone[1].as_f64() < Some(1.5),
                    "{name}: tiles of 32 px or more, one status line: {phone}"
                );
                screenshot(env, &client, "phone-first-deal").await?;
            }
            // The board plays at once.
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
            // The seed's placeholder is not cut off, with room for the spin
            // buttons Chromium shows in a number field on hover and focus
            // (about 15 px; 20 allowed). At the old 5em it was cut off.
            super::unfold(&client, "seed").await?;
            let seed = js(
                &client,
                "const e = document.getElementById('seed'), s = getComputedStyle(e); \
                 const c = document.createElement('canvas').getContext('2d'); c.font = s.font; \
                 return [e.placeholder, c.measureText(e.placeholder).width, \
                         e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)];",
            )
            .await?;
            check!(
                seed[1].as_f64().map(|w| w + 20.0) <= seed[2].as_f64(),
                "{name}: the seed's placeholder fits its field: {seed}"
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
            // The numbers of docs/play.md's table.
            println!(
                "    phone {long} × {short}: tile {} px, board {:.0}–{:.0} of {}",
                n(4),
                n(0),
                n(1),
                n(2)
            );
            if preset == "18x8" {
                check!(n(4) >= 32.0, "18 × 8: tiles of 32 px or more: {at}");
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
        set_settings_open(&client, true).await?;
        settled(&client).await?;
        let open = js(&client, BOARD_BOX).await?;
        check!(
            open[4].as_f64() < folded[4].as_f64(),
            "the tiles shrink when the settings open: {open} (folded {folded})"
        );
        set_settings_open(&client, false).await?;
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

/// The suit of a design's name.
const SUIT_OF: &str = "const suit = (n) => /of dots$/.test(n) ? 'dots' : /of bamboo$/.test(n) ? 'bamboo' \
     : /of characters$/.test(n) ? 'characters' : /wind$/.test(n) ? 'winds' : /dragon$/.test(n) ? 'dragons' \
     : ['spring', 'summer', 'autumn', 'winter'].includes(n) ? 'seasons' : 'flowers';";

/// A board of few kinds draws them across the seven suits (issue 49): KShisen's
/// 6 × 14 (21 kinds) shows three designs of each suit, in at least five
/// colours, every kind its own design; a deal of 28 kinds or more draws
/// kind k as design k, so KShisen's groups 28-31 and 39-42 stay its
/// seasons and flowers.
pub(super) async fn small_boards_draw_every_suit(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        super::goto(
            &client,
            &super::deal_url(
                env,
                "rows=6&cols=14&kinds=21&turns=2&border=open&gravity=none&groups=&deal=solvable&seed=8",
            ),
        )
        .await?;
        let drawn = js(
            &client,
            &format!(
                "{SUIT_OF} const names = [...new Set([...document.querySelectorAll('button.tile')] \
                   .map(t => t.dataset.kind + '=' + t.dataset.design))]; \
                 const designs = new Set(names.map(n => n.split('=')[1])); \
                 const suits = {{}}; for (const d of designs) suits[suit(d)] = (suits[suit(d)] || 0) + 1; \
                 const colours = new Set([...document.querySelectorAll('button.tile svg.art [fill], button.tile svg.art [stroke]')] \
                   .flatMap(e => [e.getAttribute('fill'), e.getAttribute('stroke')]) \
                   .filter(c => c && c !== 'none' && c.toUpperCase() !== lianliankanPage.TILE_PALETTE.face)); \
                 return [names.length, designs.size, suits, colours.size];"
            ),
        )
        .await?;
        check!(
            drawn[0] == 21 && drawn[1] == 21,
            "21 kinds, 21 designs: {drawn}"
        );
        check!(
            drawn[2]
                == json!({"dots": 3, "bamboo": 3, "characters": 3, "winds": 3, "dragons": 3,
                          "flowers": 3, "seasons": 3}),
            "three of each suit: {drawn}"
        );
        check!(
            drawn[3].as_u64().unwrap_or(0) >= 5,
            "at least five colours: {drawn}"
        );
        super::page_matches_board(&client).await?;
        // From 28 kinds on, kind k is design k: the seasons and flowers of
        // KShisen's groups.
        let kept = js(
            &client,
            &format!(
                "{SUIT_OF} return [[28, 31, 39, 42].map(k => suit(lianliankanPage.tileDesign(k, 42).name)), \
                   [28, 31].map(k => suit(lianliankanPage.tileDesign(k, 28).name)), lianliankanPage.tileDesign(5, 36).name];"
            ),
        )
        .await?;
        check!(
            kept == json!([["seasons", "seasons", "flowers", "flowers"], ["seasons", "seasons"], "5 of dots"]),
            "kind k is design k from 28 kinds: {kept}"
        );
        screenshot(env, &client, "desktop-6x14-suits").await
    })
    .await
}
