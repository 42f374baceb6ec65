//! Memory freed by the server given back to the system. glibc's allocator
//! keeps the pages of freed memory for later allocations: after a wave of
//! games (a round's rematches, an evening's end) the games leave memory
//! but the process stays at the wave's size. Once a sweep has forgotten
//! games, `malloc_trim` hands the free pages back (docs/online.md,
//! "Operating the server": the soak's figures).

/// Returns the allocator's free pages to the system, where the allocator
/// is glibc's (elsewhere it does nothing).
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists under
    // its lock; it takes no pointer of ours.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn giving_back_after_freeing_keeps_the_heap_usable() {
        let waves: Vec<Vec<u8>> = (0..1000).map(|i| vec![i as u8; 4096]).collect();
        drop(waves);
        super::give_back();
        let again: Vec<Vec<u8>> = (0..10).map(|i| vec![i as u8; 4096]).collect();
        assert!(again
            .iter()
            .enumerate()
            .all(|(i, v)| v.iter().all(|&b| b == i as u8)));
    }
}
