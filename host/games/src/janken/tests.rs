//! Tests of the Janken shogi rules on hand-made positions (rolls, attacks,
//! home areas, funbari, the start-cell rule, goals, annihilation, passes,
//! set-ups ordered and blind), of the notation, and of the engines.

use super::cube::State;
use super::notation::{from_fen, move_text, parse_move, to_fen};
use super::position::StepError;
use super::*;
use crate::game::record::Record;
use crate::game::tournament::play_out;
use crate::search::Game;

const ALL_GPC: &str = "3gpc1gpc/4gpc1/5gpc/GPC5/1GPC4/GPC1GPC3 1 -";
const ALL_GPC_BLIND: &str = "3gpc1gpc/4gpc1/5gpc/GPC5/1GPC4/GPC1GPC3 1 -*";

fn position(fen: &str) -> Position {
    from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn turn_texts(p: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    p.moves(&mut moves);
    moves.iter().map(|&m| move_text(p, m)).collect()
}

fn after(p: &Position, text: &str) -> Position {
    let m = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut next = *p;
    next.play(m);
    next
}

fn refusal(p: &Position, text: &str) -> String {
    parse_move(p, text).expect_err(text)
}

#[test]
fn set_ups_ordered_and_blind_lead_to_the_standard_start() {
    let start = Position::new(false);
    assert_eq!(to_fen(&start), "6/6/6/6/6/6 1 12");
    assert_eq!(crate::game::perft::perft(&start, 1), 1296);
    let one = after(&start, "GPC-GPC-GPC-GPC");
    assert_eq!(to_fen(&one), "6/6/6/GPC5/1GPC4/GPC1GPC3 2 2");
    let both = after(&one, "gpcgpcgpcgpc");
    assert_eq!(to_fen(&both), ALL_GPC);
    assert!(both.in_play());
    // Set-up order: a1 b2 a3 c1 for player 1.
    let mixed = after(&start, "GCP-PGC-CPG-CGP");
    assert_eq!(to_fen(&mixed), "6/6/6/CPG5/1PGC4/GCP1CGP3 2 2");
    assert!(refusal(&start, "GPC-GPC-GPC").contains("four states"));
    assert!(refusal(&start, "GPC-GPC-GPC-GGP").contains("not a cube state"));

    // Blind: player 2 does not see player 1's cubes, in the view or on the board shown.
    let blind = after(&Position::new(true), "PGC-PGC-PGC-PGC");
    assert_eq!(to_fen(&blind), "6/6/6/PGC5/1PGC4/PGC1PGC3 2 2*");
    let view = blind.player_view();
    assert_eq!(to_fen(&view), "6/6/6/6/6/6 2 12*");
    let board_shown = |p: &Position| p.to_string().lines().take(6).collect::<String>();
    assert!(!board_shown(&blind).contains("PGC"));
    let both = after(&blind, "CGP-CGP-CGP-CGP");
    assert!(both.in_play() && board_shown(&both).contains("PGC"));
    assert!(to_fen(&both).ends_with(" 1 -"), "{}", to_fen(&both));
    assert_eq!(both.side_to_move(), crate::game::Side::First);
}

#[test]
fn positions_read_back_as_written_and_bad_ones_are_named() {
    for fen in [
        ALL_GPC,
        "6/6/6/6/6/6 1 12*",
        "6/6/6/CPG5/1PGC4/GCP1CGP3 2 2",
    ] {
        assert_eq!(to_fen(&position(fen)), fen);
    }
    for (fen, says) in [
        ("6/6/6/6/6 1 12", "5 rows"),
        ("6/6/6/6/6/6 3 12", "1 or 2"),
        ("6/6/6/6/6/5 1 12", "5 cells"),
        ("6/6/6/6/6/GPX5 1 -", "not a cube"),
        ("6/6/6/6/6/GpC5 1 -", "mixes cases"),
        ("6/6/6/6/6/GPC5 1 12", "still to set up"),
        ("6/6/6/6/6/6 2 12", "player 1 sets up first"),
        ("6/6/6/6/6/6 1", "three fields"),
        (ALL_GPC_BLIND, "not a game in play"),
    ] {
        let error = from_fen(fen).expect_err(fen);
        assert!(error.contains(says), "{fen}: {error}");
    }
}

#[test]
fn a_step_rolls_the_cube_and_an_attack_slides_it() {
    let start = position(ALL_GPC);
    // Up twice: top and front swap twice.
    assert_eq!(
        after(&start, "a3a4a5").cube(6).map(|c| c.state),
        State::parse("GPC")
    );
    // Right twice: top and side swap twice; up then right: GPC -> PGC -> CGP.
    let moved = after(&start, "c1c2d2");
    assert_eq!(
        to_fen(&moved),
        "3gpc1gpc/4gpc1/5gpc/GPC5/1GPC1CGP2/GPC5 2 -"
    );
    // Rock (G) beats scissors (C): the attacker slides in without rolling,
    // then rolls on its next step.
    let duel = position("5gpc/6/6/2GPCcpg2/6/GPC5 1 -");
    let taken = after(&duel, "c3xd3/a1b1");
    assert_eq!(to_fen(&taken), "5gpc/6/6/3GPC2/6/1CPG4 2 -");
    assert_eq!(
        after(&duel, "c3d3d4").cube(15).map(|c| c.state),
        State::parse("PGC")
    );
    assert_eq!(
        move_text(&duel, parse_move(&duel, "c3d3d4").unwrap()),
        "c3xd3d4"
    );
    // Rock does not beat paper.
    let blocked = position("5gpc/6/6/2GPCpgc2/6/GPC5 1 -");
    assert!(refusal(&blocked, "c3d3/a1a2").contains("does not beat"));
    assert!(refusal(&duel, "c3xc4/a1a2").contains("no cube to attack"));
    assert_eq!(
        blocked.check_step(position::Step { from: 20, to: 21 }, 20, false),
        Err(StepError::DoesNotBeat)
    );
}

#[test]
fn a_cube_that_left_its_home_area_stays_out_unless_in_funbari() {
    // a5 is outside player 1's home area, a4 inside.
    let two = position("4gpcgpc/GPC5/6/6/6/5GPC 1 -");
    assert!(refusal(&two, "a5a4/f1f2").contains("re-enter"));
    assert!(!turn_texts(&two).iter().any(|t| t.contains("a5a4")));
    // The same cube alone: funbari, three actions, and home is open again.
    let alone = position("4gpcgpc/GPC5/6/6/6/6 1 -");
    assert_eq!(alone.actions(crate::game::Side::First), 3);
    let home = after(&alone, "a5a4a3a2");
    assert!(home.cube(24).is_some());
    assert!(refusal(&alone, "a5a4a3").contains("3 actions"));
    // Inside the home area a cube moves freely until it leaves.
    let start = position(ALL_GPC);
    assert!(turn_texts(&start).contains(&"a3a4/b2b3".to_string()));
    assert!(refusal(&start, "a3a4a5a4").contains("2 actions"));
}

#[test]
fn a_cube_does_not_return_to_its_start_cell_within_the_turn() {
    let start = position(ALL_GPC);
    assert!(refusal(&start, "a3a4a3").contains("where it started the turn"));
    // Two cubes may swap through a cell: b2 -> b3, then a3 -> ... is fine,
    // and another cube may enter the cell the first one left.
    let next = after(&start, "b2b3/a1b1");
    assert!(next.cube(25).is_none() && next.cube(31).is_some());
    let relay = after(&start, "b2b3/c1c2");
    assert!(relay.cube(26).is_some());
    // With three actions the cube may come back to a cell it passed, not to its start.
    let alone = position("4gpcgpc/6/6/2GPC3/6/6 1 -");
    assert!(parse_move(&alone, "c3d3d4c4").is_ok());
    assert!(refusal(&alone, "c3d3d4d3c3").contains("3 actions"));
    assert!(refusal(&alone, "c3d3c3").contains("started the turn"));
}

#[test]
fn reaching_the_goal_or_taking_the_last_cube_ends_the_game_at_once() {
    // Player 1's cube on e6 steps onto f6, its goal: one action is the whole turn.
    let near = position("4GPC1/5gpc/6/6/6/GPC4gpc 1 -");
    let texts = turn_texts(&near);
    assert!(texts.contains(&"e6f6".to_string()), "{texts:?}");
    let won = after(&near, "e6f6");
    assert_eq!(won.winner(), Some(crate::game::Side::First));
    assert_eq!(won.terminal(), Some(-crate::search::WIN));
    let mut none = Vec::new();
    won.moves(&mut none);
    assert!(none.is_empty());
    assert!(refusal(&near, "e6f6/a1a2").contains("game ended"));
    // Player 2's last cube taken: annihilation.
    let last = position("6/6/6/2GPCcpg2/6/GPC5 1 -");
    let gone = after(&last, "c3xd3");
    assert_eq!(gone.winner(), Some(crate::game::Side::First));
    // Player 2 wins on a1.
    let theirs = position("6/6/6/6/gpc5/1GPC2GPC1 2 -");
    assert!(turn_texts(&theirs).contains(&"a2a1".to_string()));
}

#[test]
fn a_player_without_an_action_passes_and_a_short_turn_ends_early() {
    // Player 1's rock cubes on a1 b1 a2 are boxed in by paper.
    let boxed = position("5pgc/6/6/pgc5/GPCpgc4/GPCGPCpgc3 1 -");
    assert_eq!(turn_texts(&boxed), ["pass"]);
    let passed = after(&boxed, "pass");
    assert_eq!(passed.side_to_move(), crate::game::Side::Second);
    assert!(refusal(&boxed, "a1a2").contains("own cube"));
    // Too few actions while more were possible is refused.
    assert!(refusal(&position(ALL_GPC), "pass").contains("2 actions"));
}

#[test]
fn malformed_turns_are_named() {
    let start = position(ALL_GPC);
    for (text, says) in [
        ("a3", "from-cell and a to-cell"),
        ("a3a", "middle of a cell"),
        ("a3g4", "not a cell"),
        ("xa3a4", "goes before"),
        ("a3b4/a1a2", "neighbouring"),
        ("d6d5/a1a2", "no cube of the player"),
    ] {
        let error = refusal(&start, text);
        assert!(error.contains(says), "{text}: {error}");
    }
}

#[test]
fn every_legal_turn_reads_back_from_its_text() {
    let mut game = Record::new(Position::new(false), 400);
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut checked = 0;
    while game.ending().is_none() && game.moves().len() < 120 {
        let p = *game.position();
        let moves = game.legal_moves();
        for &m in moves.iter().take(if p.in_play() { usize::MAX } else { 20 }) {
            assert_eq!(parse_move(&p, &move_text(&p, m)), Ok(m));
            checked += 1;
        }
        game.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn the_engines_beat_random_players_from_both_seats() {
    for seat in [crate::game::Side::First, crate::game::Side::Second] {
        for game in 0..2 {
            let seed = 10 + game;
            let mut ours = Position::player("alphabeta:depth=2,time=5", seed).unwrap();
            let mut random = Position::player("random", seed).unwrap();
            let players: [&mut dyn crate::game::player::Player<
                crate::game::record::Record<Position>,
            >; 2] = match seat {
                crate::game::Side::First => [ours.as_mut(), random.as_mut()],
                crate::game::Side::Second => [random.as_mut(), ours.as_mut()],
            };
            let mut record = Record::new(Position::new(false), 300);
            let ending = play_out(&mut record, players, &mut |_, _| {}).unwrap();
            assert_eq!(
                ending.outcome(),
                crate::game::Outcome::Win(seat),
                "{seat:?}, game {game}: {}",
                record.to_text("a", "b")
            );
        }
    }
}
