//! The janken cube: its six states (top, front and side faces), how it rolls
//! over an edge, and which top beats which.

/// A hand: rock (G), scissors (C) or paper (P).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hand {
    Rock,
    Scissors,
    Paper,
}

impl Hand {
    /// The letter of the seed and the notation: G, C or P.
    pub fn letter(self) -> char {
        match self {
            Hand::Rock => 'G',
            Hand::Scissors => 'C',
            Hand::Paper => 'P',
        }
    }

    fn from_letter(letter: char) -> Option<Hand> {
        match letter.to_ascii_uppercase() {
            'G' => Some(Hand::Rock),
            'C' => Some(Hand::Scissors),
            'P' => Some(Hand::Paper),
            _ => None,
        }
    }

    /// Rock beats scissors, scissors beat paper, paper beats rock.
    pub fn beats(self, other: Hand) -> bool {
        matches!(
            (self, other),
            (Hand::Rock, Hand::Scissors)
                | (Hand::Scissors, Hand::Paper)
                | (Hand::Paper, Hand::Rock)
        )
    }
}

/// A cube's state, an index into [`STATES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State(pub u8);

/// The six states as (top, front, side), in the spec's order.
pub const STATES: [[Hand; 3]; 6] = {
    use Hand::*;
    [
        [Rock, Paper, Scissors],
        [Rock, Scissors, Paper],
        [Paper, Rock, Scissors],
        [Paper, Scissors, Rock],
        [Scissors, Paper, Rock],
        [Scissors, Rock, Paper],
    ]
};

/// The state whose faces are `faces`.
fn state_of(faces: [Hand; 3]) -> State {
    let mut i = 0;
    while i < 6 {
        let s = STATES[i];
        if s[0] as u8 == faces[0] as u8
            && s[1] as u8 == faces[1] as u8
            && s[2] as u8 == faces[2] as u8
        {
            return State(i as u8);
        }
        i += 1;
    }
    panic!("not a state")
}

impl State {
    pub const ALL: [State; 6] = [State(0), State(1), State(2), State(3), State(4), State(5)];

    /// The face that fights.
    pub fn top(self) -> Hand {
        STATES[self.0 as usize][0]
    }

    /// After a step up or down: top and front swap.
    pub fn rolled_vertically(self) -> State {
        let [top, front, side] = STATES[self.0 as usize];
        state_of([front, top, side])
    }

    /// After a step left or right: top and side swap.
    pub fn rolled_horizontally(self) -> State {
        let [top, front, side] = STATES[self.0 as usize];
        state_of([side, front, top])
    }

    /// The three letters, top first, in capitals.
    pub fn letters(self) -> String {
        STATES[self.0 as usize].iter().map(|h| h.letter()).collect()
    }

    /// Reads three letters (either case); `None` unless they name a state.
    pub fn parse(text: &str) -> Option<State> {
        let hands: Vec<Hand> = text.chars().map(Hand::from_letter).collect::<Option<_>>()?;
        let faces: [Hand; 3] = hands.try_into().ok()?;
        STATES
            .iter()
            .position(|s| *s == faces)
            .map(|i| State(i as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_are_the_spec_s_swaps_and_undo_themselves() {
        let s = |t: &str| State::parse(t).unwrap();
        for (a, b) in [("GPC", "PGC"), ("GCP", "CGP"), ("PCG", "CPG")] {
            assert_eq!(s(a).rolled_vertically(), s(b));
            assert_eq!(s(b).rolled_vertically(), s(a));
        }
        for (a, b) in [("GPC", "CPG"), ("GCP", "PCG"), ("PGC", "CGP")] {
            assert_eq!(s(a).rolled_horizontally(), s(b));
            assert_eq!(s(b).rolled_horizontally(), s(a));
        }
        for state in State::ALL {
            assert_eq!(State::parse(&state.letters()), Some(state));
        }
        assert_eq!(State::parse("GGC"), None);
        assert_eq!(State::parse("GP"), None);
        assert_eq!(State::parse("gpc"), Some(State(0)));
    }

    #[test]
    fn each_hand_beats_exactly_one_other() {
        let hands = [Hand::Rock, Hand::Scissors, Hand::Paper];
        for a in hands {
            assert_eq!(hands.iter().filter(|&&b| a.beats(b)).count(), 1);
            assert!(!a.beats(a));
        }
        assert!(Hand::Paper.beats(Hand::Rock));
    }
}
