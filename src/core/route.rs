//! The app's pages as URL fragments (`#/othello?moves=…`): fragments work on
//! any static host and inside a club's page without server rules.

use crate::embed::params::Game;

/// A page of the app.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Route {
    /// The list of games.
    Home,
    /// The Othello board; `Some(query)` when opened from a share link.
    Othello(Option<String>),
    /// The Othello rules page.
    OthelloRules,
    /// The Opok board; `Some(query)` when opened from a share link.
    Opok(Option<String>),
    /// The Opok rules page.
    OpokRules,
    /// The take-away games; `Some(query)` when opened from a share link.
    Nim(Option<String>),
    /// The take-away games' rules page.
    NimRules,
    /// Every game's lessons and the learner's progress.
    Learn,
    /// One game's stages and lessons (`othello`, `opok`, `nim`).
    LearnGame(String),
    /// One lesson: the game and the lesson's id.
    Lesson(String, String),
    /// A teacher's set, as its link's query.
    LearnSet(String),
    /// Making a teacher's set.
    LearnTeacher,
    /// The class table of a set's result codes (the set's query).
    LearnResults(String),
    /// The Othello puzzles.
    Puzzles,
    /// One puzzle by id (`daily`: the puzzle of the day).
    Puzzle(String),
    /// The club's tournament.
    Club,
    /// An embedded frame (issue 16): the game and its query as written
    /// after `#/embed/` (`othello?moves=f5d6`), read by
    /// [`crate::embed::params::parse_fragment`].
    Embed(String),
    /// The embed snippet builder (`#/embed`); `Some(query)` when a game
    /// page's "embed this position" opened it: `game=<game>&` and the game
    /// page's share link query.
    EmbedBuilder(Option<String>),
    /// Online play's lobby (`#/online`): open public challenges and the
    /// games kept in this browser.
    Lobby,
    /// An online game (`#/online/<game>/<id>`, with `?seat=` or
    /// `?invite=`): what follows `#/online/`, read by the online module
    /// ([`crate::online::client::OnlineLink::parse`]).
    Online(String),
    /// A club's event run on the server (`#/event/<id>`, with
    /// `?organiser=` on the organiser's private link): what follows
    /// `#/event/`, read by the event module.
    Event(String),
    /// A club on the server (`#/clubs/<id>`, with `?token=` on the club's
    /// private link): what follows `#/clubs/`, read by the event module.
    Clubs(String),
    /// A fragment that names no page.
    NotFound(String),
}

impl Route {
    /// Whether the page of this route brings its own visible heading (the
    /// app gives the others a hidden one): the learning, club and frame
    /// pages and the lobby do, the game pages (online too) do not.
    pub fn has_own_heading(&self) -> bool {
        matches!(self, Route::Lobby | Route::Embed(_))
            || matches!(
                self.module(),
                Some(
                    "learn"
                        | "puzzles"
                        | "rules"
                        | "club"
                        | "builder"
                        | "event"
                        | "newevent"
                        | "clubs"
                )
            )
    }

    /// The wasm module of its own that draws this route's page (a game's,
    /// `learn`, `club`, a frame's…), if any; the app draws the others (the
    /// home page). A page opened by its address starts the app from this
    /// module (`index.html`, which names them alike), so a route's module
    /// carries what the route draws and no more: a frame on a club's site
    /// has a module of its own.
    pub fn module(&self) -> Option<&'static str> {
        match self {
            Route::Othello(_) => Some("othello"),
            Route::Opok(_) => Some("opok"),
            Route::Nim(_) => Some("nim"),
            Route::Learn | Route::LearnGame(_) | Route::Lesson(..) => Some("learn"),
            Route::LearnSet(_) | Route::LearnTeacher | Route::LearnResults(_) => Some("teacher"),
            Route::Puzzles | Route::Puzzle(_) => Some("puzzles"),
            Route::OthelloRules | Route::OpokRules | Route::NimRules => Some("rules"),
            Route::Club => Some("club"),
            // The embed snippet builder, a club webmaster's tool.
            Route::EmbedBuilder(_) => Some("builder"),
            // A frame that follows a live game: the live client and its
            // game's board, without online play's pages.
            Route::Embed(frame) if crate::online::client::LiveFrame::named(frame) => Some(by_game(
                frame_game(frame),
                ["othellolive", "opoklive", "nimlive"],
            )),
            // A club event's frames, and the club's rating list, without
            // the event pages.
            Route::Embed(frame) if is_event_frame(frame) => Some("eventframe"),
            Route::Embed(frame) if crate::links::club::is_ratings_frame(frame) => {
                Some("ratingsframe")
            }
            // A lesson or a puzzle: its own frame's module.
            Route::Embed(frame) => {
                Some(learning_frame_module(frame).unwrap_or_else(|| board_frame_module(frame)))
            }
            // Online play: the lobby and the "Play online" dialog (called
            // from the game pages); a game's page with its game's board.
            Route::Lobby => Some("online"),
            Route::Online(rest) => Some(by_game(
                online_game(rest),
                ["othelloonline", "opokonline", "nimonline"],
            )),
            // A club's events (issue 29): their own module, fetched by
            // `#/event/…` and the event frames only.
            Route::Event(rest) if is_new_event(rest) => Some("newevent"),
            Route::Event(_) => Some("event"),
            Route::Clubs(_) => Some("clubs"),
            _ => None,
        }
    }

    /// The route of a URL fragment (with or without the leading `#`).
    pub fn from_fragment(fragment: &str) -> Route {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        if let Some(frame) = fragment.strip_prefix("/embed/") {
            return Route::Embed(frame.to_string());
        }
        // Read by the online module (`OnlineLink::parse`, which says when
        // it names no game), so that no other module carries the reader.
        if let Some(game) = fragment.strip_prefix("/online/") {
            return Route::Online(game.to_string());
        }
        if let Some(event) = fragment.strip_prefix("/event/") {
            return Route::Event(event.to_string());
        }
        if let Some(club) = fragment.strip_prefix("/clubs/") {
            return Route::Clubs(club.to_string());
        }
        let (path, query) = match fragment.split_once('?') {
            Some((p, q)) => (p, Some(q.to_string())),
            None => (fragment, None),
        };
        match path.trim_end_matches('/') {
            "" => Route::Home,
            "/othello" => Route::Othello(query.filter(|q| !q.is_empty())),
            "/othello/rules" => Route::OthelloRules,
            "/opok" => Route::Opok(query.filter(|q| !q.is_empty())),
            "/opok/rules" => Route::OpokRules,
            "/nim" => Route::Nim(query.filter(|q| !q.is_empty())),
            "/nim/rules" => Route::NimRules,
            "/learn" => Route::Learn,
            "/learn/teacher" => Route::LearnTeacher,
            "/learn/set" => Route::LearnSet(query.unwrap_or_default()),
            "/learn/results" => Route::LearnResults(query.unwrap_or_default()),
            "/puzzles" => Route::Puzzles,
            "/club" => Route::Club,
            "/online" => Route::Lobby,
            "/embed" => Route::EmbedBuilder(query.filter(|q| !q.is_empty())),
            other => learn_route(other).unwrap_or_else(|| Route::NotFound(other.to_string())),
        }
    }

    /// The URL fragment of this route, with the leading `#`.
    pub fn fragment(&self) -> String {
        match self {
            Route::Home => "#/".into(),
            Route::Othello(None) => "#/othello".into(),
            Route::Othello(Some(query)) => format!("#/othello?{query}"),
            Route::OthelloRules => "#/othello/rules".into(),
            Route::Opok(None) => "#/opok".into(),
            Route::Opok(Some(query)) => format!("#/opok?{query}"),
            Route::OpokRules => "#/opok/rules".into(),
            Route::Nim(None) => "#/nim".into(),
            Route::Nim(Some(query)) => format!("#/nim?{query}"),
            Route::NimRules => "#/nim/rules".into(),
            Route::Learn => "#/learn".into(),
            Route::LearnGame(game) => format!("#/learn/{game}"),
            Route::Lesson(game, id) => format!("#/learn/{game}/{id}"),
            Route::LearnSet(query) => format!("#/learn/set?{query}"),
            Route::LearnTeacher => "#/learn/teacher".into(),
            Route::LearnResults(query) => format!("#/learn/results?{query}"),
            Route::Puzzles => "#/puzzles".into(),
            Route::Puzzle(id) => format!("#/puzzles/{id}"),
            Route::Club => "#/club".into(),
            Route::Embed(frame) => format!("#/embed/{frame}"),
            Route::EmbedBuilder(None) => "#/embed".into(),
            Route::EmbedBuilder(Some(query)) => format!("#/embed?{query}"),
            Route::Lobby => "#/online".into(),
            Route::Online(game) => format!("#/online/{game}"),
            Route::Event(event) => format!("#/event/{event}"),
            Route::Clubs(club) => format!("#/clubs/{club}"),
            Route::NotFound(path) => format!("#{path}"),
        }
    }
}

/// The `window.name` of the snippet builder's preview frame. The builder's
/// module carries the three games' board frames and draws the preview
/// itself, so that the builder's page fetches one module, not the
/// builder's and a frame's (index.html's boot reads the name too).
pub const PREVIEW_WINDOW: &str = "mind-sports-preview";

/// The lesson frames' modules, Othello's, Opok's and the take-away
/// games', each drawing its own game's lessons only.
pub const LESSON_FRAMES: [&str; 3] = ["othellolesson", "opoklesson", "nimlesson"];

/// The board frames' modules, Othello's, Opok's and Nim's.
pub const BOARD_FRAMES: [&str; 3] = ["othelloframe", "opokframe", "nimframe"];

/// The module that draws a page of `module` in the builder's preview
/// frame ([`PREVIEW_WINDOW`]): the builder's for a board's frame, which it
/// carries, and `module` itself for any other.
pub fn in_preview(module: &'static str) -> &'static str {
    if BOARD_FRAMES.contains(&module) {
        "builder"
    } else {
        module
    }
}

/// The module of the board frame `frame` (what follows `#/embed/`): its
/// game's, read as the frame reads it (Othello's for a name of no game,
/// which shows Othello).
fn board_frame_module(frame: &str) -> &'static str {
    by_game(frame_game(frame), BOARD_FRAMES)
}

/// The game a frame's address names (what follows `#/embed/`), Othello
/// when it names none (its module then says so).
fn frame_game(frame: &str) -> Game {
    crate::embed::params::frame_route(frame).map_or(Game::Othello, |(game, _)| game)
}

/// The game an online game's address names (what follows `#/online/`):
/// its first segment, Othello when that names none (the page then says
/// so).
fn online_game(rest: &str) -> Game {
    let name = rest.split(['/', '?']).next().unwrap_or_default();
    Game::from_name(name).unwrap_or(Game::Othello)
}

/// `modules`' name of `game`: Othello's, Opok's, Nim's.
fn by_game(game: Game, modules: [&'static str; 3]) -> &'static str {
    match game {
        Game::Othello => modules[0],
        Game::Opok => modules[1],
        Game::Nim => modules[2],
    }
}

/// Whether `rest` (what follows `#/event/`) is the page that creates an
/// event (`new`, `new?club=<id>`).
pub fn is_new_event(rest: &str) -> bool {
    rest.split('?').next() == Some("new")
}

/// The module of a lesson's or a puzzle's frame, or `None` for any other
/// frame.
fn learning_frame_module(frame: &str) -> Option<&'static str> {
    use crate::embed::params::{learning_ref, LearningRef};
    learning_ref(frame).map(|what| match what {
        LearningRef::Lesson(_) => by_game(frame_game(frame), LESSON_FRAMES),
        LearningRef::Puzzle(_) => "puzzleframe",
    })
}

/// Whether what follows `#/embed/` is a club event's frame
/// (`event?id=…&view=…`).
pub fn is_event_frame(frame: &str) -> bool {
    frame == "event" || frame.starts_with("event?") || frame.starts_with("event/?")
}

/// The games that have lessons.
pub const LEARN_GAMES: [&str; 3] = ["othello", "opok", "nim"];

/// `/learn/<game>`, `/learn/<game>/<id>` and `/puzzles/<id>`: ids are short
/// words of lower-case letters, digits and dashes.
fn learn_route(path: &str) -> Option<Route> {
    let id = |s: &str| {
        (1..=40).contains(&s.len())
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    if let Some(puzzle) = path.strip_prefix("/puzzles/") {
        return id(puzzle).then(|| Route::Puzzle(puzzle.to_string()));
    }
    let rest = path.strip_prefix("/learn/")?;
    let (game, lesson) = match rest.split_once('/') {
        Some((game, lesson)) => (game, Some(lesson)),
        None => (rest, None),
    };
    if !LEARN_GAMES.contains(&game) {
        return None;
    }
    match lesson {
        None => Some(Route::LearnGame(game.to_string())),
        Some(lesson) if id(lesson) => Some(Route::Lesson(game.to_string(), lesson.to_string())),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builder_s_preview_draws_a_board_s_frame_with_the_builder_s_module() {
        for frame in ["othello", "opok?mode=play", "nim/?moves=1:3", "reversi"] {
            let module = Route::from_fragment(&format!("/embed/{frame}"))
                .module()
                .unwrap();
            assert!(BOARD_FRAMES.contains(&module), "{frame}: {module}");
            assert_eq!(in_preview(module), "builder", "{frame}");
        }
        for other in [
            "/embed/othello?mode=lesson&lesson=othello-1-1",
            "/embed/nim?live=ab23cd45ef67",
            "/othello",
        ] {
            let module = Route::from_fragment(other).module().unwrap();
            assert_eq!(in_preview(module), module, "{other}");
        }
    }

    #[test]
    fn a_lesson_s_or_a_puzzle_s_frame_is_a_module_of_its_own() {
        // A lesson's or a puzzle's frame is a module of its own, as the
        // lesson or puzzle parameters read.
        for (frame, module) in [
            ("othello?mode=lesson&lesson=othello-1-6", "othellolesson"),
            ("nim?lesson=nim-1-1", "nimlesson"),
            ("opok/?lesson=opok-2-1&theme=dark", "opoklesson"),
            ("othello?mode=puzzle", "puzzleframe"),
            ("othello?puzzle=daily", "puzzleframe"),
            ("othello?mode=view&lesson=othello-1-1", "othelloframe"),
            ("opok?mode=puzzle", "opokframe"),
            ("nim?mode=lesson", "nimframe"),
            ("nim?lesson=othello-1-1", "nimframe"),
        ] {
            let route = Route::from_fragment(&format!("#/embed/{frame}"));
            assert_eq!(route.module(), Some(module), "{frame}");
        }
    }

    #[test]
    fn a_club_s_pages_are_modules_of_their_own() {
        // A club's event is the event module's, its frames the club
        // frames'; creating one, and a club on the server, modules of their
        // own.
        assert_eq!(
            Route::from_fragment("#/event/k7qz3mfa9tbe").module(),
            Some("event")
        );
        for (fragment, module) in [
            ("#/event/new", "newevent"),
            ("#/event/new?club=ab12", "newevent"),
            ("#/event/new/", "event"),
            ("#/event/newer", "event"),
        ] {
            assert_eq!(Route::from_fragment(fragment).module(), Some(module));
            assert!(Route::from_fragment(fragment).has_own_heading());
        }
        assert!(Route::from_fragment("#/event/k7qz3mfa9tbe").has_own_heading());
        assert_eq!(
            Route::from_fragment("#/embed/event?id=k7qz3mfa9tbe&view=standings").module(),
            Some("eventframe")
        );
        // A club on the server too; its ratings frame is a club frame.
        assert_eq!(Route::from_fragment("#/clubs/ab12").module(), Some("clubs"));
        assert!(Route::from_fragment("#/clubs/ab12").has_own_heading());
        assert_eq!(
            Route::from_fragment("#/embed/ratings?club=ab12").module(),
            Some("ratingsframe")
        );
    }

    #[test]
    fn fragments_round_trip() {
        for route in [
            Route::Home,
            Route::Othello(None),
            Route::Othello(Some("moves=f5".into())),
            Route::OthelloRules,
            Route::Opok(None),
            Route::Opok(Some("size=3".into())),
            Route::OpokRules,
            Route::Nim(None),
            Route::Nim(Some("misere=1".into())),
            Route::NimRules,
            Route::Learn,
            Route::LearnGame("opok".into()),
            Route::Lesson("othello".into(), "othello-1-2".into()),
            Route::LearnSet("t=A&i=nim-1-1".into()),
            Route::LearnTeacher,
            Route::LearnResults("i=nim-1-1".into()),
            Route::Puzzles,
            Route::Puzzle("daily".into()),
            Route::Puzzle("corner-0a1b2c3d".into()),
            Route::Club,
            Route::Embed("othello?moves=f5d6&mode=view".into()),
            Route::Embed("nim".into()),
            Route::EmbedBuilder(None),
            Route::EmbedBuilder(Some("game=nim&moves=0:1".into())),
            Route::Lobby,
            Route::Online("othello/ab23cd45ef67".into()),
            Route::Online("nim/ab23cd45ef67?invite=0123abcd".into()),
            Route::Event("k7qz3mfa9tbe".into()),
            Route::Event("k7qz3mfa9tbe?organiser=0f3a".into()),
            Route::Clubs("k7qz3mfa9tbe?token=0f3a".into()),
        ] {
            assert_eq!(Route::from_fragment(&route.fragment()), route);
        }
        assert_eq!(Route::from_fragment(""), Route::Home);
        assert_eq!(
            Route::from_fragment("#/puzzles/daily").module(),
            Some("puzzles")
        );
        assert_eq!(Route::from_fragment("#/learn/nim").module(), Some("learn"));
        assert_eq!(
            Route::from_fragment("#/learn/set?x").module(),
            Some("teacher")
        );
        assert_eq!(Route::from_fragment("#/opok/rules").module(), Some("rules"));
        assert_eq!(Route::from_fragment("#/club").module(), Some("club"));
        assert_eq!(
            Route::from_fragment("#/othello?black=human").module(),
            Some("othello")
        );
        assert_eq!(Route::from_fragment("#/").module(), None);
        assert!(!Route::from_fragment("#/nim").has_own_heading());
        assert!(Route::from_fragment("#/learn").has_own_heading());
        assert_eq!(
            Route::from_fragment("#/embed/opok?size=4").module(),
            Some("opokframe")
        );
        assert_eq!(
            Route::from_fragment("#/embed/othello/").module(),
            Some("othelloframe")
        );
        assert_eq!(
            Route::from_fragment("#/embed/chess?x=1").module(),
            Some("othelloframe")
        );
        assert!(crate::embed::params::parse_fragment(
            &Route::from_fragment("#/embed/nim?heaps=3,4").fragment()
        )
        .is_some());
        assert_eq!(Route::from_fragment("#/othello?"), Route::Othello(None));
        assert_eq!(Route::from_fragment("#/online").module(), Some("online"));
        assert_eq!(
            Route::from_fragment("#/online/opok/ab23cd45ef67").module(),
            Some("opokonline")
        );
        // A live frame is its game's live frames' module; a board its
        // game's frames'.
        assert_eq!(
            Route::from_fragment("#/embed/nim?parent=https://a.example&live=ab23cd45ef67").module(),
            Some("nimlive")
        );
        assert_eq!(
            Route::from_fragment("#/embed/chess?live=ab23cd45ef67").module(),
            Some("othellolive")
        );
        assert_eq!(
            Route::from_fragment("#/online/chess/ab23cd45ef67").module(),
            Some("othelloonline")
        );
        assert_eq!(
            Route::from_fragment("#/embed/nim?heaps=3&alive=1").module(),
            Some("nimframe")
        );
        assert_eq!(
            Route::from_fragment("#/chess"),
            Route::NotFound("/chess".into())
        );
        for bad in [
            "#/learn/chess",
            "#/learn/nim/a/b",
            "#/puzzles/<x>",
            "#/learn/nim/",
        ] {
            let route = Route::from_fragment(bad);
            assert!(
                matches!(route, Route::NotFound(_) | Route::LearnGame(_)),
                "{bad}: {route:?}"
            );
        }
    }
}
