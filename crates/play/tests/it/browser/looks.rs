//! The page's looks, chosen in the View menu and kept: the theme (light,
//! dark, or the system's: `prefers-color-scheme`, emulated through
//! DevTools), its text contrast measured, the high-contrast tile set, the
//! tiles' size on a phone (the board scrolls, the toolbar still fits,
//! pinch zoom left on), and the pictures of the documentation.

use super::access::cdp;
#[allow(clippy::wildcard_imports)]
use super::*;

/// The pairs of colours whose contrast is measured (text on its
/// background, as the page uses them): the style sheet's names.
const PAIRS: [(&str, &str, &str); 11] = [
    ("text", "--ink", "--bg"),
    ("muted text", "--muted", "--bg"),
    ("muted on a card", "--muted", "--panel"),
    ("text on a card", "--ink", "--panel"),
    ("a field", "--ink", "--field"),
    ("a bad message", "--accent", "--bg"),
    ("a good message", "--good", "--bg"),
    ("a button", "--button-ink", "--button"),
    ("a secondary button", "--secondary-ink", "--secondary"),
    ("the header", "#fff", "--header"),
    ("the dead-board banner", "--ink", "--bad-bg"),
];

/// WCAG's relative luminance of an `rgb(r, g, b)` colour.
fn luminance(css: &str) -> Option<f64> {
    let inner = css.strip_prefix("rgb(")?.strip_suffix(')')?;
    let mut channels = inner.split(',').map(|v| v.trim().parse::<f64>().ok());
    let mut linear = || {
        let v = channels.next()?? / 255.0;
        Some(if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        })
    };
    let (r, g, b) = (linear()?, linear()?, linear()?);
    Some(0.2126 * r + 0.7152 * g + 0.0722 * b)
}

/// WCAG's contrast ratio of two colours: 1 to 21.
fn contrast(a: &str, b: &str) -> Option<f64> {
    let (la, lb) = (luminance(a)?, luminance(b)?);
    Some((la.max(lb) + 0.05) / (la.min(lb) + 0.05))
}

/// The contrast of each of [`PAIRS`] as the page resolves its colours now;
/// fails below 4.5 (WCAG AA for text). The ratios, for the log.
async fn measured_contrast(client: &Client, theme: &str) -> Result<String, String> {
    let pairs: Vec<Value> = PAIRS.iter().map(|(_, fg, bg)| json!([fg, bg])).collect();
    let colours = client
        .execute(
            "const probe = (v) => { const p = document.createElement('span'); \
               p.style.color = v.startsWith('--') ? 'var(' + v + ')' : v; document.body.append(p); \
               const c = getComputedStyle(p).color; p.remove(); return c; }; \
             return arguments[0].map(([fg, bg]) => [probe(fg), probe(bg)]);",
            vec![json!(pairs)],
        )
        .await
        .map_err(cmd("colours"))?;
    let mut log = Vec::new();
    for ((what, fg, bg), pair) in PAIRS.iter().zip(colours.as_array().into_iter().flatten()) {
        let (a, b) = (
            pair[0].as_str().unwrap_or(""),
            pair[1].as_str().unwrap_or(""),
        );
        let ratio =
            contrast(a, b).ok_or_else(|| format!("{theme}: {what}: not colours: {pair}"))?;
        check!(
            ratio >= 4.5,
            "{theme}: {what} ({fg} {a} on {bg} {b}) has a contrast of {ratio:.2}, under 4.5"
        );
        log.push(format!("{what} {ratio:.1}"));
    }
    Ok(log.join(", "))
}

/// The page's background, the root's `data-theme`, and whether the
/// system's scheme is dark, as the page sees them.
async fn theme_state(client: &Client) -> Result<Value, String> {
    js(
        client,
        "return [getComputedStyle(document.body).backgroundColor, document.documentElement.dataset.theme || null, \
                 matchMedia('(prefers-color-scheme: dark)').matches, document.getElementById('theme').value];",
    )
    .await
}

/// Chooses `value` in the select `id` of the View menu, as a player does.
async fn choose(client: &Client, id: &str, value: &str) -> Outcome {
    unfold(client, id).await?;
    let select = client.find(Locator::Id(id)).await.map_err(cmd(id))?;
    select.select_by_value(value).await.map_err(cmd(id))?;
    idle(client).await
}

/// Waits until no transition runs (tiles moved to a new size slide there).
async fn settled(client: &Client) -> Outcome {
    let deadline = Instant::now() + Duration::from_secs(10);
    while js(
        client,
        "return document.getAnimations().some(a => a.playState === 'running');",
    )
    .await?
        == json!(true)
    {
        check!(Instant::now() < deadline, "still moving after 10 s");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    Ok(())
}

const LIGHT_BG: &str = "rgb(244, 241, 234)";
const DARK_BG: &str = "rgb(29, 33, 39)";

/// The theme: light by default on a light system; dark when chosen, kept
/// across a reload, covering the cards, fields and tables; the system's
/// dark scheme (emulated) gives dark when the choice is "as the system",
/// and a choice of light wins over it. Text contrast is at least 4.5 in
/// both themes.
pub(super) async fn the_theme_follows_the_system_or_the_choice(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(env, "rows=4&cols=6&kinds=6&turns=2&border=closed&gravity=down&groups=&deal=solvable&seed=4");
        goto(&client, &url).await?;
        let state = theme_state(&client).await?;
        check!(state == json!([LIGHT_BG, null, false, "system"]), "light by default: {state}");
        let light = measured_contrast(&client, "light").await?;

        choose(&client, "theme", "dark").await?;
        let state = theme_state(&client).await?;
        check!(state == json!([DARK_BG, "dark", false, "dark"]), "dark when chosen: {state}");
        goto(&client, &url).await?;
        let state = theme_state(&client).await?;
        check!(state == json!([DARK_BG, "dark", false, "dark"]), "dark after a reload: {state}");
        let dark = measured_contrast(&client, "dark").await?;
        println!("    contrast, light: {light}\n    contrast, dark: {dark}");
        // Every surface is dark: cards (the finish screen, how-to),
        // fields, the judge's output, the board, a high-score table.
        let surfaces = js(
            &client,
            "return ['#won .card', '#howto .card', '#difficulty', '#seed', '#board', '#best', '#settings', '#judge-output'] \
               .map(s => [s, getComputedStyle(document.querySelector(s)).backgroundColor]);",
        )
        .await?;
        for pair in surfaces.as_array().into_iter().flatten() {
            let colour = pair[1].as_str().unwrap_or("");
            // A transparent surface shows the page's dark background.
            let dark_enough = colour == "rgba(0, 0, 0, 0)" || luminance(colour).is_some_and(|l| l < 0.05);
            check!(dark_enough, "{} is not dark: {colour}", pair[0]);
        }

        // The system's scheme: dark, emulated; "as the system" follows it,
        // "light" does not.
        choose(&client, "theme", "system").await?;
        let state = theme_state(&client).await?;
        check!(state == json!([LIGHT_BG, null, false, "system"]), "back to the (light) system: {state}");
        cdp(
            env,
            &client,
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-color-scheme", "value": "dark"}]}),
        )
        .await?;
        let state = theme_state(&client).await?;
        check!(state == json!([DARK_BG, null, true, "system"]), "a dark system gives dark: {state}");
        goto(&client, &url).await?;
        let state = theme_state(&client).await?;
        check!(state == json!([DARK_BG, null, true, "system"]), "dark by default on a dark system: {state}");
        choose(&client, "theme", "light").await?;
        let state = theme_state(&client).await?;
        check!(state == json!([LIGHT_BG, "light", true, "light"]), "light chosen on a dark system: {state}");
        Ok(())
    })
    .await
}

/// The high-contrast tiles: chosen like the others, drawn with no colour
/// (black and white only) in a thick black frame; a picked tile turns
/// inside out; the names a screen reader hears stay the designs'. The
/// documentation's pictures of them and of the dark theme ([`doc_picture`]).
pub(super) async fn high_contrast_tiles(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        goto(&client, &deal_url(env, DOCS_DEAL)).await?;
        // A few pairs gone (the hint's), as in a game in progress.
        for _ in 0..3 {
            let hint = api(env, "hint", &json!({"board": board(&client).await?, "rules": rules(&client).await?})).await?;
            play_pair(&client, &hint["hint"]).await?;
        }
        let before = js(&client, "return document.getElementById('cell-0-0').getAttribute('aria-label');").await?;
        choose(&client, "tile-style", "contrast").await?;
        page_matches_board(&client).await?;
        let look = js(
            &client,
            "const els = [...document.querySelectorAll('#board button.tile')]; \
             const paints = new Set(); \
             for (const el of els) for (const e of el.querySelectorAll('svg *')) \
               for (const a of ['fill', 'stroke']) if (e.getAttribute(a)) paints.add(e.getAttribute(a)); \
             const s = getComputedStyle(els[0]); \
             return [els.every(e => e.dataset.style === 'contrast'), [...paints].sort(), s.borderTopWidth, s.borderTopColor, \
                     document.getElementById('cell-0-0').getAttribute('aria-label'), \
                     new Set(els.map(e => e.querySelector('svg').outerHTML)).size, new Set(els.map(e => e.dataset.kind)).size];",
        )
        .await?;
        check!(look[0] == json!(true), "every tile in the contrast style: {look}");
        check!(look[1] == json!(["#000000", "#FFFFFF", "none"]), "black and white only: {look}");
        check!(look[2] == json!("3px") && look[3] == json!("rgb(0, 0, 0)"), "a thick black frame: {look}");
        check!(look[4] == before, "the same spoken names: {look} / {before}");
        check!(look[5] == look[6] && look[6].as_u64().is_some_and(|n| n >= 40), "a look a kind: {look}");
        let hint = api(env, "hint", &json!({"board": board(&client).await?, "rules": rules(&client).await?})).await?;
        click_tile(&client, &hint["hint"]["a"]).await?;
        idle(&client).await?;
        let filter = js(&client, "return getComputedStyle(document.querySelector('.tile.selected')).filter;").await?;
        check!(filter == json!("invert(1)"), "a picked tile turns inside out: {filter}");
        let kept = js(&client, "return localStorage.getItem('lianliankan-tile-style');").await?;
        check!(kept == json!("contrast"), "the style is remembered: {kept}");
        doc_picture(env, &client, "docs-contrast", "play-contrast.png").await?;
        // The same game in the dark theme, in pictures.
        choose(&client, "tile-style", "pictures").await?;
        choose(&client, "theme", "dark").await?;
        js(&client, "document.getElementById('view-options').open = false; return null;").await?;
        doc_picture(env, &client, "docs-dark", "play-dark.png").await
    })
    .await
}

/// The deal of the documentation's desktop pictures: KShisen's 9 × 16,
/// its seasons and flowers grouped.
const DOCS_DEAL: &str = "rows=9&cols=16&kinds=42&turns=2&border=open&gravity=down&groups=28-31,39-42&deal=solvable&seed=2026";

/// A picture of the page as it is, the whole board in view: kept under
/// `target/tmp/play-screenshots/NAME.png`, and written over `docs/DOC` when
/// [`TO_DOCS`] is `1`.
async fn doc_picture(env: &Env, client: &Client, name: &str, doc: &str) -> Outcome {
    let b = page::board_box(client).await?;
    check!(
        b[0] >= 0.0 && b[1] <= b[4] && b[3] <= b[5],
        "{name}: the board in view: {b:?}"
    );
    screenshot(env, client, name).await?;
    if std::env::var(TO_DOCS).is_ok_and(|v| v == "1") {
        let from = env.shots.join(format!("{name}.png"));
        let to = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../docs")
            .join(doc);
        std::fs::copy(&from, &to)
            .map_err(|e| format!("{} -> {}: {e}", from.display(), to.display()))?;
        println!("    wrote {}", to.display());
    }
    Ok(())
}

/// On a phone: pinch zoom is left on (the viewport's meta), and the tiles'
/// size enlarges the board, which then scrolls in its frame (the page
/// does not scroll sideways, the toolbar still fits); the cursor's cell is
/// scrolled into view; the size is kept across a reload. The picture of
/// the dark theme on a phone ([`doc_picture`]).
pub(super) async fn larger_tiles_on_a_phone(env: &Env) -> Outcome {
    with_session(env, Screen::Phone, |client| async move {
        // KShisen's 8 × 18 turned to portrait, as a phone deals it.
        let url = deal_url(env, "rows=18&cols=8&kinds=36&turns=2&border=open&gravity=left&groups=&deal=solvable&seed=37");
        goto(&client, &url).await?;
        choose(&client, "theme", "dark").await?;
        js(&client, "document.getElementById('view-options').open = false; return null;").await?;
        for step in 0..3 {
            let hint = api(env, "hint", &json!({"board": board(&client).await?, "rules": rules(&client).await?})).await?;
            if step == 2 {
                click_tile(&client, &hint["hint"]["a"]).await?;
                idle(&client).await?;
            } else {
                play_pair(&client, &hint["hint"]).await?;
            }
        }
        doc_picture(env, &client, "docs-dark-phone", "play-dark-phone.png").await?;
        let meta = js(&client, "return document.querySelector('meta[name=viewport]').content;").await?;
        let meta = meta.as_str().unwrap_or("");
        check!(
            !meta.contains("user-scalable") && !meta.contains("maximum-scale"),
            "pinch zoom is not turned off: {meta}"
        );
        let touch = js(&client, "return getComputedStyle(document.getElementById('board')).touchAction;").await?;
        check!(touch == json!("manipulation"), "the board lets a pinch zoom: {touch}");
        let fit = |client: Client| async move {
            settled(&client).await?;
            js(
                &client,
                "const w = document.getElementById('board-wrap'), t = document.getElementById('toolbar'); \
                 return [window.lianliankan.size, w.scrollWidth > w.clientWidth, \
                         document.documentElement.scrollWidth <= window.innerWidth, \
                         t.getBoundingClientRect().right <= window.innerWidth && t.scrollWidth <= t.clientWidth];",
            )
            .await
        };
        let small = fit(client.clone()).await?;
        check!(small[1] == json!(false) && small[2] == json!(true) && small[3] == json!(true), "fitted: {small}");
        let size = small[0].as_f64().unwrap_or(0.0);

        choose(&client, "tile-zoom", "2").await?;
        let large = fit(client.clone()).await?;
        check!(large[0].as_f64() == Some((size * 2.0).round()), "tiles twice as large: {small} -> {large}");
        check!(large[1] == json!(true), "the board scrolls in its frame: {large}");
        check!(large[2] == json!(true), "the page does not scroll sideways: {large}");
        check!(large[3] == json!(true), "the toolbar still fits: {large}");
        // The cursor taken to the last column: its cell comes into view.
        let board_el = client.find(Locator::Id("board")).await.map_err(cmd("board"))?;
        js(&client, "document.getElementById('board').focus(); return null;").await?;
        board_el.send_keys(&char::from(Key::Right).to_string().repeat(7)).await.map_err(cmd("→"))?;
        idle(&client).await?;
        let seen = js(
            &client,
            "const w = document.getElementById('board-wrap').getBoundingClientRect(); \
             const c = document.getElementById('cell-0-7').getBoundingClientRect(); \
             return [document.getElementById('board-wrap').scrollLeft, c.right <= w.right + 1 && c.left >= w.left - 1];",
        )
        .await?;
        check!(seen[0].as_f64().is_some_and(|x| x > 0.0) && seen[1] == json!(true), "the cursor's cell scrolled into view: {seen}");
        screenshot(env, &client, "phone-large-tiles").await?;

        goto(&client, &url).await?;
        let kept = fit(client.clone()).await?;
        check!(kept[0] == large[0], "the size kept across a reload: {kept}");
        choose(&client, "tile-zoom", "1").await?;
        let back = fit(client.clone()).await?;
        check!(back == small, "back to fitted: {back}, was {small}");
        Ok(())
    })
    .await
}
