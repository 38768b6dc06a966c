//! Space after a toolbar button (issue 49): a button clicked with the mouse
//! must not keep the keys, or Space and Enter, meant for the board's
//! cursor, press it again (after Shuffle, each Space shuffled again and, in
//! the levels, spent a life). In the classic game and in the levels, every
//! toolbar button the page shows and enables is clicked, then Space is
//! pressed, and nothing changes but the pick of the cursor's tile.

use fantoccini::Client;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::{Value, json};

use super::{
    Env, Outcome, Screen, api, board, click, cmd, deal_url, goto, idle, js, next_frames, play_pair,
    rules, with_session,
};

/// What Space may change, and what it may not: the board, the history
/// and the undone steps, the pick, Pause, the level run's state (score,
/// combo, lives, hints, countdown: frozen here), and whether the focus is
/// in a form field (whose keys are its own).
const SNAPSHOT: &str = "const g = window.lianliankan; \
     const f = document.activeElement; \
     return {board: g.board, history: g.history.length, undone: g.undone.length, \
             selected: g.selected, paused: g.paused, level: window.lianliankanLevel.state, \
             field: !!(f && f.closest && f.closest('input, select, textarea'))};";

/// Puts the keyboard's cursor on the first tile, row by row, and returns
/// its cell.
const CURSOR_ON_A_TILE: &str = "const g = window.lianliankan; \
     for (let r = 0; r < g.board.length; r++) for (let c = 0; c < g.board[r].length; c++) \
       if (g.board[r][c]) { g.cursor = [r, c]; lianliankanPage.placeCursor(); return [r, c]; } \
     return null;";

/// Presses and releases `key` wherever the focus is, as a player does.
async fn press(client: &Client, key: char) -> Outcome {
    let keys = KeyActions::new("keyboard".to_owned())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    client.perform_actions(keys).await.map_err(cmd("a key"))?;
    // A click that Space gave a button has started its work once the page
    // has handled the key's events.
    next_frames(client).await?;
    idle(client).await
}

/// Clicks each toolbar button in turn, then presses Space, and checks
/// that Space only picked the cursor's tile (nothing when the board is
/// paused, or when the button put the focus in a field, as Share may:
/// the link's field keeps its keys). Returns the buttons clicked and,
/// for each button after which Space did more, what it did (every button
/// is tried, so that a failure names them all).
async fn space_after_each_button(
    client: &Client,
    mode: &str,
) -> Result<(Vec<String>, Vec<String>), String> {
    // Every button of the toolbar, from the page, in its order: a button
    // added later is covered without a change here.
    let ids = js(
        client,
        "return [...document.querySelectorAll('#toolbar button')].map(b => b.id);",
    )
    .await?;
    let (mut clicked, mut wrong) = (Vec::new(), Vec::new());
    for id in ids
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        // Auto-solve plays the game to its end (or to the next level):
        // no board is left to pick on. (The form's Deal, New game and
        // Restart replace the game; they are not in the toolbar.)
        if id == "solve" {
            continue;
        }
        // Pause twice: Space on the paused board, then after Resume.
        let times = if id == "pause" { 2 } else { 1 };
        for _ in 0..times {
            let usable = format!(
                "const b = document.getElementById('{id}'); \
                 return !b.disabled && !b.hidden && b.offsetParent !== null;"
            );
            if js(client, &usable).await? != json!(true) {
                continue;
            }
            js(client, "lianliankanPage.deselect(); return null;").await?;
            click(client, id).await?;
            let cursor = js(client, CURSOR_ON_A_TILE).await?;
            check!(!cursor.is_null(), "{mode}: a tile is left after {id}");
            let before = js(client, SNAPSHOT).await?;
            press(client, ' ').await?;
            let after = js(client, SNAPSHOT).await?;
            let mut expected = before.clone();
            if before["paused"] == json!(false) && before["field"] == json!(false) {
                expected["selected"] = cursor;
            }
            if after != expected {
                let focus = js(
                    client,
                    "return document.activeElement.id || document.activeElement.tagName;",
                )
                .await?;
                wrong.push(format!(
                    "{mode}: Space after a click on `{id}` changed more than the pick of the \
                     cursor's tile (the focus: {focus}):\n  before {before}\n  after  {after}"
                ));
            }
            clicked.push(id.to_owned());
        }
    }
    Ok((clicked, wrong))
}

pub(super) async fn space_after_a_toolbar_button_picks_the_cursor_tile(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let size = "rows=4&cols=6&kinds=6&turns=2&border=closed&gravity=none";
        // The classic game, a pair played first so that Undo, and after
        // it Redo, can be clicked.
        goto(
            &client,
            &deal_url(env, &format!("{size}&groups=&deal=solvable&seed=3")),
        )
        .await?;
        let hint = api(
            env,
            "hint",
            &json!({"board": board(&client).await?, "rules": rules(&client).await?}),
        )
        .await?;
        play_pair(&client, &hint["hint"]).await?;
        let (clicked, mut wrong) = space_after_each_button(&client, "classic").await?;
        // (Share's Copy opens with the link, over the board, in the toolbar.)
        let all = [
            "hint",
            "shuffle",
            "undo",
            "redo",
            "share",
            "pause",
            "pause",
            "share-copy",
        ];
        check!(clicked == all, "classic: the buttons clicked: {clicked:?}");

        // A keyboard player's button keeps its keys: Shuffle reached with
        // the focus (as Tab brings it) and pressed with Enter shuffles
        // once, and the focus stays on it.
        js(&client, "lianliankanPage.deselect(); document.getElementById('shuffle').focus(); return null;").await?;
        let before = js(&client, SNAPSHOT).await?;
        press(&client, char::from(Key::Enter)).await?;
        let after = js(&client, SNAPSHOT).await?;
        let focus = js(&client, "return document.activeElement.id;").await?;
        check!(
            after["history"].as_u64() == before["history"].as_u64().map(|n| n + 1)
                && after["selected"].is_null()
                && focus == json!("shuffle"),
            "Enter on the focused Shuffle shuffles once and keeps the focus (the focus: {focus}):\n  \
             before {before}\n  after  {after}"
        );

        // The levels (no undo, redo or share there).
        super::level::start_run(env, &client, size, 3).await?;
        let (clicked, more) = space_after_each_button(&client, "levels").await?;
        let all = ["hint", "shuffle", "pause", "pause"];
        check!(clicked == all, "levels: the buttons clicked: {clicked:?}");
        wrong.extend(more);
        check!(wrong.is_empty(), "{}", wrong.join("\n"));
        Ok(())
    })
    .await
}
