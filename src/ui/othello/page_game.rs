//! What the Othello page plugs into the shell: the worker jobs it asks
//! for, the worker events it reads, its score line, and what pasted text
//! means.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::diagram::{self, Options};
use crate::engine::othello::{Color, Position, Square};
use crate::engine::search::RootShare;
use crate::i18n::Texts;
use crate::session::core::{Action, GameSession, SearchJob};
use crate::session::othello::view::next_legal;
use crate::session::othello::{
    Othello, OthelloAction, OthelloAnalysis, OthelloAnnouncement, OthelloProgress, SearchKind,
};
use crate::worker::protocol::{Answer, Event, Job, OthelloTask, Report};
use crate::worker::run::othello_play;
use crate::worker::split::{self, Share};

use super::super::shell::scores::ScoreItem;
use super::super::shell::{KeyUse, OnKey, PageGame, PageState};

/// How long hints are computed (the worker deepens and reports meanwhile).
const HINT_MS: f64 = 4000.0;
/// How long each position is evaluated when the whole game is analysed.
const EVALUATE_MS: f64 = 400.0;

impl PageGame for Othello {
    fn online_board(
        session: &GameSession<Othello>,
        on_action: Callback<Action<Othello>>,
        mine: bool,
    ) -> Html {
        let position = session.position();
        // Legal moves are marked (and said) for the player to move only: a
        // watcher, or a player while the other side thinks, sees none.
        let mut squares = crate::session::othello::view::squares(session);
        squares.iter_mut().for_each(|square| {
            square.marked &= mine;
            square.legal &= mine;
        });
        let on_pick =
            on_action.reform(|square| Action::Play(crate::engine::othello::Move::Place(square)));
        html! {
            <super::board::Board size={position.rules().size} {squares}
                focus={None::<(Square, u32)>} ply={session.record.cursor()} {on_pick} on_cursor={Callback::noop()} />
        }
    }

    const SAVE_KEY: &'static str = "mind-sports.othello.game";
    const ROUTE: &'static str = "othello";
    const SHARE: Share = split::share_scores;

    fn job(session: &GameSession<Othello>, job: SearchKind, position: &Position, seed: u64) -> Job {
        let task = match job {
            SearchJob::Play => othello_play(session, position, seed),
            SearchJob::Analyse(OthelloAnalysis::Hint) => OthelloTask::ScoreMoves {
                time_ms: HINT_MS,
                share: RootShare::WHOLE,
                depth: None,
            },
            SearchJob::Analyse(OthelloAnalysis::Evaluate { .. }) => OthelloTask::Evaluate {
                time_ms: EVALUATE_MS,
            },
        };
        Job::Othello {
            position: *position,
            task,
        }
    }

    fn action(id: u64, event: Event) -> Option<Action<Othello>> {
        Some(match event {
            Event::Progress(Report::Othello(p)) => Action::Progress(id, OthelloProgress::Line(p)),
            Event::Progress(Report::OthelloScores(s)) => {
                Action::Progress(id, OthelloProgress::Scores(s))
            }
            Event::Done(Answer::Othello(choice)) => Action::Finished(id, choice),
            _ => return None,
        })
    }

    fn side_class(color: Color) -> &'static str {
        color.name()
    }

    fn context(_session: &GameSession<Othello>) {}

    fn scores(t: &Texts, session: &GameSession<Othello>) -> Vec<ScoreItem> {
        let p = session.position();
        let to_move = (!p.is_over()).then(|| p.side_to_move());
        [
            (Color::Black, t.othello.black()),
            (Color::White, t.othello.white()),
        ]
        .into_iter()
        .map(|(color, name)| ScoreItem {
            side: color.name(),
            piece: "disc",
            name,
            count: p.count(color),
            to_move: to_move == Some(color),
        })
        .collect()
    }

    fn keep(session: &GameSession<Othello>) -> String {
        session.extra.kept_evaluations(&session.record)
    }

    fn restore(session: &mut GameSession<Othello>, kept: &str) {
        let record = session.record.clone();
        session.extra.restore_evaluations(&record, kept);
    }

    fn score(session: &GameSession<Othello>) -> Option<OthelloAnnouncement> {
        let p = session.position();
        Some(OthelloAnnouncement::Score {
            black: p.count(Color::Black),
            white: p.count(Color::White),
            to_move: (!p.is_over()).then(|| p.side_to_move()),
        })
    }

    fn game_name(t: &Texts) -> &'static str {
        t.othello.name()
    }

    fn diagram(_t: &Texts, session: &GameSession<Othello>, options: &Options) -> String {
        // The record's moves are legal: never empty.
        diagram::othello::game_svg(&session.record.start(), session.record.played(), options)
            .unwrap_or_default()
    }
}

/// What pasted text means: a board string if it looks like one, else moves.
pub fn paste_action(text: String) -> Action<Othello> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let board_like = compact.len() >= 17 && compact.chars().all(|c| "XxOo0-._*BbWw".contains(c));
    if board_like {
        Action::Game(OthelloAction::LoadBoard(text))
    } else {
        Action::Paste(text)
    }
}

/// Othello's own keys: H switches hints, M moves the board's cursor (last
/// known in `cursor`) to the next legal square through `focus`.
pub fn othello_keys(
    cursor: Rc<RefCell<Option<Square>>>,
    focus: UseStateHandle<Option<(Square, u32)>>,
) -> OnKey<Othello> {
    Callback::from(
        move |(e, state): (KeyboardEvent, PageState<Othello>)| match e.code().as_str() {
            "KeyH" => KeyUse::Act(Action::Game(OthelloAction::SetHintMode(
                !state.extra.hint_mode,
            ))),
            "KeyM" => {
                let from = cursor.borrow().or(Square::from_index(0));
                if let Some(next) = from.and_then(|f| next_legal(&state.position(), f)) {
                    focus.set(Some((next, focus.map_or(1, |(_, n)| n + 1))));
                }
                KeyUse::Used
            }
            _ => KeyUse::Ignored,
        },
    )
}
