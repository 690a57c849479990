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
