//! Game clocks as clubs use them: sudden death, Fischer increment,
//! Bronstein delay and simple delay, with different times per side
//! (handicap). A clock keeps what each side had left at its last switch
//! and the moment the running side's clock started; the time left is
//! computed from timestamps, never by adding up ticks, so it does not
//! drift however often the page redraws it.
//!
//! Times are milliseconds; `now` is any monotonic timestamp in
//! milliseconds (`performance.now()` in the browser).

use std::fmt;

/// How time is added or held back on each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// No time added.
    SuddenDeath,
    /// `extra` added after every move.
    Fischer,
    /// After every move, the time it took is given back, up to `extra`.
    Bronstein,
    /// The clock waits `extra` before it starts counting down each move.
    Delay,
}

/// A time control: each side's time and what a move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time of the side that moves first, and of the other one.
    pub base_ms: [u64; 2],
    /// How moves add time.
    pub mode: Mode,
    /// The increment or delay.
    pub extra_ms: u64,
}

/// The usual controls, as typed (`minutes+seconds`).
pub const PRESETS: [&str; 7] = ["1+0", "3+2", "5+3", "10+0", "20+0", "25+0", "30+0"];

/// The longest time a side may have (ten hours) and the largest increment
/// or delay (ten minutes).
const MAX_BASE_MS: u64 = 10 * 3_600_000;
const MAX_EXTRA_MS: u64 = 600_000;

/// Why a time control does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ControlError {
    /// Empty, too long, or not of the form `M+S`, `M d S`, `M b S`,
    /// `M/M+S`.
    Form(String),
    /// A time out of range (more than ten hours, an increment over ten
    /// minutes, or no time at all).
    Range(String),
}

impl fmt::Display for ControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ControlError::Form(t) => write!(
                f,
                "{t:?} is not a time control; write minutes+seconds, e.g. 5+3 (d: delay, b: Bronstein, 10/5+0: a handicap)"
            ),
            ControlError::Range(t) => write!(f, "{t:?} is out of range"),
        }
    }
}

/// Minutes as typed (`5`, `0.5`, `1.25`) in milliseconds.
fn minutes(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && fraction.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
        || whole.len() > 4
        || fraction.len() > 3
    {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let thousandths: u64 = format!("{fraction:0<3}").parse().ok()?;
    Some(whole * 60_000 + thousandths * 60)
}

/// Seconds as typed, in milliseconds.
fn seconds(text: &str) -> Option<u64> {
    (!text.is_empty() && text.len() <= 4 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse::<u64>().ok())
        .flatten()
        .map(|s| s * 1000)
}

/// Minutes written back (`5`, `0.5`).
fn minutes_text(ms: u64) -> String {
    let (whole, rest) = (ms / 60_000, ms % 60_000);
    if rest == 0 {
        whole.to_string()
    } else {
        let fraction = format!("{:03}", rest / 60);
        format!("{whole}.{}", fraction.trim_end_matches('0'))
    }
}

impl TimeControl {
    /// Reads `5+3` (Fischer; `+0` sudden death), `5d3` (simple delay),
    /// `5b3` (Bronstein), and a handicap as `10/5+0` (first side's minutes,
    /// then the other's).
    pub fn parse(text: &str) -> Result<TimeControl, ControlError> {
        let form = || ControlError::Form(text.chars().take(40).collect());
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.len() > 24 {
            return Err(form());
        }
        let compact = compact.to_ascii_lowercase();
        let (times, mode, extra) = if let Some((t, e)) = compact.split_once('+') {
            (t, Mode::Fischer, e)
        } else if let Some((t, e)) = compact.split_once('d') {
            (t, Mode::Delay, e)
        } else if let Some((t, e)) = compact.split_once('b') {
            (t, Mode::Bronstein, e)
        } else {
            (compact.as_str(), Mode::SuddenDeath, "0")
        };
        let (first, second) = times.split_once('/').unwrap_or((times, times));
        let base_ms = [
            minutes(first).ok_or_else(form)?,
            minutes(second).ok_or_else(form)?,
        ];
        let extra_ms = seconds(extra).ok_or_else(form)?;
        let mode = if mode == Mode::Fischer && extra_ms == 0 {
            Mode::SuddenDeath
        } else {
            mode
        };
        let range = || ControlError::Range(text.chars().take(40).collect());
        if base_ms.iter().any(|&b| b > MAX_BASE_MS) || extra_ms > MAX_EXTRA_MS {
            return Err(range());
        }
        if base_ms.contains(&0) && extra_ms == 0 {
            return Err(range());
        }
        Ok(TimeControl {
            base_ms,
            mode,
            extra_ms,
        })
    }

    /// The low-time warning threshold of `side`: a tenth of its time,
    /// between 5 and 30 seconds.
    pub fn low_ms(&self, side: usize) -> u64 {
        (self.base_ms[side & 1] / 10).clamp(5_000, 30_000)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.base_ms;
        if a == b {
            write!(f, "{}", minutes_text(a))?;
        } else {
            write!(f, "{}/{}", minutes_text(a), minutes_text(b))?;
        }
        let separator = match self.mode {
            Mode::SuddenDeath | Mode::Fischer => '+',
            Mode::Delay => 'd',
            Mode::Bronstein => 'b',
        };
        write!(f, "{separator}{}", self.extra_ms / 1000)
    }
}

/// How the clock passes from one side to the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Switching {
    /// The move itself switches the clock (the app presses it for the
    /// player).
    #[default]
    ByMove,
    /// Each player presses their own side of the clock after moving, as
    /// at a board (two people at one device); the computer's moves and
    /// passes still switch it by themselves.
    ByPress,
}

/// What became of a press of a side of the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// Made: the other side's clock runs (`next`).
    Made {
        /// The side whose clock runs now.
        next: usize,
    },
    /// That side's clock was not on.
    NotRunning,
    /// That side has not moved yet.
    Early,
    /// Players do not press their own side (or a flag has fallen).
    Ignored,
}

/// The longest a move may have been thought about in a kept clock (the
/// longest time a side may have, twice).
const MAX_MOVE_MS: u64 = 2 * MAX_BASE_MS;

/// A game clock for two sides (0 moves first): a chess clock's two faces.
///
/// Each side's time is kept as it was before its move in progress, and
/// the move's own time beside it (in running stretches that ended, then
/// the one running): a delay is granted once a move and Bronstein gives
/// back the whole move, however often the clock is paused, resumed or
/// reloaded in between.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    control: TimeControl,
    /// Each side's time before its move in progress (may be below zero
    /// once flagged), kept to the fraction of a millisecond so that
    /// rounding never adds up.
    left_ms: [f64; 2],
    /// What the side to move has used of its move in stretches that have
    /// ended (a pause, a reload).
    used_ms: f64,
    /// Since when the side to move's clock runs.
    running: Option<f64>,
    /// The side whose clock runs once started.
    to_move: usize,
    /// Moves played on the board whose players have not pressed the clock
    /// yet (only when players press their own side).
    owed: usize,
    /// How the clock passes from side to side.
    switching: Switching,
    /// The side that ran out of time.
    flagged: Option<usize>,
    /// After a flag the winner completes the game (seed 004), instead of
    /// the result being recorded at once.
    winner_completes: bool,
    /// The sides warned of low time this game (not kept: a reload warns
    /// again).
    warned: [bool; 2],
    /// When the clock was last started, stopped or switched: the time of
    /// an action that comes without one.
    latest_ms: f64,
}

impl Clock {
    /// A stopped clock at the control's times, side 0 to move.
    pub fn new(control: TimeControl) -> Clock {
        Clock::resumed(control, control.base_ms.map(|b| b as i64), 0)
    }

    /// A stopped clock with the times left (as kept in a saved game), at
    /// the start of `to_move`'s move.
    pub fn resumed(control: TimeControl, left_ms: [i64; 2], to_move: usize) -> Clock {
        let bound = |t: i64| t.clamp(-((MAX_BASE_MS * 2) as i64), (MAX_BASE_MS * 2) as i64);
        Clock {
            control,
            left_ms: left_ms.map(|t| bound(t) as f64),
            used_ms: 0.0,
            running: None,
            to_move: to_move & 1,
            owed: 0,
            switching: Switching::ByMove,
            flagged: left_ms
                .iter()
                .position(|&t| t <= 0)
                .filter(|&s| s == (to_move & 1)),
            winner_completes: false,
            warned: [false; 2],
            latest_ms: 0.0,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs (or runs once started).
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Whether the clock runs.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The side that ran out of time.
    pub fn flagged(&self) -> Option<usize> {
        self.flagged
    }

    /// Whether the winner completes a game lost on time (seed 004).
    pub fn winner_completes(&self) -> bool {
        self.winner_completes
    }

    /// Sets what happens after a flag: the winner completes the game, or
    /// the result is recorded at once (the world rules).
    pub fn set_winner_completes(&mut self, completes: bool) {
        self.winner_completes = completes;
    }

    /// How the clock passes from side to side.
    pub fn switching(&self) -> Switching {
        self.switching
    }

    /// Moves played on the board whose players have not pressed yet.
    pub fn owed(&self) -> usize {
        self.owed
    }

    /// When the clock was last started, stopped or switched.
    pub fn latest_ms(&self) -> f64 {
        self.latest_ms
    }

    /// What `used` milliseconds of a move cost the side to move: a delay
    /// is free once a move.
    fn charge(&self, used: f64) -> f64 {
        match self.control.mode {
            Mode::Delay => (used - self.control.extra_ms as f64).max(0.0),
            _ => used,
        }
    }

    /// What a move of `used` milliseconds adds once it is made.
    fn bonus(&self, used: f64) -> f64 {
        let extra = self.control.extra_ms as f64;
        match self.control.mode {
            Mode::Fischer => extra,
            Mode::Bronstein => extra.min(used),
            Mode::SuddenDeath | Mode::Delay => 0.0,
        }
    }

    /// The time the side to move has used in its move at `now` (across
    /// pauses and reloads).
    pub fn move_ms(&self, now: f64) -> f64 {
        self.used_ms + self.running.map_or(0.0, |since| (now - since).max(0.0))
    }

    /// The time `side` had before its move in progress (its time now when
    /// it is not to move).
    pub fn left_before_move(&self, side: usize) -> f64 {
        self.left_ms[side & 1]
    }

    /// The time `side` has left at `now`, to the fraction of a millisecond.
    fn left_exact(&self, side: usize, now: f64) -> f64 {
        let side = side & 1;
        if side == self.to_move {
            self.left_ms[side] - self.charge(self.move_ms(now))
        } else {
            self.left_ms[side]
        }
    }

    /// The time `side` has left at `now`, in whole milliseconds (rounded
    /// down: a clock never shows time that is not there).
    pub fn left(&self, side: usize, now: f64) -> i64 {
        self.left_exact(side, now).floor() as i64
    }

    /// Whether `side` is low on time at `now`.
    pub fn is_low(&self, side: usize, now: f64) -> bool {
        self.left(side, now) < self.control.low_ms(side) as i64
    }

    /// The running side, when it has just become low on time at `now`
    /// (once a game for each side).
    pub fn warn_low(&mut self, now: f64) -> Option<usize> {
        let side = self.to_move;
        let warn = self.is_running() && self.is_low(side, now) && !self.warned[side];
        if warn {
            self.warned[side] = true;
        }
        warn.then_some(side)
    }

    /// Starts (or resumes) the clock of the side to move.
    pub fn start(&mut self, now: f64) {
        if self.flagged.is_none() && self.running.is_none() {
            self.running = Some(now);
            self.latest_ms = now;
        }
    }

    /// Stops the clock, keeping the time the move has used so far.
    pub fn pause(&mut self, now: f64) {
        if self.running.is_some() {
            self.used_ms = self.move_ms(now);
            self.running = None;
            self.latest_ms = now;
        }
    }

    /// Checks the running side's time at `now`; the side that ran out, if
    /// any (then the clock stops).
    pub fn check_flag(&mut self, now: f64) -> Option<usize> {
        if self.is_running() && self.left_exact(self.to_move, now) <= 0.0 {
            self.pause(now);
            self.flagged = Some(self.to_move);
        }
        self.flagged
    }

    /// The side to move's clock is pressed at `now` (its move is made):
    /// the move's time is charged, the increment or Bronstein's give-back
    /// added, and the other side's clock runs if this one ran. Refused
    /// (`false`) once a side has run out of time.
    pub fn moved(&mut self, now: f64) -> bool {
        if self.check_flag(now).is_some() {
            return false;
        }
        let mover = self.to_move;
        let used = self.move_ms(now);
        self.left_ms[mover] += self.bonus(used) - self.charge(used);
        self.used_ms = 0.0;
        self.to_move = 1 - mover;
        if self.running.is_some() {
            self.running = Some(now);
        }
        self.latest_ms = now;
        true
    }

    /// A move was played on the board; its player presses the clock later.
    pub fn owe_press(&mut self) {
        self.owed += 1;
    }

    /// The side to move presses its clock at `now` for a move it owes a
    /// press: as [`Clock::moved`], and the clock starts. Refused
    /// (`false`) when no press is owed or a side has run out of time.
    pub fn press(&mut self, now: f64) -> bool {
        if self.owed == 0 || !self.moved(now) {
            return false;
        }
        self.owed -= 1;
        self.start(now);
        true
    }

    /// After a move on the board: the clock switched (and started), or,
    /// when players press their own side, one more press owed when a
    /// person moved (`by_app` false) or presses are owed before this move.
    pub fn after_move(&mut self, by_app: bool, now: f64) {
        if self.switching == Switching::ByPress && (!by_app || self.owed > 0) {
            self.owe_press();
        } else if self.moved(now) {
            self.start(now);
        }
    }

    /// `side` presses its side of the clock at `now`: when the clock is
    /// on it for a move it owes a press, the press is made, then those the
    /// app makes for the moves owed after it (`app_presses(owed)`: whether
    /// the app presses for the move `owed` moves before the board's
    /// position).
    pub fn press_side(
        &mut self,
        side: usize,
        now: f64,
        app_presses: &dyn Fn(usize) -> bool,
    ) -> Press {
        if self.switching != Switching::ByPress || self.flagged.is_some() {
            return Press::Ignored;
        }
        if self.to_move != side & 1 {
            return Press::NotRunning;
        }
        if !self.press(now) {
            return Press::Early;
        }
        while self.owed > 0 && app_presses(self.owed) && self.press(now) {}
        Press::Made { next: self.to_move }
    }

    /// The clock follows the board: `side` is on it (the side to move, or
    /// the one still to press) and it stops when `stop` (an earlier
    /// position shown, or the game over).
    pub fn follow(&mut self, side: usize, stop: bool, now: f64) {
        if self.to_move != side & 1 {
            self.turn_to(side, now);
        }
        if stop {
            self.pause(now);
        }
    }

    /// The running side, when its time is out at `now` (the clock then
    /// stops, flagged).
    pub fn flag_due(&mut self, now: f64) -> Option<usize> {
        if self.is_running() {
            self.check_flag(now)
        } else {
            None
        }
    }

    /// Sets how the clock passes from side to side; presses still owed
    /// are made at `now` (the clock keeps running or stopped).
    pub fn set_switching(&mut self, switching: Switching, now: f64) {
        while self.owed > 0 && self.moved(now) {
            self.owed -= 1;
        }
        self.owed = 0;
        self.switching = switching;
    }

    /// The game goes on from another position (after going back or forth
    /// in the record): `side` is to move. Another side's move in progress
    /// ends, charged without a bonus; owed presses are forgotten.
    pub fn turn_to(&mut self, side: usize, now: f64) {
        self.owed = 0;
        let side = side & 1;
        if side == self.to_move || self.flagged.is_some() {
            return;
        }
        let used = self.move_ms(now);
        self.left_ms[self.to_move] -= self.charge(used);
        self.used_ms = 0.0;
        self.to_move = side;
        if self.running.is_some() {
            self.running = Some(now);
        }
        self.latest_ms = now;
    }

    /// The control's times again, stopped, `side` to move (a new game);
    /// the options are kept.
    pub fn reset(&mut self, side: usize) {
        *self = Clock {
            switching: self.switching,
            winner_completes: self.winner_completes,
            latest_ms: self.latest_ms,
            ..Clock::resumed(self.control, self.control.base_ms.map(|b| b as i64), side)
        };
    }

    /// The times left at `now`, for saving (the clock is saved stopped).
    pub fn saved(&self, now: f64) -> [i64; 2] {
        [self.left(0, now), self.left(1, now)]
    }

    /// The clock at `now` as it is kept beside the autosave and written in
    /// a share link, for a game of `plies` moves:
    /// `control;left0;left1;to_move;plies` (`5+3;280000;291500;1;12`),
    /// then, each when it applies: `;u<ms>` the time the side to move has
    /// used in its move, `;p<n>` presses owed, `;t` when players press
    /// their own side, `;c` when the winner completes a game lost on time.
    pub fn kept_text(&self, plies: usize, now: f64) -> String {
        let [a, b] = self.saved(now);
        let mut text = format!("{};{a};{b};{};{plies}", self.control, self.to_move);
        let used = self.move_ms(now).floor() as u64;
        if used > 0 {
            text += &format!(";u{used}");
        }
        if self.owed > 0 {
            text += &format!(";p{}", self.owed);
        }
        if self.switching == Switching::ByPress {
            text += ";t";
        }
        if self.winner_completes {
            text += ";c";
        }
        text
    }

    /// A kept clock (stopped), if `text` reads as [`Clock::kept_text`]
    /// writes it (or as older versions wrote it, without the move's time
    /// and the presses) and belongs to a game of `plies` moves.
    pub fn read_kept(text: &str, plies: usize) -> Option<Clock> {
        if text.len() > 120 {
            return None;
        }
        let mut parts = text.split(';');
        let control = TimeControl::parse(parts.next()?).ok()?;
        let mut time = || parts.next()?.parse::<i64>().ok();
        let (a, b) = (time()?, time()?);
        let to_move: usize = parts.next()?.parse().ok().filter(|&m| m < 2)?;
        (parts.next()?.parse::<usize>().ok()? == plies).then_some(())?;
        let mut clock = Clock::resumed(control, [a, b], to_move);
        let mut used = 0;
        // The optional fields, each at most once, in this order.
        let mut next = 0;
        for field in parts {
            let (tag, value) = field.split_at(field.chars().next()?.len_utf8());
            let rank = ["u", "p", "t", "c"].iter().position(|&t| t == tag)?;
            (rank >= next).then_some(())?;
            next = rank + 1;
            match (tag, value) {
                ("u", value) => used = digits(value).filter(|&u| u <= MAX_MOVE_MS)?,
                ("p", value) => {
                    clock.owed = digits(value).filter(|&p| p as usize <= plies)? as usize
                }
                ("t", "") => clock.switching = Switching::ByPress,
                ("c", "") => clock.winner_completes = true,
                _ => return None,
            }
        }
        // The times were kept as shown: before the move, the side to move
        // had what it shows and what its move has cost so far.
        clock.used_ms = used as f64;
        clock.left_ms[to_move] += clock.charge(clock.used_ms);
        Some(clock)
    }
}

/// A number of ASCII digits (at most 12).
fn digits(text: &str) -> Option<u64> {
    (!text.is_empty() && text.len() <= 12 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// A time left as a clock shows it: `m:ss`, tenths under ten seconds,
/// `h:mm:ss` from an hour; never below zero.
pub fn clock_text(ms: i64) -> String {
    let ms = ms.max(0) as u64;
    if ms < 10_000 {
        return format!("0:0{}.{}", ms / 1000, ms % 1000 / 100);
    }
    // Whole seconds shown round up, as a clock does: 0:01 until empty.
    let s = ms.div_ceil(1000);
    let (h, m, s) = (s / 3600, s % 3600 / 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn control(text: &str) -> TimeControl {
        TimeControl::parse(text).unwrap()
    }

    #[test]
    fn controls_read_and_write_back() {
        let c = control("5+3");
        assert_eq!(
            (c.base_ms, c.mode, c.extra_ms),
            ([300_000; 2], Mode::Fischer, 3000)
        );
        assert_eq!(control("25+0").mode, Mode::SuddenDeath);
        assert_eq!(control("25").to_string(), "25+0");
        assert_eq!(control("5d2").mode, Mode::Delay);
        assert_eq!(control(" 5 B 2 ").mode, Mode::Bronstein);
        assert_eq!(control("10/5+0").base_ms, [600_000, 300_000]);
        assert_eq!(control("0.5+1").base_ms, [30_000; 2]);
        for preset in PRESETS {
            assert_eq!(control(preset).to_string(), preset);
        }
        for bad in [
            "", "+", "5+", "x+3", "5++3", "601+0", "5+601", "0+0", "5/+3", "-5+3", "5.1234+0",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn fischer_adds_bronstein_gives_back_delay_waits() {
        let mut clock = Clock::new(control("1+2"));
        clock.start(0.0);
        assert!(clock.moved(5_000.0));
        assert_eq!(clock.left(0, 5_000.0), 60_000 - 5_000 + 2_000);
        assert_eq!(clock.to_move(), 1);
        assert_eq!(clock.left(1, 6_000.0), 59_000);

        let mut clock = Clock::new(control("1b3"));
        clock.start(0.0);
        clock.moved(1_000.0);
        assert_eq!(clock.left(0, 1_000.0), 60_000, "a quick move costs nothing");
        clock.moved(11_000.0);
        assert_eq!(clock.left(1, 11_000.0), 60_000 - 10_000 + 3_000);

        let mut clock = Clock::new(control("1d3"));
        clock.start(0.0);
        assert_eq!(clock.left(0, 2_500.0), 60_000, "within the delay");
        clock.moved(5_000.0);
        assert_eq!(clock.left(0, 5_000.0), 58_000);
    }

    #[test]
    fn a_delay_is_granted_once_a_move_across_pauses_and_reloads() {
        let mut clock = Clock::new(control("1d5"));
        clock.start(0.0);
        clock.pause(4_000.0);
        clock.start(10_000.0);
        // 4 s then 3 s of thinking: 5 s of it free, 2 s charged.
        assert_eq!(clock.left(0, 13_000.0), 58_000);
        let kept = clock.kept_text(0, 13_000.0);
        let mut back = Clock::read_kept(&kept, 0).unwrap();
        back.start(20_000.0);
        assert_eq!(
            back.left(0, 21_000.0),
            57_000,
            "the delay is not given again"
        );
        back.moved(21_000.0);
        assert_eq!(back.left(0, 30_000.0), 57_000);
    }

    #[test]
    fn bronstein_gives_back_the_whole_move_across_pauses_and_reloads() {
        let mut clock = Clock::new(control("1b3"));
        clock.start(0.0);
        clock.pause(2_000.0);
        clock.start(5_000.0);
        clock.moved(6_000.0);
        // 3 s of thinking in two stretches, all given back.
        assert_eq!(clock.left(0, 6_000.0), 60_000);
        clock.pause(8_000.0);
        let kept = clock.kept_text(1, 8_000.0);
        let mut back = Clock::read_kept(&kept, 1).unwrap();
        back.start(100_000.0);
        back.moved(102_500.0);
        // White thought 2 s before the reload and 2.5 s after: 3 s back.
        assert_eq!(back.left(1, 102_500.0), 60_000 - 4_500 + 3_000);
    }

    #[test]
    fn the_flag_falls_and_stops_the_clock() {
        let mut clock = Clock::new(control("1+0"));
        clock.start(0.0);
        clock.moved(30_000.0);
        assert!(clock.is_low(1, 85_000.0) && !clock.is_low(0, 85_000.0));
        assert_eq!(clock.check_flag(89_999.0), None);
        assert_eq!(clock.check_flag(90_000.0), Some(1));
        assert!(!clock.is_running());
        assert!(!clock.moved(91_000.0), "no move after the flag");
        assert_eq!(clock.left(1, 99_000.0), 0);
    }

    #[test]
    fn pause_resume_and_saving_keep_the_time() {
        let mut clock = Clock::new(control("5+0"));
        clock.start(1_000.0);
        clock.pause(11_000.0);
        assert_eq!(clock.left(0, 50_000.0), 290_000, "paused: no time passes");
        clock.start(60_000.0);
        let saved = clock.saved(70_000.0);
        assert_eq!(saved, [280_000, 300_000]);
        let back = Clock::resumed(clock.control(), saved, clock.to_move());
        assert!(!back.is_running());
        assert_eq!(back.left(0, 0.0), 280_000);
        // A long game: timestamps, not ticks, so nothing drifts.
        let mut clock = Clock::new(control("25+0"));
        clock.start(0.0);
        let mut now = 0.0;
        for _ in 0..100 {
            now += 7_500.123;
            clock.moved(now);
        }
        let used = clock.left_exact(0, now) + clock.left_exact(1, now);
        assert!((used - (3_000_000.0 - 750_012.3)).abs() < 0.01, "{used}");
    }

    #[test]
    fn times_read_as_a_clock_shows_them() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(59_001), "1:00");
        assert_eq!(clock_text(12_000), "0:12");
        assert_eq!(clock_text(9_950), "0:09.9");
        assert_eq!(clock_text(-5), "0:00.0");
        assert_eq!(clock_text(3_723_000), "1:02:03");
    }

    #[test]
    fn a_kept_clock_reads_back_stopped_for_its_game_only() {
        let control = TimeControl::parse("5+3").unwrap();
        let mut clock = Clock::new(control);
        clock.start(0.0);
        clock.moved(1_500.0);
        let text = clock.kept_text(1, 2_000.0);
        assert_eq!(text, "5+3;301500;299500;1;1;u500");
        let kept = Clock::read_kept(&text, 1).unwrap();
        assert!(!kept.is_running());
        assert_eq!((kept.to_move(), kept.saved(9e9)), (1, [301_500, 299_500]));
        assert_eq!(kept.move_ms(9e9), 500.0, "the move's time so far");
        // Texts kept before the move's time was kept still read.
        let old = Clock::read_kept("5+3;301500;299500;1;1", 1).unwrap();
        assert_eq!(
            (old.saved(0.0), old.move_ms(0.0)),
            ([301_500, 299_500], 0.0)
        );
        assert!(Clock::read_kept("5+3;301500;299500;1;1;c", 1)
            .unwrap()
            .winner_completes());
        // The optional fields: known, once each, in order.
        let full = Clock::read_kept("5d3;1000;2000;0;4;u4000;p2;t;c", 4).unwrap();
        assert_eq!((full.owed(), full.switching()), (2, Switching::ByPress));
        assert_eq!(full.saved(0.0), [1_000, 2_000]);
        assert_eq!(
            full.left_before_move(0),
            2_000.0,
            "a delay of 3 s: 1 s charged"
        );
        for bad in [
            "5+3;1;2;0;4;c;t",
            "5+3;1;2;0;4;u1;u1",
            "5+3;1;2;0;4;x",
            "5+3;1;2;0;4;p5",
            "5+3;1;2;0;4;u",
            "5+3;1;2;0;4;u-1",
            "5+3;1;2;0;4;tt",
            "5+3;1;2;0;4;",
        ] {
            assert_eq!(Clock::read_kept(bad, 4), None, "{bad}");
        }
        // Another game's clock, or a damaged one, is not read.
        assert_eq!(Clock::read_kept(&text, 2), None);
        for bad in ["", "5+3;1;2;3;1", "5+3;1;2;0", "x;1;2;0;1", "5+3;a;2;0;1"] {
            assert_eq!(Clock::read_kept(bad, 1), None, "{bad}");
        }
        // The rule after a flag is kept with it.
        let mut completing = kept.clone();
        completing.set_winner_completes(true);
        let text = completing.kept_text(1, 0.0);
        assert!(text.ends_with(";1;u500;c"), "{text}");
        assert!(Clock::read_kept(&text, 1).unwrap().winner_completes());
        assert_eq!(Clock::read_kept(&format!("{text}x"), 1), None);
        // A clock that has run out is kept flagged.
        let flagged = Clock::read_kept("1+0;0;60000;0;0", 0).unwrap();
        assert_eq!(flagged.flagged(), Some(0));
    }

    proptest! {
        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,60}") {
            let _ = TimeControl::parse(&text);
            let _ = Clock::read_kept(&text, 3);
        }

        #[test]
        fn kept_clocks_read_back(
            a in 0i64..36_000_000, b in 0i64..36_000_000, to_move in 0usize..2,
            plies in 0usize..200, control in "[0-9]{1,3}(\\+|d|b)[0-9]{1,2}",
            completes in any::<bool>(), used in 0.0f64..4e6, owed in 0usize..3, by_press in any::<bool>(),
        ) {
            let Ok(control) = TimeControl::parse(&control) else { return Ok(()) };
            let mut clock = Clock::resumed(control, [a, b], to_move);
            clock.set_winner_completes(completes);
            clock.start(1_000.0);
            clock.pause(1_000.0 + used);
            if by_press {
                clock.set_switching(Switching::ByPress, 0.0);
                for _ in 0..owed.min(plies) {
                    clock.owe_press();
                }
            }
            let text = clock.kept_text(plies, 0.0);
            let kept = Clock::read_kept(&text, plies).unwrap();
            prop_assert_eq!(&kept.kept_text(plies, 0.0), &text);
            prop_assert_eq!(kept.saved(0.0), clock.saved(0.0));
            prop_assert!((kept.move_ms(0.0) - clock.move_ms(0.0)).abs() < 1.0);
        }

        #[test]
        fn written_controls_read_back(
            a in 0u64..600, b in 0u64..600, extra in 1u64..600, mode in 0u8..4,
        ) {
            let mode = [Mode::SuddenDeath, Mode::Fischer, Mode::Bronstein, Mode::Delay][mode as usize];
            let extra_ms = if mode == Mode::SuddenDeath { 0 } else { extra * 1000 };
            let control = TimeControl { base_ms: [a * 60_000 + 30_000, b * 60_000 + 60_000], mode, extra_ms };
            prop_assert_eq!(TimeControl::parse(&control.to_string()), Ok(control));
        }
    }
}
