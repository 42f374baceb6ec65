//! Every refusal under `/api/` as JSON: request bodies read with a size
//! limit and a time limit ([`read_body`]; `--request-body-timeout`, 30 s:
//! a 256 KiB upload at 10 KB/s takes 26 s), and whatever an extractor or
//! the router answers in plain text (a path that does not decode, a
//! method a route does not take, a request that is not a WebSocket
//! upgrade) turned into the API's error body ([`as_json`]).

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use http_body_util::BodyExt;
use mind_sports_core::online::protocol::{encode, ApiError};

/// Why a body was not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyProblem {
    /// Over the limit.
    TooLarge,
    /// Not all there within the time limit (seconds).
    Slow(u64),
    /// The connection broke.
    Broken,
}

impl BodyProblem {
    /// What the client is told (the games', the events' and the clubs'
    /// errors read the same for these).
    pub fn error(self) -> (StatusCode, ApiError) {
        match self {
            BodyProblem::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, ApiError::TooLarge),
            BodyProblem::Slow(seconds) => (
                StatusCode::REQUEST_TIMEOUT,
                ApiError::Malformed {
                    detail: format!("the body did not arrive within {seconds} s"),
                },
            ),
            BodyProblem::Broken => (
                StatusCode::BAD_REQUEST,
                ApiError::Malformed {
                    detail: "the body was cut off".into(),
                },
            ),
        }
    }

    /// Its response. The connection is closed after it: the rest of the
    /// body is not read.
    pub fn response(self) -> Response {
        let (status, error) = self.error();
        let mut response = json_text(status, encode(&error));
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        response
    }
}

/// The body, at most `max` bytes, all there `within`.
pub async fn read_body(body: Body, max: usize, within: Duration) -> Result<Bytes, BodyProblem> {
    let limited = http_body_util::Limited::new(body, max);
    match tokio::time::timeout(within, limited.collect()).await {
        Err(_) => Err(BodyProblem::Slow(within.as_secs())),
        Ok(Ok(collected)) => Ok(collected.to_bytes()),
        Ok(Err(error)) if error.is::<http_body_util::LengthLimitError>() => {
            Err(BodyProblem::TooLarge)
        }
        Ok(Err(_)) => Err(BodyProblem::Broken),
    }
}

/// `text` (JSON) with `status`, never cached.
pub fn json_text(status: StatusCode, text: String) -> Response {
    let mut response = Response::new(Body::from(text));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The API's error for a plain-text refusal of `status` saying `text`.
pub fn error_for(status: StatusCode, text: &str) -> ApiError {
    let detail = || {
        let said = text.trim();
        let said = if said.is_empty() {
            status.canonical_reason().unwrap_or("refused")
        } else {
            said
        };
        said.chars().take(200).collect::<String>()
    };
    match status {
        StatusCode::NOT_FOUND => ApiError::NotFound,
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge,
        status if status.is_server_error() => ApiError::Unavailable,
        _ => ApiError::Malformed { detail: detail() },
    }
}

/// Middleware: an error answer that is not JSON becomes the API's error
/// (same status; headers such as `Allow` kept).
pub async fn as_json(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    // Rejections are short texts; anything longer is cut.
    let text = match read_body(body, 4096, Duration::from_secs(1)).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(_) => String::new(),
    };
    let body = encode(&error_for(status, &text));
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    parts
        .headers
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn bodies_are_read_within_their_limits() {
        let second = Duration::from_secs(1);
        let body = Body::from(vec![b'x'; 100]);
        assert_eq!(read_body(body, 100, second).await.unwrap().len(), 100);
        let body = Body::from(vec![b'x'; 101]);
        assert_eq!(
            read_body(body, 100, second).await,
            Err(BodyProblem::TooLarge)
        );
        // A body that never ends.
        let never = futures_util::stream::pending::<Result<Bytes, std::io::Error>>();
        let body = Body::from_stream(never);
        let slow = read_body(body, 100, Duration::from_millis(50)).await;
        assert_eq!(slow, Err(BodyProblem::Slow(0)));
    }

    #[test]
    fn plain_refusals_read_as_the_apis_errors() {
        assert_eq!(error_for(StatusCode::NOT_FOUND, ""), ApiError::NotFound);
        assert_eq!(
            error_for(StatusCode::PAYLOAD_TOO_LARGE, "length limit exceeded"),
            ApiError::TooLarge
        );
        assert_eq!(
            error_for(StatusCode::INTERNAL_SERVER_ERROR, "boom"),
            ApiError::Unavailable
        );
        assert_eq!(
            error_for(StatusCode::METHOD_NOT_ALLOWED, ""),
            ApiError::Malformed {
                detail: "Method Not Allowed".into()
            }
        );
        let long = "x".repeat(1000);
        let ApiError::Malformed { detail } = error_for(StatusCode::BAD_REQUEST, &long) else {
            panic!();
        };
        assert_eq!(detail.len(), 200);
    }
}
