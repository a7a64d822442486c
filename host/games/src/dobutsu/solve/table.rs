//! The solution's file: which indices of the dense [`Index`] were reached
//! (a bitmap) and the value of each reached class in the order of the
//! index, 2 bytes a class, behind a header that names the format, the
//! rules version, the root (whose material makes the index), the counts
//! and a checksum of the rest. A file that is not one, is damaged, was
//! made for other rules or in the older format is refused with the reason.
//!
//! ```text
//! 0   16  magic "DOBUTSU-SOLVED-2"
//! 16   4  rules version (little-endian u32, RULES_VERSION)
//! 20   8  root's code (solve::code)
//! 28   8  positions (Tanaka's count, mirror images apart): the values below
//! 36   8  the index's size: the bits of the bitmap
//! 44   8  FNV-1a 64 over the 64-bit words of the bitmap, then of the values
//!         four at a time (the last word padded with zeros)
//! 52  ..  bitmap: u64 words, little-endian, bit i % 64 of word i / 64
//! ..  ..  values: u16, little-endian, one a set bit, in order
//! ```

use super::code::{decode, encode};
use super::index::Index;
use super::retro::Value;
use super::Solution;
use crate::dobutsu::position::Position;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

const MAGIC: &[u8; 16] = b"DOBUTSU-SOLVED-2";
/// The first format's magic: codes and values sorted by code.
const OLD_MAGIC: &[u8; 16] = b"DOBUTSU-SOLVED\0\0";
const HEADER: usize = 52;
/// Words of the bitmap a rank entry covers.
const BLOCK: usize = 8;

/// The rules the values hold for; a table of other rules is refused. 1:
/// the spec's rules (catch; the try won at the start of the lion's side's
/// turn; no move loses), Tanaka's leaves, distances in plies to the end.
pub const RULES_VERSION: u32 = 1;

/// The table file of the start's solution: `$ARENA_DOBUTSU_TABLE`, else
/// `~/.cache/fpga-blokus/dobutsu-solution.tb`.
pub fn default_path() -> std::path::PathBuf {
    if let Some(path) = std::env::var_os("ARENA_DOBUTSU_TABLE").filter(|p| !p.is_empty()) {
        return path.into();
    }
    let home = std::env::var_os("HOME").map_or_else(|| ".".into(), std::path::PathBuf::from);
    home.join(".cache/fpga-blokus/dobutsu-solution.tb")
}

/// A solution read back: the reached indices and a value each.
pub struct Table {
    pub root: u64,
    pub positions: u64,
    index: Index,
    words: Vec<u64>,
    /// The set bits before each block of [`BLOCK`] words.
    ranks: Vec<u32>,
    values: Vec<Value>,
}

/// FNV-1a, 64 bits, over 64-bit words, continued from `state` (start from
/// [`FNV_OFFSET`]).
pub fn fnv1a_words(state: u64, words: &[u64]) -> u64 {
    words
        .iter()
        .fold(state, |h, &w| (h ^ w).wrapping_mul(0x0000_0100_0000_01b3))
}
/// FNV-1a's starting state.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// Four values as a checksum's word.
fn value_word(values: &[Value]) -> u64 {
    values
        .iter()
        .enumerate()
        .fold(0, |w, (k, &v)| w | u64::from(v) << (16 * k))
}

impl Table {
    /// The table of `solution`, solved from `root`.
    pub fn from_solution(root: &Position, solution: &Solution) -> Table {
        let words: Vec<u64> = solution.reached.set.words().collect();
        let values = solution.values().map(|(_, v)| v).collect();
        Table::new(encode(root), solution.reach.positions, words, values)
    }

    fn new(root: u64, positions: u64, words: Vec<u64>, values: Vec<Value>) -> Table {
        let ranks = words
            .chunks(BLOCK)
            .scan(0u32, |before, block| {
                let here = *before;
                *before += block.iter().map(|w| w.count_ones()).sum::<u32>();
                Some(here)
            })
            .collect();
        Table {
            root,
            positions,
            index: Index::of(&decode(root)),
            words,
            ranks,
            values,
        }
    }
}

/// Writes the header, the bitmap `words` and the `values` to `path`,
/// through a temporary file renamed at the end, so that a table on disk is
/// always whole. The checksum is summed as the data go out and written
/// into the header last.
fn write_parts(
    path: &Path,
    root: u64,
    positions: u64,
    words: impl ExactSizeIterator<Item = u64>,
    values: impl Iterator<Item = Value>,
) -> std::io::Result<()> {
    use std::io::{Seek, SeekFrom};
    let partial = path.with_extension("part");
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(&partial)?);
    out.write_all(MAGIC)?;
    out.write_all(&RULES_VERSION.to_le_bytes())?;
    out.write_all(&root.to_le_bytes())?;
    out.write_all(&positions.to_le_bytes())?;
    out.write_all(&(words.len() as u64 * 64).to_le_bytes())?;
    out.write_all(&0u64.to_le_bytes())?;
    let mut checksum = FNV_OFFSET;
    for word in words {
        checksum = fnv1a_words(checksum, &[word]);
        out.write_all(&word.to_le_bytes())?;
    }
    let mut four = Vec::with_capacity(4);
    let mut count = 0u64;
    for value in values {
        four.push(value);
        count += 1;
        if four.len() == 4 {
            checksum = fnv1a_words(checksum, &[value_word(&four)]);
            four.clear();
        }
        out.write_all(&value.to_le_bytes())?;
    }
    if !four.is_empty() {
        checksum = fnv1a_words(checksum, &[value_word(&four)]);
    }
    assert_eq!(count, positions, "a value for each position");
    let mut file = out.into_inner().map_err(|e| e.into_error())?;
    file.seek(SeekFrom::Start(44))?;
    file.write_all(&checksum.to_le_bytes())?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&partial, path)
}

/// Writes `table` to `path`.
pub fn write(path: &Path, table: &Table) -> std::io::Result<()> {
    write_parts(
        path,
        table.root,
        table.positions,
        table.words.iter().copied(),
        table.values.iter().copied(),
    )
}

/// Writes the table of `solution` (solved from `root`) to `path` straight
/// from the solver's arrays.
pub fn write_solution(path: &Path, root: &Position, solution: &Solution) -> std::io::Result<()> {
    write_parts(
        path,
        encode(root),
        solution.reach.positions,
        solution.reached.set.words(),
        solution.values().map(|(_, v)| v),
    )
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// Reads a table written by [`write`]; the error says what is wrong with the file.
pub fn read(path: &Path) -> Result<Table, String> {
    let name = path.display();
    let mut file =
        std::fs::File::open(path).map_err(|e| format!("cannot open the table {name}: {e}"))?;
    let mut header = [0u8; HEADER];
    file.read_exact(&mut header)
        .map_err(|_| format!("{name} is not a Dobutsu solution table (too short)"))?;
    if &header[..16] == OLD_MAGIC {
        return Err(format!(
            "{name} is a Dobutsu solution table of an older format: solve again (arena dobutsu solve)"
        ));
    }
    if &header[..16] != MAGIC {
        return Err(format!("{name} is not a Dobutsu solution table"));
    }
    let version = u32::from_le_bytes(header[16..20].try_into().expect("4 bytes"));
    if version != RULES_VERSION {
        return Err(format!(
            "{name} was solved under rules version {version}, this program's are version \
             {RULES_VERSION}: solve again (arena dobutsu solve)"
        ));
    }
    let (root, positions, size, checksum) = (
        u64_at(&header, 20),
        u64_at(&header, 28),
        u64_at(&header, 36),
        u64_at(&header, 44),
    );
    let length = file
        .metadata()
        .map_err(|e| format!("cannot read {name}: {e}"))?
        .len();
    let expected = HEADER as u64 + size / 8 + positions * 2;
    let index_size = Index::of(&decode(root)).size();
    if length != expected || size != index_size.div_ceil(64) * 64 {
        return Err(format!(
            "{name} is damaged: {length} bytes, the header says {expected} ({positions} \
             positions over an index of {size})"
        ));
    }
    let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
    let mut bytes = vec![0u8; (size / 8) as usize];
    reader
        .read_exact(&mut bytes)
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    let words: Vec<u64> = bytes.chunks_exact(8).map(|w| u64_at(w, 0)).collect();
    bytes = vec![0u8; positions as usize * 2];
    reader
        .read_exact(&mut bytes)
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    let values: Vec<Value> = bytes
        .chunks_exact(2)
        .map(|v| u16::from_le_bytes([v[0], v[1]]))
        .collect();
    drop(bytes);
    let sum = values
        .chunks(4)
        .fold(fnv1a_words(FNV_OFFSET, &words), |h, four| {
            fnv1a_words(h, &[value_word(four)])
        });
    if sum != checksum {
        return Err(format!("{name} is damaged: its checksum does not match"));
    }
    let set: u64 = words.iter().map(|w| u64::from(w.count_ones())).sum();
    if set != positions {
        return Err(format!(
            "{name} is damaged: {set} positions in its bitmap, {positions} values"
        ));
    }
    Ok(Table::new(root, positions, words, values))
}

impl Table {
    /// The value of `position` for its side to move, if the table has it.
    pub fn value(&self, position: &Position) -> Option<Value> {
        let index = self.index.encode(position)? as usize;
        let (w, bit) = (index / 64, index % 64);
        let word = *self.words.get(w)?;
        if word >> bit & 1 == 0 {
            return None;
        }
        let block = w / BLOCK;
        let before: u32 = self.words[block * BLOCK..w]
            .iter()
            .map(|w| w.count_ones())
            .sum();
        let rank = self.ranks[block] + before + (word & ((1u64 << bit) - 1)).count_ones();
        Some(self.values[rank as usize])
    }

    /// A reached class drawn uniformly from `rng`, as the index reads it
    /// (sente to move), with its value.
    pub fn sample(&self, rng: &mut rand::rngs::StdRng) -> (Position, Value) {
        use rand::RngExt;
        loop {
            let w = rng.random_range(0..self.words.len());
            let bit = rng.random_range(0..64usize);
            if self.words[w] >> bit & 1 == 0 {
                continue;
            }
            let position = self.index.decode((w * 64 + bit) as u32);
            let value = self.value(&position).expect("a reached index reads back");
            return (position, value);
        }
    }

    /// The position the table was solved from.
    pub fn root_position(&self) -> Position {
        decode(self.root)
    }

    /// The number of classes.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether it has no class.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}
