//! Cross-check of the Janken shogi rules (`games::janken`) against a second,
//! deliberately simple implementation written here from the rules
//! (`docs/rules/janken-shogi.md`) and `docs/janken-notation.md`:
//! a 6x6 array of optional cubes, every action tried one by one with explicit
//! loops, the legal turns told apart by the position texts they leave.
//!
//! Checked: hand-made positions whose turns were worked out by hand (rolls,
//! attacks, home areas, funbari, goals, annihilation, the start-cell rule,
//! passes and early ends, set-ups); on every ply of 300 seeded random games
//! (ordered and blind set-ups, games to the end or 200 turns) the set of child
//! positions of both implementations, that the fast one's turns are distinct
//! and that each turn's text reads back to the same turn; perft from a few
//! positions.

use games::game::perft::perft as fast_perft;
use games::game::TwoPlayerGame;
use games::janken::{Move, Position};
use games::search::Game;
use reference::{children, count_cubes, game_over, goal, mirror, parse, perft};
use std::collections::BTreeSet;

/// The simple implementation: position text in, position texts out. Explicit
/// index loops on purpose.
#[allow(clippy::needless_range_loop)]
mod reference {
    use std::collections::BTreeSet;

    /// A cube: its owner (1 or 2) and its faces (top, front, side) as `b'G'`,
    /// `b'P'`, `b'C'`.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Cube {
        pub owner: u8,
        pub faces: [u8; 3],
    }

    /// `board[col][row]`: col 0..5 is `a`..`f`, row 0..5 is `1`..`6`.
    pub type Board = [[Option<Cube>; 6]; 6];

    #[derive(Clone, PartialEq, Eq, Debug)]
    pub struct Pos {
        pub board: Board,
        pub to_move: u8,
        /// The players still to set up, in order ("12", "2", "1"); empty once the
        /// game is on.
        pub pending: String,
        pub blind: bool,
    }

    /// The six states a cube can show, top first.
    pub const STATES: [&str; 6] = ["GPC", "GCP", "PGC", "PCG", "CPG", "CGP"];

    /// The start cells (col, row) of a player, in the set-up's order.
    pub fn start_cells(player: u8) -> [(usize, usize); 4] {
        if player == 1 {
            [(0, 0), (1, 1), (0, 2), (2, 0)] // a1 b2 a3 c1
        } else {
            [(5, 5), (4, 4), (3, 5), (5, 3)] // f6 e5 d6 f4
        }
    }

    /// The cell a player's cube wins on.
    pub fn goal(player: u8) -> (usize, usize) {
        if player == 1 {
            (5, 5) // f6
        } else {
            (0, 0) // a1
        }
    }

    /// Whether (col, row) lies within Manhattan distance 3 of the player's home corner.
    pub fn in_home(player: u8, col: usize, row: usize) -> bool {
        if player == 1 {
            col + row <= 3
        } else {
            (5 - col) + (5 - row) <= 3
        }
    }

    /// Whether top face `a` beats top face `b` (rock beats scissors, scissors beat
    /// paper, paper beats rock).
    pub fn beats(a: u8, b: u8) -> bool {
        (a == b'G' && b == b'C') || (a == b'C' && b == b'P') || (a == b'P' && b == b'G')
    }

    pub fn other(player: u8) -> u8 {
        if player == 1 {
            2
        } else {
            1
        }
    }

    pub fn parse(text: &str) -> Result<Pos, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 3 {
            return Err(format!("expected 3 fields in {text:?}"));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 6 {
            return Err(format!("expected 6 rows in {text:?}"));
        }
        let mut board: Board = [[None; 6]; 6];
        for (i, row_text) in rows.iter().enumerate() {
            let row = 5 - i;
            let chars: Vec<char> = row_text.chars().collect();
            let mut col = 0;
            let mut k = 0;
            while k < chars.len() {
                let ch = chars[k];
                if let Some(d) = ch.to_digit(10) {
                    if !(1..=6).contains(&d) {
                        return Err(format!("bad run {ch} in row {row_text:?}"));
                    }
                    col += d as usize;
                    k += 1;
                } else {
                    if k + 3 > chars.len() {
                        return Err(format!("short cube in row {row_text:?}"));
                    }
                    let three: String = chars[k..k + 3].iter().collect();
                    let owner = if three.chars().all(|c| c.is_ascii_uppercase()) {
                        1
                    } else if three.chars().all(|c| c.is_ascii_lowercase()) {
                        2
                    } else {
                        return Err(format!("bad cube {three:?}"));
                    };
                    let upper = three.to_ascii_uppercase();
                    if !STATES.contains(&upper.as_str()) {
                        return Err(format!("bad cube {three:?}"));
                    }
                    if col >= 6 {
                        return Err(format!("row {row_text:?} too long"));
                    }
                    let b = upper.as_bytes();
                    board[col][row] = Some(Cube {
                        owner,
                        faces: [b[0], b[1], b[2]],
                    });
                    col += 1;
                    k += 3;
                }
            }
            if col != 6 {
                return Err(format!("row {row_text:?} does not have 6 cells"));
            }
        }
        let to_move = match fields[1] {
            "1" => 1,
            "2" => 2,
            s => return Err(format!("bad side to move {s:?}")),
        };
        let mut setup = fields[2];
        let mut blind = false;
        if let Some(s) = setup.strip_suffix('*') {
            setup = s;
            blind = true;
        }
        let pending = match setup {
            "-" if !blind => String::new(),
            "12" | "1" | "2" => setup.to_string(),
            _ => return Err(format!("bad set-up field {:?}", fields[2])),
        };
        Ok(Pos {
            board,
            to_move,
            pending,
            blind,
        })
    }

    pub fn write(pos: &Pos) -> String {
        let mut out = String::new();
        for i in 0..6 {
            let row = 5 - i;
            if i > 0 {
                out.push('/');
            }
            let mut run = 0;
            for col in 0..6 {
                match pos.board[col][row] {
                    None => run += 1,
                    Some(cube) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        for f in cube.faces {
                            let c = f as char;
                            out.push(if cube.owner == 1 {
                                c
                            } else {
                                c.to_ascii_lowercase()
                            });
                        }
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
        }
        out.push(' ');
        out.push_str(&pos.to_move.to_string());
        out.push(' ');
        if pos.pending.is_empty() {
            out.push('-');
        } else {
            out.push_str(&pos.pending);
            if pos.blind {
                out.push('*');
            }
        }
        out
    }

    pub fn count_cubes(board: &Board, player: u8) -> usize {
        let mut n = 0;
        for col in 0..6 {
            for row in 0..6 {
                if let Some(c) = board[col][row] {
                    if c.owner == player {
                        n += 1;
                    }
                }
            }
        }
        n
    }

    /// Whether the game is over on this board: a cube on its goal, or a player
    /// without cubes.
    pub fn game_over(board: &Board) -> bool {
        for player in [1, 2] {
            let (gc, gr) = goal(player);
            if let Some(c) = board[gc][gr] {
                if c.owner == player {
                    return true;
                }
            }
            if count_cubes(board, player) == 0 {
                return true;
            }
        }
        false
    }

    /// The four steps: (dcol, drow, vertical).
    const STEPS: [(i32, i32, bool); 4] =
        [(0, 1, true), (0, -1, true), (-1, 0, false), (1, 0, false)];

    /// One action: from-cell and to-cell.
    type Action = ((usize, usize), (usize, usize));

    /// The state of a turn in progress.
    #[derive(Clone)]
    struct Turn {
        board: Board,
        /// For each cell holding a cube of the mover: the cell that cube stood on
        /// at the start of the turn.
        origin: [[Option<(usize, usize)>; 6]; 6],
        player: u8,
        funbari: bool,
        actions_left: usize,
    }

    fn legal_actions(t: &Turn) -> Vec<Action> {
        let mut out = Vec::new();
        for col in 0..6 {
            for row in 0..6 {
                let cube = match t.board[col][row] {
                    Some(c) if c.owner == t.player => c,
                    _ => continue,
                };
                for (dc, dr, _) in STEPS {
                    let nc = col as i32 + dc;
                    let nr = row as i32 + dr;
                    if !(0..6).contains(&nc) || !(0..6).contains(&nr) {
                        continue;
                    }
                    let (nc, nr) = (nc as usize, nr as usize);
                    if let Some(target) = t.board[nc][nr] {
                        if target.owner == t.player {
                            continue;
                        }
                        if !beats(cube.faces[0], target.faces[0]) {
                            continue;
                        }
                    }
                    if !t.funbari && !in_home(t.player, col, row) && in_home(t.player, nc, nr) {
                        continue;
                    }
                    if t.origin[col][row] == Some((nc, nr)) {
                        continue;
                    }
                    out.push(((col, row), (nc, nr)));
                }
            }
        }
        out
    }

    fn apply(t: &Turn, a: Action) -> Turn {
        let mut n = t.clone();
        let ((c0, r0), (c1, r1)) = a;
        let mut cube = n.board[c0][r0].expect("a cube to move");
        let vertical = c0 == c1;
        if n.board[c1][r1].is_none() {
            if vertical {
                cube.faces.swap(0, 1);
            } else {
                cube.faces.swap(0, 2);
            }
        }
        n.board[c1][r1] = Some(cube);
        n.board[c0][r0] = None;
        n.origin[c1][r1] = n.origin[c0][r0];
        n.origin[c0][r0] = None;
        n.actions_left -= 1;
        n
    }

    fn finish(t: &Turn, out: &mut BTreeSet<String>) {
        let pos = Pos {
            board: t.board,
            to_move: other(t.player),
            pending: String::new(),
            blind: false,
        };
        out.insert(write(&pos));
    }

    fn explore(t: &Turn, out: &mut BTreeSet<String>) {
        if t.actions_left == 0 || game_over(&t.board) {
            finish(t, out);
            return;
        }
        let actions = legal_actions(t);
        if actions.is_empty() {
            finish(t, out);
            return;
        }
        for a in actions {
            explore(&apply(t, a), out);
        }
    }

    /// The positions after every legal turn (or set-up) of the position `text`.
    pub fn children(text: &str) -> Result<BTreeSet<String>, String> {
        let pos = parse(text)?;
        let mut out = BTreeSet::new();
        let player = pos.to_move;
        if !pos.pending.is_empty() {
            let p = (b'0' + player) as char;
            if !pos.pending.contains(p) {
                return Err(format!("player {player} has set up already"));
            }
            let cells = start_cells(player);
            for (c, r) in cells {
                if pos.board[c][r].is_some() {
                    return Err("a start cell is taken".to_string());
                }
            }
            let rest: String = pos.pending.chars().filter(|&c| c != p).collect();
            for i0 in 0..6 {
                for i1 in 0..6 {
                    for i2 in 0..6 {
                        for i3 in 0..6 {
                            let mut next = pos.clone();
                            for (k, &i) in [i0, i1, i2, i3].iter().enumerate() {
                                let b = STATES[i].as_bytes();
                                let (c, r) = cells[k];
                                next.board[c][r] = Some(Cube {
                                    owner: player,
                                    faces: [b[0], b[1], b[2]],
                                });
                            }
                            if rest.is_empty() {
                                next.to_move = 1;
                                next.blind = false;
                            } else {
                                next.to_move = rest.as_bytes()[0] - b'0';
                            }
                            next.pending = rest.clone();
                            out.insert(write(&next));
                        }
                    }
                }
            }
            return Ok(out);
        }
        if game_over(&pos.board) {
            return Ok(out);
        }
        let mut origin = [[None; 6]; 6];
        for col in 0..6 {
            for row in 0..6 {
                if let Some(c) = pos.board[col][row] {
                    if c.owner == player {
                        origin[col][row] = Some((col, row));
                    }
                }
            }
        }
        let funbari = count_cubes(&pos.board, player) == 1;
        let turn = Turn {
            board: pos.board,
            origin,
            player,
            funbari,
            actions_left: if funbari { 3 } else { 2 },
        };
        explore(&turn, &mut out);
        Ok(out)
    }

    /// The number of move sequences of `depth` plies (set-ups and distinct-outcome
    /// turns) from `text`.
    pub fn perft(text: &str, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let kids = children(text).expect("a valid position");
        if depth == 1 {
            return kids.len() as u64;
        }
        let mut n = 0;
        for k in &kids {
            n += perft(k, depth - 1);
        }
        n
    }

    /// The position turned by 180 degrees with the players swapped (the game's
    /// symmetry: the rules map onto themselves, cube states unchanged).
    pub fn mirror(text: &str) -> String {
        let pos = parse(text).expect("a valid position");
        let mut board: Board = [[None; 6]; 6];
        for col in 0..6 {
            for row in 0..6 {
                if let Some(mut c) = pos.board[col][row] {
                    c.owner = other(c.owner);
                    board[5 - col][5 - row] = Some(c);
                }
            }
        }
        assert!(pos.pending.is_empty(), "mirror is for positions in play");
        write(&Pos {
            board,
            to_move: other(pos.to_move),
            pending: String::new(),
            blind: false,
        })
    }
}

/// A small seeded generator (splitmix64), so that the games do not depend on
/// another crate's stream.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn set(texts: &[&str]) -> BTreeSet<String> {
    texts.iter().map(|s| s.to_string()).collect()
}

fn fast(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("fast from_fen({text}): {e}"))
}

/// The fast implementation's turns of `position` and the texts they leave.
fn fast_children(position: &Position) -> Vec<(Move, String)> {
    let mut moves = Vec::new();
    position.moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut child = *position;
            child.play(m);
            (m, child.to_fen())
        })
        .collect()
}

/// Both implementations' children of `text` must be the same set, and the
/// fast one's turns must all leave different positions.
fn compare(text: &str) -> (Position, Vec<(Move, String)>, BTreeSet<String>) {
    let position = fast(text);
    assert_eq!(position.to_fen(), text, "from_fen/to_fen round trip");
    let mine = children(text).unwrap_or_else(|e| panic!("reference on {text}: {e}"));
    let theirs = fast_children(&position);
    let theirs_set: BTreeSet<String> = theirs.iter().map(|(_, t)| t.clone()).collect();
    if theirs_set != mine {
        let missing: Vec<&String> = mine.difference(&theirs_set).take(5).collect();
        let extra: Vec<(String, &String)> = theirs
            .iter()
            .filter(|(_, t)| !mine.contains(t))
            .take(5)
            .map(|(m, t)| (position.move_text(*m), t))
            .collect();
        panic!(
            "children differ at {text}: {} fast, {} reference; \
             missing from fast {missing:?}; extra in fast (turn, child) {extra:?}",
            theirs_set.len(),
            mine.len()
        );
    }
    assert_eq!(
        theirs.len(),
        theirs_set.len(),
        "turns with the same outcome at {text}"
    );
    (position, theirs, mine)
}

/// The hand-worked positions: each pair is a position and all its children.
const HAND_MADE: &[(&str, &[&str])] = &[
    // c3 rolls (a6 is stuck behind b6 and a5, whose rock its rock does not
    // beat); c2 and b3 are player 1's home area, closed to a cube from c3.
    (
        "GPCgpc4/gpc5/6/2GPC3/6/6 1 -",
        &[
            "GPCgpc4/gpc1GPC3/6/6/6/6 2 -",
            "GPCgpc4/gpc5/1CGP4/6/6/6 2 -",
            "GPCgpc4/gpc5/3CGP2/6/6/6 2 -",
            "GPCgpc4/gpc5/3PCG2/6/6/6 2 -",
            "GPCgpc4/gpc5/6/6/3PCG2/6 2 -",
            "GPCgpc4/gpc5/6/4GPC1/6/6 2 -",
        ],
    ),
    // c3xd3 slides without rolling, then rolls on.
    (
        "GPCgpc4/gpc5/6/2GPCcpg2/6/6 1 -",
        &[
            "GPCgpc4/gpc5/3PGC2/6/6/6 2 -",
            "GPCgpc4/gpc5/6/6/3PGC2/6 2 -",
            "GPCgpc4/gpc5/6/4CPG1/6/6 2 -",
            "GPCgpc4/gpc1GPC3/6/3cpg2/6/6 2 -",
            "GPCgpc4/gpc5/1CGP4/3cpg2/6/6 2 -",
            "GPCgpc4/gpc5/3CGP2/3cpg2/6/6 2 -",
        ],
    ),
    // e6f6 reaches the goal and ends the turn after one action.
    (
        "GPCgpc2GPC1/gpc5/6/6/6/6 1 -",
        &[
            "GPCgpc3CPG/gpc5/6/6/6/6 2 -",
            "GPCgpcGPC3/gpc5/6/6/6/6 2 -",
            "GPCgpc4/gpc2PCG2/6/6/6/6 2 -",
            "GPCgpc4/gpc5/4GPC1/6/6/6 2 -",
            "GPCgpc4/gpc2CGP2/6/6/6/6 2 -",
            "GPCgpc4/gpc4CGP/6/6/6/6 2 -",
        ],
    ),
    // b3 may step within the home area and out of it, not back in (b4a4, c3c2).
    (
        "GPCgpc4/gpc5/6/1GPC4/6/6 1 -",
        &[
            "GPCgpc4/gpcGPC4/6/6/6/6 2 -",
            "GPCgpc4/gpc5/2CGP3/6/6/6 2 -",
            "GPCgpc4/gpc5/PCG5/6/6/6 2 -",
            "GPCgpc4/gpc5/6/6/PCG5/6 2 -",
            "GPCgpc4/gpc5/2PCG3/6/6/6 2 -",
            "GPCgpc4/gpc5/6/3GPC2/6/6 2 -",
            "GPCgpc4/gpc5/6/6/6/1GPC4 2 -",
            "GPCgpc4/gpc5/6/6/CGP5/6 2 -",
            "GPCgpc4/gpc5/6/6/2CGP3/6 2 -",
        ],
    ),
    // b4 may not attack b3 (inside player 1's home) nor step to a4; b5 then
    // attacks b6 or a5 (paper beats rock), or rolls on.
    (
        "GPCgpc4/gpc5/1GPC4/1cpg4/6/6 1 -",
        &[
            "GPCPGC4/gpc5/6/1cpg4/6/6 2 -",
            "GPCgpc4/PGC5/6/1cpg4/6/6 2 -",
            "GPCgpc4/gpc1CGP3/6/1cpg4/6/6 2 -",
            "GPCgpc4/gpc1PCG3/6/1cpg4/6/6 2 -",
            "GPCgpc4/gpc5/3GPC2/1cpg4/6/6 2 -",
            "GPCgpc4/gpc5/6/1cpgPCG3/6/6 2 -",
        ],
    ),
    // No action at all: pass.
    ("GPCgpc4/gpc5/6/6/6/6 1 -", &["GPCgpc4/gpc5/6/6/6/6 2 -"]),
    // One action, then none (a6 is the start cell): the turn ends early.
    (
        "GPC1gpc3/gpcgpc4/6/6/6/6 1 -",
        &["1CPGgpc3/gpcgpc4/6/6/6/6 2 -"],
    ),
    // Finished games have no turns.
    ("GPCgpc3CPG/gpc5/6/6/6/6 2 -", &[]),
    ("6/6/6/3GPC2/6/6 2 -", &[]),
    ("6/6/6/3GPC2/6/gpc5 1 -", &[]),
];

#[test]
fn hand_made_positions() {
    for &(text, expected) in HAND_MADE {
        assert_eq!(
            children(text).unwrap(),
            set(expected),
            "reference at {text}"
        );
        compare(text);
        // The same for player 2: the board turned round, the players swapped.
        let turned: BTreeSet<String> = expected.iter().map(|k| mirror(k)).collect();
        assert_eq!(
            children(&mirror(text)).unwrap(),
            turned,
            "reference at {text} turned"
        );
        compare(&mirror(text));
    }

    // Funbari: three actions, back into the home area, never onto c3 again;
    // the capture of the last cube ends the turn.
    let text = "6/6/6/2GPCcpg2/6/6 1 -";
    let kids = children(text).unwrap();
    assert!(kids.contains("6/6/6/3GPC2/6/6 2 -"), "c3xd3 wins at once");
    assert!(kids.contains("6/6/6/3cpg2/6/1CPG4 2 -"), "c3c2c1b1");
    assert!(kids.contains("6/6/2PGC3/3cpg2/6/6 2 -"), "c3c4d4c4");
    for k in &kids {
        let p = parse(k).unwrap();
        assert!(p.board[2][2].is_none(), "{k}: back on c3");
        if count_cubes(&p.board, 2) == 0 {
            assert!(p.board[3][2].is_some(), "{k}");
        } else {
            // three steps: at distance 1 or 3 from c3
            for c in 0..6 {
                for r in 0..6 {
                    if p.board[c][r].is_some_and(|cube| cube.owner == 1) {
                        let d = (c as i32 - 2).abs() + (r as i32 - 2).abs();
                        assert!(d == 1 || d == 3, "{k}");
                    }
                }
            }
        }
    }
    compare(text);

    // The standard start: 45 turns of two cubes, 12 of one cube twice.
    let start = "3gpc1gpc/4gpc1/5gpc/GPC5/1GPC4/GPC1GPC3 1 -";
    let kids = children(start).unwrap();
    assert_eq!(kids.len(), 57);
    assert!(kids.contains("3gpc1gpc/GPC3gpc1/5gpc/6/1GPC4/GPC1GPC3 2 -"));
    assert!(kids.contains("3gpc1gpc/4gpc1/PGC4gpc/6/1GPC4/GPC2CPG2 2 -"));
    compare(start);

    // Set-ups, ordered and blind.
    for (text, child) in [
        ("6/6/6/6/6/6 1 12", "6/6/6/PGC5/1GCP4/GPC1CGP3 2 2"),
        ("6/6/6/6/6/6 1 12*", "6/6/6/PGC5/1GCP4/GPC1CGP3 2 2*"),
        (
            "6/6/6/PGC5/1GCP4/GPC1CGP3 2 2*",
            "3gpc1gpc/4gpc1/5gpc/PGC5/1GCP4/GPC1CGP3 1 -",
        ),
    ] {
        let kids = children(text).unwrap();
        assert_eq!(kids.len(), 1296);
        assert!(kids.contains(child), "{text} -> {child}");
        compare(text);
    }
    assert_eq!(Position::start().to_fen(), "6/6/6/6/6/6 1 12");
}

/// What the random games met, to be sure every rule was exercised.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    set_ups: usize,
    blind_set_ups: usize,
    funbari: usize,
    captures: usize,
    goals: usize,
    annihilations: usize,
    passes: usize,
    early_ends: usize,
    turn_limit: usize,
}

fn cubes(text: &str, player: u8) -> usize {
    count_cubes(&parse(text).unwrap().board, player)
}

/// Whether a cube of `player` stands on its goal in `text`.
fn on_goal(text: &str, player: u8) -> bool {
    let (c, r) = goal(player);
    parse(text).unwrap().board[c][r].is_some_and(|cube| cube.owner == player)
}

/// The number of actions of a turn from its text (`a1a2b2/c1d1`: 3).
fn actions_in(text: &str) -> usize {
    if text == "pass" {
        return 0;
    }
    text.split('/')
        .map(|part| part.chars().filter(|c| c.is_ascii_digit()).count() - 1)
        .sum()
}

/// Other spellings of a turn or set-up the notation page says are read the
/// same: a set-up without dashes and in small letters; a turn without `x`,
/// and with every action written on its own (`b2xb3c3` as `b2xb3/b3c3`).
fn lenient_variants(text: &str) -> Vec<String> {
    if text == "pass" {
        return Vec::new();
    }
    if text.contains('-') {
        return vec![text.replace('-', "").to_ascii_lowercase()];
    }
    let mut actions = Vec::new();
    for part in text.split('/') {
        let chars: Vec<char> = part.chars().collect();
        let mut previous: Option<String> = None;
        let mut attack = false;
        let mut k = 0;
        while k < chars.len() {
            if chars[k] == 'x' {
                attack = true;
                k += 1;
                continue;
            }
            let cell: String = chars[k..k + 2].iter().collect();
            if let Some(from) = previous {
                actions.push(format!("{from}{}{cell}", if attack { "x" } else { "" }));
            }
            previous = Some(cell);
            attack = false;
            k += 2;
        }
    }
    vec![text.replace('x', ""), actions.join("/")]
}

#[test]
fn blind_set_up_ends_in_dash() {
    // After the last set-up the game is on and nothing is hidden any more:
    // `-` and player 1 to move, blind or not.
    let position = fast("6/6/6/PGC5/1GCP4/GPC1CGP3 2 2*");
    let m = position.parse_move("GPC-GPC-GPC-GPC").expect("a set-up");
    let mut after = position;
    after.play(m);
    assert_eq!(
        after.to_fen(),
        "3gpc1gpc/4gpc1/5gpc/PGC5/1GCP4/GPC1CGP3 1 -"
    );
}

/// Every turn's text (and, if `variants`, its other spellings) reads back to a
/// turn that leaves the same position.
fn check_texts(position: &Position, theirs: &[(Move, String)], text: &str, variants: bool) {
    for (m, child) in theirs {
        let move_text = position.move_text(*m);
        let mut spellings = vec![move_text.clone()];
        if variants {
            spellings.extend(lenient_variants(&move_text));
        }
        for spelling in spellings {
            let read = position
                .parse_move(&spelling)
                .unwrap_or_else(|e| panic!("parse_move({spelling}) at {text}: {e}"));
            let mut again = *position;
            again.play(read);
            assert_eq!(&again.to_fen(), child, "{spelling} at {text}");
        }
    }
}

#[test]
fn random_games_agree() {
    let mut rng = Rng(0x6a6b_656e);
    let mut seen = Seen::default();
    for game in 0..300 {
        let mut text = if game % 3 == 2 {
            "6/6/6/6/6/6 1 12*".to_string()
        } else {
            "6/6/6/6/6/6 1 12".to_string()
        };
        let mut turns = 0;
        loop {
            let (position, theirs, _) = compare(&text);
            seen.positions += 1;
            let p = parse(&text).unwrap();
            if !p.pending.is_empty() {
                // 1296 set-ups: their other spellings in the first games only
                check_texts(&position, &theirs, &text, game < 12);
                seen.set_ups += 1;
                seen.blind_set_ups += usize::from(p.blind);
                text = theirs[rng.below(theirs.len())].1.clone();
                continue;
            }
            check_texts(&position, &theirs, &text, seen.positions % 4 == 0);
            if theirs.is_empty() {
                assert!(game_over(&p.board), "no turn at {text}");
                break;
            }
            if turns == 200 {
                seen.turn_limit += 1;
                break;
            }
            turns += 1;
            let mover = p.to_move;
            let opponent = 3 - mover;
            let mine = count_cubes(&p.board, mover);
            let theirs_now = count_cubes(&p.board, opponent);
            seen.funbari += usize::from(mine == 1);
            let full = if mine == 1 { 3 } else { 2 };
            for (m, _) in &theirs {
                let n = actions_in(&position.move_text(*m));
                seen.passes += usize::from(n == 0);
                seen.early_ends += usize::from(n > 0 && n < full);
            }
            // Some turns take a capture when there is one, some leave the
            // opponent the fewest turns without ending the game (most when
            // the opponent is down to one cube), so that the games reach
            // funbari, annihilation, blocked cubes and passes.
            let policy = if theirs_now == 1 && rng.below(4) > 0 {
                1
            } else {
                rng.below(3)
            };
            let capturing: Vec<&(Move, String)> = theirs
                .iter()
                .filter(|(_, c)| cubes(c, opponent) < theirs_now)
                .collect();
            let (_, child) = match policy {
                0 if !capturing.is_empty() => capturing[rng.below(capturing.len())],
                1 => theirs
                    .iter()
                    .min_by_key(|(m, _)| {
                        let mut after = position;
                        after.play(*m);
                        let mut replies = Vec::new();
                        after.moves(&mut replies);
                        (replies.is_empty(), replies.len(), rng.next())
                    })
                    .expect("a turn"),
                _ => &theirs[rng.below(theirs.len())],
            };
            let left = cubes(child, opponent);
            seen.captures += usize::from(left < theirs_now);
            if on_goal(child, mover) {
                seen.goals += 1;
            } else if left == 0 {
                seen.annihilations += 1;
            }
            text = child.clone();
        }
    }
    println!("{seen:?}");
    assert!(seen.set_ups == 600 && seen.blind_set_ups == 200, "{seen:?}");
    assert!(seen.funbari > 0 && seen.captures > 0, "{seen:?}");
    assert!(seen.goals > 0 && seen.annihilations > 0, "{seen:?}");
    assert!(seen.passes > 0 && seen.early_ends > 0, "{seen:?}");
}

#[test]
fn perft_agrees() {
    let start = "3gpc1gpc/4gpc1/5gpc/GPC5/1GPC4/GPC1GPC3 1 -";
    for (text, depth) in [
        ("6/6/6/6/6/6 1 12*", 2),
        ("6/6/6/PGC5/1GCP4/GPC1CGP3 2 2", 2),
        (start, 3),
        ("1pcg4/2CGPgpc2/6/2GPCcpg2/6/6 1 -", 3),
        ("6/2gpc3/1CPG4/3PCG2/2cgp3/6 2 -", 3),
        ("6/6/6/2GPCcpg2/6/6 1 -", 4),
    ] {
        let mine = perft(text, depth);
        assert_eq!(
            fast_perft(&fast(text), depth),
            mine,
            "perft {depth} of {text}"
        );
    }
    assert_eq!(perft(start, 1), 57);
}
