//! The decoder is total: arbitrary bytes give a message or a typed error,
//! in bounded time; what the protocol writes reads back unchanged. The
//! games', the clubs' and the events' messages alike.

use super::*;
use crate::online::club::{Attach, ClubError, ClubMessage, ClubRefusal, CreateClub};
use crate::online::event::{
    Action, BoardScore, Change, ClubClaim, CreateEvent, EventError, EventMessage, ImportEvent,
    Manage, Pairing, Refusal as EventRefusal, Register, Report, TokenOnly,
};
use crate::online::setup::{GameKind, Timing};
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// Decodes `bytes` as each message type a server or a page reads (games,
/// clubs, events, and the events' stored changes), and checks the time it
/// took.
fn decode_all(bytes: &[u8]) -> Result<(), TestCaseError> {
    let started = Instant::now();
    let client = decode::<ClientMessage>(bytes);
    let _ = decode::<CreateRequest>(bytes);
    let _ = decode::<JoinRequest>(bytes);
    let _ = decode::<CancelRequest>(bytes);
    let _ = decode::<ServerMessage>(bytes);
    let _ = decode::<CreateClub>(bytes);
    let _ = decode::<Attach>(bytes);
    let _ = decode::<CreateEvent>(bytes);
    let _ = decode::<ImportEvent>(bytes);
    let _ = decode::<Register>(bytes);
    let _ = decode::<TokenOnly>(bytes);
    let _ = decode::<Manage>(bytes);
    let _ = decode::<Report>(bytes);
    let _ = serde_json::from_slice::<ClubMessage>(bytes);
    let _ = serde_json::from_slice::<ClubError>(bytes);
    let _ = serde_json::from_slice::<EventMessage>(bytes);
    let _ = serde_json::from_slice::<EventError>(bytes);
    let _ = serde_json::from_slice::<Change>(bytes);
    prop_assert!(started.elapsed() < Duration::from_millis(250));
    if bytes.len() > MAX_MESSAGE_BYTES {
        prop_assert_eq!(client, Err(DecodeError::TooLarge));
    }
    Ok(())
}

fn client_message() -> impl Strategy<Value = ClientMessage> {
    let id = any::<u32>();
    prop_oneof![
        (
            proptest::option::of("\\PC{0,50}"),
            proptest::option::of("\\PC{0,30}")
        )
            .prop_map(|(token, embed)| ClientMessage::Hello { token, embed }),
        (id, 0usize..200, "\\PC{0,20}").prop_map(|(id, ply, mv)| ClientMessage::Move {
            id,
            ply,
            mv
        }),
        id.prop_map(|id| ClientMessage::Resign { id }),
        id.prop_map(|id| ClientMessage::Abort { id }),
        id.prop_map(|id| ClientMessage::Claim { id }),
        id.prop_map(|id| ClientMessage::Rematch { id }),
        id.prop_map(|id| ClientMessage::Settle { id }),
        id.prop_map(|id| ClientMessage::Ping { id }),
    ]
}

/// Text made of the protocol's own pieces, so that generated input gets
/// past the first byte of JSON more often than random bytes do.
fn jsonish() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just("{".to_string()),
        Just("}".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just(",".to_string()),
        Just(":".to_string()),
        Just("\"type\"".to_string()),
        Just("\"move\"".to_string()),
        Just("\"hello\"".to_string()),
        Just("\"ply\"".to_string()),
        Just("\"mv\"".to_string()),
        Just("\"id\"".to_string()),
        Just("\"setup\"".to_string()),
        Just("\"timing\"".to_string()),
        Just("\"kind\"".to_string()),
        Just("\"live\"".to_string()),
        Just("\"token\"".to_string()),
        Just("\"action\"".to_string()),
        Just("\"name\"".to_string()),
        Just("\"score\"".to_string()),
        Just("null".to_string()),
        Just("-1".to_string()),
        Just("1e999".to_string()),
        Just("18446744073709551616".to_string()),
        "\\PC{0,8}".prop_map(|s| format!("{s:?}")),
        "[0-9]{1,6}",
    ];
    proptest::collection::vec(pieces, 0..60).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn arbitrary_bytes_are_read_or_refused(bytes in proptest::collection::vec(any::<u8>(), 0..5000)) {
        decode_all(&bytes)?;
    }

    #[test]
    fn near_messages_are_read_or_refused(text in jsonish()) {
        decode_all(text.as_bytes())?;
    }

    #[test]
    fn any_text_is_read_or_refused(text in "\\PC{0,300}") {
        decode_all(text.as_bytes())?;
        decode_all(format!(r#"{{"token":"a","action":{{"type":"add","name":{text:?}}}}}"#).as_bytes())?;
    }

    #[test]
    fn client_messages_read_back(message in client_message()) {
        let text = encode(&message);
        prop_assert_eq!(decode::<ClientMessage>(text.as_bytes()), Ok(message));
    }

    #[test]
    fn requests_read_back(name in "\\PC{0,40}", rules in "[a-z0-9=&+:]{0,30}", control in "[0-9+db/]{0,8}", public in any::<bool>()) {
        let request = CreateRequest {
            setup: Setup { game: GameKind::Opok, rules, timing: Timing::Live { control, completes: public } },
            name: name.clone(),
            colour: Colour::Random,
            public,
        };
        prop_assert_eq!(decode::<CreateRequest>(encode(&request).as_bytes()), Ok(request));
        let join = JoinRequest { name, invite: Some("ab".into()) };
        prop_assert_eq!(decode::<JoinRequest>(encode(&join).as_bytes()), Ok(join));
    }

    #[test]
    fn club_names_read_back(name in "\\PC{0,300}") {
        let create = CreateClub { name };
        prop_assert_eq!(decode::<CreateClub>(encode(&create).as_bytes()), Ok(create));
    }

    #[test]
    fn reports_read_back(round in 0u32..200, board in 0usize..600, a in 0u32..100, b in 0u32..100) {
        let report = Report { token: "t".into(), round, board, score: [f64::from(a), f64::from(b)] };
        prop_assert_eq!(decode::<Report>(encode(&report).as_bytes()), Ok(report));
    }
}

#[test]
fn limits_and_shapes_are_enforced() {
    let huge = format!(
        r#"{{"type":"move","id":1,"ply":0,"mv":"{}"}}"#,
        "a".repeat(5000)
    );
    assert_eq!(
        decode::<ClientMessage>(huge.as_bytes()),
        Err(DecodeError::TooLarge)
    );
    let unknown_field = br#"{"type":"resign","id":1,"extra":2}"#;
    assert!(decode::<ClientMessage>(unknown_field).is_err());
    let deep = "[".repeat(3000);
    assert!(decode::<ClientMessage>(deep.as_bytes()).is_err());
    let negative = br#"{"type":"move","id":1,"ply":-1,"mv":"f5"}"#;
    assert!(decode::<ClientMessage>(negative).is_err());
    let hello = decode::<ClientMessage>(br#"{"type":"hello"}"#).unwrap();
    assert_eq!(
        hello,
        ClientMessage::Hello {
            token: None,
            embed: None
        }
    );
}

#[test]
fn documented_examples_read() {
    // The examples of docs/online.md, as written there.
    let create = br#"{"setup":{"game":"othello","rules":"size=8&variant=standard",
        "timing":{"kind":"live","control":"5+3"}},"name":"Eva","colour":"random","public":true}"#;
    let create = decode::<CreateRequest>(create).unwrap();
    assert_eq!(
        create
            .setup
            .checked()
            .unwrap()
            .timing
            .control()
            .map(|c| c.to_string()),
        Some("5+3".into())
    );
    let correspondence = br#"{"setup":{"game":"nim","rules":"misere=1&start=nim:3+nim:4+nim:5",
        "timing":{"kind":"correspondence","days":3}},"name":"Ivan","colour":"second"}"#;
    assert!(decode::<CreateRequest>(correspondence).is_ok());
    let join = br#"{"name":"Petr","invite":"5c0e9b2d"}"#;
    assert!(decode::<JoinRequest>(join).is_ok());
    let update =
        br#"{"type":"update","seq":3,"event":{"type":"moved","seat":0,"moves":["f5"],"at":1200},
        "brief":{"status":{"state":"playing"},"ply":1,"to_move":1,
        "clock":{"left_ms":[301800,300000],"running":1,"deadline_ms":1767225900000},
        "rematch":[false,false],"next_game":null,"present":[true,true]}}"#;
    assert!(matches!(
        decode::<ServerMessage>(update),
        Ok(ServerMessage::Update { seq: 3, .. })
    ));
}

#[test]
fn club_messages_read_back() {
    let attach = Attach {
        token: "a".into(),
        event: "ww5jakuyzbx8".into(),
        organiser: "b".into(),
    };
    assert_eq!(decode::<Attach>(encode(&attach).as_bytes()), Ok(attach));
    let error = ClubError::Refused {
        refusal: ClubRefusal::OtherClub,
    };
    assert_eq!(
        encode(&error),
        r#"{"error":"refused","refusal":{"reason":"other_club"}}"#
    );
    assert!(decode::<CreateClub>(br#"{"name":"A","token":"x"}"#).is_err());
}

#[test]
fn event_messages_read_back() {
    let manage = Manage {
        token: "ab".into(),
        action: Action::Correct(BoardScore {
            round: 2,
            board: 3,
            score: [0.5, 0.5],
            ends_game: false,
        }),
    };
    assert_eq!(
        decode::<Manage>(encode(&manage).as_bytes()),
        Ok(manage.clone())
    );
    assert_eq!(
        encode(&manage.action),
        r#"{"type":"correct","round":2,"board":3,"score":[0.5,0.5]}"#
    );
    let extra =
        r#"{"token":"a","action":{"type":"result","round":1,"board":1,"score":[1,0],"seat":0}}"#;
    assert!(decode::<Manage>(extra.as_bytes()).is_err());
    let change = Change::Published {
        round: 1,
        rounds: 5,
        boards: vec![Pairing {
            black: "Ann".into(),
            white: "Bob".into(),
            game: "ww5jakuyzbx8".into(),
        }],
        bye: Some("Cid".into()),
        start_by: 90_000,
    };
    assert_eq!(
        serde_json::from_str::<Change>(&encode(&change)).unwrap(),
        change
    );
    let error = EventError::Refused {
        refusal: EventRefusal::RoundNotFinished,
    };
    assert_eq!(
        encode(&error),
        r#"{"error":"refused","refusal":{"reason":"round_not_finished"}}"#
    );
    assert!(decode::<Manage>(br#"{"token":"a","action":{"type":"delete"}}"#).is_err());
}

#[test]
fn every_limit_error_reads_as_before() {
    let limit = LimitReached::new("requests_per_second", 5);
    let text = r#"{"error":"limit","what":"requests_per_second","limit":5}"#;
    assert_eq!(encode(&ApiError::Limit(limit.clone())), text);
    assert_eq!(encode(&ClubError::Limit(limit.clone())), text);
    assert_eq!(encode(&EventError::Limit(limit.clone())), text);
    assert_eq!(
        serde_json::from_str::<EventError>(text).unwrap(),
        EventError::Limit(limit)
    );
}

#[test]
fn a_new_event_names_its_club_beside_its_settings() {
    let import = ImportEvent {
        file: "{}".into(),
        rules: String::new(),
        timing: Timing::Live {
            control: "5+3".into(),
            completes: false,
        },
        start_limit_s: Some(60),
        at_tables: false,
        club: ClubClaim {
            id: Some("c1".into()),
            token: Some("t".into()),
        },
    };
    let text = encode(&import);
    assert!(text.ends_with(r#""club":"c1","club_token":"t"}"#), "{text}");
    assert_eq!(decode::<ImportEvent>(text.as_bytes()), Ok(import.clone()));
    // Neither is needed; a field of neither struct is still refused.
    let bare = text.replace(r#","club":"c1","club_token":"t""#, "");
    let read = decode::<ImportEvent>(bare.as_bytes()).unwrap();
    assert_eq!(read.club, ClubClaim::default());
    let extra = text.replace(r#""club":"c1""#, r#""club":"c1","clubs":"c2""#);
    assert!(decode::<ImportEvent>(extra.as_bytes()).is_err());
    let created = CreateEvent {
        name: "Cup".into(),
        game: GameKind::Nim,
        rules: String::new(),
        timing: import.timing,
        format: Default::default(),
        rounds: 3,
        start_limit_s: None,
        at_tables: true,
        club: import.club,
    };
    let text = encode(&created);
    assert_eq!(decode::<CreateEvent>(text.as_bytes()), Ok(created));
    let extra = text.replace(r#""rounds":3"#, r#""rounds":3,"round":4"#);
    assert!(decode::<CreateEvent>(extra.as_bytes()).is_err());
}
