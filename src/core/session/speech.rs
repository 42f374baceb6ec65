//! What a live region has said lately, as separate messages in order.
//!
//! A region whose one text is replaced loses a message that comes soon
//! after another: the computer's reply, 10 ms after the player's move,
//! replaced the player's announcement before a screen reader read it. Each
//! message is instead added as an element of its own (an addition, which a
//! screen reader queues and reads in turn); the last few stay, so the region
//! does not grow without end, and a repeated message is a new element, so it
//! is read again.

/// How many recent messages the region keeps: enough that a message is
/// never removed before it is read (a move and its reply come in pairs).
pub const KEPT: usize = 6;

/// The recent messages of a live region, oldest first, each with its
/// number (the numbers only grow, so a message keeps its element).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spoken {
    next: u32,
    said: Vec<(u32, String)>,
}

/// What the region is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Speech {
    /// Say this after what was said before.
    Say(String),
    /// Forget what was said (a new page: the last page's news is not this
    /// page's).
    Clear,
}

impl Spoken {
    /// The region after `speech`.
    pub fn after(&self, speech: Speech) -> Spoken {
        let mut next = self.clone();
        match speech {
            Speech::Say(text) if text.trim().is_empty() => {}
            Speech::Say(text) => {
                next.said.push((next.next, text));
                next.next = next.next.wrapping_add(1);
                let over = next.said.len().saturating_sub(KEPT);
                next.said.drain(..over);
            }
            Speech::Clear => next.said.clear(),
        }
        next
    }

    /// The messages kept, oldest first, with their numbers.
    pub fn messages(&self) -> &[(u32, String)] {
        &self.said
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn say(spoken: &Spoken, text: &str) -> Spoken {
        spoken.after(Speech::Say(text.into()))
    }

    fn texts(spoken: &Spoken) -> Vec<&str> {
        spoken.messages().iter().map(|(_, t)| t.as_str()).collect()
    }

    #[test]
    fn a_reply_right_after_a_move_is_said_after_it_not_instead() {
        let spoken = say(&say(&Spoken::default(), "Black f5, flips e5."), "White f6.");
        assert_eq!(texts(&spoken), ["Black f5, flips e5.", "White f6."]);
    }

    #[test]
    fn a_repeat_is_a_new_message() {
        let once = say(&Spoken::default(), "Black 2, White 2.");
        let twice = say(&once, "Black 2, White 2.");
        let numbers: Vec<u32> = twice.messages().iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers, [0, 1]);
    }

    #[test]
    fn only_the_last_few_are_kept_and_numbers_keep_growing() {
        let mut spoken = Spoken::default();
        for i in 0..20 {
            spoken = say(&spoken, &format!("move {i}"));
        }
        assert_eq!(spoken.messages().len(), KEPT);
        assert_eq!(spoken.messages()[KEPT - 1], (19, "move 19".to_string()));
        let cleared = spoken.after(Speech::Clear);
        assert!(cleared.messages().is_empty());
        assert_eq!(say(&cleared, "again").messages()[0].0, 20);
    }

    #[test]
    fn silence_is_not_a_message() {
        assert!(say(&Spoken::default(), " ").messages().is_empty());
    }
}
