//! `arena serve`: the games on a local web page (see [`crate::web`]).

use crate::web::server::WebServer;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The options of `arena serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// The TCP port (0: any free port; the line `open URL` says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on (only this machine by default; 0.0.0.0 opens
    /// it to the network, without any password).
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub listen: IpAddr,
}

/// Binds, prints `open URL` as the first line, then answers until killed.
pub fn run(args: &ServeArgs, output: &mut dyn Write) -> anyhow::Result<()> {
    let server = WebServer::bind(SocketAddr::new(args.listen, args.port))?;
    writeln!(output, "open {}", server.url())?;
    // Whoever read the address may have closed the output since: the server goes on.
    let _ = writeln!(
        output,
        "the games: dobutsu, kyoto, janken, reversi, blokus (stop with Ctrl-C)"
    );
    let _ = output.flush();
    server.run();
    Ok(())
}
