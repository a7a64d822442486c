//! The reachable set saved between the two stages of a solve, so that an
//! interrupted solve starts again at the retrograde analysis: the set's
//! bitmap over the index, behind a header with the rules version, the
//! root, the level count, the index's size and a checksum. A checkpoint
//! that does not match (another root, other rules, damaged) is ignored and
//! made again.

use super::bitmap::Bitmap;
use super::code::encode;
use super::index::Index;
use super::reach::{resume, Reach, Reached};
use super::table::{fnv1a_words, FNV_OFFSET, RULES_VERSION};
use crate::dobutsu::position::Position;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

const MAGIC: &[u8; 16] = b"DOBUTSU-REACH-2\0";
const HEADER: usize = 56;

/// Saves `set` (reached from `root` in `levels` levels) to `path`.
pub fn save(path: &Path, root: &Position, set: &Bitmap, levels: u32) -> std::io::Result<()> {
    let partial = path.with_extension("part");
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(&partial)?);
    let words: Vec<u64> = set.words().collect();
    out.write_all(MAGIC)?;
    out.write_all(&RULES_VERSION.to_le_bytes())?;
    out.write_all(&encode(root).to_le_bytes())?;
    out.write_all(&levels.to_le_bytes())?;
    out.write_all(&(words.len() as u64).to_le_bytes())?;
    out.write_all(&fnv1a_words(FNV_OFFSET, &words).to_le_bytes())?;
    out.write_all(&[0u8; HEADER - 48])?;
    for word in &words {
        out.write_all(&word.to_le_bytes())?;
    }
    out.into_inner().map_err(|e| e.into_error())?;
    std::fs::rename(&partial, path)
}

/// The search's state from the set saved at `path` for `root`, settled
/// again with `threads` threads; `None` if there is none or it does not
/// match.
pub fn load(path: &Path, root: &Position, threads: usize) -> Option<(Reach, Reached)> {
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
    let words: Vec<u64> = bytes[HEADER..]
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")))
        .collect();
    if version != RULES_VERSION
        || u64_at(20) != encode(root)
        || (bytes.len() - HEADER) as u64 != count * 8
        || count != Index::of(root).size().div_ceil(64)
        || fnv1a_words(FNV_OFFSET, &words) != checksum
    {
        return None;
    }
    drop(bytes);
    Some(resume(root, Bitmap::from_words(words), levels, threads))
}
