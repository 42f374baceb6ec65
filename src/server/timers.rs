//! One timer per game: when its next flag falls or deadline passes
//! (service time). Setting a game's timer replaces the one it had, and a
//! game with nothing due (over, or gone from memory) has none, so the
//! timers are never more than the games in memory and a wake is never
//! stale.

use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

use tokio::sync::Notify;

/// The games' timers.
#[derive(Default)]
pub struct Timers {
    state: Mutex<State>,
    /// Told when a timer earlier than the first one is set.
    sooner: Notify,
}

#[derive(Default)]
struct State {
    due: HashMap<String, u64>,
    queue: BTreeSet<(u64, String)>,
}

impl Timers {
    /// Game `id` is next due at `due` (service time), or has nothing due.
    pub fn set(&self, id: &str, due: Option<u64>) {
        let mut state = self.state.lock().expect("not poisoned");
        let old = match due {
            Some(due) => state.due.insert(id.to_string(), due),
            None => state.due.remove(id),
        };
        if old == due {
            return;
        }
        if let Some(old) = old {
            state.queue.remove(&(old, id.to_string()));
        }
        if let Some(due) = due {
            let first = state.queue.first().is_none_or(|(first, _)| due < *first);
            state.queue.insert((due, id.to_string()));
            if first {
                self.sooner.notify_one();
            }
        }
    }

    /// When the first timer is due.
    pub fn first(&self) -> Option<u64> {
        let state = self.state.lock().expect("not poisoned");
        state.queue.first().map(|(due, _)| *due)
    }

    /// The games due by `now`, their timers removed.
    pub fn take_due(&self, now: u64) -> Vec<String> {
        let mut state = self.state.lock().expect("not poisoned");
        let mut ids = Vec::new();
        while let Some((due, _)) = state.queue.first() {
            if *due > now {
                break;
            }
            let (_, id) = state.queue.pop_first().expect("looked at");
            state.due.remove(&id);
            ids.push(id);
        }
        ids
    }

    /// The timers set.
    pub fn pending(&self) -> usize {
        self.state.lock().expect("not poisoned").due.len()
    }

    /// Waits until a timer earlier than the first is set.
    pub async fn sooner(&self) {
        self.sooner.notified().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_has_one_timer_at_most() {
        let timers = Timers::default();
        for due in (1..=10_000).rev() {
            timers.set("g1", Some(due));
        }
        timers.set("g2", Some(50));
        assert_eq!(timers.pending(), 2);
        assert_eq!(timers.first(), Some(1));
        timers.set("g1", Some(100));
        assert_eq!(timers.take_due(60), ["g2"]);
        assert_eq!(timers.pending(), 1);
        timers.set("g1", None);
        assert_eq!((timers.pending(), timers.first()), (0, None));
        assert!(timers.take_due(u64::MAX).is_empty());
    }

    #[test]
    fn games_come_due_in_order() {
        let timers = Timers::default();
        timers.set("c", Some(30));
        timers.set("a", Some(10));
        timers.set("b", Some(20));
        timers.set("a", Some(25));
        assert_eq!(timers.take_due(29), ["b", "a"]);
        assert_eq!(timers.take_due(30), ["c"]);
    }
}
