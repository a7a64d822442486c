use super::*;
use blokus::MoveCode;
use blokus::{Engine, Move};
use games::blokus::{RandomEngine, SearchEngine};
use protocol::EndReason;
use protocol::{play_offline, EnginePlayer, Exchange};
use protocol::{Event, PlayerLink};

/// The search's budgets in these tests: rounds during 2 ms of board time
/// (one round in the opening, many near the end), a few ms of the model's.
const TEST_BUDGET: Budget = Budget::rounds_for(50_000);

/// The board's model with [`TEST_BUDGET`].
fn test_board(scheme: Option<Scheme>) -> BoardPlayer {
    BoardPlayer::new(*b"FP", scheme).with_budget(TEST_BUDGET)
}

/// The protocol machine of the spec with the board's search: what the
/// board must send. The search's history is the game's last three moves
/// as the protocol machine replays them.
struct Reference {
    link: PlayerLink,
}

impl Reference {
    fn new(scheme: Option<Scheme>) -> Reference {
        Reference {
            link: PlayerLink::new(*b"FP", scheme),
        }
    }

    /// The game's last three moves, the latest first (`None`: a pass).
    fn history(&self) -> [Option<Placement>; 3] {
        let mut history = [None; 3];
        for (slot, code) in history.iter_mut().zip(self.link.moves().iter().rev()) {
            if let Decoded::Place { shape, corner } = decode(code.to_wire()) {
                *slot = placement_at(shape, corner);
            }
        }
        history
    }

    fn received(&mut self, byte: u8) -> Vec<u8> {
        match self.link.received(byte) {
            Some(Event::Send(bytes)) => bytes,
            Some(Event::Move(position)) => {
                let best = search(&position, self.history(), TEST_BUDGET).best;
                let m = best.map_or(Move::Pass, |(shape, corner)| {
                    Move::Place(placement_at(shape, corner).expect("a child on the board"))
                });
                self.link.answer(m.code()).to_vec()
            }
            Some(Event::GameOver) | None => Vec::new(),
            Some(Event::Error(e)) => panic!("the reference rejects a request: {e}"),
        }
    }
}

/// Both machines fed `bytes`: their replies must agree byte for byte.
fn same_replies(board: &mut BoardPlayer, reference: &mut Reference, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &b in bytes {
        let (got, want) = (board.received(b), reference.received(b));
        assert_eq!(
            got,
            want,
            "after byte {:?}: board {:?}, reference {:?}",
            b as char,
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&want)
        );
        out.extend(got);
    }
    out
}

/// A refereed game: the board model in `seat`, checked against the reference
/// at every byte, against `opponent` through the protocol machine.
fn refereed_game(
    scheme: Scheme,
    seat: Player,
    opponent: Box<dyn Engine>,
) -> Vec<(Player, MoveCode)> {
    let mut board = test_board(None);
    let mut reference = Reference::new(None);
    let mut checked = |bytes: &[u8]| same_replies(&mut board, &mut reference, bytes);
    let mut other = EnginePlayer::new(opponent, *b"OP", None);
    let players: [&mut dyn Exchange; 2] = match seat {
        Player::One => [&mut checked, &mut other],
        Player::Two => [&mut other, &mut checked],
    };
    let game = play_offline(scheme, players);
    assert!(
        game.outcome.fault.is_none() && game.outcome.reason != EndReason::Fault,
        "{scheme:?}, board {seat}: {:?}",
        game.outcome
    );
    assert!(!board.in_game(), "`9` ends the board's game");
    game.moves
}

#[test]
fn refereed_games_in_both_schemes_and_seats_match_the_protocol_machine_with_the_board_search() {
    let mut board_moves = 0;
    for (i, scheme) in [Scheme::S2014, Scheme::S2013].into_iter().enumerate() {
        for seat in [Player::One, Player::Two] {
            for seed in 0..2u64 {
                let opponent: Box<dyn Engine> = if seed == 0 {
                    Box::new(SearchEngine::greedy())
                } else {
                    Box::new(RandomEngine::new(10 * i as u64 + seed))
                };
                let moves = refereed_game(scheme, seat, opponent);
                board_moves += moves.iter().filter(|(p, _)| *p == seat).count();
            }
        }
    }
    assert!(board_moves > 8 * 10, "{board_moves} board moves checked");
}

#[test]
fn a_blind_first_move_as_player_two_then_both_of_player_ones_moves() {
    // 2013 as player 2: `2A` (blind), then `4` with player 1's first and second moves.
    let mut board = test_board(None);
    let mut reference = Reference::new(None);
    assert_eq!(same_replies(&mut board, &mut reference, b"0"), b"1FP");
    let blind = same_replies(&mut board, &mut reference, b"2A");
    assert_eq!(board.me(), Player::Two);
    assert_eq!(board.request_len(b'4'), 8);
    // Player 1's moves, legal around the board's blind move.
    let own = MoveCode::from_wire(&blind).unwrap();
    let mut position = Position::new();
    let one = position.legal_placements()[7].code();
    position.play_code(one).unwrap();
    position.play_code(own).unwrap();
    let two = position.legal_placements()[3].code();
    let mut request = b"4".to_vec();
    request.extend(one.to_wire());
    request.extend(two.to_wire());
    let reply = same_replies(&mut board, &mut reference, &request);
    assert_eq!(reply.len(), 4);
    position.play_code(two).unwrap();
    assert_eq!(
        board.position().cells(Player::One),
        position.cells(Player::One)
    );
    // Later requests carry one move.
    assert_eq!(board.request_len(b'4'), 4);
}

#[test]
fn moving_first_from_a_a_follows_the_configured_scheme() {
    for scheme in [Scheme::S2014, Scheme::S2013] {
        let mut board = test_board(Some(scheme));
        let mut reference = Reference::new(Some(scheme));
        same_replies(&mut board, &mut reference, b"0");
        same_replies(&mut board, &mut reference, b"2A");
        let want = if scheme == Scheme::S2014 { 4 } else { 8 };
        assert_eq!(board.request_len(b'4'), want, "{scheme:?}");
    }
}

#[test]
fn a_malformed_request_is_dropped_whole_and_the_game_goes_on() {
    let mut board = test_board(None);
    board.received(b'0');
    let first = board.received(b'2');
    assert!(first.is_empty());
    let reply = board.received(b'5');
    assert_eq!(reply.len(), 4);
    let before = board.position();
    // An opponent's code with an upper-case tile letter: nothing applied.
    for &b in b"4aaT0" {
        assert!(board.received(b).is_empty());
    }
    assert!(board.malformed());
    assert_eq!(
        board.position().cells(Player::Two),
        before.cells(Player::Two)
    );
    // A stray byte where a request is due is dropped too.
    assert!(board.received(b'x').is_empty());
    // The referee's next, well-formed request is answered.
    let mut ok = 0;
    for &b in b"4aau0" {
        ok += board.received(b).len();
    }
    assert_eq!(ok, 4);
    assert!(board.position().cells(Player::Two).count() == 5);
    // `0` starts over: the LED goes out, the boards are empty.
    assert_eq!(board.received(b'0'), b"1FP");
    assert!(!board.malformed());
    assert_eq!(board.position().occupied().count(), 0);
}

#[test]
fn a_zero_inside_a_request_is_a_byte_of_it_and_nine_ends_the_game() {
    let mut board = test_board(None);
    board.received(b'0');
    board.received(b'2');
    board.received(b'5');
    // `4 0000`: the opponent passed; the zeros are the code, not new games.
    let mut reply = Vec::new();
    for &b in b"40000" {
        reply.extend(board.received(b));
    }
    assert_eq!(reply.len(), 4, "a move, not a team code");
    assert!(board.received(b'9').is_empty());
    assert!(!board.in_game());
    assert!(board.received(b'4').is_empty(), "no request outside a game");
    assert!(board.malformed());
}

#[test]
fn random_bytes_never_upset_the_model() {
    use rand::{rngs::StdRng, RngExt, SeedableRng};
    let mut rng = StdRng::seed_from_u64(9);
    let alphabet = b"0123459Aaeu\r\nxZ\xff";
    let mut board = test_board(None);
    let mut replies = 0;
    for _ in 0..20_000 {
        let b = alphabet[rng.random_range(0..alphabet.len())];
        let out = board.received(b);
        assert!(matches!(out.len(), 0 | 3 | 4), "{out:?}");
        replies += usize::from(!out.is_empty());
    }
    assert!(replies > 100, "{replies} replies");
}

#[test]
fn a_replys_board_time_is_the_search_then_its_bytes_on_the_line() {
    // 50 MHz / 115,200 baud: a divider of 434, ten bits a byte.
    assert_eq!(BYTE_CYCLES, 4_340);
    let mut board = test_board(None);
    let team = board.exchange(b"0");
    assert_eq!(board.reply_cycles(&team), 3 * BYTE_CYCLES);
    let reply = board.exchange(b"25");
    assert_eq!(reply.len(), MOVE_LEN);
    let edges = board.last_search().expect("a search").1.edges;
    assert!(edges >= 50_000, "the search ran its rounds: {edges}");
    assert_eq!(board.reply_cycles(&reply), edges + 4 * BYTE_CYCLES);
}

#[test]
fn the_sdram_check_is_answered_outside_a_game_only() {
    let mut board = test_board(None).with_sdram_words(512);
    let report = board.received(crate::sdram_check::REQUEST);
    assert_eq!(report, crate::sdram_check::perfect(512).line());
    assert_eq!(
        board.reply_cycles(&report),
        crate::sdram_check::perfect(512).cycles() + report.len() as u64 * BYTE_CYCLES
    );
    assert!(!board.malformed(), "the request is no malformed byte");
    // In a game it is a malformed byte like any other, and answers nothing.
    assert_eq!(board.received(b'0'), b"1FP");
    assert!(board.received(crate::sdram_check::REQUEST).is_empty());
    assert!(board.malformed());
    // After the game, asked again.
    assert!(board.received(b'9').is_empty());
    assert_eq!(board.received(crate::sdram_check::REQUEST), report);
}
