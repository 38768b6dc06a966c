//! The `play` binary: it prints its address, serves, and stops cleanly on
//! Ctrl-C (SIGINT), finishing with exit status 0; built without the
//! engine for the page, it says so on stderr.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn serves_on_the_printed_address_and_stops_on_ctrl_c() {
    let db = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-play.sqlite3");
    let mut play = Command::new(env!("CARGO_BIN_EXE_play"))
        .args(["--port", "0", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the play binary starts");
    let mut stdout = BufReader::new(play.stdout.take().expect("piped stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("a first line");
    assert!(first.contains("scores in "), "{first}");
    let address = first
        .strip_prefix("play: serving on http://")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("unexpected first line: {first:?}"))
        .to_owned();
    assert!(
        address.starts_with("127.0.0.1:"),
        "binds to 127.0.0.1 by default: {address}"
    );

    // A plain HTTP/1.0 request for the page.
    let mut stream = std::net::TcpStream::connect(&address).expect("the server accepts");
    std::io::Write::write_all(&mut stream, b"GET / HTTP/1.0\r\nHost: play\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(
        response.starts_with("HTTP/1.0 200") || response.starts_with("HTTP/1.1 200"),
        "{response:.80}"
    );
    assert!(response.contains("<title>Lianliankan"));

    let interrupted = Command::new("kill")
        .args(["-INT", &play.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(interrupted.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = play.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "play did not stop within 10 s of Ctrl-C"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "exit status {status}");
    assert_eq!(rest, "play: stopping\n");
    // A binary without the engine for the page says so, in one line, and
    // how to build it in; one with it says nothing.
    let mut errors = String::new();
    play.stderr
        .take()
        .expect("piped stderr")
        .read_to_string(&mut errors)
        .unwrap();
    if play::ENGINE {
        assert_eq!(errors, "");
    } else {
        assert_eq!(errors.lines().count(), 1, "{errors}");
        assert!(
            errors.starts_with("play: built without the engine")
                && errors.contains("`cargo xtask play` builds it in"),
            "{errors}"
        );
    }
}

#[test]
fn help_shows_an_example_and_a_bad_flag_is_a_usage_error() {
    let help = Command::new(env!("CARGO_BIN_EXE_play"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(
        text.contains("http://127.0.0.1:8175/") && text.contains("--port"),
        "{text}"
    );
    let bad = Command::new(env!("CARGO_BIN_EXE_play"))
        .args(["--host", "nowhere"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--host"));
}
