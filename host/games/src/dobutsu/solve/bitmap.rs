//! Large zeroed arrays for the solver and a bitmap of indices shared by
//! threads. The arrays come from the allocator zeroed, so the pages of a
//! small sub-game's index that are never touched cost nothing; on Linux
//! the large ones are backed by huge pages, since the solver touches them
//! at random and huge pages cut the misses of the address translation.

use std::sync::atomic::{AtomicU64, Ordering};

/// A type whose all-zero bytes are a valid value.
///
/// # Safety
/// Only for types where zeroed memory is a value (integers and atomics).
pub unsafe trait Zeroable {}
// SAFETY: integers and their atomics are valid at zero.
unsafe impl Zeroable for u16 {}
unsafe impl Zeroable for u64 {}
unsafe impl Zeroable for std::sync::atomic::AtomicU16 {}
unsafe impl Zeroable for AtomicU64 {}

/// A vector of `size` zeros.
pub fn zeroed<T: Zeroable>(size: usize) -> Vec<T> {
    let bytes = size * std::mem::size_of::<T>();
    if bytes == 0 {
        return Vec::new();
    }
    let layout = std::alloc::Layout::array::<T>(size).expect("a layout");
    // SAFETY: the layout is not empty; zeroed memory is a valid `T`
    // (`Zeroable`), so the vector owns `size` initialised values allocated
    // with the global allocator's layout for `T`.
    unsafe {
        let pointer = std::alloc::alloc_zeroed(layout);
        if pointer.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        advise_huge(pointer as usize, bytes);
        Vec::from_raw_parts(pointer.cast::<T>(), size, size)
    }
}

/// Asks for huge pages for the range (Linux; a refusal is harmless).
fn advise_huge(start: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    if bytes >= 1 << 22 {
        // madvise wants a page-aligned start.
        let aligned = (start + 4095) & !4095;
        // SAFETY: the range lies within one allocation; MADV_HUGEPAGE only
        // advises how to back it and changes no contents.
        unsafe {
            libc::madvise(
                aligned as *mut libc::c_void,
                start + bytes - aligned,
                libc::MADV_HUGEPAGE,
            );
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

/// Asks the processor to bring `item` into its cache: issued for a batch
/// before any of it is read, the memory accesses overlap.
#[inline]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint that never faults.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (item as *const T).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// A set of indices below a size, a bit each, that threads fill at once.
pub struct Bitmap {
    words: Vec<AtomicU64>,
}

impl Bitmap {
    /// An empty set of indices below `size`.
    pub fn new(size: u64) -> Bitmap {
        Bitmap {
            words: zeroed(size.div_ceil(64) as usize),
        }
    }

    /// The set with these words (bit `i % 64` of word `i / 64` for `i`).
    pub fn from_words(words: Vec<u64>) -> Bitmap {
        Bitmap {
            words: words.into_iter().map(AtomicU64::new).collect(),
        }
    }

    /// Adds `index`; true if it was not there.
    #[inline]
    pub fn insert(&self, index: u32) -> bool {
        let bit = 1u64 << (index % 64);
        let word = &self.words[index as usize / 64];
        word.load(Ordering::Relaxed) & bit == 0 && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
    }

    /// Whether `index` is in the set.
    #[inline]
    pub fn contains(&self, index: u32) -> bool {
        self.words
            .get(index as usize / 64)
            .is_some_and(|w| w.load(Ordering::Relaxed) >> (index % 64) & 1 != 0)
    }

    /// Prefetches the word of `index`.
    #[inline]
    pub fn prefetch(&self, index: u32) {
        prefetch(&self.words[index as usize / 64]);
    }

    /// The number of indices in the set.
    pub fn count(&self) -> u64 {
        self.words
            .iter()
            .map(|w| u64::from(w.load(Ordering::Relaxed).count_ones()))
            .sum()
    }

    /// The words.
    pub fn words(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        self.words.iter().map(|w| w.load(Ordering::Relaxed))
    }

    /// The indices in the set whose words are `words` (a range of word
    /// numbers), in order.
    pub fn indices_in(&self, words: std::ops::Range<usize>) -> impl Iterator<Item = u32> + '_ {
        words.flat_map(move |w| {
            let mut bits = self.words[w].load(Ordering::Relaxed);
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros();
                    bits &= bits - 1;
                    (w * 64) as u32 + bit
                })
            })
        })
    }

    /// Every index in the set, in order.
    pub fn indices(&self) -> impl Iterator<Item = u32> + '_ {
        self.indices_in(0..self.words.len())
    }

    /// The number of words.
    pub fn word_count(&self) -> usize {
        self.words.len()
    }
}
