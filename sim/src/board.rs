//! The simulated board as built for the host: the Verilog of `hdl::Ulx3sTop`
//! (the very top level `make bitstream` builds) as a [`BoardSpec`], and a
//! bridge that serves a board's pseudo-terminal to TCP clients as well.

use crate::verilated::BoardSpec;
use hdl::uart_tx::cycles_per_bit;
use hdl::{PlayerConfig, Ulx3sTop};
use rust_hdl::prelude::*;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::time::Duration;

/// The board built as `config` says, as Verilog for Verilator.
pub fn ulx3s_spec(config: PlayerConfig) -> BoardSpec {
    let mut top = Ulx3sTop::new(config);
    top.connect_all();
    BoardSpec {
        verilog: generate_verilog(&top),
        top_module: "top".to_string(),
        clock_hz: config.clock_hz,
        cycles_per_bit: cycles_per_bit(config.clock_hz, config.baud),
    }
}

/// Serves TCP clients on `listener` one after another, each bridged to the
/// board's pseudo-terminal at `pty` (opened as a host opens a board's port,
/// 8N1 at `baud`, for the time the client stays). Returns only on an
/// error of the listener.
pub fn bridge_tcp_to_pty(listener: TcpListener, pty: &Path, baud: u32) -> std::io::Result<()> {
    for client in listener.incoming() {
        let client = match client {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if let Err(e) = bridge_one(client, pty, baud) {
            eprintln!("board-sim: a TCP client's session ended: {e}");
        }
    }
    Ok(())
}

/// One client: bytes both ways until it closes its end.
fn bridge_one(client: TcpStream, pty: &Path, baud: u32) -> std::io::Result<()> {
    let _ = client.set_nodelay(true);
    let port = serialport::new(pty.to_string_lossy(), baud)
        .timeout(Duration::from_millis(50))
        .open_native()
        .map_err(std::io::Error::other)?;
    let mut port_in = port.try_clone_native().map_err(std::io::Error::other)?;
    let mut port_out = port;
    let mut client_in = client.try_clone()?;
    let mut client_out = client;
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let board_to_client = {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 256];
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                match port_in.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        if client_out.write_all(&buf[..n]).is_err() {
                            break;
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                    Err(_) => break,
                }
            }
        })
    };
    let mut buf = [0u8; 256];
    let result = loop {
        match client_in.read(&mut buf) {
            Ok(0) => break Ok(()),
            Ok(n) => {
                if let Err(e) = port_out.write_all(&buf[..n]) {
                    break Err(e);
                }
            }
            Err(e) => break Err(e),
        }
    };
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = board_to_client.join();
    result
}
