//! Turns as people type them, through the service and in words, English and Japanese: a
//! phone's capital letters, and a pawn told to become a king or nothing.

use domain::{Locale, Reply};
use present::i18n::{Lang, Surface};
use present::reply_text;
use rules::MoveError;
use testkit::harness::{Harness, illegal, played, text};

fn console(reply: &Reply) -> String {
    reply_text(reply, Surface::Console)
}

/// Plays each `(player, input)` and checks it was played as `notation`.
async fn plays(h: &Harness, turns: &[(&str, &str, &str)]) {
    for (who, input, notation) in turns {
        let r = h.say(&format!("{who}> move {input}")).await;
        assert!(!r.private, "`{input}`: {}", text(&r));
        assert_eq!(played(&r), [*notation], "`{input}`");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn capital_letters_read_as_the_move_they_name() {
    let h = Harness::new().await;
    h.say("alice> challenge bob white").await;
    h.say("bob> accept").await;
    plays(
        &h,
        &[
            ("alice", "E4", "e4"),
            ("bob", "D5", "d5"),
            ("alice", "Exd5", "exd5"),
            ("bob", "QXD5", "Qxd5"),
            ("alice", "NC3", "Nc3"),
            ("bob", "Pe5", "e5"),
            ("alice", "NXD5", "Nxd5"),
            ("bob", "nc6", "Nc6"),
            // A capital `B` with no bishop move to b3: the b-pawn.
            ("alice", "B3", "b3"),
            ("bob", "BB4", "Bb4"),
        ],
    )
    .await;
}

/// After `1. b4 a5 2. bxa5 b6 3. axb6 Nc6 4. b7 Nf6` White's pawn on b7 may take the rook on
/// a8 or the bishop on c8, or advance to b8.
const TO_B7: [(&str, &str, &str); 8] = [
    ("alice", "b4", "b4"),
    ("bob", "a5", "a5"),
    ("alice", "bxa5", "bxa5"),
    ("bob", "b6", "b6"),
    ("alice", "axb6", "axb6"),
    ("bob", "Nc6", "Nc6"),
    ("alice", "b7", "b7"),
    ("bob", "Nf6", "Nf6"),
];

fn takes_a8() -> Vec<String> {
    ["Q", "R", "B", "N"]
        .iter()
        .map(|r| format!("bxa8={r}"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pawn_told_to_become_a_king_or_nothing_is_offered_its_promotions() {
    let h = Harness::new().await;
    h.say("alice> challenge bob white").await;
    h.say("bob> accept").await;
    plays(&h, &TO_B7).await;
    let r = h.say("alice> move bxa8=K").await;
    let (error, suggestions) = illegal(&r);
    assert_eq!(
        error,
        &MoveError::PromotionToKing {
            promotions: takes_a8()
        }
    );
    // The refusal lists the choices itself; no unrelated "close" turns.
    assert!(suggestions.is_empty(), "{suggestions:?}");
    assert_eq!(
        console(&r),
        "A pawn cannot become a king: choose one of bxa8=Q, bxa8=R, bxa8=B, bxa8=N."
    );
    let r = h.say("alice> move b7a8").await;
    let (error, suggestions) = illegal(&r);
    assert_eq!(
        error,
        &MoveError::PromotionMissing {
            promotions: takes_a8()
        }
    );
    assert!(suggestions.is_empty(), "{suggestions:?}");
    assert_eq!(
        console(&r),
        "A pawn reaching its last rank must become a piece: choose one of bxa8=Q, bxa8=R, \
         bxa8=B, bxa8=N."
    );
    plays(&h, &[("alice", "BXA8=N", "bxa8=N")]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pawn_told_to_become_a_king_in_japanese() {
    let mut h = Harness::new().await;
    h.locale = Locale::both(Lang::Ja);
    h.say("alice> challenge bob white").await;
    h.say("bob> accept").await;
    plays(&h, &TO_B7).await;
    let r = h.say("alice> move Bxa8=K").await;
    assert_eq!(r.lang, Lang::Ja);
    assert_eq!(
        console(&r),
        "ポーンはキングにはなれません:bxa8=Q、bxa8=R、bxa8=B、bxa8=N のどれかを選んでください。"
    );
    let r = h.say("alice> move b7a8").await;
    assert_eq!(
        console(&r),
        "最終段に着いたポーンは駒にならなければなりません:bxa8=Q、bxa8=R、bxa8=B、bxa8=N \
         のどれかを選んでください。"
    );
}
