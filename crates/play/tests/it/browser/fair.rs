//! A fair game (issue 55): a finish is final (no key changes a won game),
//! the first visit's clock waits for the how-to, Pause stops a ranked
//! level's countdown and takes the board off the page, assistance is said
//! at once, gravity is drawn on the board's edge in every mode, and a pick
//! never waits on the last pair's animation.

#[allow(clippy::wildcard_imports)]
use super::*;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};

/// The state a key could change after a win: the board, the history,
/// the pause, assistance, the finish screen and its save form.
const FINISHED_STATE: &str = "const g = window.lianliankan; return { \
     board: g.board, history: g.history.length, undone: g.undone.length, paused: g.paused, \
     assisted: g.assisted, selected: g.selected, cleared: g.position.cleared, \
     won: !document.getElementById('won').hidden, \
     form: !document.getElementById('score-form').hidden, \
     tiles: document.querySelectorAll('#board .tile').length };";

/// Presses and releases `key` wherever the focus is, as a player does,
/// and waits until the page has handled it.
async fn press(client: &Client, key: char) -> Outcome {
    let keys = KeyActions::new("keyboard".to_owned())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    client.perform_actions(keys).await.map_err(cmd("a key"))?;
    next_frames(client).await?;
    idle(client).await
}

/// A ranked classic game won by clicking, then every key that acts on a
/// game pressed in turn (U, R, H, S, P, Space, Enter, Escape): none
/// changes it; the save form is still there and the game unassisted; on a
/// desktop and on a phone.
pub(super) async fn a_finish_is_final(env: &Env) -> Outcome {
    for screen in [Screen::Desktop, Screen::Phone] {
        with_session(env, screen, |client| async move {
            // No seed: the server seeds the deal and the game is ranked.
            let url = deal_url(
                env,
                "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=&deal=solvable",
            );
            goto(&client, &url).await?;
            check!(
                js(&client, "return window.lianliankan.ticket;")
                    .await?
                    .is_string(),
                "a ranked deal"
            );
            play_to_the_end(env, &client).await?;
            let won = js(&client, FINISHED_STATE).await?;
            check!(
                won["cleared"] == json!(true)
                    && won["won"] == json!(true)
                    && won["form"] == json!(true),
                "won, with the save form: {won}"
            );
            // Keys go to the page, not to the name field.
            js(&client, "document.activeElement.blur(); return null;").await?;
            for (name, key) in [
                ("U", 'u'),
                ("R", 'r'),
                ("H", 'h'),
                ("S", 's'),
                ("P", 'p'),
                ("Space", ' '),
                ("Enter", Key::Enter.into()),
                ("Escape", Key::Escape.into()),
            ] {
                press(&client, key).await?;
                let after = js(&client, FINISHED_STATE).await?;
                check!(
                    after == won,
                    "{name} after a win changed the game: {won} then {after}"
                );
            }
            // Upper case too (Shift held).
            for key in ['U', 'R'] {
                press(&client, key).await?;
                let after = js(&client, FINISHED_STATE).await?;
                check!(after == won, "{key} after a win changed the game: {after}");
            }
            Ok(())
        })
        .await?;
    }
    Ok(())
}

/// A first visit shows the how-to before anything is dealt: no deal, no
/// ticket, the clock at 0:00 however long it is read; the ranked deal is
/// asked for when it closes. Opened again during the game, the how-to
/// pauses it (the board off the page) and closing it resumes.
pub(super) async fn the_first_visit_clock_waits_for_the_howto(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        client
            .goto(&format!("http://{}/", env.site))
            .await
            .map_err(cmd("goto"))?;
        let deadline = Instant::now() + Duration::from_secs(30);
        while !shown(&client, "howto").await? {
            check!(Instant::now() < deadline, "no how-to on a first visit");
            next_frames(&client).await?;
        }
        let waiting = "const g = window.lianliankan; return [g.spec === null, g.ticket, \
             document.getElementById('timer').textContent, document.querySelectorAll('#board .tile').length];";
        let first = js(&client, waiting).await?;
        check!(
            first == json!([true, null, "0:00", 0]),
            "nothing is dealt while the how-to is read: {first}"
        );
        // However many frames later (the page's ticks run), still nothing.
        for _ in 0..20 {
            next_frames(&client).await?;
        }
        let later = js(&client, waiting).await?;
        check!(later == first, "still nothing dealt: {later}");
        let message = text(&client, "message").await?;
        check!(message.contains("How to play"), "the page says why: {message}");
        click(&client, "howto-close").await?;
        let dealt = js(&client, "return [window.lianliankan.ticket, window.lianliankan.paused];").await?;
        check!(
            dealt[0].is_string() && dealt[1] == json!(false),
            "the ranked deal comes when the how-to closes: {dealt}"
        );
        // Opened again: the game pauses (its board off the page).
        click(&client, "howto-open").await?;
        let paused = js(
            &client,
            "return [window.lianliankan.paused, document.querySelectorAll('#board .tile').length];",
        )
        .await?;
        check!(paused == json!([true, 0]), "the how-to pauses the game: {paused}");
        screenshot(env, &client, "desktop-howto-paused").await?;
        click(&client, "howto-close").await?;
        check!(
            js(&client, "return window.lianliankan.paused;").await? == json!(false),
            "and closing it resumes"
        );
        page_matches_board(&client).await
    })
    .await
}

/// Pause in a ranked level stops its countdown: the time left stands
/// while paused (the page's clock moved by hand, the server told), the
/// board's tiles are out of the page, and after Resume it runs again.
pub(super) async fn pause_stops_a_ranked_countdown(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        super::level::start_ranked_run(
            env,
            &client,
            "rows=4&cols=4&kinds=4&turns=2&border=open&gravity=none",
        )
        .await?;
        check!(
            js(&client, "return lianliankanPage.rankedLevel();").await? == json!(true),
            "a ranked level"
        );
        super::level::hand_clock(&client).await?;
        let left = async || {
            js(&client, "return window.lianliankanLevel.state.leftMs;")
                .await
                .map(|v| v.as_i64().unwrap_or(-1))
        };
        super::level::advance(&client, 3_000).await?;
        click(&client, "pause").await?;
        let before = left().await?;
        super::level::advance(&client, 30_000).await?;
        let after = left().await?;
        check!(
            before == after && before > 0,
            "paused, the countdown stands: {before} ms, then {after} ms"
        );
        let tiles = js(
            &client,
            "return document.querySelectorAll('#board .tile').length;",
        )
        .await?;
        check!(
            tiles == json!(0),
            "the board is off the page: {tiles} tiles"
        );
        screenshot(env, &client, "desktop-level-paused").await?;
        click(&client, "pause").await?;
        let resumed = left().await?;
        super::level::advance(&client, 2_000).await?;
        check!(
            left().await? == resumed - 2_000,
            "resumed, it runs: {resumed} ms, then {} ms",
            left().await?
        );
        page_matches_board(&client).await
    })
    .await
}

/// A hint in a ranked classic game says at once that the game is no
/// longer ranked, and the status line says so until the next deal.
pub(super) async fn a_hint_says_not_ranked_at_once(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let url = deal_url(
            env,
            "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=&deal=solvable",
        );
        goto(&client, &url).await?;
        check!(
            text(&client, "ranked").await? == "ranked",
            "a ranked game says so"
        );
        click(&client, "hint").await?;
        let message = text(&client, "message").await?;
        check!(
            message.contains("Hint used: this game is no longer ranked."),
            "said at once: {message}"
        );
        let status = text(&client, "ranked").await?;
        check!(
            status == "not ranked (assisted)",
            "the status line: {status}"
        );
        // A game of the player's seed was never ranked: no such sentence.
        goto(&client, &format!("{url}&seed=5")).await?;
        check!(
            text(&client, "ranked").await? == "not ranked",
            "a seed's game"
        );
        click(&client, "hint").await?;
        let message = text(&client, "message").await?;
        check!(
            !message.contains("no longer ranked"),
            "nothing to lose: {message}"
        );
        Ok(())
    })
    .await
}

/// Gravity drawn on the board's edge in a classic game: one chevron a
/// column on the bottom edge for "down", the top and bottom edges for
/// "apart-vertical", the four edges for "inward" (pointing in), none for
/// "none"; and in a level too.
pub(super) async fn gravity_is_drawn_on_the_board(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let marks = "return [...document.querySelectorAll('#gravity-marks polyline')] \
             .map(l => l.dataset.cell + ' ' + l.dataset.dir);";
        let spec = "rows=4&cols=6&kinds=6&turns=2&border=open&groups=&deal=solvable&seed=3";
        let expect = |gravity: &str| -> Vec<String> {
            let mut out = Vec::new();
            let (top, bottom) = ("-1", "4");
            for c in 0..6 {
                match gravity {
                    "down" => out.push(format!("{bottom},{c} down")),
                    "apart-vertical" | "inward" => {
                        let (a, b) = if gravity == "inward" {
                            ("down", "up")
                        } else {
                            ("up", "down")
                        };
                        out.push(format!("{top},{c} {a}"));
                        out.push(format!("{bottom},{c} {b}"));
                    }
                    _ => {}
                }
            }
            if gravity == "inward" {
                for r in 0..4 {
                    out.push(format!("{r},-1 right"));
                    out.push(format!("{r},6 left"));
                }
            }
            out.sort();
            out
        };
        for gravity in ["down", "apart-vertical", "inward", "none"] {
            goto(
                &client,
                &deal_url(env, &format!("{spec}&gravity={gravity}")),
            )
            .await?;
            let drawn = js(&client, marks).await?;
            let mut drawn: Vec<String> =
                serde_json::from_value(drawn).map_err(|e| e.to_string())?;
            drawn.sort();
            check!(drawn == expect(gravity), "{gravity}: drawn {drawn:?}");
            if gravity == "down" {
                screenshot(env, &client, "desktop-gravity-down").await?;
            }
        }
        // A level draws its own mode: level 2 is "down".
        super::level::start_run(
            env,
            &client,
            "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=none",
            7,
        )
        .await?;
        let none = js(&client, marks).await?;
        check!(none == json!([]), "level 1, gravity none: {none}");
        Ok(())
    })
    .await
}

/// A removal under gravity does not hold the page: the moment the
/// server's answer is applied, the board takes picks again while the pair
/// still fades and the moved tiles still slide (a step's transitions take
/// at most 200 ms); two pairs clicked in one go both go, in order.
pub(super) async fn picks_never_wait_on_an_animation(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        goto(
            &client,
            &deal_url(
                env,
                "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=&deal=solvable&seed=44",
            ),
        )
        .await?;
        let durations = js(
            &client,
            "const s = getComputedStyle(document.querySelector('#board .tile')); \
             return s.transitionDuration.split(',').map(d => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000));",
        )
        .await?;
        check!(
            durations
                .as_array()
                .is_some_and(|d| d.iter().all(|v| v.as_f64().is_some_and(|ms| ms <= 200.0))),
            "a step's transitions take at most 200 ms: {durations}"
        );
        // Each time the board is ready again, how many tiles still fade.
        js(
            &client,
            "window.readyWhileFading = []; const b = document.getElementById('board'); \
             new MutationObserver(() => { if (b.dataset.busy === 'false') \
               window.readyWhileFading.push(b.querySelectorAll('.tile.gone').length); }) \
               .observe(b, {attributes: true, attributeFilter: ['data-busy']}); return null;",
        )
        .await?;
        let solved = api(
            env,
            "solve",
            &json!({"board": board(&client).await?, "rules": rules(&client).await?}),
        )
        .await?;
        let order = solved["order"].as_array().cloned().unwrap_or_default();
        check!(order.len() >= 2, "{solved}");
        // Two pairs in one go: the second pair's picks come while the
        // first is under way (queued behind its request only).
        let cells: Vec<String> = order[..2]
            .iter()
            .flat_map(|p| [p["a"].clone(), p["b"].clone()])
            .map(|c| format!("[{}, {}]", c[0], c[1]))
            .collect();
        // (Each pick as a tile's click makes it: `pick` on its cell; the
        // second pair's cells are its cells after the first pair goes.)
        js(
            &client,
            &format!(
                "for (const [r, c] of [{}]) lianliankanPage.pick(r, c); return null;",
                cells.join(", ")
            ),
        )
        .await?;
        idle(&client).await?;
        check!(tiles_left(&client).await? == 20, "both pairs went");
        page_matches_board(&client).await?;
        let ready = js(&client, "return window.readyWhileFading;").await?;
        check!(
            ready
                .as_array()
                .is_some_and(|r| r.iter().any(|n| n.as_u64().is_some_and(|n| n > 0))),
            "the board took picks again while a pair still faded: {ready}"
        );
        // Measured, not asserted (docs/play.md): from the pick of a pair
        // under gravity to the board taking picks again, and to its tiles
        // settled (no transition running, no tile fading).
        let third = &order[2];
        let took = client
            .execute_async(
                "const [a, b, done] = arguments; const board = document.getElementById('board'); \
                 const t0 = performance.now(); lianliankanPage.pick(a[0], a[1]); lianliankanPage.pick(b[0], b[1]); let ready = null; \
                 const look = () => { const t = performance.now(); \
                   if (ready === null && board.dataset.busy === 'false') ready = t - t0; \
                   const moving = document.getAnimations().some(x => x.playState === 'running') || \
                     board.querySelector('.tile.gone') !== null; \
                   if (ready !== null && !moving) return done([ready, t - t0]); \
                   requestAnimationFrame(look); }; \
                 requestAnimationFrame(look);",
                vec![third["a"].clone(), third["b"].clone()],
            )
            .await
            .map_err(cmd("measure a pair"))?;
        println!(
            "    a pair under gravity: the board takes picks after {:.0} ms, settled after {:.0} ms",
            took[0].as_f64().unwrap_or(f64::NAN),
            took[1].as_f64().unwrap_or(f64::NAN)
        );
        check!(tiles_left(&client).await? == 18, "the third pair went");
        Ok(())
    })
    .await
}
