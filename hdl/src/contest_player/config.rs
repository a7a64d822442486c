//! How the contest player is built: its serial line, its team id, the
//! scheme it follows where its state cannot tell, and the search's budgets.

use crate::uart_tx::{BOARD_CLOCK_HZ, DEFAULT_BAUD};
use model::board_tree::tree_budget;
use model::clock::Budget;
use protocol::Scheme;

/// The team id the board answers `0` with (after `1`), unless told otherwise.
pub const DEFAULT_TEAM: [u8; 2] = *b"FP";

/// How the board is built: its serial line, its team id, the scheme it
/// follows where its state cannot tell, and the search's budgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerConfig {
    /// The clock's frequency.
    pub clock_hz: u64,
    /// The serial line's baud rate.
    pub baud: u64,
    /// The two characters after `1` in the answer to `0`.
    pub team: [u8; 2],
    /// The scheme for `4` after `2A` (`None`: the one seen, else 2013).
    pub scheme: Option<Scheme>,
    /// The tree search's round budget and watchdog, in clock cycles.
    pub budget: Budget,
}

impl Default for PlayerConfig {
    /// The board's clock ([`BOARD_CLOCK_HZ`], 50 MHz), 115,200 baud, team `FP`, the scheme found out on the link,
    /// the tree's budgets ([`tree_budget`]: rounds during 0.85 s).
    fn default() -> PlayerConfig {
        PlayerConfig {
            clock_hz: BOARD_CLOCK_HZ,
            baud: DEFAULT_BAUD,
            team: DEFAULT_TEAM,
            scheme: None,
            budget: tree_budget(),
        }
    }
}
