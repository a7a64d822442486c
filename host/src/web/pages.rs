//! The pages, embedded in the binary: the index of the games, one page that
//! plays any of them (`/play/GAME`), the shared script and style.

use super::Reply;

const INDEX: &str = include_str!("static/index.html");
const GAME: &str = include_str!("static/game.html");
const SCRIPT: &str = include_str!("static/app.js");
const STYLE: &str = include_str!("static/style.css");

/// The games that have a page.
pub const GAMES: &[&str] = &["dobutsu", "kyoto", "janken"];

/// The page at `path`, if there is one.
pub fn page(path: &str) -> Option<Reply> {
    let html = "text/html; charset=utf-8";
    match path {
        "/" | "/index.html" => Some(Reply::ok(html, INDEX)),
        "/static/app.js" => Some(Reply::ok("text/javascript; charset=utf-8", SCRIPT)),
        "/static/style.css" => Some(Reply::ok("text/css; charset=utf-8", STYLE)),
        _ => {
            let game = path.strip_prefix("/play/")?.trim_end_matches('/');
            GAMES.contains(&game).then(|| Reply::ok(html, GAME))
        }
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
        assert!(page("/static/app.js").unwrap().body.contains("fetch"));
        assert!(page("/").unwrap().body.contains("/play/dobutsu"));
    }
}
