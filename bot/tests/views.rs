//! What anyone may ask without a game: help, rules, Chess960 setups; and the board views.

mod common;

use common::Harness;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess960_shows_number_back_rank_fen_and_image() {
    let h = Harness::new().await;
    let r = h.say("carol> chess960 518").await;
    assert!(!r.private, "{}", r.text);
    assert!(
        r.text.contains("#518") && r.text.contains("RNBQKBNR"),
        "{}",
        r.text
    );
    assert!(
        r.text
            .contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
        "{}",
        r.text
    );
    assert!(
        r.image
            .as_deref()
            .is_some_and(|p| p.starts_with(b"\x89PNG"))
    );
    let r = h.say("carol> chess960 0").await;
    assert!(r.text.contains("BBQNNRKR"), "{}", r.text);
    let r = h.say("carol> chess960").await;
    assert!(
        r.text.contains("Chess960 setup #") && r.image.is_some(),
        "{}",
        r.text
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
        assert!(r.text.contains(word), "help lacks {word}: {}", r.text);
    }
    let r = h.say("carol> rules").await;
    assert!(
        r.text.contains("avalanche-reversed") && r.text.contains("chess960"),
        "{}",
        r.text
    );
    let r = h.say("carol> rules avalanche").await;
    assert!(
        r.text.contains("Betza") && r.text.contains("`Nf3/a6`") && r.text.contains("lose at once"),
        "{}",
        r.text
    );
    let r = h.say("carol> rules reversed").await;
    assert!(r.text.contains("d8") && r.text.contains("e8"), "{}", r.text);
    let r = h.say("carol> rules balanced").await;
    assert!(r.text.contains("first turn has no push"), "{}", r.text);
    let r = h.say("carol> rules chess960").await;
    assert!(r.text.contains("king stands on g"), "{}", r.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_and_records_for_everyone() {
    let h = Harness::new().await;
    let r = h.say("carol> board").await;
    assert!(r.private && r.text.contains("no game"), "{}", r.text);
    h.say("alice> challenge bob avalanche-balanced white").await;
    let r = h.say("carol> board").await;
    assert!(r.private && r.text.contains("challenge"), "{}", r.text);
    h.say("bob> accept").await;
    h.say("alice> move d4//").await;
    h.say("bob> move d5/e3").await;
    let r = h.say("carol> board").await;
    assert!(!r.private && r.image.is_some(), "{}", r.text);
    assert!(r.text.contains("last: 1... d5/e3"), "{}", r.text);
    let flipped = h.say("carol> board flip").await;
    assert!(flipped.private && flipped.image.is_some());
    assert_ne!(flipped.image, r.image, "the other side is drawn");
    let moves = h.say("carol> moves").await;
    assert!(moves.text.contains("1. d4// d5/e3"), "{}", moves.text);
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
