//! The daily deal and the player's record in the page (issue 59): two
//! browser profiles (a desktop's and a phone's) get the same daily deal;
//! a classic game left for another deal is recorded as played;
//! the streak across days of the server's clock (two days cleared, a day
//! missed resets it, a day cleared with a hint is marked assisted on the
//! strip); the share text says the date, the time, the assistance and the
//! streak and nothing of the board; the record exported, cleared and
//! imported comes back whole, a bad file changes nothing, and a corrupt
//! record in the browser is kept aside without breaking the page. The
//! server's daily setting here is 4 × 6 ([`crate::daily::small_daily`]).

use std::path::Path;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::json;

use super::{
    Env, Outcome, Screen, TO_DOCS, api, cmd, deal_url, goto, idle, js, play_pair, play_to_the_end,
    screenshot, text, with_session,
};

/// A small deal to open the page on (the first visit's deal is big).
const START: &str =
    "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=none&groups=&deal=solvable&seed=5";

/// Opens the view `hash` (`daily`, `stats`) as a click on its tab does.
async fn open_view(client: &Client, hash: &str) -> Outcome {
    js(
        client,
        &format!("location.hash = ''; location.hash = '#{hash}'; return null;"),
    )
    .await?;
    let panel = format!("{hash}-panel");
    wait_until(
        client,
        &format!("return !document.getElementById('{panel}').hidden;"),
        &panel,
    )
    .await
}

/// Waits until `script` returns true.
async fn wait_until(client: &Client, script: &str, what: &str) -> Outcome {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if js(client, script).await? == json!(true) {
            return Ok(());
        }
        check!(Instant::now() < deadline, "waited 20 s for {what}");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// Deals today's daily from its panel: the day the page was dealt.
async fn deal_daily(client: &Client) -> Result<String, String> {
    open_view(client, "daily").await?;
    wait_until(
        client,
        "return document.getElementById('daily-title').textContent.includes('—');",
        "the day's table",
    )
    .await?;
    js(
        client,
        "document.getElementById('daily-play').click(); return null;",
    )
    .await?;
    wait_until(
        client,
        "return !!(window.lianliankan.spec && window.lianliankan.spec.daily) && \
         document.getElementById('board').dataset.busy === 'false';",
        "the daily deal",
    )
    .await?;
    idle(client).await?;
    let day = js(client, "return window.lianliankan.spec.daily;").await?;
    day.as_str()
        .map(str::to_owned)
        .ok_or(format!("no day: {day}"))
}

/// The share text once the server's finish has come.
async fn share_text(client: &Client) -> Result<String, String> {
    if let Err(e) = wait_until(
        client,
        "return !document.getElementById('daily-share').hidden;",
        "the share text",
    )
    .await
    {
        let game = js(
            client,
            "const g = window.lianliankan; return [g.spec, g.position, g.finished, g.ticket, \
             document.getElementById('score-note').textContent];",
        )
        .await?;
        return Err(format!("{e}: {game}"));
    }
    text(client, "daily-share-text").await
}

/// Plays the daily on the board to the end (with a hint first when
/// `hinted`): its share text.
async fn clear_daily(env: &Env, client: &Client, hinted: bool) -> Result<String, String> {
    if hinted {
        js(
            client,
            "document.getElementById('hint').click(); return null;",
        )
        .await?;
        idle(client).await?;
    }
    play_to_the_end(env, client).await?;
    share_text(client).await
}

/// The share text's three lines: the day, the time and assistance, the
/// streak; nothing else (no board, no tile, no seed).
fn check_share(share: &str, day: &str, assistance: &str, streak: &str) -> Outcome {
    let lines: Vec<&str> = share.lines().collect();
    check!(lines.len() == 3, "three lines: {share:?}");
    check!(lines[0] == format!("Lianliankan daily {day}"), "{share:?}");
    check!(
        lines[1].starts_with("Cleared in ") && lines[1].ends_with(&format!(" — {assistance}")),
        "time and {assistance}: {share:?}"
    );
    check!(lines[2] == format!("Streak: {streak}"), "{share:?}");
    Ok(())
}

/// The strip's last `n` days' results, oldest first.
async fn strip_tail(client: &Client, n: usize) -> Result<Vec<String>, String> {
    let all = js(
        client,
        "return [...document.querySelectorAll('#daily-strip .day')].map(d => d.dataset.result);",
    )
    .await?;
    let all: Vec<String> = serde_json::from_value(all).map_err(|e| e.to_string())?;
    check!(all.len() == 28, "28 days on the strip: {all:?}");
    Ok(all[28 - n..].to_vec())
}

/// Copies a screenshot taken under `target/` to `docs/` when asked
/// ([`TO_DOCS`]).
fn to_docs(env: &Env, name: &str) -> Outcome {
    if std::env::var(TO_DOCS).is_ok_and(|v| v == "1") {
        let from = env.shots.join(format!("{name}.png"));
        let to = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../docs/{name}.png"));
        std::fs::copy(&from, &to)
            .map_err(|e| format!("{} -> {}: {e}", from.display(), to.display()))?;
        println!("    wrote {}", to.display());
    }
    Ok(())
}

pub(super) async fn two_profiles_get_the_same_daily_deal(env: &Env) -> Outcome {
    // The desktop's day and board, for the phone to compare.
    let seen = std::sync::Mutex::new(None);
    let desktop = &seen;
    with_session(env, Screen::Desktop, |client| async move {
        goto(&client, &deal_url(env, START)).await?;
        let day = deal_daily(&client).await?;
        let board = js(&client, "return window.lianliankan.board;").await?;
        let ticket = js(&client, "return window.lianliankan.ticket;").await?;
        check!(ticket.is_string(), "the daily is ranked: {ticket}");
        *desktop.lock().map_err(|e| e.to_string())? = Some((day, board));
        Ok(())
    })
    .await?;
    let Some((day, board)) = seen.into_inner().map_err(|e| e.to_string())? else {
        return Err("the desktop dealt no daily".to_owned());
    };
    with_session(env, Screen::PhoneStill, |client| async move {
        goto(&client, &deal_url(env, START)).await?;
        let other_day = deal_daily(&client).await?;
        let other = js(&client, "return window.lianliankan.board;").await?;
        check!(other_day == day, "the same day: {day} and {other_day}");
        check!(other == board, "the same deal in both profiles");
        let share = clear_daily(env, &client, false).await?;
        check_share(&share, &day, "unassisted", "1 day")?;
        screenshot(env, &client, "daily-finish-phone").await?;
        to_docs(env, "daily-finish-phone")?;
        open_view(&client, "stats").await?;
        let summary = text(&client, "stats-summary").await?;
        check!(summary.starts_with("1 game played, 1 cleared"), "{summary}");
        screenshot(env, &client, "stats-phone").await?;
        to_docs(env, "stats-phone")
    })
    .await
}

pub(super) async fn the_streak_across_days_and_the_record_round_trip(env: &Env) -> Outcome {
    let clock = env.clock.clone();
    let outcome = with_session(env, Screen::DesktopStill, |client| async move {
        goto(&client, &deal_url(env, START)).await?;
        // A classic game left after a pair for the daily: played, not
        // cleared (in the record's numbers below).
        let solved = api(
            env,
            "solve",
            &json!({"board": js(&client, "return window.lianliankan.board;").await?,
                    "rules": js(&client, "return window.lianliankan.rules;").await?}),
        )
        .await?;
        play_pair(&client, &solved["order"][0]).await?;
        // Day 1 and day 2 cleared unassisted: a streak of 2.
        let first = deal_daily(&client).await?;
        let share = clear_daily(env, &client, false)
            .await
            .map_err(|e| format!("day 1: {e}"))?;
        check_share(&share, &first, "unassisted", "1 day")?;
        env.clock.days(1);
        let second = deal_daily(&client).await?;
        check!(second > first, "the server's next day: {first} then {second}");
        let share = clear_daily(env, &client, false)
            .await
            .map_err(|e| format!("day 2: {e}"))?;
        check_share(&share, &second, "unassisted", "2 days")?;
        // Day 3 missed: on day 4 the streak is 0, the strip says why.
        env.clock.days(2);
        open_view(&client, "daily").await?;
        wait_until(
            &client,
            "return document.getElementById('daily-streak').textContent.startsWith('Streak: 0 days');",
            "the streak reset",
        )
        .await?;
        let tail = strip_tail(&client, 4).await?;
        check!(tail == ["cleared", "cleared", "none", "none"], "{tail:?}");
        // Day 4 cleared with a hint: assisted, said, and no streak.
        let fourth = deal_daily(&client).await?;
        let share = clear_daily(env, &client, true)
            .await
            .map_err(|e| format!("day 4: {e}"))?;
        check_share(&share, &fourth, "assisted: 1 hint", "0 days")?;
        screenshot(env, &client, "daily-finish-desktop").await?;
        to_docs(env, "daily-finish-desktop")?;
        open_view(&client, "daily").await?;
        wait_until(
            &client,
            "const d = [...document.querySelectorAll('#daily-strip .day')]; \
             return d.length === 28 && d[27].dataset.result === 'assisted';",
            "today assisted on the strip",
        )
        .await?;
        let tail = strip_tail(&client, 4).await?;
        check!(tail == ["cleared", "cleared", "none", "assisted"], "{tail:?}");
        record_round_trip(env, &client).await
    })
    .await;
    clock.days_back(3);
    outcome
}

/// Export → clear → import gives the record back; a bad file changes
/// nothing; a corrupt record in the browser is kept aside.
async fn record_round_trip(env: &Env, client: &Client) -> Outcome {
    open_view(client, "stats").await?;
    let summary = text(client, "stats-summary").await?;
    check!(
        summary.starts_with("4 games played, 3 cleared"),
        "{summary}"
    );
    let classic = js(
        client,
        "return window.lianliankanRecord.loadRecord().games.filter(g => g.mode === 'classic');",
    )
    .await?;
    check!(
        classic[0]["cleared"] == json!(false) && classic.as_array().map(Vec::len) == Some(1),
        "the classic game left: {classic}"
    );
    let chart_bars = js(
        client,
        "return document.querySelectorAll('#stats-chart rect').length;",
    )
    .await?;
    check!(chart_bars == json!(3), "a bar a clear: {chart_bars}");
    screenshot(env, client, "stats-desktop").await?;
    to_docs(env, "stats-desktop")?;
    let before = js(client, "return window.lianliankanRecord.loadRecord();").await?;
    let exported = js(client, "return window.lianliankanRecord.exportText();").await?;
    let dir = crate::scores::scratch("browser-record");
    let good = dir.join("record.json");
    std::fs::write(&good, exported.as_str().unwrap_or_default()).map_err(|e| e.to_string())?;
    for _ in 0..2 {
        js(
            client,
            "document.getElementById('stats-clear').click(); return null;",
        )
        .await?;
    }
    let summary = text(client, "stats-summary").await?;
    check!(summary.starts_with("0 games played"), "cleared: {summary}");
    import(client, &good).await?;
    let message = text(client, "stats-message").await?;
    check!(message.starts_with("Imported 4 games"), "{message}");
    let after = js(client, "return window.lianliankanRecord.loadRecord();").await?;
    check!(
        after["games"] == before["games"] && after["daily"] == before["daily"],
        "the record comes back: {before} then {after}"
    );
    // A file of another version: said, nothing changed.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"version": 9, "games": []}"#).map_err(|e| e.to_string())?;
    import(client, &bad).await?;
    let message = text(client, "stats-message").await?;
    check!(
        message.contains("version 9") && message.contains("nothing was imported"),
        "{message}"
    );
    let still = js(client, "return window.lianliankanRecord.loadRecord();").await?;
    check!(still == after, "a bad file changes nothing");
    // A corrupt record in the browser: kept aside, the page goes on.
    js(
        client,
        "localStorage.setItem('lianliankan-record', '{oops'); return null;",
    )
    .await?;
    goto(client, &format!("{}#stats", deal_url(env, START))).await?;
    open_view(client, "stats").await?;
    let aside = text(client, "stats-aside").await?;
    check!(aside.contains("kept aside"), "{aside}");
    let kept = js(
        client,
        "return Object.keys(localStorage).filter(k => k.startsWith('lianliankan-record-aside-')).map(k => localStorage.getItem(k));",
    )
    .await?;
    check!(
        kept == json!(["{oops"]),
        "the corrupt record is kept: {kept}"
    );
    Ok(())
}

/// Chooses `file` in the import field, as a player does, and waits for
/// the message.
async fn import(client: &Client, file: &Path) -> Outcome {
    js(
        client,
        "document.getElementById('stats-message').textContent = ''; return null;",
    )
    .await?;
    let input = client
        .find(Locator::Id("stats-import"))
        .await
        .map_err(cmd("stats-import"))?;
    input
        .send_keys(&file.display().to_string())
        .await
        .map_err(cmd("choose a file"))?;
    wait_until(
        client,
        "return document.getElementById('stats-message').textContent !== '';",
        "the import's message",
    )
    .await
}
