//! What the club events' tests share: JSON calls of `/api/v1/events`, an
//! event's players, and online games of its rounds played through the
//! players' own tokens.

use std::net::SocketAddr;
use std::time::Duration;

use mind_sports_core::online::event::{MyGame, RoundView, Summary};
use mind_sports_core::online::protocol::ServerMessage;
use mind_sports_core::online::room::Status;
use mind_sports_core::online::setup::Setup;
use mind_sports_server::client::{self, Live};
use serde_json::{json, Value};

use super::{legal_move, mv};

/// A JSON call: the status and the body read as JSON.
pub async fn call(at: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let (status, text) = client::request(at, method, path, body.map(|b| b.to_string()))
        .await
        .unwrap();
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// A call that must succeed: its answer as `T`.
pub async fn ok<T: serde::de::DeserializeOwned>(
    at: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> T {
    let (status, value) = call(at, method, path, body).await;
    assert!(
        (200..300).contains(&status),
        "{method} {path}: {status} {value}"
    );
    serde_json::from_value(value).unwrap()
}

/// An event and its tokens.
pub struct Club {
    pub at: SocketAddr,
    pub id: String,
    pub organiser: String,
    /// (name, token), in registration order.
    pub players: Vec<(String, String)>,
}

impl Club {
    /// The path of the event's `rest`.
    pub fn path(&self, rest: &str) -> String {
        format!("/api/v1/events/{}{rest}", self.id)
    }

    /// The organiser's action; its status and answer.
    pub async fn manage(&self, action: Value) -> (u16, Value) {
        let body = json!({ "token": self.organiser, "action": action });
        call(self.at, "POST", &self.path("/manage"), Some(body)).await
    }

    /// The organiser's action, which must succeed.
    pub async fn must(&self, action: Value) -> Value {
        let (status, value) = self.manage(action.clone()).await;
        assert_eq!(status, 200, "{action}: {value}");
        value
    }

    pub fn token(&self, name: &str) -> &str {
        &self.players.iter().find(|(n, _)| n == name).unwrap().1
    }

    pub async fn summary(&self) -> Summary {
        ok(self.at, "GET", &self.path(""), None).await
    }

    /// A player's current game.
    pub async fn me(&self, name: &str) -> MyGame {
        let body = json!({ "token": self.token(name) });
        ok(self.at, "POST", &self.path("/me"), Some(body)).await
    }

    /// The round published last.
    pub async fn round(&self) -> RoundView {
        let rounds: Value = ok(self.at, "GET", &self.path("/rounds"), None).await;
        let last = rounds["rounds"].as_array().unwrap().last().unwrap().clone();
        serde_json::from_value(last).unwrap()
    }

    /// A player's result entry.
    pub async fn report(
        &self,
        name: &str,
        round: u32,
        board: usize,
        score: [f64; 2],
    ) -> (u16, Value) {
        let body =
            json!({ "token": self.token(name), "round": round, "board": board, "score": score });
        call(self.at, "POST", &self.path("/report"), Some(body)).await
    }

    /// Waits until `done` holds for the round published last.
    pub async fn wait_round(&self, done: impl Fn(&RoundView) -> bool) -> RoundView {
        for _ in 0..200 {
            let round = self.round().await;
            if done(&round) {
                return round;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the round did not get there: {:?}", self.round().await);
    }
}

/// A new club on the server: its id and token.
pub async fn new_club(at: SocketAddr, name: &str) -> (String, String) {
    let created: Value = ok(at, "POST", "/api/v1/clubs", Some(json!({ "name": name }))).await;
    let id = created["club"].as_str().unwrap().to_string();
    (id, created["token"].as_str().unwrap().to_string())
}

/// Creates an event with `settings` and registers `names`.
pub async fn club(at: SocketAddr, settings: Value, names: &[String]) -> Club {
    let created: Value = ok(at, "POST", "/api/v1/events", Some(settings)).await;
    let mut club = Club {
        at,
        id: created["event"].as_str().unwrap().to_string(),
        organiser: created["organiser"].as_str().unwrap().to_string(),
        players: Vec::new(),
    };
    for name in names {
        let body = json!({ "name": name });
        let entered: Value = ok(at, "POST", &club.path("/register"), Some(body)).await;
        assert_eq!(entered["name"], json!(name));
        club.players
            .push((name.clone(), entered["token"].as_str().unwrap().to_string()));
    }
    club
}

/// Both players of `black`'s current game open it with their own tokens
/// (found with "my current game") and play `plies` moves (`None`: to the
/// end). The game's id.
pub async fn play(
    club: &Club,
    setup: &Setup,
    black: &str,
    white: &str,
    plies: Option<usize>,
) -> String {
    let mine = club.me(black).await;
    let theirs = club.me(white).await;
    let board = mine.board.clone().unwrap();
    assert_eq!((mine.seat, theirs.seat), (Some(0), Some(1)), "{mine:?}");
    let game = board.game.unwrap();
    let mut seats = Vec::new();
    for (name, seat) in [(black, 0), (white, 1)] {
        let (live, got, _) = Live::game(club.at, &game, Some(club.token(name)))
            .await
            .unwrap();
        assert_eq!(got, Some(seat), "the player token holds the seat");
        seats.push(live);
    }
    let mut id = 0;
    loop {
        let view = client::view(club.at, &game).await.unwrap();
        if !matches!(view.brief.status, Status::Playing)
            || plies.is_some_and(|p| view.moves.len() >= p)
        {
            break;
        }
        let mover = usize::from(view.brief.to_move.unwrap());
        let square = legal_move(setup, &view.moves).unwrap();
        id += 1;
        let acted = seats[mover].act(mv(id, view.moves.len(), &square)).await;
        assert!(
            acted.is_ok() || matches!(acted, Err(ServerMessage::Refused { .. })),
            "{acted:?}"
        );
    }
    for live in seats {
        live.close().await;
    }
    game
}

/// Black makes a move in their current game, then White sends `last`
/// (`resign` or `abort`).
pub async fn white_gives_up(club: &Club, setup: &Setup, black: &str, white: &str, last: &str) {
    use mind_sports_core::online::protocol::ClientMessage;
    let game = club.me(black).await.board.unwrap().game.unwrap();
    let (mut first, _, view) = Live::game(club.at, &game, Some(club.token(black)))
        .await
        .unwrap();
    let (mut second, _, _) = Live::game(club.at, &game, Some(club.token(white)))
        .await
        .unwrap();
    let square = legal_move(setup, &view.moves).unwrap();
    first.act(mv(1, 0, &square)).await.unwrap();
    let message = match last {
        "resign" => ClientMessage::Resign { id: 2 },
        _ => ClientMessage::Abort { id: 2 },
    };
    second.act(message).await.unwrap();
    first.close().await;
    second.close().await;
}

/// A club manager's Nim file named `name` of five players (Ann, Bob,
/// Cid, Dan, Eve; three rounds planned) with round 1 played: the two
/// games and the bye.
pub fn nim_file(name: &str, games: [(&str, &str, [f64; 2]); 2], bye: &str) -> String {
    use mind_sports_core::club::tournament::{Entry, Format, Player, Tournament};
    let mut t = Tournament::new("nim", Format::Swiss, 8, 3);
    t.name = Some(name.into());
    t.players = ["Ann", "Bob", "Cid", "Dan", "Eve"]
        .map(Player::named)
        .to_vec();
    t.games = games
        .iter()
        .map(|(black, white, score)| Entry::Game {
            round: 1,
            black: (*black).into(),
            white: (*white).into(),
            score: *score,
        })
        .collect();
    t.games.push(Entry::Bye {
        round: 1,
        bye: bye.into(),
    });
    t.to_text()
}

/// An event made from an upload (`POST /events/import` with `upload`),
/// with the tokens of the file's players from the answer.
pub async fn imported(at: SocketAddr, upload: Value) -> Club {
    let created: Value = ok(at, "POST", "/api/v1/events/import", Some(upload)).await;
    let players = created["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let field = |k: &str| p[k].as_str().unwrap().to_string();
            (field("name"), field("token"))
        })
        .collect();
    Club {
        at,
        id: created["event"].as_str().unwrap().into(),
        organiser: created["organiser"].as_str().unwrap().into(),
        players,
    }
}
