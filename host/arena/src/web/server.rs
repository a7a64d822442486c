//! The HTTP side of `arena serve` (tiny_http, [`THREADS`] threads taking
//! requests as they come, so that a slow one delays no other): pages and
//! API, requests to the API checked against other sites' pages (JSON bodies
//! only, and on a loopback address only its own host names), and a
//! handler's panic answered 500 without stopping the server.

use super::api::Api;
use super::{pages, Reply};
use std::io::Read;
use std::net::SocketAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

/// The threads answering requests (an engine's search never runs in one:
/// see `table`; a slow client holds only its own).
pub const THREADS: usize = 8;

/// The largest request body read, in bytes (a record file is a few kilobytes).
const MAX_BODY: u64 = 1 << 20;

/// A bound server, not yet answering.
pub struct WebServer {
    server: tiny_http::Server,
    address: SocketAddr,
}

impl WebServer {
    /// Binds `address` (port 0: any free port).
    pub fn bind(address: SocketAddr) -> anyhow::Result<WebServer> {
        let server = tiny_http::Server::http(address)
            .map_err(|e| anyhow::anyhow!("cannot listen on {address}: {e}"))?;
        let address = server
            .server_addr()
            .to_ip()
            .ok_or_else(|| anyhow::anyhow!("{address}: not an IP address"))?;
        Ok(WebServer { server, address })
    }

    /// The address it listens on, with the real port.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The address to open in a browser.
    pub fn url(&self) -> String {
        let host = if self.address.ip().is_unspecified() {
            "127.0.0.1".to_string()
        } else {
            match self.address {
                SocketAddr::V4(a) => a.ip().to_string(),
                SocketAddr::V6(a) => format!("[{}]", a.ip()),
            }
        };
        format!("http://{host}:{}/", self.address.port())
    }

    /// Answers requests until the process ends, on [`THREADS`] threads.
    pub fn run(self) {
        let api = Arc::new(Api::default());
        let server = Arc::new(self.server);
        let loopback = self.address.ip().is_loopback();
        let workers: Vec<_> = (0..THREADS)
            .map(|_| {
                let (api, server) = (api.clone(), server.clone());
                std::thread::spawn(move || {
                    for mut request in server.incoming_requests() {
                        let reply = guarded(|| answer(&api, &mut request, loopback));
                        let _ = request.respond(response(reply));
                    }
                })
            })
            .collect();
        for worker in workers {
            let _ = worker.join();
        }
    }
}

/// The reply `handler` gives, or a 500 if it panics (the server goes on).
fn guarded(handler: impl FnOnce() -> Reply) -> Reply {
    catch_unwind(AssertUnwindSafe(handler))
        .unwrap_or_else(|_| Reply::error(500, "the server failed on this request (see its log)"))
}

/// A request's header value.
fn header<'a>(request: &'a tiny_http::Request, name: &'static str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv(name))
        .map(|h| h.value.as_str())
}

/// Whether `host` (a Host header) names this machine's loopback.
fn is_local_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    };
    matches!(name, "127.0.0.1" | "localhost" | "[::1]")
}

/// The reply to one request.
fn answer(api: &Api, request: &mut tiny_http::Request, loopback: bool) -> Reply {
    let url = request.url().to_string();
    let path = url.split(['?', '#']).next().unwrap_or("/").to_string();
    let method = request.method().as_str().to_string();
    if loopback && !header(request, "Host").is_some_and(is_local_host) {
        return Reply::error(
            403,
            "this server answers only pages of 127.0.0.1 and localhost",
        );
    }
    if !path.starts_with("/api/") {
        return match (method.as_str(), pages::page(&path)) {
            ("GET" | "HEAD", Some(page)) => page,
            (_, Some(_)) => Reply::error(405, format!("{method} is not allowed on {path}")),
            (_, None) => Reply::error(404, format!("no page {path}")),
        };
    }
    let mut body = String::new();
    if method == "POST" {
        let json = header(request, "Content-Type")
            .is_some_and(|t| t.trim().starts_with("application/json"));
        if !json {
            return Reply::error(415, "the API takes JSON: Content-Type: application/json");
        }
        let mut bytes = Vec::new();
        if request
            .as_reader()
            .take(MAX_BODY + 1)
            .read_to_end(&mut bytes)
            .is_err()
        {
            return Reply::error(400, "the body could not be read");
        }
        if bytes.len() as u64 > MAX_BODY {
            return Reply::error(413, format!("the body is over {MAX_BODY} bytes"));
        }
        match String::from_utf8(bytes) {
            Ok(text) => body = text,
            Err(_) => return Reply::error(400, "the body is not UTF-8"),
        }
    }
    api.handle(&method, &path, &body)
}

/// The HTTP response of a reply.
fn response(reply: Reply) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    let mut response = tiny_http::Response::from_string(reply.body).with_status_code(reply.status);
    let mut add = |name: &str, value: &str| {
        if let Ok(header) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    };
    add("Content-Type", reply.content_type);
    add("Cache-Control", "no-store");
    add("X-Content-Type-Options", "nosniff");
    if let Some(file) = &reply.attachment {
        add(
            "Content-Disposition",
            &format!("attachment; filename=\"{file}\""),
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_handler_is_answered_500() {
        let reply = guarded(|| panic!("a handler's bug"));
        assert_eq!(reply.status, 500);
        assert!(reply.body.contains("failed"));
        assert_eq!(guarded(|| Reply::ok("text/plain", "fine")).body, "fine");
    }

    #[test]
    fn only_loopback_host_names_are_local() {
        for host in ["127.0.0.1:8080", "localhost:1", "localhost", "[::1]:80"] {
            assert!(is_local_host(host), "{host}");
        }
        for host in ["evil.example:8080", "127.0.0.1.evil:80", ""] {
            assert!(!is_local_host(host), "{host}");
        }
    }
}
