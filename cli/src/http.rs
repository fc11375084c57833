//! The server's connections (`gamelab serve`): each request's head is read here, within a size
//! and a time limit, and checked before hyper sees it, so that every refusal — a head that does
//! not arrive in time (408), a request line or a head too long (414, 431), a malformed request
//! (400) — is answered with the API's JSON body `{"error": "..."}`, where hyper answers these
//! with an empty body. A request that passes is served by hyper and the API's router on a
//! connection that closes after it (the next request is checked again on a connection of its
//! own).

use axum::Router;
use axum::http::StatusCode;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// The longest request line (method, path and query, version): a query of a few thousand piles.
pub const REQUEST_LINE_BYTES: usize = 16 << 10;
/// The longest request head, its headers included.
pub const HEAD_BYTES: usize = 32 << 10;
/// The most headers a request may have.
const HEADERS: usize = 64;

/// Serves `router` on `listener`, every request's head read within `head_time`.
pub async fn serve(listener: TcpListener, router: Router, head_time: Duration) {
    loop {
        // A failed accept (too many open files, a connection reset while queued) concerns that
        // connection alone: the server goes on.
        let Ok((stream, _)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let router = router.clone();
        tokio::spawn(async move {
            connection(stream, router, head_time).await;
        });
    }
}

/// One connection: its request's head read and checked, then served by hyper, or refused.
async fn connection(mut stream: TcpStream, router: Router, head_time: Duration) {
    let head = match tokio::time::timeout(head_time, read_head(&mut stream)).await {
        Ok(Ok(head)) => head,
        Ok(Err(Refusal(status, message))) => return refuse(stream, status, &message).await,
        Err(_) => {
            let message = format!(
                "the request did not arrive within the server's limit of {} s",
                head_time.as_secs()
            );
            return refuse(stream, StatusCode::REQUEST_TIMEOUT, &message).await;
        }
    };
    if let Err(Refusal(status, message)) = check_head(&head) {
        return refuse(stream, status, &message).await;
    }
    let io = TokioIo::new(Replayed {
        head,
        read: 0,
        stream,
    });
    // Errors past this point are the client's going away: nothing to answer.
    let _ = hyper::server::conn::http1::Builder::new()
        .keep_alive(false)
        .serve_connection(io, TowerToHyperService::new(router))
        .await;
}

/// A request refused before hyper sees it: a status and one line.
struct Refusal(StatusCode, String);

/// Reads the request's head (up to its blank line), refusing one too long.
async fn read_head(stream: &mut TcpStream) -> Result<Vec<u8>, Refusal> {
    let mut head = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let read = stream
            .read(&mut chunk)
            .await
            .map_err(|error| Refusal(StatusCode::BAD_REQUEST, error.to_string()))?;
        if read == 0 {
            return Err(Refusal(
                StatusCode::BAD_REQUEST,
                "the request ended before its head did".to_string(),
            ));
        }
        head.extend_from_slice(&chunk[..read]);
        let line_ends = head.windows(2).position(|pair| pair == b"\r\n");
        if line_ends.unwrap_or(head.len()) > REQUEST_LINE_BYTES {
            return Err(Refusal(
                StatusCode::URI_TOO_LONG,
                format!(
                    "the request line is longer than the server's limit of {REQUEST_LINE_BYTES} \
                     bytes"
                ),
            ));
        }
        if head.windows(4).any(|window| window == b"\r\n\r\n") {
            return Ok(head);
        }
        if head.len() > HEAD_BYTES {
            return Err(Refusal(
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                format!(
                    "the request's headers are longer than the server's limit of {HEAD_BYTES} bytes"
                ),
            ));
        }
    }
}

/// Refuses a head that hyper would refuse with an empty body: one that does not parse as
/// HTTP/1, a path that is no URI, a body framed other than by one plain length (the API answers
/// GET requests, which have none; other methods get the router's 405).
fn check_head(head: &[u8]) -> Result<(), Refusal> {
    let malformed =
        |why: String| Refusal(StatusCode::BAD_REQUEST, format!("malformed request: {why}"));
    let mut headers = [httparse::EMPTY_HEADER; HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    match request.parse(head) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => return Err(malformed("its head is incomplete".into())),
        Err(httparse::Error::TooManyHeaders) => {
            return Err(Refusal(
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                format!("the request has more than the server's limit of {HEADERS} headers"),
            ));
        }
        Err(error) => return Err(malformed(error.to_string())),
    }
    let path = request.path.unwrap_or_default();
    if path.parse::<axum::http::Uri>().is_err() {
        return Err(malformed(format!("'{path}' is not a path and query")));
    }
    let headers = &*request.headers;
    let named = |name: &'static str| {
        headers
            .iter()
            .filter(move |header| header.name.eq_ignore_ascii_case(name))
    };
    let lengths: Vec<&[u8]> = named("content-length").map(|header| header.value).collect();
    let plain_length = |value: &[u8]| !value.is_empty() && value.iter().all(u8::is_ascii_digit);
    if named("transfer-encoding").next().is_some()
        || lengths.len() > 1
        || !lengths.iter().all(|value| plain_length(value))
    {
        return Err(malformed(
            "a request body must be given by one plain Content-Length (the explorer's API \
             takes none)"
                .to_string(),
        ));
    }
    Ok(())
}

/// Answers `status` with the API's JSON error body and closes the connection.
async fn refuse(mut stream: TcpStream, status: StatusCode, message: &str) {
    let body = serde_json::json!({ "error": message }).to_string();
    let response = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\n\r\n{body}",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    );
    // A client gone already has nobody to read the answer.
    let _ = stream.write_all(response.as_bytes()).await;
    let _ = stream.shutdown().await;
    // What the client is still sending is read and dropped for a moment: closing with unread
    // bytes would reset the connection, and the client could lose the answer.
    let drain = async {
        let mut chunk = [0u8; 4096];
        let mut left = HEAD_BYTES * 4;
        while let Ok(read @ 1..) = stream.read(&mut chunk).await {
            left = left.saturating_sub(read);
            if left == 0 {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), drain).await;
}

/// The connection as hyper reads it: the head read already, then the rest of the stream.
struct Replayed {
    head: Vec<u8>,
    read: usize,
    stream: TcpStream,
}

impl AsyncRead for Replayed {
    fn poll_read(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        if this.read < this.head.len() {
            let rest = &this.head[this.read..];
            let take = rest.len().min(buffer.remaining());
            buffer.put_slice(&rest[..take]);
            this.read += take;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.stream).poll_read(context, buffer)
    }
}

impl AsyncWrite for Replayed {
    fn poll_write(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        bytes: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(context, bytes)
    }

    fn poll_flush(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(context)
    }

    fn poll_shutdown(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(context)
    }
}
