//! The server's HTTP/1.1 (`gamelab serve`), on the standard library's sockets: one thread a
//! connection, one request a connection (answered with `connection: close`). Each request's head
//! is read within a size and a time limit and checked before the API sees it, so that every
//! refusal — a head that does not arrive in time (408), a request line or a head too long (414,
//! 431), a malformed request (400), more connections than the server holds (503) — is answered
//! with the API's JSON body `{"error": "..."}`, as the API's own errors are.
//!
//! Why not a framework: the API answers a handful of GET requests with no body, one at a time
//! per connection, on a machine's loopback; a thread a connection serves that, and an async
//! runtime and its HTTP stack were a tenth of the command line's build.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest request line (method, path and query, version): a query of a few thousand piles.
pub const REQUEST_LINE_BYTES: usize = 16 << 10;
/// The longest request head, its headers included.
pub const HEAD_BYTES: usize = 32 << 10;
/// The most headers a request may have.
const HEADERS: usize = 64;
/// The most connections served at once; past them a connection is answered 503 at once, so
/// that a flood of idle connections cannot make the server start a thread for each.
const CONNECTIONS: usize = 256;
/// How long what a client still sends after its answer is read and dropped (see
/// [`drop_unread`]).
const LINGER: Duration = Duration::from_secs(1);
/// The longest a client may leave a refusal sent at once unread (see [`refuse_at_once`]).
const REFUSAL_STALL: Duration = Duration::from_millis(50);
/// The stack of a connection's thread: it reads, routes and writes (the solving runs on a thread
/// of its own), so a small one does, and many connections reserve little address space.
const CONNECTION_STACK: usize = 512 << 10;

/// An HTTP status: its code and reason phrase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status(pub u16, pub &'static str);

impl Status {
    pub const OK: Status = Status(200, "OK");
    pub const BAD_REQUEST: Status = Status(400, "Bad Request");
    pub const NOT_FOUND: Status = Status(404, "Not Found");
    pub const METHOD_NOT_ALLOWED: Status = Status(405, "Method Not Allowed");
    pub const REQUEST_TIMEOUT: Status = Status(408, "Request Timeout");
    pub const PAYLOAD_TOO_LARGE: Status = Status(413, "Payload Too Large");
    pub const URI_TOO_LONG: Status = Status(414, "URI Too Long");
    pub const REQUEST_HEADER_FIELDS_TOO_LARGE: Status =
        Status(431, "Request Header Fields Too Large");
    pub const INTERNAL_SERVER_ERROR: Status = Status(500, "Internal Server Error");
    pub const SERVICE_UNAVAILABLE: Status = Status(503, "Service Unavailable");
}

/// A request as the API sees it: its method, its path (percent-encoded, as sent) and its query
/// (the text after `?`, empty if none).
pub struct Request {
    pub method: String,
    pub path: String,
    pub query: String,
}

/// An answer: a status, a content type and a body, which answers to the same request may share.
pub struct Response {
    pub status: Status,
    pub content_type: &'static str,
    pub body: Arc<[u8]>,
}

impl Response {
    /// A JSON answer.
    pub fn json(status: Status, body: impl Into<Vec<u8>>) -> Response {
        Response::shared_json(status, Arc::from(body.into()))
    }

    /// A JSON answer whose body other answers share.
    pub fn shared_json(status: Status, body: Arc<[u8]>) -> Response {
        Response {
            status,
            content_type: "application/json",
            body,
        }
    }

    /// The API's error: `{"error": "..."}`, its long values cut and control characters escaped as the
    /// command line's messages are (`gamelab::util::shown`).
    pub fn error(status: Status, message: &str) -> Response {
        let message = gamelab::util::shown::for_one_line(message);
        Response::json(status, serde_json::json!({ "error": message }).to_string())
    }

    /// An HTML page, shared by every answer that sends it.
    pub fn html(body: Arc<[u8]>) -> Response {
        Response {
            status: Status::OK,
            content_type: "text/html; charset=utf-8",
            body,
        }
    }
}

/// Serves `respond` on `listener`, every request's head read within `time` and every answer
/// given up once its client leaves it unread for `time`; the bodies held while answers write
/// them add up to at most `answer_bytes`, a shared body counted once (past it, 503: clients
/// that do not read could otherwise hold every answer they asked for). Runs until the process
/// ends.
pub fn serve<F>(listener: TcpListener, time: Duration, answer_bytes: u64, respond: F)
where
    F: Fn(&Request) -> Response + Send + Sync + 'static,
{
    let respond = Arc::new(respond);
    let open = Arc::new(AtomicUsize::new(0));
    let answers = Arc::new(Answers {
        held: Mutex::new(HeldBodies::default()),
        limit: answer_bytes,
    });
    for stream in listener.incoming() {
        // A failed accept (too many open files, a connection reset while queued) concerns that
        // connection alone: the server goes on.
        let Ok(stream) = stream else {
            std::thread::sleep(Duration::from_millis(10));
            continue;
        };
        let Some(slot) = Slot::take(&open) else {
            let message = format!(
                "the server is busy: {CONNECTIONS} connections are open, its limit; try again"
            );
            refuse_at_once(stream, &message);
            continue;
        };
        // Kept to answer on if no thread can be started for the connection.
        let spare = stream.try_clone().ok();
        let respond = respond.clone();
        let answers = answers.clone();
        let spawned = std::thread::Builder::new()
            .stack_size(CONNECTION_STACK)
            .spawn(move || {
                // Given back when the thread ends, by a panic too.
                let _slot = slot;
                connection(stream, time, &answers, &*respond);
            });
        if let (Err(_), Some(spare)) = (spawned, spare) {
            let message = "the server cannot start a thread for this connection now; try again";
            refuse_at_once(spare, message);
        }
    }
}

/// One of the [`CONNECTIONS`] the server holds at once, given back when dropped.
struct Slot(Arc<AtomicUsize>);

impl Slot {
    /// A slot, if fewer than [`CONNECTIONS`] are taken.
    fn take(open: &Arc<AtomicUsize>) -> Option<Slot> {
        if open.fetch_add(1, Ordering::SeqCst) >= CONNECTIONS {
            open.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Slot(open.clone()))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Answers 503 on the accepting thread without waiting for the client: what it has sent is read
/// and dropped as far as it has arrived, so that closing does not reset the connection.
fn refuse_at_once(mut stream: TcpStream, message: &str) {
    drop_unread(&mut stream, None);
    let response = Response::error(Status::SERVICE_UNAVAILABLE, message);
    // A client that does not read this at once has nobody waiting for it.
    write_answer(&mut stream, false, &response, REFUSAL_STALL);
}

/// The answers being written, over every connection: each body once, however many answers share
/// it, and the limit of their bytes.
struct Answers {
    held: Mutex<HeldBodies>,
    limit: u64,
}

/// The bodies being written, by address, with how many answers write each, and their bytes.
#[derive(Default)]
struct HeldBodies {
    writers: HashMap<usize, usize>,
    bytes: u64,
}

impl Answers {
    /// Holds `body` while an answer writes it, if it fits beside those held (one already held
    /// always does, and so does a body alone: it was built within the API's own budgets);
    /// else the bytes held.
    fn hold<'a>(&'a self, body: &Arc<[u8]>) -> Result<AnswerHold<'a>, u64> {
        let address = body.as_ptr() as usize;
        let bytes = body.len() as u64;
        let mut held = self
            .held
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let fits = held.bytes == 0 || held.bytes.saturating_add(bytes) <= self.limit;
        match held.writers.get_mut(&address) {
            Some(writers) => *writers += 1,
            None if fits => {
                held.writers.insert(address, 1);
                held.bytes = held.bytes.saturating_add(bytes);
            }
            None => return Err(held.bytes),
        }
        Ok(AnswerHold {
            answers: self,
            address,
            bytes,
        })
    }
}

/// A body held while an answer writes it.
struct AnswerHold<'a> {
    answers: &'a Answers,
    address: usize,
    bytes: u64,
}

impl Drop for AnswerHold<'_> {
    fn drop(&mut self) {
        let mut held = (self.answers.held.lock()).unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(writers) = held.writers.get_mut(&self.address) {
            *writers -= 1;
            if *writers == 0 {
                held.writers.remove(&self.address);
                held.bytes -= self.bytes;
            }
        }
    }
}

/// One connection: its request's head read and checked, then answered, or refused.
fn connection(
    mut stream: TcpStream,
    time: Duration,
    answers: &Answers,
    respond: &dyn Fn(&Request) -> Response,
) {
    let (head_only, response) =
        match read_head(&mut stream, time).and_then(|head| parse_head(&head)) {
            Ok(request) => (request.method == "HEAD", respond(&request)),
            Err(Refusal(status, message)) => (false, Response::error(status, &message)),
        };
    let held = if head_only {
        Ok(None)
    } else {
        answers.hold(&response.body).map(Some)
    };
    let (_hold, response) = match held {
        Ok(hold) => (hold, response),
        Err(held) => {
            let message = format!(
                "the server is writing {} MB of answers to clients that have not read them yet, \
                 its memory budget ({} MB, --max-memory); try again",
                held >> 20,
                answers.limit >> 20
            );
            (None, Response::error(Status::SERVICE_UNAVAILABLE, &message))
        }
    };
    if write_answer(&mut stream, head_only, &response, time) {
        drop_unread(&mut stream, Some(LINGER));
    }
}

/// A request refused before the API sees it: a status and one line.
struct Refusal(Status, String);

/// Reads the request's head (up to its blank line) within `head_time`, refusing one too long.
fn read_head(stream: &mut TcpStream, head_time: Duration) -> Result<Vec<u8>, Refusal> {
    // A limit past what the clock can count is none.
    let deadline = Instant::now().checked_add(head_time);
    let late = || {
        Refusal(
            Status::REQUEST_TIMEOUT,
            format!(
                "the request did not arrive within the server's limit of {} s",
                head_time.as_secs()
            ),
        )
    };
    let mut head = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(deadline) = deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(late());
            }
            // A zero timeout would mean none; the deadline's last microsecond is as good.
            let _ = stream.set_read_timeout(Some(left.max(Duration::from_micros(1))));
        }
        let read = match stream.read(&mut chunk) {
            Ok(read) => read,
            Err(error)
                if matches!(
                    error.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Err(late());
            }
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(Refusal(Status::BAD_REQUEST, error.to_string())),
        };
        if read == 0 {
            return Err(Refusal(
                Status::BAD_REQUEST,
                "the request ended before its head did".to_string(),
            ));
        }
        head.extend_from_slice(&chunk[..read]);
        let line_ends = head.iter().position(|&byte| byte == b'\n');
        if line_ends.unwrap_or(head.len()) > REQUEST_LINE_BYTES {
            return Err(Refusal(
                Status::URI_TOO_LONG,
                format!(
                    "the request line is longer than the server's limit of {REQUEST_LINE_BYTES} \
                     bytes"
                ),
            ));
        }
        // The head ends where HTTP/1's parser says (a line ended by a bare line feed too); what
        // can no longer be a request is handed on at once, to be refused in `parse_head`'s words,
        // rather than waited for until the time limit.
        let mut headers = [httparse::EMPTY_HEADER; HEADERS];
        let end = match httparse::Request::new(&mut headers).parse(&head) {
            Ok(httparse::Status::Complete(end)) => Some(end),
            Ok(httparse::Status::Partial) => None,
            Err(_) => Some(head.len()),
        };
        if end.unwrap_or(head.len()) > HEAD_BYTES {
            return Err(Refusal(
                Status::REQUEST_HEADER_FIELDS_TOO_LARGE,
                format!(
                    "the request's headers are longer than the server's limit of {HEAD_BYTES} bytes"
                ),
            ));
        }
        if let Some(end) = end {
            head.truncate(end);
            return Ok(head);
        }
    }
}

/// The request a head asks for, refusing one that does not parse as HTTP/1, a target that is
/// no path and query, or a body framed other than by one plain length (the API answers GET
/// requests, which have none; other methods get the API's 405).
fn parse_head(head: &[u8]) -> Result<Request, Refusal> {
    let malformed = |why: String| Refusal(Status::BAD_REQUEST, format!("malformed request: {why}"));
    let mut headers = [httparse::EMPTY_HEADER; HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    match request.parse(head) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => return Err(malformed("its head is incomplete".into())),
        Err(httparse::Error::TooManyHeaders) => {
            return Err(Refusal(
                Status::REQUEST_HEADER_FIELDS_TOO_LARGE,
                format!("the request has more than the server's limit of {HEADERS} headers"),
            ));
        }
        Err(error) => return Err(malformed(error.to_string())),
    }
    let target = request.path.unwrap_or_default();
    // The absolute form (`http://host/path`), which HTTP/1.1 servers must take too, names the
    // same path and query.
    let target = match target.split_once("://") {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("http") => {
            rest.find('/').map_or("/", |slash| &rest[slash..])
        }
        _ => target,
    };
    if !target.starts_with('/') {
        return Err(malformed(format!("'{target}' is not a path and query")));
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
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    Ok(Request {
        method: request.method.unwrap_or_default().to_string(),
        path: path.to_string(),
        query: query.to_string(),
    })
}

/// Writes `response` (without its body for a HEAD request), giving up on a client that leaves
/// it unread for `stall`, and closes the connection's sending side; whether it was written.
fn write_answer(
    stream: &mut TcpStream,
    head_only: bool,
    response: &Response,
    stall: Duration,
) -> bool {
    let head = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: {}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        response.status.0,
        response.status.1,
        response.content_type,
        response.body.len()
    );
    let _ = stream.set_write_timeout(Some(stall));
    // A client gone already has nobody to read the answer.
    let written = stream.write_all(head.as_bytes()).and_then(|()| {
        if head_only {
            Ok(())
        } else {
            stream.write_all(&response.body)
        }
    });
    let _ = stream.shutdown(Shutdown::Write);
    written.is_ok()
}

/// Reads and drops what the client still sends, up to four heads' worth: for up to `linger`, or
/// (`None`) only what has arrived, without waiting. Closing with unread bytes would reset the
/// connection, and the client could lose the answer.
fn drop_unread(stream: &mut TcpStream, linger: Option<Duration>) {
    let _ = match linger {
        Some(linger) => stream.set_read_timeout(Some(linger)),
        None => stream.set_nonblocking(true),
    };
    let until = linger.map(|linger| Instant::now() + linger);
    let mut chunk = [0u8; 4096];
    let mut left = HEAD_BYTES * 4;
    while until.is_none_or(|until| Instant::now() < until) {
        match stream.read(&mut chunk) {
            Ok(read @ 1..) => {
                left = left.saturating_sub(read);
                if left == 0 {
                    break;
                }
            }
            _ => break,
        }
    }
    let _ = stream.set_nonblocking(false);
}

/// The pairs of a query (`a=1&b=x+y`), decoded as HTML forms encode them: `+` is a space,
/// `%XX` a byte (a `%` not followed by two hex digits stays as it is), the bytes read as UTF-8
/// with invalid sequences replaced; empty pairs are skipped, a name without `=` has an empty
/// value.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name, true), decode(value, true))
        })
        .collect()
}

/// `text` with its `%XX` escapes decoded (and `+` as a space if `plus_is_space`).
pub fn decode(text: &str, plus_is_space: bool) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = |offset: usize| {
            bytes
                .get(at + offset)
                .and_then(|&digit| (digit as char).to_digit(16))
        };
        match bytes[at] {
            b'%' => match (hex(1), hex(2)) {
                (Some(high), Some(low)) => {
                    decoded.push((high * 16 + low) as u8);
                    at += 3;
                    continue;
                }
                _ => decoded.push(b'%'),
            },
            b'+' if plus_is_space => decoded.push(b' '),
            byte => decoded.push(byte),
        }
        at += 1;
    }
    String::from_utf8_lossy(&decoded).into_owned()
}
