//! A club's event run on the server (issue 29): the messages of
//! `/api/v1/events/…` that the server and the browser's pages share, and
//! the changes an event's log is made of. Serde types only (no network,
//! no database), so they build for wasm32. `docs/tournament.md`, "Running
//! an event online", lists the routes.
//!
//! An event is a club tournament (`club::tournament`) whose rounds are
//! paired by the club's pairing code and played as online games. The
//! organiser creates it ([`CreateEvent`] or [`ImportEvent`]) and gets a
//! private organiser token; players register ([`Register`]) and get a
//! player token, which is also the seat token of each of their games.
//!
//! ```
//! use mind_sports_core::online::event::{Action, BoardScore, CreateEvent, Manage};
//! use mind_sports_core::online::protocol::decode;
//! let create: CreateEvent = decode(br#"{"name":"Spring Open","game":"othello",
//!     "rules":"size=4","timing":{"kind":"live","control":"1+0"},
//!     "format":"swiss","rounds":5,"start_limit_s":300}"#).unwrap();
//! assert_eq!(create.rounds, 5);
//! let manage: Manage = decode(br#"{"token":"0f3a","action":{"type":"publish"}}"#).unwrap();
//! assert_eq!(manage.action, Action::Publish {});
//! // Every request refuses a field it does not know.
//! assert!(decode::<Manage>(br#"{"token":"0f3a","action":{"type":"undo","x":1}}"#).is_err());
//! let result: Manage = decode(br#"{"token":"0f3a","action":{"type":"result",
//!     "round":2,"board":1,"score":[10,6]}}"#).unwrap();
//! assert!(matches!(result.action, Action::Result(BoardScore { round: 2, board: 1, .. })));
//! ```

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use super::protocol::LimitReached;
use super::room::{Reason, Status};
use super::setup::{GameKind, Setup, Timing};
use crate::club::tournament::Format;

/// The largest tournament file an event is created from (the other
/// requests keep the protocol's 4096 bytes): a club's season with a few
/// hundred players fits; a hostile upload is refused before it is read.
pub const MAX_UPLOAD_BYTES: usize = 256 * 1024;

/// The time controls the pages offer for an event's games ("Run online"
/// and `#/event/new`).
pub const CONTROLS: [&str; 6] = ["3+2", "5+3", "10+5", "15+10", "25+0", "60+30"];

/// The time a player has to make their first move after the round is
/// published, unless the event sets another (seconds).
pub const DEFAULT_START_LIMIT_S: u32 = 900;

/// The longest start limit an event may set (seconds: a week).
pub const MAX_START_LIMIT_S: u32 = 7 * 24 * 3600;

/// The club a new event is made in: the club's id and its token, which
/// proves the right to add events to it (`"club"` and `"club_token"` in
/// the request; neither for an event of no club).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClubClaim {
    /// The club's id.
    #[serde(default, rename = "club")]
    pub id: Option<String>,
    /// The club's token.
    #[serde(default, rename = "club_token")]
    pub token: Option<String>,
}

/// `POST /api/v1/events`: a new event from settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateEvent {
    /// The event's name ("Spring Open 2027").
    pub name: String,
    /// Which game.
    pub game: GameKind,
    /// The game's rules as online games write them (`size=4` for 4×4
    /// Othello); empty for the usual start.
    #[serde(default)]
    pub rules: String,
    /// The clock of every game (as online games have it).
    pub timing: Timing,
    /// Swiss (the default) or a round robin.
    #[serde(default)]
    pub format: Format,
    /// The rounds of a Swiss (a round robin takes those of its table when
    /// its first round is published).
    pub rounds: u32,
    /// The time a player has to start a game (seconds; see
    /// [`DEFAULT_START_LIMIT_S`]).
    #[serde(default)]
    pub start_limit_s: Option<u32>,
    /// Played at the tables: no online games and no server clocks; the
    /// players report their results (or the organiser enters them).
    #[serde(default)]
    pub at_tables: bool,
    /// The club the event is made in, if any (`club` and `club_token`).
    #[serde(flatten)]
    pub club: ClubClaim,
}

/// `POST /api/v1/events/import`: a new event from a tournament file the
/// club manager saves (JSON or CSV), with its players and any rounds
/// already played. At most [`MAX_UPLOAD_BYTES`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportEvent {
    /// The file's text.
    pub file: String,
    /// The game's rules beyond the file's board size (usually empty).
    #[serde(default)]
    pub rules: String,
    /// The clock of every game.
    pub timing: Timing,
    /// The time a player has to start a game (seconds).
    #[serde(default)]
    pub start_limit_s: Option<u32>,
    /// Played at the tables (see [`CreateEvent::at_tables`]).
    #[serde(default)]
    pub at_tables: bool,
    /// The club the event is made in, if any (`club` and `club_token`).
    #[serde(flatten)]
    pub club: ClubClaim,
}

/// A player and their new secret token (given once).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct PlayerToken {
    /// The player's name in the event.
    pub name: String,
    /// Their token: the seat token of every game of theirs.
    pub token: String,
}

/// The answer to a create or an import.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct Created {
    /// The event's public id (its links name it).
    pub event: String,
    /// The organiser's secret token (kept only as a hash).
    pub organiser: String,
    /// The tokens of the players a file brought, for the organiser to
    /// hand out.
    pub players: Vec<PlayerToken>,
}

/// `POST /api/v1/events/<id>/register`: a player enters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Register {
    /// The player's name (unique in the event).
    pub name: String,
    /// The player's rating, if they give one (from 0 to [`MAX_RATING`]):
    /// round 1 is seeded by it when the club's rating list has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
}

/// The highest rating a player may give (the Glicko scale's numbers stay
/// far below it).
pub const MAX_RATING: f64 = 4000.0;

/// A request that needs only a token (`me`, `log`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenOnly {
    /// The organiser's or the player's token.
    pub token: String,
}

/// `POST /api/v1/events/<id>/manage`: the organiser changes the event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manage {
    /// The organiser's token, or the token of the event's club (which
    /// manages every event of the club).
    pub token: String,
    /// What to do.
    pub action: Action,
}

/// A board's score as the organiser enters or corrects it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardScore {
    /// The round.
    pub round: u32,
    /// The board (1 is the top board).
    pub board: usize,
    /// The score, the first player's first (discs for Othello).
    pub score: [f64; 2],
    /// The board's online game may still be played: the organiser was
    /// asked and confirmed that the result ends it (without this, a
    /// result for a running game is refused as [`Refusal::GameRunning`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ends_game: bool,
}

/// What the organiser does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Adds a player (a late entry once rounds are played); the answer
    /// carries their token.
    Add {
        /// The name.
        name: String,
        /// The rating, if given (as at registration).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating: Option<f64>,
    },
    /// Withdraws a player after the round now published (or played).
    Withdraw {
        /// The name.
        name: String,
    },
    /// Publishes the next round's pairings; every game becomes an online
    /// game. (Written `{}` so that, as every request, it takes no field
    /// it does not know.)
    Publish {},
    /// Enters the result of a board that has none.
    Result(BoardScore),
    /// Changes a result already entered (`Tournament::correct`).
    Correct(BoardScore),
    /// Takes back the last result or correction of the round published
    /// last.
    Undo {},
    /// Moves a board without a result to the table: its online game no
    /// longer counts, the result is reported or entered.
    AtTable {
        /// The round.
        round: u32,
        /// The board.
        board: usize,
    },
    /// Opens or closes registration through the public link (open until
    /// closed; the organiser's `add` works either way).
    Registration {
        /// Whether players may register.
        open: bool,
    },
    /// Gives a player a new private link (the answer carries its token);
    /// the old token is refused from then on, in the event and its games.
    Reissue {
        /// The player.
        name: String,
    },
}

/// `POST /api/v1/events/<id>/report`: a player enters the result of their
/// own board; it counts once the opponent enters the same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// The player's token.
    pub token: String,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: usize,
    /// The score, the first player's first.
    pub score: [f64; 2],
}

/// How a board's result came.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum How {
    /// The online game ended.
    Game {
        /// Why it ended.
        reason: Reason,
    },
    /// `seat` did not start the game in time, or aborted it.
    Forfeit {
        /// The side that forfeited.
        seat: u8,
    },
    /// Neither player was there when the start limit passed: both lose
    /// (the game is not in the tournament: no points to either; the
    /// organiser may enter a result instead).
    DoubleForfeit,
    /// The organiser entered it.
    Organiser,
    /// Both players entered the same result.
    Players,
}

impl How {
    /// Whether the game was played: a forfeit is a result of the standings
    /// but no game, and the club's rating list leaves it out.
    pub fn played(&self) -> bool {
        !matches!(self, How::Forfeit { .. })
    }
}

/// One game of a published round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct Pairing {
    /// The first player (Black).
    pub black: String,
    /// The second player.
    pub white: String,
    /// The online game's id; empty for a board played at the table.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub game: String,
}

/// One change of an event, as its log stores it (the event is the fold of
/// its changes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Change {
    /// The event was created: its tournament file (JSON), the setup of
    /// its games and the start limit.
    Created {
        /// The tournament as the club manager's JSON file.
        file: String,
        /// The setup of every game.
        setup: Setup,
        /// Milliseconds a player has to start.
        start_limit_ms: u64,
        /// Played at the tables: rounds make no online games.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        at_tables: bool,
    },
    /// The organiser moved a board of an online event to the table (a
    /// player without a phone): its online game no longer counts.
    AtTable {
        /// The round.
        round: u32,
        /// The board.
        board: usize,
    },
    /// A player entered (registered, or added by the organiser).
    Entered {
        /// The name.
        name: String,
        /// The rating given, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating: Option<f64>,
    },
    /// Round 1 of a club's event is seeded by the club's rating list:
    /// these players' ratings (the rest keep the one given, if any).
    Seeded {
        /// The players and their ratings in the club's list.
        seeds: Vec<Seed>,
    },
    /// A player withdrew after round `after`.
    Withdrawn {
        /// The name.
        name: String,
        /// The last round they play.
        after: u32,
    },
    /// A round's pairings were published.
    Published {
        /// The round.
        round: u32,
        /// The planned rounds (a round robin's table fixes them).
        rounds: u32,
        /// The games, the top board first.
        boards: Vec<Pairing>,
        /// Who has the bye.
        bye: Option<String>,
        /// When a player who has not started loses by forfeit (service
        /// milliseconds).
        start_by: u64,
    },
    /// A player entered a result for their board (waits for the other).
    Reported {
        /// The round.
        round: u32,
        /// The board.
        board: usize,
        /// Which side entered it.
        seat: u8,
        /// The score.
        score: [f64; 2],
    },
    /// A board got its result.
    Result {
        /// The round.
        round: u32,
        /// The board.
        board: usize,
        /// The score.
        score: [f64; 2],
        /// How.
        how: How,
    },
    /// The organiser changed a result.
    Corrected {
        /// The round.
        round: u32,
        /// The board.
        board: usize,
        /// The new score.
        score: [f64; 2],
    },
    /// The start limit of `round` passed: the games of `forfeits` (boards)
    /// were not started in time and end by forfeit.
    StartLimit {
        /// The round.
        round: u32,
        /// The boards forfeited.
        forfeits: Vec<usize>,
    },
    /// The organiser opened or closed registration.
    Registration {
        /// Whether players may register.
        open: bool,
    },
    /// The organiser took back the last result or correction.
    Undone {
        /// The round.
        round: u32,
        /// The board.
        board: usize,
    },
    /// The event joined a club (at its creation or later; an event has
    /// one club).
    Club {
        /// The club's id.
        club: String,
        /// The club's name when the event joined it (absent in logs
        /// written before names were kept).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        name: String,
    },
    /// A player's private link was reissued (the old token is refused).
    Reissued {
        /// The player.
        name: String,
    },
}

/// A player's rating from the club's list, seeding round 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct Seed {
    /// The name, as the event has it.
    pub name: String,
    /// The rating.
    pub rating: f64,
}

/// Who made a change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "who", rename_all = "snake_case")]
pub enum Who {
    /// The organiser's token.
    Organiser,
    /// A player's token (the player's name).
    Player {
        /// The name.
        name: String,
    },
    /// Registration through the public link.
    Registration,
    /// The server (a game ended, a forfeit fell due).
    Server,
}

/// A line of the event's log (the organiser reads it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct LogEntry {
    /// The change's number (from 0).
    pub seq: u64,
    /// When (milliseconds since 1970).
    pub at_ms: u64,
    /// Who.
    #[serde(flatten)]
    pub who: Who,
    /// What.
    pub change: Change,
}

/// `POST /api/v1/events/<id>/log`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct Log {
    /// Every change, oldest first.
    pub entries: Vec<LogEntry>,
}

/// Where an event stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// No round published yet.
    Registering,
    /// A round is being played.
    Playing,
    /// The published round is over; the next is not published yet.
    BetweenRounds,
    /// Every planned round is over.
    Finished,
}

/// `GET /api/v1/events/<id>`: the event in brief.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct Summary {
    /// The event's id.
    pub event: String,
    /// Its name.
    pub name: Option<String>,
    /// The setup of its games.
    pub setup: Setup,
    /// The pairing system.
    pub format: Format,
    /// The planned rounds.
    pub rounds: u32,
    /// The last round published (0 before the first).
    pub round: u32,
    /// Where it stands.
    pub stage: Stage,
    /// The players entered.
    pub players: usize,
    /// Seconds a player has to start.
    pub start_limit_s: u64,
    /// Whether players may register through the public link.
    pub registration: bool,
    /// The changes so far (the live stream's `seq`).
    pub seq: u64,
    /// The club it belongs to (its rating list: `/api/v1/clubs/<id>`).
    #[serde(default)]
    pub club: Option<String>,
    /// The club's name, when the event's log has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club_name: Option<String>,
    /// Played at the tables (no online games, no clocks).
    #[serde(default)]
    pub at_tables: bool,
}

/// A player as `GET …/players` lists them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct PlayerLine {
    /// The name.
    pub name: String,
    /// The last round they play, once withdrawn.
    pub withdrawn_after: Option<u32>,
    /// Points so far.
    pub points: f64,
}

/// A board of a round as `GET …/rounds` shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct BoardView {
    /// The board (1 is the top board).
    pub board: usize,
    /// The first player.
    pub black: String,
    /// The second player.
    pub white: String,
    /// The online game (open `#/online/<game>/<id>` to watch it).
    pub game: Option<String>,
    /// Where the online game stands.
    pub state: Option<Status>,
    /// The result, once there is one.
    pub score: Option<[f64; 2]>,
    /// How the result came.
    pub how: Option<How>,
    /// Results entered by each player and not yet confirmed: in the
    /// player's own view only (the public sees [`BoardView::disputed`]).
    pub reported: [Option<[f64; 2]>; 2],
    /// Both players reported, and the reports differ: the organiser
    /// decides.
    #[serde(default)]
    pub disputed: bool,
    /// Played at the table (no online game).
    #[serde(default)]
    pub at_table: bool,
}

/// A round's pairings and results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct RoundView {
    /// The round.
    pub round: u32,
    /// Its games, the top board first.
    pub boards: Vec<BoardView>,
    /// Who has the bye.
    pub bye: Option<String>,
}

/// `GET …/rounds`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct Rounds {
    /// Every round published here (rounds a file brought are in the
    /// export), in order.
    pub rounds: Vec<RoundView>,
}

/// `POST …/me`: a player's current game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct MyGame {
    /// The player's name.
    pub name: String,
    /// The round published last (0: none yet).
    pub round: u32,
    /// Their board in it, if they play.
    pub board: Option<BoardView>,
    /// Their seat in its game (0 moves first); the token is the player
    /// token.
    pub seat: Option<u8>,
    /// Whether they have the bye.
    pub bye: bool,
}

/// The answer to `manage`: the event now, and a new player's token (for
/// `add` and `reissue`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct Managed {
    /// The event in brief.
    pub summary: Summary,
    /// The added player's token, or the reissued one.
    pub token: Option<String>,
    /// What an undo took back: the round and the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undone: Option<(u32, usize)>,
}

/// What the event's live stream (`/api/v1/events/<id>/live`) sends: the
/// whole public state first, then again after each change as it is
/// committed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventMessage {
    /// The event as of change `seq`.
    Event {
        /// The summary.
        summary: Summary,
        /// The round published last, if any.
        round: Option<RoundView>,
        /// The standings as `engine standings --json` gives them.
        standings: serde_json::Value,
    },
}

/// Why the event refused a request (`{"error": "refused", "refusal":
/// {"reason": "round_not_finished"}}`, as online games' refusals).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// The previous round still has boards without a result.
    RoundNotFinished,
    /// Every planned round is published.
    Finished,
    /// The pairing code could not pair (its reason, in English).
    Pairing {
        /// Why.
        detail: String,
    },
    /// No such player.
    UnknownPlayer,
    /// The name is taken.
    NameTaken,
    /// The player withdrew already.
    AlreadyWithdrawn,
    /// No such board.
    NoSuchBoard,
    /// The board has its result already (correct it instead).
    HasResult,
    /// The board has no result yet.
    NoResult,
    /// The score is not one of the game's results.
    Score,
    /// The board is not the player's.
    NotYourBoard,
    /// Nothing to undo.
    NothingToUndo,
    /// The event has the most players it takes.
    Full,
    /// Registration is closed (by the organiser, at the first round's
    /// publication, or the event is over).
    RegistrationClosed,
    /// The board is played at the table already.
    AtTable,
    /// The event is over: no player enters or withdraws any more.
    Over,
    /// A round robin's table is fixed when its first round is published:
    /// nobody joins it later (its schedule is not redrawn).
    TableFixed,
    /// The board's online game is still being played: the organiser's
    /// result would end it, so the page asks first and says so
    /// ([`BoardScore::ends_game`]).
    GameRunning {
        /// The round.
        round: u32,
        /// The board.
        board: usize,
    },
    /// A rating given is not a number from 0 to [`MAX_RATING`].
    Rating,
}

/// What is wrong with a player's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(rename_all = "snake_case")]
pub enum NameProblem {
    /// Nothing visible.
    Empty,
    /// Longer than online names may be.
    TooLong,
    /// A control character or a text-direction control.
    Control,
    /// `<` or `>`: names are text, and markup is refused outright.
    Markup,
}

/// An event request's error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum EventError {
    /// The body does not read.
    Malformed {
        /// What the decoder said.
        detail: String,
    },
    /// The body is too large.
    TooLarge,
    /// No such event.
    NotFound,
    /// The token is not the organiser's (or the player's) of this event.
    WrongToken,
    /// The settings were refused (`problem` as online setups say it, or
    /// `rounds`, `start_limit`, `size`).
    Setup {
        /// Why.
        problem: String,
    },
    /// A player's name was refused.
    Name {
        /// Why.
        problem: NameProblem,
    },
    /// The uploaded file was refused: `problem` names the rule
    /// (`too_many_players`, `json`, `csv`, `duplicate_name`, …), `detail`
    /// says it in English.
    File {
        /// The rule.
        problem: String,
        /// The reader's message.
        detail: String,
    },
    /// The event cannot do that now.
    Refused {
        /// Why.
        refusal: Refusal,
    },
    /// A limit was reached.
    Limit(LimitReached),
    /// The database failed; try again.
    Unavailable,
}
