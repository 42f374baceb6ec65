//! A core's state as a Yew reducer. The states (a game session, an online
//! game) are the core crate's and the `Reducible` trait is Yew's, so the
//! pages hold them in this wrapper of their own, which reads as the state
//! itself.

use std::ops::Deref;

/// `T`, held by a `use_reducer` (`UseReducerHandle<Reduced<T>>` reads as
/// a `T`).
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Reduced<T>(pub T);

impl<T> Deref for Reduced<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}
