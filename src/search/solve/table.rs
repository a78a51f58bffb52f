//! The solver's table: proven bounds, wins and losses counted from the stored position, in
//! pairs of slots (most work, latest). Shared without locks: the key is XORed with the data,
//! so a torn slot reads as another position's; a lost entry costs work, never a wrong value.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

use crate::search::bound::Bound;
use crate::search::memory;

/// What the table knows about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Entry {
    /// The value, wins and losses counted from the stored position.
    pub(super) value: i32,
    /// How it relates to the true value.
    pub(super) bound: Bound,
    /// The best move's index in the generated move list of the position that stored it.
    pub(super) best: Option<u16>,
    /// The storing position's image ([`crate::games::SymmetricKey`]): only it may use `best`.
    pub(super) image: u8,
}

impl Entry {
    /// The best move, for the position of image `image` of the entry's key.
    pub(super) fn best_for(&self, image: u8) -> Option<u16> {
        self.best
            .filter(|_| image == self.image && image != UNKNOWN_IMAGE)
    }
}

const NO_MOVE: u16 = u16::MAX;
/// The image of an entry whose image number does not fit its six bits: its move is not used.
const UNKNOWN_IMAGE: u8 = 63;
const SLOT_BYTES: usize = 16;

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// Value (bits 0..32), best move (32..48), work (48..56), bound (56..58; 0 = empty),
    /// image (58..64; [`UNKNOWN_IMAGE`] for images beyond).
    data: u64,
}

impl Slot {
    fn bound(&self) -> Option<Bound> {
        match (self.data >> 56) & 3 {
            1 => Some(Bound::Upper),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Exact),
            _ => None,
        }
    }

    fn holds(&self, key: u64) -> bool {
        self.key == key && self.bound().is_some()
    }

    fn work(&self) -> u8 {
        (self.data >> 48) as u8
    }
}

/// A slot as the table keeps it: the key XORed with the data, and the data.
#[derive(Debug, Default)]
struct SharedSlot([AtomicU64; 2]);

impl SharedSlot {
    fn load(&self) -> Slot {
        let data = self.0[1].load(Ordering::Relaxed);
        Slot {
            key: self.0[0].load(Ordering::Relaxed) ^ data,
            data,
        }
    }

    fn store(&self, slot: Slot) {
        self.0[0].store(slot.key ^ slot.data, Ordering::Relaxed);
        self.0[1].store(slot.data, Ordering::Relaxed);
    }
}

/// The two slots a position may take, aligned to lie on one cache line.
#[derive(Debug, Default)]
#[repr(align(32))]
struct Pair([SharedSlot; 2]);

/// The solver's table, of a size fixed when it is made, shared by the threads of a solve.
#[derive(Debug)]
pub(super) struct Table {
    pairs: Vec<Pair>,
    /// Slots in use (a count that threads replacing at once may leave a little off).
    used: AtomicI64,
}

impl Table {
    /// A table of about `mb` megabytes (at least one pair); `None` without the memory.
    pub(super) fn new(mb: usize) -> Option<Self> {
        let count = (mb.saturating_mul(1 << 20) / SLOT_BYTES / 2).max(1);
        let pairs: Vec<Pair> = memory::table(count)?;
        Some(Table {
            pairs,
            used: AtomicI64::new(0),
        })
    }

    /// The table's size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.pairs.len() * 2 * SLOT_BYTES
    }

    fn pair(&self, key: u64) -> &Pair {
        let pairs = self.pairs.len() as u128;
        &self.pairs[((u128::from(key) * pairs) >> 64) as usize]
    }

    /// What the table holds for the position `key`.
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        Self::entry(self.load_pair(key), key)
    }

    /// [`Table::probe`] of `key` and `other`, loaded together so the cache misses overlap.
    pub(super) fn probe_both(&self, key: u64, other: u64) -> (Option<Entry>, Option<Entry>) {
        let (pair, other_pair) = (self.load_pair(key), self.load_pair(other));
        (Self::entry(pair, key), Self::entry(other_pair, other))
    }

    fn load_pair(&self, key: u64) -> [Slot; 2] {
        let [deep, latest] = &self.pair(key).0;
        [deep.load(), latest.load()]
    }

    fn entry(pair: [Slot; 2], key: u64) -> Option<Entry> {
        let slot = pair.into_iter().find(|slot| slot.holds(key))?;
        let best = (slot.data >> 32) as u16;
        Some(Entry {
            value: slot.data as u32 as i32,
            bound: slot.bound()?,
            best: (best != NO_MOVE).then_some(best),
            image: (slot.data >> 58) as u8,
        })
    }

    /// Keeps `entry` for the position `key`, proven with `nodes` nodes of work.
    pub(super) fn store(&self, key: u64, entry: Entry, nodes: u64) {
        let work = (64 - nodes.leading_zeros()) as u8;
        let bound = match entry.bound {
            Bound::Upper => 1u64,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        let slot = Slot {
            key,
            data: u64::from(entry.value as u32)
                | u64::from(entry.best.unwrap_or(NO_MOVE)) << 32
                | u64::from(work) << 48
                | bound << 56
                | u64::from(entry.image.min(UNKNOWN_IMAGE)) << 58,
        };
        let [deep_slot, latest_slot] = &self.pair(key).0;
        let (mut deep, mut latest) = (deep_slot.load(), latest_slot.load());
        let before = i64::from(deep.bound().is_some()) + i64::from(latest.bound().is_some());
        if deep.holds(key) {
            deep = slot;
        } else if deep.bound().is_none() || work >= deep.work() {
            // The deep slot's result moves to the latest one, unless it is empty.
            if deep.bound().is_some() {
                latest = deep;
            } else if latest.holds(key) {
                latest = Slot::default();
            }
            deep = slot;
        } else {
            latest = slot;
        }
        deep_slot.store(deep);
        latest_slot.store(latest);
        let after = i64::from(deep.bound().is_some()) + i64::from(latest.bound().is_some());
        self.used.fetch_add(after - before, Ordering::Relaxed);
    }

    /// How full the table is, in parts per thousand (about, while threads write to it).
    pub(super) fn permille(&self) -> u64 {
        let used = self.used.load(Ordering::Relaxed).max(0) as u64;
        let slots = self.pairs.len() as u64 * 2;
        used.min(slots) * 1000 / slots
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(value: i32) -> Entry {
        Entry {
            value,
            bound: Bound::Exact,
            best: Some(3),
            image: 5,
        }
    }

    #[test]
    fn a_stored_entry_is_found_again() {
        let table = Table::new(1).expect("a megabyte");
        table.store(42, entry(-7), 100);
        assert_eq!(table.probe(42), Some(entry(-7)));
        assert_eq!(table.probe(43), None);
    }

    #[test]
    fn two_keys_probed_at_once_find_what_each_probe_finds() {
        let table = Table::new(1).expect("a megabyte");
        table.store(42, entry(-7), 100);
        table.store(9, entry(3), 100);
        assert_eq!(table.probe_both(42, 9), (Some(entry(-7)), Some(entry(3))));
        assert_eq!(table.probe_both(43, 42), (None, Some(entry(-7))));
    }

    #[test]
    fn a_slot_torn_by_two_writers_reads_as_no_entry() {
        let table = Table::new(1).expect("a megabyte");
        table.store(42, entry(-7), 100);
        let deep = &table.pair(42).0[0];
        // Another thread's data word landed beside this key's first word.
        let other = deep.load().data ^ 1;
        deep.0[1].store(other, Ordering::Relaxed);
        assert_eq!(table.probe(42), None);
    }

    /// Eight keys as spread as positions' hashes: a torn slot is caught only because
    /// another key XORed with two data words almost never gives a key in use, which holds
    /// for hashes and not for small numbers such as 0 to 7.
    fn hashed_keys() -> [u64; 8] {
        let mut rng = crate::search::rng::Rng::new(42);
        std::array::from_fn(|_| rng.next_u64())
    }

    #[test]
    fn threads_writing_at_once_only_ever_read_back_what_was_stored_for_a_key() {
        let table = Table::new(0).expect("a pair of slots");
        let keys = hashed_keys();
        std::thread::scope(|scope| {
            for thread in 0..4i32 {
                let (table, keys) = (&table, &keys);
                scope.spawn(move || {
                    for round in 0..20_000i32 {
                        let index = round % 8;
                        let key = keys[index as usize];
                        table.store(key, entry(index * 100 + thread), 1);
                        if let Some(found) = table.probe(key) {
                            assert_eq!(found.value / 100, index, "key {index}");
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn an_image_beyond_six_bits_is_kept_as_unknown() {
        let table = Table::new(1).expect("a megabyte");
        table.store(
            9,
            Entry {
                image: 200,
                ..entry(1)
            },
            1,
        );
        let found = table.probe(9).expect("stored");
        assert_eq!(found.image, UNKNOWN_IMAGE);
        assert_eq!(found.best_for(UNKNOWN_IMAGE), None);
        assert_eq!(table.probe(42), None);
    }

    #[test]
    fn a_best_move_serves_only_the_image_that_stored_it() {
        let table = Table::new(1).expect("a megabyte");
        table.store(7, entry(1), 1);
        let found = table.probe(7).expect("stored");
        assert_eq!(found.best_for(5), Some(3));
        assert_eq!(found.best_for(4), None);
    }

    #[test]
    fn a_pair_of_slots_lies_on_one_cache_line() {
        for mb in [0, 1, 16] {
            let table = Table::new(mb).expect("the memory");
            let start = table.pairs.as_ptr() as usize;
            assert_eq!(start % 32, 0, "{mb} MB: pairs cross cache lines");
            assert_eq!(std::mem::size_of::<Pair>(), 32);
        }
    }

    #[test]
    fn a_one_pair_table_keeps_the_deepest_and_the_latest() {
        let table = Table::new(0).expect("a pair of slots");
        assert_eq!(table.pairs.len(), 1);
        table.store(1, entry(1), 1_000_000);
        table.store(2, entry(2), 10);
        table.store(3, entry(3), 10);
        assert_eq!(table.probe(1), Some(entry(1)));
        assert_eq!(table.probe(2), None);
        assert_eq!(table.probe(3), Some(entry(3)));
        table.store(3, entry(4), 10);
        assert_eq!(table.probe(3), Some(entry(4)));
        assert_eq!(table.permille(), 1000);
        table.store(4, entry(5), u64::MAX);
        assert_eq!(table.probe(4), Some(entry(5)));
        assert_eq!(table.probe(1), Some(entry(1)));
        assert_eq!(table.permille(), 1000);
    }
}
