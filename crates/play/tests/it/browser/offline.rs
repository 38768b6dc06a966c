//! The engine in the page: an unranked game played to the end with the
//! server gone (the service worker serves the page, the WebAssembly
//! engine plays), on a desktop and a phone; and an unranked game whose
//! picks, hint, undo, redo and shuffle ask the server nothing.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The removal order that clears the board on the page, by the native
/// solver (the scenario's own: the page has no server to ask).
async fn clearing_order(client: &Client) -> Result<Vec<Value>, String> {
    use lianliankan::{Rules, Solution, solve};
    let board = engine_board(&board(client).await?)?;
    let rules: Rules = serde_json::from_value(rules(client).await?)
        .map_err(|e| format!("the page's rules: {e}"))?;
    match solve(&board, &rules, 1_000_000) {
        Solution::Solved(order) => Ok(order.into_iter().map(pick).collect()),
        other => Err(format!("a solvable deal, solved: {other:?}")),
    }
}

/// Waits until a service worker controls the page (it has kept the page's
/// files for offline play).
async fn controlled(client: &Client) -> Outcome {
    let deadline = Instant::now() + Duration::from_secs(30);
    while js(
        client,
        "return navigator.serviceWorker.controller !== null;",
    )
    .await?
        != json!(true)
    {
        check!(
            Instant::now() < deadline,
            "no service worker controls the page after 30 s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// The page, loaded once from a server of the scenario's own, is in the
/// hands of its service worker; the server stops; the page is loaded again
/// (from the worker's cache), says it is offline, deals a new unranked
/// game on its own engine, and that game is cleared by clicking.
pub(super) async fn a_whole_game_with_the_server_gone(env: &Env, screen: Screen) -> Outcome {
    let server = OwnServer::start().await;
    let site = server.site;
    let mut server = Some(server);
    let name = match screen {
        Screen::Phone => "offline-phone",
        _ => "offline-desktop",
    };
    let outcome = with_session(env, screen, |client| {
        let server = server.take();
        async move {
            let url = format!(
                "http://{site}/?rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=&deal=solvable&seed=11"
            );
            goto(&client, &url).await?;
            let engine = js(&client, "return document.documentElement.dataset.engine;").await?;
            check!(engine == "local", "the page plays on its engine: {engine}");
            controlled(&client).await?;
            server.expect("the scenario's server").stop().await?;
            client.refresh().await.map_err(cmd("reload"))?;
            idle(&client).await?;
            // The page came from the cache: its engine plays the game
            // resumed, and the line above the page says what is offline.
            check!(shown(&client, "offline").await?, "the page says it is offline");
            let line = text(&client, "offline").await?;
            check!(line.contains("unranked games only"), "offline line: {line}");
            // A new deal of the same setting, its seed left to the page.
            js(&client, "document.getElementById('seed').value = ''; return null;").await?;
            click(&client, "deal").await?;
            let dealt = js(&client, "return [window.lianliankan.spec.seed, window.lianliankan.ticket, document.getElementById('message').textContent];").await?;
            check!(
                dealt[0] != json!(11) && dealt[1].is_null(),
                "a new unranked deal, made in the page: {dealt}"
            );
            check!(tiles_left(&client).await? == 24, "a full board");
            screenshot(env, &client, name).await?;
            if matches!(screen, Screen::Desktop) && std::env::var(TO_DOCS).as_deref() == Ok("1") {
                let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/play-offline.png");
                std::fs::copy(env.shots.join(format!("{name}.png")), &docs)
                    .map_err(|e| format!("{}: {e}", docs.display()))?;
            }
            // A hint from the engine in the page.
            click(&client, "hint").await?;
            check!(hinted_cells(&client).await?.len() == 2, "the hint marks a pair");
            for pair in clearing_order(&client).await? {
                play_pair(&client, &pair).await?;
                page_matches_board(&client).await?;
            }
            check!(tiles_left(&client).await? == 0, "every tile removed");
            check!(shown(&client, "won").await?, "the cleared banner is shown");
            check!(shown(&client, "offline").await?, "still offline");
            Ok(())
        }
    })
    .await;
    // A server not stopped by the scenario (it failed before) stops here.
    if let Some(server) = server {
        let _ = server.stop().await;
    }
    outcome
}

/// The requests to `/api/` the page has made so far.
async fn api_requests(client: &Client) -> Result<Vec<String>, String> {
    let names = js(
        client,
        "return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname) \
           .filter(p => p.startsWith('/api/'));",
    )
    .await?;
    Ok(names
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n.as_str().map(str::to_owned))
        .collect())
}

/// An unranked game (a seed the link names) on a lane's server: its deal
/// is made in the page, and its picks, a refused pair, a hint, undo, redo,
/// a shuffle and the watch send no request at all; the page plays it to
/// the end on its engine.
pub(super) async fn an_unranked_game_asks_the_server_nothing(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(
            env,
            "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=&deal=solvable&seed=23",
        );
        goto(&client, &url).await?;
        js(
            &client,
            "performance.setResourceTimingBufferSize(100000); return null;",
        )
        .await?;
        let engine = js(&client, "return document.documentElement.dataset.engine;").await?;
        check!(engine == "local", "the page plays on its engine: {engine}");
        let before = api_requests(&client).await?;
        // The watch on: the position is solved in the page's worker.
        js(
            &client,
            "const w = document.getElementById('watch'); if (!w.checked) w.click(); return null;",
        )
        .await?;
        let order = clearing_order(&client).await?;
        // A pair refused (a tile and itself is not one; two tiles of
        // different kinds are), then the game with a hint, an undo, a
        // redo and a shuffle undone.
        let kinds = board(&client).await?;
        let mut cells = Vec::new();
        for (r, row) in kinds.as_array().into_iter().flatten().enumerate() {
            for (c, kind) in row.as_array().into_iter().flatten().enumerate() {
                cells.push((json!([r, c]), kind.clone()));
            }
        }
        if let Some(other) = cells.iter().find(|(_, k)| *k != cells[0].1) {
            play_pair(&client, &json!({"a": cells[0].0, "b": other.0})).await?;
            let said = text(&client, "message").await?;
            check!(
                said.starts_with("Not a pair"),
                "a refused pair is explained: {said}"
            );
            js(&client, "window.lianliankanPage.deselect(); return null;").await?;
        }
        click(&client, "hint").await?;
        check!(
            hinted_cells(&client).await?.len() == 2,
            "the hint marks a pair"
        );
        play_pair(&client, &order[0]).await?;
        click(&client, "undo").await?;
        check!(tiles_left(&client).await? == 24, "undone");
        click(&client, "redo").await?;
        check!(tiles_left(&client).await? == 22, "redone");
        click(&client, "shuffle").await?;
        click(&client, "undo").await?;
        // The watch's verdict comes from the page's worker.
        let deadline = Instant::now() + Duration::from_secs(20);
        while js(&client, "return window.lianliankan.watch;").await? == json!("checking") {
            check!(
                Instant::now() < deadline,
                "the watch is still checking after 20 s"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let watch = js(&client, "return window.lianliankan.watch;").await?;
        check!(watch == "winnable", "the watch's verdict: {watch}");
        let last = order.len() - 1;
        for pair in &order[1..last] {
            play_pair(&client, pair).await?;
        }
        let during = api_requests(&client).await?;
        check!(
            during == before,
            "no request during the game: {:?} after {before:?}",
            &during[before.len().min(during.len())..]
        );
        play_pair(&client, &order[last]).await?;
        check!(shown(&client, "won").await?, "the cleared banner is shown");
        Ok(())
    })
    .await
}
