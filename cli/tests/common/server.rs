//! A `gamelab serve` child process on a free loopback port, stopped when dropped, and a minimal
//! HTTP/1.1 GET over a plain TCP stream (no client library needed for a test).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Server {
    /// Starts `gamelab serve --port 0 EXTRA...` and waits for its address line.
    pub fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gamelab"))
            .env(super::PINNED_FACTOR.0, super::PINNED_FACTOR.1)
            .args(["serve", "--port", "0"])
            .args(extra)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stderr.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// GET `path`: (status, body).
    pub fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path)
    }

    /// `method` `path` with no body: (status, body).
    pub fn request(&self, method: &str, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            self.address
        )
        .unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        let response = String::from_utf8(response).unwrap();
        let (head, body) = response.split_once("\r\n\r\n").unwrap();
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, body.to_string())
    }

    /// Sends `bytes` as they are, waits for the answer (as long as the server takes) and reads
    /// it: (status, body).
    pub fn raw(&self, bytes: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream.write_all(bytes).unwrap();
        let mut response = Vec::new();
        // A server that closes while the request is still being sent resets the connection:
        // what it answered before is read all the same.
        let _ = stream.read_to_end(&mut response);
        let response = String::from_utf8_lossy(&response).into_owned();
        let (head, body) = response
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("no answer: {response:?}"));
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, body.to_string())
    }

    /// GET `path` and parse the body as JSON: (status, value).
    pub fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let (status, body) = self.get(path);
        let value =
            serde_json::from_str(&body).unwrap_or_else(|error| panic!("{path}: {error}: {body}"));
        (status, value)
    }
}

impl Server {
    /// The server's resident memory in bytes (Linux's `/proc/PID/status`).
    #[cfg(target_os = "linux")]
    pub fn resident_bytes(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let kib: u64 = status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("no VmRSS in {status}"));
        kib * 1024
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
