//! Ratings through the service: a rated game between two people moves both ratings by the
//! Glicko-2 amounts, stored with the result; games against the computer, against oneself and
//! aborted games change no rating; each variant family keeps its own.

mod common;

use common::Harness;
use nadare::console::{CONSOLE_GUILD, user_id};
use nadare::rating::RatingFamily;
use nadare::service::PlayerRating;

/// `name`'s ratings in the console's server.
fn ratings(h: &Harness, name: &str) -> Vec<PlayerRating> {
    h.storage
        .user_ratings(CONSOLE_GUILD, user_id(name))
        .expect("ratings")
}

/// Starts a game of `variant` with alice as White against bob.
async fn start(h: &Harness, variant: &str) -> u64 {
    h.say(&format!("alice> challenge bob {variant} white"))
        .await;
    h.say("bob> accept").await.game.expect("game id")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_both_ratings_by_the_glicko2_amounts() {
    let h = Harness::new().await;
    let id = start(&h, "standard").await;
    h.say("alice> move e4").await;
    h.say("bob> move e5").await;
    let r = h.say("bob> resign").await;
    assert!(!r.private);

    let (alice, bob) = (&ratings(&h, "alice")[0], &ratings(&h, "bob")[0]);
    assert_eq!(alice.family, RatingFamily::Standard);
    assert_eq!(
        (alice.games, alice.wins, bob.games, bob.losses),
        (1, 1, 1, 1)
    );
    // Glicko-2 by hand for two new players (1500, RD 350, σ 0.06), one game, τ 0.5:
    // φ = 350/173.7178 = 2.01476, g(φ) = 1/√(1 + 3φ²/π²) = 0.66907, E = ½,
    // v = 1/(g²·E·(1-E)) = 8.93547, φ* = √(φ² + σ²) = 2.01565 (σ' stays 0.0600 to 4 places),
    // φ' = 1/√(1/φ*² + 1/v) = 1.67121, μ' = ±φ'²·g·½ = ±0.93434:
    // r' = 1500 ± 173.7178·0.93434 = 1662.31 / 1337.69, RD' = 173.7178·φ' = 290.32.
    assert!((alice.glicko.rating - 1662.31).abs() < 0.01, "{alice:?}");
    assert!((bob.glicko.rating - 1337.69).abs() < 0.01, "{bob:?}");
    assert!((alice.glicko.deviation - 290.32).abs() < 0.01, "{alice:?}");
    assert!((bob.glicko.deviation - 290.32).abs() < 0.01, "{bob:?}");
    // The game's archive keeps both changes.
    let changes = h.storage.game_rating_changes(id).expect("changes");
    assert_eq!(changes.len(), 2);
    assert!(changes.iter().all(|c| c.before.rating == 1500.0));

    // A second game, drawn by agreement, starts from the stored ratings: the weaker-rated bob
    // gains, alice loses, and both become surer.
    start(&h, "standard").await;
    h.say("alice> move d4").await;
    h.say("bob> draw offer").await;
    h.say("alice> draw accept").await;
    let (alice2, bob2) = (&ratings(&h, "alice")[0], &ratings(&h, "bob")[0]);
    assert_eq!((alice2.games, alice2.draws, bob2.draws), (2, 1, 1));
    assert!(alice2.glicko.rating < alice.glicko.rating, "{alice2:?}");
    assert!(bob2.glicko.rating > bob.glicko.rating, "{bob2:?}");
    assert!(alice2.glicko.deviation < alice.glicko.deviation);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_variant_family_keeps_its_own_rating() {
    let h = Harness::new().await;
    start(&h, "avalanche-balanced").await;
    h.say("alice> resign").await;
    start(&h, "chess960 518").await;
    h.say("bob> resign").await;
    let alice = ratings(&h, "alice");
    let families: Vec<RatingFamily> = alice.iter().map(|r| r.family).collect();
    assert_eq!(
        families,
        vec![RatingFamily::Chess960, RatingFamily::Avalanche]
    );
    let avalanche = &alice[1];
    assert_eq!((avalanche.games, avalanche.losses), (1, 1));
    assert!(avalanche.glicko.rating < 1500.0);
    assert!(alice[0].glicko.rating > 1500.0);
    assert!(ratings(&h, "bob").iter().all(|r| r.games == 1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_self_play_and_aborted_games_are_never_rated() {
    let h = Harness::new().await;
    // Against the computer.
    h.say("alice> challenge computer level 1 white").await;
    h.say("alice> resign").await;
    // Against oneself.
    h.say("alice> challenge alice").await;
    h.say("alice> move e4").await;
    h.say("alice> resign").await;
    // Aborted between two people.
    start(&h, "standard").await;
    h.say("alice> move e4").await;
    h.say("bob> abort").await;
    for name in ["alice", "bob"] {
        assert!(
            ratings(&h, name).is_empty(),
            "{name}: {:?}",
            ratings(&h, name)
        );
    }
    let stored = h.storage.all_games().expect("games");
    assert_eq!(stored.len(), 3);
    assert!(
        stored
            .iter()
            .all(|g| !g.row.rated || g.row.state.finished.is_some())
    );
    assert!(stored.iter().all(|g| g.row.state.finished.is_some()));
    // The computer and self-play games are stored casual; the aborted one was rated but
    // changed nothing.
    let rated: Vec<bool> = stored.iter().map(|g| g.row.rated).collect();
    assert_eq!(rated, vec![false, false, true]);
}
