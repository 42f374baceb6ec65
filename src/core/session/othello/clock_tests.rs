//! The game clock in an Othello session, on an injected clock (times in
//! milliseconds given with every action): whose clock runs follows the
//! record through moves, undo, redo, the move list, new games and
//! reloads, in every mode; players pressing their own side.

use proptest::prelude::*;

use super::*;
use crate::engine::othello::{Level, Square};
use crate::session::clock::{Clock, Mode, Switching, TimeControl};
use crate::session::core::{Action, Announcement};
use crate::session::game_clock::ClockAction;

fn sq(name: &str) -> Move {
    let b = name.as_bytes();
    Move::Place(Square::new(b[0] - b'a', b[1] - b'1').unwrap())
}

fn control(text: &str) -> TimeControl {
    TimeControl::parse(text).unwrap()
}

fn settings(black: Player, white: Player) -> Settings {
    Settings {
        black,
        white,
        ..Settings::default()
    }
}

fn level(n: u8) -> Player {
    Player::Computer(Level::new(n).unwrap())
}

fn set_clock(state: &mut OthelloState, text: &str, now: f64) {
    state.apply_at(Action::Clock(ClockAction::Set(Some(control(text)))), now);
}

/// The computer's move `mv` through a search, answered at `now`.
fn computer_plays(state: &mut OthelloState, id: u64, mv: Move, now: f64) {
    let (kind, position) = state.wanted_search().expect("the computer is asked");
    state.apply_at(Action::SearchStarted(id, kind, position), now);
    let choice = Choice {
        best: Some(mv),
        score: None,
        exact: false,
    };
    state.apply_at(Action::Finished(id, choice), now);
}

fn clock(state: &OthelloState) -> &Clock {
    state.clock.as_ref().expect("a clock is set")
}

/// The side whose clock is on (0: Black) and whether it runs.
fn on(state: &OthelloState) -> (usize, bool) {
    (clock(state).to_move(), clock(state).is_running())
}

fn black_index(state: &OthelloState) -> usize {
    usize::from(state.side_to_move() == Color::White)
}

#[test]
fn after_undo_the_clock_runs_for_the_side_to_move_in_every_mode() {
    // Issue 27, item 1: 3+2 against level 4, f5, the reply, undo, e6, the
    // reply: Black is to move and Black's clock must run. Every mode,
    // with what each side has left at 10 s.
    for (text, black, white) in [
        ("3+2", 181_000, 181_000),
        ("3+0", 177_000, 177_000),
        ("3b2", 179_000, 180_000),
        ("3d2", 180_000, 180_000),
    ] {
        let mut state = OthelloState::new(settings(Player::Human, level(4)));
        set_clock(&mut state, text, 0.0);
        assert_eq!(
            on(&state),
            (0, false),
            "{text}: stopped until the first move"
        );
        state.apply_at(Action::Play(sq("f5")), 1_000.0);
        assert_eq!(
            on(&state),
            (1, true),
            "{text}: the move starts White's clock"
        );
        computer_plays(&mut state, 1, sq("d6"), 3_000.0);
        assert_eq!(on(&state), (0, true), "{text}");
        state.apply_at(Action::Undo, 5_000.0);
        assert_eq!(on(&state), (0, false), "{text}: paused on Black's move");
        state.apply_at(Action::Play(sq("e6")), 8_000.0);
        assert_eq!(on(&state), (1, true), "{text}");
        computer_plays(&mut state, 2, sq("f4"), 9_000.0);
        assert_eq!(state.side_to_move(), Color::Black);
        assert_eq!(on(&state), (0, true), "{text}: Black's clock runs");
        let kept = clock(&state).kept_text(2, 10_000.0);
        assert_eq!(
            clock(&state).saved(10_000.0),
            [black, white],
            "{text}: {kept}"
        );

        // A reload: the same clock, stopped, on Black.
        let mut reloaded = OthelloState::with_record(state.settings, state.record.clone());
        reloaded.restore_clock(Clock::read_kept(&kept, 2).unwrap());
        assert_eq!(on(&reloaded), (0, false), "{text}: reloaded");
        assert_eq!(clock(&reloaded).saved(50_000.0), [black, white], "{text}");

        // The move list: each position's side, stopped while reviewing.
        state.apply_at(Action::GoTo(1), 11_000.0);
        assert_eq!(on(&state), (1, false), "{text}: White to move after e6");
        state.apply_at(Action::GoTo(2), 12_000.0);
        assert_eq!(on(&state), (0, false), "{text}: Black at the end, stopped");
        state.apply_at(Action::Clock(ClockAction::Start), 13_000.0);
        assert_eq!(on(&state), (0, true), "{text}");

        // A new game: full times, stopped, Black first.
        state.apply_at(Action::NewGame(state.settings, None), 14_000.0);
        assert_eq!(on(&state), (0, false), "{text}: a new game");
        let base = control(text).base_ms[0] as i64;
        assert_eq!(clock(&state).saved(20_000.0), [base, base], "{text}");
    }
}

#[test]
fn redo_and_a_replayed_move_keep_the_clock_on_the_side_to_move() {
    // Two people: undo to the start, redo to the end, then undo one move
    // and play the same move again (the record keeps its line).
    let mut state = OthelloState::new(settings(Player::Human, Player::Human));
    set_clock(&mut state, "5+3", 0.0);
    for (i, mv) in ["f5", "d6", "c3"].into_iter().enumerate() {
        state.apply_at(Action::Play(sq(mv)), 1_000.0 * (i + 1) as f64);
    }
    assert_eq!(on(&state), (1, true));
    state.apply_at(Action::GoTo(0), 4_000.0);
    assert_eq!(on(&state), (0, false));
    state.apply_at(Action::Redo, 5_000.0);
    assert_eq!((state.record.cursor(), on(&state)), (1, (1, false)));
    state.apply_at(Action::Redo, 5_500.0);
    state.apply_at(Action::Redo, 5_600.0);
    assert_eq!((state.record.cursor(), on(&state)), (3, (1, false)));
    state.apply_at(Action::Undo, 6_000.0);
    assert_eq!(on(&state), (0, false));
    state.apply_at(Action::Play(sq("c3")), 7_000.0);
    assert_eq!(state.record.line().len(), 3, "the same line");
    assert_eq!(on(&state), (1, true), "the move switched and started it");
}

/// A step of a random walk through a game on the clock.
#[derive(Clone, Debug)]
enum Step {
    /// A legal move (by the person or, on its turn, the computer's answer).
    Move(usize),
    Undo,
    Redo,
    GoTo(usize),
    Start,
    Pause,
    NewGame,
    Reload,
    Tick,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (0usize..20).prop_map(Step::Move),
        1 => Just(Step::Undo),
        1 => Just(Step::Redo),
        1 => (0usize..30).prop_map(Step::GoTo),
        1 => Just(Step::Start),
        1 => Just(Step::Pause),
        1 => Just(Step::NewGame),
        1 => Just(Step::Reload),
        1 => Just(Step::Tick),
    ]
}

/// Plays `step` at `now`.
fn take(state: &mut OthelloState, step: &Step, now: f64, id: &mut u64) {
    let legal = state.position().moves();
    match step {
        Step::Move(i) if !legal.is_empty() => {
            let mv = legal[i % legal.len()];
            if state.wanted_search().is_some() {
                *id += 1;
                computer_plays(state, *id, mv, now);
            } else {
                state.apply_at(Action::Play(mv), now);
            }
        }
        Step::Move(_) => {}
        Step::Undo => state.apply_at(Action::Undo, now),
        Step::Redo => state.apply_at(Action::Redo, now),
        Step::GoTo(ply) => state.apply_at(Action::GoTo(*ply), now),
        Step::Start => state.apply_at(Action::Clock(ClockAction::Start), now),
        Step::Pause => state.apply_at(Action::Clock(ClockAction::Pause), now),
        Step::NewGame => state.apply_at(Action::NewGame(state.settings, None), now),
        Step::Reload => {
            let plies = state.record.line().len();
            let kept = clock(state).kept_text(plies, now);
            let mut reloaded = OthelloState::with_record(state.settings, state.record.clone());
            reloaded.restore_clock(Clock::read_kept(&kept, plies).expect("kept clocks read"));
            *state = reloaded;
        }
        Step::Tick => state.apply_at(Action::Clock(ClockAction::Tick), now),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// In every mode, through any walk of moves, undo, redo, the move
    /// list, new games, reloads, pauses and ticks: the clock is on the
    /// side to move, stopped while an earlier position is shown or after
    /// the end; and in sudden death the two sides' times used add up to
    /// exactly the time the clock ran.
    #[test]
    fn the_clock_follows_the_record(
        mode in 0usize..4,
        seats in 0usize..3,
        steps in proptest::collection::vec((step(), 0u32..4_000), 1..60),
    ) {
        let text = ["20+0", "20+5", "20b5", "20d5"][mode];
        let (black, white) = [(Player::Human, Player::Human), (Player::Human, level(2)), (level(2), Player::Human)][seats];
        let mut state = OthelloState::new(settings(black, white));
        set_clock(&mut state, text, 0.0);
        let (mut now, mut ran, mut id) = (0.0, 0.0, 0);
        for (step, pause) in &steps {
            if clock(&state).is_running() {
                ran += f64::from(*pause);
            }
            now += f64::from(*pause);
            if matches!(step, Step::NewGame) {
                ran = 0.0;
            }
            take(&mut state, step, now, &mut id);
            let clock = clock(&state);
            prop_assert!(clock.flagged().is_none(), "20 minutes are not used up");
            prop_assert_eq!(clock.to_move(), black_index(&state), "{:?}", step);
            let reviewing = state.record.cursor() < state.record.line().len();
            if reviewing || state.outcome().is_some() {
                prop_assert!(!clock.is_running(), "{:?}", step);
            }
            if clock.control().mode == Mode::SuddenDeath {
                let used: i64 = (0..2).map(|side| 1_200_000 - clock.left(side, now)).sum();
                prop_assert_eq!(used as f64, ran, "{:?}", step);
            }
        }
    }
}

#[test]
fn players_press_their_own_side() {
    // Issue 27, item 3: two people at one device, each pressing their side.
    let mut state = OthelloState::new(settings(Player::Human, Player::Human));
    set_clock(&mut state, "5+3", 0.0);
    let press = |state: &mut OthelloState, side, now| {
        state.apply_at(Action::Clock(ClockAction::Press(side)), now);
        state.announcement.clone().unwrap().1
    };
    state.apply_at(
        Action::Clock(ClockAction::Switching(Switching::ByPress)),
        0.0,
    );
    state.apply_at(Action::Play(sq("f5")), 2_000.0);
    assert_eq!(on(&state), (0, false), "the move does not switch it");
    assert_eq!(clock(&state).owed(), 1);
    let said = press(&mut state, Color::Black, 3_000.0);
    assert_eq!(
        said,
        vec![Announcement::Pressed {
            side: Color::Black,
            next: Color::White
        }]
    );
    assert_eq!(on(&state), (1, true), "the press switches it and starts it");
    assert_eq!(clock(&state).saved(3_000.0), [303_000, 300_000]);
    // White presses before moving; Black presses a clock that is not running.
    let said = press(&mut state, Color::White, 4_000.0);
    assert_eq!(said, vec![Announcement::PressEarly(Color::White)]);
    let said = press(&mut state, Color::Black, 4_000.0);
    assert_eq!(said, vec![Announcement::PressNotRunning(Color::Black)]);
    assert_eq!(on(&state), (1, true));
    // White moves at 5 s and thinks on until pressing at 8 s: 5 s charged.
    state.apply_at(Action::Play(sq("d6")), 5_000.0);
    assert_eq!(
        on(&state),
        (1, true),
        "White's clock runs until White presses"
    );
    press(&mut state, Color::White, 8_000.0);
    assert_eq!(on(&state), (0, true));
    assert_eq!(clock(&state).saved(8_000.0), [303_000, 298_000]);
    // A press owed is kept across a reload.
    state.apply_at(Action::Play(sq("c3")), 9_000.0);
    let kept = clock(&state).kept_text(3, 9_500.0);
    assert!(kept.ends_with(";u1500;p1;t"), "{kept}");
    let mut reloaded = OthelloState::with_record(state.settings, state.record.clone());
    reloaded.restore_clock(Clock::read_kept(&kept, 3).unwrap());
    assert_eq!((on(&reloaded), clock(&reloaded).owed()), ((0, false), 1));
    press(&mut reloaded, Color::Black, 20_000.0);
    assert_eq!(on(&reloaded), (1, true));
    assert_eq!(
        clock(&reloaded).saved(20_000.0),
        [303_000 - 1_500 + 3_000, 298_000]
    );
    // Back to the move switching the clock: the press owed is made.
    state.apply_at(
        Action::Clock(ClockAction::Switching(Switching::ByMove)),
        10_000.0,
    );
    assert_eq!((on(&state), clock(&state).owed()), ((1, true), 0));
    state.apply_at(Action::Play(sq("d3")), 11_000.0);
    assert_eq!(on(&state), (0, true), "the move switches it again");
}

#[test]
fn the_computer_and_passes_press_for_themselves() {
    // Against the computer, with players pressing their own side: the
    // computer's reply made before the person pressed is pressed at once
    // after the person's press.
    let mut state = OthelloState::new(settings(Player::Human, level(3)));
    set_clock(&mut state, "5+0", 0.0);
    state.apply_at(
        Action::Clock(ClockAction::Switching(Switching::ByPress)),
        0.0,
    );
    state.apply_at(Action::Clock(ClockAction::Start), 0.0);
    state.apply_at(Action::Play(sq("f5")), 2_000.0);
    computer_plays(&mut state, 1, sq("d6"), 2_500.0);
    assert_eq!((on(&state), clock(&state).owed()), ((0, true), 2));
    state.apply_at(Action::Clock(ClockAction::Press(Color::Black)), 4_000.0);
    assert_eq!((on(&state), clock(&state).owed()), ((0, true), 0));
    assert_eq!(clock(&state).saved(4_000.0), [296_000, 300_000]);
    // When the press is owed no more, the computer's move switches it.
    state.apply_at(Action::Play(sq("c3")), 5_000.0);
    state.apply_at(Action::Clock(ClockAction::Press(Color::Black)), 5_000.0);
    assert_eq!(on(&state), (1, true));
    computer_plays(&mut state, 2, sq("d3"), 7_000.0);
    assert_eq!(
        (on(&state), clock(&state).saved(7_000.0)),
        ((0, true), [295_000, 298_000])
    );
}
