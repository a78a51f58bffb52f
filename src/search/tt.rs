//! The transposition table (placeholder until the searcher lands).

/// A hash table of search results keyed by Zobrist hash, sized in megabytes.
#[derive(Debug)]
pub struct TranspositionTable {
    megabytes: usize,
}

impl TranspositionTable {
    /// A table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Self {
        TranspositionTable { megabytes }
    }

    /// The size asked for, in MB.
    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {}

    /// Fill in permille.
    pub fn hashfull(&self) -> u32 {
        0
    }
}
