//! The simulated board as the host meets it: the Verilog of `hdl::Ulx3sTop`, the very
//! top level `make bitstream` builds, as a [`BoardSpec`], and one board served on a
//! pseudo-terminal and a TCP port at once ([`serve_board`]), as `arena board-sim` and the `sim` link do.

use crate::mux::Mux;
use crate::pty::OnHangUp;
use crate::server::{serve_on_pty, PtyServer};
use crate::tcp::{serve_on_tcp, TcpServer};
use crate::verilated::BoardSpec;
use crate::{MuxPort, SerialDevice};
use hdl::{PlayerConfig, SearchBudget, Ulx3sTop};
use std::net::TcpListener;

/// The top module's name, as `hdl-verilog` writes it to `build/ulx3s_top.v`.
pub const ULX3S_TOP: &str = "ulx3s_top";

/// The board's top level built as `config` says (its clock and baud rate among others),
/// as Verilog for Verilator. The search's budget is not in the Verilog but on the
/// model's command line (`hdl::search_budget`): the Verilog holds the real board's
/// ([`hdl::PlayerConfig::default`]'s), so that one model serves every budget.
pub fn ulx3s_spec(config: PlayerConfig) -> Result<BoardSpec, String> {
    SearchBudget::fits(config.budget)?;
    let built = PlayerConfig {
        budget: PlayerConfig::default().budget,
        ..config
    };
    let verilog = hdl::verilog::on_big_stack(|| {
        hdl::verilog::verilog_named(Ulx3sTop::new(built)?, ULX3S_TOP)
    })?;
    Ok(BoardSpec::new(verilog, ULX3S_TOP)
        .with_clock_hz(config.clock_hz)
        .with_baud(config.baud)
        .with_plusargs(SearchBudget::plusargs(config.budget)))
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
