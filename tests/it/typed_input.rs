//! Turns as people type them, through the service and in words, English and Japanese: a
//! phone's capital letters, a space for the Avalanche slash, a half-entered turn typed again
//! with an illegal push, and a pawn told to become a king or nothing.

use domain::messages::{Message, TurnMsg};
use domain::{Locale, Reply};
use present::i18n::{Lang, Surface};
use present::reply_text;
use rules::{MoveError, Role, Square};
use testkit::harness::{Harness, illegal, played, text};

fn console(reply: &Reply) -> String {
    reply_text(reply, Surface::Console)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
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
        "A pawn cannot become a king: choose one of bxa8=Q, bxa8=R, bxa8=B or bxa8=N."
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
         bxa8=B or bxa8=N."
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
        "ポーンはキングにはなれません：bxa8=Q、bxa8=R、bxa8=Bかbxa8=N のどれかを選んでください。"
    );
    let r = h.say("alice> move b7a8").await;
    assert_eq!(
        console(&r),
        "最終段に着いたポーンは駒にならなければなりません：bxa8=Q、bxa8=R、bxa8=Bかbxa8=N \
         のどれかを選んでください。"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn avalanche_refusals_name_the_move_or_the_push() {
    let h = Harness::new().await;
    h.say("alice> challenge bob avalanche white").await;
    h.say("bob> accept").await;
    // A space for the slash: the knight that cannot reach f5 is the reason.
    let r = h.say("alice> move Nf5 c5").await;
    assert_eq!(
        illegal(&r).0,
        &MoveError::NoPieceCanReach {
            role: Role::Knight,
            to: sq("f5")
        }
    );
    assert!(
        console(&r).starts_with("No knight of yours can reach f5."),
        "{}",
        console(&r)
    );
    // A move noted, then the whole turn typed again with a push that is not open: the same
    // reason as typed fresh, however it is spaced or capitalised.
    let fresh = h.say("alice> move Nf3/c5").await;
    let (error, _) = illegal(&fresh);
    assert!(
        matches!(error, MoveError::CannotPush { to, pushable } if *to == sq("c5") && pushable.len() == 8),
        "{error:?}"
    );
    let r = h.say("alice> move Nf3").await;
    assert!(
        matches!(
            r.messages.first(),
            Some(Message::Turn(TurnMsg::MoveNoted { .. }))
        ),
        "{r:?}"
    );
    for typed in ["Nf3/c5", "Nf3 c5", "NF3/C5", "c5"] {
        let r = h.say(&format!("alice> move {typed}")).await;
        assert_eq!(illegal(&r).0, error, "{typed}");
        assert!(
            console(&r).starts_with(
                "No enemy pawn can be pushed to c5; you can push to a6, b6, c6, d6, e6, f6, g6 \
                 or h6."
            ),
            "{typed}: {}",
            console(&r)
        );
    }
    // Another turn typed instead is read afresh and refused for its own reason.
    let r = h.say("alice> move Nf5 c5").await;
    assert_eq!(
        illegal(&r).0,
        &MoveError::NoPieceCanReach {
            role: Role::Knight,
            to: sq("f5")
        }
    );
    let r = h.say("alice> move Nc3/c5").await;
    assert!(
        matches!(illegal(&r).0, MoveError::CannotPush { to, .. } if *to == sq("c5")),
        "{r:?}"
    );
    // What is no push at all names the pushes open.
    let r = h.say("alice> move xyz").await;
    assert!(
        matches!(illegal(&r).0, MoveError::UnreadablePush { input, pushable } if input == "xyz" && pushable.len() == 8),
        "{r:?}"
    );
    assert!(
        console(&r).starts_with(
            "xyz is not a push I can read: give the square the pushed pawn lands on, one of a6, \
             b6, c6, d6, e6, f6, g6 or h6 (e.g. /a6)."
        ),
        "{}",
        console(&r)
    );
    // The noted move with a push that is open plays, the space for the slash too.
    plays(&h, &[("alice", "Nf3 C6", "Nf3/c6")]).await;
    plays(&h, &[("bob", "E5 E3", "e5/e3")]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn avalanche_refusals_in_japanese() {
    let mut h = Harness::new().await;
    h.locale = Locale::both(Lang::Ja);
    h.say("alice> challenge bob avalanche white").await;
    h.say("bob> accept").await;
    let r = h.say("alice> move Nf5 c5").await;
    assert!(
        console(&r).starts_with("f5に行けるあなたのナイトはありません。"),
        "{}",
        console(&r)
    );
    h.say("alice> move Nf3").await;
    let r = h.say("alice> move Nf3/c5").await;
    assert!(
        console(&r).starts_with(
            "c5へ押し出せる相手のポーンはありません。押し出せるのはa6、b6、c6、d6、e6、f6、g6かh6です。"
        ),
        "{}",
        console(&r)
    );
    let r = h.say("alice> move xyz").await;
    assert!(
        console(&r).starts_with(
            "xyz は読み取れる押し出しではありません：押し出したポーンが着くマス（a6、b6、c6、d6、e6、f6、g6かh6 \
             のどれか）を書いてください（例：/a6）。"
        ),
        "{}",
        console(&r)
    );
}
