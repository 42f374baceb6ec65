//! The game clock's side of the session: the clock follows the record.
//!
//! Whose clock runs is derived from whose move it is in the record, never
//! from a count of switches: a move switches it (or, when players press
//! their own side, the player's press after the move); going back or
//! forth in the record, a new game or a loaded one set it to the side to
//! move there, stopped; the end of the game stops it. Time passing (a
//! tick) lets a flag fall, warns of low time and keeps the computer to its
//! share of its own time: [`computer_share_ms`] bounds its search (the
//! worker's job carries it) and [`computer_deadline_ms`] makes it play
//! its best move so far if the answer is late.

use super::clock::{Clock, Mode, Press, Switching, TimeControl};
use super::core::{Announcement, GameSession, SessionGame};
use super::turn::Turn;

/// What can be done to the game clock (at the time the action is applied).
#[derive(Clone, PartialEq, Debug)]
pub enum ClockAction<S> {
    /// A time control for the game under way, from its full times, stopped
    /// (`None`: no clock).
    Set(Option<TimeControl>),
    /// Starts (or resumes) the clock.
    Start,
    /// Pauses it.
    Pause,
    /// How the clock passes from side to side.
    Switching(Switching),
    /// After a flag the winner completes the game (seed 004), or not.
    WinnerCompletes(bool),
    /// A player presses their own side of the clock (after moving).
    Press(S),
    /// Time passes: the flag, the low-time warning, the computer's time.
    Tick,
}

impl<S> ClockAction<S> {
    /// The same action with the side of a press given as `side` gives it
    /// (a page names the sides by their index on the clock).
    pub fn with_side<T>(self, side: impl Fn(S) -> T) -> ClockAction<T> {
        match self {
            ClockAction::Set(control) => ClockAction::Set(control),
            ClockAction::Start => ClockAction::Start,
            ClockAction::Pause => ClockAction::Pause,
            ClockAction::Switching(switching) => ClockAction::Switching(switching),
            ClockAction::WinnerCompletes(completes) => ClockAction::WinnerCompletes(completes),
            ClockAction::Press(s) => ClockAction::Press(side(s)),
            ClockAction::Tick => ClockAction::Tick,
        }
    }
}

/// A clock of `control` at its full times, stopped, `side` to move, with
/// the options of the `old` one.
fn with_control(control: TimeControl, old: Option<&Clock>, side: usize) -> Clock {
    let mut clock = Clock::new(control);
    if let Some(old) = old {
        clock.set_winner_completes(old.winner_completes());
        clock.set_switching(old.switching(), old.latest_ms());
    }
    clock.reset(side);
    clock
}

/// Applies to `clock` at `now` what needs nothing of the game: start
/// (when it `can_run`), pause, its options.
fn adjust(clock: &mut Clock, action: ClockAction<usize>, can_run: bool, now: f64) {
    match action {
        ClockAction::Start if can_run => clock.start(now),
        ClockAction::Pause => clock.pause(now),
        ClockAction::Switching(switching) => clock.set_switching(switching, now),
        ClockAction::WinnerCompletes(completes) => clock.set_winner_completes(completes),
        _ => {}
    }
}

/// The index of `side` on the clock (0: the first of
/// [`SessionGame::sides`]).
pub fn clock_index<G: SessionGame>(side: G::Side) -> usize {
    usize::from(G::sides()[1] == side)
}

/// The time the control lets a move use for free: a delay's.
fn free_ms(control: TimeControl) -> f64 {
    match control.mode {
        Mode::Delay => control.extra_ms as f64,
        _ => 0.0,
    }
}

/// The computer's time for a move begun with `left_ms` on its clock: a
/// 25th of it, weighted by the position (`SessionGame::clock_weight`),
/// and most of what the control adds for a move (an increment,
/// Bronstein's give-back, a delay); never more than a third of its time
/// (a delay's free time apart).
pub fn computer_share_ms(control: TimeControl, left_ms: f64, weight: f64) -> f64 {
    let left = left_ms.max(0.0);
    let share = left / 25.0 * weight + 0.8 * control.extra_ms as f64;
    share.min(left / 3.0 + free_ms(control))
}

/// When the computer, having begun its move with `left_ms`, is told to
/// play its best move so far: its search stops by itself at its share;
/// this leaves the answer a quarter more and 250 ms to arrive, but never
/// more than four fifths of its time (a delay's free time apart).
pub fn computer_deadline_ms(control: TimeControl, left_ms: f64, weight: f64) -> f64 {
    let share = computer_share_ms(control, left_ms, weight);
    let last = 0.8 * left_ms.max(0.0) + free_ms(control);
    (share * 1.25 + 250.0).min(last)
}

impl<G: SessionGame> GameSession<G> {
    /// The time of an action that comes without one: the clock's latest
    /// (no time passes for it).
    pub(super) fn clock_time(&self) -> f64 {
        self.clock.as_ref().map_or(0.0, Clock::latest_ms)
    }

    /// The clock's index of the side to move `owed` moves before the
    /// position shown (the side that has not pressed yet, when players
    /// press their own side).
    fn clock_side(&self, owed: usize) -> usize {
        let ply = self.record.cursor().saturating_sub(owed);
        clock_index::<G>(G::side_to_move(&self.record.position_at(ply), ply))
    }

    /// Sets the clock kept before a reload or carried by a link (stopped):
    /// on the side to move, and a game it ended on time ends on time again.
    pub fn restore_clock(&mut self, mut clock: Clock) {
        let owed = clock.owed().min(self.record.cursor());
        let at = clock.latest_ms();
        if clock.to_move() != self.clock_side(owed) {
            clock.turn_to(self.clock_side(0), at);
        }
        let flag = clock.flagged().map(|side| (side, clock.winner_completes()));
        self.clock = Some(clock);
        if let Some((side, completes)) = flag {
            self.time_loss(G::sides()[side], completes);
        }
    }

    /// Applies a clock action at `now`.
    pub(super) fn apply_clock(&mut self, action: ClockAction<G::Side>, now: f64) {
        let can_run = self.record.cursor() == self.record.line().len() && self.outcome().is_none();
        match action {
            ClockAction::Set(control) => {
                let side = self.clock_side(0);
                self.clock = control.map(|c| with_control(c, self.clock.as_ref(), side));
            }
            ClockAction::Press(side) => self.press_clock(side, now),
            ClockAction::Tick => self.tick(now),
            other => {
                if let Some(clock) = self.clock.as_mut() {
                    adjust(clock, other.with_side(clock_index::<G>), can_run, now);
                }
            }
        }
    }

    /// Whether the app presses the clock for the move `owed` moves before
    /// the position shown: a pass, or the computer's move.
    fn app_presses(&self, owed: usize) -> bool {
        let ply = self.record.cursor().saturating_sub(owed);
        let side = G::side_to_move(&self.record.position_at(ply), ply);
        let is_pass = G::pass().is_some_and(|pass| self.record.line().get(ply) == Some(&pass));
        is_pass || self.player_at(side, ply).is_computer()
    }

    /// `side` presses its clock (see [`Clock::press_side`]); said.
    fn press_clock(&mut self, side: G::Side, now: f64) {
        let Some(mut clock) = self.clock.take() else {
            return;
        };
        let press = clock.press_side(clock_index::<G>(side), now, &|owed| self.app_presses(owed));
        self.clock = Some(clock);
        match press {
            Press::Made { next } => self.announce(Announcement::Pressed {
                side,
                next: G::sides()[next],
            }),
            Press::NotRunning => self.announce(Announcement::PressNotRunning(side)),
            Press::Early => self.announce(Announcement::PressEarly(side)),
            Press::Ignored => {}
        }
    }

    /// The clock after a move (see [`Clock::after_move`]); `by_app`: the
    /// computer's move or a pass, which the app presses for.
    pub(super) fn clock_after_move(&mut self, by_app: bool, now: f64) {
        if let Some(clock) = self.clock.as_mut() {
            clock.after_move(by_app, now);
        }
    }

    /// After going back or forth in the record: the clock is on the side
    /// to move there (presses owed are forgotten).
    pub(super) fn clock_navigated(&mut self, now: f64) {
        let side = self.clock_side(0);
        if let Some(clock) = self.clock.as_mut() {
            clock.turn_to(side, now);
        }
    }

    /// After a new or loaded game: the clock's full times, stopped, on the
    /// side to move.
    pub(super) fn clock_for_new_game(&mut self, clock: Option<Clock>) {
        let side = self.clock_side(0);
        self.clock = clock.map(|mut clock| {
            clock.reset(side);
            clock
        });
    }

    /// After every action: the clock runs for whose move it is (or for the
    /// side still to press), and stops while an earlier position is shown
    /// or once the game is over.
    pub(super) fn clock_follows(&mut self, now: f64) {
        let Some(owed) = self.clock.as_ref().map(Clock::owed) else {
            return;
        };
        let side = self.clock_side(owed.min(self.record.cursor()));
        let stop = self.record.cursor() < self.record.line().len() || self.outcome().is_some();
        if let Some(clock) = self.clock.as_mut() {
            clock.follow(side, stop, now);
        }
    }

    /// Lets the flag fall when the running side's time is out at `now`
    /// (before anything else happens then: a move made after the flag
    /// fell is not played): the game ends on time, or the winner completes
    /// it. Whether it fell now.
    pub(super) fn flag_if_out(&mut self, now: f64) -> bool {
        let Some(clock) = self.clock.as_mut() else {
            return false;
        };
        let Some(side) = clock.flag_due(now) else {
            return false;
        };
        let completes = clock.winner_completes();
        self.time_loss(G::sides()[side], completes);
        true
    }

    /// Time passes: a flag falls, low time is said once, and the computer
    /// plays its best move so far once past its deadline.
    fn tick(&mut self, now: f64) {
        if self.flag_if_out(now) {
            return;
        }
        let low = self.clock.as_mut().and_then(|clock| clock.warn_low(now));
        if let Some(side) = low {
            self.announce(Announcement::LowTime(G::sides()[side]));
        }
        if self.computer_overdue(now) {
            self.move_now(now);
        }
    }

    /// At the computer's turn on a clock that has not fallen: the clock,
    /// the computer's index on it, and the position's weight.
    fn computer_on_clock(&self) -> Option<(&Clock, usize, f64)> {
        let clock = self.clock.as_ref().filter(|c| c.flagged().is_none())?;
        let Turn::Computer(side) = self.turn() else {
            return None;
        };
        let weight = G::clock_weight(&self.position());
        Some((clock, clock_index::<G>(side), weight))
    }

    /// The computer's share of its clock for the move it is to make (the
    /// longest its search may take), when a clock is set and it is the
    /// computer's turn.
    pub fn computer_time_ms(&self) -> Option<f64> {
        let (clock, index, weight) = self.computer_on_clock()?;
        let left = clock.left_before_move(index);
        Some(computer_share_ms(clock.control(), left, weight))
    }

    /// Whether the computer, thinking on its running clock, is past its
    /// deadline at `now`.
    fn computer_overdue(&self, now: f64) -> bool {
        self.computer_on_clock()
            .is_some_and(|(clock, index, weight)| {
                let left = clock.left_before_move(index);
                let deadline = computer_deadline_ms(clock.control(), left, weight);
                self.thinking()
                    && clock.is_running()
                    && clock.to_move() == index
                    && clock.move_ms(now) >= deadline
            })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn control(text: &str) -> TimeControl {
        TimeControl::parse(text).unwrap()
    }

    #[test]
    fn the_computer_s_share_and_deadline() {
        let blitz = control("1+0");
        assert_eq!(computer_share_ms(blitz, 60_000.0, 1.0), 2_400.0);
        assert_eq!(computer_share_ms(blitz, 60_000.0, 1.8), 4_320.0);
        assert_eq!(computer_deadline_ms(blitz, 60_000.0, 1.0), 3_250.0);
        // Low on time: never more than a third, answered before four fifths.
        let fischer = control("1+2");
        assert_eq!(computer_share_ms(fischer, 3_000.0, 1.0), 1_000.0);
        assert_eq!(computer_deadline_ms(fischer, 3_000.0, 1.0), 1_500.0);
        assert_eq!(computer_deadline_ms(blitz, 200.0, 1.0), 160.0);
        // A delay's free time is the computer's too.
        let delay = control("1d5");
        assert_eq!(computer_share_ms(delay, 3_000.0, 1.0), 4_120.0);
        assert_eq!(computer_share_ms(blitz, -50.0, 1.0), 0.0);
    }
}
