//! The transposition table: search results keyed by Zobrist hash, shared across iterations,
//! searches and threads. The best move is its index in the deterministic generated move list
//! (readers check the range: a collision can hand them another position's entry).

use std::sync::atomic::{self, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use super::bound::Bound;
use super::memory;
use super::value::{from_table, to_table};

/// What the table knows about a position, with mate values already relative to the probing
/// node's ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtEntry {
    /// Depth (plies) the result was searched to.
    pub depth: u32,
    /// How [`TtEntry::score`] relates to the true value.
    pub bound: Bound,
    /// The value found, from the side to move's point of view.
    pub score: i32,
    /// The best move's index in the generated move list, if one was found.
    pub move_index: Option<u16>,
}

/// Marks an empty slot in `Slot::meta` (bounds are stored as 1..=3).
const EMPTY: u8 = 0;
const SLOTS_PER_CLUSTER: usize = 4;
/// Generations live in the upper six bits of `Slot::meta`.
const GENERATION_MASK: u8 = 0x3f;
const NO_MOVE: u16 = u16::MAX;
/// How many slots `hashfull` looks at.
const HASHFULL_SAMPLE: usize = 1000;

/// A slot as read or about to be written: the key and the packed data, unpacked on demand.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// Score (bits 0..16), move index (16..32), depth (32..40), meta (40..48).
    data: u64,
}

/// A slot as stored, read and written without locks: the key is XORed with the data, so a
/// slot torn by two writers reads as another position's, never as wrong data for this one.
#[derive(Debug, Default)]
struct AtomicSlot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The slots a position may take, aligned to one cache line so a probe reads one line.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Cluster([AtomicSlot; SLOTS_PER_CLUSTER]);

impl std::ops::Deref for Cluster {
    type Target = [AtomicSlot; SLOTS_PER_CLUSTER];

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl Slot {
    fn new(key: u64, score: i16, move_index: u16, depth: u8, meta: u8) -> Self {
        Slot {
            key,
            data: u64::from(score as u16)
                | u64::from(move_index) << 16
                | u64::from(depth) << 32
                | u64::from(meta) << 40,
        }
    }

    fn score(&self) -> i16 {
        self.data as u16 as i16
    }

    fn move_index(&self) -> u16 {
        (self.data >> 16) as u16
    }

    fn depth(&self) -> u8 {
        (self.data >> 32) as u8
    }

    /// Bound in the low two bits (0 = empty), generation in the upper six.
    fn meta(&self) -> u8 {
        (self.data >> 40) as u8
    }

    fn is_empty(&self) -> bool {
        self.meta() & 3 == EMPTY
    }

    /// True when the slot holds the position `hash`.
    fn holds(&self, hash: u64) -> bool {
        self.key == hash && !self.is_empty()
    }

    fn generation(&self) -> u8 {
        self.meta() >> 2
    }

    fn bound(&self) -> Bound {
        match self.meta() & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        }
    }

    /// How much the slot is worth keeping: deep results from the current search most.
    fn worth(&self, generation: u8) -> i32 {
        let age = i32::from(generation.wrapping_sub(self.generation()) & GENERATION_MASK);
        i32::from(self.depth()) - 8 * age
    }
}

impl AtomicSlot {
    /// The slot's content; a torn slot reads with a key no probe asks for.
    #[inline]
    fn read(&self) -> Slot {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        Slot {
            key: check ^ data,
            data,
        }
    }

    #[inline]
    fn write(&self, slot: &Slot) {
        self.check.store(slot.key ^ slot.data, Ordering::Relaxed);
        self.data.store(slot.data, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.check.store(0, Ordering::Relaxed);
        self.data.store(0, Ordering::Relaxed);
    }
}

fn encode_bound(bound: Bound) -> u8 {
    match bound {
        Bound::Upper => 1,
        Bound::Lower => 2,
        Bound::Exact => 3,
    }
}

/// How often [`TranspositionTable::wait_until_unshared`] checks.
const UNSHARED_POLL: Duration = Duration::from_micros(100);

/// A hash table of search results keyed by Zobrist hash, sized in megabytes; handles made by
/// [`TranspositionTable::share`] use the same slots without locks.
#[derive(Debug)]
pub struct TranspositionTable {
    clusters: Arc<Vec<Cluster>>,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one cluster), halved until memory is had.
    pub fn new(megabytes: usize) -> Self {
        TranspositionTable {
            clusters: allocate(megabytes),
            generation: 0,
        }
    }

    /// Another handle on the same slots and generation.
    pub fn share(&self) -> TranspositionTable {
        TranspositionTable {
            clusters: Arc::clone(&self.clusters),
            generation: self.generation,
        }
    }

    /// How many results the table can hold.
    pub fn capacity(&self) -> usize {
        self.clusters.len() * SLOTS_PER_CLUSTER
    }

    /// Waits up to `patience` until this is the only handle (a finishing helper could store
    /// past a [`TranspositionTable::clear`]); false when `patience` ran out.
    pub fn wait_until_unshared(&self, patience: Duration) -> bool {
        let deadline = Instant::now() + patience;
        while Arc::strong_count(&self.clusters) > 1 {
            if Instant::now() >= deadline {
                return false;
            }
            thread::sleep(UNSHARED_POLL);
        }
        // Pairs with the release in the last other handle's drop: its stores are visible.
        atomic::fence(Ordering::Acquire);
        true
    }

    /// Forgets every entry (for every handle).
    pub fn clear(&mut self) {
        self.slots().for_each(AtomicSlot::clear);
        self.generation = 0;
    }

    /// Starts a new search: older entries are replaced first and not counted as full.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GENERATION_MASK;
    }

    /// Permille of the first thousand slots holding current results.
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots().take(HASHFULL_SAMPLE);
        let (mut seen, mut used) = (0u32, 0u32);
        for slot in sample.map(AtomicSlot::read) {
            seen += 1;
            if !slot.is_empty() && slot.generation() == self.generation {
                used += 1;
            }
        }
        (used * 1000).checked_div(seen).unwrap_or(0)
    }

    /// What is stored for the position `hash`, met `ply` plies from the search root.
    #[inline]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<TtEntry> {
        let slot = self
            .cluster(hash)
            .iter()
            .map(AtomicSlot::read)
            .find(|s| s.holds(hash))?;
        let move_index = slot.move_index();
        Some(TtEntry {
            depth: u32::from(slot.depth()),
            bound: slot.bound(),
            score: from_table(slot.score(), ply),
            move_index: (move_index != NO_MOVE).then_some(move_index),
        })
    }

    /// Records a result for `hash` met `ply` plies from the root; without a move, keeps the
    /// stored one.
    pub fn store(&self, hash: u64, ply: usize, entry: TtEntry) {
        let generation = self.generation;
        let stored = self.cluster(hash);
        let cluster: [Slot; SLOTS_PER_CLUSTER] = std::array::from_fn(|i| stored[i].read());
        let victim = match cluster.iter().position(|s| s.holds(hash)) {
            Some(same) if keeps_deeper(&cluster[same], &entry, generation) => return,
            Some(same) => same,
            None => replacement(&cluster, generation),
        };
        let slot = &cluster[victim];
        let kept_move = if slot.holds(hash) {
            slot.move_index()
        } else {
            NO_MOVE
        };
        stored[victim].write(&Slot::new(
            hash,
            to_table(entry.score, ply),
            entry.move_index.unwrap_or(kept_move),
            entry.depth.min(u32::from(u8::MAX)) as u8,
            encode_bound(entry.bound) | (generation << 2),
        ));
    }

    /// Starts loading the cluster of `hash` into the cache for a probe soon after. `unsafe`
    /// because a plain load would stall the processor, and a prefetch does not.
    #[inline]
    #[allow(unsafe_code)]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let cluster: *const Cluster = self.cluster(hash);
            // SAFETY: a prefetch is only a hint to the cache; it reads nothing and cannot
            // fault, and the address is that of a live cluster anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(cluster.cast::<i8>()) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Every slot of the table, cluster by cluster.
    fn slots(&self) -> impl Iterator<Item = &AtomicSlot> {
        self.clusters.iter().flat_map(|cluster| cluster.iter())
    }

    #[inline]
    fn cluster(&self, hash: u64) -> &Cluster {
        // Multiply-shift maps the hash onto any table length without a power-of-two size.
        let index = ((u128::from(hash) * self.clusters.len() as u128) >> 64) as usize;
        &self.clusters[index]
    }
}

/// True when `slot`, for the same position, beats `entry`: deeper, current, `entry` a bound.
fn keeps_deeper(slot: &Slot, entry: &TtEntry, generation: u8) -> bool {
    entry.bound != Bound::Exact
        && slot.generation() == generation
        && u32::from(slot.depth()) > entry.depth
}

/// The slot of `cluster` a new position should take: an empty one, else the least valuable.
fn replacement(cluster: &[Slot; SLOTS_PER_CLUSTER], generation: u8) -> usize {
    if let Some(empty) = cluster.iter().position(Slot::is_empty) {
        return empty;
    }
    (0..SLOTS_PER_CLUSTER)
        .min_by_key(|&i| cluster[i].worth(generation))
        .unwrap_or(0)
}

/// Clusters for about `megabytes` MB, halving the request while the allocator refuses it.
fn allocate(megabytes: usize) -> Arc<Vec<Cluster>> {
    let bytes = megabytes.saturating_mul(1024 * 1024);
    let mut count = (bytes / std::mem::size_of::<Cluster>()).max(1);
    loop {
        if let Some(table) = memory::table(count) {
            return Arc::new(table);
        }
        if count == 1 {
            return Arc::new(vec![Cluster::default()]);
        }
        count /= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cluster_fills_one_cache_line() {
        assert_eq!(std::mem::size_of::<Cluster>(), 64);
        for megabytes in [0, 1, 16] {
            let tt = TranspositionTable::new(megabytes);
            let start = tt.clusters.as_ptr() as usize;
            assert_eq!(start % 64, 0, "{megabytes} MB: the clusters start mid-line");
        }
    }

    #[test]
    fn the_table_holds_about_the_megabytes_asked() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.capacity() * std::mem::size_of::<Slot>(), 1024 * 1024);
        assert!(TranspositionTable::new(0).capacity() >= SLOTS_PER_CLUSTER);
    }

    #[test]
    fn the_deepest_current_result_survives_a_full_cluster() {
        let tt = TranspositionTable::new(0); // one cluster: every hash collides
        let entry = |depth| TtEntry {
            depth,
            bound: Bound::Exact,
            score: 0,
            move_index: None,
        };
        for hash in 1..=4 {
            tt.store(hash, 0, entry(hash as u32 + 10));
        }
        tt.store(99, 0, entry(1));
        assert!(tt.probe(1, 0).is_none(), "the shallowest slot was replaced");
        assert!(tt.probe(4, 0).is_some());
        assert!(tt.probe(99, 0).is_some());
    }

    #[test]
    fn results_of_older_searches_are_replaced_first() {
        let mut tt = TranspositionTable::new(0);
        let entry = |depth| TtEntry {
            depth,
            bound: Bound::Lower,
            score: 5,
            move_index: Some(2),
        };
        // Each search of age costs a slot as much as eight plies of depth.
        tt.store(1, 0, entry(12));
        tt.new_search();
        for hash in 2..=4 {
            tt.store(hash, 0, entry(5));
        }
        tt.store(5, 0, entry(5));
        assert!(tt.probe(1, 0).is_none());
    }

    #[test]
    fn storing_without_a_move_keeps_the_known_move() {
        let tt = TranspositionTable::new(1);
        let mut entry = TtEntry {
            depth: 3,
            bound: Bound::Lower,
            score: 40,
            move_index: Some(7),
        };
        tt.store(42, 0, entry);
        entry.move_index = None;
        entry.bound = Bound::Upper;
        tt.store(42, 0, entry);
        let found = tt.probe(42, 0);
        assert_eq!(found.map(|e| e.move_index), Some(Some(7)));
        assert_eq!(found.map(|e| e.bound), Some(Bound::Upper));
    }

    fn result(depth: u32, bound: Bound, score: i32) -> TtEntry {
        TtEntry {
            depth,
            bound,
            score,
            move_index: Some(depth as u16),
        }
    }

    #[test]
    fn a_shallower_bound_does_not_replace_a_deeper_result_of_the_same_search() {
        let tt = TranspositionTable::new(1);
        tt.store(42, 0, result(8, Bound::Lower, 30));
        tt.store(42, 0, result(3, Bound::Upper, -10));
        assert_eq!(tt.probe(42, 0), Some(result(8, Bound::Lower, 30)));
    }

    #[test]
    fn an_exact_result_replaces_a_deeper_bound() {
        let tt = TranspositionTable::new(1);
        tt.store(42, 0, result(8, Bound::Lower, 30));
        tt.store(42, 0, result(3, Bound::Exact, 12));
        assert_eq!(tt.probe(42, 0), Some(result(3, Bound::Exact, 12)));
    }

    #[test]
    fn a_newer_search_replaces_a_deeper_result_of_an_older_one() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 0, result(8, Bound::Lower, 30));
        tt.new_search();
        tt.store(42, 0, result(3, Bound::Upper, -10));
        assert_eq!(tt.probe(42, 0), Some(result(3, Bound::Upper, -10)));
    }

    #[test]
    fn a_shared_handle_finds_what_another_stored_in_the_same_search() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        let helper = tt.share();
        helper.store(42, 0, result(6, Bound::Exact, 17));
        assert_eq!(tt.probe(42, 0), Some(result(6, Bound::Exact, 17)));
        assert_eq!(tt.hashfull(), helper.hashfull());
        tt.clear();
        assert_eq!(
            helper.probe(42, 0),
            None,
            "clearing empties every handle's table"
        );
    }

    #[test]
    fn a_clear_after_the_helpers_let_go_keeps_none_of_their_late_results() {
        let mut tt = TranspositionTable::new(1);
        let helper = tt.share();
        // A helper that stores a result after its search was stopped, then lets go.
        let late = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            helper.store(42, 0, result(6, Bound::Exact, 17));
        });
        assert!(tt.wait_until_unshared(Duration::from_secs(10)));
        tt.clear();
        late.join().expect("the helper thread");
        assert_eq!(tt.probe(42, 0), None);
    }

    #[test]
    fn waiting_for_a_handle_that_is_never_let_go_gives_up_after_the_patience() {
        let tt = TranspositionTable::new(1);
        let _held = tt.share();
        let started = Instant::now();
        assert!(!tt.wait_until_unshared(Duration::from_millis(20)));
        assert!(started.elapsed() >= Duration::from_millis(20));
    }

    #[test]
    fn a_prefetch_changes_nothing_a_probe_finds() {
        let table = TranspositionTable::new(1);
        table.store(7, 0, result(5, Bound::Exact, 12));
        for hash in [0, 7, 8, u64::MAX] {
            table.prefetch(hash);
        }
        assert_eq!(table.probe(7, 0), Some(result(5, Bound::Exact, 12)));
        assert_eq!(table.probe(8, 0), None);
    }

    #[test]
    fn a_slot_torn_between_two_writes_reads_as_another_position() {
        let tt = TranspositionTable::new(1);
        tt.store(42, 0, result(6, Bound::Exact, 17));
        tt.store(43, 0, result(2, Bound::Lower, -5));
        // A slot whose data word comes from another write than its check word.
        let slots = &tt.clusters[0];
        let (a, b) = (tt.cluster(42), tt.cluster(43));
        assert!(
            std::ptr::eq(a, b) && std::ptr::eq(a, slots),
            "one cluster here"
        );
        let other = slots[1].data.load(Ordering::Relaxed);
        slots[0].data.store(other, Ordering::Relaxed);
        assert_eq!(tt.probe(42, 0), None);
        assert_eq!(tt.probe(43, 0), Some(result(2, Bound::Lower, -5)));
    }

    #[test]
    fn a_deeper_or_equal_bound_replaces_the_stored_one() {
        let tt = TranspositionTable::new(1);
        tt.store(42, 0, result(5, Bound::Lower, 30));
        tt.store(42, 0, result(5, Bound::Upper, -10));
        assert_eq!(tt.probe(42, 0), Some(result(5, Bound::Upper, -10)));
        tt.store(42, 0, result(6, Bound::Lower, 7));
        assert_eq!(tt.probe(42, 0), Some(result(6, Bound::Lower, 7)));
    }
}
