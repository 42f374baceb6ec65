//! Memory for the big hash tables. Their probes land on random pages, so
//! with 4 KiB pages nearly every probe also misses the TLB; on Linux the
//! kernel is asked to back them with 2 MiB pages instead (a hint: where it
//! declines, nothing changes but the speed).

/// A vector of `len` values made by `make`, its memory advised for huge
/// pages before it is first written.
pub fn table_vec_with<T>(len: usize, make: impl FnMut() -> T) -> Vec<T> {
    let mut table: Vec<T> = Vec::with_capacity(len);
    advise_huge_pages(table.as_mut_ptr().cast(), len * std::mem::size_of::<T>());
    table.resize_with(len, make);
    table
}

/// Starts loading `table[index]` into the cache, so that a later read
/// does not wait for memory (natively on x86-64; wasm has no prefetch
/// instruction, so there it does nothing).
#[inline(always)]
pub fn prefetch<T>(table: &[T], index: usize) {
    debug_assert!(index < table.len());
    #[cfg(target_arch = "x86_64")]
    // SAFETY: callers pass an index inside the table (checked in debug
    // builds), so the pointer is inside it; prefetching never faults anyway.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(table.as_ptr().add(index).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (table, index);
}

#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    const HUGE_PAGE: usize = 2 << 20;
    let begin = (start as usize).next_multiple_of(HUGE_PAGE);
    let end = (start as usize + bytes) / HUGE_PAGE * HUGE_PAGE;
    if end > begin {
        // SAFETY: the range lies inside the vector's allocation, and
        // MADV_HUGEPAGE only changes how the kernel backs the memory, never
        // its contents; a failure is harmless and ignored.
        unsafe {
            libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_hold_the_value_everywhere() {
        for len in [0, 1, 1000, 1 << 20] {
            let table = table_vec_with(len, || 7u32);
            assert_eq!(table.len(), len);
            assert!(table.iter().all(|&v| v == 7));
        }
    }
}
