//! The reachable set saved between the two stages of a solve, so that an
//! interrupted solve starts again at the retrograde analysis: every class,
//! in the set's order, behind a header with the rules version,
//! the root, the level count and a checksum. A checkpoint that does not
//! match (another root, other rules, damaged) is ignored and made again.

use super::code::encode;
use super::reach::{census, ClassSet, Reach};
use super::table::RULES_VERSION;
use crate::dobutsu::position::Position;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

const MAGIC: &[u8; 16] = b"DOBUTSU-REACHED\0";
const HEADER: usize = 48;

use super::table::{fnv1a, FNV_OFFSET};

/// Saves `set` (reached from `root` in `levels` levels) to `path`, its
/// classes in the set's order (a load inserts them again in any order).
pub fn save(path: &Path, root: &Position, set: &ClassSet, levels: u32) -> std::io::Result<()> {
    use std::io::{Seek, SeekFrom};
    let partial = path.with_extension("part");
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(&partial)?);
    out.write_all(MAGIC)?;
    out.write_all(&RULES_VERSION.to_le_bytes())?;
    out.write_all(&encode(root).to_le_bytes())?;
    out.write_all(&levels.to_le_bytes())?;
    out.write_all(&[0u8; 16])?;
    let (mut count, mut checksum) = (0u64, FNV_OFFSET);
    for class in set.classes() {
        let bytes = class.code.to_le_bytes();
        checksum = fnv1a(checksum, &bytes);
        out.write_all(&bytes)?;
        count += 1;
    }
    let mut file = out.into_inner().map_err(|e| e.into_error())?;
    file.seek(SeekFrom::Start(32))?;
    file.write_all(&count.to_le_bytes())?;
    file.write_all(&checksum.to_le_bytes())?;
    drop(file);
    std::fs::rename(&partial, path)
}

/// The set saved at `path` for `root`, in a set of `2^table_bits` slots;
/// `None` if there is none or it does not match.
pub fn load(path: &Path, root: &Position, table_bits: u32) -> Option<(Reach, ClassSet)> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .read_to_end(&mut bytes)
        .ok()?;
    if bytes.len() < HEADER || &bytes[..16] != MAGIC {
        return None;
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let version = u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes"));
    let levels = u32::from_le_bytes(bytes[28..32].try_into().expect("4 bytes"));
    let (count, checksum) = (u64_at(32), u64_at(40));
    let body = &bytes[HEADER..];
    let fits = count < (1u64 << table_bits) / 2 * 3 / 2;
    if version != RULES_VERSION
        || u64_at(20) != encode(root)
        || body.len() as u64 != count * 8
        || fnv1a(FNV_OFFSET, body) != checksum
        || !fits
    {
        return None;
    }
    let set = ClassSet::new(table_bits);
    for raw in body.chunks_exact(8) {
        set.insert(u64::from_le_bytes(raw.try_into().expect("8 bytes")));
    }
    Some((census(&set, levels), set))
}
