//! `arena serve`: a local web page to play the games against the engines.
//! The JSON API is written once over every game ([`table`]: the two-player
//! games of [`duel`], [`reversi`], [`blokus`]), the pages are
//! embedded in the binary ([`pages`]), and [`server`] answers HTTP with them
//! on several threads; each game's engines think in its own [`worker`]; the
//! request bodies are the types of [`wire`].

pub mod api;
pub mod blokus;
pub mod duel;
pub mod game_match;
pub mod games;
pub mod pages;
pub mod reversi;
pub mod server;
pub mod table;
pub mod wire;
pub mod worker;

/// An answer to one HTTP request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
    /// A file name to save the body as (`Content-Disposition: attachment`).
    pub attachment: Option<String>,
}

impl Reply {
    /// A 200 with `body` of type `content_type`.
    pub fn ok(content_type: &'static str, body: impl Into<String>) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: body.into(),
            attachment: None,
        }
    }

    /// A JSON answer.
    pub fn json(status: u16, value: &serde_json::Value) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: value.to_string(),
            attachment: None,
        }
    }

    /// An error: `{"error": message}` with `status`.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, &serde_json::json!({ "error": message.into() }))
    }
}

/// Why a request was refused: the HTTP status and the reason for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

impl Refusal {
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
        }
    }

    /// 400: the request itself is malformed.
    pub fn bad(message: impl Into<String>) -> Refusal {
        Refusal::new(400, message)
    }

    /// 404: no such game or page.
    pub fn not_found(message: impl Into<String>) -> Refusal {
        Refusal::new(404, message)
    }

    /// 422: well-formed but refused by the rules (an illegal move, a bad record).
    pub fn rules(message: impl Into<String>) -> Refusal {
        Refusal::new(422, message)
    }
}

impl From<Refusal> for Reply {
    fn from(refusal: Refusal) -> Reply {
        Reply::error(refusal.status, refusal.message)
    }
}
