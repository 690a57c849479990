//! What anyone may ask without a game: help, rules, Chess960 setups; and the board views.

use domain::messages::{InfoMsg, Message, Refusal, ViewMsg};
use rules::{Color, Variant};
use testkit::harness::{Harness, record, refusal, text};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess960_shows_number_back_rank_fen_and_image() {
    let h = Harness::new().await;
    let r = h.say("carol> chess960 518").await;
    assert!(!r.private, "{}", text(&r));
    let setup = ViewMsg::Chess960Setup {
        number: 518,
        back_rank: "RNBQKBNR".into(),
        // Shredder-FEN names the castling rooks by their files.
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1".into(),
    };
    assert!(r.says(&setup.into()), "{r:?}");
    assert!(
        text(&r).contains("Play it: challenge chess960 518"),
        "{}",
        text(&r)
    );
    assert!(
        r.image
            .as_deref()
            .is_some_and(|p| p.starts_with(b"\x89PNG"))
    );
    let r = h.say("carol> chess960 0").await;
    assert!(
        matches!(
            r.messages.first(),
            Some(Message::View(ViewMsg::Chess960Setup { number: 0, back_rank, .. })) if back_rank == "BBQNNRKR"
        ),
        "{r:?}"
    );
    let r = h.say("carol> chess960").await;
    assert!(
        matches!(
            r.messages.first(),
            Some(Message::View(ViewMsg::Chess960Setup { number, .. })) if *number < 960
        ) && r.image.is_some(),
        "{r:?}"
    );
    assert_eq!(h.service.active_channels(), 0, "no game was started");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_and_rules_answer_publicly_with_the_variant_asked() {
    let h = Harness::new().await;
    let r = h.say("carol> help").await;
    assert!(!r.private && r.says(&InfoMsg::Help.into()), "{r:?}");
    // The console's own help, with its line syntax, not Discord's.
    assert!(text(&r).contains("NAME> COMMAND"), "{}", text(&r));
    assert!(!text(&r).contains("/challenge"), "{}", text(&r));
    let r = h.say("carol> rules").await;
    assert!(r.says(&InfoMsg::VariantsOverview.into()), "{r:?}");
    for (asked, variant) in [
        ("avalanche", Variant::Avalanche),
        ("reversed", Variant::AvalancheReversed),
        ("balanced", Variant::AvalancheBalanced),
        ("chess960", Variant::Chess960),
        ("standard", Variant::Standard),
    ] {
        let r = h.say(&format!("carol> rules {asked}")).await;
        assert!(r.says(&InfoMsg::Rules(variant).into()), "{asked}: {r:?}");
    }
    assert!(text(&h.say("carol> rules avalanche").await).contains("Betza"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_and_records_for_everyone() {
    let h = Harness::new().await;
    let r = h.say("carol> board").await;
    assert!(r.private && refusal(&r) == Some(&Refusal::NoGame), "{r:?}");
    h.say("alice> challenge bob avalanche-balanced white").await;
    let r = h.say("carol> board").await;
    assert!(
        r.private
            && matches!(refusal(&r), Some(Refusal::NotStarted { challenger }) if challenger == "alice"),
        "{r:?}"
    );
    h.say("bob> accept").await;
    h.say("alice> move d4//").await;
    h.say("bob> move d5/e3").await;
    let r = h.say("carol> board").await;
    assert!(!r.private && r.image.is_some(), "{}", text(&r));
    assert!(
        matches!(
            r.messages.first(),
            Some(Message::View(ViewMsg::Game { last: Some(ply), .. }))
                if ply.number == 1 && ply.mover == Color::Black && ply.notation == "d5/e3"
        ),
        "{r:?}"
    );
    assert!(text(&r).contains("last: 1... d5/e3"), "{}", text(&r));
    let flipped = h.say("carol> board flip").await;
    assert!(flipped.private && flipped.image.is_some());
    assert_ne!(flipped.image, r.image, "the other side is drawn");
    let moves = h.say("carol> moves").await;
    assert_eq!(record(&moves), "1. d4// d5/e3");
    let (name, record) = moves.files.into_iter().next().expect("file");
    assert!(name.ends_with(".pgn"));
    let record = String::from_utf8(record).expect("utf-8");
    assert!(
        record.contains("[White \"alice\"]") && record.contains("[Variant \"avalanche-balanced\"]"),
        "{record}"
    );
    let replayed = rules::Game::from_record(&record).expect("the record reads back");
    assert_eq!(replayed.0.notations(), vec!["d4//", "d5/e3"]);
}

/// The side to move and where it may push, as `ViewMsg::Position` says it.
type Pushes = (Color, Vec<rules::Square>);

/// The `ViewMsg::Position` of `r`.
fn position_message(r: &domain::Reply) -> &Message {
    r.messages
        .iter()
        .find(|m| matches!(m, Message::View(ViewMsg::Position { .. })))
        .unwrap_or_else(|| panic!("no position in {r:?}"))
}

/// The position of `r`, as its `ViewMsg::Position` says it: FEN, X-FEN and pushes.
fn position_of(r: &domain::Reply) -> (&str, Option<&str>, Option<&Pushes>) {
    match position_message(r) {
        Message::View(ViewMsg::Position { fen, xfen, pushes }) => {
            (fen.as_str(), xfen.as_deref(), pushes.as_ref())
        }
        other => panic!("not a position: {other:?}"),
    }
}

/// A harness where alice (White) and bob play the game `challenge bob OPTIONS white` asks for.
async fn game(options: &str) -> Harness {
    let h = Harness::new().await;
    h.say(&format!("alice> challenge bob {options} white"))
        .await;
    h.say("bob> accept").await;
    h
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn position_tells_the_asker_alone_the_fen_and_the_record() {
    let h = Harness::new().await;
    let r = h.say("carol> position").await;
    assert!(
        r.private && matches!(refusal(&r), Some(Refusal::NoGame)),
        "{r:?}"
    );
    let h = game("standard").await;
    h.say("alice> move e4").await;
    let r = h.say("carol> position").await;
    assert!(r.private, "{}", text(&r));
    // No black pawn can take on e3, so FEN names no en-passant square.
    assert_eq!(
        position_of(&r),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            None,
            None
        )
    );
    let record = ViewMsg::Record {
        record: "1. e4".into(),
        clipped: false,
    };
    assert!(r.says(&record.into()), "{r:?}");
    assert!(text(&r).contains("FEN: rnbqkbnr/"), "{}", text(&r));
    assert_eq!(r.files.len(), 1, "the record as a file");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn position_gives_chess960_both_fens_and_avalanche_its_pushes() {
    let h = game("chess960 518").await;
    let r = h.say("alice> position").await;
    // Shredder-FEN names the castling rooks by their files; X-FEN, the outermost, as KQkq.
    assert_eq!(
        position_of(&r),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            None
        )
    );
    assert!(r.says(&ViewMsg::NoTurnsYet.into()), "{r:?}");

    let h = game("avalanche").await;
    // At the start every black pawn may be pushed one square, whatever White moves.
    let sixth: Vec<rules::Square> = "abcdefgh"
        .chars()
        .filter_map(|file| format!("{file}6").parse().ok())
        .collect();
    let r = h.say("bob> position").await;
    assert_eq!(position_of(&r).2, Some(&(Color::White, sixth)), "{r:?}");
    assert!(
        text(&r).contains("White may push an enemy pawn to a6, b6,"),
        "{}",
        text(&r)
    );
    let ja = present::message_text(
        position_message(&r),
        domain::Lang::Ja,
        present::i18n::Surface::Console,
    );
    assert!(ja.contains("白は相手のポーンをa6"), "{ja}");
    // A Balanced Avalanche game's first turn has no push.
    let h = game("balanced").await;
    let r = h.say("alice> position").await;
    assert_eq!(
        position_of(&r).2,
        Some(&(Color::White, Vec::new())),
        "{r:?}"
    );
    assert!(
        text(&r).contains("White's turn has no push."),
        "{}",
        text(&r)
    );
}
