//! `arena`: the project's command-line tool (see `arena --help`).

use clap::Parser;

fn main() {
    let cli = arena::cli::Cli::parse();
    if let Err(error) = arena::cli::run(cli) {
        eprintln!("arena: {error:#}");
        std::process::exit(1);
    }
}
