//! The API's errors: a status and a message, sent as `{"error": "..."}`,
//! and the JSON body extractor whose every refusal is such an error.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::http::header::{CONTENT_TYPE, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::{Json, middleware::Next};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A refused or failed request: the status and a sentence for the player
/// (or the programmer) saying what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (4xx for the request's fault, 5xx for the server's).
    pub status: StatusCode,
    /// What went wrong, in words.
    pub message: String,
}

impl ApiError {
    /// A `400 Bad Request` with `message`.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// A `422 Unprocessable Entity` with `message`: a request well formed
    /// that does not stand (a game or run that does not replay, a ticket
    /// the server does not know).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status, self.message)
    }
}

impl std::error::Error for ApiError {}

/// Any other path under `/api`.
pub async fn not_found() -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: NOT_FOUND.to_owned(),
    }
}

/// What a 404 says.
const NOT_FOUND: &str = "no such endpoint (GET /api/limits lists what there is)";

/// The body of every error response.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(ErrorBody {
                error: &self.message,
            }),
        )
            .into_response()
    }
}

/// A JSON request body of type `T`. Unlike [`axum::Json`], a body that is
/// not JSON, not of the expected shape, too large, or sent without the
/// JSON content type is refused with an [`ApiError`] (a JSON body), keeping
/// the status axum chooses: 400 for a syntax error, 413 for a body over the
/// limit, 415 without `Content-Type: application/json`, 422 for valid JSON
/// of the wrong shape (a missing field, a string where a number belongs).
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(rejected(&rejection)),
        }
    }
}

/// The error for a body [`axum::Json`] refused.
fn rejected(rejection: &JsonRejection) -> ApiError {
    let status = rejection.status();
    let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
        "the request body is larger than the server accepts (see /api/limits)".to_owned()
    } else {
        rejection.body_text()
    };
    ApiError { status, message }
}

/// Middleware: an error response that carries no JSON body (axum's own 404,
/// 405 and 413 responses, tower-http's time-out) gets one, so that every
/// error the API sends is `{"error": "..."}`.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::NOT_FOUND => NOT_FOUND.to_owned(),
        StatusCode::METHOD_NOT_ALLOWED => {
            "this endpoint does not take that method (reads are GET, actions POST)".to_owned()
        }
        StatusCode::PAYLOAD_TOO_LARGE => {
            "the request body is larger than the server accepts (see /api/limits)".to_owned()
        }
        StatusCode::REQUEST_TIMEOUT | StatusCode::SERVICE_UNAVAILABLE => {
            "the request took too long and was stopped".to_owned()
        }
        other => other
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_owned(),
    };
    let mut fixed = ApiError { status, message }.into_response();
    // Keep what the original said besides its body (e.g. `Allow` on a 405).
    for (name, value) in response.headers() {
        if name != CONTENT_TYPE && name != axum::http::header::CONTENT_LENGTH {
            fixed.headers_mut().insert(name.clone(), value.clone());
        }
    }
    fixed
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    fixed
}
