//! The transposition table, indexed by the low bits of the position's key.
//! Plain: one entry a slot, replaced when the new result was searched at
//! least as deep or the old one is an earlier search's (a deep result of a
//! position the game has left would otherwise hold its slot for the rest of
//! the game). Bucketed: two entries a slot, the first kept for the
//! deeper result of this search, the second always replaced, and entries
//! of earlier searches replaced first.

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
    slots: Vec<Option<(Entry<M>, u8)>>,
    /// Two entries a slot (see the module's comment).
    buckets: bool,
    /// The current search's number, to age out older entries.
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots (none when `bits` is 0).
    pub fn new(bits: u32) -> Table<M> {
        let size = if bits == 0 { 0 } else { 1usize << bits.min(30) };
        Table {
            slots: vec![None; size],
            buckets: false,
            generation: 0,
        }
    }

    /// Starts a search with `buckets` on or off (a change empties the table).
    pub fn new_search(&mut self, buckets: bool) {
        if buckets != self.buckets {
            self.clear();
            self.buckets = buckets;
        }
        self.generation = self.generation.wrapping_add(1);
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
        let index = self.index(key);
        let ways = if self.buckets { 2 } else { 1 };
        self.slots[index..index + ways]
            .iter()
            .flatten()
            .map(|(entry, _)| *entry)
            .find(|entry| entry.key == key)
    }

    /// Stores `entry`. Plain: unless its slot holds a deeper result of
    /// another position from this search. Bucketed: in the first entry if
    /// that is free, of this position, of an earlier search or shallower;
    /// else in the second.
    pub fn store(&mut self, entry: Entry<M>) {
        if self.slots.is_empty() {
            return;
        }
        let index = self.index(entry.key);
        let generation = self.generation;
        // The (first) entry holds a deeper result of another position from this search.
        let first_taken = self.slots[index].is_some_and(|(old, age)| {
            old.key != entry.key && age == generation && old.depth > entry.depth
        });
        if !self.buckets {
            if !first_taken {
                self.slots[index] = Some((entry, generation));
            }
            return;
        }
        let at = if first_taken { index + 1 } else { index };
        if !first_taken && self.slots[index + 1].is_some_and(|(old, _)| old.key == entry.key) {
            // The position moves to the deep entry: no stale copy is left behind.
            self.slots[index + 1] = None;
        }
        self.slots[at] = Some((entry, generation));
    }

    fn index(&self, key: u64) -> usize {
        let index = (key as usize) & (self.slots.len() - 1);
        if self.buckets {
            index & !1
        } else {
            index
        }
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
    fn a_slot_answers_only_for_its_own_key_and_keeps_this_searchs_deeper_result() {
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
        // In the next search an earlier search's deeper result gives way.
        table.store(entry(19, 6));
        table.new_search(false);
        assert_eq!(table.probe(19).map(|e| e.depth), Some(6));
        table.store(entry(3, 2));
        assert_eq!(table.probe(3).map(|e| e.depth), Some(2));
        assert!(table.probe(19).is_none());
        table.clear();
        assert!(table.probe(19).is_none());
    }

    #[test]
    fn a_bucket_keeps_this_searchs_deep_entry_beside_the_newest_and_ages_out_older_ones() {
        let mut table = Table::new(4);
        table.new_search(true);
        // 3, 19 and 35 all share the bucket of slots 2 and 3.
        table.store(entry(3, 6));
        table.store(entry(19, 2));
        assert_eq!(table.probe(3).map(|e| e.depth), Some(6));
        assert_eq!(table.probe(19).map(|e| e.depth), Some(2));
        // A third position replaces the always-replaced entry, not the deep one.
        table.store(entry(35, 1));
        assert_eq!(table.probe(3).map(|e| e.depth), Some(6));
        assert!(table.probe(19).is_none());
        assert_eq!(table.probe(35).map(|e| e.depth), Some(1));
        // A deeper result takes the first entry.
        table.store(entry(19, 7));
        assert_eq!(table.probe(19).map(|e| e.depth), Some(7));
        assert!(table.probe(3).is_none());
        // In the next search, the old deep entry gives way to any new result.
        table.new_search(true);
        table.store(entry(51, 1));
        assert_eq!(table.probe(51).map(|e| e.depth), Some(1));
        assert!(table.probe(19).is_none());
        assert_eq!(table.probe(35).map(|e| e.depth), Some(1));
        // The same position moving to the deep entry leaves no copy behind.
        table.store(entry(35, 2));
        table.store(entry(35, 9));
        assert_eq!(table.probe(35).map(|e| e.depth), Some(9));
        assert_eq!(
            table
                .slots
                .iter()
                .flatten()
                .filter(|(e, _)| e.key == 35)
                .count(),
            1
        );
    }

    #[test]
    fn a_table_of_no_slots_stores_nothing() {
        let mut table = Table::new(0);
        table.store(entry(3, 5));
        assert!(table.probe(3).is_none());
    }
}
