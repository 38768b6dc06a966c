//! The presets and the level game (crates/play/README.md) in the browser: presets
//! fill the deal form; a level cleared by clicking leads to the next with
//! the next gravity mode and the score, lives and hints the level game carries; the
//! combo's scoring as the score shows it; a board with no move costs a
//! life; the countdown at 0 ends the run with an announced game over, and
//! Pause stops it (the page's pure level rules against a model of the level game:
//! `level_model.rs`).
//!
//! The countdown's clock is the page's `lianliankanLevel.now`: the
//! scenarios replace it (frozen, or a clock they move by hand), so no
//! scenario waits for real seconds and no score depends on the machine's
//! speed.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use super::{
    Env, Outcome, Screen, api, board, click, click_tile, cmd, deal_url, goto, idle, js,
    next_frames, play_pair, rules, screenshot, shown, text, tiles_left, with_session,
};

/// The engine's gravity modes, in their order (level L plays mode L mod 13).
pub(super) const GRAVITY: [&str; 13] = [
    "none",
    "down",
    "up",
    "left",
    "right",
    "apart-vertical",
    "together-vertical",
    "apart-horizontal",
    "together-horizontal",
    "top-left-bottom-right",
    "left-down-right-up",
    "outward",
    "inward",
];

/// Chooses `value` in the `<select>` `id`, as a player would.
pub(super) async fn choose(client: &Client, id: &str, value: &str) -> Outcome {
    super::unfold(client, id).await?;
    let select = client.find(Locator::Id(id)).await.map_err(cmd(id))?;
    select.select_by_value(value).await.map_err(cmd(value))?;
    Ok(())
}

/// The value of the form field `id`.
pub(super) async fn value(client: &Client, id: &str) -> Result<String, String> {
    let script = format!("return document.getElementById('{id}').value;");
    Ok(js(client, &script).await?.as_str().unwrap_or("").to_owned())
}

/// Types `text` into the field `id` (replacing what it held).
pub(super) async fn type_into(client: &Client, id: &str, text: &str) -> Outcome {
    super::unfold(client, id).await?;
    let field = client.find(Locator::Id(id)).await.map_err(cmd(id))?;
    field.clear().await.map_err(cmd("clear"))?;
    field.send_keys(text).await.map_err(cmd("type"))
}

/// The run's state as the page keeps it (null outside a run).
pub(super) async fn state(client: &Client) -> Result<Value, String> {
    js(client, "return window.lianliankanLevel.state;").await
}

/// Waits until the page is idle and no level is being dealt.
pub(super) async fn settled(client: &Client) -> Outcome {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        idle(client).await?;
        if js(
            client,
            "return window.lianliankanLevel.dealing || window.lianliankanLevel.stuck;",
        )
        .await?
            == json!(false)
        {
            return Ok(());
        }
        check!(
            Instant::now() < deadline,
            "a level was still being dealt after 30 s"
        );
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// Freezes the countdown: the page's clock stands still.
pub(super) async fn freeze_clock(client: &Client) -> Outcome {
    js(
        client,
        "window.lianliankanLevel.now = () => 0; return null;",
    )
    .await?;
    Ok(())
}

/// Gives the page a clock the test moves by hand ([`advance`]), at 0.
pub(super) async fn hand_clock(client: &Client) -> Outcome {
    // A tick reads the new clock at once, so that later moves count in
    // full.
    js(
        client,
        "window.testNow = 0; window.lianliankanLevel.now = () => window.testNow; lianliankanPage.levelTick(); return null;",
    )
    .await?;
    Ok(())
}

/// Moves the hand clock on by `ms`; a tick sees it at once (the page's
/// own ticks see the same clock: no wait on real time).
pub(super) async fn advance(client: &Client, ms: u64) -> Outcome {
    js(
        client,
        &format!("window.testNow += {ms}; lianliankanPage.levelTick(); return null;"),
    )
    .await?;
    Ok(())
}

/// Opens the page on a classic deal of this size and rules, then starts a
/// level run from the form with `seed` (level L deals seed + L; not
/// ranked), the countdown frozen before the first level is dealt.
pub(super) async fn start_run(env: &Env, client: &Client, size: &str, seed: u64) -> Outcome {
    start_run_with(env, client, size, Some(seed)).await
}

/// [`start_run`] with the seed box empty: a ranked run, each level seeded
/// by the server and timed on its clock.
pub(super) async fn start_ranked_run(env: &Env, client: &Client, size: &str) -> Outcome {
    start_run_with(env, client, size, None).await
}

async fn start_run_with(env: &Env, client: &Client, size: &str, seed: Option<u64>) -> Outcome {
    goto(
        client,
        &deal_url(env, &format!("{size}&groups=&deal=solvable&seed=1")),
    )
    .await?;
    freeze_clock(client).await?;
    choose(client, "mode", "levels").await?;
    check!(
        text(client, "deal").await? == "Start levels",
        "the form's button says what it starts"
    );
    match seed {
        Some(seed) => type_into(client, "seed", &seed.to_string()).await?,
        None => {
            super::unfold(client, "seed").await?;
            let field = client
                .find(Locator::Id("seed"))
                .await
                .map_err(cmd("seed"))?;
            field.clear().await.map_err(cmd("clear"))?;
        }
    }
    click(client, "deal").await?;
    settled(client).await?;
    check!(
        shown(client, "level-status").await?,
        "the level status is shown"
    );
    Ok(())
}

/// The numbers the level status shows: level, time left, score, combo,
/// lives, hints.
async fn shown_numbers(client: &Client) -> Result<[String; 6], String> {
    Ok([
        text(client, "lv-level").await?,
        text(client, "lv-time").await?,
        text(client, "lv-score").await?,
        text(client, "lv-combo").await?,
        text(client, "lv-lives").await?,
        text(client, "lv-hints").await?,
    ])
}

/// The solver's removal order for the position on the page.
pub(super) async fn order(env: &Env, client: &Client) -> Result<Vec<Value>, String> {
    let solved = api(
        env,
        "solve",
        &json!({"board": board(client).await?, "rules": rules(client).await?}),
    )
    .await?;
    check!(solved["result"] == "solved", "solvable: {solved}");
    Ok(solved["order"].as_array().cloned().unwrap_or_default())
}

/// Choosing a size fills the deal form (KShisen's tile types for the
/// size); choosing a difficulty changes no rule (it asks for a deal rated
/// in its band) and says what it means; editing the size sets the size
/// preset back to "custom"; and the deal follows the form.
pub(super) async fn presets_fill_the_form(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        goto(&client, &format!("http://{}/", env.site)).await?;
        let sizes = js(
            &client,
            "return [...document.querySelectorAll('#preset-size option')].map(o => o.value);",
        )
        .await?;
        check!(
            sizes == json!(["", "14x6", "16x9", "18x8", "24x12", "26x14", "30x16"]),
            "KShisen's six sizes: {sizes}"
        );
        // Named rows × columns, as every message says sizes.
        let labels = js(
            &client,
            "return [...document.querySelectorAll('#preset-size option')].map(o => o.textContent);",
        )
        .await?;
        check!(
            labels
                == json!([
                    "custom", "6 × 14", "9 × 16", "8 × 18", "12 × 24", "14 × 26", "16 × 30"
                ]),
            "rows × columns: {labels}"
        );
        // A first visit's deal: KShisen's 18 × 8, normal.
        check!(
            value(&client, "preset-size").await? == "18x8"
                && value(&client, "difficulty").await? == "normal",
            "the first deal's preset"
        );
        choose(&client, "border", "closed").await?;
        choose(&client, "gravity", "none").await?;
        let form = |rows: &'static str, cols, kinds, border, gravity| {
            [rows, cols, kinds, border, gravity].map(str::to_owned)
        };
        let read = |client: Client| async move {
            let mut out = Vec::new();
            for id in ["rows", "cols", "kinds", "border", "gravity"] {
                out.push(value(&client, id).await?);
            }
            Ok::<_, String>(out)
        };
        choose(&client, "preset-size", "16x9").await?;
        check!(
            read(client.clone()).await? == form("9", "16", "36", "closed", "none"),
            "16 × 9: {:?}",
            read(client.clone()).await?
        );
        choose(&client, "difficulty", "hard").await?;
        check!(
            read(client.clone()).await? == form("9", "16", "36", "closed", "none"),
            "16 × 9 hard changes no rule: {:?}",
            read(client.clone()).await?
        );
        let note = text(&client, "difficulty-note").await?;
        check!(
            note.starts_with(
                "Hard: a solvable deal under your rules in the hardest third of this board's deals"
            ),
            "{note}"
        );
        choose(&client, "border", "open").await?;
        choose(&client, "gravity", "down").await?;
        choose(&client, "difficulty", "easy").await?;
        check!(
            read(client.clone()).await? == form("9", "16", "36", "open", "down"),
            "16 × 9 easy keeps the player's rules: {:?}",
            read(client.clone()).await?
        );
        choose(&client, "preset-size", "30x16").await?;
        check!(
            read(client.clone()).await? == form("16", "30", "42", "open", "down"),
            "30 × 16 (KShisen's 42 types): {:?}",
            read(client.clone()).await?
        );
        choose(&client, "solvable", "random").await?;
        check!(
            value(&client, "difficulty").await?.is_empty(),
            "a random deal has no difficulty"
        );
        choose(&client, "difficulty", "normal").await?;
        check!(
            value(&client, "solvable").await? == "solvable",
            "a difficulty deals a solvable deal"
        );
        choose(&client, "preset-size", "14x6").await?;
        check!(
            read(client.clone()).await? == form("6", "14", "21", "open", "down"),
            "14 × 6: {:?}",
            read(client.clone()).await?
        );
        screenshot(env, &client, "desktop-presets").await?;
        click(&client, "deal").await?;
        let spec = js(&client, "return window.lianliankan.spec;").await?;
        check!(
            spec["rows"] == 6
                && spec["cols"] == 14
                && spec["kinds"] == 21
                && spec["rules"]["gravity"] == "down"
                && spec["rules"]["border"] == "open"
                && spec["difficulty"] == "normal",
            "the deal follows the form: {spec}"
        );
        check!(
            shown(&client, "deal-rating-box").await?,
            "a deal of a difficulty shows its rating"
        );
        check!(tiles_left(&client).await? == 84, "14 × 6 dealt");
        // A level run on KShisen's biggest board fits the window too.
        choose(&client, "preset-size", "30x16").await?;
        freeze_clock(&client).await?;
        choose(&client, "mode", "levels").await?;
        click(&client, "deal").await?;
        settled(&client).await?;
        check!(
            tiles_left(&client).await? == 480,
            "a 30 × 16 level: {}",
            text(&client, "message").await?
        );
        let fit = js(
            &client,
            "return [document.documentElement.scrollHeight, window.innerHeight, \
                     document.documentElement.scrollWidth, window.innerWidth, \
                     document.querySelector('.tile').getBoundingClientRect().width];",
        )
        .await?;
        let n = |i: usize| fit[i].as_f64().unwrap_or(f64::NAN);
        check!(
            n(0) <= n(1) && n(2) <= n(3),
            "the level page scrolls: {fit}"
        );
        check!(n(4) >= 24.0, "tiles of {} px in a 30 × 16 level", n(4));
        screenshot(env, &client, "desktop-level-30x16").await?;
        // The settings folded away to leave the board room: open them.
        let summary = client
            .find(Locator::Css("#settings > summary"))
            .await
            .map_err(cmd("summary"))?;
        summary.click().await.map_err(cmd("open the settings"))?;
        choose(&client, "mode", "classic").await?;
        choose(&client, "preset-size", "14x6").await?;
        click(&client, "deal").await?;
        // A size edited by hand: the size preset says "custom" again; the
        // difficulty stays (it is no set of rules).
        type_into(&client, "kinds", "20").await?;
        js(
            &client,
            "document.getElementById('kinds').dispatchEvent(new Event('change')); return null;",
        )
        .await?;
        check!(
            value(&client, "preset-size").await? == "14x6",
            "the size still is 14 × 6"
        );
        type_into(&client, "cols", "12").await?;
        js(
            &client,
            "document.getElementById('cols').dispatchEvent(new Event('change')); return null;",
        )
        .await?;
        check!(
            value(&client, "preset-size").await?.is_empty(),
            "12 columns are no KShisen size"
        );
        check!(
            value(&client, "difficulty").await? == "normal",
            "the difficulty stays"
        );
        Ok(())
    })
    .await
}

/// Level 1 (L = 0, gravity none) of a 2 × 4 board cleared by clicking,
/// the countdown frozen: its 24 s (10 s and 3.5 s a pair) are shown, four
/// pairs score 10, 11, 12, 13 and the 24 s left add 24; the level-cleared
/// screen over the board gives the numbers; Next level deals level 2 with
/// gravity down and seed + 1, 23.6 s (3.4 s a pair), a life and two
/// hints more, the score carried and the combo back to 0.
pub(super) async fn a_level_cleared_leads_to_the_next(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        start_run(env, &client, "rows=2&cols=4&kinds=2&turns=2&border=open&gravity=none", 40).await?;
        check!(
            shown_numbers(&client).await? == ["1", "0:24", "0", "0", "4", "10"].map(str::to_owned),
            "a run starts at level 1 with 24 s, 4 lives and 10 hints: {:?}",
            shown_numbers(&client).await?
        );
        let r = rules(&client).await?;
        check!(r["gravity"] == "none", "level 1 has no gravity: {r}");
        check!(
            text(&client, "lv-gravity").await?.starts_with("none"),
            "the gravity is shown"
        );
        let spec = js(&client, "return window.lianliankan.spec;").await?;
        check!(spec["seed"] == 40, "level 1 uses the form's seed: {spec}");
        let pairs = order(env, &client).await?;
        check!(pairs.len() == 4, "four pairs on 2 × 4");
        let mut expected = 0;
        for (i, pair) in pairs.iter().enumerate() {
            play_pair(&client, pair).await?;
            if i + 1 < pairs.len() {
                expected += 10 + i;
                check!(
                    text(&client, "lv-score").await? == expected.to_string(),
                    "after pair {}: score {} (expected {expected})",
                    i + 1,
                    text(&client, "lv-score").await?
                );
                check!(
                    text(&client, "lv-combo").await? == (i + 1).to_string(),
                    "the combo counts pairs in a row"
                );
            }
        }
        check!(shown(&client, "level-cleared").await?, "the level is cleared");
        check!(!shown(&client, "won").await?, "no classic finish screen in a run");
        let line = text(&client, "level-cleared-line").await?;
        check!(
            line.contains("+24 points for the time left")
                && line.contains("score 70")
                && line.contains("↓"),
            "cleared: {line}"
        );
        check!(
            text(&client, "lv-score").await? == "70",
            "10 + 11 + 12 + 13 + 24 s left"
        );
        let numbers = text(&client, "level-cleared-numbers").await?;
        check!(
            numbers == "Level1Pairs4 of 4Best combo4Time left0:24 (+24 points)Level score70Run total70",
            "the level's numbers: {numbers}"
        );
        // One number for the time left: the status line says it too.
        check!(
            text(&client, "lv-time").await? == "0:24",
            "the status line's time left is the bonus's: {}",
            text(&client, "lv-time").await?
        );
        screenshot(env, &client, "desktop-level-cleared").await?;
        // A reload between two levels comes back to the same banner.
        client.refresh().await.map_err(cmd("reload"))?;
        settled(&client).await?;
        freeze_clock(&client).await?;
        check!(
            shown(&client, "level-cleared").await?
                && text(&client, "level-cleared-line").await? == line,
            "after a reload: {}",
            text(&client, "level-cleared-line").await?
        );
        check!(!shown(&client, "won").await?, "still no classic finish screen");
        click(&client, "level-next").await?;
        settled(&client).await?;
        check!(
            shown_numbers(&client).await? == ["2", "0:24", "70", "0", "5", "12"].map(str::to_owned),
            "level 2: 23.6 s, the score carried, the combo anew, 5 lives, 12 hints: {:?}",
            shown_numbers(&client).await?
        );
        let r = rules(&client).await?;
        check!(r["gravity"] == "down" && r["border"] == "open", "level 2 plays gravity down: {r}");
        check!(
            text(&client, "lv-gravity").await?.starts_with("↓"),
            "the arrow of gravity down"
        );
        let spec = js(&client, "return window.lianliankan.spec;").await?;
        check!(spec["seed"] == 41, "level 2 uses seed + 1: {spec}");
        check!(tiles_left(&client).await? == 8, "a full board again");
        check!(!shown(&client, "level-cleared").await?, "the banner goes");
        // Undo and auto-solve are not part of a level game.
        let off = js(
            &client,
            "return ['undo', 'redo', 'solve', 'share'].map(id => document.getElementById(id).disabled);",
        )
        .await?;
        check!(off == json!([true, true, true, true]), "undo, redo, auto-solve, share: {off}");
        screenshot(env, &client, "desktop-level-2").await
    })
    .await
}

/// Two tiles of different kinds on `board`, not `avoid`'s cells.
fn different_kinds(board: &Value) -> Option<(Value, Value)> {
    let rows = board.as_array()?;
    let mut seen: Option<(u64, Value)> = None;
    for (r, row) in rows.iter().enumerate() {
        for (c, kind) in row.as_array()?.iter().enumerate() {
            let kind = kind.as_u64()?;
            if kind == 0 {
                continue;
            }
            match &seen {
                None => seen = Some((kind, json!([r, c]))),
                Some((k, cell)) if *k != kind => return Some((cell.clone(), json!([r, c]))),
                Some(_) => {}
            }
        }
    }
    None
}

/// The combo as the score shows it: pairs in a row score 10, 11, ...; a
/// refused pick (two tiles of different kinds) sets it back, so the next
/// pair scores 10 again. A hint costs one of the hints.
pub(super) async fn a_refused_pick_resets_the_combo(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        start_run(
            env,
            &client,
            "rows=4&cols=4&kinds=4&turns=2&border=open&gravity=none",
            7,
        )
        .await?;
        let pairs = order(env, &client).await?;
        play_pair(&client, &pairs[0]).await?;
        play_pair(&client, &pairs[1]).await?;
        check!(text(&client, "lv-score").await? == "21", "10 + 11");
        check!(text(&client, "lv-combo").await? == "2", "two in a row");
        let (a, b) = different_kinds(&board(&client).await?).ok_or("no two kinds left")?;
        click_tile(&client, &a).await?;
        click_tile(&client, &b).await?;
        idle(&client).await?;
        check!(
            text(&client, "lv-combo").await? == "0",
            "a refused pick resets the combo"
        );
        check!(
            text(&client, "lv-score").await? == "21",
            "and scores nothing"
        );
        // The second tile is selected now: a click on it drops it.
        click_tile(&client, &b).await?;
        idle(&client).await?;
        play_pair(&client, &pairs[2]).await?;
        check!(
            text(&client, "lv-score").await? == "31",
            "the next pair scores 10 again: {}",
            text(&client, "lv-score").await?
        );
        play_pair(&client, &pairs[3]).await?;
        check!(text(&client, "lv-score").await? == "42", "then 11");
        click(&client, "hint").await?;
        check!(
            text(&client, "lv-hints").await? == "9",
            "a hint used, nine left"
        );
        check!(
            js(
                &client,
                "return document.querySelectorAll('#paths polyline.hint').length;"
            )
            .await?
                == json!(1),
            "the hint is drawn"
        );
        Ok(())
    })
    .await
}

/// The removals in `game` (at most `depth`) after which the board has
/// tiles and no move, if there are such: a depth-first search.
fn to_stuck(game: &lianliankan::Game, depth: usize) -> Option<Vec<Value>> {
    let moves = game.moves();
    if game.board().tile_count() > 0 && moves.is_empty() {
        return Some(Vec::new());
    }
    if depth == 0 {
        return None;
    }
    moves.into_iter().find_map(|m| {
        let mut next = game.clone();
        next.remove(m.a(), m.b()).ok()?;
        let mut rest = to_stuck(&next, depth - 1)?;
        rest.insert(0, super::pick(m));
        Some(rest)
    })
}

/// A short line of removals that leaves `board` (straight paths only,
/// closed border, no gravity) with tiles and no move.
fn stuck_line(board: &Value) -> Option<Vec<Value>> {
    use lianliankan::{Border, Game, Rules};
    let board = super::engine_board(board).ok()?;
    let rules = Rules::judge()
        .with_turns(0)
        .unwrap()
        .with_border(Border::Closed)
        .unwrap();
    (1..=3).find_map(|depth| to_stuck(&Game::new(board.clone(), rules.clone()), depth))
}

/// A board with no move in a level (reached by clicking a line of pairs
/// the engine found on the board the page was dealt): it is shuffled at
/// once, for a life; the tiles stay and a pair can go again.
///
/// The line is worked out from the page's own board, not from a deal the
/// test asked for beside it: a deal of a difficulty is searched under a
/// time cap, so on a loaded machine the same seed can give another
/// candidate (the failure of issue 55, "lives still 4"). Seeds whose API
/// deal has such a line are tried in turn until the page's deal has one.
pub(super) async fn a_board_with_no_move_costs_a_life(env: &Env) -> Outcome {
    let mut seeds = Vec::new();
    for seed in 0..300 {
        // Level 1 asks for an easy deal.
        let spec = json!({"rows": 3, "cols": 4, "kinds": 3, "seed": seed, "solvable": true,
            "rules": {"turns": 0, "border": "closed", "gravity": "none"}, "difficulty": "easy"});
        if stuck_line(&api(env, "deal", &spec).await?["board"]).is_some() {
            seeds.push(seed);
            if seeds.len() == 5 {
                break;
            }
        }
    }
    check!(
        !seeds.is_empty(),
        "no 3 × 4 deal with three removals that leave no move among 300 seeds"
    );
    with_session(env, Screen::Desktop, |client| async move {
        let mut line = None;
        for &seed in &seeds {
            start_run(
                env,
                &client,
                "rows=3&cols=4&kinds=3&turns=0&border=closed&gravity=none",
                seed,
            )
            .await?;
            let spec = js(&client, "return window.lianliankan.spec;").await?;
            check!(
                spec["seed"] == seed && spec["rules"]["turns"] == 0,
                "the level's deal: {spec}"
            );
            line = stuck_line(&board(&client).await?);
            if line.is_some() {
                break;
            }
        }
        let line = line.ok_or_else(|| {
            format!("none of the page's deals of seeds {seeds:?} has a line to a board with no move")
        })?;
        for pair in &line {
            play_pair(&client, pair).await?;
        }
        // The board with no move is shuffled for a life: wait for that
        // state (the shuffle's answer), not for a time.
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            settled(&client).await?;
            let done = js(
                &client,
                "return !window.lianliankan.position.dead && window.lianliankanLevel.state.lives !== 4;",
            )
            .await?;
            if done == json!(true) {
                break;
            }
            check!(
                Instant::now() < deadline,
                "no shuffle within 30 s: {:?}",
                shown_numbers(&client).await?
            );
            next_frames(&client).await?;
        }
        check!(
            text(&client, "lv-lives").await? == "3",
            "the shuffle cost a life: {:?}",
            shown_numbers(&client).await?
        );
        check!(
            !shown(&client, "dead").await?,
            "no classic banner: the level shuffled"
        );
        let left = 12 - 2 * line.len();
        check!(
            tiles_left(&client).await? == left,
            "the shuffle keeps the {left} tiles"
        );
        check!(
            text(&client, "moves-left").await? != "0",
            "a pair can go after the shuffle"
        );
        let message = text(&client, "message").await?;
        check!(
            message.contains("one life spent (3 left)"),
            "said: {message}"
        );
        let score: usize = (0..line.len()).map(|i| 10 + i).sum();
        check!(
            text(&client, "lv-score").await? == score.to_string(),
            "the pairs scored {score}"
        );
        check!(
            state(&client).await?["phase"] == "playing",
            "the run goes on"
        );
        screenshot(env, &client, "desktop-level-stuck").await
    })
    .await
}

/// Pause stops the countdown, and the bar shows what is left; a pair adds
/// no time; the countdown at 0 ends the run (the level lost on time),
/// announced with the score (an alert region) on the level-failed screen
/// with its numbers; the board takes no more picks and hides the keyboard
/// cursor, and New run starts again at level 1.
pub(super) async fn the_countdown_ends_the_run(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        start_run(env, &client, "rows=4&cols=4&kinds=4&turns=2&border=open&gravity=none", 3).await?;
        hand_clock(&client).await?;
        advance(&client, 10_000).await?;
        // 4 × 4: 10 s and 3.5 s for each of 8 pairs, 38 s.
        check!(text(&client, "lv-time").await? == "0:28", "10 s gone: {}", text(&client, "lv-time").await?);
        let bar = js(&client, "return document.getElementById('lv-bar-fill').style.width;").await?;
        check!(bar == json!("73.7%"), "the time bar shows 28 of 38 s: {bar}");
        click(&client, "pause").await?;
        advance(&client, 50_000).await?;
        check!(text(&client, "lv-time").await? == "0:28", "paused, the countdown stands");
        click(&client, "pause").await?;
        advance(&client, 5_000).await?;
        check!(text(&client, "lv-time").await? == "0:23", "resumed: {}", text(&client, "lv-time").await?);
        let pairs = order(env, &client).await?;
        play_pair(&client, &pairs[0]).await?;
        check!(text(&client, "lv-time").await? == "0:23", "a pair adds no time");
        advance(&client, 23_000).await?;
        check!(shown(&client, "level-over").await?, "game over is shown");
        let over = text(&client, "level-over-line").await?;
        check!(
            over == "Game over: the countdown reached 0. Score 10, at level 1.",
            "announced: {over}"
        );
        let live = js(
            &client,
            "const e = document.getElementById('level-over'); return [e.getAttribute('role'), e.getAttribute('aria-live')];",
        )
        .await?;
        check!(live == json!(["alert", "assertive"]), "announced to screen readers: {live}");
        check!(text(&client, "lv-time").await? == "0:00", "the countdown shows 0:00");
        // The player's record (issue 59) holds the run once: played, its
        // score and level.
        let runs = js(
            &client,
            "return window.lianliankanRecord.loadRecord().games.filter(g => g.mode === 'level') \
               .map(g => [g.preset, g.cleared, g.score, g.levels]);",
        )
        .await?;
        check!(runs == json!([["4x4", false, 10, 1]]), "the run in the record: {runs}");
        check!(!shown(&client, "run-form").await?, "a run of the player's seed is not saved");
        let note = text(&client, "run-note").await?;
        check!(note.contains("is not ranked"), "and the page says why: {note}");
        let numbers = text(&client, "level-over-numbers").await?;
        check!(
            numbers == "Level1Pairs1 of 8Best combo1Time left0:00Level score10Run total10",
            "the level's numbers: {numbers}"
        );
        let cursor = js(
            &client,
            "document.getElementById('board').classList.add('keyboard'); \
             return getComputedStyle(document.getElementById('cursor')).display;",
        )
        .await?;
        check!(cursor == json!("none"), "no keyboard cursor on a board that takes no pick: {cursor}");
        screenshot(env, &client, "desktop-level-over").await?;
        // The level-failed screen covers the board; a click that reaches a
        // tile anyway picks nothing.
        let covered = js(
            &client,
            &format!(
                "const t = document.querySelector('button.tile[data-cell=\"{},{}\"]'); \
                 const r = t.getBoundingClientRect(); \
                 const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); \
                 t.click(); return [t.contains(top), window.lianliankan.selected];",
                pairs[1]["a"][0], pairs[1]["a"][1]
            ),
        )
        .await?;
        check!(covered == json!([false, null]), "no pick after the end: {covered}");
        let off = js(&client, "return ['hint', 'shuffle'].map(id => document.getElementById(id).disabled);").await?;
        check!(off == json!([true, true]), "hint and shuffle are off: {off}");
        click(&client, "level-new-run").await?;
        settled(&client).await?;
        check!(!shown(&client, "level-over").await?, "a new run");
        check!(
            shown_numbers(&client).await? == ["1", "0:38", "0", "0", "4", "10"].map(str::to_owned),
            "the new run starts afresh: {:?}",
            shown_numbers(&client).await?
        );
        check!(tiles_left(&client).await? == 16, "a full board");
        Ok(())
    })
    .await
}

/// A ranked run whose ticket the server no longer knows (as after a
/// restart: the page is given a ticket the server never issued) goes on
/// unranked: the pair is asked for again without the ticket and counts,
/// the next level is dealt and played on the page's countdown, and the
/// finished run cannot be saved, the page saying why.
pub(super) async fn a_ranked_run_whose_ticket_is_forgotten_goes_on_unranked(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        start_ranked_run(
            env,
            &client,
            "rows=2&cols=4&kinds=2&turns=2&border=open&gravity=none",
        )
        .await?;
        let pairs = order(env, &client).await?;
        play_pair(&client, &pairs[0]).await?;
        check!(text(&client, "lv-score").await? == "10", "a ranked pair");
        js(
            &client,
            "window.lianliankan.ticket = '0'.repeat(32); return null;",
        )
        .await?;
        play_pair(&client, &pairs[1]).await?;
        check!(
            tiles_left(&client).await? == 4,
            "the pair went, asked for again without the ticket"
        );
        check!(
            text(&client, "lv-score").await? == "21",
            "and counted: 10 + 11, {}",
            text(&client, "lv-score").await?
        );
        let run = js(
            &client,
            "return [window.lianliankanLevel.tickets, window.lianliankanLevel.unranked];",
        )
        .await?;
        check!(
            run[0].is_null()
                && run[1]
                    .as_str()
                    .is_some_and(|why| why.contains("no longer knows this run")),
            "the run is unranked, and says why: {run}"
        );
        for pair in &pairs[2..] {
            play_pair(&client, pair).await?;
        }
        check!(shown(&client, "level-cleared").await?, "level 1 cleared");
        click(&client, "level-next").await?;
        settled(&client).await?;
        check!(
            js(&client, "return window.lianliankanLevel.tickets;")
                .await?
                .is_null(),
            "level 2 stays unranked"
        );
        hand_clock(&client).await?;
        advance(&client, 24_000).await?;
        check!(
            shown(&client, "level-over").await?,
            "lost on the page's countdown"
        );
        check!(
            !shown(&client, "run-form").await?,
            "an unranked run is not saved"
        );
        let note = text(&client, "run-note").await?;
        check!(note.contains("no longer knows this run"), "said: {note}");
        Ok(())
    })
    .await
}

/// A reload in the middle of a level resumes the run (level, score,
/// combo, lives, hints and the countdown where it stood) on the same
/// board; a classic deal from the form then ends the run.
pub(super) async fn a_reload_resumes_a_level_run(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        start_run(
            env,
            &client,
            "rows=4&cols=4&kinds=4&turns=2&border=open&gravity=none",
            9,
        )
        .await?;
        let pairs = order(env, &client).await?;
        play_pair(&client, &pairs[0]).await?;
        click(&client, "hint").await?;
        let before = board(&client).await?;
        client.refresh().await.map_err(cmd("reload"))?;
        settled(&client).await?;
        check!(
            board(&client).await? == before,
            "the same board after the reload"
        );
        let numbers = shown_numbers(&client).await?;
        check!(
            numbers[0] == "1"
                && numbers[2] == "10"
                && numbers[3] == "1"
                && numbers[4] == "4"
                && numbers[5] == "9",
            "level 1, score 10, combo 1, 4 lives, 9 hints after the reload: {numbers:?}"
        );
        check!(
            numbers[1].as_str() <= "0:38" && numbers[1].as_str() >= "0:30",
            "the countdown goes on from where it stood: {}",
            numbers[1]
        );
        check!(
            value(&client, "mode").await? == "levels",
            "the form says levels"
        );
        check!(
            js(&client, "return document.getElementById('undo').disabled;").await? == json!(true),
            "still no undo in a level"
        );
        play_pair(&client, &pairs[1]).await?;
        check!(
            text(&client, "lv-score").await? == "21",
            "the combo goes on: 10 + 11"
        );
        choose(&client, "mode", "classic").await?;
        click(&client, "deal").await?;
        check!(
            !shown(&client, "level-status").await?,
            "a classic deal ends the run"
        );
        check!(state(&client).await?.is_null(), "no run in progress");
        check!(
            js(&client, "return document.getElementById('undo').disabled;").await? == json!(true)
                && js(&client, "return document.getElementById('solve').disabled;").await?
                    == json!(false),
            "the classic game's buttons are back"
        );
        Ok(())
    })
    .await
}
