//! `arena`: the project's command-line tool (see `arena --help`).

use clap::Parser;

fn main() {
    let cli = host::cli::Cli::parse();
    if let Err(error) = host::cli::run(cli) {
        eprintln!("arena: {error:#}");
        std::process::exit(1);
    }
}
