//! The player machine: both schemes told apart by its state, restarts, and
//! junk; whole games against the referee machine are in `referee::tests`.

use super::*;
use crate::referee::tests::game_between_engines;
use crate::EndReason;
use blokus::Engine;
use blokus::Move;
use games::blokus::RandomEngine;

/// Feeds `bytes`, returning the events.
fn feed(link: &mut PlayerLink, bytes: &[u8]) -> Vec<Event> {
    bytes.iter().filter_map(|&b| link.received(b)).collect()
}

fn code(s: &str) -> MoveCode {
    s.parse().unwrap()
}

fn position(first: Player, codes: &[&str]) -> Position {
    let mut p = Position::with_first(first);
    for c in codes {
        p.play_code(code(c)).unwrap();
    }
    p
}

#[test]
fn answers_0_with_its_team_code_and_restarts_on_0_at_any_time() {
    let mut link = PlayerLink::new(*b"AB", None);
    assert_eq!(feed(&mut link, b"\r\n0"), [Event::Send(b"1AB".to_vec())]);
    assert_eq!(feed(&mut link, b"25"), [Event::Move(Position::new())]);
    link.answer(code("55t0"));
    // A new game mid-game.
    assert_eq!(feed(&mut link, b"0"), [Event::Send(b"1AB".to_vec())]);
    let e = feed(&mut link, b"3A55t0");
    assert_eq!(e, [Event::Move(position(Player::One, &["55t0"]))]);
    assert_eq!(link.me(), Player::Two);
    assert_eq!(link.scheme(), Scheme::S2014, "3S MMMM shows 2014");
    assert_eq!(feed(&mut link, b"9999999999"), [Event::GameOver]);
    assert_eq!(link.answer(code("aau0")), *b"aau0");
}

#[test]
fn the_2014_scheme_from_the_first_seat() {
    let mut link = PlayerLink::new(*b"01", None);
    feed(&mut link, b"0");
    feed(&mut link, b"25");
    link.answer(code("55t0"));
    let e = feed(&mut link, b"4aat0");
    assert_eq!(e, [Event::Move(position(Player::One, &["55t0", "aat0"]))]);
    assert_eq!(link.scheme(), Scheme::S2014);
    link.answer(MoveCode::Pass);
    let e = feed(&mut link, b"40000");
    let mut p = position(Player::One, &["55t0", "aat0"]);
    p.play(Move::Pass);
    p.play(Move::Pass);
    assert_eq!(e, [Event::Move(p)]);
}

/// The first legal placement's code for the side to move after `codes`.
fn some_move(first: Player, codes: &[&str]) -> String {
    let p = position(first, codes);
    Move::Place(p.legal_placements()[0]).code().to_string()
}

#[test]
fn the_2013_scheme_with_blind_first_moves_from_both_seats() {
    let m2 = some_move(Player::One, &["55t0", "aat0"]);
    let m3 = some_move(Player::One, &["55t0", "aat0", &m2]);
    // Player 1: 25, then 3 + player 2's blind move.
    let mut one = PlayerLink::new(*b"01", None);
    feed(&mut one, b"025");
    one.answer(code("55t0"));
    let e = feed(&mut one, b"3aat0");
    assert_eq!(e, [Event::Move(position(Player::One, &["55t0", "aat0"]))]);
    assert_eq!(one.scheme(), Scheme::S2013);
    // Player 2: 2A (blind, on the empty board), then 4 + player 1's two moves.
    let mut two = PlayerLink::new(*b"02", None);
    let e = feed(&mut two, b"02A");
    assert_eq!(e[1], Event::Move(Position::with_first(Player::Two)));
    two.answer(code("aat0"));
    let e = feed(&mut two, b"455t0");
    assert!(e.is_empty(), "8 bytes follow a 4 after a blind move");
    let e = feed(&mut two, m2.as_bytes());
    assert_eq!(
        e,
        [Event::Move(position(Player::One, &["55t0", "aat0", &m2]))]
    );
    two.answer(code(&m3));
    let e = feed(&mut two, b"3740x");
    assert!(
        matches!(&e[0], Event::Error(RequestError::Malformed(_))),
        "{e:?}"
    );
}

#[test]
fn a_2a_under_the_2014_scheme_means_moving_first_from_a_a() {
    let mut link = PlayerLink::new(*b"01", Some(Scheme::S2014));
    feed(&mut link, b"0");
    assert_eq!(
        feed(&mut link, b"2A"),
        [Event::Move(Position::with_first(Player::Two))]
    );
    link.answer(code("aat0"));
    let e = feed(&mut link, b"455t0");
    assert_eq!(e, [Event::Move(position(Player::Two, &["aat0", "55t0"]))]);
}

#[test]
fn junk_is_reported_and_dropped() {
    let mut link = PlayerLink::new(*b"01", None);
    assert!(matches!(
        feed(&mut link, b"x")[0],
        Event::Error(RequestError::Unexpected { .. })
    ));
    feed(&mut link, b"0");
    assert!(matches!(feed(&mut link, b"7")[0], Event::Error(_)));
    assert_eq!(
        feed(&mut link, b"2Z"),
        [Event::Error(RequestError::StartSquare(b'Z'))]
    );
    let e = feed(&mut link, b"3A11a0");
    assert!(
        matches!(&e[0], Event::Error(RequestError::Illegal(_, _))),
        "{e:?}"
    );
    // Still able to play after all that.
    assert_eq!(feed(&mut link, b"0").len(), 1);
    assert_eq!(feed(&mut link, b"25"), [Event::Move(Position::new())]);
}

#[test]
fn links_that_find_the_scheme_themselves_play_whole_games_in_both() {
    for (scheme, seed) in [
        (Scheme::S2014, 1),
        (Scheme::S2013, 2),
        (Scheme::S2014, 3),
        (Scheme::S2013, 4),
    ] {
        let engines: [Box<dyn Engine>; 2] = [
            Box::new(RandomEngine::new(seed)),
            Box::new(RandomEngine::new(seed + 7)),
        ];
        let (_, outcome, _) = game_between_engines(scheme, engines, [None, None]);
        assert_ne!(
            outcome.reason,
            EndReason::Fault,
            "{scheme}: {:?}",
            outcome.fault
        );
    }
}

#[test]
fn random_bytes_never_panic_the_player_and_0_always_recovers() {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..2000 {
        let mut link = PlayerLink::new(*b"01", None);
        let n = rng.random_range(0..40);
        for _ in 0..n {
            let b = if rng.random_range(0..3) == 0 {
                *b"0234959A5a\r\n".get(rng.random_range(0..12)).unwrap()
            } else {
                rng.random()
            };
            if let Some(Event::Move(p)) = link.received(b) {
                let m = p.legal_moves().first().copied().unwrap_or(Move::Pass);
                link.answer(m.code());
            }
        }
        // A request half-read swallows the 0; at most 9 bytes later it is over.
        let mut got = Vec::new();
        for _ in 0..10 {
            got.extend(link.received(b'0'));
            if got.contains(&Event::Send(b"101".to_vec())) {
                break;
            }
        }
        assert!(got.contains(&Event::Send(b"101".to_vec())), "{got:?}");
    }
}
