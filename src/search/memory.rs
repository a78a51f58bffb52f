//! Memory for the large tables (the transposition table, the solver's table): one
//! allocation, backed by huge pages where the kernel gives them on request.
//!
//! A table probed at random across many megabytes misses the processor's address
//! translation cache on nearly every probe with the ordinary small pages; huge pages cover
//! it with far fewer entries. Linux gives them to memory marked with
//! `madvise(MADV_HUGEPAGE)` before it is first touched (its default setting, `madvise`), so
//! the table is marked between its allocation and its filling.

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
/// huge pages; a kernel that declines leaves them as they were, and so does a system whose
/// page size cannot be read.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages<T>(table: &Vec<T>) {
    // SAFETY: `sysconf` only reads a system setting.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    // A failed `sysconf` is -1; the advice needs page-aligned bounds, so without a page size
    // there is none.
    let Some(page) = usize::try_from(page).ok().filter(|&page| page > 0) else {
        return;
    };
    let start = table.as_ptr() as usize;
    let end = start + table.capacity() * std::mem::size_of::<T>();
    let first_page = start.next_multiple_of(page);
    let last_page = end / page * page;
    if last_page > first_page {
        // SAFETY: the range lies within the table's own allocation, and the advice changes
        // only how the kernel backs those pages, never their contents; a refusal is
        // harmless, so the result is not looked at.
        unsafe {
            libc::madvise(
                first_page as *mut libc::c_void,
                last_page - first_page,
                libc::MADV_HUGEPAGE,
            )
        };
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
