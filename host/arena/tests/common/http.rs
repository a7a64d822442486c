//! The HTTP side of `arena serve`'s tests: the server on a free port of
//! 127.0.0.1 in a thread, and a plain TcpStream client; [`call`] waits for
//! an engine's move started by the request (the server answers at once and
//! the engine thinks in the game's worker), [`call_now`] does not. Each
//! test file uses some of them.
#![allow(dead_code)]

use arena::web::server::WebServer;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// The longest a test waits for an engine's move (a loaded machine's
/// simulated board included).
const SETTLE: Duration = Duration::from_secs(300);

/// A server on a free port of 127.0.0.1, answering in its own thread.
pub fn start() -> SocketAddr {
    let server = WebServer::bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let address = server.address();
    assert_ne!(address.port(), 0);
    std::thread::spawn(move || server.run());
    address
}

/// One request: the status, the headers and the body.
pub fn request(
    address: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, String, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    let body = body.unwrap_or("");
    let content_type = if method == "POST" {
        "Content-Type: application/json\r\n"
    } else {
        ""
    };
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n{content_type}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        address.port(),
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head.to_string(), body.to_string())
}

/// One API call with a JSON body: the status and the JSON answer, once no
/// engine thinks in the game it shows (polled: [`settle`]).
pub fn call(address: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let (status, state) = call_now(address, method, path, body);
    if status == 200 {
        return (status, settle(address, state));
    }
    (status, state)
}

/// One API call with a JSON body: the status and the JSON answer as given.
pub fn call_now(
    address: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let text = body.map(|b| b.to_string());
    let (status, _, answer) = request(address, method, path, text.as_deref());
    (status, serde_json::from_str(&answer).unwrap_or(Value::Null))
}

/// `state`, or the state of its game polled until no engine thinks there
/// (at most [`SETTLE`]); anything else as it is.
pub fn settle(address: SocketAddr, mut state: Value) -> Value {
    let started = Instant::now();
    while !state["thinking"].is_null() {
        assert!(started.elapsed() < SETTLE, "still thinking: {state}");
        std::thread::sleep(Duration::from_millis(20));
        let id = state["id"].as_str().unwrap().to_string();
        let (status, now) = call_now(address, "GET", &format!("/api/games/{id}"), None);
        assert_eq!(status, 200, "{now}");
        state = now;
    }
    state
}

/// The person's move `text` in game `id`: the status and the answer.
pub fn play(address: SocketAddr, id: &str, text: &str) -> (u16, Value) {
    call(
        address,
        "POST",
        &format!("/api/games/{id}/move"),
        Some(serde_json::json!({ "move": text })),
    )
}
