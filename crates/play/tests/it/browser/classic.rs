//! The classic game by clicking and by keys: a whole deal cleared, hint,
//! undo, redo and shuffle, an illegal pair explained, a dead board, the
//! watch that says a game is lost, auto-solve and the share link, the
//! keyboard, and a phone-sized screen.

#[allow(clippy::wildcard_imports)]
use super::*;

/// A 4 × 6 deal under gravity, cleared by clicking the solver's order pair
/// by pair; the page follows the board at every step and ends with the
/// "cleared" banner.
pub(super) async fn plays_a_whole_deal_by_clicking(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(
            env,
            "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=&deal=solvable&seed=7",
        );
        goto(&client, &url).await?;
        check!(
            tiles_left(&client).await? == 24,
            "a 4 × 6 deal has 24 tiles"
        );
        page_matches_board(&client).await?;
        let solved = api(
            env,
            "solve",
            &json!({"board": board(&client).await?, "rules": rules(&client).await?}),
        )
        .await?;
        check!(
            solved["result"] == "solved",
            "the deal should be solvable: {solved}"
        );
        let order = solved["order"].as_array().cloned().unwrap_or_default();
        check!(
            order.len() == 12,
            "12 pairs to remove, the solver says {}",
            order.len()
        );
        for (i, pair) in order.iter().enumerate() {
            play_pair(&client, pair).await?;
            check!(
                tiles_left(&client).await? == 22 - 2 * i,
                "after pair {} the page shows {} tiles; message: {}",
                i + 1,
                tiles_left(&client).await?,
                text(&client, "message").await?
            );
            page_matches_board(&client).await?;
            if i == 3 {
                screenshot(env, &client, "desktop-mid-game").await?;
            }
        }
        check!(shown(&client, "won").await?, "the cleared banner is shown");
        let won = text(&client, "won-title").await?;
        check!(won.starts_with("Cleared in "), "banner: {won}");
        check!(!shown(&client, "dead").await?, "a clear board is not dead");
        screenshot(env, &client, "desktop-cleared").await
    })
    .await
}

/// Hint shows a path and two tiles; they go when clicked; undo brings
/// them back, redo takes them again; shuffle keeps the tiles, and undo
/// puts them back where they were.
pub(super) async fn hint_undo_redo_and_shuffle(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(env, "rows=8&cols=12&kinds=18&turns=2&border=open&gravity=none&groups=&deal=solvable&seed=42");
        goto(&client, &url).await?;
        let start = board(&client).await?;
        click(&client, "hint").await?;
        let paths = js(&client, "return document.querySelectorAll('#paths polyline.hint').length;").await?;
        check!(paths == json!(1), "one hint path drawn, found {paths}");
        let cells = hinted_cells(&client).await?;
        check!(cells.len() == 2, "two tiles marked by the hint, found {cells:?}");
        screenshot(env, &client, "desktop-hint").await?;
        play_pair(&client, &pick(lianliankan::Move::new(cells[0], cells[1]))).await?;
        check!(tiles_left(&client).await? == 94, "the hinted pair went");
        let after = board(&client).await?;
        click(&client, "undo").await?;
        check!(board(&client).await? == start, "undo restores the deal");
        check!(tiles_left(&client).await? == 96, "96 tiles after undo");
        page_matches_board(&client).await?;
        click(&client, "redo").await?;
        check!(board(&client).await? == after, "redo removes the pair again");
        page_matches_board(&client).await?;
        click(&client, "shuffle").await?;
        let shuffled = board(&client).await?;
        check!(shuffled != after, "the shuffle changed the board");
        let sorted = |b: &Value| {
            let mut kinds: Vec<u64> = b.as_array().into_iter().flatten().flat_map(|r| r.as_array().cloned().unwrap_or_default()).map(|k| k.as_u64().unwrap_or(0)).collect();
            kinds.sort_unstable();
            kinds
        };
        check!(sorted(&shuffled) == sorted(&after), "a shuffle keeps the tiles");
        page_matches_board(&client).await?;
        click(&client, "undo").await?;
        check!(board(&client).await? == after, "undo takes the shuffle back");
        page_matches_board(&client).await
    })
    .await
}

/// Two tiles of different kinds, then two of one kind with no path:
/// nothing goes, and the message says why.
pub(super) async fn an_illegal_pair_is_explained(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(env, "rows=6&cols=8&kinds=12&turns=2&border=closed&gravity=none&groups=&deal=solvable&seed=5");
        goto(&client, &url).await?;
        let kinds = board(&client).await?;
        let at = |r: usize, c: usize| kinds[r][c].as_u64().unwrap_or(0);
        let cells: Vec<(usize, usize)> = (0..6).flat_map(|r| (0..8).map(move |c| (r, c))).collect();
        let different = cells.iter().find(|&&(r, c)| at(r, c) != at(0, 0)).copied().unwrap_or((0, 0));
        click_tile(&client, &json!([0, 0])).await?;
        click_tile(&client, &json!([different.0, different.1])).await?;
        idle(&client).await?;
        let message = text(&client, "message").await?;
        check!(message.contains("different kinds"), "message: {message}");
        check!(tiles_left(&client).await? == 48, "nothing went");
        // A pair of one kind that no path of two turns joins, found by
        // asking the server.
        let mut blocked = None;
        'search: for (i, &(r1, c1)) in cells.iter().enumerate() {
            for &(r2, c2) in &cells[i + 1..] {
                if at(r1, c1) == at(r2, c2) {
                    let step = api(env, "remove", &json!({"board": kinds, "a": [r1, c1], "b": [r2, c2]})).await?;
                    if step["reason"] == "no-path" {
                        blocked = Some(json!({"a": [r1, c1], "b": [r2, c2]}));
                        break 'search;
                    }
                }
            }
        }
        let blocked = blocked.ok_or("no blocked pair on the deal")?;
        play_pair(&client, &blocked).await?;
        let message = text(&client, "message").await?;
        check!(message.contains("no path with at most 2 turns"), "message: {message}");
        check!(tiles_left(&client).await? == 48, "nothing went");
        screenshot(env, &client, "desktop-illegal").await
    })
    .await
}

/// A random deal with no move: the banner offers shuffle and undo, and
/// the shuffle gives a move.
pub(super) async fn a_dead_board_offers_shuffle_and_undo(env: &Env) -> Outcome {
    // Straight paths only (no turn) on a full board: only neighbours
    // match, and about one random deal in five has none (3 × 6 cells are
    // dealt in pairs, nine kinds).
    let mut dead_seed = None;
    for seed in 0..500 {
        let spec = json!({"rows": 3, "cols": 6, "kinds": 9, "seed": seed, "solvable": false, "rules": {"turns": 0}});
        if api(env, "deal", &spec).await?["dead"] == json!(true) {
            dead_seed = Some(seed);
            break;
        }
    }
    let seed = dead_seed.ok_or("no dead 3 × 6 deal among 500 seeds")?;
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(env, &format!("rows=3&cols=6&kinds=9&turns=0&border=closed&gravity=none&groups=&deal=random&seed={seed}"));
        goto(&client, &url).await?;
        check!(shown(&client, "dead").await?, "the dead-board banner is shown");
        check!(text(&client, "moves-left").await? == "0", "no moves");
        screenshot(env, &client, "desktop-dead").await?;
        click(&client, "dead-shuffle").await?;
        check!(!shown(&client, "dead").await?, "after the shuffle the banner is gone");
        check!(text(&client, "moves-left").await? != "0", "the shuffle gave a move");
        click(&client, "undo").await?;
        check!(shown(&client, "dead").await?, "undoing the shuffle brings the dead board back");
        Ok(())
    })
    .await
}

/// A solvable 4 × 4 deal (closed border, no gravity), a good removal and
/// a pair whose removal leaves a board no order clears, found by the
/// engine for the first seed that has them.
pub(super) fn losing_line(board: &Value) -> Option<(Value, Value)> {
    use lianliankan::{Game, Rules, Solution, solve};
    let board = engine_board(board).ok()?;
    let rules = Rules::default();
    let start = Game::new(board, rules.clone());
    for good in start.moves() {
        let mut game = start.clone();
        game.remove(good.a(), good.b()).ok()?;
        if !matches!(solve(game.board(), &rules, 1_000_000), Solution::Solved(_)) {
            continue;
        }
        for bad in game.moves() {
            let mut lost = game.clone();
            lost.remove(bad.a(), bad.b()).ok()?;
            if lost.board().tile_count() > 0
                && solve(lost.board(), &rules, 1_000_000) == Solution::Unsolvable
            {
                return Some((pick(good), pick(bad)));
            }
        }
    }
    None
}

/// The watch ("tell me when this game can no longer be won"): a good
/// removal leaves it quiet, a bad one brings the announced message and
/// the Undo button, which goes back to the position after the good
/// removal, winnable again (the solver says so).
pub(super) async fn the_watch_says_when_a_game_is_lost(env: &Env) -> Outcome {
    let mut found = None;
    for seed in 0..200 {
        let spec = json!({"rows": 4, "cols": 4, "kinds": 4, "seed": seed, "solvable": true, "rules": {"turns": 2}});
        if let Some(line) = losing_line(&api(env, "deal", &spec).await?["board"]) {
            found = Some((seed, line));
            break;
        }
    }
    let (seed, (good, bad)) = found.ok_or("no 4 × 4 deal with a losing removal among 200 seeds")?;
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(env, &format!("rows=4&cols=4&kinds=4&turns=2&border=closed&gravity=none&groups=&deal=solvable&seed={seed}"));
        goto(&client, &url).await?;
        let watch = || async { js(&client, "return window.lianliankan.watch;").await };
        check!(watch().await? == json!("off"), "the watch starts off");
        click(&client, "watch").await?;
        check!(watch().await? == json!("winnable"), "a solvable deal is known winnable: {}", watch().await?);
        play_pair(&client, &good).await?;
        let after_good = board(&client).await?;
        // Wait for the background verdict, which never held up the page.
        let verdict = |want: &'static str| {
            let client = client.clone();
            async move {
                let deadline = Instant::now() + Duration::from_secs(20);
                loop {
                    let now = js(&client, "return window.lianliankan.watch;").await?;
                    if now == json!(want) {
                        return Ok(());
                    }
                    check!(Instant::now() < deadline, "the watch says {now}, not {want}, after 20 s");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        };
        verdict("winnable").await?;
        check!(!shown(&client, "lost").await?, "no message after a good removal");
        play_pair(&client, &bad).await?;
        verdict("lost").await?;
        check!(shown(&client, "lost").await?, "the lost banner is shown");
        let message = text(&client, "message").await?;
        check!(message.contains("can no longer be won"), "the live message says so: {message}");
        // Heard once: through the page's one live region (the banner is
        // none), the message line's words.
        let heard = text(&client, "announce").await?;
        check!(heard == message, "the message is heard: {heard:?}, not {message:?}");
        let live = js(&client, "return document.getElementById('lost').getAttribute('aria-live');").await?;
        check!(live.is_null(), "the banner is no second voice, found aria-live {live}");
        screenshot(env, &client, "desktop-lost").await?;
        click(&client, "lost-undo").await?;
        check!(board(&client).await? == after_good, "Undo goes back to the position after the good removal");
        check!(!shown(&client, "lost").await?, "the banner is gone after the undo");
        check!(watch().await? == json!("winnable"), "the watch says winnable again: {}", watch().await?);
        page_matches_board(&client).await?;
        let solved = api(env, "solve", &json!({"board": board(&client).await?, "rules": rules(&client).await?})).await?;
        check!(solved["result"] == "solved", "the position is winnable: {solved}");
        Ok(())
    })
    .await
}

/// Auto-solve clears the board; the share link deals the same board again.
pub(super) async fn auto_solve_and_the_share_link(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(env, "rows=4&cols=6&kinds=5&turns=2&border=closed&gravity=left&groups=1-2&deal=solvable&seed=5");
        goto(&client, &url).await?;
        let start = board(&client).await?;
        let top = "return document.getElementById('board').getBoundingClientRect().top;";
        let before = js(&client, top).await?;
        click(&client, "share").await?;
        // The link opens over the board, which keeps its place (issue 55).
        let after = js(&client, top).await?;
        check!(
            before == after && shown(&client, "share-box").await?,
            "Share moved the board: its top {before} then {after}"
        );
        let link = js(&client, "return document.getElementById('share-link').value;").await?;
        let link = link.as_str().unwrap_or("").to_owned();
        for part in ["rows=4", "cols=6", "kinds=5", "gravity=left", "groups=1-2", "deal=solvable", "seed=5"] {
            check!(link.contains(part), "the link {link} should have {part}");
        }
        // Slowly first: the progress shows, and Stop stops it part way.
        let speed = client.find(Locator::Id("solve-speed")).await.map_err(cmd("solve-speed"))?;
        speed.select_by_value("slow").await.map_err(cmd("slow"))?;
        let solve = client.find(Locator::Id("solve")).await.map_err(cmd("solve"))?;
        solve.click().await.map_err(cmd("solve"))?;
        let deadline = Instant::now() + Duration::from_secs(30);
        while !text(&client, "message").await?.starts_with("Auto-solve: 2 of 12 removals") {
            check!(Instant::now() < deadline, "no progress: {}", text(&client, "message").await?);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        solve.click().await.map_err(cmd("stop"))?;
        idle(&client).await?;
        let message = text(&client, "message").await?;
        check!(message.starts_with("Auto-solve stopped after "), "{message}");
        let left = tiles_left(&client).await?;
        check!(left > 0 && left < 24, "stopped part way: {left} tiles left");
        // Then fast to the end (the speed is remembered by the page).
        speed.select_by_value("fast").await.map_err(cmd("fast"))?;
        check!(
            js(&client, "return localStorage.getItem('lianliankan-solve-speed');").await? == json!("fast"),
            "the speed is remembered"
        );
        solve.click().await.map_err(cmd("solve"))?;
        let deadline = Instant::now() + Duration::from_secs(60);
        while !shown(&client, "won").await? {
            check!(Instant::now() < deadline, "auto-solve did not clear the board in 60 s: {}", text(&client, "message").await?);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        idle(&client).await?;
        check!(tiles_left(&client).await? == 0, "auto-solve cleared the board");
        let message = text(&client, "message").await?;
        check!(message.ends_with("removals, done."), "{message}");
        goto(&client, &link).await?;
        check!(board(&client).await? == start, "the link deals the same board");
        Ok(())
    })
    .await
}

/// Arrows move the cursor and Enter picks: a pair goes without the mouse.
pub(super) async fn keyboard_play(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(
            env,
            "rows=4&cols=6&kinds=6&turns=2&border=closed&gravity=none&groups=&deal=solvable&seed=3",
        );
        goto(&client, &url).await?;
        let hint = api(
            env,
            "hint",
            &json!({"board": board(&client).await?, "rules": rules(&client).await?}),
        )
        .await?;
        let pair = &hint["hint"];
        let board_el = client
            .find(Locator::Id("board"))
            .await
            .map_err(cmd("board"))?;
        js(
            &client,
            "document.getElementById('board').focus(); return null;",
        )
        .await?;
        let mut at = (0_i64, 0_i64);
        for cell in [&pair["a"], &pair["b"]] {
            let (r, c) = (cell[0].as_i64().unwrap_or(0), cell[1].as_i64().unwrap_or(0));
            let mut keys = String::new();
            for _ in 0..(r - at.0).abs() {
                keys.push(char::from(if r > at.0 { Key::Down } else { Key::Up }));
            }
            for _ in 0..(c - at.1).abs() {
                keys.push(char::from(if c > at.1 { Key::Right } else { Key::Left }));
            }
            keys.push(char::from(Key::Enter));
            board_el.send_keys(&keys).await.map_err(cmd("keys"))?;
            idle(&client).await?;
            at = (r, c);
        }
        check!(
            tiles_left(&client).await? == 22,
            "the pair picked by keyboard went: {}",
            text(&client, "message").await?
        );
        board_el.send_keys("u").await.map_err(cmd("u"))?;
        idle(&client).await?;
        check!(tiles_left(&client).await? == 24, "U undoes");
        Ok(())
    })
    .await
}

/// On a phone-sized screen the default deal fits the width, nothing
/// scrolls sideways, and tapping plays.
pub(super) async fn a_phone_sized_screen(env: &Env) -> Outcome {
    with_session(env, Screen::Phone, |client| async move {
        goto(&client, &format!("http://{}/", env.site)).await?;
        let fit = js(
            &client,
            "const r = document.getElementById('board').getBoundingClientRect(); \
             return [r.left, r.right, window.innerWidth, document.documentElement.scrollWidth, window.lianliankan.size];",
        )
        .await?;
        let n = |i: usize| fit[i].as_f64().unwrap_or(f64::NAN);
        check!(n(2) <= 400.0, "a phone-sized viewport, got {fit}");
        check!(n(0) >= 0.0 && n(1) <= n(2), "the board fits the screen: {fit}");
        check!(n(3) <= n(2), "nothing scrolls sideways: {fit}");
        check!(n(4) >= 30.0, "tiles big enough to tap: {fit}");
        // Every tab of the header in sight, none cut or scrolled away.
        let tabs = js(
            &client,
            "const nav = document.querySelector('header nav');              return [nav.scrollWidth <= nav.clientWidth,                      [...nav.querySelectorAll('.tab')].map(t => { const r = t.getBoundingClientRect();                        return [t.textContent, r.left >= 0 && r.right <= window.innerWidth && r.width > 0]; })];",
        )
        .await?;
        let all_in_view = tabs[1].as_array().is_some_and(|t| {
            t.len() >= 5 && t.iter().all(|tab| tab[1] == json!(true))
        });
        check!(tabs[0] == json!(true) && all_in_view, "every header tab in sight: {tabs}");
        let hint = api(env, "hint", &json!({"board": board(&client).await?, "rules": rules(&client).await?})).await?;
        let before = tiles_left(&client).await?;
        play_pair(&client, &hint["hint"]).await?;
        check!(tiles_left(&client).await? == before - 2, "a tapped pair went");
        screenshot(env, &client, "phone").await?;
        goto(&client, &format!("http://{}/judge", env.site)).await?;
        click(&client, "judge-run").await?;
        let fits = js(&client, "return document.documentElement.scrollWidth <= window.innerWidth;").await?;
        check!(fits == json!(true), "the viewer fits the phone's width");
        screenshot(env, &client, "phone-judge").await
    })
    .await
}
