//! Users' data through the service: `forget` asks first and changes nothing until confirmed;
//! confirmed, it resigns the games the user has moved in, aborts the others, withdraws and
//! declines their challenges, withdraws them from tournaments (cancelling an open one they
//! created), announces each in its channel, and leaves their finished games under "deleted
//! user" with their ratings and vacations gone; they can then play again as a new player.
//! `mydata` gives everything stored about the caller as a versioned JSON file, and `privacy`
//! says what is kept, in both languages. A server the bot leaves loses its settings. A game
//! another process holds is ended through the store, and that process reloads it.

use std::sync::Arc;

use console::{CONSOLE_GUILD, ConsoleRooms, user_id};
use domain::messages::Refusal;
use domain::messages::{ForgetPlan, Message, PrivacyMsg};
use domain::{
    Action, Games, Lang, Locale, Privacy, Ratings, Reply, Settings, TournamentState, Tournaments,
    is_forgotten,
};
use domain::{Origin, ShardSet};
use rules::{Color, EndReason};
use serde_json::Value;
use service::{GameService, ManualClock, Options, ServiceConfig};
use testkit::harness::{Harness, epoch, guild_in_shard, main_room, refusal, text};
use testkit::on_both_backends;
use testkit::stores::Backend;

on_both_backends!(a_game_another_process_holds_is_ended_through_the_store);

/// What a reply says about users' data.
fn said(reply: &Reply) -> Option<&PrivacyMsg> {
    reply.messages.iter().find_map(|m| match m {
        Message::Privacy(p) => Some(p),
        _ => None,
    })
}

/// Every notice due now, worded as the console words them, with the room each goes to.
async fn notices(h: &Harness) -> Vec<(u64, String)> {
    h.sweep()
        .await
        .iter()
        .map(|n| (n.channel, text(&n.reply)))
        .collect()
}

/// A game of alice's in each state forgetting deals with, and her challenges and vacation:
/// - `old`: alice beat bob (rated), finished;
/// - `main`: alice (White) against bob, both have moved;
/// - `two`: carol (White) against alice, carol has moved, alice not yet;
/// - `four`: alice's open challenge to dave; `five`: erin's open challenge to alice.
async fn alices_world(h: &Harness) {
    for (room, line) in [
        ("old", "alice> challenge bob white"),
        ("old", "bob> accept"),
        ("old", "alice> move e4"),
        ("old", "bob> resign"),
        ("main", "alice> challenge bob white"),
        ("main", "bob> accept"),
        ("main", "alice> move e4"),
        ("main", "bob> move e5"),
        ("two", "carol> challenge alice white"),
        ("two", "alice> accept"),
        ("two", "carol> move d4"),
        ("four", "alice> challenge dave"),
        ("five", "erin> challenge alice"),
        ("main", "alice> vacation 3"),
    ] {
        let reply = h.say_in(room, line).await;
        assert!(!reply.private, "{line}: {}", text(&reply));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forget_asks_first_then_ends_everything_and_leaves_a_deleted_user() {
    let h = Harness::new().await;
    alices_world(&h).await;
    notices(&h).await;
    let alice = user_id("alice");
    let before = h.storage.user_data(alice).await.expect("data");
    assert_eq!(before.games.len(), 3);

    // Asked: the plan, privately, with its buttons; nothing changes.
    let asked = h.say("alice> forget").await;
    assert!(asked.private);
    let plan = ForgetPlan {
        games: 3,
        resigned: 1,
        aborted: 1,
        challenges: 2,
        ratings: 1,
        tournaments: 0,
    };
    assert_eq!(said(&asked), Some(&PrivacyMsg::Confirm(plan)));
    assert_eq!(asked.actions, [Action::ConfirmForget, Action::CancelForget]);
    let words = text(&asked);
    assert!(
        words.contains("Enter `forget confirm` to go ahead"),
        "{words}"
    );
    assert!(words.contains("A game under way is resigned"), "{words}");
    let kept = h.say("alice> forget cancel").await;
    assert_eq!(said(&kept), Some(&PrivacyMsg::Kept));
    assert_eq!(h.storage.user_data(alice).await.expect("data"), before);
    assert!(notices(&h).await.is_empty(), "nothing was announced");

    // Confirmed: everything under way ends, announced where it was.
    let done = h.say("alice> forget confirm").await;
    assert!(done.private);
    assert_eq!(said(&done), Some(&PrivacyMsg::Forgotten(plan)), "{done:?}");
    assert!(text(&done).contains("you may play again as a new player"));
    let posted = notices(&h).await;
    let in_room = |room: &str| {
        posted
            .iter()
            .filter(|(c, _)| *c == console::room_channel(room))
            .map(|(_, t)| t.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        in_room("main").contains("alice (White) resigns"),
        "{posted:?}"
    );
    assert!(in_room("two").contains("alice aborted"), "{posted:?}");
    assert!(in_room("four").contains("alice withdrew"), "{posted:?}");
    assert!(
        in_room("five").contains("alice declined erin"),
        "{posted:?}"
    );

    // Nothing names her; her games stay, under a stand-in.
    assert!(h.storage.user_data(alice).await.expect("data").is_empty());
    let main = before
        .games
        .iter()
        .find(|g| g.row.channel == main_room())
        .expect("the main game");
    let resigned = h
        .storage
        .load_game(main.row.id)
        .await
        .expect("load")
        .expect("game");
    assert!(is_forgotten(resigned.row.white.id), "{:?}", resigned.row);
    assert_eq!(resigned.row.white.name, "deleted user");
    assert_eq!(resigned.turns, ["e4", "e5"]);
    let outcome = resigned.row.state.finished.expect("over").outcome;
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), EndReason::Resignation)
    );
    let two = before
        .games
        .iter()
        .find(|g| g.row.channel == console::room_channel("two"))
        .expect("game two");
    let aborted = h
        .storage
        .load_game(two.row.id)
        .await
        .expect("load")
        .expect("game");
    assert_eq!(
        aborted.row.state.finished.map(|f| f.outcome.reason),
        Some(EndReason::Aborted)
    );
    assert_eq!(
        aborted.row.black, resigned.row.white,
        "one stand-in for her"
    );
    // Bob keeps his ratings and the game she resigned counts for him.
    let bobs = h
        .storage
        .user_ratings(CONSOLE_GUILD, user_id("bob"))
        .await
        .expect("ratings");
    assert_eq!((bobs[0].games, bobs[0].wins, bobs[0].losses), (2, 1, 1));
    assert_eq!(
        h.storage
            .game_rating_changes(main.row.id)
            .await
            .expect("changes")
            .iter()
            .map(|c| c.user)
            .collect::<Vec<_>>(),
        [user_id("bob")]
    );
    let history = text(&h.say("bob> history").await);
    assert!(history.contains("deleted user"), "{history}");
    assert!(!history.contains("alice"), "{history}");

    // She plays again as a new player: a fresh rating, no vacation, a free room.
    let vacation = h.say("alice> vacation end").await;
    assert!(vacation.private, "{}", text(&vacation));
    h.say("alice> challenge bob white").await;
    h.say("bob> accept").await;
    h.say("alice> move e4").await;
    let won = h.say("bob> resign").await;
    assert!(!won.private, "{}", text(&won));
    let hers = h
        .storage
        .user_ratings(CONSOLE_GUILD, alice)
        .await
        .expect("ratings");
    assert_eq!((hers[0].games, hers[0].wins), (1, 1), "{hers:?}");
    assert!(
        text(&won).contains("alice's Correspondence rating: 1500? → 16"),
        "{}",
        text(&won)
    );
    // Asked again, there is something to forget once more: only the new game.
    let again = h.say("alice> forget").await;
    assert!(matches!(
        said(&again),
        Some(PrivacyMsg::Confirm(ForgetPlan { games: 1, .. }))
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn someone_with_nothing_stored_has_nothing_to_forget() {
    let h = Harness::new().await;
    for line in ["zoe> forget", "zoe> forget confirm"] {
        let reply = h.say(line).await;
        assert!(reply.private);
        assert_eq!(said(&reply), Some(&PrivacyMsg::NothingStored));
    }
    let data = h.say("zoe> mydata").await;
    let file: Value = serde_json::from_slice(&data.files[0].1).expect("JSON");
    assert_eq!(file["games"], serde_json::json!([]));
    assert_eq!(file["vacation"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forgetting_withdraws_from_tournaments_and_cancels_an_open_one_created() {
    let h = Harness::new().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    for line in [
        "admin> tournament create Club standard round-robin casual",
        "ann> tournament join",
        "ben> tournament join",
        "cat> tournament join",
        "dan> tournament join",
        "admin> tournament start",
    ] {
        let reply = h.say(line).await;
        assert!(!reply.private, "{line}: {}", text(&reply));
    }
    notices(&h).await;
    let t = h
        .storage
        .guild_tournaments(CONSOLE_GUILD)
        .await
        .expect("read")
        .remove(0);
    let plan = h.say("dan> forget").await;
    assert!(matches!(
        said(&plan),
        Some(PrivacyMsg::Confirm(ForgetPlan {
            games: 1,
            resigned: 1,
            aborted: 0,
            tournaments: 1,
            ..
        }))
    ));
    let done = h.say("dan> forget confirm").await;
    assert!(
        matches!(
            said(&done),
            Some(PrivacyMsg::Forgotten(ForgetPlan {
                resigned: 1,
                tournaments: 1,
                ..
            }))
        ),
        "{done:?}"
    );
    let posted = notices(&h).await;
    assert!(
        posted
            .iter()
            .any(|(c, t)| *c == main_room() && t.contains("dan withdrew from Club")),
        "{posted:?}"
    );
    let after = h
        .storage
        .tournament(t.id)
        .await
        .expect("read")
        .expect("there");
    let entry = after
        .players
        .iter()
        .find(|p| is_forgotten(p.user.id))
        .expect("a stand-in in his place");
    assert!(entry.withdrawn && entry.user.name == "deleted user");
    let his = after
        .round_boards(1)
        .find(|b| b.white.id == entry.user.id || b.black.as_ref() == Some(&entry.user))
        .expect("his board");
    assert!(his.result.is_some(), "his game ended: {his:?}");
    assert!(after.players.iter().all(|p| p.user.name != "dan"));
    let standings = text(&h.say("ann> tournament standings").await);
    assert!(standings.contains("deleted user 0 ("), "{standings}");

    // In another server (room of its own guild) alice creates an open tournament: forgetting
    // her cancels it, since only she could start it.
    let elsewhere = Origin {
        guild: Some(CONSOLE_GUILD + 1),
        ..h.origin("alice")
    };
    let created = h
        .service
        .execute(
            &elsewhere,
            domain::TournamentAsk::Create {
                name: "Hers".into(),
                variant: rules::Variant::Standard,
                format: domain::TournamentFormat::RoundRobin,
                rounds: None,
                deadline: None,
                time: None,
                length: None,
                rated: true,
                random_setup: false,
                start: None,
                by: domain::Organiser {
                    manages_server: true,
                    roles: Vec::new(),
                },
            },
            Options::default(),
        )
        .await;
    assert!(!created.private, "{}", text(&created));
    let bob = Origin {
        guild: Some(CONSOLE_GUILD + 1),
        ..h.origin("bob")
    };
    let joined = h
        .service
        .execute(&bob, domain::TournamentAsk::Join(None), Options::default())
        .await;
    assert!(!joined.private, "{}", text(&joined));
    let done = h.say("alice> forget confirm").await;
    assert!(
        matches!(
            said(&done),
            Some(PrivacyMsg::Forgotten(ForgetPlan { tournaments: 1, .. }))
        ),
        "{done:?}"
    );
    let hers = h
        .storage
        .guild_tournaments(CONSOLE_GUILD + 1)
        .await
        .expect("read")
        .remove(0);
    assert_eq!(hers.state, TournamentState::Cancelled);
    assert!(is_forgotten(hers.creator.id));
    let posted = notices(&h).await;
    assert!(
        posted
            .iter()
            .any(|(_, t)| t.contains("Hers") && t.to_lowercase().contains("cancelled")),
        "{posted:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mydata_is_a_private_versioned_json_file_of_everything_stored() {
    let h = Harness::new().await;
    alices_world(&h).await;
    let reply = h.say("alice> mydata").await;
    assert!(reply.private);
    assert_eq!(
        said(&reply),
        Some(&PrivacyMsg::Export {
            games: 3,
            ratings: 1,
            tournaments: 0
        })
    );
    let alice = user_id("alice");
    let (name, bytes) = &reply.files[0];
    assert_eq!(name, &format!("nadare-data-{alice}.json"));
    let file: Value = serde_json::from_slice(bytes).expect("JSON");
    assert_eq!(file["format"], service::DATA_FORMAT);
    assert_eq!(file["version"], service::DATA_VERSION);
    assert_eq!(file["user"], alice.to_string());
    let games = file["games"].as_array().expect("games");
    assert_eq!(games.len(), 3);
    let old = games
        .iter()
        .find(|g| g["channel"].as_str() == Some(console::room_channel("old").to_string().as_str()))
        .expect("the old game");
    assert_eq!(old["played"], serde_json::json!(["white"]));
    assert_eq!(old["turns"], serde_json::json!(["e4"]));
    assert_eq!(old["result"]["score"], "1-0");
    assert_eq!(old["result"]["reason"], "resignation");
    assert_eq!(old["black"]["name"], "bob");
    let record = old["record"].as_str().expect("a record");
    assert!(
        record.contains("[White \"alice\"]") && record.contains("1. e4"),
        "{record}"
    );
    let two = games
        .iter()
        .find(|g| g["channel"].as_str() == Some(console::room_channel("two").to_string().as_str()))
        .expect("game two");
    assert_eq!(two["played"], serde_json::json!(["black"]));
    assert_eq!(two["result"], Value::Null);
    let statuses: Vec<&str> = file["challenges"]
        .as_array()
        .expect("challenges")
        .iter()
        .filter_map(|c| c["status"].as_str())
        .collect();
    assert_eq!(statuses.iter().filter(|s| **s == "open").count(), 2);
    assert_eq!(statuses.iter().filter(|s| **s == "accepted").count(), 3);
    let rating = &file["ratings"][0];
    assert_eq!(
        (&rating["family"], &rating["games"], &rating["wins"]),
        (&Value::from("standard"), &Value::from(1), &Value::from(1))
    );
    assert!(rating["rating"].as_f64().expect("a number") > 1500.0);
    assert_eq!(file["rating_changes"].as_array().map(Vec::len), Some(1));
    assert_eq!(file["vacation"]["days"], 3);
    assert_eq!(file["vacation_days"][0]["days_used"], 3);
    // Only her data: bob's rating and a game she did not play are not in it.
    assert_eq!(file["ratings"].as_array().map(Vec::len), Some(1));
    h.say_in("six", "bob> challenge carol").await;
    h.say_in("six", "carol> accept").await;
    let again = h.say("alice> mydata").await;
    let file: Value = serde_json::from_slice(&again.files[0].1).expect("JSON");
    assert_eq!(file["games"].as_array().map(Vec::len), Some(3));
    assert_eq!(file["challenges"].as_array().map(Vec::len), Some(5));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn privacy_and_forgetting_are_told_in_japanese() {
    let mut h = Harness::new().await;
    h.locale = Locale::both(Lang::Ja);
    let policy = h.say("alice> privacy").await;
    assert!(policy.private);
    let words = text(&policy);
    assert_eq!(policy.lang, Lang::Ja);
    assert!(
        words.contains("保存") && words.contains("`forget`"),
        "{words}"
    );
    h.say("alice> challenge bob white").await;
    h.say("bob> accept").await;
    h.say("alice> move e4").await;
    h.say("bob> resign").await;
    let asked = h.say("alice> forget").await;
    assert!(
        text(&asked).contains("`forget confirm`"),
        "{}",
        text(&asked)
    );
    assert!(text(&asked).contains("忘れさせますか"), "{}", text(&asked));
    let done = h.say("alice> forget confirm").await;
    assert!(text(&done).contains("忘れました"), "{}", text(&done));
    let history = text(&h.say("bob> history").await);
    assert!(history.contains("削除されたユーザー"), "{history}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_left_loses_its_settings() {
    let h = Harness::new().await;
    for line in ["alice> language ja", "alice> avatars off"] {
        assert!(!h.say(line).await.private);
    }
    let other = CONSOLE_GUILD + 7;
    h.storage
        .set_guild_lang(other, Some(Lang::Ja))
        .await
        .expect("lang");
    h.service.guild_gone(CONSOLE_GUILD).await;
    assert_eq!(
        h.storage
            .guild_settings(CONSOLE_GUILD)
            .await
            .expect("settings"),
        domain::GuildSettings::defaults(CONSOLE_GUILD)
    );
    assert_eq!(
        h.storage
            .guild_settings(other)
            .await
            .expect("settings")
            .lang,
        Some(Lang::Ja)
    );
    // What the service held goes too: public answers there are in English again.
    let reply = h.say("alice> challenge bob").await;
    assert_eq!(reply.lang, Lang::En);
}

/// A service ("process") on `backend` serving shard `shard` of two.
async fn process(backend: &Backend, shard: u32, clock: &Arc<ManualClock>) -> GameService {
    let config = ServiceConfig {
        shards: ShardSet::Range {
            first: shard,
            last: shard,
            total: 2,
        },
        ..ServiceConfig::default()
    };
    GameService::open(config, backend.handle().await, clock.clone())
        .await
        .expect("open service")
}

/// Runs a console-style line in `channel` of `guild` (`None`: a direct message).
async fn run(service: &GameService, guild: Option<u64>, channel: u64, line: &str) -> Reply {
    let parsed = console::parse_line(line).unwrap_or_else(|e| panic!("`{line}`: {e}"));
    let origin = Origin {
        guild,
        channel,
        user: parsed.user,
        locale: Locale::default(),
    };
    service
        .execute(&origin, parsed.command, Options::default())
        .await
}

/// Alice forgets through the process of direct messages (shard 0) while her game is held by
/// the process of its server (shard 1): it is resigned through the store and announced in its
/// channel by the process that ended it; the other process's copy is stale, so its next write
/// is refused and it reloads the channel, where nothing is under way any more.
async fn a_game_another_process_holds_is_ended_through_the_store(backend: &Backend) {
    let clock = Arc::new(ManualClock::new(epoch()));
    let guild = guild_in_shard(1, 2, 77);
    let a = process(backend, 0, &clock).await;
    let b = process(backend, 1, &clock).await;
    for line in [
        "alice> challenge bob white",
        "bob> accept",
        "alice> move e4",
    ] {
        let reply = run(&b, Some(guild), 40, line).await;
        assert!(!reply.private, "{line}: {}", text(&reply));
    }
    let done = run(&a, None, 41, "alice> forget confirm").await;
    assert!(
        matches!(
            said(&done),
            Some(PrivacyMsg::Forgotten(ForgetPlan { resigned: 1, .. }))
        ),
        "{done:?}"
    );
    let posted: Vec<(u64, String)> = a
        .sweep()
        .await
        .iter()
        .map(|n| (n.channel, text(&n.reply)))
        .collect();
    assert!(
        posted
            .iter()
            .any(|(c, t)| *c == 40 && t.contains("alice (White) resigns")),
        "{posted:?}"
    );
    // B's copy is stale (refused as a conflict), unless A's word of the change reached it
    // first (then the game is gone from it already).
    let stale = run(&b, Some(guild), 40, "bob> move e5").await;
    assert!(
        matches!(refusal(&stale), Some(Refusal::Conflict | Refusal::NoGame)),
        "{stale:?}"
    );
    let board = run(&b, Some(guild), 40, "bob> board").await;
    assert_eq!(refusal(&board), Some(&Refusal::NoGame), "{board:?}");
    let store = backend.handle().await;
    assert!(
        store
            .user_data(user_id("alice"))
            .await
            .expect("data")
            .is_empty()
    );
    let bobs = store.user_data(user_id("bob")).await.expect("data");
    let outcome = bobs.games[0].row.state.finished.expect("over").outcome;
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), EndReason::Resignation)
    );
    assert!(is_forgotten(bobs.games[0].row.white.id));
}
