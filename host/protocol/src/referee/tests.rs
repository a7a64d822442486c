//! The referee machine against the spec: whole games with the player machine
//! on the other side, the exact bytes of every request, and every fault.

use super::*;
use crate::{Event, PlayerLink};
use blokus::Engine;
use games::blokus::{RandomEngine, SearchEngine};

const MS: Duration = Duration::from_millis(1);

fn code(s: &str) -> MoveCode {
    s.parse().unwrap()
}

/// The bytes each player was sent, and the outcome, of a game between two
/// player machines with random engines; every reply comes 1 ms after its request.
fn game_between_links(scheme: Scheme, seed: u64) -> GameBytes {
    let engines: [Box<dyn Engine>; 2] = [
        Box::new(RandomEngine::new(seed)),
        Box::new(RandomEngine::new(seed + 1)),
    ];
    game_between_engines(scheme, engines, [None, None])
}

/// What was sent to each player, the outcome and the moves.
type GameBytes = ([Vec<Vec<u8>>; 2], Outcome, Vec<(Player, MoveCode)>);

/// As [`game_between_links`] with these engines and these link schemes
/// (`None`: the link finds out).
pub(crate) fn game_between_engines(
    scheme: Scheme,
    mut engines: [Box<dyn Engine>; 2],
    link_schemes: [Option<Scheme>; 2],
) -> GameBytes {
    let mut referee = Referee::new(scheme, Limits::default());
    let mut links = [
        PlayerLink::new(*b"AA", link_schemes[0]),
        PlayerLink::new(*b"BB", link_schemes[1]),
    ];
    let mut sent: [Vec<Vec<u8>>; 2] = [Vec::new(), Vec::new()];
    let mut now = Duration::ZERO;
    let mut queue: Vec<Action> = referee.start();
    while let Some(action) = (!queue.is_empty()).then(|| queue.remove(0)) {
        match action {
            Action::Send(p, bytes) => {
                sent[p.index()].push(bytes.clone());
                queue.extend(referee.sent(p, now));
                now += MS;
                let mut reply = Vec::new();
                for &b in &bytes {
                    match links[p.index()].received(b) {
                        Some(Event::Send(team)) => reply.extend(team),
                        Some(Event::Move(position)) => {
                            let m = engines[p.index()].choose(&position);
                            reply.extend(links[p.index()].answer(m.code()));
                        }
                        Some(Event::GameOver) | None => {}
                        Some(Event::Error(e)) => panic!("{p}: {e}"),
                    }
                }
                queue.extend(referee.received(p, &reply, now));
            }
            Action::Over(outcome) => {
                assert!(queue.is_empty());
                return (sent, outcome, referee.moves().to_vec());
            }
            _ => {}
        }
    }
    panic!("the game did not end");
}

fn wire(code: MoveCode) -> Vec<u8> {
    code.to_wire().to_vec()
}

/// The request the spec prescribes before move `n` of `moves`.
fn spec_request(scheme: Scheme, moves: &[(Player, MoveCode)], n: usize) -> Vec<u8> {
    let code = |k: usize| wire(moves[k].1);
    let mut out = Vec::new();
    match (scheme, n) {
        (_, 0) => out.extend(b"25"),
        (Scheme::S2014, 1) => {
            out.extend(b"3A");
            out.extend(code(0));
        }
        (Scheme::S2014, _) => {
            out.push(b'4');
            out.extend(code(n - 1));
        }
        (Scheme::S2013, 1) => out.extend(b"2A"),
        (Scheme::S2013, 3) => {
            out.push(b'4');
            out.extend(code(0));
            out.extend(code(2));
        }
        (Scheme::S2013, _) => {
            out.push(b'3');
            out.extend(code(n - 1));
        }
    }
    out
}

/// Checks a finished game's bytes: `0`, then each move's request as the
/// spec says (each player's `k`-th request before its `k`-th move), then `9`.
fn check_game_bytes(scheme: Scheme, seed: u64) {
    let (sent, outcome, moves) = game_between_links(scheme, seed);
    assert_eq!(outcome.fault, None, "{scheme}, seed {seed}");
    let mut position = Position::new();
    for &(p, c) in &moves {
        assert_eq!(position.to_move(), p);
        position.play_code(c).unwrap();
    }
    assert!(position.is_over());
    assert_eq!(
        outcome.scores,
        [position.score(Player::One), position.score(Player::Two)]
    );
    assert_eq!(outcome.winner, position.winner());
    let mut asked = [1, 1];
    for (n, &(p, _)) in moves.iter().enumerate() {
        let i = p.index();
        assert_eq!(
            sent[i][asked[i]],
            spec_request(scheme, &moves, n),
            "{scheme} seed {seed}: move {n}"
        );
        asked[i] += 1;
    }
    for (i, s) in sent.iter().enumerate() {
        assert_eq!(s[0], b"0");
        assert_eq!(
            s[asked[i]..],
            [b"9".to_vec()],
            "{scheme} seed {seed}: the end"
        );
    }
}

#[test]
fn whole_games_in_the_2014_scheme_send_the_specs_requests() {
    for seed in 0..6 {
        check_game_bytes(Scheme::S2014, seed);
    }
}

#[test]
fn whole_games_in_the_2013_scheme_send_the_specs_requests() {
    for seed in 10..16 {
        check_game_bytes(Scheme::S2013, seed);
    }
}

/// A referee after both team codes, with its actions so far; player 1 is asked to move.
fn after_team_codes(scheme: Scheme) -> (Referee, Vec<Action>) {
    let mut r = Referee::new(scheme, Limits::default());
    let mut actions = r.start();
    for p in [Player::One, Player::Two] {
        actions.extend(r.sent(p, Duration::ZERO));
        actions.extend(r.received(p, b"101", MS));
    }
    actions.extend(r.sent(Player::One, 2 * MS));
    if scheme == Scheme::S2013 {
        actions.extend(r.sent(Player::Two, 2 * MS));
    }
    (r, actions)
}

fn outcome(actions: &[Action]) -> Option<&Outcome> {
    actions.iter().find_map(|a| match a {
        Action::Over(o) => Some(o),
        _ => None,
    })
}

fn fault_of(actions: &[Action]) -> (Player, FaultKind, Vec<u8>) {
    let o = outcome(actions).expect("the game is over");
    let f = o.fault.clone().expect("a fault");
    assert_eq!(o.winner, Some(f.player.other()));
    assert_eq!(o.reason, EndReason::Fault);
    (f.player, f.kind, f.raw)
}

#[test]
fn cr_lf_and_one_byte_at_a_time_are_accepted() {
    let (mut r, _) = after_team_codes(Scheme::S2014);
    let mut actions = Vec::new();
    for b in b"\r\n5\r5\nt\r\n0\r\n" {
        actions.extend(r.received(Player::One, &[*b], 3 * MS));
    }
    assert!(actions.contains(&Action::Moved(Player::One, code("55t0"))));
    assert!(actions.contains(&Action::Send(Player::Two, b"3A55t0".to_vec())));
    assert!(!r.is_over());
}

#[test]
fn silence_is_a_timeout_at_the_limit_and_not_before() {
    let (mut r, _) = after_team_codes(Scheme::S2014);
    assert_eq!(r.next_deadline(), Some(2 * MS + Duration::from_secs(1)));
    assert!(r.tick(2 * MS + Duration::from_secs(1)).is_empty());
    let actions = r.received(Player::One, b"55", Duration::from_millis(500));
    assert!(actions.is_empty());
    let actions = r.tick(3 * MS + Duration::from_secs(1));
    assert_eq!(
        fault_of(&actions),
        (
            Player::One,
            FaultKind::Timeout { received: 2 },
            b"55".to_vec()
        )
    );
    // `9` to both, then the outcome.
    assert_eq!(actions[0], Action::Send(Player::One, b"9".to_vec()));
    assert_eq!(actions[1], Action::Send(Player::Two, b"9".to_vec()));
    assert!(r.is_over());
    assert!(r
        .received(Player::One, b"t0", Duration::from_secs(2))
        .is_empty());
}

#[test]
fn a_reply_just_after_the_limit_loses_and_one_at_the_limit_does_not() {
    let limit = 2 * MS + Duration::from_secs(1);
    let (mut r, _) = after_team_codes(Scheme::S2014);
    let actions = r.received(Player::One, b"55t0", limit);
    assert!(actions.contains(&Action::Moved(Player::One, code("55t0"))));
    let (mut r, _) = after_team_codes(Scheme::S2014);
    let actions = r.received(Player::One, b"55t0", limit + Duration::from_micros(1));
    assert_eq!(fault_of(&actions).1, FaultKind::Timeout { received: 4 });
}

/// A 2014 game whose player 1 is a simulated board timed by its own clock
/// (a wall-clock guard of a minute), both team codes in, player 1 asked.
fn board_after_team_codes(board_times: [Option<Duration>; 2]) -> Referee {
    let guard = Duration::from_secs(60);
    let mut r = Referee::new(Scheme::S2014, Limits::default())
        .with_clocks([AnswerClock::Board { guard }, AnswerClock::Wall]);
    r.start();
    for p in [Player::One, Player::Two] {
        r.sent(p, Duration::ZERO);
        assert!(r.completes_reply(p, b"101"));
        assert!(!r.completes_reply(p, b"10"));
        let actions = r.received_in_board_time(p, b"101", MS, board_times[p.index()]);
        assert!(
            actions.contains(&Action::TeamCode(p, *b"01")),
            "{actions:?}"
        );
    }
    r.sent(Player::One, 2 * MS);
    r
}

#[test]
fn a_board_timed_by_its_clock_is_judged_in_board_time_not_wall_time() {
    let mut r = board_after_team_codes([Some(MS), None]);
    // The wall clock waits the guard, not the move limit.
    assert_eq!(r.next_deadline(), Some(2 * MS + Duration::from_secs(60)));
    assert!(r.tick(Duration::from_secs(30)).is_empty());
    // 40 s of wall time, 0.9 s of board time: in time.
    assert!(r
        .received(Player::One, b"55", Duration::from_secs(39))
        .is_empty());
    assert!(r.completes_reply(Player::One, b"t0"));
    let board_time = Some(Duration::from_millis(900));
    let actions = r.received_in_board_time(Player::One, b"t0", Duration::from_secs(40), board_time);
    assert!(actions.contains(&Action::Moved(Player::One, code("55t0"))));
    // Player 2 is timed by the wall clock as before.
    r.sent(Player::Two, Duration::from_secs(40));
    assert_eq!(
        r.next_deadline(),
        Some(Duration::from_secs(40) + Duration::from_secs(1))
    );
}

#[test]
fn a_board_over_the_limit_in_board_time_loses_even_when_quick_on_the_wall() {
    let mut r = board_after_team_codes([Some(MS), None]);
    let took = Duration::from_millis(1001);
    let actions = r.received_in_board_time(Player::One, b"55t0", 3 * MS, Some(took));
    let (player, kind, raw) = fault_of(&actions);
    assert_eq!((player, raw), (Player::One, b"55t0".to_vec()));
    assert_eq!(
        kind,
        FaultKind::OverBoardTime {
            took,
            limit: Duration::from_secs(1)
        }
    );
    assert_eq!(kind.name(), "timeout");
    assert!(
        kind.to_string().contains("1001.000 ms of board time"),
        "{kind}"
    );
}

#[test]
fn a_silent_simulator_loses_at_the_wall_clock_guard_saying_so() {
    let mut r = board_after_team_codes([Some(MS), None]);
    assert!(r
        .received(Player::One, b"5", Duration::from_secs(1))
        .is_empty());
    let actions = r.tick(Duration::from_secs(61));
    let (_, kind, _) = fault_of(&actions);
    assert_eq!(
        kind,
        FaultKind::SimulatorStalled {
            received: 1,
            guard: Duration::from_secs(60)
        }
    );
    let text = kind.to_string();
    assert!(text.contains("60 s of wall-clock time") && text.contains("--sim-wall-limit"));
}

#[test]
fn a_board_reply_without_its_board_time_is_taken_with_a_warning() {
    let mut r = board_after_team_codes([None, None]);
    let actions = r.received(Player::One, b"55t0", 3 * MS);
    assert!(actions.contains(&Action::Moved(Player::One, code("55t0"))));
    assert!(
        actions
            .iter()
            .any(|a| matches!(a, Action::Warning(Player::One, w) if w.contains("no board time"))),
        "{actions:?}"
    );
}

#[test]
fn malformed_codes_lose_upper_case_included() {
    for bad in [&b"55T0"[..], b"5Ft0", b"xyz!", b"55t8", b"\x00\x01\x02\x03"] {
        let (mut r, _) = after_team_codes(Scheme::S2014);
        let actions = r.received(Player::One, bad, 3 * MS);
        let (p, kind, raw) = fault_of(&actions);
        assert_eq!(p, Player::One);
        assert!(matches!(kind, FaultKind::Malformed(_)), "{bad:?}: {kind:?}");
        assert_eq!(raw, bad);
    }
}

#[test]
fn illegal_moves_and_a_first_move_pass_lose() {
    let (mut r, _) = after_team_codes(Scheme::S2014);
    let actions = r.received(Player::One, b"0000", 3 * MS);
    let (_, kind, _) = fault_of(&actions);
    assert_eq!(
        kind,
        FaultKind::Illegal(MoveCode::Pass, IllegalMove::PassAsFirstMove)
    );
    assert_eq!(kind.name(), "first-move-pass");
    // Not covering the start square.
    let (mut r, _) = after_team_codes(Scheme::S2014);
    let (_, kind, _) = fault_of(&r.received(Player::One, b"11a0", 3 * MS));
    assert!(
        matches!(
            kind,
            FaultKind::Illegal(_, IllegalMove::MissesStartSquare(_))
        ),
        "{kind:?}"
    );
    // Player 2's first-move pass, after a good first move.
    let (mut r, _) = after_team_codes(Scheme::S2014);
    r.received(Player::One, b"55t0", 3 * MS);
    r.sent(Player::Two, 4 * MS);
    let (p, kind, _) = fault_of(&r.received(Player::Two, b"0000", 5 * MS));
    assert_eq!((p, kind.name()), (Player::Two, "first-move-pass"));
}

#[test]
fn a_later_pass_is_accepted_and_two_in_a_row_end_the_game() {
    let (mut r, _) = after_team_codes(Scheme::S2014);
    r.received(Player::One, b"55t0", 3 * MS);
    r.sent(Player::Two, 4 * MS);
    r.received(Player::Two, b"aat0", 5 * MS);
    r.sent(Player::One, 6 * MS);
    let a = r.received(Player::One, b"0000", 7 * MS);
    assert!(a.contains(&Action::Send(Player::Two, b"40000".to_vec())));
    r.sent(Player::Two, 8 * MS);
    let a = r.received(Player::Two, b"0000", 9 * MS);
    let o = outcome(&a).unwrap();
    assert_eq!(
        (o.reason, o.winner, o.fault.as_ref()),
        (EndReason::TwoPasses, None, None)
    );
    assert_eq!(o.scores, [-84, -84]);
}

#[test]
fn team_codes_any_three_bytes_with_a_warning_and_none_in_time_loses() {
    let mut r = Referee::new(Scheme::S2014, Limits::default());
    r.start();
    r.sent(Player::One, Duration::ZERO);
    r.sent(Player::Two, Duration::ZERO);
    let a = r.received(Player::One, b"xyz", MS);
    assert!(matches!(&a[0], Action::Warning(Player::One, w) if w.contains("xyz")));
    assert_eq!(a[1], Action::TeamCode(Player::One, *b"yz"));
    let a = r.received(Player::Two, b"1AB", MS);
    assert_eq!(a[0], Action::TeamCode(Player::Two, *b"AB"));
    assert_eq!(a[1], Action::Send(Player::One, b"25".to_vec()));

    let mut r = Referee::new(Scheme::S2014, Limits::default());
    r.start();
    r.sent(Player::One, Duration::ZERO);
    r.sent(Player::Two, Duration::ZERO);
    r.received(Player::One, b"101", MS);
    r.received(Player::Two, b"1", MS);
    assert!(r.tick(Duration::from_secs(29)).is_empty());
    let (p, kind, raw) = fault_of(&r.tick(Duration::from_secs(31)));
    assert_eq!(
        (p, kind, raw),
        (Player::Two, FaultKind::NoTeamCode, b"1".to_vec())
    );
}

#[test]
fn garbage_before_a_request_is_read_as_the_start_of_the_reply() {
    let (mut r, _) = after_team_codes(Scheme::S2014);
    r.received(Player::One, b"55t0", 3 * MS);
    // Player 1 sends garbage while player 2 thinks.
    assert!(r.received(Player::One, b"zz", 4 * MS).is_empty());
    r.sent(Player::Two, 4 * MS);
    r.received(Player::Two, b"aat0", 5 * MS);
    let a = r.sent(Player::One, 6 * MS);
    assert!(a.is_empty(), "2 bytes are not a reply yet");
    let (p, kind, raw) = fault_of(&r.received(Player::One, b"64", 7 * MS));
    assert_eq!(
        (p, kind.name(), raw),
        (Player::One, "malformed", b"zz64".to_vec())
    );
}

#[test]
fn a_disconnection_loses_at_once_and_its_player_gets_no_9() {
    let (mut r, _) = after_team_codes(Scheme::S2014);
    r.received(Player::One, b"55t0", 3 * MS);
    let a = r.disconnected(Player::One, 4 * MS);
    assert_eq!(a[0], Action::Send(Player::Two, b"9".to_vec()));
    assert_eq!(fault_of(&a).0, Player::One);
    assert_eq!(a.len(), 2);
}

#[test]
fn in_2013_both_blind_moves_are_checked_player_1_first() {
    let (mut r, a) = after_team_codes(Scheme::S2013);
    assert!(a.contains(&Action::Send(Player::One, b"25".to_vec())));
    assert!(a.contains(&Action::Send(Player::Two, b"2A".to_vec())));
    assert!(r.received(Player::Two, b"aat0", 3 * MS).is_empty());
    let a = r.received(Player::One, b"55t0", 4 * MS);
    assert_eq!(a[0], Action::Moved(Player::One, code("55t0")));
    assert_eq!(a[1], Action::Moved(Player::Two, code("aat0")));
    assert_eq!(a[2], Action::Send(Player::One, b"3aat0".to_vec()));
    // A bad blind move of player 2 loses even if player 1's is fine.
    let (mut r, _) = after_team_codes(Scheme::S2013);
    r.received(Player::One, b"55t0", 3 * MS);
    let (p, kind, _) = fault_of(&r.received(Player::Two, b"0000", 4 * MS));
    assert_eq!((p, kind.name()), (Player::Two, "first-move-pass"));
}

#[test]
fn the_game_ends_at_once_when_a_player_has_placed_all_21_tiles() {
    // A finished game from the engines, replayed through the referee: after
    // the 21st tile no further request is sent.
    for seed in 0..200 {
        let greedy = || -> Box<dyn Engine> { Box::new(SearchEngine::greedy()) };
        let engines: [Box<dyn Engine>; 2] = if seed % 2 == 0 {
            [greedy(), Box::new(RandomEngine::new(seed))]
        } else {
            [Box::new(RandomEngine::new(seed)), greedy()]
        };
        let (_, outcome, moves) = game_between_engines(Scheme::S2014, engines, [None, None]);
        if outcome.reason == EndReason::AllTiles {
            let mut position = Position::new();
            for &(_, c) in &moves {
                position.play_code(c).unwrap();
            }
            let last = moves.last().unwrap().0;
            assert_eq!(position.tiles_placed(last), 21);
            return;
        }
    }
    panic!("no game placed all 21 tiles");
}
