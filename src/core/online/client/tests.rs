//! The page's side of an online game, driven by the server's own room
//! logic (`online::room`): what the server would send, the page follows.

use proptest::prelude::*;

use super::kept::game_file;
use super::*;
use crate::online::protocol::ServerMessage;
use crate::online::room::{Action as RoomAction, Room};
use crate::online::setup::{Setup, Timing};
use crate::online::view::Seen;
use crate::session::core::Announcement;
use crate::session::nim::Nim;
use crate::session::othello::{Othello, Settings as OthelloSettings};

/// A game as the server keeps it, and the messages a page receives.
struct Server {
    room: Room,
    now: u64,
}

impl Server {
    fn new(kind: GameKind, rules: &str, control: &str) -> Server {
        let setup = Setup {
            game: kind,
            rules: rules.into(),
            timing: Timing::Live {
                control: control.into(),
                completes: false,
            },
        };
        let created = Event::Created {
            setup: setup.checked().unwrap(),
            public: false,
            names: [Some("Eva".into()), None],
            at: 0,
            event: None,
            waits: false,
        };
        Server {
            room: Room::new(&created).unwrap(),
            now: 0,
        }
    }

    fn seen(&self) -> Seen {
        Seen {
            now: self.now,
            offset: 0,
            present: [true, true],
        }
    }

    fn welcome(&self, seat: Option<Seat>) -> ServerMessage {
        ServerMessage::Welcome {
            seat,
            game: self.room.view("ab23cd45ef67", self.seen()),
            claim_after_ms: Some(60_000),
        }
    }

    /// The updates `action` by `seat` makes, a second later.
    fn act(&mut self, seat: Option<Seat>, action: RoomAction) -> Vec<ServerMessage> {
        self.now += 1000;
        let events = self.room.decide(seat, action, self.now).unwrap();
        events
            .into_iter()
            .map(|event| {
                let seq = self.room.events();
                self.room.apply(&event).unwrap();
                ServerMessage::Update {
                    seq,
                    event,
                    brief: self.room.brief(self.seen()),
                }
            })
            .collect()
    }

    fn play(&mut self, seat: Seat, mv: &str) -> Vec<ServerMessage> {
        let ply = self.room.moves().len();
        self.act(Some(seat), RoomAction::Move { ply, mv: mv.into() })
    }
}

fn receive<G: Formats>(page: &mut OnlineGame<G>, messages: Vec<ServerMessage>, now: f64) {
    for message in messages {
        page.apply(OnlineAction::Server(Box::new(message), now));
    }
}

#[test]
fn a_page_follows_the_servers_game_and_says_each_move() {
    let mut server = Server::new(GameKind::Othello, "", "5+3");
    let mut page = OnlineGame::<Othello>::default();
    page.apply(OnlineAction::Server(Box::new(server.welcome(Some(1))), 0.0));
    assert!(!page.playing(), "open until someone joins");
    let joined = server.act(
        None,
        RoomAction::Join {
            name: "Petr".into(),
        },
    );
    receive(&mut page, joined, 0.0);
    assert_eq!(
        page.news.as_ref().map(|n| &n.1),
        Some(&News::Joined("Petr".into()))
    );
    // A presence that changes nothing says nothing; a player who goes and
    // comes back is said.
    let mut brief = server.room.brief(server.seen());
    let comings_and_goings = [
        ([true, true], News::Joined("Petr".into())),
        ([false, true], News::Presence(0, false)),
        ([true, true], News::Presence(0, true)),
    ];
    for (present, news) in comings_and_goings {
        brief.present = present;
        let presence = ServerMessage::Presence {
            brief: brief.clone(),
        };
        page.apply(OnlineAction::Server(Box::new(presence), 0.0));
        assert_eq!(page.news.as_ref().map(|n| &n.1), Some(&news));
    }
    assert!(page.playing() && !page.my_move());
    let f5 = page.session.position().moves()[0];
    assert_eq!(page.move_message(&f5, 1), Err(NotSent::NotYourTurn));

    receive(&mut page, server.play(0, "f5"), 1000.0);
    assert_eq!(page.session.record.line().len(), 1);
    // A presence sent after the move but describing the game before it
    // changes only who is here.
    page.apply(OnlineAction::Server(
        Box::new(ServerMessage::Presence {
            brief: brief.clone(),
        }),
        1000.0,
    ));
    assert!(page.my_move(), "still White's move");
    let said = page
        .session
        .announcement
        .as_ref()
        .map(|(_, list)| list.clone());
    assert!(
        matches!(said.as_deref(), Some([Announcement::Moved { .. }])),
        "the opponent's move is said: {said:?}"
    );
    assert!(page.my_move());
    let d6 = othello_move("d6");
    let Ok(ClientMessage::Move { ply, mv, .. }) = page.move_message(&d6, 2) else {
        panic!("d6 is sent");
    };
    assert_eq!((ply, mv.as_str()), (1, "d6"));
    let a1 = othello_move("a1");
    assert_eq!(page.move_message(&a1, 3), Err(NotSent::Illegal));
    // The page's own moves never reach its board: an illegal one is
    // refused aloud, a legal one waits for the server.
    page.apply(OnlineAction::Session(Action::Play(a1)));
    page.apply(OnlineAction::Session(Action::Play(d6)));
    assert_eq!(page.session.record.line().len(), 1);
    assert!(page.session.notice.is_some(), "a1 refused with its reason");

    // The clocks: Black used a second of 5 minutes and got 3 back;
    // White's runs from the update (read at the page's 1000 ms).
    assert_eq!(page.clocks(1000.0).unwrap(), [302_000, 300_000]);
    assert_eq!(page.clocks(3500.0).unwrap(), [302_000, 297_500]);

    // Reviewing an earlier position: no move is sent, and the next move
    // from the server brings the board back to the end.
    page.apply(OnlineAction::Session(Action::GoTo(0)));
    assert_eq!(page.move_message(&d6, 4), Err(NotSent::Reviewing));
    receive(&mut page, server.play(1, "d6"), 2000.0);
    assert_eq!(page.session.record.cursor(), 2);

    // A watcher's page never sends.
    let mut watcher = OnlineGame::<Othello>::default();
    watcher.apply(OnlineAction::Server(Box::new(server.welcome(None)), 0.0));
    assert_eq!(watcher.session.record.line().len(), 2);
    assert!(
        watcher.session.announcement.is_none(),
        "a welcome says no moves"
    );
    let c3 = othello_move("c3");
    assert_eq!(watcher.move_message(&c3, 1), Err(NotSent::Watching));

    // Resignation ends it.
    receive(&mut page, server.act(Some(0), RoomAction::Resign), 3000.0);
    assert!(!page.playing());
    assert!(matches!(page.news, Some((_, News::Over(_)))));
}

#[test]
fn a_missed_event_asks_for_the_whole_game_and_a_welcome_brings_it() {
    let mut server = Server::new(GameKind::Nim, "start=nim:3+nim:4", "1+0");
    let mut page = OnlineGame::<Nim>::default();
    server.act(
        None,
        RoomAction::Join {
            name: "Petr".into(),
        },
    );
    page.apply(OnlineAction::Server(Box::new(server.welcome(Some(0))), 0.0));
    assert!(page.my_move());
    // Heaps numbered from 1, as every take-away move text since issue 27.
    let missed = server.play(0, "1:3");
    receive(&mut page, server.play(1, "2:1"), 0.0);
    assert!(page.stale, "a gap: the page connects again");
    assert_eq!(page.session.record.line().len(), 0);
    drop(missed);
    // The reconnection's welcome: both moves, said only when new to the
    // page (not the first welcome).
    page.apply(OnlineAction::Server(Box::new(server.welcome(Some(0))), 0.0));
    assert!(!page.stale);
    assert_eq!(page.session.record.line().len(), 2);
    let said = page
        .session
        .announcement
        .as_ref()
        .map(|(_, list)| list.len());
    assert_eq!(said, Some(1), "the last new move is said");
}

/// Eva (Black) and Petr's page (White), Black's f5 played: Petr to move.
fn petr_to_move() -> (Server, OnlineGame<Othello>) {
    let mut server = Server::new(GameKind::Othello, "", "5+3");
    server.act(
        None,
        RoomAction::Join {
            name: "Petr".into(),
        },
    );
    server.play(0, "f5");
    let mut page = OnlineGame::<Othello>::default();
    page.apply(OnlineAction::Connected(true));
    page.apply(OnlineAction::Server(Box::new(server.welcome(Some(1))), 0.0));
    assert!(page.can_move());
    (server, page)
}

#[test]
fn a_move_waits_on_the_board_until_the_server_answers_and_is_played_once() {
    let (mut server, mut page) = petr_to_move();
    let d6 = othello_move("d6");
    let Ok(ClientMessage::Move { id, ply, mv }) = page.move_message(&d6, 7) else {
        panic!("d6 is sent");
    };
    page.apply(OnlineAction::Sending(d6, id));
    // Shown at once, said once, and no second move may be picked.
    assert_eq!(page.session.record.line().len(), 2);
    assert!(page.session.announcement.is_some());
    assert!(!page.can_move() && page.my_move());
    let c5 = othello_move("c5");
    assert_eq!(page.move_message(&c5, 8), Err(NotSent::Waiting));
    page.apply(OnlineAction::NotSent(NotSent::Waiting));
    assert_eq!(page.notice, Some(News::NotSent(NotSent::Waiting)));
    assert_eq!(
        page.session.record.line().len(),
        2,
        "the second tap is not played"
    );

    // The connection was half open: the move reached the server, its
    // answers were lost. After the reconnection the welcome has the move
    // and the same move sent again is answered as played.
    page.apply(OnlineAction::Connected(false));
    let updates = server.act(
        Some(1),
        RoomAction::Move {
            ply,
            mv: mv.clone(),
        },
    );
    assert_eq!(updates.len(), 1);
    page.apply(OnlineAction::Connected(true));
    let said = page.session.announcement.clone();
    page.apply(OnlineAction::Server(Box::new(server.welcome(Some(1))), 0.0));
    assert_eq!(page.session.record.line().len(), 2);
    assert_eq!(
        page.session.announcement, said,
        "the move is not said twice"
    );
    assert_eq!(page.pending, None, "the welcome has it");
    assert_eq!(
        server
            .room
            .decide(Some(1), RoomAction::Move { ply, mv }, 9_000),
        Ok(Vec::new()),
        "the copy sent after the hello is answered as played"
    );
    assert_eq!(server.room.moves(), ["f5", "d6"]);
}

#[test]
fn a_move_lost_on_the_way_is_shown_again_after_the_welcome_and_played_when_resent() {
    let (mut server, mut page) = petr_to_move();
    let d6 = othello_move("d6");
    let Ok(ClientMessage::Move { id, ply, mv }) = page.move_message(&d6, 3) else {
        panic!("d6 is sent");
    };
    page.apply(OnlineAction::Sending(d6, id));
    // Lost: the server's game is unchanged; the welcome makes the board
    // anew and the waiting move is shown on it again.
    page.apply(OnlineAction::Server(Box::new(server.welcome(Some(1))), 0.0));
    assert_eq!(page.session.record.line().len(), 2);
    assert!(page.pending.is_some());
    receive(
        &mut page,
        server.act(Some(1), RoomAction::Move { ply, mv }),
        1.0,
    );
    page.apply(OnlineAction::Server(
        Box::new(ServerMessage::Ack { id }),
        1.0,
    ));
    assert_eq!(page.pending, None);
    assert_eq!(page.session.record.line().len(), 2);
    assert!(!page.my_move());
}

#[test]
fn a_refused_waiting_move_leaves_the_board_and_is_said() {
    let (_server, mut page) = petr_to_move();
    let d6 = othello_move("d6");
    page.apply(OnlineAction::Sending(d6, 5));
    let refusal = Refusal::MovedOn { ply: 3 };
    page.apply(OnlineAction::Server(
        Box::new(ServerMessage::Refused {
            id: 5,
            refusal: refusal.clone(),
        }),
        0.0,
    ));
    assert_eq!(page.pending, None);
    assert_eq!(page.session.record.line().len(), 1);
    assert_eq!(page.notice, Some(News::Refused(refusal)));
}

#[test]
fn a_claim_is_possible_from_when_the_server_says() {
    let (server, mut page) = petr_to_move();
    assert_eq!(page.claim_from(), None, "Eva is here");
    let mut brief = server.room.brief(server.seen());
    brief.present = [false, true];
    page.apply(OnlineAction::Server(
        Box::new(ServerMessage::Presence {
            brief: brief.clone(),
        }),
        5_000.0,
    ));
    assert_eq!(page.claim_from(), Some(65_000.0), "a minute after she left");
    page.apply(OnlineAction::Server(
        Box::new(ServerMessage::Refused {
            id: 9,
            refusal: Refusal::ClaimTooEarly { wait_ms: 42_000 },
        }),
        30_000.0,
    ));
    assert_eq!(
        page.claim_from(),
        Some(72_000.0),
        "the server's word counts"
    );
    page.apply(OnlineAction::Connected(false));
    assert_eq!(page.claim_from(), None, "not while offline");
    page.apply(OnlineAction::Connected(true));
    brief.present = [true, true];
    page.apply(OnlineAction::Server(
        Box::new(ServerMessage::Presence { brief }),
        40_000.0,
    ));
    assert_eq!(page.claim_from(), None);
}

#[test]
fn a_connection_refused_as_a_whole_is_the_page_s_problem() {
    let mut page = OnlineGame::<Othello>::default();
    for error in [ApiError::Origin, ApiError::NotFound] {
        page.apply(OnlineAction::Server(
            Box::new(ServerMessage::Error {
                error: error.clone(),
            }),
            0.0,
        ));
        assert_eq!(page.problem, Some(error));
    }
}

#[test]
fn the_settings_of_a_page_are_written_as_rules_the_server_takes() {
    let mut settings = OthelloSettings::default();
    settings.rules.size = crate::engine::othello::BoardSize::from_side(6).unwrap();
    let rules = rules_of::<Othello>(&settings, GameKind::Othello);
    assert_eq!(rules, "size=6&variant=standard");
    let setup = Setup {
        game: GameKind::Othello,
        rules,
        timing: Timing::Correspondence { days: 3 },
    };
    assert!(setup.checked().is_ok());
    let nim = rules_of::<Nim>(&Default::default(), GameKind::Nim);
    assert!(Setup {
        game: GameKind::Nim,
        rules: nim,
        timing: Timing::Correspondence { days: 1 },
    }
    .checked()
    .is_ok());
}

#[test]
fn links_read_and_write() {
    for text in [
        "othello/ab23cd45ef67",
        "nim/ab23cd45ef67?seat=0f3a9b",
        "opok/ab23cd45ef67?invite=5c0e",
    ] {
        let link = OnlineLink::parse(text).unwrap();
        assert_eq!(link.fragment(), format!("#/online/{text}"));
    }
    for bad in [
        "",
        "othello",
        "chess/ab23",
        "othello/AB",
        "othello/ab?seat=x&seat=y",
        "othello/ab?moves=f5",
        "othello/a<b",
        "othello/ab?seat=",
    ] {
        assert_eq!(OnlineLink::parse(bad), None, "{bad}");
    }
}

#[test]
fn live_frames_read_their_game_and_keep_the_other_parameters() {
    let frame =
        LiveFrame::parse("nim?parent=https://club.example&live=ab23cd45ef67&theme=dark").unwrap();
    assert_eq!(frame.kind, GameKind::Nim);
    assert_eq!(frame.game, "ab23cd45ef67");
    assert_eq!(frame.rest, "parent=https://club.example&theme=dark");
    for bad in [
        "nim",
        "nim?heaps=3,4",
        "chess?live=ab",
        "othello?live=AB",
        "othello?live=",
        "othello?live=ab&live=cd",
    ] {
        assert_eq!(LiveFrame::parse(bad), None, "{bad}");
    }
    assert!(LiveFrame::named("othello?live=AB"));
    assert!(!LiveFrame::named("othello?alive=1&moves=f5"));
}

#[test]
fn kept_seats_read_back_and_bad_text_is_left_out() {
    let seat = |game: &str| KeptSeat {
        game: game.into(),
        seat: 1,
        ..KeptSeat::new(GameKind::Opok, "0f3a".into())
    };
    let kept = keep_seat(&[seat("aa"), seat("bb")], seat("bb"));
    assert_eq!(kept, [seat("bb"), seat("aa")]);
    assert_eq!(read_kept(&write_kept(&kept)), kept);
    assert_eq!(read_kept("not json"), []);
    let mixed = r#"[{"kind":"opok","game":"aa","seat":1,"token":"0f3a"},{"kind":"chess"},
        {"kind":"nim","game":"<b>","seat":0,"token":"00"},7]"#;
    assert_eq!(read_kept(mixed), [seat("aa")]);
    let many: Vec<KeptSeat> = (0..80).fold(Vec::new(), |kept, n| {
        keep_seat(&kept, seat(&format!("g{n}")))
    });
    assert_eq!(many.len(), MAX_KEPT);
    assert_eq!(many[0].game, "g79");
}

/// Eva and Petr's finished Othello game as this browser keeps it.
fn finished_othello() -> KeptSeat {
    let mut server = Server::new(GameKind::Othello, "size=8&variant=standard", "5+3");
    server.act(
        None,
        RoomAction::Join {
            name: "Petr".into(),
        },
    );
    server.play(0, "f5");
    server.play(1, "d6");
    server.act(Some(0), RoomAction::Resign);
    let view = server.room.view("ab23cd45ef67", server.seen());
    let Status::Over(ending) = view.brief.status else {
        panic!("over");
    };
    KeptSeat {
        game: "ab23cd45ef67".into(),
        since_ms: 1_790_000_000_000,
        finished: Some(KeptGame {
            setup: view.setup.clone(),
            names: ["Eva".into(), "Petr".into()],
            moves: view.moves.clone(),
            ending,
        }),
        ..KeptSeat::new(GameKind::Othello, "0f3a".into())
    }
}

#[test]
fn a_finished_game_is_kept_and_downloads_as_a_transcript_and_ggf() {
    let kept = finished_othello();
    // Kept again without the game (a later visit): the game stays.
    let again = keep_seat(
        std::slice::from_ref(&kept),
        KeptSeat {
            game: kept.game.clone(),
            ..KeptSeat::new(GameKind::Othello, "0f3a".into())
        },
    );
    assert_eq!(again, std::slice::from_ref(&kept));
    assert_eq!(read_kept(&write_kept(&again)), again);
    let (name, text) = game_file(&kept, "2026-12-03", false).unwrap();
    assert_eq!(name, "ab23cd45ef67.txt");
    assert!(
        text.contains("[First \"Eva\"]") && text.contains("[Second \"Petr\"]"),
        "{text}"
    );
    assert!(
        text.contains("[TimeControl \"5+3\"]") && text.contains("[Ending \"resigned\"]"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("f5d6"), "{text}");
    let (name, ggf) = game_file(&kept, "", true).unwrap();
    assert_eq!(name, "ab23cd45ef67.ggf");
    assert!(
        ggf.contains("PB[Eva]PW[Petr]") && ggf.contains("RE[-58:r]") && ggf.contains("B[F5]W[D6]"),
        "{ggf}"
    );
    let game = crate::engine::othello::ggf::parse(&ggf).unwrap();
    assert_eq!(game.moves.len(), 2);
    // A kept game that does not read is forgotten, its seat kept.
    let mut broken = kept.clone();
    broken.finished.as_mut().unwrap().setup.rules = "size=99".into();
    let read = read_kept(&write_kept(&[broken]));
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].finished, None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_link_text_reads_without_panicking(text in "\\PC{0,80}") {
        if let Some(link) = OnlineLink::parse(&text) {
            let fragment = link.fragment();
            prop_assert_eq!(OnlineLink::parse(&fragment["#/online/".len()..]), Some(link));
        }
    }

    #[test]
    fn any_live_frame_text_reads_without_panicking(text in "\\PC{0,80}") {
        if let Some(frame) = LiveFrame::parse(&text) {
            let again = format!("{}?{}&live={}", frame.kind.name(), frame.rest, frame.game);
            prop_assert_eq!(LiveFrame::parse(&again), Some(frame));
        }
    }

    #[test]
    fn any_kept_text_reads_without_panicking(text in "\\PC{0,200}") {
        let kept = read_kept(&text);
        prop_assert!(kept.len() <= MAX_KEPT);
        prop_assert_eq!(read_kept(&write_kept(&kept)), kept);
    }
}

fn othello_move(square: &str) -> crate::engine::othello::Move {
    let b = square.as_bytes();
    let square = crate::engine::othello::Square::new(b[0] - b'a', b[1] - b'1').unwrap();
    crate::engine::othello::Move::Place(square)
}
