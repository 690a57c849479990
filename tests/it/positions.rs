//! Games from any position (`challenge … position FEN`): played, recorded with their FEN,
//! never rated, kept across a restart, carried into a rematch, and refused with the reason
//! when the position cannot be played.

use domain::messages::{ChallengeMsg, Message, RatingMsg, Refusal};
use domain::{Games, Locale, SetupChoice, ShardSet};
use present::i18n::Lang;
use rules::{Color, EndReason, FenError, Game, Outcome, Variant};
use testkit::harness::{Harness, over, record, refusal, text};

/// White mates at once on the back rank: Ra8#.
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_from_a_position_is_unrated_and_recorded_with_its_fen() {
    let h = Harness::new().await;
    let asked = h
        .say(&format!("alice> challenge bob position {BACK_RANK} white"))
        .await;
    assert!(!asked.private, "{}", text(&asked));
    assert!(
        asked.messages.iter().any(|m| matches!(
            m,
            Message::Challenge(ChallengeMsg::Challenged { setup: Some(SetupChoice::Position(fen)), .. })
                if fen == BACK_RANK
        )),
        "{asked:?}"
    );
    assert!(
        asked.says(
            &RatingMsg::Rated {
                rated: false,
                family: domain::rating::RatingFamily::Correspondence
            }
            .into()
        ),
        "a game from a position is casual: {asked:?}"
    );
    assert!(text(&asked).contains(&format!("from the position {BACK_RANK}")));
    let started = h.say("bob> accept").await;
    assert!(
        started.messages.iter().any(|m| matches!(
            m,
            Message::Challenge(ChallengeMsg::Started { kind, .. }) if kind.from_position
        )),
        "{started:?}"
    );
    assert!(
        text(&started).contains("Standard chess from a position"),
        "{}",
        text(&started)
    );
    let id = started.game.expect("a game");
    let mate = h.say("alice> move Ra8").await;
    assert_eq!(
        over(&mate),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Checkmate
        }),
        "{}",
        text(&mate)
    );
    let stored = h.storage.load_game(id).await.expect("load").expect("game");
    assert_eq!(stored.row.start_fen.as_deref(), Some(BACK_RANK));
    assert!(!stored.row.rated);
    // The record says where the game started, and reads back to the same game.
    let moves = h.say("carol> moves").await;
    assert_eq!(record(&moves), "1. Ra8#");
    let (_, file) = moves.files.into_iter().next().expect("record file");
    let record = String::from_utf8(file).expect("utf-8");
    assert!(record.contains("[SetUp \"1\"]"), "{record}");
    assert!(
        record.contains(&format!("[FEN \"{BACK_RANK}\"]")),
        "{record}"
    );
    assert!(record.contains("1. Ra8# 1-0"), "{record}");
    let (game, _) = Game::from_record(&record).expect("the record reads back");
    assert_eq!(game.start().to_fen(), BACK_RANK);
    assert_eq!(game.notations(), ["Ra8#"]);
}

/// The computer plays Black from an Avalanche position; after a restart the game goes on
/// from the stored position, which only its FEN gives.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_plays_from_a_position_and_it_survives_a_restart() {
    let fen = "4k3/pppp1ppp/8/8/8/8/PPPP1PPP/4K3 w - - 0 1";
    let mut h = Harness::new().await;
    let started = h
        .say(&format!(
            "alice> challenge computer 1 avalanche position {fen} white"
        ))
        .await;
    assert!(!started.private, "{}", text(&started));
    let id = started.game.expect("a game");
    let first = h.say("alice> move Ke2/a6").await;
    assert!(!first.private, "{}", text(&first));
    let before = h.storage.load_game(id).await.expect("load").expect("game");
    assert_eq!(before.turns.len(), 2, "the computer answered: {before:?}");
    assert_eq!(before.row.start_fen.as_deref(), Some(fen));
    h.restart().await;
    // Replayed from the FEN, the game stands where it stood: any legal turn of White's
    // there is taken.
    let mut game =
        Game::from_position(rules::Position::from_fen(Variant::Avalanche, fen).expect("fen"));
    for turn in &before.turns {
        game.play_str(turn)
            .expect("the stored turns replay from the FEN");
    }
    let next = game
        .position()
        .legal_turns()
        .first()
        .map(|t| game.position().turn_to_notation(t))
        .expect("a legal turn");
    let after = h.say(&format!("alice> move {next}")).await;
    assert!(
        !after.private,
        "`{next}` after the restart: {}",
        text(&after)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_starts_from_the_same_position() {
    let h = Harness::new().await;
    h.say(&format!("alice> challenge bob position {BACK_RANK} white"))
        .await;
    h.say("bob> accept").await;
    h.say("alice> resign").await;
    let r = h.say("bob> rematch").await;
    assert!(
        r.messages.iter().any(|m| matches!(
            m,
            Message::Challenge(ChallengeMsg::Challenged { setup: Some(SetupChoice::Position(fen)), .. })
                if fen == BACK_RANK
        )),
        "{r:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_that_cannot_be_played_is_refused_with_the_reason() {
    let mut h = Harness::new().await;
    let refused = |fen: &str| format!("alice> challenge bob position {fen}");
    let r = h.say(&refused("8/8/8 w - - 0 1")).await;
    assert!(
        r.private
            && matches!(
                refusal(&r),
                Some(Refusal::BadPosition(FenError::Placement(_)))
            ),
        "{r:?}"
    );
    let r = h.say(&refused("4k3/8/8/8/8/8/8/4K3 w")).await;
    assert_eq!(
        refusal(&r),
        Some(&Refusal::BadPosition(FenError::FieldCount(2))),
        "{r:?}"
    );
    assert!(
        text(&r).contains("a FEN has 4 to 6 fields separated by spaces; this one has 2"),
        "{}",
        text(&r)
    );
    // Black, not to move, is in check: no game reaches it in standard chess.
    let r = h.say(&refused("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1")).await;
    assert!(
        matches!(
            refusal(&r),
            Some(Refusal::BadPosition(FenError::Illegal(_)))
        ),
        "{r:?}"
    );
    // Chess960 castling rights on a standard board: only the Chess960 family has them.
    let r = h.say(&refused("4k3/8/8/8/8/8/8/1R2K3 w B - 0 1")).await;
    assert!(
        matches!(refusal(&r), Some(Refusal::BadPosition(_))),
        "{r:?}"
    );
    // Mate and stalemate are over before they start.
    let r = h.say(&refused("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")).await;
    assert_eq!(
        refusal(&r),
        Some(&Refusal::PositionOver {
            outcome: Outcome {
                winner: Some(Color::White),
                reason: EndReason::Checkmate
            }
        })
    );
    let r = h.say(&refused("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")).await;
    assert!(
        matches!(refusal(&r), Some(Refusal::PositionOver { outcome }) if outcome.reason == EndReason::Stalemate),
        "{r:?}"
    );
    // Nothing was stored: the channel is free for a challenge that can be played.
    let open = h
        .storage
        .load_unfinished(ShardSet::All)
        .await
        .expect("load");
    assert!(open.challenges.is_empty() && open.games.is_empty());
    // In Japanese, the reason is Japanese too.
    h.locale = Locale::both(Lang::Ja);
    let r = h.say(&refused("4k3/8/8/8/8/8/8/4K3 w")).await;
    assert!(
        r.lang == Lang::Ja
            && text(&r).contains("その局面からは対局を始められません")
            && text(&r).contains("2個"),
        "{}",
        text(&r)
    );
    let ok = h.say(&refused(BACK_RANK)).await;
    assert!(!ok.private, "{}", text(&ok));
}
