//! What anyone may ask without a game: help, rules, Chess960 setups; and the board views.

mod common;

use common::{Harness, text};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess960_shows_number_back_rank_fen_and_image() {
    let h = Harness::new().await;
    let r = h.say("carol> chess960 518").await;
    assert!(!r.private, "{}", text(&r));
    assert!(
        text(&r).contains("#518") && text(&r).contains("RNBQKBNR"),
        "{}",
        text(&r)
    );
    assert!(
        text(&r).contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
        "{}",
        text(&r)
    );
    assert!(
        r.image
            .as_deref()
            .is_some_and(|p| p.starts_with(b"\x89PNG"))
    );
    let r = h.say("carol> chess960 0").await;
    assert!(text(&r).contains("BBQNNRKR"), "{}", text(&r));
    let r = h.say("carol> chess960").await;
    assert!(
        text(&r).contains("Chess960 setup #") && r.image.is_some(),
        "{}",
        text(&r)
    );
    assert_eq!(h.service.active_channels(), 0, "no game was started");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_and_rules_answer_from_rules_md() {
    let h = Harness::new().await;
    let r = h.say("carol> help").await;
    for word in [
        "challenge",
        "move",
        "resign",
        "draw",
        "takeback",
        "abort",
        "board",
        "moves",
        "games",
        "chess960",
        "rules",
    ] {
        assert!(text(&r).contains(word), "help lacks {word}: {}", text(&r));
    }
    let r = h.say("carol> rules").await;
    assert!(
        text(&r).contains("avalanche-reversed") && text(&r).contains("chess960"),
        "{}",
        text(&r)
    );
    let r = h.say("carol> rules avalanche").await;
    assert!(
        text(&r).contains("Betza")
            && text(&r).contains("`Nf3/a6`")
            && text(&r).contains("lose at once"),
        "{}",
        text(&r)
    );
    let r = h.say("carol> rules reversed").await;
    assert!(
        text(&r).contains("d8") && text(&r).contains("e8"),
        "{}",
        text(&r)
    );
    let r = h.say("carol> rules balanced").await;
    assert!(text(&r).contains("first turn has no push"), "{}", text(&r));
    let r = h.say("carol> rules chess960").await;
    assert!(text(&r).contains("king stands on g"), "{}", text(&r));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_and_records_for_everyone() {
    let h = Harness::new().await;
    let r = h.say("carol> board").await;
    assert!(r.private && text(&r).contains("no game"), "{}", text(&r));
    h.say("alice> challenge bob avalanche-balanced white").await;
    let r = h.say("carol> board").await;
    assert!(r.private && text(&r).contains("challenge"), "{}", text(&r));
    h.say("bob> accept").await;
    h.say("alice> move d4//").await;
    h.say("bob> move d5/e3").await;
    let r = h.say("carol> board").await;
    assert!(!r.private && r.image.is_some(), "{}", text(&r));
    assert!(text(&r).contains("last: 1... d5/e3"), "{}", text(&r));
    let flipped = h.say("carol> board flip").await;
    assert!(flipped.private && flipped.image.is_some());
    assert_ne!(flipped.image, r.image, "the other side is drawn");
    let moves = h.say("carol> moves").await;
    assert!(text(&moves).contains("1. d4// d5/e3"), "{}", text(&moves));
    let (name, record) = moves.file.expect("file");
    assert!(name.ends_with(".pgn"));
    let record = String::from_utf8(record).expect("utf-8");
    assert!(
        record.contains("[White \"alice\"]") && record.contains("[Variant \"avalanche-balanced\"]"),
        "{record}"
    );
    let replayed = rules::Game::from_record(&record).expect("the record reads back");
    assert_eq!(replayed.0.notations(), vec!["d4//", "d5/e3"]);
}
