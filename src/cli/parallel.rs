//! Running independent jobs (games, positions to label) on a few threads.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Runs `job(state, i)` for every `i` in `0..count` on `threads` threads,
/// each with its own `state` from `init` (a search with its tables), and
/// returns the results in the order of `i`. Jobs are handed out one at a
/// time, so slow ones do not hold up a thread's share. With `progress`,
/// a count of finished jobs goes to stderr now and then.
pub fn map_in_parallel<S, T, I, J>(
    count: usize,
    threads: usize,
    init: I,
    job: J,
    progress: Option<&str>,
) -> Vec<T>
where
    T: Send,
    I: Fn() -> S + Sync,
    J: Fn(&mut S, usize) -> T + Sync,
{
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(count));
    let step = (count / 100).max(1);
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, count.max(1)) {
            scope.spawn(|| {
                let mut state = init();
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    mine.push((i, job(&mut state, i)));
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if let Some(what) = progress.filter(|_| finished % step == 0) {
                        eprintln!(
                            "{what}: {finished} of {count} in {:.0} s",
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
                results.lock().expect("no panic").extend(mine);
            });
        }
    });
    let mut results = results.into_inner().expect("no panic");
    results.sort_unstable_by_key(|&(i, _)| i);
    results.into_iter().map(|(_, t)| t).collect()
}

/// The `--progress` switch, or stderr being a terminal: whether long
/// commands report their progress.
pub fn wants_progress(switch: bool) -> bool {
    switch || std::io::stderr().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_order_with_per_thread_state() {
        let squares = map_in_parallel(
            50,
            3,
            || 0usize,
            |calls, i| {
                *calls += 1;
                (i * i, *calls)
            },
            None,
        );
        assert_eq!(squares.len(), 50);
        assert!(squares.iter().enumerate().all(|(i, &(s, _))| s == i * i));
        assert!(squares.iter().all(|&(_, calls)| calls >= 1));
    }
}
