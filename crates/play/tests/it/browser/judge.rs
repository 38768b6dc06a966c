//! The judge viewer, on its page of its own (`/judge`; an old `#judge`
//! link goes there): each problem's sample answered and drawn, and input
//! it cannot read explained, with no heading over nothing.

use std::time::{Duration, Instant};

use fantoccini::Locator;
use serde_json::json;

use super::{Env, Outcome, Screen, click, cmd, goto, js, screenshot, shown, text, with_session};

/// Each problem's sample in the viewer: the judge's output, and a drawing
/// per answer, with the path in red where there is one.
pub(super) async fn the_judge_viewer_draws_every_answer(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        // An old link to the viewer's tab lands on its page.
        goto(&client, &format!("http://{}/#judge", env.site)).await?;
        let path = js(&client, "return location.pathname;").await?;
        check!(path == json!("/judge"), "the viewer has a page of its own: {path}");
        check!(
            shown(&client, "judge-view").await? && !shown(&client, "play-view").await?,
            "the viewer's page shows the viewer alone"
        );
        let expected = [
            ("lianliankan", "YES\nNO\nNO\nNO\nNO\nYES\n", 6),
            ("segments", "Board #1:\nPair 1: 4 segments.\nPair 2: 3 segments.\nPair 3: impossible.\n\n", 3),
            ("solitaire", "YES\nYES\n", 2),
        ];
        for (problem, output, answers) in expected {
            let select = client.find(Locator::Id("problem")).await.map_err(cmd("problem"))?;
            select.select_by_value(problem).await.map_err(cmd("select"))?;
            click(&client, "judge-sample").await?;
            click(&client, "judge-run").await?;
            let deadline = Instant::now() + Duration::from_secs(20);
            while text(&client, "judge-output").await? != output {
                check!(Instant::now() < deadline, "{problem}: output {:?}", text(&client, "judge-output").await?);
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let drawn = js(&client, "return document.querySelectorAll('#judge-answers .answer canvas').length;").await?;
            check!(drawn == json!(answers), "{problem}: {answers} drawings, found {drawn}");
            // The first answer of each sample is YES: its drawing has the
            // path's (or the moves') red.
            let red = js(
                &client,
                "const c = document.querySelector('#judge-answers canvas'); \
                 const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0; \
                 for (let i = 0; i < d.length; i += 4) if (d[i] === 0xc0 && d[i + 1] === 0x39 && d[i + 2] === 0x2b) n++; \
                 return n;",
            )
            .await?;
            check!(red.as_u64().unwrap_or(0) > 50, "{problem}: the first drawing shows its path ({red} red pixels)");
            screenshot(env, &client, &format!("judge-{problem}")).await?;
        }
        // The solitaire sequence steps move by move.
        let next = client
            .find(Locator::Css("#judge-answers .stepper button:nth-child(2)"))
            .await
            .map_err(cmd("the next-move button"))?;
        next.click().await.map_err(cmd("next move"))?;
        next.click().await.map_err(cmd("next move"))?;
        let label = js(&client, "return document.querySelector('#judge-answers .stepper span').textContent;").await?;
        check!(label == json!("after move 2 of 7"), "the stepper says {label}");
        js(&client, "document.querySelector('#judge-answers .answer').scrollIntoView(); return null;").await?;
        screenshot(env, &client, "judge-solitaire-step").await?;
        Ok(())
    })
    .await
}

/// The viewer on input it cannot read: the server's message with its line
/// marked, whatever the problem and wherever the fault; a field left
/// invalid while hidden does not block Answer; a NO says why.
pub(super) async fn the_judge_viewer_explains_bad_input_and_no(env: &Env) -> Outcome {
    with_session(env, Screen::Desktop, |client| async move {
        goto(&client, &format!("http://{}/judge", env.site)).await?;
        let set_input = |value: String| {
            let client = client.clone();
            async move {
                js(
                    &client,
                    &format!("document.getElementById('judge-input').value = {}; return null;", json!(value)),
                )
                .await
            }
        };
        let choose = |problem: &'static str| {
            let client = client.clone();
            async move {
                let select = client.find(Locator::Id("problem")).await.map_err(cmd("problem"))?;
                select.select_by_value(problem).await.map_err(cmd("select"))
            }
        };
        let answer_and_wait = || {
            let client = client.clone();
            async move {
                click(&client, "judge-run").await?;
                let deadline = Instant::now() + Duration::from_secs(20);
                loop {
                    let message = text(&client, "judge-message").await?;
                    if !message.is_empty() && message != "Answering…" {
                        return Ok::<String, String>(message);
                    }
                    check!(Instant::now() < deadline, "still {message:?}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        };
        // Not a number at the first byte.
        set_input("hello world\n".to_owned()).await?;
        let message = answer_and_wait().await?;
        check!(message.contains("line 1, column 1"), "{message}");
        let marked = text(&client, "judge-error").await?;
        check!(
            marked.starts_with("line 1, column 1: expected a number, found \"hello\"\nline 1: hello world\n")
                && marked.ends_with("\n        ^"),
            "{marked:?}"
        );
        let selected = js(&client, "const a = document.getElementById('judge-input'); return a.value.slice(a.selectionStart, a.selectionEnd);").await?;
        check!(selected == json!("hello world"), "the faulty line is selected: {selected}");
        // Nothing to show but the error: no heading over nothing (issue 49).
        let headings = js(
            &client,
            "return ['judge-output-title', 'judge-answers-title'].filter(id => \
               document.getElementById(id).offsetParent !== null);",
        )
        .await?;
        check!(headings == json!([]), "empty headings shown: {headings}");

        // A huge header after a good board: the good board's answer is
        // drawn, the fault is marked on its own line.
        set_input("3 4\n1 2 3 4\n0 0 0 0\n4 3 2 1\n1\n1 1 3 4\n1000000000 1000000000\n".to_owned()).await?;
        let message = answer_and_wait().await?;
        check!(message.starts_with("1 answer drawn.") && message.contains("line 7, column 1"), "{message}");
        let marked = text(&client, "judge-error").await?;
        check!(marked.contains("line 7: 1000000000 1000000000"), "{marked:?}");
        let headings = js(
            &client,
            "return ['judge-output-title', 'judge-answers-title'].filter(id => \
               document.getElementById(id).offsetParent !== null);",
        )
        .await?;
        check!(
            headings == json!(["judge-output-title", "judge-answers-title"]),
            "an answer and an output: both headings, got {headings}"
        );
        screenshot(env, &client, "judge-bad-input").await?;

        // An empty segments input: no boards, no error, no TypeError.
        choose("segments").await?;
        set_input(String::new()).await?;
        let message = answer_and_wait().await?;
        check!(message == "0 answers drawn.", "{message}");
        check!(!shown(&client, "judge-error").await?, "no error is shown for an empty input");

        // An invalid value in a field of another problem is not in the way.
        js(&client, "document.getElementById('judge-turns').value = '99'; return null;").await?;
        choose("solitaire").await?;
        set_input("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n".to_owned()).await?;
        let message = answer_and_wait().await?;
        check!(message == "1 answer drawn.", "the hidden turns field blocked Answer: {message}");

        // A NO says why.
        choose("lianliankan").await?;
        js(&client, "document.getElementById('judge-turns').value = '2'; return null;").await?;
        set_input("3 4\n1 2 3 4\n0 0 0 0\n4 3 2 1\n3\n1 1 3 3\n1 1 2 1\n1 1 1 1\n".to_owned()).await?;
        let message = answer_and_wait().await?;
        check!(message == "3 answers drawn.", "{message}");
        let why = js(&client, "return [...document.querySelectorAll('#judge-answers .why')].map(p => p.textContent);").await?;
        check!(
            why == json!([
                "Why not: the tiles are of different kinds (1 and 2)",
                "Why not: (2,1) is empty",
                "Why not: (1,1) is the same cell twice"
            ]),
            "{why}"
        );
        Ok(())
    })
    .await
}
