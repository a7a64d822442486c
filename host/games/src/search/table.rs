//! The transposition table: one entry a slot, indexed by the low bits of the
//! position's key, replaced when the new result was searched at least as deep.

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a cutoff).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    pub key: u64,
    pub depth: u32,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<M>,
}

/// A fixed-size table; with no slots it stores nothing.
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots (none when `bits` is 0).
    pub fn new(bits: u32) -> Table<M> {
        let size = if bits == 0 { 0 } else { 1usize << bits.min(30) };
        Table {
            slots: vec![None; size],
        }
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|slot| *slot = None);
    }

    /// The entry stored for `key`, if its slot holds that position.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        if self.slots.is_empty() {
            return None;
        }
        let slot = self.slots[self.index(key)]?;
        (slot.key == key).then_some(slot)
    }

    /// Stores `entry` unless its slot holds a deeper result of another position.
    pub fn store(&mut self, entry: Entry<M>) {
        if self.slots.is_empty() {
            return;
        }
        let index = self.index(entry.key);
        let keep_old =
            self.slots[index].is_some_and(|old| old.key != entry.key && old.depth > entry.depth);
        if !keep_old {
            self.slots[index] = Some(entry);
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: u32) -> Entry<u8> {
        Entry {
            key,
            depth,
            score: depth as i32,
            bound: Bound::Exact,
            best: Some(1),
        }
    }

    #[test]
    fn a_slot_answers_only_for_its_own_key_and_keeps_the_deeper_of_two_positions() {
        let mut table = Table::new(4);
        table.store(entry(3, 5));
        assert_eq!(table.probe(3).map(|e| e.depth), Some(5));
        // 19 shares slot 3 of 16: a shallower result of another position does not evict.
        assert!(table.probe(19).is_none());
        table.store(entry(19, 2));
        assert_eq!(table.probe(3).map(|e| e.depth), Some(5));
        table.store(entry(19, 6));
        assert_eq!(table.probe(19).map(|e| e.depth), Some(6));
        assert!(table.probe(3).is_none());
        // The same position is always replaced by its newer result.
        table.store(entry(19, 1));
        assert_eq!(table.probe(19).map(|e| e.depth), Some(1));
        table.clear();
        assert!(table.probe(19).is_none());
    }

    #[test]
    fn a_table_of_no_slots_stores_nothing() {
        let mut table = Table::new(0);
        table.store(entry(3, 5));
        assert!(table.probe(3).is_none());
    }
}
