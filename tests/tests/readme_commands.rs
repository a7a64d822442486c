//! The words are true: every `arena` command and flag that the README,
//! BENCHMARKS.md and the pages of docs/ name (in their command blocks and in
//! their text), and every `make` target, exists; so does every `arena`
//! command and flag the `--help` texts themselves name; and every command
//! the README names is run by some test the way a person runs it.
//!
//! Flags are looked up in the real program's `--help` (`arena PATH --help`,
//! run as a person runs it).
#![cfg(unix)]

use arena::cli::Cli;
use clap::CommandFactory;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// A mention of a command: where it was seen, and its words.
#[derive(Clone, Debug)]
struct Mention {
    place: String,
    words: Vec<String>,
}

/// The command lines of the README's ```sh blocks, continuation lines
/// (starting with `[` or `--` after indentation) joined, comments dropped;
/// the comments themselves are returned as prose.
fn block_lines(readme: &str) -> (Vec<(usize, String)>, String) {
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut prose = String::new();
    let mut in_block = false;
    for (n, line) in readme.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_block = !in_block && trimmed.starts_with("```sh");
            continue;
        }
        if !in_block {
            prose.push_str(line);
            prose.push('\n');
            continue;
        }
        let (code, comment) = match line.find(" #").or(trimmed.starts_with('#').then_some(0)) {
            Some(at) => (&line[..at], &line[at..]),
            None => (line, ""),
        };
        prose.push_str(comment);
        prose.push('\n');
        let code_trimmed = code.trim_start();
        let continues = code.starts_with(' ')
            && (code_trimmed.starts_with('[') || code_trimmed.starts_with("--"));
        match lines.last_mut() {
            Some((_, last)) if continues => {
                last.push(' ');
                last.push_str(code_trimmed);
            }
            _ if !code_trimmed.is_empty() => lines.push((n + 1, code_trimmed.to_string())),
            _ => {}
        }
    }
    (lines, prose)
}

/// The words of a command line as a shell splits them: a double-quoted
/// string (an engine's command line inside an option) is one word.
fn shell_words(line: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut rest = line.trim_start();
    while !rest.is_empty() {
        let end = if let Some(quoted) = rest.strip_prefix('"') {
            quoted.find('"').map_or(rest.len(), |i| i + 2)
        } else {
            rest.find(char::is_whitespace).unwrap_or(rest.len())
        };
        words.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    words
}

/// `words` as a command line: `VAR=value` words before it dropped, the
/// program `arena` however it is reached (`$A`, the README's name for it,
/// `target/release/arena`); `None` unless it runs `arena` or `make`.
fn command_words(words: &[&str]) -> Option<Vec<String>> {
    let start = words
        .iter()
        .position(|w| !w.contains('=') || w.starts_with('-'))?;
    let words = &words[start..];
    let program = match *words.first()? {
        "$A" | "arena" => "arena",
        w if w.ends_with("/arena") => "arena",
        "make" => "make",
        _ => return None,
    };
    (words.len() > 1).then(|| {
        std::iter::once(program)
            .chain(words[1..].iter().copied())
            .map(str::to_string)
            .collect()
    })
}

/// The backtick-quoted spans of `text` that are `arena` or `make` command
/// lines (line breaks inside a span read as spaces).
fn quoted_commands(text: &str, place: &str) -> Vec<Mention> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|span| command_words(&shell_words(span)))
        .map(|words| Mention {
            place: place.to_string(),
            words,
        })
        .collect()
}

/// Every command `file` (relative to the workspace) names.
fn mentions_in(file: &str) -> Vec<Mention> {
    let text =
        std::fs::read_to_string(workspace().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let (lines, prose) = block_lines(&text);
    let mut mentions = quoted_commands(&prose, &format!("{file} text"));
    for (n, line) in lines {
        if let Some(words) = command_words(&shell_words(&line)) {
            mentions.push(Mention {
                place: format!("{file}:{n}"),
                words,
            });
        }
    }
    mentions
}

/// Every command the README names.
fn readme_mentions() -> Vec<Mention> {
    mentions_in("README.md")
}

/// The files that name commands for people: the README, BENCHMARKS.md and
/// the pages of docs/ (but docs/cli.md, which is generated from the
/// command line's own definitions).
fn documents() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") && !path.ends_with("docs/cli.md")
            {
                let relative = path.strip_prefix(workspace()).unwrap();
                out.push(relative.to_string_lossy().to_string());
            }
        }
    }
    let mut files = vec!["README.md".to_string(), "BENCHMARKS.md".to_string()];
    walk(&workspace().join("docs"), &mut files);
    walk(&workspace().join("constraints"), &mut files);
    files
}

/// The Makefile's targets.
fn make_targets() -> BTreeSet<String> {
    let makefile = std::fs::read_to_string(workspace().join("Makefile")).unwrap();
    makefile
        .lines()
        .filter(|l| !l.starts_with('\t') && !l.starts_with('#'))
        .filter_map(|l| l.split_once(':').filter(|(_, rest)| !rest.starts_with('=')))
        .flat_map(|(targets, _)| {
            targets
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|t| !t.contains('$') && !t.starts_with('.'))
        .collect()
}

/// The `arena` program, built as a person builds it: its directory.
fn programs() -> PathBuf {
    let status = Command::new(env!("CARGO"))
        .args(["build", "-q", "-p", "arena", "--bin", "arena"])
        .current_dir(workspace())
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build failed");
    let exe = std::env::current_exe().unwrap();
    // target/debug/deps/THIS -> target/debug
    exe.parent().and_then(Path::parent).unwrap().to_path_buf()
}

/// The command tree: each path of subcommand names (the root is empty).
fn command_paths() -> Vec<Vec<String>> {
    fn walk(command: &clap::Command, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        out.push(path.clone());
        for sub in command.get_subcommands() {
            if sub.get_name() == "help" {
                continue;
            }
            path.push(sub.get_name().to_string());
            walk(sub, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    walk(&Cli::command(), &mut Vec::new(), &mut out);
    out
}

/// The subcommand paths `words` (after `arena`) names: alternatives
/// `a|b|c` of subcommands branch; the first word that is no subcommand
/// ends the path. `Err` names a word that looks like a command and is not.
fn resolve(words: &[String], paths: &[Vec<String>]) -> Vec<(Vec<String>, usize)> {
    let mut found = vec![(Vec::new(), 0)];
    loop {
        let mut next = Vec::new();
        let mut advanced = false;
        for (path, at) in &found {
            let Some(word) = words.get(*at) else {
                next.push((path.clone(), *at));
                continue;
            };
            let alternatives: Vec<&str> = word.split('|').collect();
            let extended: Vec<Vec<String>> = alternatives
                .iter()
                .map(|alt| {
                    let mut p = path.clone();
                    p.push(alt.to_string());
                    p
                })
                .collect();
            if extended.iter().all(|p| paths.contains(p)) {
                advanced = true;
                next.extend(extended.into_iter().map(|p| (p, at + 1)));
            } else {
                next.push((path.clone(), *at));
            }
        }
        found = next;
        if !advanced {
            return found;
        }
    }
}

/// The long flags a command line's words name (`--x`, `[--x V]`, `--x=V`, `--a|--b`).
fn flags(words: &[String]) -> Vec<String> {
    words
        .iter()
        .flat_map(|w| w.split('|').map(str::to_string).collect::<Vec<_>>())
        .map(|w| {
            w.trim_matches(|c| c == '[' || c == ']' || c == '(' || c == ')' || c == ',' || c == '.')
                .to_string()
        })
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(|w| w.split('=').next().unwrap().to_string())
        .filter(|w| {
            w[2..]
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        .collect()
}

/// `arena PATH --help`, run.
struct Helps {
    dir: PathBuf,
    cache: BTreeMap<Vec<String>, String>,
}

impl Helps {
    fn help(&mut self, path: &[String]) -> &str {
        if !self.cache.contains_key(path) {
            let out = Command::new(self.dir.join("arena"))
                .args(path)
                .arg("--help")
                .output()
                .expect("arena runs");
            assert!(
                out.status.success(),
                "arena {} --help failed: {}",
                path.join(" "),
                String::from_utf8_lossy(&out.stderr)
            );
            self.cache.insert(
                path.to_vec(),
                String::from_utf8_lossy(&out.stdout).to_string(),
            );
        }
        &self.cache[path]
    }

    /// Whether `arena PATH` takes `flag`.
    fn takes(&mut self, path: &[String], flag: &str) -> bool {
        let help = self.help(path);
        help.match_indices(flag).any(|(at, _)| {
            let after = help[at + flag.len()..].chars().next();
            let before = help[..at].chars().last();
            matches!(before, None | Some(' ') | Some(','))
                && matches!(after, None | Some(' ') | Some('\n') | Some('=') | Some(','))
        })
    }
}

/// Problems with `mention`: unknown targets, commands and flags.
fn check(
    mention: &Mention,
    paths: &[Vec<String>],
    targets: &BTreeSet<String>,
    helps: &mut Helps,
) -> Vec<String> {
    let mut problems = Vec::new();
    let what = format!("{}: `{}`", mention.place, mention.words.join(" "));
    if mention.words[0] == "make" {
        for target in mention.words[1..]
            .iter()
            .take_while(|w| !w.starts_with('#'))
        {
            if target.contains('=') || target.starts_with('-') {
                continue;
            }
            if !targets.contains(target.as_str()) {
                problems.push(format!("{what}: no make target `{target}`"));
            }
        }
        return problems;
    }
    for (path, at) in resolve(&mention.words[1..], paths) {
        if path.is_empty() {
            problems.push(format!(
                "{what}: `{}` is no arena command",
                mention.words.get(1).map_or("", |w| w)
            ));
            continue;
        }
        // A word right after the path that looks like a subcommand and is not.
        if let Some(word) = mention.words[1..].get(at) {
            let is_word =
                word.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !word.starts_with('-');
            let has_subcommands = paths
                .iter()
                .any(|p| p.len() == path.len() + 1 && p.starts_with(&path));
            if is_word && has_subcommands {
                problems.push(format!(
                    "{what}: `arena {}` has no subcommand `{word}`",
                    path.join(" ")
                ));
            }
        }
        for flag in flags(&mention.words[1..]) {
            if !helps.takes(&path, &flag) {
                problems.push(format!(
                    "{what}: `arena {}` takes no {flag}",
                    path.join(" ")
                ));
            }
        }
    }
    problems
}

#[test]
fn every_command_and_flag_the_documents_and_the_help_texts_name_exists() {
    let dir = programs();
    let mut helps = Helps {
        dir,
        cache: BTreeMap::new(),
    };
    let paths = command_paths();
    let targets = make_targets();
    for wanted in ["play", "test", "bitstream", "flash"] {
        assert!(
            targets.contains(wanted),
            "the Makefile's targets: {targets:?}"
        );
    }
    let readme = readme_mentions();
    assert!(readme.len() > 20, "the README's commands: {readme:?}");
    let files = documents();
    assert!(
        files.len() > 5 && files.iter().any(|f| f.starts_with("docs/rules/")),
        "{files:?}"
    );
    let mentions: Vec<Mention> = files.iter().flat_map(|f| mentions_in(f)).collect();
    let mut problems: Vec<String> = mentions
        .iter()
        .flat_map(|m| check(m, &paths, &targets, &mut helps))
        .collect();
    // The help texts: commands they quote, and the flags they name of their own command.
    for path in &paths {
        let help = helps.help(path).to_string();
        let place = format!("`arena {} --help`", path.join(" "));
        for mention in quoted_commands(&help, &place) {
            problems.extend(check(&mention, &paths, &targets, &mut helps));
        }
        if paths
            .iter()
            .any(|p| p.len() > path.len() && p.starts_with(path))
        {
            continue; // its text describes its subcommands, and their flags
        }
        let own = Mention {
            place: place.clone(),
            words: std::iter::once("arena".to_string())
                .chain(path.iter().cloned())
                .chain(
                    help.split_whitespace()
                        .filter(|w| w.contains("--"))
                        .map(str::to_string),
                )
                .collect(),
        };
        problems.extend(check(&own, &paths, &targets, &mut helps));
    }
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "a document or a help text names what is not there:\n{}",
        problems.join("\n")
    );
}

/// The test code of the workspace: the test directories, the `tests.rs`
/// files and what follows `#[cfg(test)]` in the others, the browser tests;
/// whitespace removed.
fn test_sources() -> String {
    fn walk(dir: &Path, out: &mut String) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if !path.ends_with("node_modules") && !path.ends_with("target") {
                    walk(&path, out);
                }
                continue;
            }
            let is_test_dir = path.components().any(|c| c.as_os_str() == "tests");
            let text = match path.extension().and_then(|e| e.to_str()) {
                Some("rs") | Some("mjs") => std::fs::read_to_string(&path).unwrap(),
                _ => continue,
            };
            let test_part = if is_test_dir || path.ends_with("tests.rs") {
                &text[..]
            } else {
                text.find("#[cfg(test)]").map_or("", |at| &text[at..])
            };
            out.extend(test_part.chars().filter(|c| !c.is_whitespace()));
        }
    }
    let mut out = String::new();
    for dir in ["host", "sim", "hdl", "tests"] {
        walk(&workspace().join(dir), &mut out);
    }
    out
}

#[test]
fn every_command_the_readme_names_is_run_by_a_test() {
    let paths = command_paths();
    let sources = test_sources();
    let mut missing = BTreeSet::new();
    for mention in readme_mentions() {
        if mention.words[0] == "make" {
            continue; // make play: make_play.rs; make test is the run itself
        }
        for (path, _) in resolve(&mention.words[1..], &paths) {
            if path.is_empty() {
                continue;
            }
            // As the tests write a command line: `"blokus", "perft"`, or the
            // words in one string.
            let quoted = path
                .iter()
                .map(|w| format!("\"{w}\""))
                .collect::<Vec<_>>()
                .join(",");
            let spaced = format!("\"{}", path.join(""));
            if !sources.contains(&quoted) && !sources.contains(&spaced) {
                missing.insert(path.join(" "));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "README commands no test runs: {missing:?}"
    );
}

#[test]
fn a_mistyped_flag_gets_the_right_one_suggested() {
    let dir = programs();
    for (line, suggestion) in [
        (&["blokus", "play", "--bord", "sim"][..], "--board"),
        (
            &[
                "referee",
                "--p1",
                "sim",
                "--p2",
                "engine:random",
                "--gmes",
                "2",
            ][..],
            "--games",
        ),
        (&["board-sim", "--serch-ms", "5"][..], "--search-ms"),
    ] {
        let out = Command::new(dir.join("arena")).args(line).output().unwrap();
        assert!(!out.status.success());
        let error = String::from_utf8_lossy(&out.stderr);
        assert!(
            error.contains(&format!("a similar argument exists: '{suggestion}'")),
            "arena {}: {error}",
            line.join(" ")
        );
    }
}

#[test]
fn a_bare_make_lists_the_targets_and_sets_nothing_up() {
    let out = Command::new("make")
        .current_dir(workspace())
        .env_remove("MAKEFLAGS")
        .env_remove("MAKELEVEL")
        .output()
        .expect("make runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    let targets = make_targets();
    for line in text.lines().filter(|l| l.starts_with("make ")) {
        for word in line
            .split_whitespace()
            .skip(1)
            .take_while(|w| !w.is_empty())
        {
            if word.contains('=') || word == "|" {
                continue;
            }
            if word.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                assert!(targets.contains(word), "`make` lists {word}, no target");
            }
            break;
        }
    }
    for wanted in ["make play", "make test", "make bitstream", "make flash"] {
        assert!(text.contains(wanted), "{text}");
    }
    assert!(!text.contains("setup:"), "set-up ran: {text}");
}
