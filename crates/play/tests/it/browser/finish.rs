//! The stakes and the finish (issue 49): a classic game with a shuffle is
//! assisted, not saved, and the server refuses its score (422); the finish
//! screen lies over the board and Undo is off after a win; one game is
//! stored once (the same deal replayed to the same steps is refused); a
//! name typed with a right-to-left override is stored without it and shown
//! as plain text, isolated, so the row keeps its order; and a level run's
//! best is stored after the server replays it, a forged one refused (422).

use std::time::{Duration, Instant};

use hyper::{Method, StatusCode};
use serde_json::{Value, json};

use super::game::play_to_the_end;
use super::level::{advance, hand_clock, order, settled, start_ranked_run, type_into};
use super::{
    Env, Outcome, Screen, click, deal_url, goto, js, play_pair, screenshot, shown, text,
    with_session,
};

/// `POST /api/<path>`: the status and the answer, whatever the status.
async fn post_status(env: &Env, path: &str, body: &Value) -> Result<(StatusCode, Value), String> {
    let (status, bytes) = crate::support::request(
        &env.http,
        env.site,
        Method::POST,
        &format!("/api/{path}"),
        Some(body),
    )
    .await?;
    Ok((
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    ))
}

/// Waits until the element `id`'s text starts with `start`; its text.
async fn wait_text(client: &fantoccini::Client, id: &str, start: &str) -> Result<String, String> {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let now = text(client, id).await?;
        if now.starts_with(start) {
            return Ok(now);
        }
        check!(Instant::now() < deadline, "{id} still says {now:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// On the desktop and on a phone (each its own deal: one game is stored
/// once).
const SCREENS: [(Screen, &str, u64); 2] =
    [(Screen::Desktop, "desktop", 0), (Screen::Phone, "phone", 1)];

pub(super) async fn a_classic_game_with_a_shuffle_is_not_listed(env: &Env) -> Outcome {
    for (screen, name, _) in SCREENS {
        a_shuffled_game(env, screen)
            .await
            .map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(())
}

async fn a_shuffled_game(env: &Env, screen: Screen) -> Outcome {
    with_session(env, screen, |client| async move {
        let setting = "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=";
        goto(
            &client,
            // No seed: the server seeds a ranked deal.
            &deal_url(env, &format!("{setting}&deal=solvable")),
        )
        .await?;
        click(&client, "shuffle").await?;
        // Said at once, not only at the finish.
        let said = text(&client, "message").await?;
        check!(
            said.contains("Shuffle used: this game is no longer ranked."),
            "said at once: {said}"
        );
        play_to_the_end(env, &client).await?;
        check!(shown(&client, "won").await?, "the finish screen is shown");
        check!(
            !shown(&client, "score-form").await?,
            "a shuffled game cannot be saved"
        );
        let note = text(&client, "score-note").await?;
        check!(note.starts_with("Assisted (hint, shuffle"), "said: {note}");
        let numbers = text(&client, "won-numbers").await?;
        check!(numbers.contains("Scoreassisted: not scored"), "{numbers}");
        // The server logged the shuffle as it came: its finish says the
        // game is not ranked, and a score sent anyway is refused with why.
        let ticket = js(&client, "return window.lianliankan.ticket;").await?;
        let (status, finish) = post_status(env, "finish", &json!({"ticket": ticket})).await?;
        check!(
            status == StatusCode::OK
                && finish["ranked"] == json!(false)
                && finish["why"]
                    .as_str()
                    .is_some_and(|why| why.contains("assisted")),
            "the server's finish of a shuffled game: {status} {finish}"
        );
        let (status, answer) =
            post_status(env, "scores", &json!({"name": "Probe", "ticket": ticket})).await?;
        check!(
            status == StatusCode::UNPROCESSABLE_ENTITY
                && answer["error"]
                    .as_str()
                    .is_some_and(|e| e.contains("assisted")),
            "a score with a shuffle: {status} {answer}"
        );
        let (_, listed) = crate::support::request(
            &env.http,
            env.site,
            Method::GET,
            &format!("/api/scores?{setting}"),
            None,
        )
        .await?;
        let listed: Value = serde_json::from_slice(&listed).map_err(|e| e.to_string())?;
        check!(
            listed["scores"]
                .as_array()
                .is_some_and(|s| s.iter().all(|e| e["name"] != "Probe")),
            "not listed: {listed}"
        );
        Ok(())
    })
    .await
}

/// A right-to-left override before a Hebrew name: what the table shows.
const BIDI_NAME: &str = "\u{202E}שלום 7";

pub(super) async fn one_score_a_game_and_names_as_typed(env: &Env) -> Outcome {
    for (screen, name, n) in SCREENS {
        one_score(env, screen, name, 52 + n)
            .await
            .map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(())
}

/// A phone plays the portrait form of a desktop's preset (rows and
/// columns swapped, gravity turned with them): both games are in one
/// table, which each screen shows.
pub(super) async fn a_phone_and_a_desktop_meet_in_one_table(env: &Env) -> Outcome {
    // A table of its own: 3 kinds on 4 × 6 (and 6 × 4).
    let games = [
        (Screen::Desktop, "rows=4&cols=6&gravity=down", "Desk"),
        (Screen::Phone, "rows=6&cols=4&gravity=left", "Pho"),
    ];
    for (screen, size, name) in games {
        with_session(env, screen, |client| async move {
            let url = deal_url(
                env,
                &format!("{size}&kinds=3&turns=2&border=open&groups=&deal=solvable"),
            );
            goto(&client, &url).await?;
            play_to_the_end(env, &client).await?;
            type_into(&client, "score-name", name).await?;
            click(&client, "score-save").await?;
            wait_text(&client, "score-note", "Saved").await?;
            let listed = js(
                &client,
                "return [...document.querySelectorAll('#best li bdi')].map(b => b.textContent);",
            )
            .await?;
            let wanted = if name == "Desk" {
                json!(["Desk"])
            } else {
                json!(["Desk", "Pho"])
            };
            let mut sorted: Vec<Value> = listed.as_array().cloned().unwrap_or_default();
            sorted.sort_by_key(|v| v.as_str().unwrap_or_default().to_owned());
            check!(json!(sorted) == wanted, "the table lists {listed}");
            Ok(())
        })
        .await
        .map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(())
}

async fn one_score(env: &Env, screen: Screen, name: &str, seed: u64) -> Outcome {
    // A table of its own for each screen, and none other scenario's: 5
    // kinds on the desktop, 4 on the phone.
    let kinds = 57 - seed;
    with_session(env, screen, |client| async move {
        let url = deal_url(
            env,
            &format!(
                "rows=4&cols=6&kinds={kinds}&turns=1&border=open&gravity=down&groups=&deal=solvable"
            ),
        );
        goto(&client, &url).await?;
        play_to_the_end(env, &client).await?;
        check!(shown(&client, "won").await?, "the finish screen is shown");
        // Over the board, not above it: the board keeps its place.
        let over = js(
            &client,
            "const w = document.getElementById('won').getBoundingClientRect(); \
             const b = document.getElementById('board').getBoundingClientRect(); \
             return [Math.abs(w.top - b.top) < 12, getComputedStyle(document.getElementById('won')).position];",
        )
        .await?;
        check!(over == json!([true, "absolute"]), "the win screen lies over the board: {over}");
        let cursor = js(
            &client,
            "document.getElementById('board').classList.add('keyboard'); \
             return getComputedStyle(document.getElementById('cursor')).display;",
        )
        .await?;
        check!(cursor == json!("none"), "no keyboard cursor on a cleared board: {cursor}");
        let undo = js(&client, "return document.getElementById('undo').disabled;").await?;
        check!(undo == json!(true), "no Undo after a win");
        // A name that shows nothing is refused, and the server's reason is
        // shown under the name field; the form stays for another name.
        type_into(&client, "score-name", "\u{200B}").await?;
        click(&client, "score-save").await?;
        let refused = wait_text(&client, "score-note", "Not saved").await?;
        check!(
            refused.contains("U+200B") && shown(&client, "score-form").await?,
            "an invisible name refused with the reason: {refused}"
        );
        type_into(&client, "score-name", BIDI_NAME).await?;
        click(&client, "score-save").await?;
        wait_text(&client, "score-note", "Saved").await?;
        let numbers = text(&client, "won-numbers").await?;
        check!(numbers.contains("Ranknumber 1"), "the rank is shown: {numbers}");
        screenshot(env, &client, &format!("{name}-won")).await?;
        // The name as plain text (the override taken out by the server),
        // in an isolate: the score, time and date begin to its right.
        let row = js(
            &client,
            "const li = document.querySelector('#best li'); const bdi = li.querySelector('bdi'); \
             const rest = li.lastChild; const range = document.createRange(); range.selectNodeContents(rest); \
             return [bdi.textContent, li.textContent.startsWith(bdi.textContent + ' — '), \
                     range.getClientRects()[0].left >= bdi.getBoundingClientRect().right - 1, \
                     [...li.textContent].some(c => c >= '\\u202a' && c <= '\\u202e')];",
        )
        .await?;
        check!(
            row == json!(["שלום 7", true, true, false]),
            "the row keeps its order: {row}"
        );
        // The same game sent again, under another name: one game, stored
        // once (409).
        let ticket = js(&client, "return window.lianliankan.ticket;").await?;
        let (status, answer) =
            post_status(env, "scores", &json!({"name": "Ann", "ticket": ticket})).await?;
        check!(
            status == StatusCode::CONFLICT
                && answer["error"].as_str().is_some_and(|e| e.contains("stored already")),
            "the second copy is refused: {status} {answer}"
        );
        // The same deal restarted is the player's seed: not ranked.
        click(&client, "restart").await?;
        check!(!shown(&client, "won").await?, "a fresh deal");
        play_to_the_end(env, &client).await?;
        check!(!shown(&client, "score-form").await?, "a restarted deal is not ranked");
        let note = text(&client, "score-note").await?;
        check!(note.contains("is not ranked"), "said: {note}");
        let listed = js(&client, "return document.querySelectorAll('#best li').length;").await?;
        check!(listed == json!(1), "one line in the table: {listed}");
        Ok(())
    })
    .await
}

pub(super) async fn a_level_run_is_stored_and_a_forged_one_refused(env: &Env) -> Outcome {
    for (screen, name, _) in SCREENS {
        a_level_run(env, screen, name)
            .await
            .map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(())
}

/// A ranked run of two levels of 2 × 4, each dealt by the server with a
/// ticket: level 1 cleared by clicking (10 + 11 + 12 + 13, and its whole
/// seconds left on the server's clock when its last pair went); level 2
/// one pair (10), then Pause, which stops a ranked countdown too (issue
/// 55), and the run lost on time. The page counts pairs at the server's times, so
/// the score it shows is the one the server stores; the tickets sent again
/// are a 409, and a run the page scored itself a 422.
async fn a_level_run(env: &Env, screen: Screen, name: &str) -> Outcome {
    with_session(env, screen, |client| async move {
        start_ranked_run(
            env,
            &client,
            "rows=2&cols=4&kinds=2&turns=2&border=open&gravity=none",
        )
        .await?;
        let tickets = js(&client, "return window.lianliankanLevel.tickets;").await?;
        check!(
            tickets
                .as_array()
                .is_some_and(|t| t.len() == 1 && t[0].is_string()),
            "level 1 is dealt with a ticket: {tickets}"
        );
        for pair in order(env, &client).await? {
            play_pair(&client, &pair).await?;
        }
        check!(shown(&client, "level-cleared").await?, "level 1 cleared");
        let first = js(&client, "return window.lianliankanLevel.state.score;").await?;
        let first = first.as_u64().unwrap_or(0);
        // 46 for the pairs (each within 4 s of the one before), and 24 s
        // less the time the clicks took on the server's clock.
        check!(
            (46..=70).contains(&first),
            "10+11+12+13 and the whole seconds left of 24 s: {first}"
        );
        click(&client, "level-next").await?;
        settled(&client).await?;
        hand_clock(&client).await?;
        let pairs = order(env, &client).await?;
        advance(&client, 1_000).await?;
        play_pair(&client, &pairs[0]).await?;
        // Level 2's countdown: 10 s and 3.4 s for each of 4 pairs; Pause
        // takes the board off the page and stops the countdown.
        let left = async || {
            js(&client, "return window.lianliankanLevel.state.leftMs;")
                .await
                .map(|v| v.as_u64().unwrap_or(0))
        };
        // (Read once paused: the pause's answer sets the countdown to the
        // server's clock, which may be ahead of the page's hand clock.)
        click(&client, "pause").await?;
        let before = left().await?;
        advance(&client, 5_000).await?;
        let after = left().await?;
        check!(
            before == after,
            "paused, a ranked countdown stands: {before} ms, then {after} ms"
        );
        let tiles = js(
            &client,
            "return document.querySelectorAll('#board .tile').length;",
        )
        .await?;
        check!(
            tiles == json!(0),
            "the board is off the page while paused: {tiles} tiles"
        );
        click(&client, "pause").await?;
        advance(&client, 1_000).await?;
        check!(
            left().await? == after - 1_000,
            "resumed, it runs again: {} ms",
            left().await?
        );
        advance(&client, 22_000).await?;
        check!(shown(&client, "level-over").await?, "level 2 lost on time");
        let score = js(&client, "return window.lianliankanLevel.state.score;").await?;
        check!(score == json!(first + 10), "then 10: {score}");
        check!(shown(&client, "run-form").await?, "the run can be saved");
        type_into(&client, "run-name", "Runner").await?;
        click(&client, "run-save").await?;
        let note = wait_text(&client, "run-note", "Saved").await?;
        check!(
            note.contains(&format!("score {score}")),
            "the server's score is the page's: {note}"
        );
        let mine = js(
            &client,
            "return document.querySelector('#best-runs li.mine').textContent;",
        )
        .await?;
        check!(
            mine.as_str()
                .is_some_and(|m| m.starts_with(&format!("Runner — {score} (2 levels"))),
            "listed and marked: {mine}"
        );
        screenshot(env, &client, &format!("{name}-level-failed")).await?;
        // The same tickets again; a run scored by the page (its steps and
        // score) is not what the table takes.
        let tickets = js(&client, "return window.lianliankanLevel.tickets;").await?;
        let (status, answer) =
            post_status(env, "runs", &json!({"name": "Forger", "tickets": tickets})).await?;
        check!(
            status == StatusCode::CONFLICT,
            "the same run twice: {status} {answer}"
        );
        let forged = json!({"name": "Forger", "tickets": [], "score": 1_000_000,
                            "levels": [{"seed": 1, "steps": []}]});
        let (status, answer) = post_status(env, "runs", &forged).await?;
        check!(
            status == StatusCode::UNPROCESSABLE_ENTITY
                && answer["error"]
                    .as_str()
                    .is_some_and(|e| e.contains("unknown field")),
            "a run the page scored: {status} {answer}"
        );
        Ok(())
    })
    .await
}
