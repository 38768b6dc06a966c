//! The API's errors: a kind (which names its status) and a message, sent
//! as `{"error": "..."}`, and the JSON body extractor whose every refusal
//! is such an error.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::http::header::{CONTENT_TYPE, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::{Json, middleware::Next};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A refused or failed request: what kind of refusal it is (which decides
/// its status) and a sentence for the player (or the programmer) saying
/// what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// `400`: a value of the request does not stand (too many rows, an
    /// unknown name, a body that is not JSON).
    BadRequest(String),
    /// `404`: no such endpoint.
    NotFound,
    /// `409`: the same game (or run) is stored already.
    Duplicate(String),
    /// `413`: the request is larger than the server takes.
    TooLarge(String),
    /// `415`: a body sent without the JSON content type.
    NotJson(String),
    /// `422`: a request well formed that does not stand (a game or run
    /// that does not replay, a ticket the server does not know, a body of
    /// the wrong shape).
    Unprocessable(String),
    /// `503`: the server cannot answer now (the work's time-out ran out,
    /// or it keeps no high scores).
    Unavailable(String),
    /// `500`: the server failed (the engine, the database).
    Internal(String),
}

impl ApiError {
    /// A [`ApiError::BadRequest`] with `message`.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest(message.into())
    }

    /// An [`ApiError::Unprocessable`] with `message`.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::Unprocessable(message.into())
    }

    /// The HTTP status of this kind of error (4xx for the request's
    /// fault, 5xx for the server's).
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Duplicate(_) => StatusCode::CONFLICT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::NotJson(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// What went wrong, in words.
    pub fn message(&self) -> &str {
        match self {
            ApiError::NotFound => NOT_FOUND,
            ApiError::BadRequest(message)
            | ApiError::Duplicate(message)
            | ApiError::TooLarge(message)
            | ApiError::NotJson(message)
            | ApiError::Unprocessable(message)
            | ApiError::Unavailable(message)
            | ApiError::Internal(message) => message,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status(), self.message())
    }
}

impl std::error::Error for ApiError {}

/// Any other path under `/api`.
pub async fn not_found() -> ApiError {
    ApiError::NotFound
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
        error_response(self.status(), self.message())
    }
}

/// A response of `status` whose body is `{"error": message}`.
fn error_response(status: StatusCode, message: &str) -> Response {
    (status, Json(ErrorBody { error: message })).into_response()
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

/// The error for a body [`axum::Json`] refused, of the kind of axum's
/// status.
fn rejected(rejection: &JsonRejection) -> ApiError {
    match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge(TOO_LARGE.to_owned()),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::NotJson(rejection.body_text()),
        StatusCode::UNPROCESSABLE_ENTITY => ApiError::Unprocessable(rejection.body_text()),
        _ => ApiError::BadRequest(rejection.body_text()),
    }
}

/// What a body over the limit gets.
const TOO_LARGE: &str = "the request body is larger than the server accepts (see /api/limits)";

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
        StatusCode::PAYLOAD_TOO_LARGE => TOO_LARGE.to_owned(),
        StatusCode::REQUEST_TIMEOUT | StatusCode::SERVICE_UNAVAILABLE => {
            "the request took too long and was stopped".to_owned()
        }
        other => other
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_owned(),
    };
    let mut fixed = error_response(status, &message);
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
