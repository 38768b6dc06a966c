//! Deals of a chosen difficulty in the page: the player picks a
//! difficulty, the rules stay as chosen, the deal comes with its band (the
//! server's: decided at 95% among the setting's bands), the status line
//! and the finish screen show it, and the cleared game's score is saved
//! (the server deals the rated candidate again to replay it); a difficulty
//! the rules cannot give is dealt as the first candidate, and the page says so;
//! a damaged difficulty in a link is explained; the level game asks for
//! easy, normal, then hard.

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use super::{
    Env, Outcome, Screen, api, click, cmd, deal_url, goto, idle, js, play_to_the_end, rules,
    screenshot, shown, text, tiles_left, with_session,
};

/// Chooses `value` in the `<select>` `id`, as a player would.
async fn choose(client: &Client, id: &str, value: &str) -> Outcome {
    super::unfold(client, id).await?;
    let select = client.find(Locator::Id(id)).await.map_err(cmd(id))?;
    select.select_by_value(value).await.map_err(cmd(value))
}

/// The value of the form field `id`.
async fn value(client: &Client, id: &str) -> Result<String, String> {
    let script = format!("return document.getElementById('{id}').value;");
    Ok(js(client, &script).await?.as_str().unwrap_or("").to_owned())
}

/// Whether `a` and `b` are the same JSON but for how a number is written
/// (the page writes 1.0 as 1).
fn same_numbers(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_numbers(v, w)))
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same_numbers(v, w))
        }
        _ => a == b,
    }
}

/// A fraction as the page writes it: a whole percent.
fn percent(rating: &Value, field: &str) -> String {
    format!(
        "{}%",
        (rating[field].as_f64().unwrap_or(f64::NAN) * 100.0).round()
    )
}

/// The words the page shows for a band on the status line.
fn short(rating: &Value) -> String {
    format!(
        "{}: random play clears {}",
        rating["difficulty"].as_str().unwrap_or("undecided"),
        percent(rating, "forgiveness")
    )
}

/// The sentence the page shows for a band on the finish screens.
fn sentence(rating: &Value) -> String {
    format!(
        "This deal is {} for this board and these rules: random play cleared {} of {} games ({}; 95% sure between {} and {}). Here easy means random play clears {} or more, hard under {}.",
        rating["difficulty"].as_str().unwrap_or("?"),
        rating["cleared"],
        rating["games"],
        percent(rating, "forgiveness"),
        percent(rating, "low"),
        percent(rating, "high"),
        percent(rating, "easy_from"),
        percent(rating, "hard_below"),
    )
}

/// An easy deal picked in the form on 4 × 6 under gravity down: the rules
/// stay, the rating is the server's for that deal and is shown, the
/// cleared game's finish screen shows it and its score is saved; a hard
/// deal on a board that has none is dealt as the first candidate, said in
/// the page; a level run asks for easy first.
pub(super) async fn a_deal_of_a_difficulty_shows_its_rating(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        let link = "rows=4&cols=6&kinds=6&turns=2&border=open&gravity=down&groups=&deal=solvable&seed=12";
        goto(&client, &deal_url(env, link)).await?;
        check!(
            !shown(&client, "deal-rating-box").await?,
            "a deal of no difficulty is unrated"
        );
        choose(&client, "difficulty", "easy").await?;
        let note = text(&client, "difficulty-note").await?;
        check!(
            note.starts_with("Easy: a solvable deal under your rules"),
            "{note}"
        );
        check!(
            value(&client, "border").await? == "open" && value(&client, "gravity").await? == "down",
            "a difficulty leaves the rules as they were"
        );
        super::unfold(&client, "seed").await?;
        let seed = client.find(Locator::Id("seed")).await.map_err(cmd("seed"))?;
        seed.clear().await.map_err(cmd("clear"))?;
        seed.send_keys("5").await.map_err(cmd("type"))?;
        click(&client, "deal").await?;
        idle(&client).await?;
        let spec = js(&client, "return window.lianliankan.spec;").await?;
        check!(
            spec["difficulty"] == "easy"
                && spec["seed"] == 5
                && spec["rules"]["gravity"] == "down"
                && spec["rules"]["border"] == "open",
            "the deal asked for easy under the player's rules: {spec}"
        );
        // The page's deal and rating are the server's for that request.
        let asked = json!({"rows": 4, "cols": 6, "kinds": 6, "seed": 5,
            "rules": rules(&client).await?, "difficulty": "easy"});
        let dealt = api(env, "deal", &asked).await?;
        let rating = js(&client, "return window.lianliankan.rating;").await?;
        check!(
            dealt["board"] == js(&client, "return window.lianliankan.board;").await?
                && same_numbers(&dealt["rating"], &rating),
            "the page shows the server's deal and rating: {rating} / {dealt}"
        );
        let shown_rating = text(&client, "deal-rating").await?;
        let in_band = dealt["rated"]["in_band"] == true;
        check!(
            shown_rating
                == format!(
                    "{}{}",
                    short(&rating),
                    if in_band { "" } else { " (no easy found)" }
                ),
            "the status line: {shown_rating}"
        );
        let message = text(&client, "message").await?;
        if dealt["rated"]["in_band"] == true {
            check!(rating["difficulty"] == "easy", "an easy deal's band: {rating}");
            check!(message.contains(", rated easy: random play clears "), "{message}");
        } else {
            check!(
                message.starts_with("No easy deal found"),
                "out of the band, the page says so: {message}"
            );
        }
        check!(
            text(&client, "dead-rating").await? == sentence(&rating),
            "the stuck banner names the rating too"
        );
        screenshot(env, &client, "desktop-rated-deal").await?;

        // A deal of the page's seed is not ranked: the seed box emptied,
        // the server seeds an easy deal, which is.
        super::unfold(&client, "seed").await?;
        let seed = client.find(Locator::Id("seed")).await.map_err(cmd("seed"))?;
        seed.clear().await.map_err(cmd("clear"))?;
        click(&client, "deal").await?;
        idle(&client).await?;
        let ticket = js(&client, "return window.lianliankan.ticket;").await?;
        check!(ticket.is_string(), "a deal the server seeds is ranked: {ticket}");
        let rating = js(&client, "return window.lianliankan.rating;").await?;

        // Cleared: the finish screen shows the rating, and the score is
        // saved (the server deals the rated candidate again and replays).
        play_to_the_end(env, &client).await?;
        check!(shown(&client, "won").await?, "the finish screen is shown");
        check!(
            shown(&client, "won-rating").await?
                && text(&client, "won-rating").await? == sentence(&rating),
            "the finish screen shows the rating: {}",
            text(&client, "won-rating").await?
        );
        check!(
            shown(&client, "score-form").await?,
            "a rated deal enters the high scores"
        );
        let name = client
            .find(Locator::Id("score-name"))
            .await
            .map_err(cmd("name"))?;
        name.clear().await.map_err(cmd("clear"))?;
        name.send_keys("Rater").await.map_err(cmd("type"))?;
        click(&client, "score-save").await?;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !text(&client, "score-note").await?.starts_with("Saved") {
            check!(
                std::time::Instant::now() < deadline,
                "not saved: {}",
                text(&client, "score-note").await?
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        screenshot(env, &client, "desktop-rated-finish").await?;

        // One kind on 2 × 4: random play always clears it, so no deal is
        // hard; the page deals the first candidate and says so.
        let link = "rows=2&cols=4&kinds=1&turns=2&border=open&gravity=none&groups=&deal=solvable&difficulty=hard&seed=1";
        goto(&client, &deal_url(env, link)).await?;
        check!(
            value(&client, "difficulty").await? == "hard",
            "the link's difficulty fills the form"
        );
        let rating = js(&client, "return window.lianliankan.rating;").await?;
        let note = "No hard deal found under these rules in 60 candidates; dealt one random play clears 100% of the time (easy).";
        let message = text(&client, "message").await?;
        check!(message == note, "the fallback is said: {message}");
        let status = text(&client, "deal-rating").await?;
        check!(
            status == format!("{} (no hard found)", short(&rating)),
            "and marked in the status line: {status}"
        );
        let title = js(&client, "return document.getElementById('deal-rating-box').title;").await?;
        check!(title == json!(note), "with the note as its title: {title}");
        click(&client, "share").await?;
        let url = value(&client, "share-link").await?;
        check!(url.contains("difficulty=hard"), "the link keeps it: {url}");
        screenshot(env, &client, "desktop-rated-fallback").await?;
        // A damaged difficulty in a link gets a sentence and a deal.
        let link = "rows=2&cols=4&kinds=1&deal=solvable&difficulty=extreme&seed=1";
        goto(&client, &deal_url(env, link)).await?;
        let message = text(&client, "message").await?;
        check!(
            message
                == "This link is damaged: the difficulty should be “easy”, “normal” or “hard”, \
                    and it says “extreme”. Here is a new deal instead.",
            "{message}"
        );
        check!(tiles_left(&client).await? > 0, "a deal to play all the same");

        // The level game: easy, easy, normal, normal, then hard.
        let bands = js(
            &client,
            "return [0, 1, 2, 3, 4, 5, 12].map(l => window.lianliankanLevel.rules.difficulty(l));",
        )
        .await?;
        check!(
            bands == json!(["easy", "easy", "normal", "normal", "hard", "hard", "hard"]),
            "the levels' difficulties: {bands}"
        );
        goto(
            &client,
            &deal_url(
                env,
                "rows=4&cols=4&kinds=4&turns=2&border=open&gravity=none&groups=&deal=solvable&seed=3",
            ),
        )
        .await?;
        js(
            &client,
            "window.lianliankanLevel.now = () => 0; return null;",
        )
        .await?;
        choose(&client, "mode", "levels").await?;
        click(&client, "deal").await?;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while js(&client, "return window.lianliankanLevel.dealing;").await? != json!(false) {
            check!(
                std::time::Instant::now() < deadline,
                "level 1 was still being dealt after 30 s"
            );
            tokio::time::sleep(std::time::Duration::from_millis(40)).await;
        }
        idle(&client).await?;
        check!(tiles_left(&client).await? == 16, "level 1 dealt");
        check!(
            text(&client, "lv-difficulty").await? == "easy",
            "level 1 is easy"
        );
        let spec = js(&client, "return window.lianliankan.spec;").await?;
        check!(spec["difficulty"] == "easy", "level 1 asked for easy: {spec}");
        check!(
            shown(&client, "deal-rating-box").await?,
            "the level's rating is shown"
        );
        Ok(())
    })
    .await
}
