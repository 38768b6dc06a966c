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
            // A new deal of the same setting, its seed left to the page;
            // on the phone, of a difficulty (rated in the page's worker).
            js(&client, "document.getElementById('seed').value = ''; return null;").await?;
            let difficulty = if matches!(screen, Screen::Phone) { "easy" } else { "" };
            js(
                &client,
                &format!("document.getElementById('difficulty').value = '{difficulty}'; return null;"),
            )
            .await?;
            click(&client, "deal").await?;
            let dealt = js(
                &client,
                "const g = window.lianliankan;                  return [g.spec.seed, g.ticket, g.spec.difficulty, g.rated && g.rated.in_band];",
            )
            .await?;
            check!(
                dealt[0] != json!(11) && dealt[1].is_null(),
                "a new unranked deal, made in the page: {dealt}"
            );
            if difficulty.is_empty() {
                check!(dealt[2].is_null(), "no difficulty: {dealt}");
            } else {
                check!(
                    dealt[2] == difficulty && dealt[3] == json!(true),
                    "an easy deal rated in the page: {dealt}"
                );
            }
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

/// The page's engine answers as the server does: on seeded deals under
/// several rule sets (gravity, sliding tiles, four rivers, the line rule,
/// groups), the deal of a seed, then pairs picked at random (legal or
/// not: different kinds, no path, the same cell, an empty cell), a hint
/// and a shuffle of a seed, asked of `engine.js` in the page and of the
/// server's API; every answer the same.
pub(super) async fn the_page_s_engine_answers_as_the_server_does(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(
            env,
            "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=&deal=solvable&seed=5",
        );
        goto(&client, &url).await?;
        let differences = js(
            &client,
            r#"return (async () => {
              const engine = await import('/engine.js');
              const { api } = await import('/common.js');
              if (engine.engineKind() !== 'local') return ['the page has no engine'];
              const ruleSets = [
                { turns: 2, border: 'open', gravity: 'down', groups: '', connect: 'standard' },
                { turns: 1, border: 'closed', gravity: 'none', groups: '', connect: 'standard', slide: true },
                { turns: 2, border: 'open', gravity: 'left', groups: '', connect: 'four-rivers' },
                // No full board of this setting has a pair: no deal.
                { turns: 2, border: 'closed', gravity: 'left', groups: '', connect: 'four-rivers' },
                { turns: 2, border: 'open', gravity: 'none', groups: '', connect: 'line' },
                { turns: 2, border: 'open', gravity: 'apart-vertical', groups: '1-4', connect: 'standard' },
              ];
              // A small seeded generator: the same cases every run.
              let state = 12345;
              const next = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
              const same = (what, mine, theirs) => {
                const strip = (d) => { const c = { ...d }; delete c.clock_ms; delete c.local; return JSON.stringify(c); };
                if (mine.ok !== theirs.ok || strip(mine.data) !== strip(theirs.data)) {
                  return [what + ': page ' + JSON.stringify(mine) + ' server ' + JSON.stringify(theirs)];
                }
                return [];
              };
              const found = [];
              let cases = 0, refused = 0;
              for (const [i, rules] of ruleSets.entries()) {
                for (const [seed, solvable, kinds] of [[1, true, 8], [2, true, 8], [3, false, 12], [4, false, 13]]) {
                  // Random deals too: fours of 12 kinds fit 6 x 8, 13 kinds are dealt in pairs.
                  const spec = { rows: 6, cols: 8, kinds, rules, solvable, seed: 100 * i + seed };
                  const local = await engine.dealBoard(spec, false);
                  const server = await api('deal', spec);
                  // A setting no deal fits is refused by both, in the same words.
                  if (!server.ok) {
                    if (local.ok || local.data.error !== server.data.error) {
                      found.push('deal ' + JSON.stringify(spec) + ': page ' + JSON.stringify(local) + ' server ' + JSON.stringify(server));
                    }
                    refused++;
                    continue;
                  }
                  if (!local.data.local) found.push('the deal of a seed is not made in the page');
                  const keep = (d) => ({ board: d.board, rules: d.rules, seed: d.seed, solvable: d.solvable, tiles: d.tiles,
                    moves: d.moves, dead: d.dead, cleared: d.cleared });
                  found.push(...same('deal ' + JSON.stringify(spec),
                    { ok: local.ok, data: keep(local.data) }, { ok: server.ok, data: keep(server.data) }));
                  let board = server.data.board;
                  const r = server.data.rules;
                  for (let step = 0; step < 30; step++) {
                    const cell = () => [next(6), next(8)];
                    const a = cell();
                    // Mostly a tile of the same kind; now and then any cell.
                    const mates = [];
                    board.forEach((row, y) => row.forEach((k, x) => {
                      if (k !== 0 && k === board[a[0]][a[1]] && (y !== a[0] || x !== a[1])) mates.push([y, x]);
                    }));
                    const b = mates.length > 0 && next(4) !== 0 ? mates[next(mates.length)] : cell();
                    const request = { board, rules: r, a, b };
                    const mine = await engine.removePair(request);
                    const theirs = await api('remove', request);
                    found.push(...same('remove ' + JSON.stringify(request), mine, theirs));
                    cases++;
                    if (theirs.ok && theirs.data.legal) board = theirs.data.board;
                  }
                  const hintRequest = { board, rules: r };
                  found.push(...same('hint', await engine.findHint(hintRequest), await api('hint', hintRequest)));
                  const shuffleRequest = { board, rules: r, seed: 77 };
                  found.push(...same('shuffle', await engine.shuffleBoard(shuffleRequest), await api('shuffle', shuffleRequest)));
                  cases += 2;
                }
              }
              if (refused !== 2) found.push(refused + ' deals refused, not the 2 of the closed four rivers');
              return found.length > 0 ? found.slice(0, 5) : cases;
            })();"#,
        )
        .await?;
        check!(
            differences.as_u64().is_some_and(|n| n >= 300),
            "the page's engine and the server differ: {differences}"
        );
        Ok(())
    })
    .await
}
