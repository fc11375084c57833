//! `gamelab serve`'s JSON API: the games, one game, analyses equal to `gamelab analyze`, every
//! game's page data equal to what `gamelab explore` writes, and every kind of bad request
//! answered with a JSON error while the server keeps serving; its page is the page `gamelab
//! explore` (and `gamelab.explorer` in Python) writes, loading its data.

use crate::common::server::Server;
use crate::common::stdout_of;
use serde_json::Value;

/// The server still answers a good request.
fn still_serves(server: &Server) {
    let (status, games) = server.get_json("/api/games");
    assert_eq!(status, 200);
    assert_eq!(
        games["games"].as_array().unwrap().len(),
        gamelab::games::every_game().len()
    );
}

#[test]
fn the_api_lists_games_and_analyses_positions_as_the_cli_does() {
    let server = Server::start(&[]);
    let (status, games) = server.get_json("/api/games");
    assert_eq!(status, 200);
    let names: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"stone-game") && names.contains(&"nim"),
        "{names:?}"
    );
    let (status, nim) = server.get_json("/api/games/nim");
    assert_eq!(status, 200);
    assert_eq!(nim["input"], "number");
    assert_eq!(nim["subtraction_set"], true);

    for (query, args) in [
        (
            "game=stone-game&piles=4,6,2,3&moves=right,left",
            &["stone-game", "--piles", "4,6,2,3", "--moves", "right,left"][..],
        ),
        (
            "game=nim&n=11&subtract=1,3,4&moves=3",
            &["nim", "--n", "11", "--subtract", "1,3,4", "--moves", "3"],
        ),
        ("game=divisor-game&n=12", &["divisor-game", "--n", "12"]),
    ] {
        let (status, analysis) = server.get_json(&format!("/api/analyze?{query}"));
        assert_eq!(status, 200, "{query}: {analysis}");
        let expected: Value = serde_json::from_str(&stdout_of(
            &[&["analyze"], args, &["--format", "json"]].concat(),
        ))
        .unwrap();
        assert_eq!(analysis, expected, "{query}");
    }
    // A query percent-encoded, as a browser may send it, means the same.
    let (status, encoded) =
        server.get_json("/api/analyze?game=stone-game&piles=4%2C6%2C2%2C3&moves=right%2Cleft");
    assert_eq!(status, 200, "{encoded}");
    let (_, plain) = server.get_json("/api/analyze?game=stone-game&piles=4,6,2,3&moves=right,left");
    assert_eq!(encoded, plain);
    // HEAD answers as GET does, without the body.
    assert_eq!(server.request("HEAD", "/api/games"), (200, String::new()));
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("data-testid=\"position\""));
    assert!(
        !page.contains("src=\"http") && !page.contains("href=\"http"),
        "no outside files"
    );
    let (status, data) = server.get_json("/api/explore?game=stone-game&piles=4,6,2,3");
    assert_eq!(status, 200);
    assert_eq!(data["positions"]["margin"].as_array().unwrap().len(), 11);
    assert_eq!(data["moves"]["optimal"].as_array().unwrap().len(), 16);
}

#[test]
fn bad_requests_get_a_json_error_and_the_server_keeps_serving() {
    let server = Server::start(&["--max-states", "50000"]);
    let many: Vec<String> = (0..400).map(|i| (i % 9 + 1).to_string()).collect();
    let long_name = format!("/api/games?{}=1", "c".repeat(150));
    let oversize = format!("/api/analyze?game=stone-game&piles={}", many.join(","));
    for (path, status, needle) in [
        ("/api/analyze?game=stone-game&piles=1,x", 400, "'x'"),
        ("/api/analyze?game=chess&n=3", 404, "unknown game 'chess'"),
        ("/api/games/chess", 404, "unknown game 'chess'"),
        ("/api/analyze?piles=1,2", 400, "'game' is missing"),
        ("/api/analyze?game=stone-game&n=4", 400, "stone-game"),
        (
            "/api/analyze?game=nim&n=-4",
            400,
            "'-4' is not a non-negative integer",
        ),
        // What the command line accepts: 1e18 (too many positions here) and heaps.
        ("/api/analyze?game=divisor-game&n=1e18", 413, "--max-states"),
        (
            "/api/analyze?game=stone-game&piles=1,2&colour=red",
            400,
            "unknown parameter 'colour'",
        ),
        (
            "/api/analyze?game=stone-game&piles=1,2&moves=left,up",
            400,
            "move 2 'up' is not legal",
        ),
        ("/api/analyze?game=stone-game&piles=%zz", 400, ""),
        (
            "/api/explore?game=stone-game&piles=1,2&moves=left",
            400,
            "takes no moves",
        ),
        (oversize.as_str(), 413, "80201"),
        ("/nowhere", 404, "/api/games"),
        (
            "/api/games?x=1",
            400,
            "unknown parameter 'x': /api/games takes none",
        ),
        // A long name is shown by its start and length.
        (
            long_name.as_str(),
            400,
            "... (150 characters)': /api/games takes none",
        ),
        (
            "/api/analyze?game=stone-game&piles=1,2&piles=3",
            400,
            "parameter 'piles' is given twice",
        ),
    ] {
        let (got, body) = server.get_json(path);
        assert_eq!(got, status, "{path}: {body}");
        let error = body["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{path}: {body}"));
        assert!(error.contains(needle), "{path}: {error}");
        still_serves(&server);
    }
    // Every error is JSON, a wrong method's too.
    for method in ["POST", "DELETE", "PUT"] {
        let (status, body) = server.request(method, "/api/games");
        assert_eq!(status, 405, "{method}: {body}");
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&body).unwrap()["error"],
            format!("method '{method}' not allowed: the explorer's API answers GET only"),
        );
        still_serves(&server);
    }
}

/// What the API's routes never see — a head too slow, too long or not HTTP — is refused with
/// the same JSON error, and the server goes on.
#[test]
fn refusals_of_the_connection_itself_are_json_too() {
    let server = Server::start(&["--timeout", "1"]);
    let long_path = format!("GET /api/games/{} HTTP/1.1\r\n\r\n", "a".repeat(20_000));
    let long_header = format!(
        "GET /api/games HTTP/1.1\r\nX-Padding: {}\r\n\r\n",
        "a".repeat(40_000)
    );
    // Past the limit by less than one read's worth: refused whatever the reads' sizes.
    let just_over = format!(
        "GET /api/games HTTP/1.1\r\nX-Padding: {}\r\n\r\n",
        "a".repeat(32 * 1024)
    );
    let cases: [(&[u8], u16, &str); 7] = [
        (b"GARBAGE\r\n\r\n", 400, "malformed request"),
        (b"GET /a b HTTP/1.1\r\n\r\n", 400, "malformed request"),
        (
            b"GET /api/games HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
            400,
            "Content-Length",
        ),
        // A head that never ends: answered once --timeout has passed.
        (
            b"GET /api/games HTTP/1.1\r\n",
            408,
            "within the server's limit of 1 s",
        ),
        (long_path.as_bytes(), 414, "request line is longer"),
        (long_header.as_bytes(), 431, "headers are longer"),
        (just_over.as_bytes(), 431, "headers are longer"),
    ];
    for (request, status, needle) in cases {
        let (got, body) = server.raw(request);
        let shown = String::from_utf8_lossy(&request[..request.len().min(40)]);
        assert_eq!(got, status, "{shown}: {body}");
        let error: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert!(
            error["error"].as_str().unwrap().contains(needle),
            "{shown}: {body}"
        );
        still_serves(&server);
    }
    let (status, body) = server.get_json("/api/analyze?game=nim&heaps=3,4");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["grundy"], 3);
    // Lines ended by a bare line feed are HTTP/1 too.
    let (status, body) = server.raw(b"GET /api/games/nim HTTP/1.1\nHost: x\n\n");
    assert_eq!(status, 200, "{body}");
    // Bytes that cannot begin a request (a TLS greeting) are refused at once, not when the
    // time limit has passed (408).
    let (status, body) = server.raw(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03");
    assert_eq!(status, 400, "{body}");
    // The absolute form of a target, which HTTP/1.1 servers must take, names the same path.
    let (status, body) = server.raw(b"GET http://localhost/api/games/nim HTTP/1.1\r\n\r\n");
    assert_eq!(status, 200, "{body}");
    // A limit past what the clock can count is none, not a panic.
    let unlimited = Server::start(&["--timeout", "18446744073709551615"]);
    for _ in 0..3 {
        still_serves(&unlimited);
    }
}

/// Past the connections the server holds at once, a connection is answered 503 at once rather
/// than given a thread; once they close, the server serves again.
#[test]
fn connections_past_the_limit_are_refused_until_others_close() {
    let server = Server::start(&["--timeout", "30"]);
    // Connections that never send their request: each holds its thread until --timeout.
    let idle: Vec<std::net::TcpStream> = (0..256)
        .map(|_| std::net::TcpStream::connect(&server.address).unwrap())
        .collect();
    let (status, body) = server.raw(b"GET /api/games HTTP/1.1\r\n\r\n");
    assert_eq!(status, 503, "{body}");
    let error: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("256 connections are open"),
        "{body}"
    );
    drop(idle);
    // The idle connections' threads see them close and end.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while server.raw(b"GET /api/games HTTP/1.1\r\n\r\n").0 != 200 {
        assert!(std::time::Instant::now() < deadline, "still refused");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Answers left unread hold at most the memory budget between them, each body once: many
/// clients of one instance share its answer, and past the budget an answer of another instance
/// is refused 503 until the clients read or go. (Before, every request wrote the instance's
/// data anew and kept it while its client did not read: 150 such clients held 9 GB.)
#[test]
fn answers_left_unread_hold_at_most_the_memory_budget() {
    use std::io::{Read, Write};
    let server = Server::start(&["--max-memory", "40M", "--timeout", "30"]);
    // 400 piles: a 4.4 MB answer, more than the sockets take in while nobody reads.
    let ask = |value: &str| {
        let piles = vec![value; 400].join(",");
        let mut stream = std::net::TcpStream::connect(&server.address).unwrap();
        write!(
            stream,
            "GET /api/explore?game=stone-game&piles={piles} HTTP/1.1\r\n\r\n"
        )
        .unwrap();
        stream
    };
    let status = |stream: &mut std::net::TcpStream| {
        let mut head = [0u8; 12];
        stream.read_exact(&mut head).unwrap();
        String::from_utf8_lossy(&head[9..12]).into_owned()
    };
    // One instance asked for by many clients: one body, always answered.
    let mut unread: Vec<_> = (0..20).map(|_| ask("1")).collect();
    // Other instances, until their bodies pass the 40 MB.
    let mut refused = None;
    for value in 2..=20 {
        let mut stream = ask(&value.to_string());
        std::thread::sleep(std::time::Duration::from_millis(200));
        let mut peek = [0u8; 12];
        stream.peek(&mut peek).unwrap();
        assert!(
            matches!(&peek[9..12], b"200" | b"503"),
            "{}",
            String::from_utf8_lossy(&peek)
        );
        if &peek[9..12] == b"503" {
            let mut body = String::new();
            stream.read_to_string(&mut body).unwrap();
            refused = Some(body);
            break;
        }
        unread.push(stream);
    }
    let body = refused.expect("an answer past the budget is refused");
    assert!(
        body.contains("the server is writing ")
            && body.contains("MB of answers to clients that have not read them yet, its memory budget (40 MB, --max-memory)"),
        "{body}"
    );
    for stream in &mut unread {
        assert_eq!(status(stream), "200");
    }
    drop(unread);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let mut stream = ask("20");
        if status(&mut stream) == "200" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "still refused");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// The solved instances the server keeps hold at most half the memory budget between them,
/// their explorer data included: twelve instances of 200 piles (about 6 MB each, data
/// included), each explored and analysed, leave the server within its 40 MB budget and a margin
/// for the program itself; it kept eight of them (95 MB resident) before the cache was bounded.
/// Every instance, kept or not, is answered the same each time it is asked for.
#[cfg(target_os = "linux")]
#[test]
fn the_instances_kept_hold_at_most_half_the_memory_budget() {
    let server = Server::start(&["--max-memory", "40M"]);
    let path = |api: &str, value: usize| {
        let piles = vec![value.to_string(); 200].join(",");
        format!("/api/{api}?game=stone-game&piles={piles}")
    };
    let mut first_answers = Vec::new();
    for value in 1..=12 {
        let (status, data) = server.get(&path("explore", value));
        assert_eq!(status, 200, "{data}");
        let (status, analysis) = server.get(&path("analyze", value));
        assert_eq!(status, 200, "{analysis}");
        first_answers.push((data, analysis));
    }
    let resident = server.resident_bytes();
    assert!(
        resident < 60 << 20,
        "the server holds {} MiB after twelve instances under a 40 MB budget",
        resident >> 20
    );
    // The first instance was forgotten and is solved again: the same answers.
    assert_eq!(server.get(&path("explore", 1)).1, first_answers[0].0);
    assert_eq!(server.get(&path("analyze", 1)).1, first_answers[0].1);
}

/// A request over the memory budget is refused as too large, as one over --max-states is, and
/// a timeout of 0 (every request given up at once) is refused at the start.
#[test]
fn requests_over_the_budget_are_too_large_and_a_zero_timeout_is_refused() {
    let server = Server::start(&["--max-states", "1e12"]);
    let (status, body) = server.get_json("/api/analyze?game=nim&n=2e9");
    assert_eq!(status, 413, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("(--max-memory)"),
        "{body}"
    );
    crate::common::fails_with(&["serve", "--timeout", "0"], &["0 would give up"]);
}

#[test]
fn two_clients_get_answers_to_every_request() {
    let server = Server::start(&[]);
    let path = "/api/analyze?game=stone-game-ii&piles=2,7,9,4,4,6,1,8,3&moves=1,2";
    let (_, expected) = server.get_json(path);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                for _ in 0..200 {
                    let (status, body) = server.get_json(path);
                    assert_eq!(status, 200);
                    assert_eq!(body, expected);
                }
            });
        }
    });
}

/// A page with its title and its inline data taken out: what every explorer page shares.
fn page_frame(page: &str) -> String {
    let cut = |text: &str, from: &str, to: &str| -> String {
        let start = text.find(from).unwrap() + from.len();
        let end = start + text[start..].find(to).unwrap();
        format!("{}{}", &text[..start], &text[end..])
    };
    let untitled = cut(page, "<title>", "</title>");
    cut(
        &untitled,
        "<script id=\"data\" type=\"application/json\">",
        "</script>",
    )
}

#[test]
fn the_served_page_is_the_page_explore_writes_without_its_data() {
    let server = Server::start(&[]);
    let (status, served) = server.get("/");
    assert_eq!(status, 200);
    let written = stdout_of(&["explore", "stone-game", "--piles", "4,6,2,3"]);
    assert_eq!(page_frame(&served), page_frame(&written));
    // The served page has no data of its own: it loads them from the API (the next test).
    assert_eq!(embedded_data(&served), "null");
}

/// The page's data as `explore` embeds it: the text of its `data` script.
fn embedded_data(page: &str) -> &str {
    let open = "<script id=\"data\" type=\"application/json\">";
    let start = page.find(open).unwrap() + open.len();
    &page[start..start + page[start..].find("</script>").unwrap()]
}

#[test]
fn the_api_gives_every_game_the_data_explore_writes() {
    // One instance per game, as the served page asks for it and as `explore` takes it. A served
    // page loads these data and then plays as the written page (the browser tests play them).
    let instances: [(&str, &str, &[&str]); 12] = [
        (
            "stone-game",
            "piles=4,6,2,3,9,1",
            &["--piles", "4,6,2,3,9,1"],
        ),
        (
            "stone-game-ii",
            "piles=2,7,9,4,4",
            &["--piles", "2,7,9,4,4"],
        ),
        (
            "stone-game-iii",
            "piles=1,2,3,-9,7",
            &["--piles", "1,2,3,-9,7"],
        ),
        ("divisor-game", "n=18", &["--n", "18"]),
        (
            "stone-game-vii",
            "piles=5,3,1,4,2",
            &["--piles", "5,3,1,4,2"],
        ),
        ("stone-game-iv", "n=17", &["--n", "17"]),
        (
            "nim",
            "n=13&subtract=1,3,4",
            &["--n", "13", "--subtract", "1,3,4"],
        ),
        (
            "coins-in-a-circle",
            "piles=3000,9000,1000,2000",
            &["--piles", "3000,9000,1000,2000"],
        ),
        ("octal", "n=9&code=0.6", &["--n", "9", "--code", "0.6"]),
        ("kayles", "heaps=4,3", &["--heaps", "4,3"]),
        ("dawsons-kayles", "n=10", &["--n", "10"]),
        ("dawsons-chess", "n=8", &["--n", "8"]),
    ];
    let server = Server::start(&[]);
    let (_, games) = server.get_json("/api/games");
    let mut listed: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["name"].as_str().unwrap())
        .collect();
    let mut covered: Vec<&str> = instances.iter().map(|(game, _, _)| *game).collect();
    listed.sort_unstable();
    covered.sort_unstable();
    assert_eq!(covered, listed, "one instance per game the API lists");
    for (game, query, args) in instances {
        let (status, served) = server.get(&format!("/api/explore?game={game}&{query}"));
        assert_eq!(status, 200, "{game}: {served}");
        let written = stdout_of(&[&["explore", game], args].concat());
        assert_eq!(served, embedded_data(&written), "{game}");
    }
}
