//! The JSON API, request by request, without a socket
//! (`tower::ServiceExt::oneshot` on the router).

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use play::{Limits, app};
use serde_json::{Value, json};
use tower::ServiceExt;

/// Sends one request and returns the status, the content type and the body.
async fn send(app: &Router, request: Request<Body>) -> (StatusCode, String, Vec<u8>) {
    let response = app.clone().oneshot(request).await.expect("infallible");
    let status = response.status();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap_or("").to_owned())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, content_type, body.to_vec())
}

/// `POST /api/<path>` with `body` as JSON; the status and the JSON answer.
async fn post(app: &Router, path: &str, body: &Value) -> (StatusCode, Value) {
    post_raw(app, path, "application/json", body.to_string()).await
}

async fn post_raw(
    app: &Router,
    path: &str,
    content_type: &str,
    body: String,
) -> (StatusCode, Value) {
    let request = Request::post(format!("/api/{path}"))
        .header(header::CONTENT_TYPE, content_type)
        .body(Body::from(body))
        .unwrap();
    let (status, kind, bytes) = send(app, request).await;
    assert!(
        kind.starts_with("application/json"),
        "{path}: content type {kind:?}, body {:?}",
        String::from_utf8_lossy(&bytes)
    );
    (status, serde_json::from_slice(&bytes).expect("a JSON body"))
}

async fn get(app: &Router, path: &str) -> (StatusCode, String, Vec<u8>) {
    send(app, Request::get(path).body(Body::empty()).unwrap()).await
}

fn server() -> Router {
    app(Limits::default(), None)
}

/// A 4xx with `{"error": ...}` whose message contains `needle`.
fn refused(answer: &(StatusCode, Value), status: StatusCode, needle: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    let message = answer.1["error"].as_str().expect("an error message");
    assert!(
        message.contains(needle),
        "`{message}` should mention `{needle}`"
    );
}

fn board_of(value: &Value) -> Vec<Vec<u32>> {
    serde_json::from_value(value["board"].clone()).expect("a board")
}

fn tiles(board: &[Vec<u32>]) -> usize {
    board.iter().flatten().filter(|&&k| k != 0).count()
}

#[tokio::test]
async fn limits_name_the_sizes_and_every_gravity_mode() {
    let (status, kind, body) = get(&server(), "/api/limits").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("application/json"));
    let limits: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(limits["rows"], 30);
    assert_eq!(limits["cells"], 480);
    assert_eq!(limits["seed_max"], 9_007_199_254_740_991_u64);
    assert_eq!(limits["gravity"].as_array().unwrap().len(), 13);
    assert_eq!(limits["gravity"][1], "down");
    assert_eq!(
        limits["problems"],
        json!(["lianliankan", "segments", "solitaire"])
    );
}

#[tokio::test]
async fn the_page_and_every_asset_it_names_are_served() {
    let app = server();
    let (status, kind, body) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/html"));
    let html = String::from_utf8(body).unwrap();
    // The theme remembered is set before the page is first drawn: a
    // classic script (not deferred, not a module) in the head, ahead of
    // the style sheets.
    let head = &html[..html.find("</head>").expect("a head")];
    let boot = head
        .find("<script src=\"/theme_boot.js\"></script>")
        .expect("the theme's boot script in the head, loaded at once");
    assert!(boot < head.find("stylesheet").unwrap(), "{head}");
    // The files the page names, and the modules they import in turn.
    let mut named: Vec<String> = Vec::new();
    for attribute in ["src=\"", "href=\"/"] {
        for (at, _) in html.match_indices(attribute) {
            let rest = &html[at + attribute.len()..];
            named.push(
                rest[..rest.find('"').unwrap()]
                    .trim_start_matches('/')
                    .to_owned(),
            );
        }
    }
    let (mut assets, mut pages, mut seen) = (Vec::new(), Vec::new(), Vec::new());
    while let Some(path) = named.pop() {
        if seen.contains(&path) {
            continue;
        }
        seen.push(path.clone());
        let (status, kind, body) = get(&app, &format!("/{path}")).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        // The header's links: the game and the judge viewer's page.
        if kind.starts_with("text/html") {
            pages.push(path);
            continue;
        }
        assert!(
            kind.starts_with("text/css")
                || kind.starts_with("text/javascript")
                || kind == "image/svg+xml"
                || kind == "application/manifest+json",
            "{path}: {kind}"
        );
        assert!(!body.is_empty(), "{path} is empty");
        if kind.starts_with("text/javascript") {
            let text = String::from_utf8(body).unwrap();
            for (at, _) in text.match_indices(" from \"./") {
                let rest = &text[at + " from \"./".len()..];
                named.push(rest[..rest.find('"').unwrap()].to_owned());
            }
        }
        assets.push(path);
    }
    assets.sort();
    assert_eq!(
        assets,
        [
            "anim.js",
            "announce.js",
            "board_grid.js",
            "board_view.js",
            "clock_view.js",
            "common.js",
            "daily.js",
            "dom.js",
            "engine.js",
            "events.js",
            "favicon.svg",
            "finish.js",
            "form.js",
            "gravity_marks.js",
            "howto.js",
            "judge.js",
            "keys.js",
            "level.js",
            "level_rules.js",
            "level_state.js",
            "main.js",
            "manifest.webmanifest",
            "offline_view.js",
            "play.js",
            "presets.js",
            "ranked.js",
            "rating.js",
            "record.css",
            "record.js",
            "runs.js",
            "state.js",
            "stats_view.js",
            "style.css",
            "theme_boot.js",
            "tiles.js",
            "view_options.js",
            "watch.js",
        ],
        "the icon, the manifest, style.css and record.css, the theme's boot script, the entry module and every module it imports"
    );
    pages.sort();
    assert_eq!(pages, ["", "judge"], "the game's page and the viewer's");
}

/// Every file of the page: gzipped for a client that accepts it (the same
/// bytes once inflated), an entity tag that a revalidation answers with
/// `304` and no body, and revalidated rather than cached blindly.
#[tokio::test]
async fn assets_are_compressed_tagged_and_revalidated() {
    use std::io::Read;
    let app = server();
    let mut tags = Vec::new();
    let paths = "/ /style.css /main.js /dom.js /events.js /state.js /board_view.js /common.js \
                 /tiles.js /play.js /anim.js /gravity_marks.js /clock_view.js /presets.js \
                 /watch.js /finish.js /form.js /keys.js /howto.js /level.js /level_rules.js \
                 /level_state.js /ranked.js /rating.js /runs.js /judge.js /judge /favicon.svg \
                 /engine.js /offline_view.js /solver_worker.js /sw.js /manifest.webmanifest";
    // The engine's package, when play was built with it.
    let engine = if play::ENGINE {
        " /pkg/lianliankan_wasm.js /pkg/lianliankan_wasm_bg.wasm"
    } else {
        ""
    };
    let paths = format!("{paths}{engine}");
    for path in paths.split_whitespace() {
        let (status, _, plain) = get(&app, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let request = Request::get(path)
            .header(header::ACCEPT_ENCODING, "gzip")
            .body(Body::empty())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let headers = response.headers().clone();
        assert_eq!(headers[header::CONTENT_ENCODING], "gzip", "{path}");
        assert_eq!(headers[header::CACHE_CONTROL], "no-cache", "{path}");
        let etag = headers[header::ETAG].to_str().unwrap().to_owned();
        assert!(
            etag.starts_with('"') && etag.ends_with('"'),
            "{path}: {etag}"
        );
        let gzipped = response.into_body().collect().await.unwrap().to_bytes();
        assert!(
            gzipped.len() < plain.len(),
            "{path}: {} >= {}",
            gzipped.len(),
            plain.len()
        );
        let mut inflated = Vec::new();
        flate2::read::GzDecoder::new(&gzipped[..])
            .read_to_end(&mut inflated)
            .unwrap();
        assert_eq!(inflated, plain, "{path}");

        for (if_none_match, expected) in [
            (etag.clone(), StatusCode::NOT_MODIFIED),
            (format!("\"stale\", W/{etag}"), StatusCode::NOT_MODIFIED),
            ("\"0000000000000000\"".to_owned(), StatusCode::OK),
        ] {
            let request = Request::get(path)
                .header(header::IF_NONE_MATCH, &if_none_match)
                .body(Body::empty())
                .unwrap();
            let response = app.clone().oneshot(request).await.unwrap();
            assert_eq!(response.status(), expected, "{path} {if_none_match}");
            assert_eq!(response.headers()[header::ETAG], etag.as_str());
            let body = response.into_body().collect().await.unwrap().to_bytes();
            if expected == StatusCode::NOT_MODIFIED {
                assert!(body.is_empty(), "{path}");
            } else {
                assert_eq!(body, plain, "{path}");
            }
        }
        tags.push(etag);
    }
    tags.sort();
    tags.dedup();
    // (`/judge` is the page itself: one tag for both.)
    let files = if play::ENGINE { 34 } else { 32 };
    assert_eq!(tags.len(), files, "one tag per file");

    // The name browsers ask for by default leads to the icon.
    let response = app
        .clone()
        .oneshot(Request::get("/favicon.ico").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert!(response.status().is_redirection());
    assert_eq!(response.headers()[header::LOCATION], "/favicon.svg");

    // The API's answers are compressed too.
    let request = Request::post("/api/deal")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT_ENCODING, "gzip")
        .body(Body::from(
            json!({"rows": 8, "cols": 12, "kinds": 18, "seed": 1, "rules": {}}).to_string(),
        ))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_ENCODING], "gzip");
}

/// What offline play needs: the manifest (JSON, with what makes the page
/// installable) linked from the page; the service worker at `/sw.js` with
/// its build's hash and the paths it keeps, each served; the engine's
/// package under `/pkg/` (the `.wasm` as `application/wasm`), or, in a
/// play built without it, nothing there and nothing of it kept.
#[tokio::test]
async fn the_files_of_offline_play() {
    let app = server();
    let (status, _, page) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    let page = String::from_utf8(page).unwrap();
    assert!(page.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"));
    let (status, kind, manifest) = get(&app, "/manifest.webmanifest").await;
    assert_eq!(
        (status, kind.as_str()),
        (StatusCode::OK, "application/manifest+json")
    );
    let manifest: Value = serde_json::from_slice(&manifest).expect("the manifest is JSON");
    assert_eq!(manifest["name"], "Lianliankan");
    assert_eq!(manifest["start_url"], "/");
    assert_eq!(manifest["display"], "standalone");
    for colour in ["theme_color", "background_color"] {
        let value = manifest[colour].as_str().unwrap_or_default();
        assert!(
            value.starts_with('#') && value.len() == 7,
            "{colour}: {value}"
        );
        // The light theme's own colours (style.css).
        let (_, _, style) = get(&app, "/style.css").await;
        assert!(
            String::from_utf8(style).unwrap().contains(value),
            "{colour} {value}"
        );
    }
    let icons = manifest["icons"].as_array().expect("icons");
    assert!(!icons.is_empty());
    for icon in icons {
        let (status, kind, _) = get(&app, icon["src"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{icon}");
        assert_eq!(icon["type"].as_str(), Some(kind.as_str()), "{icon}");
    }

    let (status, kind, worker) = get(&app, "/sw.js").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/javascript"), "{kind}");
    let worker = String::from_utf8(worker).unwrap();
    let build = worker
        .lines()
        .find_map(|l| l.strip_prefix("const BUILD = \"")?.strip_suffix("\";"))
        .expect("the build's hash");
    assert_eq!(build.len(), 16, "{build}");
    assert!(build.chars().all(|c| c.is_ascii_hexdigit()), "{build}");
    let shell = worker
        .lines()
        .find_map(|l| l.strip_prefix("const SHELL = ")?.strip_suffix(';'))
        .expect("the shell's paths");
    let shell: Vec<String> = serde_json::from_str(shell).expect("a JSON list of paths");
    for path in &shell {
        let (status, _, _) = get(&app, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
    }
    for path in [
        "/",
        "/judge",
        "/main.js",
        "/engine.js",
        "/solver_worker.js",
        "/manifest.webmanifest",
    ] {
        assert!(shell.iter().any(|p| p == path), "{path} in {shell:?}");
    }
    assert!(!shell.iter().any(|p| p == "/sw.js"));

    let (status, kind, wasm) = get(&app, "/pkg/lianliankan_wasm_bg.wasm").await;
    let kept = shell.iter().any(|p| p == "/pkg/lianliankan_wasm_bg.wasm");
    if play::ENGINE {
        assert_eq!(
            (status, kind.as_str()),
            (StatusCode::OK, "application/wasm")
        );
        assert!(wasm.starts_with(b"\0asm"), "a WebAssembly module");
        let (status, kind, _) = get(&app, "/pkg/lianliankan_wasm.js").await;
        assert_eq!(status, StatusCode::OK);
        assert!(kind.starts_with("text/javascript"), "{kind}");
        assert!(kept, "the package is kept for offline play");
    } else {
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(!kept);
    }
}

/// Deals `rules` on `rows × cols`, asks the solver for the order, and plays
/// it through `/api/remove`, checking every step; returns the slides seen.
async fn deal_solve_and_play(app: &Router, rows: usize, cols: usize, rules: Value) -> usize {
    let spec = json!({"rows": rows, "cols": cols, "kinds": 6, "seed": 11, "rules": rules});
    let (status, dealt) = post(app, "deal", &spec).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    let mut board = board_of(&dealt);
    assert_eq!((board.len(), board[0].len()), (rows, cols));
    assert_eq!(tiles(&board), rows * cols);
    assert_eq!(dealt["tiles"], rows * cols);
    assert_eq!(dealt["dead"], false);
    // The same spec deals the same board.
    assert_eq!(post(app, "deal", &spec).await.1["board"], dealt["board"]);

    let rules = dealt["rules"].clone();
    let (status, solved) = post(app, "solve", &json!({"board": board, "rules": rules})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(solved["result"], "solved", "{solved}");
    let order = solved["order"].as_array().unwrap();
    assert_eq!(order.len(), rows * cols / 2);
    let mut slides = 0;
    for (i, pair) in order.iter().enumerate() {
        let request = json!({"board": board, "rules": rules, "a": pair["a"], "b": pair["b"]});
        let (status, step) = post(app, "remove", &request).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(step["legal"], true, "step {i}: {step}");
        let after = board_of(&step);
        let path = step["path"].as_array().unwrap();
        assert_eq!(path.first().unwrap(), &pair["a"]);
        assert_eq!(path.last().unwrap(), &pair["b"]);
        assert!(path.len() <= 4, "at most two turns: {path:?}");
        // Every slide takes a tile of its kind from a cell of the board
        // before to a cell of the board after.
        for slide in step["moved"].as_array().unwrap() {
            let at = |cell: &Value| {
                (
                    cell[0].as_u64().unwrap() as usize,
                    cell[1].as_u64().unwrap() as usize,
                )
            };
            let (from, to) = (at(&slide["from"]), at(&slide["to"]));
            assert_eq!(
                u64::from(board[from.0][from.1]),
                slide["kind"].as_u64().unwrap()
            );
            assert_eq!(
                u64::from(after[to.0][to.1]),
                slide["kind"].as_u64().unwrap()
            );
            slides += 1;
        }
        assert_eq!(tiles(&after), tiles(&board) - 2);
        assert_eq!(step["tiles"], tiles(&after));
        assert_eq!(step["cleared"], i + 1 == order.len());
        board = after;
    }
    assert_eq!(tiles(&board), 0);
    slides
}

/// `value` read as the engine's `T` through its serde form.
fn engine<T: serde::de::DeserializeOwned>(value: &Value) -> T {
    serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{e}: {value}"))
}

#[tokio::test]
async fn answers_are_the_engine_s_own_json_forms() {
    use grid_core::Path;
    use lianliankan::{Board, Border, Game, Gravity, Move, Rules, Slide, Step};
    let app = server();
    // A `null` field is left out, and groups are trimmed.
    let sent = json!({"border": "open", "gravity": "down", "groups": " 1-2 ", "turns": null});
    let spec = json!({"rows": 4, "cols": 6, "kinds": 5, "seed": 3, "rules": sent});
    let (status, dealt) = post(&app, "deal", &spec).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    let rules: Rules = engine(&dealt["rules"]);
    assert_eq!(
        rules,
        Rules::judge()
            .with_border(Border::Open)
            .unwrap()
            .with_gravity(Gravity::Down)
            .with_groups("1-2".parse().unwrap())
    );
    let mut game = Game::new(engine::<Board>(&dealt["board"]), rules.clone());

    let request = json!({"board": dealt["board"], "rules": dealt["rules"]});
    let (_, hint) = post(&app, "hint", &request).await;
    let (pair, path) = game.hint_path().unwrap();
    let named = json!({"a": hint["hint"]["a"], "b": hint["hint"]["b"]});
    assert_eq!(engine::<Move>(&named), pair);
    assert_eq!(engine::<Path>(&hint["hint"]["path"]), path);

    let (_, solved) = post(&app, "solve", &request).await;
    let order: Vec<Move> = engine(&solved["order"]);
    let mut board = dealt["board"].clone();
    for pair in order {
        let request = json!({"board": board, "rules": rules, "a": pair.a(), "b": pair.b()});
        let (_, step) = post(&app, "remove", &request).await;
        let path = game.remove(pair.a(), pair.b()).unwrap();
        assert_eq!(engine::<Path>(&step["path"]), path);
        let Some(Step::Removed { kinds, moved, .. }) = game.history().last() else {
            panic!("a removal")
        };
        assert_eq!(engine::<[u32; 2]>(&step["kinds"]), *kinds);
        assert_eq!(&engine::<Vec<Slide>>(&step["moved"]), moved);
        assert_eq!(&engine::<Board>(&step["board"]), game.board());
        board = step["board"].clone();
    }
    assert!(game.is_cleared());
}

#[tokio::test]
async fn a_solvable_deal_is_solved_and_played_to_the_end() {
    let app = server();
    assert_eq!(deal_solve_and_play(&app, 4, 6, json!({})).await, 0);
    let open = json!({"border": "open", "turns": 2});
    assert_eq!(deal_solve_and_play(&app, 6, 6, open).await, 0);
    let falling = json!({"gravity": "down", "border": "open"});
    assert!(deal_solve_and_play(&app, 6, 8, falling).await > 0);
    let inward = json!({"gravity": "inward", "groups": "1-2"});
    assert!(deal_solve_and_play(&app, 6, 6, inward).await > 0);
}

#[tokio::test]
async fn a_random_deal_has_four_tiles_of_a_kind() {
    let app = server();
    let spec = json!({"rows": 4, "cols": 6, "kinds": 6, "seed": 5, "solvable": false});
    let (status, dealt) = post(&app, "deal", &spec).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    assert_eq!(dealt["solvable"], false);
    let board = board_of(&dealt);
    for kind in 1..=6 {
        assert_eq!(board.iter().flatten().filter(|&&k| k == kind).count(), 4);
    }
    // 2 × 3 = 6 cells are not groups of four: pairs instead.
    let small = json!({"rows": 2, "cols": 3, "kinds": 3, "seed": 5, "solvable": false});
    let board = board_of(&post(&app, "deal", &small).await.1);
    for kind in 1..=3 {
        assert_eq!(board.iter().flatten().filter(|&&k| k == kind).count(), 2);
    }
}

#[tokio::test]
async fn an_illegal_pair_is_explained_and_changes_nothing() {
    let app = server();
    let board = json!([[1, 2, 1], [2, 3, 3], [0, 0, 4]]);
    let cases = [
        (
            [0, 0],
            [0, 1],
            "different-kinds",
            "different kinds (1 and 2)",
        ),
        ([0, 0], [0, 2], "no-path", "no path with at most 2 turns"),
        ([0, 0], [0, 0], "same-cell", "both tiles"),
        ([0, 0], [2, 0], "empty", "empty"),
    ];
    for (a, b, reason, message) in cases {
        let (status, answer) = post(&app, "remove", &json!({"board": board, "a": a, "b": b})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(answer["legal"], false);
        assert_eq!(answer["reason"], reason);
        let text = answer["message"].as_str().unwrap();
        assert!(text.contains(message), "{text}");
        assert!(answer.get("board").is_none());
    }
    // One turn allowed: the 2s at (0,1) and (1,0) still meet at (0,0)?
    // No: (0,0) holds a tile. With the open border, the 1s go around.
    let open = json!({"board": board, "a": [0, 0], "b": [0, 2], "rules": {"border": "open"}});
    let (_, answer) = post(&app, "remove", &open).await;
    assert_eq!(answer["legal"], true, "{answer}");
    assert_eq!(answer["path"], json!([[0, 0], [-1, 0], [-1, 2], [0, 2]]));
    let off = json!({"board": board, "a": [0, 0], "b": [3, 0]});
    refused(
        &post(&app, "remove", &off).await,
        StatusCode::BAD_REQUEST,
        "not on the 3 × 3 board",
    );
}

#[tokio::test]
async fn hints_and_dead_boards() {
    let app = server();
    let (status, dead) = post(&app, "hint", &json!({"board": [[1, 2], [2, 1]]})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(dead["hint"], Value::Null);
    assert_eq!(dead["dead"], true);
    assert_eq!(dead["moves"], 0);
    let (_, live) = post(&app, "hint", &json!({"board": [[1, 2, 2, 1]]})).await;
    assert_eq!(live["hint"]["a"], json!([0, 1]));
    assert_eq!(live["hint"]["b"], json!([0, 2]));
    assert_eq!(live["hint"]["path"], json!([[0, 1], [0, 2]]));
    assert_eq!(live["dead"], false);
    let (_, clear) = post(&app, "hint", &json!({"board": [[0, 0]]})).await;
    assert_eq!(clear["cleared"], true);
    assert_eq!(clear["dead"], false);
}

#[tokio::test]
async fn shuffles_keep_the_tiles_and_give_a_move() {
    let app = server();
    let board = json!([[1, 2, 0], [2, 1, 0], [3, 0, 3]]);
    let (status, answer) = post(&app, "shuffle", &json!({"board": board, "seed": 9})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["shuffled"], true, "{answer}");
    let after = board_of(&answer);
    let before: Vec<Vec<u32>> = serde_json::from_value(board).unwrap();
    let occupied = |b: &[Vec<u32>]| -> Vec<bool> { b.iter().flatten().map(|&k| k != 0).collect() };
    assert_eq!(occupied(&after), occupied(&before));
    let kinds = |b: &[Vec<u32>]| {
        let mut k: Vec<u32> = b.iter().flatten().copied().collect();
        k.sort_unstable();
        k
    };
    assert_eq!(kinds(&after), kinds(&before));
    assert!(answer["moves"].as_u64().unwrap() > 0);
    let lonely = json!({"board": [[1, 2]], "seed": 1});
    let (_, answer) = post(&app, "shuffle", &lonely).await;
    assert_eq!(answer["shuffled"], false);
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("no arrangement")
    );
}

#[tokio::test]
async fn solve_proves_unsolvable_and_stops_at_its_budget() {
    let app = server();
    let (_, answer) = post(&app, "solve", &json!({"board": [[1, 2], [2, 1]]})).await;
    assert_eq!(answer, json!({"result": "unsolvable"}));
    let dealt = post(
        &app,
        "deal",
        &json!({"rows": 8, "cols": 8, "kinds": 4, "seed": 3, "solvable": false}),
    )
    .await
    .1;
    let (_, answer) = post(
        &app,
        "solve",
        &json!({"board": dealt["board"], "budget": 1}),
    )
    .await;
    assert!(
        answer["result"] == "out-of-budget" || answer["result"] == "solved",
        "{answer}"
    );
    if answer["result"] == "out-of-budget" {
        assert!(answer["states"].as_u64().unwrap() >= 1);
    }
}

#[tokio::test]
async fn heavy_work_past_the_time_out_is_answered_at_the_time_out() {
    // Work that takes a debug build tens to hundreds of milliseconds (a
    // 16 x 30 solve under gravity: about 20 ms since the search skeleton
    // and the faster move listing, so 20 ms was a coin toss), and a
    // time-out of 1 ms. A small budget keeps the abandoned search short.
    let limits = Limits {
        timeout: Duration::from_millis(1),
        solve_states: 300,
        ..Limits::default()
    };
    let app = app(limits, None);
    let spec = json!({"rows": 16, "cols": 30, "kinds": 40, "seed": 1, "difficulty": "hard"});
    refused(
        &post(&app, "deal", &spec).await,
        StatusCode::SERVICE_UNAVAILABLE,
        "time-out of 1 ms",
    );
    // A plain deal is light work, never heavy work's time-out.
    let plain = json!({"rows": 16, "cols": 30, "kinds": 40, "seed": 1});
    assert_eq!(post(&app, "deal", &plain).await.0, StatusCode::OK);
    let random = json!({"rows": 16, "cols": 30, "kinds": 40, "seed": 1, "solvable": false});
    let board = post(&server(), "deal", &random).await.1["board"].clone();
    let solve = json!({"board": board, "rules": {"gravity": "down", "border": "open"}});
    let (status, answer) = post(&app, "solve", &solve).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer, json!({"result": "timed-out", "timeout_ms": 1}));
}

#[tokio::test]
async fn bad_requests_get_a_4xx_with_a_message() {
    let app = server();
    let good = json!({"rows": 4, "cols": 4, "kinds": 4, "seed": 1});
    let with = |field: &str, value: Value| {
        let mut spec = good.clone();
        spec[field] = value;
        spec
    };
    refused(
        &post_raw(&app, "deal", "application/json", "{\"rows\": 4,".into()).await,
        StatusCode::BAD_REQUEST,
        "parse",
    );
    refused(
        &post_raw(&app, "deal", "text/plain", good.to_string()).await,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Content-Type",
    );
    refused(
        &post(&app, "deal", &json!({"rows": 4})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "missing field",
    );
    refused(
        &post(&app, "deal", &with("rows", json!("four"))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid type",
    );
    refused(
        &post(&app, "deal", &with("colour", json!(1))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown field",
    );
    refused(
        &post(&app, "deal", &with("rows", json!(31))).await,
        StatusCode::BAD_REQUEST,
        "1 to 30 rows",
    );
    refused(
        &post(&app, "deal", &with("rows", json!(0))).await,
        StatusCode::BAD_REQUEST,
        "1 to 30 rows",
    );
    refused(
        &post(
            &app,
            "deal",
            &json!({"rows": 30, "cols": 30, "kinds": 4, "seed": 1}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "at most 480 cells",
    );
    refused(
        &post(
            &app,
            "deal",
            &json!({"rows": 3, "cols": 3, "kinds": 4, "seed": 1}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "even number",
    );
    refused(
        &post(&app, "deal", &with("kinds", json!(9))).await,
        StatusCode::BAD_REQUEST,
        "kinds must be 1 to 8",
    );
    refused(
        &post(&app, "deal", &with("kinds", json!(0))).await,
        StatusCode::BAD_REQUEST,
        "kinds must be",
    );
    refused(
        &post(&app, "deal", &with("seed", json!(1u64 << 53))).await,
        StatusCode::BAD_REQUEST,
        "JavaScript",
    );
    refused(
        &post(&app, "deal", &with("seed", json!(-1))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid value",
    );
    refused(
        &post(&app, "deal", &with("rules", json!({"gravity": "sideways"}))).await,
        StatusCode::BAD_REQUEST,
        "unknown gravity mode `sideways` (one of: none, down",
    );
    refused(
        &post(&app, "deal", &with("rules", json!({"border": "wavy"}))).await,
        StatusCode::BAD_REQUEST,
        "unknown border rule `wavy` (one of: closed, open)",
    );
    refused(
        &post(&app, "deal", &with("rules", json!({"colour": 1}))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown field `colour`",
    );
    refused(
        &post(&app, "deal", &with("rules", json!({"turns": "two"}))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid type",
    );
    // A name of the wrong type is the shape's (422); a string that names
    // nothing, the library's (400, above).
    refused(
        &post(&app, "deal", &with("rules", json!({"border": 5}))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "rules: invalid type: integer `5`, expected a string",
    );
    refused(
        &post(&app, "deal", &with("rules", json!({"turns": -1}))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "rules: invalid value: integer `-1`, expected u64",
    );
    refused(
        &post(&app, "deal", &with("rules", Value::Null)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid type: null",
    );
    refused(
        &post(&app, "deal", &with("rules", json!({"turns": 9}))).await,
        StatusCode::BAD_REQUEST,
        "turns must be 0 to 8",
    );
    refused(
        &post(&app, "deal", &with("rules", json!({"groups": "3-1"}))).await,
        StatusCode::BAD_REQUEST,
        "3-1",
    );
    refused(
        &post(
            &app,
            "deal",
            &with("rules", json!({"groups": "1-2,".repeat(60)})),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "at most 200 bytes",
    );
    refused(
        &post(&app, "hint", &json!({"board": [[1, 1], [1]]})).await,
        StatusCode::BAD_REQUEST,
        "row 1 has 1",
    );
    refused(
        &post(&app, "hint", &json!({"board": []})).await,
        StatusCode::BAD_REQUEST,
        "got 0 × 0",
    );
    refused(
        &post(&app, "hint", &json!({"board": [[1, u32::MAX]]})).await,
        StatusCode::BAD_REQUEST,
        "bad board",
    );
    refused(
        &post(&app, "judge", &json!({"problem": "sudoku", "input": ""})).await,
        StatusCode::BAD_REQUEST,
        "unknown problem `sudoku` (one of: lianliankan, segments, solitaire)",
    );
    refused(
        &post(
            &app,
            "judge",
            &json!({"problem": "lianliankan", "input": "", "rules": {"gravity": "down"}}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "gravity has no meaning",
    );
    refused(
        &post(
            &app,
            "judge",
            &json!({"problem": "solitaire", "input": "", "max_moves": 11}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "max_moves must be 0 to 10",
    );
    refused(
        &post(
            &app,
            "judge",
            &json!({"problem": "segments", "input": "x".repeat(70_000)}),
        )
        .await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "at most 65536 bytes",
    );
    refused(
        &post_raw(&app, "judge", "application/json", " ".repeat(2 << 20)).await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "larger than the server accepts",
    );
    let (status, kind, body) = get(&app, "/api/nothing").await;
    assert_eq!(
        (status, kind.as_str()),
        (StatusCode::NOT_FOUND, "application/json")
    );
    assert!(String::from_utf8_lossy(&body).contains("no such endpoint"));
    let (status, kind, body) = get(&app, "/api/deal").await;
    assert_eq!(
        (status, kind.as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, "application/json")
    );
    assert!(String::from_utf8_lossy(&body).contains("does not take that method"));
    // And the server still answers.
    assert_eq!(post(&app, "deal", &good).await.0, StatusCode::OK);
}

#[tokio::test]
async fn the_viewer_answers_each_problem_with_its_drawings() {
    let app = server();
    let sample = "3 4\n1 2 3 4\n0 0 0 0\n4 3 2 1\n4\n1 1 3 4\n1 1 2 4\n1 1 3 3\n2 1 2 4\n\
                  3 4\n0 1 4 3\n0 2 4 1\n0 0 0 0\n2\n1 1 2 4\n1 3 2 3\n0 0\n";
    let (status, answer) = post(
        &app,
        "judge",
        &json!({"problem": "lianliankan", "input": sample}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["output"], "YES\nNO\nNO\nNO\nNO\nYES\n");
    assert_eq!(answer["error"], Value::Null);
    let boards = answer["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0]["kinds"][0], json!([1, 2, 3, 4]));
    let first = &boards[0]["queries"][0];
    assert_eq!(first["answer"], "YES");
    assert_eq!(first["path"], json!([[0, 0], [1, 0], [1, 3], [2, 3]]));
    assert_eq!(boards[0]["queries"][1]["path"], Value::Null);
    assert_eq!(boards[1]["queries"][1]["path"], json!([[0, 2], [1, 2]]));

    let segments = "5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n1 3 4 4\n2 3 3 4\n0 0 0 0\n0 0\n";
    let (_, answer) = post(
        &app,
        "judge",
        &json!({"problem": "segments", "input": segments}),
    )
    .await;
    assert_eq!(
        answer["output"],
        "Board #1:\nPair 1: 4 segments.\nPair 2: 3 segments.\nPair 3: impossible.\n\n"
    );
    let pairs = answer["boards"][0]["pairs"].as_array().unwrap();
    assert_eq!(answer["boards"][0]["pieces"][3], ".XXX.");
    assert_eq!(pairs[0]["answer"], "Pair 1: 4 segments.");
    assert_eq!(
        pairs[0]["path"].as_array().unwrap().len(),
        5,
        "4 segments, 5 corners"
    );
    assert_eq!(
        pairs[1]["path"][1],
        json!([4, 0]),
        "around the board, below it"
    );
    assert_eq!(pairs[2]["path"], Value::Null);

    let solitaire = "4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n";
    let (_, answer) = post(
        &app,
        "judge",
        &json!({"problem": "solitaire", "input": solitaire}),
    )
    .await;
    assert_eq!(answer["output"], "YES\n");
    let case = &answer["cases"][0];
    assert_eq!(case["distance"], 7);
    assert_eq!(case["moves"].as_array().unwrap().len(), 7);
    assert_eq!(
        case["moves"][0],
        json!({"from": [5, 4], "to": [5, 5], "jump": false})
    );
    let (_, answer) = post(
        &app,
        "judge",
        &json!({"problem": "solitaire", "input": solitaire, "max_moves": 6}),
    )
    .await;
    assert_eq!(answer["output"], "NO\n");
    assert_eq!(answer["cases"][0]["moves"], Value::Null);
}

#[tokio::test]
async fn the_viewer_keeps_the_answers_before_an_input_error() {
    let app = server();
    let input = "3 4\n1 2 3 4\n0 0 0 0\n4 3 2 1\n2\n1 1 3 4\n1 1 x 4\n";
    let (status, answer) = post(
        &app,
        "judge",
        &json!({"problem": "lianliankan", "input": input}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["output"], "YES\n");
    assert_eq!(answer["error"]["line"], 7);
    assert_eq!(answer["error"]["column"], 5);
    assert_eq!(answer["boards"][0]["queries"].as_array().unwrap().len(), 1);
    // A board larger than the viewer draws is an error at its header.
    let big = format!("101 100\n{}1\n1 1 1 2\n", "1 ".repeat(10_100));
    let (_, answer) = post(
        &app,
        "judge",
        &json!({"problem": "lianliankan", "input": big}),
    )
    .await;
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("at most 10000 cells"), "{message}");
    assert_eq!(answer["error"]["line"], 1);
    assert_eq!(answer["output"], "YES\n", "the judge itself answers it");
}
