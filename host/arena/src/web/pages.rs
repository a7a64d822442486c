//! The pages, embedded in the binary: the index of the games, one page that
//! plays the two-player games (`/play/GAME`), the Reversi and Blokus Duo
//! pages, their scripts (with the shared `common.js`) and style.

use super::Reply;

const INDEX: &str = include_str!("static/index.html");
const GAME: &str = include_str!("static/game.html");
const SCRIPT: &str = include_str!("static/app.js");
const COMMON: &str = include_str!("static/common.js");
const REVERSI: &str = include_str!("static/reversi.html");
const REVERSI_SCRIPT: &str = include_str!("static/reversi.js");
const BLOKUS: &str = include_str!("static/blokus.html");
const BLOKUS_SCRIPT: &str = include_str!("static/blokus.js");
const STYLE: &str = include_str!("static/style.css");

/// The games that have a page.
pub const GAMES: &[&str] = &["dobutsu", "kyoto", "janken", "reversi", "blokus"];

/// The page at `path`, if there is one.
pub fn page(path: &str) -> Option<Reply> {
    let html = "text/html; charset=utf-8";
    let script = "text/javascript; charset=utf-8";
    match path {
        "/" | "/index.html" => Some(Reply::ok(html, INDEX)),
        "/static/app.js" => Some(Reply::ok(script, SCRIPT)),
        "/static/common.js" => Some(Reply::ok(script, COMMON)),
        "/static/reversi.js" => Some(Reply::ok(script, REVERSI_SCRIPT)),
        "/static/blokus.js" => Some(Reply::ok(script, BLOKUS_SCRIPT)),
        "/static/style.css" => Some(Reply::ok("text/css; charset=utf-8", STYLE)),
        _ => match path.strip_prefix("/play/")?.trim_end_matches('/') {
            "reversi" => Some(Reply::ok(html, REVERSI)),
            "blokus" => Some(Reply::ok(html, BLOKUS)),
            game => GAMES.contains(&game).then(|| Reply::ok(html, GAME)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_page_and_the_rest_is_not_found() {
        for game in GAMES {
            assert!(page(&format!("/play/{game}")).is_some());
        }
        assert!(page("/play/chess").is_none());
        assert!(page("/static/common.js").unwrap().body.contains("fetch"));
        assert!(page("/play/reversi").unwrap().body.contains("reversi.js"));
        assert!(page("/play/blokus").unwrap().body.contains("blokus.js"));
        assert!(page("/").unwrap().body.contains("/play/dobutsu"));
    }
}
