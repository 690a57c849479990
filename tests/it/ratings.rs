//! Ratings through the service: a rated game between two people moves both ratings by the
//! Glicko-2 amounts, stored with the result; games against the computer, against oneself and
//! aborted games change no rating; standard chess is rated per speed and each other variant
//! family keeps one rating.

use console::{CONSOLE_GUILD, user_id};
use domain::messages::{Message, RatingMsg, SettingsMsg, Shown, ShownChange};
use domain::rating::{Glicko, RatingFamily};
use domain::timing::TimeControl;
use domain::{
    ColorChoice, Command, Extras, Locale, PlayerRating, Ratings, Reply, Settings, Transfer, User,
};
use present::i18n::Lang;
use rules::Variant;
use testkit::harness::{Harness, main_room, text};

/// `name`'s ratings in the console's server.
async fn ratings(h: &Harness, name: &str) -> Vec<PlayerRating> {
    h.storage
        .user_ratings(CONSOLE_GUILD, user_id(name))
        .await
        .expect("ratings")
}

/// The rating changes a reply reports.
fn changes(reply: &Reply) -> Vec<ShownChange> {
    reply
        .messages
        .iter()
        .filter_map(|m| match m {
            Message::Rating(RatingMsg::Changed(c)) => Some(c.clone()),
            _ => None,
        })
        .collect()
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
    // The result's reply reports both changes (1662.31 and 1337.69, RD 290: provisional).
    let shown = |rating| Shown {
        rating,
        deviation: if rating == 1500 { 350 } else { 290 },
        provisional: true,
    };
    assert_eq!(
        changes(&r),
        vec![
            ShownChange {
                name: "alice".into(),
                family: RatingFamily::Correspondence,
                before: shown(1500),
                after: shown(1662),
            },
            ShownChange {
                name: "bob".into(),
                family: RatingFamily::Correspondence,
                before: shown(1500),
                after: shown(1338),
            },
        ]
    );
    let words = text(&r);
    assert!(
        words.contains("alice's Correspondence rating: 1500? → 1662? (+162)"),
        "{words}"
    );

    let (alice, bob) = (&ratings(&h, "alice").await[0], &ratings(&h, "bob").await[0]);
    assert_eq!(alice.family, RatingFamily::Correspondence);
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
    let changes = h.storage.game_rating_changes(id).await.expect("changes");
    assert_eq!(changes.len(), 2);
    assert!(changes.iter().all(|c| c.before.rating == 1500.0));

    // A second game, drawn by agreement, starts from the stored ratings: the weaker-rated bob
    // gains, alice loses, and both become surer.
    start(&h, "standard").await;
    h.say("alice> move d4").await;
    h.say("bob> draw offer").await;
    h.say("alice> draw accept").await;
    let (alice2, bob2) = (&ratings(&h, "alice").await[0], &ratings(&h, "bob").await[0]);
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
    let alice = ratings(&h, "alice").await;
    let families: Vec<RatingFamily> = alice.iter().map(|r| r.family).collect();
    assert_eq!(
        families,
        vec![RatingFamily::Chess960, RatingFamily::Avalanche]
    );
    let avalanche = &alice[1];
    assert_eq!((avalanche.games, avalanche.losses), (1, 1));
    assert!(avalanche.glicko.rating < 1500.0);
    assert!(alice[0].glicko.rating > 1500.0);
    assert!(ratings(&h, "bob").await.iter().all(|r| r.games == 1));
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
            ratings(&h, name).await.is_empty(),
            "{name}: {:?}",
            ratings(&h, name).await
        );
    }
    let stored = h.storage.all_games().await.expect("games");
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_casual_game_says_so_and_changes_no_rating() {
    let h = Harness::new().await;
    let r = h.say("alice> challenge bob casual white").await;
    assert!(
        r.says(&Message::Rating(RatingMsg::Rated {
            rated: false,
            family: RatingFamily::Correspondence
        })),
        "{r:?}"
    );
    let r = h.say("bob> accept").await;
    assert!(
        text(&r).contains("Casual: no rating changes."),
        "{}",
        text(&r)
    );
    h.say("alice> move e4").await;
    let r = h.say("bob> resign").await;
    assert!(changes(&r).is_empty(), "{r:?}");
    assert!(ratings(&h, "alice").await.is_empty());
    // By default a challenge between two people is rated, and says so.
    let r = h.say("alice> challenge bob avalanche").await;
    assert!(
        r.says(&Message::Rating(RatingMsg::Rated {
            rated: true,
            family: RatingFamily::Avalanche
        })),
        "{r:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rating_and_leaderboard_show_the_stored_ratings() {
    let h = Harness::new().await;
    let r = h.say("alice> rating").await;
    assert!(
        text(&r).contains("alice has no rated game in this server yet."),
        "{}",
        text(&r)
    );
    // carol beats bob, then alice beats carol.
    h.say("carol> challenge bob white").await;
    h.say("bob> accept").await;
    h.say("carol> move e4").await;
    h.say("bob> resign").await;
    h.say("alice> challenge carol white").await;
    h.say("carol> accept").await;
    h.say("alice> move e4").await;
    h.say("carol> resign").await;

    let r = h.say("dave> rating carol").await;
    assert!(!r.private);
    let Some(Message::Rating(RatingMsg::Ratings { name, ratings, .. })) = r.messages.first() else {
        panic!("{r:?}");
    };
    assert_eq!(name, "carol");
    assert_eq!(ratings.len(), 1);
    assert_eq!(
        (ratings[0].games, ratings[0].wins, ratings[0].losses),
        (2, 1, 1)
    );
    let stored = &self::ratings(&h, "carol").await[0];
    assert_eq!(ratings[0].shown.rating, stored.glicko.rating.round() as i32);

    let r = h.say("bob> leaderboard").await;
    let Some(Message::Rating(RatingMsg::Leaderboard {
        family,
        players,
        top,
        own,
    })) = r.messages.first()
    else {
        panic!("{r:?}");
    };
    assert_eq!((*family, *players), (RatingFamily::Correspondence, 3));
    let names: Vec<&str> = top.iter().map(|p| p.name.as_str()).collect();
    // alice won her only game; carol won one and lost one; bob lost.
    assert_eq!(names, vec!["alice", "carol", "bob"]);
    assert_eq!(own.as_ref().map(|p| p.rank), Some(3));
    let words = text(&r);
    assert!(words.contains("1. alice"), "{words}");
    assert!(words.contains("Your place: 3."), "{words}");
    let r = h.say("dave> leaderboard avalanche").await;
    assert!(
        text(&r).contains("Nobody has played a rated Avalanche game in this server yet."),
        "{}",
        text(&r)
    );
}

/// Asked for one family when the player has rated games only in others, the answer says there
/// is no rated game *in that family* (not none at all), and the leaderboard of that family says
/// nobody has played one, in English and in Japanese.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_family_without_rated_games_is_named_as_such() {
    let mut h = Harness::new().await;
    h.say("alice> challenge bob white").await;
    h.say("bob> accept").await;
    h.say("alice> move e4").await;
    h.say("bob> resign").await;

    let r = h.say("alice> rating avalanche").await;
    let Some(Message::Rating(RatingMsg::Ratings {
        family, ratings, ..
    })) = r.messages.first()
    else {
        panic!("{r:?}");
    };
    assert_eq!((*family, ratings.len()), (Some(RatingFamily::Avalanche), 0));
    let words = text(&r);
    assert!(
        words.contains("alice has no rated Avalanche game in this server yet."),
        "{words}"
    );
    let r = h.say("alice> rating standard").await;
    assert!(
        text(&r).contains("alice's ratings in this server:"),
        "{}",
        text(&r)
    );
    let r = h.say("alice> leaderboard avalanche").await;
    let words = text(&r);
    assert!(
        words.contains("Nobody has played a rated Avalanche game in this server yet."),
        "{words}"
    );

    h.locale = Locale::both(Lang::Ja);
    let r = h.say("alice> rating avalanche").await;
    assert_eq!(r.lang, Lang::Ja);
    let words = text(&r);
    assert!(
        words.contains("alice はこのサーバーでまだアバランチのレーティング対局をしていません。"),
        "{words}"
    );
    let r = h.say("bob> rating chess960").await;
    let words = text(&r);
    assert!(
        words.contains("bob はこのサーバーでまだチェス960のレーティング対局をしていません。"),
        "{words}"
    );
    let r = h.say("alice> leaderboard avalanche").await;
    let words = text(&r);
    assert!(
        words.contains("このサーバーではまだ誰もアバランチのレーティング対局をしていません。"),
        "{words}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_chosen_language_comes_before_its_locale_and_survives_a_restart() {
    let mut h = Harness::new().await;
    h.locale = Locale {
        user: Some(Lang::En),
        server: Some(Lang::En),
    };
    let r = h.say("alice> language ja").await;
    assert!(r.says(&Message::Settings(SettingsMsg::Language(Some(Lang::Ja)))));
    assert_eq!(r.lang, Lang::Ja, "the reply is already in the new language");
    assert_eq!(
        h.storage
            .guild_settings(CONSOLE_GUILD)
            .await
            .expect("settings")
            .lang,
        Some(Lang::Ja)
    );
    let r = h.say("alice> rules").await;
    assert_eq!(
        r.lang,
        Lang::Ja,
        "public replies follow the server's choice"
    );
    // Private replies stay in the user's language.
    let r = h.say("alice> accept").await;
    assert!(r.private && r.lang == Lang::En, "{r:?}");
    h.restart().await;
    assert_eq!(h.say("alice> rules").await.lang, Lang::Ja);
    let r = h.say("alice> language default").await;
    assert!(r.says(&Message::Settings(SettingsMsg::Language(None))));
    assert_eq!(r.lang, Lang::En);
    assert_eq!(h.say("alice> rules").await.lang, Lang::En);
}

/// A rating of `name` in the console's server, as imported: `games` games won, at `rating`.
fn imported(family: RatingFamily, name: &str, rating: f64, games: u32) -> PlayerRating {
    PlayerRating {
        glicko: Glicko {
            rating,
            deviation: 80.0,
            volatility: 0.06,
        },
        games,
        wins: games,
        updated_ms: 1_000,
        ..PlayerRating::unrated(
            CONSOLE_GUILD,
            family,
            User {
                id: user_id(name),
                name: name.into(),
            },
        )
    }
}

/// A rating stored before standard chess was rated per speed (its family `standard`, written
/// as that version wrote it) is the correspondence rating now: shown so, and played on by a
/// game without a clock.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_standard_rating_carries_over_as_correspondence() {
    let h = Harness::new().await;
    let conn = rusqlite::Connection::open(&h.db).expect("raw open");
    conn.execute(
        "INSERT INTO ratings (guild_id, family, user_id, user_name, rating, deviation, \
         volatility, games, wins, draws, losses, updated_ms) \
         VALUES (?1, 'standard', ?2, 'alice', 1720.0, 60.0, 0.06, 30, 20, 5, 5, 1000)",
        [
            i64::try_from(CONSOLE_GUILD).expect("small"),
            i64::try_from(user_id("alice")).expect("small"),
        ],
    )
    .expect("insert");
    drop(conn);

    let stored = ratings(&h, "alice").await;
    assert_eq!(stored.len(), 1);
    assert_eq!(
        (stored[0].family, stored[0].games),
        (RatingFamily::Correspondence, 30)
    );
    let words = text(&h.say("alice> rating").await);
    assert!(
        words.contains("Correspondence: 1720 ± 60, 30 games (20 won, 5 drawn, 5 lost)"),
        "{words}"
    );
    let words = text(&h.say("bob> leaderboard standard").await);
    assert!(
        words.contains("Correspondence leaderboard (1 rated player)"),
        "{words}"
    );
    assert!(words.contains("1. alice — 1720 (30 games)"), "{words}");

    // A game without a clock plays on from it.
    start(&h, "standard").await;
    h.say("alice> move e4").await;
    let r = h.say("bob> resign").await;
    assert!(
        text(&r).contains("alice's Correspondence rating: 1720 → "),
        "{}",
        text(&r)
    );
    let stored = ratings(&h, "alice").await;
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(
        (stored[0].family, stored[0].games),
        (RatingFamily::Correspondence, 31)
    );
    assert!(stored[0].glicko.rating > 1720.0, "{stored:?}");
}

/// `/rating` lists standard chess's speeds, then the other families, each on its line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rating_lists_each_speed_then_the_other_families() {
    let h = Harness::new().await;
    h.storage
        .import_extras(&Extras {
            ratings: vec![
                imported(RatingFamily::Avalanche, "alice", 1600.0, 4),
                imported(RatingFamily::Correspondence, "alice", 1550.0, 9),
                imported(RatingFamily::Blitz, "alice", 1810.0, 12),
                imported(RatingFamily::Bullet, "alice", 1490.0, 3),
            ],
            ..Extras::default()
        })
        .await
        .expect("import");
    let r = h.say("alice> rating").await;
    let Some(Message::Rating(RatingMsg::Ratings { ratings, .. })) = r.messages.first() else {
        panic!("{r:?}");
    };
    let families: Vec<RatingFamily> = ratings.iter().map(|r| r.family).collect();
    assert_eq!(
        families,
        [
            RatingFamily::Bullet,
            RatingFamily::Blitz,
            RatingFamily::Correspondence,
            RatingFamily::Avalanche
        ]
    );
    let words = text(&r);
    let starts: Vec<&str> = words
        .lines()
        .skip(1)
        .filter_map(|l| l.split(':').next())
        .collect();
    assert_eq!(
        starts,
        ["Bullet", "Blitz", "Correspondence", "Avalanche (all three)"],
        "{words}"
    );
    // One speed alone, by its name.
    let r = h.say("alice> rating blitz").await;
    let words = text(&r);
    assert!(words.contains("Blitz: 1810 ± 80, 12 games"), "{words}");
    assert!(!words.contains("Bullet"), "{words}");
    let words = text(&h.say("alice> rating rapid").await);
    assert!(
        words.contains("alice has no rated rapid game in this server yet."),
        "{words}"
    );
}

/// Each speed of standard chess has its own leaderboard; with none named, the caller's is
/// the one they have played most rated games in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_speed_has_its_own_leaderboard() {
    let h = Harness::new().await;
    h.storage
        .import_extras(&Extras {
            ratings: vec![
                imported(RatingFamily::Blitz, "alice", 1810.0, 12),
                imported(RatingFamily::Blitz, "bob", 1700.0, 3),
                imported(RatingFamily::Correspondence, "alice", 1550.0, 9),
                imported(RatingFamily::Correspondence, "carol", 1900.0, 5),
                imported(RatingFamily::Rapid, "carol", 1400.0, 1),
            ],
            ..Extras::default()
        })
        .await
        .expect("import");
    let board = |reply: &Reply| match reply.messages.first() {
        Some(Message::Rating(RatingMsg::Leaderboard { family, top, .. })) => (
            *family,
            top.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
        ),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        board(&h.say("carol> leaderboard blitz").await),
        (RatingFamily::Blitz, vec!["alice".into(), "bob".into()])
    );
    assert_eq!(
        board(&h.say("alice> leaderboard correspondence").await),
        (
            RatingFamily::Correspondence,
            vec!["carol".into(), "alice".into()]
        )
    );
    // alice has played blitz most, carol correspondence; dave nothing: correspondence.
    assert_eq!(
        board(&h.say("alice> leaderboard").await).0,
        RatingFamily::Blitz
    );
    assert_eq!(
        board(&h.say("carol> leaderboard").await).0,
        RatingFamily::Correspondence
    );
    assert_eq!(
        board(&h.say("dave> leaderboard").await).0,
        RatingFamily::Correspondence
    );
    let words = text(&h.say("bob> leaderboard rapid").await);
    assert!(
        words.contains("Rapid leaderboard (1 rated player)"),
        "{words}"
    );
    assert!(
        words.contains("You have no rated rapid game in this server yet."),
        "{words}"
    );
}

/// alice challenges bob in the main room to `variant` on the clock `time` (`3+2`), as White,
/// and he accepts; the challenge's reply.
async fn start_on_clock(h: &Harness, variant: Variant, time: &str) -> Reply {
    let time = TimeControl::parse(time).expect("a time control");
    let challenge = Command::Challenge {
        opponent: Some(console::user("bob")),
        variant,
        setup: None,
        color: ColorChoice::White,
        deadline: None,
        time: Some(time),
        rated: None,
    };
    let r = h.run(main_room(), "alice", challenge).await;
    h.say("bob> accept").await.game.expect("game id");
    r
}

/// A rated game at 3+2 is blitz: it says so when challenged, and its result changes both
/// players' blitz ratings and not their correspondence ones; Chess960 on the same clock
/// changes its one rating.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_blitz_game_changes_the_blitz_rating_only() {
    let h = Harness::new().await;
    h.storage
        .import_extras(&Extras {
            ratings: vec![
                imported(RatingFamily::Correspondence, "alice", 1550.0, 9),
                imported(RatingFamily::Correspondence, "bob", 1650.0, 7),
            ],
            ..Extras::default()
        })
        .await
        .expect("import");
    let before = ratings(&h, "alice").await;

    let challenge = start_on_clock(&h, Variant::Standard, "3+2").await;
    assert!(
        challenge.says(&Message::Rating(RatingMsg::Rated {
            rated: true,
            family: RatingFamily::Blitz
        })),
        "{challenge:?}"
    );
    assert!(
        text(&challenge).contains("the result changes both players' Blitz ratings"),
        "{}",
        text(&challenge)
    );
    h.say("alice> move e4").await;
    h.say("bob> move e5").await;
    let r = h.say("bob> resign").await;
    let families: Vec<RatingFamily> = changes(&r).iter().map(|c| c.family).collect();
    assert_eq!(
        families,
        [RatingFamily::Blitz, RatingFamily::Blitz],
        "{r:?}"
    );
    assert!(
        text(&r).contains("alice's Blitz rating: 1500? → 1662? (+162)"),
        "{}",
        text(&r)
    );

    let alice = ratings(&h, "alice").await;
    let family = |rs: &[PlayerRating], f| rs.iter().find(|r| r.family == f).cloned();
    let blitz = family(&alice, RatingFamily::Blitz).expect("a blitz rating");
    assert_eq!((blitz.games, blitz.wins), (1, 1));
    assert_eq!(
        family(&alice, RatingFamily::Correspondence),
        family(&before, RatingFamily::Correspondence),
        "the correspondence rating is untouched"
    );
    let bob = ratings(&h, "bob").await;
    assert_eq!(
        family(&bob, RatingFamily::Blitz).map(|r| (r.games, r.losses)),
        Some((1, 1))
    );
    assert_eq!(
        family(&bob, RatingFamily::Correspondence).map(|r| r.games),
        Some(7)
    );
    let words = text(&h.say("carol> leaderboard blitz").await);
    assert!(
        words.contains("Blitz leaderboard (2 rated players)"),
        "{words}"
    );

    // Chess960 keeps one rating at every speed.
    let challenge = start_on_clock(&h, Variant::Chess960, "3+2").await;
    assert!(
        challenge.says(&Message::Rating(RatingMsg::Rated {
            rated: true,
            family: RatingFamily::Chess960
        })),
        "{challenge:?}"
    );
    h.say("alice> resign").await;
    let alice = ratings(&h, "alice").await;
    assert_eq!(
        family(&alice, RatingFamily::Chess960).map(|r| (r.games, r.losses)),
        Some((1, 1))
    );
    assert_eq!(
        family(&alice, RatingFamily::Blitz).map(|r| r.games),
        Some(1)
    );
}
