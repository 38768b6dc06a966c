//! The page around the game: words for players and bad links, keys from
//! load with reduced motion and a dark scheme, every KShisen size on the
//! desktop, the tile set, the toolbar and the remembered form, the phone
//! after a reload, and the keyboard cursor.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The page speaks to players: tile types, pairs available, gravity modes
/// with arrows; a damaged link or one the server refuses gets a sentence
/// and a playable deal, not a parser's message.
pub(super) async fn words_for_players_and_bad_links(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        goto(&client, &format!("http://{}/", env.site)).await?;
        idle(&client).await?;
        let words = js(
            &client,
            "return [document.querySelector('label:has(#kinds)').textContent.trim(), \
                     document.getElementById('status').textContent.replace(/\\s+/g, ' ').trim(), \
                     document.querySelector('#gravity option[value=down]').textContent, \
                     document.querySelector('#gravity option[value=outward]').textContent];",
        )
        .await?;
        check!(words[0] == "Tile types", "{words}");
        check!(words[1].as_str().is_some_and(|s| s.contains("Pairs available")), "{words}");
        check!(words[2] == "↓ down", "{words}");
        check!(words[3].as_str().is_some_and(|s| s.starts_with("↖↘ outward")), "{words}");

        goto(&client, &deal_url(env, "rows=abc&cols=6&kinds=6&seed=1")).await?;
        idle(&client).await?;
        let message = text(&client, "message").await?;
        check!(
            message == "This link is damaged: rows should be a whole number, and it says “abc”. Here is a new deal instead.",
            "{message}"
        );
        check!(tiles_left(&client).await? > 0, "a deal to play all the same");

        goto(&client, &deal_url(env, "rows=4&cols=6&kinds=6&gravity=sideways&seed=1")).await?;
        idle(&client).await?;
        let message = text(&client, "message").await?;
        check!(
            message.starts_with("This link asks for a deal that cannot be made: ")
                && message.contains("sideways")
                && message.ends_with("Here is a new deal instead."),
            "{message}"
        );
        check!(!message.contains("line 1 column"), "no parser's text: {message}");
        check!(tiles_left(&client).await? > 0, "a deal to play all the same");
        Ok(())
    })
    .await
}

/// Keys work from page load, with no click or tab first; a system's
/// reduced motion and dark scheme are honoured; the win, stuck and lost
/// banners are announced.
pub(super) async fn keys_from_load_reduced_motion_and_dark(env: &Env) -> Outcome {
    with_session(env, Screen::DesktopDarkStill, |client| async move {
        let url = deal_url(
            env,
            "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=&deal=solvable&seed=12",
        );
        goto(&client, &url).await?;
        idle(&client).await?;
        let body = client.find(Locator::Css("body")).await.map_err(cmd("body"))?;
        body.send_keys("h").await.map_err(cmd("the H key"))?;
        idle(&client).await?;
        let message = text(&client, "message").await?;
        check!(message.starts_with("Hint:"), "H from page load gives a hint: {message}");
        let cursor = js(&client, "return getComputedStyle(document.getElementById('cursor')).display;").await?;
        check!(cursor != json!("none"), "the keyboard cursor shows: {cursor}");

        let prefs = js(
            &client,
            "const t = document.querySelector('.tile'); \
             return [matchMedia('(prefers-reduced-motion: reduce)').matches, \
                     matchMedia('(prefers-color-scheme: dark)').matches, \
                     getComputedStyle(t).transitionDuration, \
                     getComputedStyle(document.body).backgroundColor];",
        )
        .await?;
        check!(prefs[0] == json!(true) && prefs[1] == json!(true), "the flags took: {prefs}");
        check!(prefs[2] == json!("0s"), "no sliding tiles: {prefs}");
        check!(prefs[3] == json!("rgb(29, 33, 39)"), "the dark background: {prefs}");
        let solved = api(
            env,
            "solve",
            &json!({"board": board(&client).await?, "rules": rules(&client).await?}),
        )
        .await?;
        for pair in solved["order"].as_array().cloned().unwrap_or_default() {
            play_pair(&client, &pair).await?;
        }
        check!(shown(&client, "won").await?, "cleared");
        let roles = js(
            &client,
            "return ['won', 'dead', 'lost'].map(id => document.getElementById(id).getAttribute('aria-live'));",
        )
        .await?;
        // The finish overlay speaks; the stuck and lost banners are said
        // through the page's one voice (announce.js, the message line).
        check!(roles == json!(["polite", null, null]), "the overlay is announced, the banners are no second voice: {roles}");
        screenshot(env, &client, "desktop-dark-cleared").await
    })
    .await
}

/// KShisen's six sizes (columns × rows) at 1280 × 900: the whole page fits
/// the window, with tiles big enough to read (the settings fold away where
/// they would leave the tiles too small).
pub(super) async fn every_kshisen_size_fits_the_desktop(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        for (cols, rows) in [(14, 6), (16, 9), (18, 8), (24, 12), (26, 14), (30, 16)] {
            let kinds = (rows * cols / 4).min(42);
            let url = deal_url(
                env,
                &format!("rows={rows}&cols={cols}&kinds={kinds}&turns=2&border=open&gravity=down&groups=&deal=solvable&seed=1"),
            );
            goto(&client, &url).await?;
            idle(&client).await?;
            check!(tiles_left(&client).await? == rows * cols, "{cols}×{rows} dealt");
            let fit = js(
                &client,
                "return [document.documentElement.scrollHeight, window.innerHeight, \
                         document.documentElement.scrollWidth, window.innerWidth, \
                         document.querySelector('.tile').getBoundingClientRect().width, \
                         document.getElementById('board-wrap').getBoundingClientRect().top];",
            )
            .await?;
            let n = |i: usize| fit[i].as_f64().unwrap_or(f64::NAN);
            check!(n(0) <= n(1), "{cols}×{rows}: the page scrolls down: {fit}");
            check!(n(2) <= n(3), "{cols}×{rows}: the page scrolls sideways: {fit}");
            check!(n(4) >= 24.0, "{cols}×{rows}: tiles of {} px: {fit}", n(4));
            if (cols, rows) == (30, 16) {
                screenshot(env, &client, "desktop-30x16").await?;
            }
        }
        Ok(())
    })
    .await
}

/// The tile set: 42 designs, pairwise different in their SVG and, drawn
/// at 24 px in grey (no colour), in their pixels; only the palette's
/// colours; kinds above 42 still look different. On a KShisen deal with
/// its seasons and flowers grouped, every member carries its group's mark
/// and no other tile does; the legend lists the groups. The numbers style
/// shows each kind's number, and a reload keeps it.
pub(super) async fn the_tile_set_groups_legend_and_numbers(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(
            env,
            "rows=12&cols=14&kinds=42&turns=2&border=open&gravity=none&groups=28-31,39-42&deal=solvable&seed=8",
        );
        goto(&client, &url).await?;
        page_matches_board(&client).await?;
        let set = js(
            &client,
            "const names = new Set(lianliankanPage.TILE_DESIGNS.map(([n]) => n)); \
             const bodies = new Set(lianliankanPage.TILE_DESIGNS.map(([, b]) => b)); \
             const colours = new Set(lianliankanPage.TILE_DESIGNS.flatMap(([, b]) => [...b.matchAll(/(?:fill|stroke)=\"([^\"]*)\"/g)].map(m => m[1]))); \
             const palette = new Set(Object.values(lianliankanPage.TILE_PALETTE)); \
             const foreign = [...colours].filter(c => c !== 'none' && !palette.has(c)); \
             const a = document.createElement('button'), b = document.createElement('button'); \
             lianliankanPage.drawTile(a, 1, 'pictures', -1); lianliankanPage.drawTile(b, 43, 'pictures', -1); \
             return [lianliankanPage.TILE_DESIGNS.length, names.size, bodies.size, foreign, a.innerHTML !== b.innerHTML && b.textContent === '43'];",
        )
        .await?;
        check!(set == json!([42, 42, 42, [], true]), "42 distinct designs in the palette's colours, 43 unlike 1: {set}");

        // Each design drawn at 24 px on the tile's face, in grey: any two
        // differ in enough pixels to be told apart without colour.
        let drawn = client
            .execute_async(
                "const done = arguments[arguments.length - 1]; \
                 const px = 24, canvas = document.createElement('canvas'); canvas.width = canvas.height = px; \
                 const ctx = canvas.getContext('2d', { willReadFrequently: true }); \
                 const grey = async ([, body]) => { \
                   const svg = '<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"' + px + '\" height=\"' + px + '\">' + body + '</svg>'; \
                   const img = new Image(); \
                   img.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })); \
                   await img.decode(); \
                   ctx.fillStyle = lianliankanPage.TILE_PALETTE.face; ctx.fillRect(0, 0, px, px); ctx.drawImage(img, 0, 0); \
                   const d = ctx.getImageData(0, 0, px, px).data, out = []; \
                   for (let i = 0; i < d.length; i += 4) out.push((0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2]) / 255); \
                   return out; }; \
                 (async () => { \
                   const greys = []; for (const design of lianliankanPage.TILE_DESIGNS) greys.push(await grey(design)); \
                   let least = [Infinity]; \
                   for (let i = 0; i < greys.length; i++) for (let j = i + 1; j < greys.length; j++) { \
                     let n = 0; for (let p = 0; p < greys[i].length; p++) if (Math.abs(greys[i][p] - greys[j][p]) > 0.2) n++; \
                     if (n < least[0]) least = [n, lianliankanPage.TILE_DESIGNS[i][0], lianliankanPage.TILE_DESIGNS[j][0]]; } \
                   const blank = Math.min(...greys.map(g => g.filter(v => v < 0.8).length)); \
                   done([least, blank]); })().catch(e => done(String(e)));",
                vec![],
            )
            .await
            .map_err(cmd("drawing the designs"))?;
        println!("    designs at 24 px in grey: the closest pair differs in {} pixels ({} and {}), the lightest design has {} ink pixels", drawn[0][0], drawn[0][1], drawn[0][2], drawn[1]);
        check!(drawn[0][0].as_u64().is_some_and(|n| n >= 40), "two designs too alike at 24 px in grey: {drawn}");
        check!(drawn[1].as_u64().is_some_and(|n| n >= 40), "a design too faint at 24 px: {drawn}");

        // On the board: one look a kind, the groups' marks on their members.
        let marks = js(
            &client,
            "const looks = new Map(); let clash = null; const marks = {}; \
             for (const el of document.querySelectorAll('#board button.tile')) { \
               const k = el.dataset.kind, look = el.innerHTML; \
               if (looks.has(k) && looks.get(k) !== look) clash = 'kind ' + k + ' drawn two ways'; \
               looks.set(k, look); \
               const m = el.querySelector('.group-mark'); \
               (marks[m ? m.textContent : '-'] ||= new Set()).add(Number(k)); } \
             const distinct = new Set(looks.values()).size === looks.size; \
             const sorted = (s) => [...(s || [])].sort((a, b) => a - b); \
             const label = document.querySelector('#board button.tile').getAttribute('aria-label'); \
             return [clash, distinct, looks.size, sorted(marks.A), sorted(marks.B), sorted(marks['-']).length, label];",
        )
        .await?;
        check!(marks[0].is_null() && marks[1] == json!(true) && marks[2] == json!(42), "one look a kind, 42 looks: {marks}");
        check!(marks[3] == json!([28, 29, 30, 31]), "group A's mark on the seasons, and only them: {marks}");
        check!(marks[4] == json!([39, 40, 41, 42]), "group B's mark on the flowers, and only them: {marks}");
        check!(marks[5] == json!(34), "no mark on the other 34 kinds: {marks}");
        check!(
            marks[6].as_str().is_some_and(is_a_tile_name),
            "a tile's name says its kind, design and cell: {marks}"
        );
        let summary = client.find(Locator::Css("#legend summary")).await.map_err(cmd("legend"))?;
        summary.click().await.map_err(cmd("open the legend"))?;
        let legend = js(
            &client,
            "return [document.getElementById('legend').open, \
                     [...document.querySelectorAll('#legend .legend-group')].map(g => \
                       [g.dataset.group, [...g.querySelectorAll('.tile')].map(t => Number(t.dataset.kind))])];",
        )
        .await?;
        check!(
            legend == json!([true, [["A", [28, 29, 30, 31]], ["B", [39, 40, 41, 42]]]]),
            "the legend lists the groups: {legend}"
        );
        screenshot(env, &client, "desktop-tile-groups").await?;

        // Numbers, remembered across a reload.
        // The tiles' look is in the settings.
        unfold(&client, "tile-style").await?;
        let style = client.find(Locator::Id("tile-style")).await.map_err(cmd("tile-style"))?;
        style.select_by_value("numbers").await.map_err(cmd("numbers"))?;
        idle(&client).await?;
        let numbers = "return [document.getElementById('tile-style').value, \
                       [...document.querySelectorAll('#board button.tile')].every(t => \
                         t.dataset.style === 'numbers' && t.querySelector('.num').textContent === t.dataset.kind && !t.querySelector('svg'))];";
        check!(js(&client, numbers).await? == json!(["numbers", true]), "numbers at once");
        page_matches_board(&client).await?;
        client.refresh().await.map_err(cmd("reload"))?;
        idle(&client).await?;
        check!(js(&client, numbers).await? == json!(["numbers", true]), "numbers after a reload");
        page_matches_board(&client).await?;
        // The tiles' look is in the settings.
        unfold(&client, "tile-style").await?;
        let style = client.find(Locator::Id("tile-style")).await.map_err(cmd("tile-style"))?;
        style.select_by_value("pictures").await.map_err(cmd("pictures"))?;
        idle(&client).await?;
        page_matches_board(&client).await
    })
    .await
}

/// Whether `label` reads "tile K (design), row R, column C".
pub(super) fn is_a_tile_name(label: &str) -> bool {
    let Some(rest) = label.strip_prefix("tile ") else {
        return false;
    };
    let Some((kind, rest)) = rest.split_once(" (") else {
        return false;
    };
    let Some((design, cell)) = rest.split_once("), row ") else {
        return false;
    };
    kind.parse::<u32>().is_ok() && !design.is_empty() && cell.contains(", column ")
}

/// The toolbar holds still while the game is played: a MutationObserver
/// sees no change to its buttons (disabled, text, classes) over three
/// removals, a refused pair and a hint, but Undo's one enabling, and no
/// button moves; a button pressed during a step is played after it. The
/// deal form's choices outlive a reload that resumes another game, and
/// Deal uses them.
pub(super) async fn no_toolbar_flicker_and_the_form_is_remembered(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(
            env,
            "rows=6&cols=8&kinds=12&turns=2&border=open&gravity=none&groups=&deal=solvable&seed=3",
        );
        goto(&client, &url).await?;
        let watch = "window.toolbarChanges = []; \
             window.toolbarBoxes = () => [...document.querySelectorAll('#toolbar > *')].map(el => { \
               const r = el.getBoundingClientRect(); return [el.id, r.left, r.top, r.width, r.height]; }); \
             window.toolbarAt = window.toolbarBoxes(); \
             new MutationObserver(records => { for (const m of records) { \
               const el = m.target.nodeType === 1 ? m.target : m.target.parentElement; \
               window.toolbarChanges.push([el.closest('#toolbar > *')?.id || el.id, m.type, m.attributeName, \
                 m.attributeName ? el.getAttribute(m.attributeName) : el.textContent]); } }) \
               .observe(document.getElementById('toolbar'), { subtree: true, attributes: true, childList: true, characterData: true }); \
             return null;";
        js(&client, watch).await?;
        let solved = api(
            env,
            "solve",
            &json!({"board": board(&client).await?, "rules": rules(&client).await?}),
        )
        .await?;
        let order = solved["order"].as_array().cloned().unwrap_or_default();
        check!(order.len() == 24, "{solved}");
        for pair in &order[..3] {
            play_pair(&client, pair).await?;
        }
        // A refused pair: two tiles of different kinds.
        let kinds = board(&client).await?;
        let tiles: Vec<(usize, usize, u64)> = kinds
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
            .flat_map(|(r, row)| {
                row.as_array()
                    .cloned()
                    .unwrap_or_default()
                    .into_iter()
                    .enumerate()
                    .map(move |(c, k)| (r, c, k.as_u64().unwrap_or(0)))
            })
            .filter(|&(_, _, k)| k != 0)
            .collect();
        let first = tiles[0];
        let other = *tiles.iter().find(|t| t.2 != first.2).ok_or("two kinds")?;
        click_tile(&client, &json!([first.0, first.1])).await?;
        click_tile(&client, &json!([other.0, other.1])).await?;
        idle(&client).await?;
        js(&client, "document.querySelector('.tile.selected')?.click(); return null;").await?;
        idle(&client).await?;
        // A pair and, during its step, Hint: the hint comes after it.
        let cells: Vec<Value> = [&order[3]].iter().flat_map(|p| [p["a"].clone(), p["b"].clone()]).collect();
        let during = js(
            &client,
            &format!(
                "for (const [r, c] of {}) document.querySelector(`button.tile[data-cell=\"${{r}},${{c}}\"]`).click(); \
                 const busy = window.lianliankan.busy; document.getElementById('hint').click(); \
                 return [busy, document.getElementById('hint').disabled];",
                json!(cells)
            ),
        )
        .await?;
        check!(during == json!([true, false]), "Hint stays enabled during a step: {during}");
        idle(&client).await?;
        check!(tiles_left(&client).await? == 40, "four pairs went");
        let message = text(&client, "message").await?;
        check!(message.starts_with("Hint:"), "the Hint pressed during the step was played: {message}");
        let seen = js(
            &client,
            "const moved = JSON.stringify(window.toolbarBoxes()) !== JSON.stringify(window.toolbarAt); \
             return [window.toolbarChanges, moved];",
        )
        .await?;
        check!(
            seen == json!([[["undo", "attributes", "disabled", null]], false]),
            "the toolbar changed beyond Undo's enabling, or moved: {seen}"
        );

        // The form: choices made, not dealt; the reload resumes the game
        // and keeps the choices; Deal uses them.
        unfold(&client, "rows").await?;
        let rows = client.find(Locator::Id("rows")).await.map_err(cmd("rows"))?;
        rows.clear().await.map_err(cmd("clear rows"))?;
        rows.send_keys("5").await.map_err(cmd("type rows"))?;
        let gravity = client.find(Locator::Id("gravity")).await.map_err(cmd("gravity"))?;
        gravity.select_by_value("up").await.map_err(cmd("gravity up"))?;
        client.refresh().await.map_err(cmd("reload"))?;
        idle(&client).await?;
        check!(tiles_left(&client).await? == 40, "the game is resumed");
        let message = text(&client, "message").await?;
        check!(message.starts_with("Resumed"), "{message}");
        let form = js(
            &client,
            "return [document.getElementById('rows').value, document.getElementById('cols').value, \
                     document.getElementById('gravity').value, window.lianliankan.spec.rows, window.lianliankan.rules.gravity];",
        )
        .await?;
        check!(form == json!(["5", "8", "up", 6, "none"]), "the form keeps its choices, the game its own: {form}");
        click(&client, "deal").await?;
        let dealt = js(
            &client,
            "return [window.lianliankan.spec.rows, window.lianliankan.spec.cols, window.lianliankan.rules.gravity];",
        )
        .await?;
        check!(dealt == json!([5, 8, "up"]), "Deal uses the form: {dealt}");
        check!(tiles_left(&client).await? == 40, "a 5 × 8 deal");
        Ok(())
    })
    .await
}

/// Where the board is on the screen: `[top, bottom, left, right, the
/// window's height, its width, the page's scroll, the tile size]`.
pub(super) async fn board_box(client: &Client) -> Result<Vec<f64>, String> {
    let b = js(
        client,
        "const r = document.getElementById('board').getBoundingClientRect(); \
         return [r.top, r.bottom, r.left, r.right, window.innerHeight, window.innerWidth, window.scrollY, window.lianliankan.size];",
    )
    .await?;
    Ok(b.as_array()
        .into_iter()
        .flatten()
        .map(|v| v.as_f64().unwrap_or(f64::NAN))
        .collect())
}

/// On a phone (390 × 844) the whole board is in view after a reload: when
/// the game resumes with the settings left open (they stay open, as left:
/// issue 55) and the page scrolled before the reload; folded, the tiles
/// are big enough to tap again.
pub(super) async fn the_phone_board_stays_in_view_after_a_reload(env: &Env) -> Outcome {
    with_session(env, Screen::Phone, |client| async move {
        goto(&client, &format!("http://{}/", env.site)).await?;
        let in_view = |b: &[f64]| b[0] >= 0.0 && b[1] <= b[4] && b[2] >= 0.0 && b[3] <= b[5];
        let fits = |b: &[f64]| in_view(b) && b[7] >= 30.0;
        let first = board_box(&client).await?;
        check!(fits(&first), "the first deal's board in view: {first:?}");
        let hint = api(
            env,
            "hint",
            &json!({"board": board(&client).await?, "rules": rules(&client).await?}),
        )
        .await?;
        play_pair(&client, &hint["hint"]).await?;
        let left = tiles_left(&client).await?;
        // The player opens the settings and scrolls down, then reloads.
        set_settings_open(&client, true).await?;
        js(&client, "window.scrollTo(0, 400); return null;").await?;
        client.refresh().await.map_err(cmd("reload"))?;
        idle(&client).await?;
        check!(tiles_left(&client).await? == left, "the game resumed");
        check!(
            js(&client, "return document.getElementById('settings').open;").await? == json!(true),
            "the settings stay open, as left"
        );
        // The page lays the board out again as it settles (the scroll put
        // back): wait for that, a few frames.
        let mut after = board_box(&client).await?;
        for _ in 0..30 {
            if in_view(&after) {
                break;
            }
            next_frames(&client).await?;
            after = board_box(&client).await?;
        }
        check!(
            in_view(&after),
            "after the reload the whole board is in view: {after:?}"
        );
        set_settings_open(&client, false).await?;
        let folded = board_box(&client).await?;
        check!(fits(&folded), "folded, the tiles grow back: {folded:?}");
        client.refresh().await.map_err(cmd("reload"))?;
        idle(&client).await?;
        check!(
            js(&client, "return document.getElementById('settings').open;").await? == json!(false),
            "and stay folded after a reload"
        );
        screenshot(env, &client, "phone-after-reload").await
    })
    .await
}

/// With the keyboard: the board focused shows its focus without losing the
/// closed border's ring; a tile picked with Enter, the cursor still on it,
/// is marked by an outline that the cursor's ring does not cover and by a
/// tinted face (computed styles and boxes).
pub(super) async fn the_cursor_hides_neither_selection_nor_ring(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(
            env,
            "rows=4&cols=6&kinds=6&turns=2&border=closed&gravity=none&groups=&deal=solvable&seed=3",
        );
        goto(&client, &url).await?;
        let ring = "return getComputedStyle(document.getElementById('board')).boxShadow;";
        let unfocused = js(&client, ring).await?;
        check!(
            unfocused.as_str().is_some_and(|s| s.contains("inset")),
            "the closed border's ring is drawn: {unfocused}"
        );
        let body = client.find(Locator::Css("body")).await.map_err(cmd("body"))?;
        body.send_keys(&format!("{}", Key::Right)).await.map_err(cmd("right"))?;
        body.send_keys(&format!("{}", Key::Down)).await.map_err(cmd("down"))?;
        js(&client, "document.getElementById('board').focus(); return null;").await?;
        let focused = js(
            &client,
            "const b = document.getElementById('board'), s = getComputedStyle(b); \
             return [b.matches(':focus-visible'), s.boxShadow, s.outlineStyle, s.outlineWidth];",
        )
        .await?;
        check!(focused[0] == json!(true), "the board has the keyboard's focus: {focused}");
        check!(focused[1] == unfocused, "the ring stays under the focus: {focused}");
        check!(focused[2] == json!("solid") && focused[3] != json!("0px"), "the focus shows: {focused}");

        // Enter on the cursor's cell (row 1, column 1) picks its tile.
        let board_el = client.find(Locator::Id("board")).await.map_err(cmd("board"))?;
        board_el.send_keys(&format!("{}", Key::Enter)).await.map_err(cmd("enter"))?;
        idle(&client).await?;
        let seen = js(
            &client,
            "const t = document.querySelector('.tile.selected'), c = document.getElementById('cursor'); \
             if (!t) return 'nothing selected'; \
             const plain = document.querySelector('.tile:not(.selected)'); \
             const ts = getComputedStyle(t), cs = getComputedStyle(c), ps = getComputedStyle(plain); \
             const tr = t.getBoundingClientRect(), cr = c.getBoundingClientRect(); \
             const off = parseFloat(ts.outlineOffset), ow = parseFloat(ts.outlineWidth), bw = parseFloat(cs.borderTopWidth); \
             const outer = { l: tr.left - off - ow, t: tr.top - off - ow, r: tr.right + off + ow, b: tr.bottom + off + ow }; \
             const inner = { l: cr.left + bw, t: cr.top + bw, r: cr.right - bw, b: cr.bottom - bw }; \
             return { cell: t.dataset.cell, cursor: window.lianliankan.cursor.join(','), display: cs.display, \
                      outline: [ts.outlineStyle, ow, ts.outlineColor], cursorColour: cs.borderTopColor, \
                      clear: inner.l <= outer.l + 0.5 && inner.t <= outer.t + 0.5 && inner.r >= outer.r - 0.5 && inner.b >= outer.b - 0.5, \
                      inside: outer.l >= cr.left && outer.r <= cr.right, \
                      tinted: ts.boxShadow !== ps.boxShadow && ts.boxShadow.includes('inset') };",
        )
        .await?;
        check!(seen["cell"] == json!("1,1") && seen["cursor"] == json!("1,1"), "Enter picked the cursor's tile: {seen}");
        check!(seen["display"] != json!("none"), "the cursor shows: {seen}");
        check!(
            seen["outline"][0] == json!("solid") && seen["outline"][1].as_f64().is_some_and(|w| w >= 3.0),
            "the selection has an outline: {seen}"
        );
        check!(seen["outline"][2] != seen["cursorColour"], "in another colour than the cursor: {seen}");
        check!(seen["clear"] == json!(true) && seen["inside"] == json!(true), "the cursor's ring lies around the outline, not on it: {seen}");
        check!(seen["tinted"] == json!(true), "the selected face is tinted: {seen}");
        screenshot(env, &client, "desktop-cursor-on-selection").await
    })
    .await
}
