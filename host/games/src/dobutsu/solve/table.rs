//! The solution's file: every class's code and value, sorted by code, 10
//! bytes a class, behind a header that names the format, the rules version,
//! the root, the counts and a checksum of the rest. A file that is not one,
//! is damaged, or was made for other rules is refused with the reason.
//!
//! ```text
//! 0   16  magic "DOBUTSU-SOLVED\0\0"
//! 16   4  rules version (little-endian u32, RULES_VERSION)
//! 20   8  root's code
//! 28   8  positions (Tanaka's count, mirror images apart)
//! 36   8  classes (entries below)
//! 44   8  FNV-1a 64 of the entries
//! 52  ..  entries: code (u64) then value (u16), little-endian, by code
//! ```

use super::code::{canonical, encode};
use super::retro::Value;
use super::Solution;
use crate::dobutsu::position::Position;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

const MAGIC: &[u8; 16] = b"DOBUTSU-SOLVED\0\0";
const HEADER: usize = 52;
const ENTRY: usize = 10;

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

/// A solution read back: codes in order, a value each.
pub struct Table {
    pub root: u64,
    pub positions: u64,
    codes: Vec<u64>,
    values: Vec<Value>,
}

/// FNV-1a, 64 bits, continued from `state` (start from [`FNV_OFFSET`]).
pub fn fnv1a(state: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(state, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
/// FNV-1a's starting state.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// The slots of `solution`'s classes in the order of their codes: the
/// order of a table's entries (4 bytes a class beside the set).
fn slots_by_code(solution: &Solution) -> Vec<u32> {
    let code = |slot: u32| solution.set.class_at(slot as usize).expect("a class").code;
    let mut slots: Vec<u32> = solution.set.classes().map(|c| c.slot as u32).collect();
    slots.sort_unstable_by_key(|&s| code(s));
    slots
}

impl Table {
    /// The table of `solution`, solved from `root`.
    pub fn from_solution(root: &Position, solution: &Solution) -> Table {
        let slots = slots_by_code(solution);
        Table {
            root: encode(root),
            positions: solution.reach.positions,
            codes: slots
                .iter()
                .map(|&s| solution.set.class_at(s as usize).expect("a class").code)
                .collect(),
            values: slots.iter().map(|&s| solution.values[s as usize]).collect(),
        }
    }
}

/// Writes the header and `entries` (code, value) to `path`, through a
/// temporary file renamed at the end, so that a table on disk is always
/// whole. The checksum is summed as the entries go out and written into
/// the header last.
fn write_entries(
    path: &Path,
    root: u64,
    positions: u64,
    count: u64,
    entries: impl Iterator<Item = (u64, Value)>,
) -> std::io::Result<()> {
    use std::io::{Seek, SeekFrom};
    let partial = path.with_extension("part");
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(&partial)?);
    out.write_all(MAGIC)?;
    out.write_all(&RULES_VERSION.to_le_bytes())?;
    out.write_all(&root.to_le_bytes())?;
    out.write_all(&positions.to_le_bytes())?;
    out.write_all(&count.to_le_bytes())?;
    out.write_all(&0u64.to_le_bytes())?;
    let mut checksum = FNV_OFFSET;
    let mut entry = [0u8; ENTRY];
    for (code, value) in entries {
        entry[..8].copy_from_slice(&code.to_le_bytes());
        entry[8..].copy_from_slice(&value.to_le_bytes());
        checksum = fnv1a(checksum, &entry);
        out.write_all(&entry)?;
    }
    let mut file = out.into_inner().map_err(|e| e.into_error())?;
    file.seek(SeekFrom::Start(44))?;
    file.write_all(&checksum.to_le_bytes())?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&partial, path)
}

/// Writes `table` to `path`.
pub fn write(path: &Path, table: &Table) -> std::io::Result<()> {
    let entries = table
        .codes
        .iter()
        .copied()
        .zip(table.values.iter().copied());
    write_entries(
        path,
        table.root,
        table.positions,
        table.codes.len() as u64,
        entries,
    )
}

/// Writes the table of `solution` (solved from `root`) to `path` straight
/// from the solver's set: the codes sorted (8 bytes a class beside the
/// set), each value found again by its code, a batch of slots prefetched
/// at a time.
pub fn write_solution(path: &Path, root: &Position, solution: &Solution) -> std::io::Result<()> {
    let mut codes: Vec<u64> = solution.set.classes().map(|c| c.code).collect();
    codes.sort_unstable();
    let set = &solution.set;
    let entries = codes.chunks(64).flat_map(|batch| {
        batch.iter().for_each(|&code| set.prefetch(code));
        batch.iter().map(|&code| {
            let slot = set.slot_of_class(code).expect("a class of the set");
            (code, solution.values[slot])
        })
    });
    write_entries(
        path,
        encode(root),
        solution.reach.positions,
        codes.len() as u64,
        entries,
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
    let (root, positions, classes, checksum) = (
        u64_at(&header, 20),
        u64_at(&header, 28),
        u64_at(&header, 36),
        u64_at(&header, 44),
    );
    let length = file
        .metadata()
        .map_err(|e| format!("cannot read {name}: {e}"))?
        .len();
    if length != HEADER as u64 + classes * ENTRY as u64 {
        return Err(format!(
            "{name} is damaged: {} bytes of entries, the header says {classes} entries of {ENTRY}",
            length.saturating_sub(HEADER as u64)
        ));
    }
    let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
    let mut codes = Vec::with_capacity(classes as usize);
    let mut values = Vec::with_capacity(classes as usize);
    let mut sum = FNV_OFFSET;
    let mut entry = [0u8; ENTRY];
    for _ in 0..classes {
        reader
            .read_exact(&mut entry)
            .map_err(|e| format!("cannot read {name}: {e}"))?;
        sum = fnv1a(sum, &entry);
        codes.push(u64_at(&entry, 0));
        values.push(u16::from_le_bytes([entry[8], entry[9]]));
    }
    if sum != checksum {
        return Err(format!("{name} is damaged: its checksum does not match"));
    }
    if codes.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("{name} is damaged: its entries are out of order"));
    }
    Ok(Table {
        root,
        positions,
        codes,
        values,
    })
}

impl Table {
    /// The value of `position` for its side to move, if the table has it.
    pub fn value(&self, position: &Position) -> Option<Value> {
        let class = canonical(encode(position));
        self.codes
            .binary_search(&class)
            .ok()
            .map(|i| self.values[i])
    }

    /// The number of classes.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// Whether it has no class.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }
}
