//! The simulated board as the host meets it: the Verilog of `hdl::Ulx3sTop`, the very
//! top level `make bitstream` builds, beside its SDRAM's chip model (`hdl::sim_board`),
//! as a [`BoardSpec`], and one board served on a pseudo-terminal and a TCP port at once
//! ([`serve_board`]), as `arena board-sim` and the `sim` link do.

use crate::mux::Mux;
use crate::pty::OnHangUp;
use crate::server::{serve_on_pty, PtyServer};
use crate::tcp::{serve_on_tcp, TcpServer};
use crate::verilated::BoardSpec;
use crate::{MuxPort, SerialDevice};
use hdl::sdram_check::CheckSpan;
use hdl::sim_board::{sim_board_verilog_named, stuck_plusargs, SIM_BOARD};
use hdl::{PlayerConfig, SearchBudget};
use std::net::TcpListener;

/// The words the simulated board's SDRAM check covers unless told otherwise: 16,384
/// (8 rows of each bank), a check of some 140,000 board cycles, a second of the
/// simulator's time, where the board's whole 32 MB would take minutes.
pub const SIM_SDRAM_WORDS: u32 = 16_384;

/// The simulated SDRAM: the check's span and a data line forced in its chip model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimSdram {
    /// The SDRAM check's span ([`SIM_SDRAM_WORDS`] if not given).
    pub words: Option<u32>,
    /// A data line (0 to 15) stuck at a level.
    pub stuck: Option<(u8, bool)>,
}

impl SimSdram {
    /// The model's command-line arguments for it, or what is wrong with it.
    pub fn plusargs(&self) -> Result<Vec<String>, String> {
        let words = self.words.unwrap_or(SIM_SDRAM_WORDS);
        hdl::sdram_check::check_span(words)?;
        let mut plusargs = vec![CheckSpan::plusarg(words)];
        if let Some((bit, level)) = self.stuck {
            plusargs.extend(stuck_plusargs(bit, level)?);
        }
        Ok(plusargs)
    }
}

/// The board's top level built as `config` says (its clock and baud rate among others),
/// beside its SDRAM's chip model, as Verilog for Verilator. The search's budget is not
/// in the Verilog but on the model's command line (`hdl::search_budget`): the Verilog
/// holds the real board's ([`hdl::PlayerConfig::default`]'s), so that one model serves
/// every budget; so are the SDRAM check's span and a stuck data line (`sdram`).
pub fn board_spec(config: PlayerConfig, sdram: SimSdram) -> Result<BoardSpec, String> {
    SearchBudget::fits(config.budget)?;
    let mut plusargs = SearchBudget::plusargs(config.budget);
    plusargs.extend(sdram.plusargs()?);
    let built = PlayerConfig {
        budget: PlayerConfig::default().budget,
        ..config
    };
    let verilog = hdl::verilog::on_big_stack(|| sim_board_verilog_named(built))?;
    Ok(BoardSpec::new(verilog, SIM_BOARD)
        .with_clock_hz(config.clock_hz)
        .with_baud(config.baud)
        .with_plusargs(plusargs))
}

/// [`board_spec`] with the simulated SDRAM's defaults.
pub fn ulx3s_spec(config: PlayerConfig) -> Result<BoardSpec, String> {
    board_spec(config, SimSdram::default())
}

/// One device served on a new pseudo-terminal and on `listener` at once: bytes from
/// either reach it, its output goes to whichever sent the latest byte. A host closing
/// the pseudo-terminal or a TCP client leaving ends nothing: the device keeps its state
/// for the next one. Dropping it stops serving.
#[derive(Debug)]
pub struct BoardServer {
    /// The pseudo-terminal's server (its path is the host's serial port).
    pub pty: PtyServer<MuxPort>,
    /// The TCP port's server.
    pub tcp: TcpServer<MuxPort>,
    // Dropped last: the servers stop first.
    mux: Mux,
}

impl BoardServer {
    /// Whether serving has ended anywhere (only an error ends it).
    pub fn is_finished(&self) -> bool {
        self.pty.is_finished() || self.tcp.is_finished() || self.mux.is_finished()
    }
}

/// Serves `device` as [`BoardServer`] says.
pub fn serve_board<D>(device: D, listener: TcpListener) -> std::io::Result<BoardServer>
where
    D: SerialDevice + Send + 'static,
{
    let mux = Mux::new(device)?;
    let tcp = serve_on_tcp(listener, mux.port())?;
    let pty = serve_on_pty(mux.port(), OnHangUp::AwaitReconnect).map_err(std::io::Error::other)?;
    Ok(BoardServer { pty, tcp, mux })
}
