//! The page's files, embedded in the binary: one binary is the whole
//! program, and it serves the files it was built with.

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::IntoResponse;

/// The page (both views).
const INDEX: &str = include_str!("assets/index.html");
/// Its style sheet.
const STYLE: &str = include_str!("assets/style.css");
/// The game view.
const PLAY: &str = include_str!("assets/play.js");
/// The judge viewer.
const JUDGE: &str = include_str!("assets/judge.js");
/// What both views share: the API calls, tile colours, drawing paths.
const COMMON: &str = include_str!("assets/common.js");

/// A file with its content type. The page is small and changes with the
/// binary, so browsers revalidate rather than cache it.
fn file(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [(CONTENT_TYPE, content_type), (CACHE_CONTROL, "no-cache")],
        body,
    )
}

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    file("text/html; charset=utf-8", INDEX)
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    file("text/css; charset=utf-8", STYLE)
}

/// `GET /common.js`.
pub async fn common() -> impl IntoResponse {
    file("text/javascript; charset=utf-8", COMMON)
}

/// `GET /play.js`.
pub async fn play() -> impl IntoResponse {
    file("text/javascript; charset=utf-8", PLAY)
}

/// `GET /judge.js`.
pub async fn judge() -> impl IntoResponse {
    file("text/javascript; charset=utf-8", JUDGE)
}
