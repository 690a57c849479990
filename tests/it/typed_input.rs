//! Turns as people type them, through the service: a phone's capital letters.

use testkit::harness::{Harness, played, text};

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
