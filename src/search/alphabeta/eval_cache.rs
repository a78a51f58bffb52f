//! The static evaluations computed lately, by position key: the same leaves come back in
//! every iteration of the deepening and through transpositions, and a game's evaluation
//! may cost far more than a lookup (Cross-Jack's traces both players' races to the goal rows).

use super::tuning::Tuned;
use crate::games::{SearchHints, Status};

/// Entries of the cache: 2^16 of 16 bytes, 1 MiB per searching thread.
const ENTRIES: usize = 1 << 16;

/// One remembered answer of [`SearchHints::status_and_evaluation`].
#[derive(Debug, Clone, Copy)]
struct Entry {
    key: u64,
    status: Status,
    evaluation: i32,
}

/// A direct-mapped cache of [`SearchHints::status_and_evaluation`], keyed by
/// [`crate::games::Game::hash`]. The evaluation is a function of the position, which the
/// key names as surely as it does for the transposition table, so the cache never changes
/// a search's result, only its speed; nothing in it goes stale.
#[derive(Debug)]
pub(crate) struct EvalCache {
    entries: Vec<Option<Entry>>,
}

impl EvalCache {
    /// An empty cache, allocated in full.
    pub(crate) fn new() -> Self {
        EvalCache {
            entries: vec![None; ENTRIES],
        }
    }

    /// `position.status_and_evaluation()`, from the cache when it is there, where the game's
    /// tuning caches evaluations ([`crate::games::AlphaBetaTuning::cache_evaluations`]).
    #[inline]
    pub(crate) fn status_and_evaluation<G: SearchHints>(&mut self, position: &G) -> (Status, i32) {
        if !G::TUNING.cache_evaluations {
            return position.status_and_evaluation();
        }
        let key = position.hash();
        let slot = &mut self.entries[key as usize & (ENTRIES - 1)];
        if let Some(entry) = slot.filter(|entry| entry.key == key) {
            return (entry.status, entry.evaluation);
        }
        let (status, evaluation) = position.status_and_evaluation();
        *slot = Some(Entry {
            key,
            status,
            evaluation,
        });
        (status, evaluation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::crossjack::CrossJack;
    use crate::games::{BoardSize, Game};

    #[test]
    fn the_cache_answers_what_the_game_answers() {
        let mut cache = EvalCache::new();
        // A game that caches its evaluations (Crossings does not).
        let mut position = CrossJack::start(BoardSize::square(8)).expect("the default size");
        for _ in 0..2 {
            for _ in 0..20 {
                assert_eq!(
                    cache.status_and_evaluation(&position),
                    position.status_and_evaluation()
                );
                let mut moves = crate::games::MoveList::new();
                position.generate_moves(&mut moves);
                let Some(&mv) = moves.get(moves.len() / 2) else {
                    break;
                };
                position.play(mv);
            }
            position = CrossJack::start(BoardSize::square(8)).expect("the default size");
        }
    }

    #[test]
    fn an_entry_takes_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Option<Entry>>(), 16);
    }
}
