//! What one searcher keeps between searches, its helpers' included: its part of a game's
//! [`Workspace`](crate::search::Workspace).

use std::sync::{Arc, Mutex, MutexGuard};

/// What a searcher keeps for the next search: its `T` (boxed, as it is large) and the helper
/// threads' own.
pub struct Kept<T> {
    own: Option<Box<T>>,
    helpers: Vec<Arc<Mutex<Kept<T>>>>,
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept {
            own: None,
            helpers: Vec::new(),
        }
    }
}

impl<T> Kept<T> {
    /// Takes the kept value out, if any; hand it back with [`Kept::keep`].
    pub(crate) fn take(&mut self) -> Option<Box<T>> {
        self.own.take()
    }

    /// Keeps `value` for the next search.
    pub(crate) fn keep(&mut self, value: Box<T>) {
        self.own = Some(value);
    }

    /// Whether a value is kept.
    #[cfg(test)]
    pub(crate) fn holds(&self) -> bool {
        self.own.is_some()
    }

    /// What helper thread `number` (from 1) keeps, made when first asked for.
    pub(crate) fn helper(&mut self, number: usize) -> Arc<Mutex<Kept<T>>> {
        let index = number.max(1) - 1;
        while self.helpers.len() <= index {
            self.helpers.push(Arc::default());
        }
        Arc::clone(&self.helpers[index])
    }
}

/// Locks `shared`, what a helper keeps or a game's whole workspace. What a panicking search
/// left half-written (the mutex is poisoned) is emptied first, so the next search starts
/// afresh.
pub(crate) fn lock_or_empty<W: Default>(shared: &Mutex<W>) -> MutexGuard<'_, W> {
    match shared.lock() {
        Ok(guard) => guard,
        Err(poisoned) => {
            shared.clear_poison();
            let mut guard = poisoned.into_inner();
            *guard = W::default();
            guard
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_handed_back_is_the_next_one_taken() {
        let mut kept = Kept::<Vec<u8>>::default();
        assert!(kept.take().is_none());
        let value = Box::new(Vec::with_capacity(64));
        let address = value.as_ptr();
        kept.keep(value);
        let again = kept.take().expect("the value kept");
        assert_eq!(again.as_ptr(), address);
        assert!(kept.take().is_none());
    }

    #[test]
    fn what_a_panic_poisoned_is_emptied() {
        let shared = Arc::new(Mutex::new(Kept::<u8>::default()));
        lock_or_empty(&shared).keep(Box::new(1));
        let held = Arc::clone(&shared);
        let panicked = std::thread::spawn(move || {
            let _guard = lock_or_empty(&held);
            panic!("a search fails");
        })
        .join();
        assert!(panicked.is_err());
        assert!(!lock_or_empty(&shared).holds());
        assert!(!shared.is_poisoned());
    }

    #[test]
    fn each_helper_keeps_its_own() {
        let mut kept = Kept::<u8>::default();
        let one = kept.helper(1);
        let two = kept.helper(2);
        assert!(!Arc::ptr_eq(&one, &two));
        assert!(Arc::ptr_eq(&one, &kept.helper(1)));
    }
}
