//! The Othello session: a game against the computer, undo and redo, passes,
//! hints and the evaluation graph, through the session core.

use super::*;
use crate::engine::othello::Rules;
use crate::engine::othello::Square;
use crate::session::core::PassedBy;
use crate::session::core::{Action, Announcement, Notice, SearchJob};
use crate::session::othello::OthelloAnalysis;
use crate::session::turn::Turn;

fn sq(name: &str) -> Move {
    let b = name.as_bytes();
    Move::Place(Square::new(b[0] - b'a', b[1] - b'1').unwrap())
}

fn choice(mv: &str) -> Choice {
    Choice {
        best: Some(sq(mv)),
        score: Some(150),
        exact: false,
    }
}

/// Plays the computer's move `mv` through a search, as the UI would.
fn computer_plays(state: &mut OthelloState, id: u64, mv: &str) {
    let (kind, position) = state.wanted_search().expect("the computer should be asked");
    assert_eq!(kind, SearchJob::Play);
    state.apply(Action::SearchStarted(id, kind, position));
    state.apply(Action::Finished(id, choice(mv)));
}

#[test]
fn a_game_against_the_computer_alternates() {
    let mut state = OthelloState::new(Settings::default());
    assert_eq!(state.turn(), Turn::HumanMove(Color::Black));
    assert_eq!(state.wanted_search(), None);
    state.apply(Action::Play(sq("f5")));
    assert_eq!(state.turn(), Turn::Computer(Color::White));
    computer_plays(&mut state, 1, "d6");
    assert_eq!(state.turn(), Turn::HumanMove(Color::Black));
    assert_eq!(state.record.cursor(), 2);
    // The computer's evaluation was kept for the graph (white's +1.5 is
    // black's -1.5).
    assert_eq!(state.extra.graph(&state.record)[&1].black_score, -150);
    let (_, said) = state.announcement.clone().unwrap();
    assert_eq!(
        said,
        vec![Announcement::Moved {
            side: Color::White,
            mv: sq("d6"),
            effect: Square::new(3, 4).unwrap().bit(),
            by_computer: true
        }]
    );
}

#[test]
fn stale_and_foreign_answers_are_ignored() {
    let mut state = OthelloState::new(Settings::default());
    state.apply(Action::Play(sq("f5")));
    let (kind, position) = state.wanted_search().unwrap();
    state.apply(Action::SearchStarted(7, kind, position));
    state.apply(Action::Finished(6, choice("d6")));
    assert_eq!(state.record.cursor(), 1, "answer to an old request");
    // Undo while the computer thinks: its answer must not be played.
    state.apply(Action::Undo);
    state.apply(Action::Finished(7, choice("d6")));
    assert_eq!(state.record.cursor(), 0);
    assert_eq!(state.turn(), Turn::HumanMove(Color::Black));
}

#[test]
fn undo_and_redo_step_over_the_computers_replies() {
    let mut state = OthelloState::new(Settings::default());
    state.apply(Action::Play(sq("f5")));
    computer_plays(&mut state, 1, "d6");
    state.apply(Action::Play(sq("c3")));
    computer_plays(&mut state, 2, "d3");
    assert_eq!(state.record.cursor(), 4);
    state.apply(Action::Undo);
    assert_eq!(state.record.cursor(), 2);
    state.apply(Action::Undo);
    assert_eq!(state.record.cursor(), 0);
    state.apply(Action::Undo);
    assert_eq!(state.record.cursor(), 0);
    state.apply(Action::Redo);
    assert_eq!(state.record.cursor(), 2);
    state.apply(Action::Redo);
    assert_eq!(state.record.cursor(), 4);
    assert_eq!(state.wanted_search(), None);
}

#[test]
fn going_back_to_the_computers_turn_pauses_it() {
    let mut state = OthelloState::new(Settings::default());
    state.apply(Action::Play(sq("f5")));
    computer_plays(&mut state, 1, "d6");
    state.apply(Action::GoTo(1));
    assert_eq!(state.turn(), Turn::Computer(Color::White));
    assert!(state.paused);
    assert_eq!(state.wanted_search(), None);
    state.apply(Action::Resume);
    assert_eq!(state.wanted_search().map(|w| w.0), Some(SearchJob::Play));
}

#[test]
fn move_now_plays_the_best_move_so_far() {
    let mut state = OthelloState::new(Settings::default());
    state.apply(Action::Play(sq("f5")));
    let (kind, position) = state.wanted_search().unwrap();
    state.apply(Action::SearchStarted(3, kind, position));
    state.apply(Action::Progress(
        3,
        OthelloProgress::Line(Progress {
            depth: 4,
            score: -20,
            best: sq("f4"),
            pv: vec![sq("f4")],
            nodes: 100,
            elapsed_ms: 5.0,
            exact: false,
            confidence: None,
        }),
    ));
    state.apply(Action::MoveNow);
    assert_eq!(state.record.last_move(), Some(sq("f4")));
    assert_eq!(state.search, None);
}

#[test]
fn a_bad_transcript_keeps_the_game() {
    let mut state = OthelloState::new(Settings::default());
    state.apply(Action::Play(sq("f5")));
    let before = state.record.clone();
    state.apply(Action::Paste("f5 d6 c9".into()));
    assert_eq!(state.record, before);
    assert_eq!(
        state.notice.as_ref().map(|n| matches!(
            n,
            Notice::Record(TranscriptError::NotASquare { number: 3, .. })
        )),
        Some(true)
    );
    state.apply(Action::Paste("F5 d6 C3".into()));
    assert_eq!(state.record.cursor(), 3);
    assert_eq!(state.notice, None);
}

#[test]
fn forced_passes_are_played_automatically_or_confirmed() {
    // Two people on 4×4: find a random game with a pass.
    let settings = Settings {
        rules: Rules::new(
            crate::engine::othello::BoardSize::Four,
            crate::engine::othello::Variant::Standard,
        ),
        black: Player::Human,
        white: Player::Human,
        think_ms: 1000,
    };
    let mut rng = crate::engine::rng::Rng::new(4);
    // Automatic passes (the default): never asked, always said and noted.
    let mut auto_passes = 0;
    for _ in 0..200 {
        let mut state = OthelloState::new(settings);
        while state.turn() != Turn::Over {
            assert!(!matches!(state.turn(), Turn::HumanPass(_)));
            let moves = state.position().moves();
            state.apply(Action::Play(*rng.choose(&moves).unwrap()));
            let said = &state.announcement.as_ref().unwrap().1;
            if let Some(Announcement::Passed { side, by }) = said.last() {
                assert_eq!(*by, PassedBy::Automatically);
                assert_eq!(state.pass_note, Some(*side));
                auto_passes += 1;
            }
        }
    }
    assert!(auto_passes > 0, "no pass in 200 random 4×4 games");
    // Confirmed passes: the person is told and must confirm.
    for _ in 0..500 {
        let mut state = OthelloState::new(settings);
        state.apply(Action::SetAutoPass(false));
        while state.turn() != Turn::Over {
            if let Turn::HumanPass(color) = state.turn() {
                let said = &state.announcement.as_ref().unwrap().1;
                assert_eq!(said.last(), Some(&Announcement::MustPass(color)));
                state.apply(Action::Play(sq("a1")));
                assert!(matches!(
                    state.notice,
                    Some(Notice::Illegal(
                        crate::engine::othello::PlayError::MustPass(_)
                    ))
                ));
                state.apply(Action::Play(Move::Pass));
                assert_eq!(state.notice, None);
                return;
            }
            let moves = state.position().moves();
            state.apply(Action::Play(*rng.choose(&moves).unwrap()));
        }
    }
    panic!("no pass in 500 random 4×4 games");
}

#[test]
fn hints_are_asked_for_on_the_persons_turn_and_kept() {
    let mut state = OthelloState::new(Settings::default());
    state.apply(Action::Game(OthelloAction::SetHintMode(true)));
    let (kind, position) = state.wanted_search().unwrap();
    assert_eq!(kind, SearchJob::Analyse(OthelloAnalysis::Hint));
    state.apply(Action::SearchStarted(1, kind, position));
    let scores = MoveScores {
        depth: 3,
        scores: vec![
            (sq("d3"), 50),
            (sq("c4"), 50),
            (sq("f5"), 50),
            (sq("e6"), 50),
        ],
        exact: false,
        nodes: 10,
        elapsed_ms: 1.0,
    };
    state.apply(Action::Progress(1, OthelloProgress::Scores(scores)));
    state.apply(Action::Finished(1, choice("d3")));
    assert_eq!(state.wanted_search(), None);
    assert_eq!(state.extra.hints.as_ref().unwrap().1.scores.len(), 4);
    assert_eq!(state.extra.graph(&state.record)[&0].black_score, 50);
}

#[test]
fn analysing_the_game_evaluates_each_position_once() {
    let mut state = OthelloState::new(Settings {
        white: Player::Human,
        ..Settings::default()
    });
    for m in ["f5", "d6", "c3"] {
        state.apply(Action::Play(sq(m)));
    }
    state.apply(Action::Game(OthelloAction::AnalyseGame));
    let mut id = 0;
    while let Some((kind, position)) = state.wanted_search() {
        id += 1;
        assert!(matches!(
            kind,
            SearchJob::Analyse(OthelloAnalysis::Evaluate { .. })
        ));
        state.apply(Action::SearchStarted(id, kind, position));
        state.apply(Action::Finished(id, choice("a1")));
        assert!(id < 10);
    }
    assert_eq!(state.extra.graph(&state.record).len(), 4);
}

#[test]
fn evaluations_are_kept_across_a_reload_for_their_own_line_only() {
    let mut state = OthelloState::new(Settings::default());
    state.apply(Action::Paste("f5d6c3d3c4".into()));
    let record = state.record.clone();
    let mut extra = OthelloExtra::default();
    extra.restore_evaluations(
        &record,
        "0:0:0 2:-150:0 5:6400:1 6:10:0 9:1:1 x 3:4 3:99999:0 3:5:2 é:1:1",
    );
    let graph = extra.graph(&record);
    assert_eq!(graph.keys().copied().collect::<Vec<_>>(), vec![0, 2, 5]);
    assert!(graph[&5].exact && graph[&2].black_score == -150);
    let kept = extra.kept_evaluations(&record);
    assert_eq!(kept, "0:0:0 2:-150:0 5:6400:1");
    let mut again = OthelloExtra::default();
    again.restore_evaluations(&record, &kept);
    assert_eq!(again.graph(&record), graph);
    // A different game takes only the start they share.
    let mut other = OthelloState::new(Settings::default());
    other.apply(Action::Paste("f5f6e6".into()));
    assert_eq!(
        extra.graph(&other.record).keys().collect::<Vec<_>>(),
        vec![&0]
    );
}

fn two_people() -> Settings {
    Settings {
        black: Player::Human,
        white: Player::Human,
        ..Settings::default()
    }
}

#[test]
fn a_flag_records_the_world_rules_score_at_once() {
    let mut state = OthelloState::new(two_people());
    state.apply(Action::Play(sq("f5")));
    // White, to move with 1 disc to Black's 4, runs out of time.
    state.apply(Action::TimeLoss {
        loser: Color::White,
        completes: false,
    });
    assert_eq!(state.turn(), Turn::Over);
    let outcome = state.outcome().unwrap();
    assert_eq!((outcome.black, outcome.white), (63, 1));
    assert_eq!(state.lost_on_time(), Some(Color::White));
    // No move after the flag.
    state.apply(Action::Play(sq("d6")));
    assert_eq!(state.record.line().len(), 1);
}

#[test]
fn after_a_flag_the_winner_may_complete_the_game() {
    let mut state = OthelloState::new(two_people());
    state.apply(Action::Play(sq("f5")));
    state.apply(Action::TimeLoss {
        loser: Color::White,
        completes: true,
    });
    // The game goes on: White's moves are now made by Black's player.
    assert_eq!(state.completing, Some((Color::White, 1)));
    assert_eq!(state.outcome(), None);
    assert_eq!(state.turn(), Turn::HumanMove(Color::White));
    // A second flag (the clock keeps the first) changes nothing.
    state.apply(Action::TimeLoss {
        loser: Color::Black,
        completes: false,
    });
    assert_eq!(state.flagged, None);
    while state.outcome().is_none() {
        let mv = state.position().moves()[0];
        state.apply(Action::Play(mv));
    }
    let end = state.position();
    let outcome = state.outcome().unwrap();
    assert_eq!(Some(outcome), end.completed_time_loss_outcome(Color::White));
    assert_eq!(outcome.winner, Some(Color::Black));
    assert!(outcome.black >= 33 && outcome.black + outcome.white == 64);
    assert_eq!(state.lost_on_time(), Some(Color::White));
    // A new line from before the flag is a new game without it.
    state.apply(Action::GoTo(0));
    state.apply(Action::Play(sq("d3")));
    assert_eq!(state.completing, None);
    assert_eq!(state.outcome(), None);
}

#[test]
fn the_computer_completes_the_game_for_both_sides_when_it_wins_on_time() {
    // Black (a person) runs out of time before the first move: the
    // computer, White's player, now plays Black's moves too.
    let mut state = OthelloState::new(Settings::default());
    state.apply(Action::TimeLoss {
        loser: Color::Black,
        completes: true,
    });
    assert_eq!(state.turn(), Turn::Computer(Color::Black));
    assert_eq!(state.player_at(Color::Black, 0), state.settings.white);
    computer_plays(&mut state, 1, "f5");
    assert_eq!(state.turn(), Turn::Computer(Color::White));
    // Anti-Othello has no such procedure: the flag ends the game.
    let mut anti = OthelloState::new(Settings {
        rules: Rules {
            variant: crate::engine::othello::Variant::Anti,
            ..Rules::default()
        },
        ..two_people()
    });
    anti.apply(Action::TimeLoss {
        loser: Color::Black,
        completes: true,
    });
    assert_eq!((anti.completing, anti.turn()), (None, Turn::Over));
}

#[test]
fn a_completed_game_restored_after_a_reload_keeps_its_time_loss_score() {
    // The autosave has the whole game; the kept clock says White flagged
    // and Black completed it.
    let mut state = OthelloState::new(two_people());
    while !state.position().is_over() {
        let mv = state.position().moves()[0];
        state.apply(Action::Play(mv));
    }
    let end = state.position();
    state.apply(Action::TimeLoss {
        loser: Color::White,
        completes: true,
    });
    assert_eq!(
        state.outcome(),
        end.completed_time_loss_outcome(Color::White)
    );
    // The world rules' flag on a finished game is refused.
    let mut over = OthelloState::with_record(two_people(), state.record.clone());
    over.apply(Action::TimeLoss {
        loser: Color::White,
        completes: false,
    });
    assert_eq!(over.flagged, None);
}

#[test]
fn the_computer_spends_its_clock_where_the_game_is_decided() {
    assert!(clock_weight(22) > clock_weight(35));
    assert!(clock_weight(35) > clock_weight(56));
    assert!(clock_weight(22) > clock_weight(10));
    // At 1+0 with a 25th of the time left times the weight a move (as the
    // clock panel does), a whole game of 30 moves by one side never uses
    // up the minute.
    let mut left = 60_000.0;
    for own_move in 0..30 {
        let empties = 60 - 2 * own_move;
        left -= left / 25.0 * clock_weight(empties);
        assert!(left > 10_000.0, "{left} ms left at {empties} empties");
    }
}
