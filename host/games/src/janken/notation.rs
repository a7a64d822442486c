//! Janken shogi's notation (docs/janken-notation.md): cells `a1`-`f6`,
//! positions as six rows of cubes (`GPC`, player 2 in small letters) with
//! the side to move and who still sets up, set-ups `GPC-GCP-PGC-CGP`, and
//! turns `b2b3c3`, `a3a4/c1xd1`, `pass`; reading checks every action
//! against the rules and names what is wrong.

use super::cube::State;
use super::position::{origin, Cube, Move, Position, SetUp, Step, CELLS, SIZE, START_CELLS};
use crate::game::Side;

/// A cell's name: column `a`-`f` (x), row `1`-`6` from the bottom (6 - y).
pub fn cell_name(cell: u8) -> String {
    let (x, y) = (cell as usize % SIZE, cell as usize / SIZE);
    format!("{}{}", (b'a' + x as u8) as char, SIZE - y)
}

/// Reads a cell name.
pub fn parse_cell(text: &str) -> Result<u8, String> {
    let bytes = text.as_bytes();
    if bytes.len() == 2 && (b'a'..=b'f').contains(&bytes[0]) && (b'1'..=b'6').contains(&bytes[1]) {
        let x = (bytes[0] - b'a') as usize;
        let y = SIZE - (bytes[1] - b'0') as usize;
        Ok((y * SIZE + x) as u8)
    } else {
        Err(format!("`{text}` is not a cell (a1 to f6)"))
    }
}

fn cube_letters(cube: Cube) -> String {
    let letters = cube.state.letters();
    match cube.owner {
        Side::First => letters,
        Side::Second => letters.to_ascii_lowercase(),
    }
}

/// The position's text.
pub fn to_fen(position: &Position) -> String {
    let mut rows = Vec::new();
    for y in 0..SIZE {
        let mut row = String::new();
        let mut empty = 0;
        for x in 0..SIZE {
            match position.cube((y * SIZE + x) as u8) {
                None => empty += 1,
                Some(cube) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row += &cube_letters(cube);
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    let to_move = match position.side_to_move() {
        Side::First => "1",
        Side::Second => "2",
    };
    let mut set_up: String = [Side::First, Side::Second]
        .iter()
        .filter(|&&side| position.must_set_up(side))
        .map(|&side| if side == Side::First { '1' } else { '2' })
        .collect();
    if set_up.is_empty() {
        set_up.push('-');
    }
    if position.is_blind() {
        set_up.push('*');
    }
    format!("{} {to_move} {set_up}", rows.join("/"))
}

/// Reads a position's text; the error names what is wrong.
pub fn from_fen(text: &str) -> Result<Position, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, to_move, set_up] = fields[..] else {
        return Err(format!(
            "`{text}`: a position is three fields: the rows, the side to move (1 or 2), who still sets up (-, 1, 2 or 12, * if blind)"
        ));
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != SIZE {
        return Err(format!("`{board}`: {} rows, not 6", rows.len()));
    }
    let mut cubes = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        let mut x = 0;
        let chars: Vec<char> = row.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if let Some(n) = c.to_digit(10).filter(|n| (1..=6).contains(n)) {
                x += n as usize;
                i += 1;
            } else {
                let letters: String = chars[i..(i + 3).min(chars.len())].iter().collect();
                let state = State::parse(&letters)
                    .ok_or_else(|| format!("row {}: `{letters}` is not a cube", SIZE - y))?;
                let upper = letters.chars().all(|c| c.is_ascii_uppercase());
                let lower = letters.chars().all(|c| c.is_ascii_lowercase());
                let owner = match (upper, lower) {
                    (true, _) => Side::First,
                    (_, true) => Side::Second,
                    _ => return Err(format!("row {}: `{letters}` mixes cases", SIZE - y)),
                };
                if x >= SIZE {
                    return Err(format!("row {}: more than six cells", SIZE - y));
                }
                cubes.push(((y * SIZE + x) as u8, Cube { owner, state }));
                x += 1;
                i += 3;
            }
        }
        if x != SIZE {
            return Err(format!("row {} (`{row}`): {x} cells, not 6", SIZE - y));
        }
    }
    let to_move = match to_move {
        "1" => Side::First,
        "2" => Side::Second,
        other => return Err(format!("`{other}`: the side to move is 1 or 2")),
    };
    let blind = set_up.ends_with('*');
    let to_set_up = match set_up.trim_end_matches('*') {
        "-" => [false, false],
        "1" => [true, false],
        "2" => [false, true],
        "12" => [true, true],
        other => return Err(format!("`{other}`: who still sets up is -, 1, 2 or 12")),
    };
    for side in [Side::First, Side::Second] {
        let count = cubes.iter().filter(|(_, c)| c.owner == side).count();
        if to_set_up[side.index()] && count > 0 {
            return Err(format!(
                "player {} has cubes but has still to set up",
                side.index() + 1
            ));
        }
        if count > 4 {
            return Err(format!(
                "player {} has {count} cubes, at most 4",
                side.index() + 1
            ));
        }
        if !to_set_up[side.index()] && count == 0 && to_set_up != [false, false] {
            return Err(format!(
                "player {} has set up but has no cubes",
                side.index() + 1
            ));
        }
    }
    if !to_set_up[to_move.index()] && to_set_up != [false, false] {
        return Err("the side to move has set up while the other has not".to_string());
    }
    if blind && to_set_up == [false, false] {
        return Err("`-*`: a set-up is blind, not a game in play (write `-`)".to_string());
    }
    if to_set_up == [true, true] && to_move == Side::Second && !blind {
        return Err("in an ordered set-up player 1 sets up first".to_string());
    }
    debug_assert!(cubes.iter().all(|(cell, _)| (*cell as usize) < CELLS));
    Ok(Position::from_parts(&cubes, to_move, to_set_up, blind))
}

/// A set-up's text: the four states joined by `-`.
pub fn set_up_text(states: &SetUp) -> String {
    states
        .iter()
        .map(|s| s.letters())
        .collect::<Vec<_>>()
        .join("-")
}

/// Reads a set-up: four states, with or without dashes.
pub fn parse_set_up(text: &str) -> Result<SetUp, String> {
    let letters: String = text.chars().filter(|&c| c != '-').collect();
    if letters.len() != 12 || !letters.is_ascii() {
        return Err(format!(
            "`{text}`: a set-up is four states such as GPC-GCP-PGC-CGP (for the start cells in order)"
        ));
    }
    let mut states = [State(0); 4];
    for (i, state) in states.iter_mut().enumerate() {
        let part = &letters[3 * i..3 * i + 3];
        *state = State::parse(part).ok_or_else(|| {
            format!("`{part}`: not a cube state (GPC GCP PGC PCG CPG CGP: top, front, side)")
        })?;
    }
    Ok(states)
}

/// A legal move's text.
pub fn move_text(position: &Position, m: Move) -> String {
    match m {
        Move::SetUp(states) => set_up_text(&states),
        Move::Turn { .. } if m.steps().is_empty() => "pass".to_string(),
        Move::Turn { .. } => {
            let mut text = String::new();
            let mut board = *position;
            let mut last_to = None;
            for &step in m.steps() {
                let captures = board.cube(step.to).is_some();
                if last_to != Some(step.from) {
                    if last_to.is_some() {
                        text.push('/');
                    }
                    text += &cell_name(step.from);
                }
                if captures {
                    text.push('x');
                }
                text += &cell_name(step.to);
                board.make_step(step);
                last_to = Some(step.to);
            }
            text
        }
    }
}

/// The steps a turn's text names, and which it says are attacks.
fn parse_steps(text: &str) -> Result<Vec<(Step, bool)>, String> {
    let mut steps = Vec::new();
    for part in text.split('/') {
        let mut cells = Vec::new();
        let bytes = part.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let attack = bytes[i] == b'x';
            if attack {
                i += 1;
            }
            let cell = part
                .get(i..i + 2)
                .ok_or_else(|| format!("`{part}`: ends in the middle of a cell"))
                .and_then(parse_cell)?;
            cells.push((cell, attack));
            i += 2;
        }
        if cells.len() < 2 {
            return Err(format!(
                "`{part}`: an action is a from-cell and a to-cell, such as b2b3 (or b2xb3)"
            ));
        }
        if cells[0].1 {
            return Err(format!("`{part}`: `x` goes before the attacked cell"));
        }
        for pair in cells.windows(2) {
            steps.push((
                Step {
                    from: pair[0].0,
                    to: pair[1].0,
                },
                pair[1].1,
            ));
        }
    }
    Ok(steps)
}

/// Reads a move in the notation and checks it against the rules: the
/// legal move with the same outcome, or why it is not legal.
pub fn parse_move(position: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim();
    let me = position.side_to_move();
    if position.must_set_up(me) {
        return parse_set_up(text).map(Move::SetUp);
    }
    if position.winner().is_some() {
        return Err("the game is over".to_string());
    }
    let steps = if text == "pass" {
        Vec::new()
    } else {
        parse_steps(text)?
    };
    let actions = position.actions(me);
    let funbari = actions == 3;
    let mut board = *position;
    let mut taken: Vec<Step> = Vec::new();
    for (i, &(step, says_attack)) in steps.iter().enumerate() {
        let name = format!(
            "action {} ({}{})",
            i + 1,
            cell_name(step.from),
            cell_name(step.to)
        );
        if board.winner().is_some() {
            return Err(format!("{name}: the game ended with the action before"));
        }
        if i >= actions {
            return Err(format!("{name}: a turn has {actions} actions"));
        }
        if says_attack && board.cube(step.to).is_none() {
            return Err(format!("{name}: no cube to attack there"));
        }
        board
            .check_step(step, origin(&taken, step.from), funbari)
            .map_err(|e| format!("{name}: {e}"))?;
        board.make_step(step);
        taken.push(step);
    }
    if taken.len() < actions && board.winner().is_none() {
        let origin_of = |cell| origin(&taken, cell);
        let more = board.cubes_of(me).any(|(from, _)| {
            (0..CELLS as u8).any(|to| {
                board
                    .check_step(Step { from, to }, origin_of(from), funbari)
                    .is_ok()
            })
        });
        if more {
            return Err(format!(
                "a turn takes {actions} actions while any is possible; this one has {}",
                taken.len()
            ));
        }
    }
    let m = Move::turn(&taken);
    let mut after = *position;
    after.make(m);
    let mut legal = Vec::new();
    position.generate(&mut legal);
    legal
        .into_iter()
        .find(|&candidate| {
            let mut other = *position;
            other.make(candidate);
            other == after
        })
        .ok_or_else(|| format!("`{text}` is not a legal turn here"))
}

/// The start cells of `side` named in set-up order.
pub fn start_cell_names(side: Side) -> String {
    START_CELLS[side.index()]
        .iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}
