//! Memory for the large tables: one allocation, marked for huge pages
//! (`madvise(MADV_HUGEPAGE)`) before its first touch, since random probes over many megabytes
//! miss the address translation cache with small pages.

/// `count` default values in one allocation (touched here, not during searches), or `None`
/// when the memory cannot be had.
pub(crate) fn table<T: Default>(count: usize) -> Option<Vec<T>> {
    let mut table: Vec<T> = Vec::new();
    table.try_reserve_exact(count).ok()?;
    advise_huge_pages(&table);
    table.extend(std::iter::repeat_with(T::default).take(count));
    Some(table)
}

/// Asks the kernel to back the whole pages of untouched `table` with huge pages.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages<T>(table: &Vec<T>) {
    // SAFETY: `sysconf` only reads a system setting.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    // A failed `sysconf` is -1: no page size, no advice.
    let Some(page) = usize::try_from(page).ok().filter(|&page| page > 0) else {
        return;
    };
    let start = table.as_ptr() as usize;
    let end = start + table.capacity() * std::mem::size_of::<T>();
    let first_page = start.next_multiple_of(page);
    let last_page = end / page * page;
    if last_page > first_page {
        // SAFETY: the range lies within the table's allocation and the advice never changes
        // the contents; a refusal is harmless.
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
