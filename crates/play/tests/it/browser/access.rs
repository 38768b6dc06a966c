//! The board for a screen reader: the accessibility tree Chromium builds
//! (read through chromedriver's DevTools passthrough) shows a grid of
//! rows of cells, each named by its tile and place; the keyboard's cursor
//! is the grid's active cell; a polite live region says the cell under the
//! cursor, each pick, each pair's result, hints, undo and redo — enough to
//! play a whole game by keyboard and ear.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The 42 designs' spoken names, suit first (tiles.js's `spokenName`),
/// written out here so that the page's names are checked against a list
/// of their own.
fn design_name(design: usize) -> String {
    const OTHERS: [&str; 15] = [
        "spring",
        "summer",
        "autumn",
        "winter",
        "east wind",
        "south wind",
        "west wind",
        "north wind",
        "red dragon",
        "green dragon",
        "white dragon",
        "plum",
        "orchid",
        "chrysanthemum",
        "bamboo flower",
    ];
    match design {
        0..=8 => format!("dots {}", design + 1),
        9..=17 => format!("bamboo {}", design - 8),
        18..=26 => format!("characters {}", design - 17),
        _ => OTHERS
            .get(design - 27)
            .map_or_else(String::new, |s| (*s).to_owned()),
    }
}

/// The spoken name of `kind` on a deal of `kinds` kinds: from 28 kinds on,
/// kind k draws design k; below, the first kinds draw one design of each
/// suit in turn (dots 1, bamboo 1, characters 1, east wind, red dragon,
/// plum, spring: the only ones these scenarios deal).
fn spoken(kind: u64, kinds: u64) -> String {
    const SPREAD: [usize; 7] = [0, 9, 18, 31, 35, 38, 27];
    let design = if kinds < 28 {
        usize::try_from(kind - 1)
            .ok()
            .and_then(|i| SPREAD.get(i).copied())
    } else {
        usize::try_from((kind - 1) % 42).ok()
    };
    design.map_or_else(|| format!("kind {kind}?"), design_name)
}

/// What a cell is called: "bamboo 3, row 2, column 5", or "empty, ...".
fn cell_name(board: &Value, kinds: u64, r: usize, c: usize) -> String {
    let kind = board[r][c].as_u64().unwrap_or(0);
    let what = if kind == 0 {
        "empty".to_owned()
    } else {
        spoken(kind, kinds)
    };
    format!("{what}, row {}, column {}", r + 1, c + 1)
}

/// A tile at a place: "bamboo 3 at row 2, column 5".
fn tile_at(board: &Value, kinds: u64, cell: &Value) -> String {
    let (r, c) = (cell[0].as_u64().unwrap_or(0), cell[1].as_u64().unwrap_or(0));
    let kind = board[r as usize][c as usize].as_u64().unwrap_or(0);
    format!("{} at row {}, column {}", spoken(kind, kinds), r + 1, c + 1)
}

/// Sends a DevTools command through chromedriver (`goog/cdp/execute`) for
/// the session of `client`; its answer.
pub(super) async fn cdp(
    env: &Env,
    client: &Client,
    method: &str,
    params: Value,
) -> Result<Value, String> {
    let id = client
        .session_id()
        .await
        .map_err(cmd("session id"))?
        .ok_or("no session id")?;
    let driver: SocketAddr = env
        .driver
        .trim_start_matches("http://")
        .parse()
        .map_err(|e| format!("the driver's address {}: {e}", env.driver))?;
    let (status, bytes) = crate::support::request(
        &env.http,
        driver,
        hyper::Method::POST,
        &format!("/session/{id}/goog/cdp/execute"),
        Some(&json!({"cmd": method, "params": params})),
    )
    .await?;
    check!(
        status.is_success(),
        "{method}: {status}: {}",
        String::from_utf8_lossy(&bytes)
    );
    let answer: Value = serde_json::from_slice(&bytes).map_err(|e| format!("{method}: {e}"))?;
    Ok(answer["value"].clone())
}

/// Chromium's accessibility tree of the page: its nodes by id.
struct AxTree {
    nodes: Vec<Value>,
}

impl AxTree {
    async fn read(env: &Env, client: &Client) -> Result<AxTree, String> {
        let tree = cdp(env, client, "Accessibility.getFullAXTree", json!({})).await?;
        let nodes = tree["nodes"].as_array().cloned().unwrap_or_default();
        check!(!nodes.is_empty(), "an empty accessibility tree: {tree}");
        Ok(AxTree { nodes })
    }

    /// The nodes of `role` that a screen reader sees (not ignored).
    fn of_role(&self, role: &str) -> Vec<&Value> {
        self.nodes
            .iter()
            .filter(|n| n["role"]["value"] == role && n["ignored"] != json!(true))
            .collect()
    }

    fn node(&self, id: &Value) -> Option<&Value> {
        self.nodes.iter().find(|n| &n["nodeId"] == id)
    }

    /// The property `name` of `node` (`{type, value}`), if it has one.
    fn property<'a>(node: &'a Value, name: &str) -> Option<&'a Value> {
        node["properties"]
            .as_array()?
            .iter()
            .find(|p| p["name"] == name)
            .map(|p| &p["value"])
    }

    /// The text a screen reader reads inside `node`: its static texts.
    fn text(&self, node: &Value) -> String {
        let mut out = String::new();
        for child in node["childIds"].as_array().into_iter().flatten() {
            if let Some(c) = self.node(child) {
                if c["role"]["value"] == "StaticText" {
                    out.push_str(c["name"]["value"].as_str().unwrap_or(""));
                } else {
                    out.push_str(&self.text(c));
                }
            }
        }
        out
    }

    /// The texts of the polite live regions.
    fn polite(&self) -> Vec<String> {
        self.nodes
            .iter()
            .filter(|n| {
                n["ignored"] != json!(true)
                    && Self::property(n, "live").is_some_and(|v| v["value"] == "polite")
                    && n["role"]["value"] == "status"
            })
            .map(|n| self.text(n))
            .collect()
    }
}

/// The live region's sentence (what a screen reader says next).
async fn announced(client: &Client) -> Result<String, String> {
    text(client, "announce").await
}

/// Moves the cursor by arrow keys from where the page has it to `cell`,
/// then presses the `extra` keys; waits until the page is idle. Whether
/// an arrow was pressed (the cursor was elsewhere).
async fn keys_to(
    client: &Client,
    board_el: &fantoccini::elements::Element,
    cell: &Value,
    extra: &str,
) -> Result<bool, String> {
    let at = js(client, "return window.lianliankan.cursor;").await?;
    let (r, c) = (cell[0].as_i64().unwrap_or(0), cell[1].as_i64().unwrap_or(0));
    let (r0, c0) = (at[0].as_i64().unwrap_or(0), at[1].as_i64().unwrap_or(0));
    let mut keys = String::new();
    for _ in 0..(r - r0).abs() {
        keys.push(char::from(if r > r0 { Key::Down } else { Key::Up }));
    }
    for _ in 0..(c - c0).abs() {
        keys.push(char::from(if c > c0 { Key::Right } else { Key::Left }));
    }
    let moved = !keys.is_empty();
    keys.push_str(extra);
    if !keys.is_empty() {
        board_el.send_keys(&keys).await.map_err(cmd("keys"))?;
    }
    idle(client).await?;
    Ok(moved)
}

/// The board's element, focused as a keyboard player's Tab leaves it.
async fn focused_board(client: &Client) -> Result<fantoccini::elements::Element, String> {
    let board_el = client
        .find(Locator::Id("board"))
        .await
        .map_err(cmd("board"))?;
    js(
        client,
        "document.getElementById('board').focus(); return null;",
    )
    .await?;
    Ok(board_el)
}

/// The turns of the path of the last pair removed ("path with 1 turn").
async fn last_turns(client: &Client) -> Result<String, String> {
    let n = js(
        client,
        "return window.lianliankan.history.at(-1).path.length - 2;",
    )
    .await?
    .as_u64()
    .ok_or("no step in the history")?;
    Ok(format!(
        "path with {n} turn{}",
        if n == 1 { "" } else { "s" }
    ))
}

/// The accessibility tree shows the board as a grid: one grid, a row a
/// board row, a cell a place, each named by its tile (from 28 kinds on,
/// kind k is design k, named here from a list of this test's own) or
/// "empty"; the cursor's cell is the grid's active descendant and moves
/// with the arrows; the tiles themselves are hidden from it.
pub(super) async fn the_board_is_a_grid_of_named_cells(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let (rows, cols, kinds) = (4_usize, 14_usize, 28_u64);
        let url = deal_url(
            env,
            &format!("rows={rows}&cols={cols}&kinds={kinds}&turns=2&border=open&gravity=none&groups=&deal=solvable&seed=5"),
        );
        goto(&client, &url).await?;
        let solved = api(env, "solve", &json!({"board": board(&client).await?, "rules": rules(&client).await?})).await?;
        play_pair(&client, &solved["order"][0]).await?;
        // The cursor is where the last click was; ↓ → move it on.
        let board_el = focused_board(&client).await?;
        let at = js(&client, "return window.lianliankan.cursor;").await?;
        let (r0, c0) = (at[0].as_u64().unwrap_or(0) as usize, at[1].as_u64().unwrap_or(0) as usize);
        let cursor = ((r0 + 1).min(rows - 1), (c0 + 1).min(cols - 1));
        board_el.send_keys(&format!("{}{}", char::from(Key::Down), char::from(Key::Right))).await.map_err(cmd("keys"))?;
        idle(&client).await?;

        let tree = AxTree::read(env, &client).await?;
        let grids = tree.of_role("grid");
        check!(grids.len() == 1, "one grid, found {}", grids.len());
        let grid = grids[0];
        check!(
            grid["name"]["value"].as_str().is_some_and(|n| n.starts_with("Board")),
            "the grid is named: {}",
            grid["name"]
        );
        let row_nodes = tree.of_role("row");
        check!(row_nodes.len() == rows, "{rows} rows, found {}", row_nodes.len());
        check!(row_nodes.iter().all(|r| r["parentId"] == grid["nodeId"]), "the rows are the grid's");
        let cells = tree.of_role("gridcell");
        check!(cells.len() == rows * cols, "{} cells, found {}", rows * cols, cells.len());
        let b = board(&client).await?;
        let mut empty = 0;
        for (r, row) in row_nodes.iter().enumerate() {
            let ids = row["childIds"].as_array().cloned().unwrap_or_default();
            let names: Vec<String> = ids
                .iter()
                .filter_map(|id| tree.node(id))
                .filter(|n| n["role"]["value"] == "gridcell")
                .map(|n| n["name"]["value"].as_str().unwrap_or("").to_owned())
                .collect();
            let want: Vec<String> = (0..cols).map(|c| cell_name(&b, kinds, r, c)).collect();
            check!(names == want, "row {}: the cells say {names:?}, not {want:?}", r + 1);
            empty += names.iter().filter(|n| n.starts_with("empty, ")).count();
        }
        check!(empty == 2, "the pair removed left two empty cells, found {empty}");
        check!(tree.of_role("button").iter().all(|n| !n["name"]["value"].as_str().unwrap_or("").starts_with("tile ")),
            "no tile button reaches the tree");
        // The active cell: the cursor's.
        let active = AxTree::property(grid, "activedescendant")
            .and_then(|v| v["relatedNodes"][0]["backendDOMNodeId"].as_u64())
            .ok_or_else(|| format!("no active descendant on the grid: {grid}"))?;
        let active_cell = cells
            .iter()
            .find(|n| n["backendDOMNodeId"].as_u64() == Some(active))
            .ok_or("the active descendant is no cell")?;
        let want = cell_name(&b, kinds, cursor.0, cursor.1);
        check!(active_cell["name"]["value"] == want.as_str(), "the active cell is {}, not {want}", active_cell["name"]);
        check!(AxTree::property(grid, "focused").is_some_and(|v| v["value"] == true), "the grid has the focus");
        check!(announced(&client).await? == want, "the cursor's cell said: {}", announced(&client).await?);
        // Kinds above 42 repeat a design: their number tells them apart.
        let names = js(&client, "return [43, 54].map(k => lianliankanPage.spokenName(k, 'pictures'));").await?;
        check!(names == json!(["dots 1 number 43", "bamboo 3 number 54"]), "{names}");
        Ok(())
    })
    .await
}

/// Two tiles picked with the keyboard only: the pick and the removal are
/// said in the live region, as the accessibility tree shows it, and the
/// picked cell is the grid's selected one.
pub(super) async fn a_keyboard_pair_is_announced(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let kinds = 6;
        let url = deal_url(
            env,
            "rows=4&cols=6&kinds=6&turns=2&border=closed&gravity=none&groups=&deal=solvable&seed=3",
        );
        goto(&client, &url).await?;
        // The message line (no live region of its own) is read out through
        // the one live region when nothing else spoke: here the deal's.
        let line = text(&client, "message").await?;
        let heard = announced(&client).await?;
        check!(
            !line.is_empty() && heard == line,
            "the deal's line {line:?} is heard, not {heard:?}"
        );
        let b = board(&client).await?;
        let hint = api(
            env,
            "hint",
            &json!({"board": b, "rules": rules(&client).await?}),
        )
        .await?;
        let pair = &hint["hint"];
        let board_el = focused_board(&client).await?;
        keys_to(
            &client,
            &board_el,
            &pair["a"],
            &char::from(Key::Enter).to_string(),
        )
        .await?;
        let picked = format!("Picked {}.", tile_at(&b, kinds, &pair["a"]));
        let tree = AxTree::read(env, &client).await?;
        check!(
            tree.polite().contains(&picked),
            "the tree's live regions say {:?}, not {picked}",
            tree.polite()
        );
        let selected: Vec<&str> = tree
            .of_role("gridcell")
            .into_iter()
            .filter(|n| AxTree::property(n, "selected").is_some_and(|v| v["value"] == true))
            .filter_map(|n| n["name"]["value"].as_str())
            .collect();
        let (r, c) = (
            pair["a"][0].as_u64().unwrap_or(0) as usize,
            pair["a"][1].as_u64().unwrap_or(0) as usize,
        );
        check!(
            selected == [cell_name(&b, kinds, r, c)],
            "the picked cell is the selected one: {selected:?}"
        );

        keys_to(
            &client,
            &board_el,
            &pair["b"],
            &char::from(Key::Enter).to_string(),
        )
        .await?;
        check!(tiles_left(&client).await? == 22, "the pair went");
        let removed = format!(
            "Removed {} and {}, {}.",
            tile_at(&b, kinds, &pair["a"]),
            tile_at(&b, kinds, &pair["b"]),
            last_turns(&client).await?
        );
        let tree = AxTree::read(env, &client).await?;
        // One voice: the removal is said once, by one live region (the
        // message line of the same action stays unsaid).
        let voices: Vec<String> = tree
            .polite()
            .into_iter()
            .filter(|t| !t.is_empty())
            .collect();
        check!(
            voices == [removed.clone()],
            "the tree's live regions say {voices:?}, not only {removed}"
        );
        Ok(())
    })
    .await
}

/// A whole game of 2 × 4 played by keyboard alone, each step's sentence
/// checked: the cell under the cursor, a refused pair of two kinds (the
/// second tile then picked), Escape, each pick and removal with its turns,
/// a hint, undo and redo, and "Game cleared" at the end.
pub(super) async fn a_whole_game_by_keyboard_and_ear(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let kinds = 2;
        let url = deal_url(
            env,
            "rows=2&cols=4&kinds=2&turns=2&border=open&gravity=none&groups=&deal=solvable&seed=8",
        );
        goto(&client, &url).await?;
        let board_el = focused_board(&client).await?;
        let enter = char::from(Key::Enter).to_string();

        // The cell under the cursor, after one arrow.
        board_el
            .send_keys(&char::from(Key::Right).to_string())
            .await
            .map_err(cmd("→"))?;
        idle(&client).await?;
        let b = board(&client).await?;
        check!(
            announced(&client).await? == cell_name(&b, kinds, 0, 1),
            "the cursor's cell: {}",
            announced(&client).await?
        );

        // Two tiles of different kinds: refused, the second picked; Escape
        // drops it.
        let cells: Vec<Value> = (0..2)
            .flat_map(|r| (0..4).map(move |c| json!([r, c])))
            .collect();
        let kind = |cell: &Value| {
            b[cell[0].as_u64().unwrap_or(0) as usize][cell[1].as_u64().unwrap_or(0) as usize]
                .clone()
        };
        let first = cells[0].clone();
        let other = cells
            .iter()
            .find(|c| kind(c) != kind(&first))
            .cloned()
            .ok_or("one kind only")?;
        keys_to(&client, &board_el, &first, &enter).await?;
        keys_to(&client, &board_el, &other, &enter).await?;
        let refused = format!(
            "Not a pair: {} and {}. Picked {}.",
            tile_at(&b, kinds, &first),
            tile_at(&b, kinds, &other),
            tile_at(&b, kinds, &other)
        );
        check!(
            announced(&client).await? == refused,
            "said {:?}, not {refused:?}",
            announced(&client).await?
        );
        board_el
            .send_keys(&char::from(Key::Escape).to_string())
            .await
            .map_err(cmd("Esc"))?;
        idle(&client).await?;
        check!(
            announced(&client).await? == "Pick dropped.",
            "Escape: {}",
            announced(&client).await?
        );

        let solved = api(
            env,
            "solve",
            &json!({"board": b, "rules": rules(&client).await?}),
        )
        .await?;
        let order = solved["order"].as_array().cloned().unwrap_or_default();
        check!(order.len() == 4, "four pairs: {solved}");
        for (i, pair) in order.iter().enumerate() {
            let now = board(&client).await?;
            if i == 1 {
                // A hint: its pair said, where the page marks it.
                board_el.send_keys("h").await.map_err(cmd("h"))?;
                idle(&client).await?;
                let marked = hinted_cells(&client).await?;
                let said = announced(&client).await?;
                check!(marked.len() == 2, "the hint marks two tiles");
                let cell = |p: &lianliankan::Pos| json!([p.row, p.col]);
                check!(
                    said.starts_with(&format!(
                        "Hint: {} and {}, path with ",
                        tile_at(&now, kinds, &cell(&marked[0])),
                        tile_at(&now, kinds, &cell(&marked[1]))
                    )) || said.starts_with(&format!(
                        "Hint: {} and {}, path with ",
                        tile_at(&now, kinds, &cell(&marked[1])),
                        tile_at(&now, kinds, &cell(&marked[0]))
                    )),
                    "the hint said: {said}, marked {marked:?}"
                );
            }
            let under = (
                pair["a"][0].as_u64().unwrap_or(0) as usize,
                pair["a"][1].as_u64().unwrap_or(0) as usize,
            );
            // (The cursor may be on the tile already: no key, no word.)
            if keys_to(&client, &board_el, &pair["a"], "").await? {
                let want = cell_name(&now, kinds, under.0, under.1);
                check!(
                    announced(&client).await? == want,
                    "step {i}: the cursor's cell said {:?}, not {want:?}",
                    announced(&client).await?
                );
            }
            board_el.send_keys(&enter).await.map_err(cmd("Enter"))?;
            idle(&client).await?;
            let picked = format!("Picked {}.", tile_at(&now, kinds, &pair["a"]));
            check!(
                announced(&client).await? == picked,
                "step {i}: said {:?}, not {picked:?}",
                announced(&client).await?
            );
            keys_to(&client, &board_el, &pair["b"], &enter).await?;
            let last = i + 1 == order.len();
            let removed = format!(
                "Removed {} and {}, {}.{}",
                tile_at(&now, kinds, &pair["a"]),
                tile_at(&now, kinds, &pair["b"]),
                last_turns(&client).await?,
                if last { " Game cleared." } else { "" }
            );
            check!(
                announced(&client).await? == removed,
                "step {i}: said {:?}, not {removed:?}",
                announced(&client).await?
            );
            if i == 2 {
                // Undo puts the pair back; redo takes it again.
                let pair_words = format!(
                    "{} and {}",
                    tile_at(&now, kinds, &pair["a"]),
                    tile_at(&now, kinds, &pair["b"])
                );
                board_el.send_keys("u").await.map_err(cmd("u"))?;
                idle(&client).await?;
                let back = format!("Undone: {pair_words} are back.");
                check!(
                    announced(&client).await? == back,
                    "undo said {:?}, not {back:?}",
                    announced(&client).await?
                );
                board_el.send_keys("r").await.map_err(cmd("r"))?;
                idle(&client).await?;
                let again = format!("Redone: removed {pair_words}.");
                check!(
                    announced(&client).await? == again,
                    "redo said {:?}, not {again:?}",
                    announced(&client).await?
                );
            }
        }
        check!(
            tiles_left(&client).await? == 0 && shown(&client, "won").await?,
            "cleared by keyboard"
        );
        Ok(())
    })
    .await
}
