//! docs/cli.md, the command line's full reference, is generated from the
//! clap definitions (clap-markdown) and kept equal to them: a flag or
//! subcommand added, renamed or reworded without `make cli-doc` fails here.
//! With ARENA_WRITE_CLI_DOC=1 the test writes the file instead.

use arena::cli::Cli;
use clap::CommandFactory;
use std::path::Path;

/// The reference as it must read.
fn generated() -> String {
    let options = clap_markdown::MarkdownOptions::new()
        .title("The `arena` command line".to_string())
        .show_footer(false);
    clap_markdown::help_markdown_command_custom(&Cli::command(), &options)
}

#[test]
fn docs_cli_md_is_the_command_lines_reference() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md");
    let want = generated();
    if std::env::var_os("ARENA_WRITE_CLI_DOC").is_some() {
        std::fs::write(&path, &want).expect("docs/cli.md written");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if have != want {
        let line = have
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| have.lines().count().min(want.lines().count()));
        panic!(
            "docs/cli.md is not the command line's reference (first difference at line {}): \
             run `make cli-doc`",
            line + 1
        );
    }
    // Every subcommand has its section.
    for name in ["blokus play", "referee", "board-sim", "tournament", "serve"] {
        assert!(have.contains(&format!("## `arena {name}`")), "{name}");
    }
}
