//! Memory for the large tables (the transposition table, the solver's table): one
//! allocation, backed by huge pages where the kernel gives them on request.
//!
//! A table probed at random across many megabytes misses the processor's address
//! translation cache on nearly every probe with 4 KB pages; 2 MB pages cover it with a few
//! hundred entries. Linux gives them to memory marked with `madvise(MADV_HUGEPAGE)` before
//! it is first touched (its default setting, `madvise`), so the table is marked between its
//! allocation and its filling.

/// A table of `count` default values in one allocation, or `None` when the memory cannot be
/// had (nothing is aborted). Every value is written here, so the memory's first touch is
/// not part of the searches that use it.
pub(crate) fn table<T: Default>(count: usize) -> Option<Vec<T>> {
    let mut table: Vec<T> = Vec::new();
    table.try_reserve_exact(count).ok()?;
    advise_huge_pages(&table);
    table.extend(std::iter::repeat_with(T::default).take(count));
    Some(table)
}

/// Asks the kernel to back the whole pages of `table`'s allocation, not yet touched, with
/// huge pages; a kernel that declines leaves them as they were.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages<T>(table: &Vec<T>) {
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    const MADV_HUGEPAGE: i32 = 14;
    const PAGE: usize = 4096;
    let start = table.as_ptr() as usize;
    let end = start + table.capacity() * std::mem::size_of::<T>();
    let first_page = start.next_multiple_of(PAGE);
    let last_page = end / PAGE * PAGE;
    if last_page > first_page {
        // SAFETY: the range lies within the table's own allocation, and the advice changes
        // only how the kernel backs those pages, never their contents; a refusal is
        // harmless, so the result is not looked at.
        unsafe { madvise(first_page as *mut _, last_page - first_page, MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_table: &Vec<T>) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_holds_the_values_asked_for_or_nothing() {
        let values: Vec<u64> = table(1 << 20).expect("8 MB");
        assert_eq!(values.len(), 1 << 20);
        assert!(values.iter().all(|&v| v == 0));
        assert!(table::<u64>(usize::MAX / 4).is_none());
    }
}
