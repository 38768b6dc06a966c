//! What the socket tests share: the server on a free port of 127.0.0.1,
//! and a plain HTTP client for its API.

use std::net::SocketAddr;

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request, StatusCode};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;

/// Held by the tests that load the machine or need it unloaded (the load
/// test, the browser scenarios), so that they never run at the same time.
pub static ALONE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Starts `play::app` on a free port of 127.0.0.1 in the current runtime,
/// with `scores` if given; it serves until the runtime ends.
pub async fn start_server(limits: play::Limits, scores: Option<play::ScoreDb>) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port on 127.0.0.1");
    let address = listener.local_addr().expect("the bound address");
    tokio::spawn(async move {
        axum::serve(listener, play::app(limits, scores))
            .await
            .expect("the server runs");
    });
    address
}

/// An HTTP/1 client for 127.0.0.1 (keep-alive connections pooled).
pub type Http = Client<HttpConnector, Full<Bytes>>;

/// A new client.
pub fn client() -> Http {
    Client::builder(TokioExecutor::new()).build(HttpConnector::new())
}

/// Sends `method path` with an optional JSON body; the status and the body.
pub async fn request(
    http: &Http,
    address: SocketAddr,
    method: Method,
    path: &str,
    json: Option<&Value>,
) -> Result<(StatusCode, Bytes), String> {
    let mut builder = Request::builder()
        .method(method)
        .uri(format!("http://{address}{path}"));
    let body = match json {
        Some(value) => {
            builder = builder.header("content-type", "application/json");
            Full::new(Bytes::from(value.to_string()))
        }
        None => Full::new(Bytes::new()),
    };
    let request = builder.body(body).map_err(|e| e.to_string())?;
    let response = http.request(request).await.map_err(|e| e.to_string())?;
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .map_err(|e| e.to_string())?
        .to_bytes();
    Ok((status, bytes))
}

/// `POST /api/<path>` with `body`: the JSON answer of a 200, or why not.
pub async fn post(
    http: &Http,
    address: SocketAddr,
    path: &str,
    body: &Value,
) -> Result<Value, String> {
    let (status, bytes) = request(
        http,
        address,
        Method::POST,
        &format!("/api/{path}"),
        Some(body),
    )
    .await?;
    if status != StatusCode::OK {
        return Err(format!(
            "{path}: {status}: {}",
            String::from_utf8_lossy(&bytes)
        ));
    }
    serde_json::from_slice(&bytes).map_err(|e| format!("{path}: not JSON: {e}"))
}
