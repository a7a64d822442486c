//! The JSON API's routes: `GET /api/games` (the games), `POST /api/GAME/new`
//! and `/api/GAME/load`, and for a game `ID` (`dobutsu-3`): `GET
//! /api/games/ID` (its state), `GET /api/games/ID/at/K` (its state after K
//! moves, to review the game), `POST /api/games/ID/move` (`{"move": TEXT}`,
//! and `"at": K`, the moves the person saw, refused unless the last),
//! `POST /api/games/ID/engine` (the engine to move starts its move), `POST
//! /api/games/ID/stop` (the engine thinking moves now) and `GET
//! /api/games/ID/record` (the record file). Every route answers at once:
//! engines think in their games' workers, and a game's state says how far
//! the one thinking has got (`thinking`). One `Api` serves every thread of
//! the server.

use super::blokus::BlokusMatch;
use super::duel::Duel;
use super::game_match::Seated;
use super::reversi::ReversiMatch;
use super::table::{Lobby, Table};
use super::wire::{self, GameRequest, MoveRequest, NoFields};
use super::{Refusal, Reply};
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};

/// Every game's table and the numbering of new games.
pub struct Api {
    lobbies: Vec<Box<dyn Lobby>>,
    next_id: AtomicU64,
}

impl Default for Api {
    fn default() -> Self {
        Api {
            lobbies: vec![
                Box::new(Table::<Seated<Duel<games::dobutsu::Position>>>::default()),
                Box::new(Table::<Seated<Duel<games::kyoto::Position>>>::default()),
                Box::new(Table::<Seated<Duel<games::janken::Position>>>::default()),
                Box::new(Table::<Seated<ReversiMatch>>::default()),
                Box::new(Table::<Seated<BlokusMatch>>::default()),
            ],
            next_id: AtomicU64::new(1),
        }
    }
}

impl Api {
    /// The answer to `method` on `path` (under `/api/`) with `body`.
    pub fn handle(&self, method: &str, path: &str, body: &str) -> Reply {
        match self.route(method, path, body) {
            Ok(reply) => reply,
            Err(refusal) => refusal.into(),
        }
    }

    fn lobby(&self, name: &str) -> Result<&dyn Lobby, Refusal> {
        let names: Vec<&str> = self.lobbies.iter().map(|l| l.name()).collect();
        let message = format!("no game `{name}`: the games are {}", names.join(", "));
        self.lobbies
            .iter()
            .find(|l| l.name() == name)
            .map(|l| l.as_ref())
            .ok_or_else(|| Refusal::not_found(message))
    }

    /// The table and number of a game id `GAME-N`.
    fn game(&self, id: &str) -> Result<(&dyn Lobby, u64), Refusal> {
        let unknown = || Refusal::not_found(format!("no game `{id}`"));
        let (name, number) = id.rsplit_once('-').ok_or_else(unknown)?;
        let number: u64 = number.parse().map_err(|_| unknown())?;
        let lobby = self.lobby(name).map_err(|_| unknown())?;
        Ok((lobby, number))
    }

    fn new_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn route(&self, method: &str, path: &str, body: &str) -> Result<Reply, Refusal> {
        let parts: Vec<&str> = path
            .strip_prefix("/api/")
            .ok_or_else(|| Refusal::not_found(format!("no page {path}")))?
            .trim_end_matches('/')
            .split('/')
            .collect();
        let state = |value: Value| Reply::json(200, &value);
        match (method, parts.as_slice()) {
            ("GET", ["games"]) => Ok(state(Value::Array(
                self.lobbies.iter().map(|l| l.describe()).collect(),
            ))),
            ("POST", [game, "new"]) => {
                let request: GameRequest = wire::read(body)?;
                let id = self.new_id();
                Ok(state(self.lobby(game)?.create(id, &request)?))
            }
            ("POST", [game, "load"]) => {
                let request: GameRequest = wire::read(body)?;
                let id = self.new_id();
                Ok(state(self.lobby(game)?.load(id, &request)?))
            }
            ("GET", ["games", id]) => {
                let (lobby, number) = self.game(id)?;
                Ok(state(lobby.state(number)?))
            }
            ("POST", ["games", id, "move"]) => {
                let request: MoveRequest = wire::read(body)?;
                let (lobby, number) = self.game(id)?;
                Ok(state(lobby.play(number, &request.text, request.at)?))
            }
            ("GET", ["games", id, "at", plies]) => {
                let plies: usize = plies
                    .parse()
                    .map_err(|_| Refusal::bad(format!("`{plies}` is not a number of moves")))?;
                let (lobby, number) = self.game(id)?;
                Ok(state(lobby.state_at(number, plies)?))
            }
            ("POST", ["games", id, "engine"]) => {
                wire::read::<NoFields>(body)?;
                let (lobby, number) = self.game(id)?;
                Ok(state(lobby.engine_move(number)?))
            }
            ("POST", ["games", id, "stop"]) => {
                wire::read::<NoFields>(body)?;
                let (lobby, number) = self.game(id)?;
                Ok(state(lobby.stop(number)?))
            }
            ("GET", ["games", id, "record"]) => {
                let (lobby, number) = self.game(id)?;
                let (text, file) = lobby.record(number)?;
                Ok(Reply {
                    attachment: Some(file),
                    ..Reply::ok("text/plain; charset=utf-8", text)
                })
            }
            (_, ["games"] | [_, "new" | "load"] | ["games", _, ..]) => Err(Refusal::new(
                405,
                format!("{method} is not allowed on {path}"),
            )),
            _ => Err(Refusal::not_found(format!("no API {path}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(api: &Api, method: &str, path: &str, body: &str) -> (u16, Value) {
        let reply = api.handle(method, path, body);
        (
            reply.status,
            serde_json::from_str(&reply.body).unwrap_or(Value::Null),
        )
    }

    #[test]
    fn routes_answer_and_refuse_with_reasons() {
        let api = Api::default();
        let (status, games) = call(&api, "GET", "/api/games", "");
        assert_eq!(status, 200);
        assert_eq!(games.as_array().unwrap().len(), 5);
        let (status, state) = call(
            &api,
            "POST",
            "/api/kyoto/new",
            r#"{"first":"human","second":"random","options":{"points":true}}"#,
        );
        assert_eq!(status, 200, "{state}");
        assert!(state["fen"].as_str().unwrap().contains("points="));
        let id = state["id"].as_str().unwrap().to_string();
        let (status, error) = call(
            &api,
            "POST",
            &format!("/api/games/{id}/move"),
            r#"{"move":"a1a5"}"#,
        );
        assert_eq!(status, 422, "{error}");
        let (status, _) = call(&api, "POST", &format!("/api/games/{id}/engine"), "");
        assert_eq!(status, 409);
        for (method, path, body, expected) in [
            ("POST", "/api/chess/new", "{}", 404),
            ("POST", "/api/dobutsu/new", "{", 400),
            ("POST", "/api/dobutsu/new", "[1]", 400),
            (
                "POST",
                "/api/dobutsu/new",
                r#"{"second":"uci:/bin/sh"}"#,
                400,
            ),
            (
                "POST",
                "/api/dobutsu/new",
                r#"{"second":"alphabeta:time=x"}"#,
                400,
            ),
            (
                "POST",
                "/api/dobutsu/new",
                r#"{"second":"alphabeta:table=30"}"#,
                400,
            ),
            (
                "POST",
                "/api/dobutsu/new",
                r#"{"options":{"points":true}}"#,
                400,
            ),
            (
                "POST",
                "/api/blokus/new",
                r#"{"second":"gtp:/bin/sh"}"#,
                400,
            ),
            ("POST", "/api/blokus/new", r#"{"second":"sim:soon"}"#, 400),
            (
                "POST",
                "/api/blokus/new",
                r#"{"second":"alphabeta:time=600"}"#,
                400,
            ),
            ("POST", "/api/reversi/new", r#"{"seats":["human"]}"#, 400),
            (
                "POST",
                "/api/reversi/new",
                r#"{"options":{"preset":"hex"}}"#,
                400,
            ),
            (
                "POST",
                "/api/reversi/new",
                r#"{"seats":["human","mcts:time=99","random"]}"#,
                400,
            ),
            (
                "POST",
                "/api/reversi/load",
                r#"{"record":"[Game dobutsu]"}"#,
                422,
            ),
            ("GET", "/api/games/dobutsu-999", "", 404),
            ("GET", "/api/games/nonsense", "", 404),
            (
                "POST",
                "/api/games/dobutsu-999/move",
                r#"{"move":"b2b3"}"#,
                404,
            ),
            (
                "POST",
                &format!("/api/games/{id}/move"),
                r#"{"mv":"b2b3"}"#,
                400,
            ),
            ("DELETE", &format!("/api/games/{id}"), "", 405),
            ("GET", "/api/nothing/here/at/all", "", 404),
            (
                "POST",
                "/api/dobutsu/load",
                r#"{"record":"[Game kyoto]"}"#,
                422,
            ),
        ] {
            let (status, error) = call(&api, method, path, body);
            assert_eq!(status, expected, "{method} {path} {body}: {error}");
            assert!(error["error"].is_string(), "{method} {path}: {error}");
        }
    }
}
