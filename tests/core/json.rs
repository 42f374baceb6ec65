//! The derived readers read what serde reads: every message type the pages
//! read, each variant written out below, and each of those texts changed
//! in every place (a key removed, an unknown key added, a value of each
//! other kind, a tag that names nothing), read by both: the same value or
//! both a refusal.

#![cfg(not(target_arch = "wasm32"))]

use mind_sports_core::json::*;
use mind_sports_core::learn::lesson::{Lesson, Opponent, Stage};
use mind_sports_core::learn::shipped::{parse_puzzles, ShippedPuzzle};
use mind_sports_core::links::club::KeptClub;
use mind_sports_core::links::event::Kept;
use mind_sports_core::online::client::kept::KeptSeat;
use mind_sports_core::online::club::{Club, ClubCreated, ClubError, ClubMessage};
use mind_sports_core::online::event::{
    Change, Created, EventError, EventMessage, Log, Managed, MyGame, Rounds, Summary,
};
use mind_sports_core::online::protocol::parts::Piece;
use mind_sports_core::online::protocol::{ApiError, Challenge, GameView, Seated, ServerMessage};
use mind_sports_core::online::room::{Event, Refusal, Status};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// Pieces the samples are written of (`$NAME` in a sample).
const PIECES: [(&str, &str); 12] = [
    (
        "$SETUP",
        r#"{"game":"othello","rules":"size=8","timing":{"kind":"live","control":"5+3"}}"#,
    ),
    (
        "$NIMSETUP",
        r#"{"game":"nim","timing":{"kind":"correspondence","days":3}}"#,
    ),
    (
        "$OPOKSETUP",
        r#"{"game":"opok","rules":"","timing":{"kind":"live","control":"3+2","completes":true}}"#,
    ),
    (
        "$ENDING",
        r#"{"score":{"winner":0,"points":[40,24]},"reason":"time","at":5}"#,
    ),
    (
        "$OVER",
        r#"{"state":"over","score":{"winner":null,"points":null},"reason":"double_forfeit","at":9}"#,
    ),
    (
        "$BRIEF",
        r#"{"status":{"state":"completing","loser":1},"ply":3,"to_move":1,"clock":{"left_ms":[301800,-5],"running":1,"deadline_ms":1767225900000},"rematch":[false,true],"next_game":null,"present":[true,false]}"#,
    ),
    (
        "$ENDED",
        r#"{"status":$OVER,"ply":0,"to_move":null,"clock":null,"rematch":[false,false],"next_game":"abc","present":[false,false]}"#,
    ),
    (
        "$VIEW",
        r#"{"game":"ab23","setup":$SETUP,"public":true,"names":["Eva",null],"moves":["f5","d6"],"seq":4,"brief":$BRIEF,"expires_ms":99,"event":{"event":"k7","round":2,"board":1}}"#,
    ),
    (
        "$CHALLENGE",
        r#"{"game":"g1","setup":$NIMSETUP,"name":"Eva","seat":0,"created_ms":5,"expires_ms":10}"#,
    ),
    (
        "$SUMMARY",
        r#"{"event":"k7","name":"Club evening","setup":$SETUP,"format":"swiss","rounds":5,"round":2,"stage":"between_rounds","players":8,"start_limit_s":60,"registration":false,"seq":12,"club":"c1","club_name":"Brno","at_tables":true}"#,
    ),
    (
        "$BOARD",
        r#"{"board":1,"black":"Ann","white":"Bob","game":"g1","state":{"state":"playing"},"score":[1,0],"how":{"by":"game","reason":"resigned"},"reported":[[1,0],null],"disputed":true,"at_table":false}"#,
    ),
    (
        "$ROUND",
        r#"{"round":2,"boards":[$BOARD,{"board":2,"black":"C","white":"D","game":null,"state":$OVER,"score":null,"how":{"by":"forfeit","seat":1},"reported":[null,null]}],"bye":"Eve"}"#,
    ),
];

/// `sample` with its pieces written out.
fn fill(sample: &str) -> String {
    let mut text = sample.to_string();
    while text.contains('$') {
        for (name, piece) in PIECES.iter().rev() {
            text = text.replace(name, piece);
        }
    }
    text
}

/// Every variant of the games' messages.
const SERVER_MESSAGES: [&str; 11] = [
    r#"{"type":"welcome","seat":0,"game":$VIEW,"claim_after_ms":60000}"#,
    r#"{"type":"welcome","seat":null,"game":{"game":"x","setup":$OPOKSETUP,"public":false,"names":[null,"B"],"moves":[],"seq":0,"brief":$ENDED}}"#,
    r#"{"type":"update","seq":3,"event":{"type":"moved","seat":0,"moves":["f5","pass"],"at":6},"brief":$BRIEF}"#,
    r#"{"type":"presence","brief":$ENDED}"#,
    r#"{"type":"ack","id":1}"#,
    r#"{"type":"refused","id":2,"refusal":{"reason":"moved_on","ply":3}}"#,
    r#"{"type":"pong","id":3}"#,
    r#"{"type":"error","error":{"error":"limit","what":"requests_per_second","limit":5}}"#,
    r#"{"type":"lobby","challenges":[$CHALLENGE,{"game":"g2","setup":$SETUP,"name":"Ivan","seat":1,"created_ms":7}]}"#,
    r#"{"type":"challenge_opened","challenge":$CHALLENGE}"#,
    r#"{"type":"challenge_closed","game":"g1"}"#,
];

/// Every variant of a game's events.
const EVENTS: [&str; 16] = [
    r#"{"type":"created","setup":$SETUP,"public":false,"names":["Eva","Ivan"],"at":1,"event":{"event":"e","round":1,"board":3},"waits":true}"#,
    r#"{"type":"created","setup":$NIMSETUP,"public":true,"names":["Eva",null],"at":1}"#,
    r#"{"type":"started","at":2}"#,
    r#"{"type":"forfeited","absent":[true,false],"at":3}"#,
    r#"{"type":"decided","score":{"winner":null,"points":[32,32]},"at":4}"#,
    r#"{"type":"joined","seat":1,"name":"Ivan","at":5}"#,
    r#"{"type":"moved","seat":0,"moves":["f5"],"at":6}"#,
    r#"{"type":"flagged","seat":1,"at":7}"#,
    r#"{"type":"resigned","seat":0,"at":8}"#,
    r#"{"type":"aborted","seat":1,"at":9}"#,
    r#"{"type":"claimed","seat":0,"at":10}"#,
    r#"{"type":"settled","at":11}"#,
    r#"{"type":"cancelled","at":12}"#,
    r#"{"type":"expired","at":13}"#,
    r#"{"type":"rematch_offered","seat":1,"at":14}"#,
    r#"{"type":"rematched","game":"xy","at":15}"#,
];

/// Every reason a game ends, where it stands, and every refusal of a move.
const STATUSES: [&str; 14] = [
    r#"{"state":"open"}"#,
    r#"{"state":"playing"}"#,
    r#"{"state":"completing","loser":0}"#,
    r#"{"state":"over","score":{"winner":1},"reason":"finished","at":1}"#,
    r#"{"state":"over","score":{"points":[1,2]},"reason":"time","at":1}"#,
    r#"{"state":"over","score":{},"reason":"completed","at":1}"#,
    r#"{"state":"over","score":{},"reason":"resigned","at":1}"#,
    r#"{"state":"over","score":{},"reason":"abandoned","at":1}"#,
    r#"{"state":"over","score":{},"reason":"aborted","at":1}"#,
    r#"{"state":"over","score":{},"reason":"cancelled","at":1}"#,
    r#"{"state":"over","score":{},"reason":"expired","at":1}"#,
    r#"{"state":"over","score":{},"reason":"forfeit","at":1}"#,
    r#"{"state":"over","score":{},"reason":"double_forfeit","at":1}"#,
    r#"{"state":"over","score":{},"reason":"decided","at":1}"#,
];

const REFUSALS: [&str; 14] = [
    r#"{"reason":"not_a_player"}"#,
    r#"{"reason":"wrong_seat"}"#,
    r#"{"reason":"not_open"}"#,
    r#"{"reason":"not_playing"}"#,
    r#"{"reason":"not_your_turn"}"#,
    r#"{"reason":"moved_on","ply":3}"#,
    r#"{"reason":"move","error":{"problem":"not_one_move"}}"#,
    r#"{"reason":"move","error":{"problem":"illegal","detail":"a1"}}"#,
    r#"{"reason":"too_late_to_abort"}"#,
    r#"{"reason":"opponent_present"}"#,
    r#"{"reason":"claim_too_early","wait_ms":500}"#,
    r#"{"reason":"not_live"}"#,
    r#"{"reason":"no_rematch"}"#,
    r#"{"reason":"not_completing"}"#,
];

/// Every refusal of the HTTP API and of a connection.
const API_ERRORS: [&str; 22] = [
    r#"{"error":"malformed","detail":"x"}"#,
    r#"{"error":"too_large"}"#,
    r#"{"error":"setup","problem":{"problem":"rules_too_long"}}"#,
    r#"{"error":"setup","problem":{"problem":"key","detail":"size"}}"#,
    r#"{"error":"setup","problem":{"problem":"rules","detail":"size=9"}}"#,
    r#"{"error":"setup","problem":{"problem":"start_over"}}"#,
    r#"{"error":"setup","problem":{"problem":"control","detail":"9+"}}"#,
    r#"{"error":"setup","problem":{"problem":"days","detail":40}}"#,
    r#"{"error":"setup","problem":{"problem":"completion","detail":null}}"#,
    r#"{"error":"name","problem":"empty"}"#,
    r#"{"error":"name","problem":"too_long"}"#,
    r#"{"error":"name","problem":"control"}"#,
    r#"{"error":"not_found"}"#,
    r#"{"error":"wrong_token"}"#,
    r#"{"error":"wrong_invite"}"#,
    r#"{"error":"refused","refusal":{"reason":"not_your_turn"}}"#,
    r#"{"error":"hello_first"}"#,
    r#"{"error":"limit","what":"open_challenges","limit":3}"#,
    r#"{"error":"origin"}"#,
    r#"{"error":"unavailable"}"#,
    r#"{"error":"refused","refusal":{"reason":"move","error":{"problem":"illegal","detail":"z9"}}}"#,
    r#"{"error":"malformed","detail":""}"#,
];

/// Every change to an event, as its log keeps them, with who made it.
const LOGS: [&str; 2] = [
    r#"{"entries":[
        {"seq":0,"at_ms":1,"who":"organiser","change":{"type":"created","file":"{}","setup":$SETUP,"start_limit_ms":60000,"at_tables":true}},
        {"seq":1,"at_ms":2,"who":"player","name":"Ann","change":{"type":"entered","name":"Ann","rating":1500.5}},
        {"seq":2,"at_ms":3,"who":"registration","change":{"type":"entered","name":"Bob"}},
        {"seq":3,"at_ms":4,"who":"server","change":{"type":"at_table","round":1,"board":2}},
        {"seq":4,"at_ms":5,"who":"organiser","change":{"type":"seeded","seeds":[{"name":"Ann","rating":1500},{"name":"Bob","rating":1400.25}]}},
        {"seq":5,"at_ms":6,"who":"organiser","change":{"type":"withdrawn","name":"Bob","after":2}},
        {"seq":6,"at_ms":7,"who":"organiser","change":{"type":"published","round":1,"rounds":5,"boards":[{"black":"Ann","white":"Bob","game":"g1"},{"black":"C","white":"D"}],"bye":"Eve","start_by":90000}},
        {"seq":7,"at_ms":8,"who":"player","name":"Bob","change":{"type":"reported","round":1,"board":1,"seat":1,"score":[0.5,0.5]}}
    ]}"#,
    r#"{"entries":[
        {"seq":8,"at_ms":9,"who":"server","change":{"type":"result","round":1,"board":1,"score":[1,0],"how":{"by":"double_forfeit"}}},
        {"seq":9,"at_ms":9,"who":"server","change":{"type":"result","round":1,"board":2,"score":[0,1],"how":{"by":"organiser"}}},
        {"seq":10,"at_ms":9,"who":"server","change":{"type":"result","round":1,"board":3,"score":[0,0],"how":{"by":"players"}}},
        {"seq":11,"at_ms":10,"who":"organiser","change":{"type":"corrected","round":1,"board":1,"score":[0,1]}},
        {"seq":12,"at_ms":11,"who":"server","change":{"type":"start_limit","round":2,"forfeits":[1,3]}},
        {"seq":13,"at_ms":12,"who":"organiser","change":{"type":"registration","open":false}},
        {"seq":14,"at_ms":13,"who":"organiser","change":{"type":"undone","round":2,"board":1}},
        {"seq":15,"at_ms":14,"who":"organiser","change":{"type":"club","club":"c1","name":"Brno"}},
        {"seq":16,"at_ms":15,"who":"organiser","change":{"type":"club","club":"c2"}},
        {"seq":17,"at_ms":16,"who":"organiser","change":{"type":"reissued","name":"Ann"}}
    ]}"#,
];

/// Every refusal of an event's request.
const EVENT_ERRORS: [&str; 29] = [
    r#"{"error":"malformed","detail":"x"}"#,
    r#"{"error":"too_large"}"#,
    r#"{"error":"not_found"}"#,
    r#"{"error":"wrong_token"}"#,
    r#"{"error":"setup","problem":"x"}"#,
    r#"{"error":"name","problem":"markup"}"#,
    r#"{"error":"file","problem":"json","detail":"line 1"}"#,
    r#"{"error":"limit","what":"events","limit":9}"#,
    r#"{"error":"unavailable"}"#,
    r#"{"error":"refused","refusal":{"reason":"round_not_finished"}}"#,
    r#"{"error":"refused","refusal":{"reason":"finished"}}"#,
    r#"{"error":"refused","refusal":{"reason":"pairing","detail":"odd"}}"#,
    r#"{"error":"refused","refusal":{"reason":"unknown_player"}}"#,
    r#"{"error":"refused","refusal":{"reason":"name_taken"}}"#,
    r#"{"error":"refused","refusal":{"reason":"already_withdrawn"}}"#,
    r#"{"error":"refused","refusal":{"reason":"no_such_board"}}"#,
    r#"{"error":"refused","refusal":{"reason":"has_result"}}"#,
    r#"{"error":"refused","refusal":{"reason":"no_result"}}"#,
    r#"{"error":"refused","refusal":{"reason":"score"}}"#,
    r#"{"error":"refused","refusal":{"reason":"not_your_board"}}"#,
    r#"{"error":"refused","refusal":{"reason":"nothing_to_undo"}}"#,
    r#"{"error":"refused","refusal":{"reason":"full"}}"#,
    r#"{"error":"refused","refusal":{"reason":"registration_closed"}}"#,
    r#"{"error":"refused","refusal":{"reason":"at_table"}}"#,
    r#"{"error":"refused","refusal":{"reason":"over"}}"#,
    r#"{"error":"refused","refusal":{"reason":"table_fixed"}}"#,
    r#"{"error":"refused","refusal":{"reason":"game_running","round":1,"board":2}}"#,
    r#"{"error":"refused","refusal":{"reason":"rating"}}"#,
    r#"{"error":"name","problem":"empty"}"#,
];

/// Every refusal of a club's request.
const CLUB_ERRORS: [&str; 14] = [
    r#"{"error":"malformed","detail":"x"}"#,
    r#"{"error":"too_large"}"#,
    r#"{"error":"not_found"}"#,
    r#"{"error":"no_such_event"}"#,
    r#"{"error":"wrong_token"}"#,
    r#"{"error":"wrong_organiser"}"#,
    r#"{"error":"name","problem":"too_long"}"#,
    r#"{"error":"name","problem":"control"}"#,
    r#"{"error":"refused","refusal":{"reason":"other_club"}}"#,
    r#"{"error":"refused","refusal":{"reason":"rating"}}"#,
    r#"{"error":"refused","refusal":{"reason":"too_many_members"}}"#,
    r#"{"error":"refused","refusal":{"reason":"no_such_member"}}"#,
    r#"{"error":"limit","what":"clubs","limit":2}"#,
    r#"{"error":"unavailable"}"#,
];

/// Reads `text` with serde and with [`Decode`]: the same value, or both a
/// refusal, or serde's forms that nothing writes (see [`serde_only`]).
fn agrees<T>(text: &str) -> Result<(), String>
where
    T: Decode + DeserializeOwned + PartialEq + Debug,
{
    match (serde_json::from_str::<T>(text), from_str::<T>(text)) {
        (Ok(serde), Ok(ours)) if serde == ours => Ok(()),
        (Err(_), Err(_)) => Ok(()),
        (Ok(_), Err(ours)) if serde_only(text, &ours) => Ok(()),
        (serde, ours) => Err(format!("{text}\n  serde: {serde:?}\n  Decode: {ours:?}")),
    }
}

/// Whether [`Decode`] refused `text` for one of the forms serde reads and
/// nothing writes: a variant by its index (a number where a name is), a
/// struct or a variant from an array of its fields.
fn serde_only(text: &str, refusal: &DecodeError) -> bool {
    let Ok(mut value) = serde_json::from_str::<Value>(text) else {
        return false;
    };
    for key in &refusal.path {
        value = match value {
            Value::Object(mut map) => map.remove(key).unwrap_or(Value::Null),
            Value::Array(mut items) => match key.parse::<usize>() {
                Ok(i) if i < items.len() => items.swap_remove(i),
                _ => Value::Null,
            },
            _ => Value::Null,
        };
    }
    matches!(
        (&refusal.problem, &value),
        (Problem::Expected("a string"), Value::Number(n)) if n.is_u64()
    ) || matches!(
        (&refusal.problem, &value),
        (Problem::Expected("an object"), Value::Array(_))
    )
}

/// Values of other kinds, put in every place.
fn others() -> Vec<Value> {
    let texts = [
        "null",
        "0",
        "1",
        "-1",
        "1.5",
        "300",
        "70000",
        "5000000000",
        "\"x\"",
        "\"nope\"",
        "true",
        "[]",
        "{}",
        "[1,0]",
        "[null,null]",
    ];
    texts
        .iter()
        .map(|t| serde_json::from_str(t).unwrap())
        .collect()
}

/// `value` changed in one place, every way: a key removed, an unknown key
/// added, an item more or fewer, a value of each other kind.
fn changes(value: &Value, others: &[Value]) -> Vec<Value> {
    let mut out: Vec<Value> = others.iter().filter(|o| *o != value).cloned().collect();
    match value {
        Value::Object(map) => {
            let mut added = map.clone();
            added.insert("unknown_key".into(), Value::Bool(true));
            out.push(Value::Object(added));
            for (key, item) in map {
                let mut removed = map.clone();
                removed.remove(key);
                out.push(Value::Object(removed));
                for changed in changes(item, others) {
                    let mut with = map.clone();
                    with.insert(key.clone(), changed);
                    out.push(Value::Object(with));
                }
            }
        }
        Value::Array(items) => {
            if let Some(last) = items.last() {
                out.push(Value::Array(items[..items.len() - 1].to_vec()));
                let mut longer = items.clone();
                longer.push(last.clone());
                out.push(Value::Array(longer));
            }
            for (i, item) in items.iter().enumerate() {
                for changed in changes(item, others) {
                    let mut with = items.clone();
                    with[i] = changed;
                    out.push(Value::Array(with));
                }
            }
        }
        _ => {}
    }
    out
}

/// Each sample (its pieces written out) reads with serde, reads the same
/// with [`Decode`], and every change of it reads the same with both (or
/// neither); returns how many texts were compared and how many of them
/// read.
fn check<T>(samples: &[&str]) -> (usize, usize)
where
    T: Decode + DeserializeOwned + PartialEq + Debug,
{
    check_texts::<T>(samples.iter().map(|sample| fill(sample)))
}

/// [`check`] of texts as they are.
fn check_texts<T>(samples: impl IntoIterator<Item = String>) -> (usize, usize)
where
    T: Decode + DeserializeOwned + PartialEq + Debug,
{
    let others = others();
    let (mut compared, mut read) = (0, 0);
    let mut faults = Vec::new();
    for text in samples {
        let value: Value = serde_json::from_str(&text).expect("a sample is JSON");
        if let Err(e) = serde_json::from_value::<T>(value.clone()) {
            panic!("serde refuses the sample {text}: {e}");
        }
        for changed in std::iter::once(value.clone()).chain(changes(&value, &others)) {
            let changed = changed.to_string();
            compared += 1;
            read += usize::from(from_str::<T>(&changed).is_ok());
            faults.extend(agrees::<T>(&changed).err());
        }
    }
    assert!(
        faults.is_empty(),
        "{} differ:\n{}",
        faults.len(),
        faults[..faults.len().min(5)].join("\n")
    );
    (compared, read)
}

#[test]
fn the_games_messages_read_as_serde_reads_them() {
    let (compared, read) = check::<ServerMessage>(&SERVER_MESSAGES);
    assert!(
        compared > 2500 && read > 300,
        "{compared} compared, {read} read"
    );
    check::<Event>(&EVENTS);
    check::<Status>(&STATUSES);
    check::<Refusal>(&REFUSALS);
    check::<ApiError>(&API_ERRORS);
    check::<GameView>(&["$VIEW"]);
    check::<Challenge>(&["$CHALLENGE"]);
    check::<Seated>(&[
        r#"{"game":"g","seat":1,"token":"t","invite":"i"}"#,
        r#"{"game":"g","seat":0,"token":"t"}"#,
    ]);
    check::<Piece>(&[r#"{"type":"part","part":0,"parts":2,"text":"ab"}"#]);
    check::<Vec<KeptSeat>>(&[
        r#"[{"kind":"othello","game":"g","seat":0,"token":"t","invite":"i","since_ms":5,"finished":{"setup":$SETUP,"names":["A","B"],"moves":["f5"],"ending":$ENDING}},
            {"kind":"nim","game":"g","seat":1,"token":"t"}]"#,
    ]);
}

#[test]
fn the_events_and_clubs_messages_read_as_serde_reads_them() {
    check::<EventMessage>(&[
        r#"{"type":"event","summary":$SUMMARY,"round":$ROUND,"standings":[{"name":"Ann","points":1.5}]}"#,
        r#"{"type":"event","summary":{"event":"k7","name":null,"setup":$NIMSETUP,"format":"round-robin","rounds":3,"round":0,"stage":"registering","players":0,"start_limit_s":0,"registration":true,"seq":0},"round":null,"standings":null}"#,
    ]);
    check::<Summary>(&[
        r#"{"event":"e","name":"N","setup":$OPOKSETUP,"format":"double-round-robin","rounds":2,"round":2,"stage":"finished","players":2,"start_limit_s":1,"registration":false,"seq":3,"club":null}"#,
        r#"{"event":"e","name":"N","setup":$OPOKSETUP,"format":"swiss","rounds":2,"round":1,"stage":"playing","players":2,"start_limit_s":1,"registration":false,"seq":3}"#,
    ]);
    check::<Rounds>(&[r#"{"rounds":[$ROUND,{"round":1,"boards":[],"bye":null}]}"#]);
    check::<MyGame>(&[
        r#"{"name":"Ann","round":2,"board":$BOARD,"seat":0,"bye":false}"#,
        r#"{"name":"Eve","round":2,"board":null,"seat":null,"bye":true}"#,
    ]);
    check::<Managed>(&[
        r#"{"summary":$SUMMARY,"token":"t","undone":[2,3]}"#,
        r#"{"summary":$SUMMARY,"token":null}"#,
    ]);
    check::<Log>(&LOGS);
    check::<Change>(&[r#"{"type":"entered","name":"Ann","rating":null}"#]);
    check::<Created>(&[r#"{"event":"k7","organiser":"o","players":[{"name":"Ann","token":"t"}]}"#]);
    check::<EventError>(&EVENT_ERRORS);
    check::<ClubError>(&CLUB_ERRORS);
    check::<ClubCreated>(&[r#"{"club":"c","token":"t"}"#]);
    check::<Club>(&[
        r#"{"club":"c1","name":"Brno","created_ms":5,"events":[{"event":"e","name":null,"game":"opok","stage":"finished","created_ms":3}],"members":[{"name":"Ann","rating":1500},{"name":"Bob"}]}"#,
        r#"{"club":"c1","name":"Brno","created_ms":5,"events":[]}"#,
    ]);
    check::<ClubMessage>(&[
        r#"{"type":"ratings","club":"c1","version":"v1","events":2,"periods":3,"players":[{"rank":1,"name":"Ann","rating":1612.5,"deviation":80.2,"volatility":0.06,"games":7,"provisional":false,"history":[{"event":0,"event_name":"Autumn","round":1,"games":1,"score":1,"rating":1550,"deviation":120.5},{"event":1,"event_name":null,"round":2,"games":2,"score":0.5,"rating":1551,"deviation":110}]}],"page":0,"pages":1,"total":1}"#,
    ]);
    check::<std::collections::BTreeMap<String, Kept>>(&[
        r#"{"k7":{"player":["Ann","tok"],"organiser":"o","links":{"a":"b"}},"k8":{}}"#,
    ]);
    check::<std::collections::BTreeMap<String, KeptClub>>(&[
        r#"{"c1":{"name":"Brno","token":"t"},"c2":{"token":"t"}}"#,
    ]);
}

/// The course's stage files as written (`data/lessons`, every language).
fn stage_files() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/lessons");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("data/lessons")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect()
}

#[test]
fn the_lessons_read_as_serde_reads_them() {
    let files = stage_files();
    assert_eq!(files.len(), 18, "the course's stages");
    // Each stage file whole, and the course as the app fetches it.
    check_texts::<Stage>(files.iter().take(2).cloned());
    let mut course = Vec::new();
    for (i, text) in files.iter().enumerate() {
        assert!(agrees::<Stage>(text).is_ok());
        assert!(from_str::<Stage>(text).is_ok(), "stage file {i} reads");
        course.push(format!("[\"stage-{i}\",{text}]"));
    }
    let course = format!("[{}]", course.join(","));
    assert_eq!(
        from_str::<Vec<(String, Stage)>>(&course).unwrap(),
        serde_json::from_str::<Vec<(String, Stage)>>(&course).unwrap()
    );
    // Every lesson changed in every place.
    let lessons: Vec<String> = files
        .iter()
        .flat_map(|text| {
            let stage: Value = serde_json::from_str(text).unwrap();
            stage["lessons"]
                .as_array()
                .unwrap()
                .iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(lessons.len() > 50, "{} lessons", lessons.len());
    let (compared, read) = check_texts::<Lesson>(lessons);
    assert!(
        compared > 50_000 && read > 5_000,
        "{compared} compared, {read} read"
    );
    // Every opponent on its own.
    check::<Opponent>(&[r#""best""#, r#"{"replies":["d3","c5"]}"#, r#"{"level":3}"#]);
}

#[test]
fn the_puzzles_read_as_serde_reads_them() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/othello-puzzles.json");
    let text = std::fs::read_to_string(path).expect("data/othello-puzzles.json");
    let file: Value = serde_json::from_str(&text).unwrap();
    let puzzles = file["puzzles"].as_array().expect("the file's puzzles");
    let read = parse_puzzles(&text).expect("the shipped puzzles read");
    let by_serde: Vec<ShippedPuzzle> = serde_json::from_value(file["puzzles"].clone()).unwrap();
    assert_eq!(read, by_serde);
    assert!(read.len() >= 300, "{} puzzles", read.len());
    // Some puzzles changed in every place (each kind's first), and the
    // fields left out that have a default.
    let mut kinds = std::collections::HashSet::new();
    let firsts = puzzles
        .iter()
        .filter(|p| kinds.insert(p["kind"].as_str().unwrap_or_default().to_string()))
        .map(Value::to_string);
    let (compared, read) = check_texts::<ShippedPuzzle>(firsts);
    assert!(
        compared > 1_000 && read > 100,
        "{compared} compared, {read} read"
    );
    check::<ShippedPuzzle>(&[
        r#"{"id":"a","board":"b","kind":"corner","solution":["a1"],"rating":1200}"#,
    ]);
}

#[test]
fn a_refusal_says_what_and_where() {
    let error = from_str::<Event>(r#"{"type":"moved","seat":300,"moves":[],"at":1}"#).unwrap_err();
    assert_eq!(error.problem, Problem::OutOfRange);
    assert_eq!(error.to_string(), "out of range at seat");
    let error = from_str::<ServerMessage>(r#"{"type":"update","seq":1,"brief":{}}"#).unwrap_err();
    assert_eq!(error.to_string(), "missing field `event`");
    let error = from_str::<Event>(r#"{"type":"started","at":1,"by":0}"#).unwrap_err();
    assert_eq!(error.problem, Problem::UnknownField("by".into()));
    assert!(matches!(
        from_str::<Event>("{").unwrap_err().problem,
        Problem::NotJson(_)
    ));
    let error = from_str::<Vec<KeptSeat>>(r#"[{"kind":"go"}]"#).unwrap_err();
    assert_eq!(error.to_string(), "unknown variant `go` at 0.kind");
}

proptest! {
    #[test]
    fn any_text_is_read_or_refused_as_serde_does(text in "\\PC{0,200}") {
        let started = std::time::Instant::now();
        prop_assert!(agrees::<ServerMessage>(&text).is_ok());
        prop_assert!(agrees::<EventMessage>(&text).is_ok());
        prop_assert!(agrees::<ClubError>(&text).is_ok());
        prop_assert!(started.elapsed() < std::time::Duration::from_millis(250));
    }

    #[test]
    fn deep_nesting_is_refused(depth in 100usize..5000) {
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        prop_assert!(from_str::<ServerMessage>(&text).is_err());
    }
}
