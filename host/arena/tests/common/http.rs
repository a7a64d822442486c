//! The HTTP side of `arena serve`'s tests: the server on a free port of
//! 127.0.0.1 in a thread, and a plain TcpStream client. Each test file uses
//! some of them.
#![allow(dead_code)]

use arena::web::server::WebServer;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

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

/// A JSON request: the status and the answer.
pub fn call(address: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let text = body.map(|b| b.to_string());
    let (status, _, answer) = request(address, method, path, text.as_deref());
    (status, serde_json::from_str(&answer).unwrap_or(Value::Null))
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
