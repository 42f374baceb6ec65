//! The page shell every game page is built from, written once:
//! [`use_game_page`] owns the game (a reducer over the session core), the
//! search worker and its requests, the autosave, the announcements, the
//! shared keyboard shortcuts and pasting; [`layout`] draws the page around
//! the game's own board. A game page plugs in what differs through
//! [`PageGame`] and stays a short composition.

pub mod clock;
pub mod layout;
mod play_online;
pub mod put_aside;
pub mod scores;
pub mod status;

use crate::ui::common::reduced::Reduced;
use std::rc::Rc;

use yew::prelude::*;

use crate::diagram::Options;
use crate::i18n::session::{announcement_text, GameTexts};
use crate::i18n::Texts;
use crate::session::core::{Action, Announcement, GameSession, JobOf, Notice};
use crate::session::diagram::DiagramChoices;
use crate::session::formats;
use crate::session::start::opening;
use crate::worker::protocol::{Event, Job};

use super::browser::{self, SetAside};
use super::common::listeners::{use_page_listeners, use_speech};
use super::context::{use_app, use_texts};
use super::search::{use_search_worker, SearchWorker};
use crate::worker::split::{self, Share};

/// Where the choice "play forced passes automatically" is kept.
const AUTO_PASS_KEY: &str = "mind-sports.auto-pass";

/// What a game page plugs into the shell.
pub trait PageGame: GameTexts {
    /// Where the game in progress is saved.
    const SAVE_KEY: &'static str;
    /// The page's route (`othello`, `opok`, `nim`).
    const ROUTE: &'static str;
    /// The computer thinks for a while (so "move now" applies).
    const THINKS: bool = true;
    /// The game's diagrams number the moves (Othello's discs, Opok's
    /// stacks), so the diagram dialog offers move numbers.
    const NUMBERED_DIAGRAMS: bool = true;
    /// How the page shares its searches among its workers (by default it
    /// does not: one worker).
    const SHARE: Share = split::whole;

    /// The worker job for a search the session wants (`seed` is random).
    fn job(
        session: &GameSession<Self>,
        job: JobOf<Self>,
        position: &Self::Position,
        seed: u64,
    ) -> Job;
    /// A worker event about request `id`, as an action (`Started` and
    /// `Failed` are handled by the shell).
    fn action(id: u64, event: Event) -> Option<Action<Self>>;
    /// The class of a side's moves in the move list (their colour, shape).
    fn side_class(side: Self::Side) -> &'static str;
    /// What the game's words need besides the announcement.
    fn context(session: &GameSession<Self>) -> Self::Context;
    /// The score on request (key S), when the game has one.
    fn score(_session: &GameSession<Self>) -> Option<Self::GameAnnouncement> {
        None
    }
    /// What of the game's own state outlives a reload, as text (kept
    /// beside the saved game).
    fn keep(_session: &GameSession<Self>) -> String {
        String::new()
    }
    /// Restores what [`PageGame::keep`] kept (text of any kind: skip what
    /// does not read).
    fn restore(_session: &mut GameSession<Self>, _kept: &str) {}
    /// The score line above the board (none by default).
    fn scores(_t: &Texts, _session: &GameSession<Self>) -> Vec<scores::ScoreItem> {
        Vec::new()
    }

    /// The board of an online game (`ui::online`): the moves picked go to
    /// `on_action` as [`Action::Play`] (the page sends them to the
    /// server); `mine` while it is this page's player's move.
    fn online_board(
        session: &GameSession<Self>,
        on_action: Callback<Action<Self>>,
        mine: bool,
    ) -> Html;

    /// The game's name (in a diagram's title).
    fn game_name(t: &Texts) -> &'static str;
    /// The SVG diagram of the position shown: the record's start and its
    /// moves up to the cursor, drawn as `options` asks (the game's own
    /// words from `t` where the diagram has any).
    fn diagram(t: &Texts, session: &GameSession<Self>, options: &Options) -> String;
    /// The lines of a diagram's caption: the result once the game is over,
    /// else the score and who is to move, a sentence a line (and a forced
    /// pass).
    fn diagram_caption(t: &Texts, session: &GameSession<Self>) -> Vec<String> {
        if let Some(outcome) = session.outcome() {
            return vec![Self::outcome_text(t, &outcome)];
        }
        let context = Self::context(session);
        // A sentence a line: a long line would be drawn small.
        let mut lines: Vec<String> = Self::score(session)
            .map(|score| Self::game_announcement_text(t, context, &score))
            .iter()
            .flat_map(|text| text.split_inclusive(". "))
            .map(|line| line.trim().to_string())
            .collect();
        if Self::must_pass(&session.position()) {
            lines.push(Self::must_pass_text(t, session.side_to_move()));
        }
        lines
    }
}

/// The diagram of the position `session` shows, with `choices`: titled
/// with the game's name and the move, captioned in the words of `t` (the
/// diagram module's dialog draws with it).
pub fn diagram_svg<G: PageGame>(
    t: &Texts,
    session: &GameSession<G>,
    choices: DiagramChoices,
) -> String {
    let (name, ply) = (G::game_name(t), session.record.cursor());
    let title = if ply == 0 {
        t.diagram().start(name)
    } else {
        t.diagram().title(name, ply)
    };
    let caption = if choices.caption {
        G::diagram_caption(t, session)
    } else {
        Vec::new()
    };
    G::diagram(
        t,
        session,
        &choices.options(G::NUMBERED_DIAGRAMS, title, caption),
    )
}

impl<G: PageGame> Reducible for Reduced<GameSession<G>> {
    type Action = Action<G>;

    fn reduce(self: Rc<Self>, action: Action<G>) -> Rc<Self> {
        let mut next = self.0.clone();
        next.apply_at(action, clock::now());
        if next == self.0 {
            self
        } else {
            Rc::new(Reduced(next))
        }
    }
}

/// The game of a page and what the page needs to show and change it.
pub struct GamePage<G: PageGame> {
    /// The game.
    pub state: UseReducerHandle<Reduced<GameSession<G>>>,
    /// Changes it.
    pub dispatch: Callback<Action<G>>,
    /// The texts in the user's language.
    pub t: &'static Texts,
    /// The new-game dialog is open.
    pub new_game_open: UseStateHandle<bool>,
}

impl<G: PageGame> GamePage<G> {
    /// Starts a new game with the settings chosen in the dialog.
    pub fn start_game(&self) -> Callback<G::Settings> {
        let dispatch = self.dispatch.clone();
        let open = self.new_game_open.clone();
        Callback::from(move |settings| {
            open.set(false);
            dispatch.emit(Action::NewGame(settings, None));
        })
    }

    /// Closes the new-game dialog and gives the focus back to its button.
    pub fn close_dialog(&self) -> Callback<()> {
        let open = self.new_game_open.clone();
        Callback::from(move |_| {
            open.set(false);
            browser::focus("button.new-game");
        })
    }

    /// The page's share link (the records panel adds the game clock when
    /// the link is used).
    pub fn share_url(&self) -> String {
        format!(
            "{}#/{}?{}",
            browser::page_address(),
            G::ROUTE,
            formats::encode::<G>(&self.state.settings, &self.state.record)
        )
    }
}

/// Where the game clock is kept (beside the autosave).
pub(super) fn clock_key<G: PageGame>() -> String {
    format!("{}.clock", G::SAVE_KEY)
}

/// Where the game's own kept state is saved.
fn kept_key<G: PageGame>() -> String {
    format!("{}.kept", G::SAVE_KEY)
}

/// The opening game: the link's, else the autosave, else a new one; and
/// whether the page may autosave it. Nothing stored is lost on the way: an
/// autosave that cannot be read is set aside, and the game in progress that
/// a link's game replaces is put aside ([`put_aside`]); where storage is too
/// full for either, the old copy stays and the page does not save over it.
fn initial_state<G: PageGame>(link: Option<&str>) -> (GameSession<G>, bool) {
    if link.is_some() {
        // Later reloads restore the autosave, not the link.
        browser::replace_fragment(&format!("#/{}", G::ROUTE));
    }
    let saved = browser::load(G::SAVE_KEY);
    let opening = opening(
        link,
        formats::decode_with_clock::<G>,
        saved.as_deref(),
        |text| formats::load::<G>(text).map(|game| (game, None)),
    );
    let from_link = link.is_some() && opening.link_error.is_none();
    let mut may_save = true;
    let mut notice = opening.link_error.map(Notice::Link);
    if let Some(error) = opening.saved_error {
        let kept = browser::set_aside(G::SAVE_KEY) == SetAside::Kept;
        may_save &= !kept;
        let said = if kept {
            Notice::SavedKept(error)
        } else {
            Notice::Saved(error)
        };
        notice = notice.or(Some(said));
    }
    let mut state = match opening.game {
        Some(((settings, record), clock)) => {
            let game = (settings, record);
            if let Some((replaced, _)) = &opening.replaced {
                let put = put_aside::put_aside::<G>(replaced, &game);
                may_save &= put.is_ok();
                let said = match put {
                    Ok(true) => Some(Notice::PutAside),
                    Ok(false) => None,
                    Err(_) => Some(Notice::NotPutAside),
                };
                notice = notice.or(said);
            }
            // A link's clock replaces the one kept (the panel reads it);
            // without one, the clock of the game put aside went with it.
            if from_link && may_save {
                let _ = browser::store(&clock_key::<G>(), clock.as_deref().unwrap_or(""));
            }
            GameSession::with_record(game.0, game.1)
        }
        None => GameSession::new(G::Settings::default()),
    };
    state.auto_pass = browser::load(AUTO_PASS_KEY).as_deref() != Some("off");
    clock::restore(&mut state);
    if let Some(kept) = browser::load(&kept_key::<G>()) {
        G::restore(&mut state, &kept);
    }
    state.notice = notice;
    (state, may_save)
}

/// The search workers of a game, their answers turned into the game's
/// actions (the game pages with the game's [`PageGame::SHARE`], the embed
/// frames with one worker).
#[hook]
pub(crate) fn use_game_worker<G: PageGame>(
    dispatch: Callback<Action<G>>,
    share: Share,
) -> SearchWorker {
    use_search_worker(
        Callback::from(move |response: crate::worker::protocol::Response| {
            let action = match response.event {
                Event::Failed => Some(Action::SearchFailed(response.id)),
                event => G::action(response.id, event),
            };
            if let Some(action) = action {
                dispatch.emit(action);
            }
        }),
        share,
    )
}

/// Starts, keeps or cancels the worker's search to match what the state
/// wants (the game pages and the embed frames).
pub(crate) fn sync_search<G: PageGame>(
    state: &GameSession<G>,
    worker: &SearchWorker,
    dispatch: &Callback<Action<G>>,
) {
    let wanted = state.wanted_search();
    let running = state.search.as_ref().map(|s| (s.job, s.position.clone()));
    match wanted {
        Some(w) if Some(&w) == running.as_ref() => {}
        Some((job, position)) => {
            let id = worker.start(G::job(state, job, &position, browser::random_seed()));
            dispatch.emit(Action::SearchStarted(id, job, position));
        }
        None => {
            // Also frees a worker still busy with an answer nobody wants
            // (after "move now").
            worker.cancel();
            if running.is_some() {
                dispatch.emit(Action::SearchCancelled);
            }
        }
    }
}

/// The shared shortcuts, by physical key (`KeyboardEvent.code`), so that
/// they work in every keyboard layout (a Russian one types "г" on U).
fn shared_shortcut<G: PageGame>(
    e: &web_sys::KeyboardEvent,
    state: &GameSession<G>,
    new_game_open: &UseStateHandle<bool>,
) -> Option<Option<Action<G>>> {
    let code = e.code();
    let action = match (e.ctrl_key(), code.as_str()) {
        (true, "KeyZ") | (false, "KeyU") => Some(Action::Undo),
        (true, "KeyY") | (false, "KeyR") => Some(Action::Redo),
        (false, "KeyN") => {
            new_game_open.set(true);
            None
        }
        (false, "KeyC") if state.paused => Some(Action::Resume),
        (false, "KeyS") => G::score(state).map(|s| Action::Announce(Announcement::Game(s))),
        (false, "KeyL") => {
            let played = state.record.played();
            let last = played.len().checked_sub(1).map(|ply| {
                let side = G::side_to_move(&state.record.position_at(ply), ply);
                (side, played[ply].clone())
            });
            Some(Action::Announce(Announcement::LastMove(last)))
        }
        _ => return None,
    };
    Some(action)
}

/// What a game page did with a key the shell left to it.
pub enum KeyUse<G: PageGame> {
    /// Not its key: the browser does what it does with it.
    Ignored,
    /// Used (the browser's default is prevented).
    Used,
    /// Used, and this changes the game.
    Act(Action<G>),
}

/// The game of a page, as its components hold it.
pub type PageState<G> = UseReducerHandle<Reduced<GameSession<G>>>;

/// A game page's own keys: the key and the game as it is now.
pub type OnKey<G> = Callback<(web_sys::KeyboardEvent, PageState<G>), KeyUse<G>>;

/// The shell of a game page. `on_key` gets the keys the shell does not
/// handle; `on_paste` turns pasted text
/// into an action (by default: a record to load).
#[hook]
pub fn use_game_page<G: PageGame>(
    link: Option<String>,
    on_key: OnKey<G>,
    on_paste: Option<Callback<String, Action<G>>>,
) -> GamePage<G> {
    let t = use_texts();
    // Off when saving would overwrite a game that could not be kept
    // elsewhere (storage full).
    let may_save = use_mut_ref(|| true);
    let state = {
        let may_save = may_save.clone();
        use_reducer(move || {
            let (state, ok) = initial_state::<G>(link.as_deref());
            *may_save.borrow_mut() = ok;
            Reduced(state)
        })
    };
    let dispatch = {
        let dispatcher = state.dispatcher();
        Callback::from(move |action: Action<G>| dispatcher.dispatch(action))
    };
    let new_game_open = use_state(|| false);
    let worker = use_game_worker::<G>(dispatch.clone(), G::SHARE);

    // Save every change of the game and of the pass preference.
    use_effect_with(
        (state.settings.clone(), state.record.clone()),
        move |(settings, record)| {
            if *may_save.borrow() {
                let _ = browser::store_changed(G::SAVE_KEY, &formats::save::<G>(settings, record));
            }
        },
    );
    use_effect_with(G::keep(&state), |kept| {
        let _ = browser::store_changed(&kept_key::<G>(), kept);
    });
    use_effect_with(state.auto_pass, |on| {
        let _ = browser::store_changed(AUTO_PASS_KEY, if *on { "on" } else { "off" });
    });

    // Speak every new announcement.
    let said = state.announcement.as_ref();
    use_speech(
        said.map(|(n, _)| *n),
        said.map(|(_, list)| announcement_text::<G>(t, G::context(&state), list))
            .unwrap_or_default(),
    );

    // Load the worker once the page is painted and idle, before the first
    // click needs it (the app's first paint does not wait for it); run the
    // search the state asks for.
    {
        let worker = worker.clone();
        use_effect_with((), move |_| {
            browser::when_idle(1000, move || worker.warm_up())
        });
    }
    {
        let playing = use_app().playing;
        use_effect_with(state.in_progress(), move |now| {
            playing.emit(*now);
            move || playing.emit(false)
        });
    }
    {
        let worker = worker.clone();
        let dispatch = dispatch.clone();
        let snapshot = (*state).clone();
        let key = (state.wanted_search(), state.search.as_ref().map(|s| s.id));
        use_effect_with(key, move |_| sync_search(&snapshot, &worker, &dispatch));
    }

    // Page-wide shortcuts and pasting.
    let keys = {
        let dispatch = dispatch.clone();
        let state = state.clone();
        let new_game_open = new_game_open.clone();
        Callback::from(move |e: web_sys::KeyboardEvent| {
            // A dialog's keys are its own.
            if *new_game_open || browser::modal_open() {
                return;
            }
            let action = match shared_shortcut(&e, &state, &new_game_open) {
                Some(action) => action,
                None => match on_key.emit((e.clone(), state.clone())) {
                    KeyUse::Ignored => return,
                    KeyUse::Used => None,
                    KeyUse::Act(action) => Some(action),
                },
            };
            e.prevent_default();
            if let Some(action) = action {
                dispatch.emit(action);
            }
        })
    };
    let paste = {
        let dispatch = dispatch.clone();
        Callback::from(move |text: String| {
            let action = match &on_paste {
                Some(on_paste) => on_paste.emit(text),
                None => Action::Paste(text),
            };
            dispatch.emit(action);
        })
    };
    use_page_listeners(keys, paste);

    GamePage {
        state,
        dispatch,
        t,
        new_game_open,
    }
}
