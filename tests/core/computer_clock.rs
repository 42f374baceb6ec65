//! Issue 27, item 4: the strongest level keeps to its own game clock.
//!
//! Whole 8×8 games of level 7 against itself at 1+0 and at 3+0, through
//! the session (`GameSession::computer_time_ms`, its ticks) and the
//! worker's own code (`worker::run`: the job the page sends, the search it
//! runs), on an injected clock that counts the search's work as time:
//! the search looks at its clock every 1024 midgame or 4096 endgame nodes,
//! and every look costs [`LOOK_MS`] (about a phone several times slower
//! than this machine: the test prints how many times). The page is
//! replayed around each search: the search's progress as it came, a tick
//! every 100 ms (the flag, the deadline for "move now", after which the
//! worker is replaced and the next search starts cold), and the answer
//! reaching the page [`LATENCY_MS`] after the search ends. The games are
//! deterministic; the smallest time a side had left as it moved (the
//! margin the computer keeps) is printed and stated in the README.

#![cfg(not(target_arch = "wasm32"))]

use std::cell::{Cell, RefCell};
use std::time::Instant;

use mind_sports_core::engine::clock::Clock as TimeSource;
use mind_sports_core::engine::othello::{Analyzer, Level};
use mind_sports_core::session::clock::TimeControl;
use mind_sports_core::session::core::Action;
use mind_sports_core::session::game_clock::ClockAction;
use mind_sports_core::session::othello::{OthelloProgress, OthelloState, Player, Settings};
use mind_sports_core::worker::protocol::{Event, Report};
use mind_sports_core::worker::run::{othello_play, run_othello};
use mind_sports_core::worker::{OTHELLO_EXACT_EMPTIES, TABLE_BITS};

/// What a look at the clock costs, in milliseconds of game time.
const LOOK_MS: f64 = 20.0;
/// From the search's end to its answer being played on the page.
const LATENCY_MS: f64 = 50.0;
/// The page's tick while the clock runs.
const TICK_MS: f64 = 100.0;

/// Game time as the search's work: every look costs [`LOOK_MS`].
#[derive(Default)]
struct WorkClock {
    now: Cell<f64>,
    looks: Cell<u64>,
}

impl WorkClock {
    /// The time, without looking as the search does.
    fn peek(&self) -> f64 {
        self.now.get()
    }
}

impl TimeSource for WorkClock {
    fn now_ms(&self) -> f64 {
        self.looks.set(self.looks.get() + 1);
        self.now.set(self.now.get() + LOOK_MS);
        self.now.get()
    }
}

/// What a game showed.
struct Game {
    /// The smallest time a side had left as it moved, in milliseconds.
    margin: f64,
    /// Moves the page had to make with "move now".
    moved_now: usize,
    moves: usize,
    score: String,
    looks: u64,
    seconds: f64,
}

/// One search of the computer's move, replayed as the page sees it; the
/// time its move was played and whether "move now" played it.
fn one_move(
    session: &mut OthelloState,
    analyzer: &mut Analyzer,
    clock: &WorkClock,
    id: u64,
) -> (f64, bool) {
    let (job, position) = session.wanted_search().expect("the computer is to move");
    let start = clock.peek();
    session.apply_at(Action::SearchStarted(id, job, position), start);
    let task = othello_play(session, &position, id);
    let events = RefCell::new(Vec::new());
    let choice = run_othello(analyzer, &position, task, clock, &|event| {
        if let Event::Progress(Report::Othello(p)) = event {
            events.borrow_mut().push((clock.peek(), p));
        }
    });
    let answered = clock.peek() + LATENCY_MS;
    let plies = session.record.cursor();
    let mut events = events.into_inner().into_iter().peekable();
    let mut tick = (start / TICK_MS).floor() * TICK_MS + TICK_MS;
    while tick < answered {
        while let Some((_, progress)) = events.next_if(|(at, _)| *at <= tick) {
            session.apply_at(Action::Progress(id, OthelloProgress::Line(progress)), tick);
        }
        session.apply_at(Action::Clock(ClockAction::Tick), tick);
        if session.record.cursor() != plies || session.outcome().is_some() {
            return (tick, true);
        }
        tick += TICK_MS;
    }
    session.apply_at(Action::Finished(id, choice), answered);
    (answered, false)
}

/// A whole game of level 7 against itself at `control`.
fn play(control: &str) -> Game {
    let started = Instant::now();
    let computer = Player::Computer(Level::MAX);
    let settings = Settings {
        black: computer,
        white: computer,
        // The longest thinking time offered: the clock is what limits.
        think_ms: 30_000,
        ..Settings::default()
    };
    let mut session = OthelloState::new(settings);
    let control = TimeControl::parse(control).unwrap();
    session.apply_at(Action::Clock(ClockAction::Set(Some(control))), 0.0);
    session.apply_at(Action::Clock(ClockAction::Start), 0.0);
    let new_analyzer = || Analyzer::new(TABLE_BITS).with_exact_empties(OTHELLO_EXACT_EMPTIES);
    let mut analyzer = new_analyzer();
    let clock = WorkClock::default();
    let (mut margin, mut moved_now, mut id) = (f64::MAX, 0, 0);
    while session.outcome().is_none() {
        id += 1;
        let mover = session.clock.as_ref().unwrap().to_move();
        let (at, now) = one_move(&mut session, &mut analyzer, &clock, id);
        if now {
            // The page replaced the busy worker: the next search is cold.
            moved_now += 1;
            analyzer = new_analyzer();
        }
        clock.now.set(at);
        let game_clock = session.clock.as_ref().unwrap();
        assert_eq!(game_clock.flagged(), None, "a flag fell after {id} moves");
        margin = margin.min(game_clock.left(mover, at) as f64);
    }
    let end = session.position();
    Game {
        margin,
        moved_now,
        moves: session.record.cursor(),
        score: format!(
            "{}-{}",
            end.count(mind_sports_core::engine::othello::Color::Black),
            end.count(mind_sports_core::engine::othello::Color::White)
        ),
        looks: clock.looks.get(),
        seconds: started.elapsed().as_secs_f64(),
    }
}

#[test]
fn the_strongest_level_plays_whole_games_at_1_0_and_3_0_without_losing_on_time() {
    for (control, least) in [("1+0", 5_000.0), ("3+0", 15_000.0)] {
        let game = play(control);
        println!(
            "{control}: {} moves, {}, smallest time left as a side moved {:.1} s, \
             \"move now\" {} times; {} looks at the clock: this machine took {:.3} ms \
             a look ({:.1}x faster than the test's {LOOK_MS} ms), {:.1} s in all",
            game.moves,
            game.score,
            game.margin / 1000.0,
            game.moved_now,
            game.looks,
            game.seconds * 1000.0 / game.looks as f64,
            LOOK_MS * game.looks as f64 / (game.seconds * 1000.0),
            game.seconds,
        );
        assert!(
            game.margin >= least,
            "{control}: only {} ms left at one move",
            game.margin
        );
        assert_eq!(
            game.moved_now, 0,
            "{control}: every search kept to its share"
        );
    }
}
