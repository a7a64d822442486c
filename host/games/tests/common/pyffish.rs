//! Fairy-Stockfish's Python binding (PyPI `pyffish`) as an independent
//! oracle for the shogi variants: one Python process answers a batch of
//! positions, each with its legal moves and the FEN after a given move.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The Python with pyffish: $ARENA_TEST_PYTHON, else the workspace's
/// build/venv-test (made by scripts/setup.sh), else `python3`.
fn python() -> PathBuf {
    if let Some(path) = std::env::var_os("ARENA_TEST_PYTHON") {
        return PathBuf::from(path);
    }
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../build/venv-test/bin/python3");
    if venv.exists() {
        venv
    } else {
        PathBuf::from("python3")
    }
}

const SCRIPT: &str = r#"
import sys
try:
    import pyffish as sf
except ImportError:
    sys.stderr.write("pyffish is missing: run scripts/setup.sh (or pip install pyffish)\n")
    sys.exit(3)
variant = sys.argv[1]
for line in sys.stdin:
    fen, move = line.rstrip("\n").split("\t")
    moves = sorted(sf.legal_moves(variant, fen, []))
    after = sf.get_fen(variant, fen, [move]) if move else ""
    print(" ".join(moves) + "\t" + after, flush=False)
"#;

/// One answer: the legal moves (sorted) and the FEN after the asked move.
pub struct Answer {
    pub moves: Vec<String>,
    pub after: String,
}

/// Asks Fairy-Stockfish about each (FEN, move) pair (an empty move: none).
pub fn ask(variant: &str, queries: &[(String, String)]) -> Vec<Answer> {
    let mut child = Command::new(python())
        .args(["-c", SCRIPT, variant])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot run python3: run scripts/setup.sh");
    let mut input = String::new();
    for (fen, m) in queries {
        input += &format!("{fen}\t{m}\n");
    }
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("python3 ran");
    writer.join().expect("writer").expect("queries written");
    assert!(
        output.status.success(),
        "pyffish failed ({}): {}\nrun scripts/setup.sh (it installs pyffish into build/venv-test)",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let answers: Vec<Answer> = text
        .lines()
        .map(|line| {
            let (moves, after) = line.split_once('\t').expect("two fields");
            Answer {
                moves: moves.split_whitespace().map(str::to_string).collect(),
                after: after.to_string(),
            }
        })
        .collect();
    assert_eq!(answers.len(), queries.len());
    answers
}

/// The parts of a FEN both programs must agree on: board, hand (its letters
/// sorted) and side to move.
pub fn essential(fen: &str) -> String {
    let (board, rest) = fen.split_once('[').expect("a hand");
    let (hand, rest) = rest.split_once(']').expect("a hand's end");
    let mut letters: Vec<char> = hand.chars().filter(|&c| c != '-').collect();
    letters.sort();
    let side = rest.split_whitespace().next().unwrap_or("");
    format!(
        "{board}[{}] {side}",
        letters.into_iter().collect::<String>()
    )
}
