//! Playing anywhere: commands registered for servers, DMs and group DMs as each fits, games in
//! a group DM where nadare is only user-installed (every board an answer to an interaction,
//! no message of the bot's own there), a game against the computer in a DM with the bot,
//! interaction tokens that expire after 15 minutes on the manual clock, and server-only
//! commands answered clearly outside a server.

use std::time::Duration;

use serenity::all::{Command as SlashCommand, CreateCommand, GuildId, InteractionContext};
use testkit::fake_discord::payloads::{self, FakeChannel, FakeUser, GUILD_ID, Opt};
use testkit::fake_discord::{Placed, RestCall};

use crate::e2e_discord::{
    Setup, World, accepted_game, alice, assert_board, bob, button, discord_code, http_for, japanese,
};

/// The commands that work in servers only.
const SERVER_ONLY: [&str; 5] = ["avatars", "language", "leaderboard", "rating", "tournament"];

/// A group DM of alice and bob.
fn group_dm() -> FakeChannel {
    FakeChannel::group_dm(2_000_000_000_000_301)
}

/// `alice` challenges `bob` in `dm` as White with an hour a move, and he accepts.
async fn timed_game(world: &World, alice: &FakeUser, bob: &FakeUser, dm: FakeChannel) {
    let challenge = [
        Opt::user("opponent", bob),
        Opt::str("colour", "white"),
        Opt::str("deadline", "1h"),
    ];
    world.slash(alice, dm, "challenge", &challenge).await;
    assert_board(&world.slash(bob, dm, "accept", &[]).await);
}

/// The REST calls about `channel` itself (messages, edits, threads): none may be made where
/// the bot is no member.
fn channel_calls(world: &World, channel: FakeChannel) -> Vec<RestCall> {
    let prefix = format!("/channels/{}", channel.id);
    world
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.path.starts_with(&prefix))
        .collect()
}

/// Whether `call` goes through interaction `id`'s token (its callback, an edit, a follow-up).
fn through_token(call: &RestCall, id: u64) -> bool {
    call.path.contains(&payloads::token(id))
}

fn placed<'a>(commands: &'a [Placed], name: &str) -> &'a Placed {
    commands
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("/{name} is not registered: {commands:#?}"))
}

/// Global commands: game commands in servers, DMs with the bot and other DMs and group DMs,
/// offered to server and user installs; server settings, ratings and tournaments in servers
/// only, by a server's install. The fake refuses what Discord refuses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn global_commands_say_where_they_work() {
    let mut world = World::started(&Setup::default()).await;
    let global = world.fake.placed_commands(None);
    assert!(global.len() > SERVER_ONLY.len());
    for command in &global {
        let (contexts, installs) = if SERVER_ONLY.contains(&command.name.as_str()) {
            (vec![0], vec![0])
        } else {
            (vec![0, 1, 2], vec![0, 1])
        };
        assert_eq!(command.contexts, contexts, "{command:?}");
        assert_eq!(command.integration_types, installs, "{command:?}");
    }
    for name in [
        "challenge",
        "move",
        "resign",
        "draw",
        "game",
        "history",
        "help",
        "rules",
    ] {
        assert_eq!(placed(&global, name).contexts, vec![0, 1, 2], "/{name}");
    }
    for name in ["privacy", "mydata", "forget", "review", "accept", "board"] {
        assert_eq!(
            placed(&global, name).integration_types,
            vec![0, 1],
            "/{name}"
        );
    }
    for name in SERVER_ONLY {
        assert_eq!(placed(&global, name).contexts, vec![0], "/{name}");
    }

    // What Discord refuses: a context that does not exist; a DM context or a user install on
    // a guild command.
    let http = http_for(&world.fake);
    let unknown = CreateCommand::new("odd")
        .description("odd")
        .contexts(vec![InteractionContext::Unknown(3)]);
    let refused = SlashCommand::set_global_commands(&http, vec![unknown])
        .await
        .expect_err("context 3 does not exist");
    assert_eq!(discord_code(&refused), Some(50035));
    let in_dms = CreateCommand::new("odd")
        .description("odd")
        .contexts(vec![InteractionContext::Guild, InteractionContext::BotDm]);
    let refused = GuildId::new(GUILD_ID)
        .set_commands(&http, vec![in_dms])
        .await
        .expect_err("a guild command in DMs");
    assert_eq!(discord_code(&refused), Some(50035));
    assert_eq!(world.fake.placed_commands(None), global, "nothing changed");
    world.stop().await;
}

/// The development server's commands work there only: no contexts, no install types.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guild_commands_carry_no_dm_contexts() {
    let mut world = World::new(1).await;
    let setup = Setup {
        development_guild: true,
        ..Setup::default()
    };
    world.start(&setup).await;
    let registration = world
        .fake
        .calls()
        .into_iter()
        .find(|c| c.method == "PUT" && c.path.contains("/guilds/") && c.succeeded())
        .expect("the guild registration");
    for command in registration.json.as_array().expect("commands") {
        assert!(command["contexts"].is_null(), "{command}");
        assert!(command["integration_types"].is_null(), "{command}");
    }
    let guild = world.fake.placed_commands(Some(GUILD_ID));
    assert!(!guild.is_empty());
    for command in guild {
        assert_eq!(
            (command.contexts, command.integration_types),
            (vec![0], vec![0])
        );
    }
    world.stop().await;
}

/// A whole game in a group DM where nadare is only user-installed: the challenge, Accept by
/// button (pressed by the opponent, in their own interaction), every turn and the mate are
/// answers to the players' interactions, and the bot never calls on the channel itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_group_dm_goes_through_interactions_only() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob) = (alice(), bob());
    let dm = group_dm();

    let challenge = world
        .slash(
            &alice,
            dm,
            "challenge",
            &[Opt::user("opponent", &bob), Opt::str("colour", "white")],
        )
        .await;
    assert!(!challenge.is_ephemeral(), "{challenge:#?}");
    assert!(
        challenge.path.starts_with("/interactions/"),
        "{challenge:#?}"
    );
    assert!(
        !challenge.text().to_lowercase().contains(" rated"),
        "a game outside a server is casual: {}",
        challenge.text()
    );
    let accept = button(&challenge, "accept");
    let pressed = world.send_press(&bob, dm, &accept).await;
    let update = world.answer_to(pressed).await;
    assert_eq!(update.json["type"], 7, "the challenge changes: {update:#?}");
    let started = world.posted_by(pressed).await;
    assert_board(&started);
    assert!(through_token(&started, pressed));

    let turns = [(&alice, "f3"), (&bob, "e5"), (&alice, "g4")];
    for (player, notation) in turns {
        let id = world.fake.snowflake();
        let event = payloads::slash(id, player, dm, "move", &[Opt::str("notation", notation)]);
        world.fake.dispatch("INTERACTION_CREATE", 0, event).await;
        let board = world.answer_to(id).await;
        assert_board(&board);
        assert!(through_token(&board, id), "{board:#?}");
    }
    let mate = world
        .slash(&bob, dm, "move", &[Opt::str("notation", "Qh4")])
        .await;
    assert_board(&mate);
    assert!(
        mate.text().to_lowercase().contains("checkmate"),
        "{}",
        mate.text()
    );
    world.fake.settle(Duration::from_millis(300)).await;
    let calls = channel_calls(&world, dm);
    assert!(calls.is_empty(), "nothing posted or edited: {calls:#?}");
    assert!(
        world
            .fake
            .calls()
            .iter()
            .all(|c| c.status != 401 && c.status != 403),
        "no call Discord refused"
    );
    assert_eq!(
        world.fake.invalid_requests(),
        0,
        "no invalid request counted"
    );

    let history = world.slash(&alice, dm, "history", &[]).await;
    assert!(history.text().contains("bob"), "{}", history.text());
    world.stop().await;
}

/// Against the computer in a DM with the bot: the computer's reply is part of the answer to
/// the move, so the player moves again at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_in_a_dm_with_the_bot() {
    let mut world = World::started(&Setup::default()).await;
    let alice = alice();
    let dm = FakeChannel::bot_dm(2_000_000_000_000_302);
    let started = world
        .slash(
            &alice,
            dm,
            "challenge",
            &[Opt::int("computer", 1), Opt::str("colour", "white")],
        )
        .await;
    assert_board(&started);
    // Quiet first moves: whatever the computer answers, they stay legal and it cannot check.
    for notation in ["a3", "h3", "b3"] {
        let board = world
            .slash(&alice, dm, "move", &[Opt::str("notation", notation)])
            .await;
        assert_board(&board);
        assert!(board.path.starts_with("/interactions/"), "{board:#?}");
    }
    let moves = world.slash(&alice, dm, "moves", &[]).await;
    let pgn = moves.file_ending(".pgn").expect("a PGN file");
    let pgn = String::from_utf8_lossy(&pgn.bytes).into_owned();
    let reply = pgn
        .split("3. b3 ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_default();
    assert!(
        reply
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic()),
        "the computer answered 3. b3: {pgn}"
    );
    world.fake.settle(Duration::from_millis(300)).await;
    // The bot may edit its messages in its own DM (an old board loses its buttons), but every
    // board is an answer.
    let posts: Vec<RestCall> = channel_calls(&world, dm)
        .into_iter()
        .filter(|c| c.method == "POST")
        .collect();
    assert!(posts.is_empty(), "{posts:#?}");
    world.stop().await;
}

/// Tokens expire after 15 minutes. In a group DM, a reminder due when every token there is
/// older than that waits (no message of the bot's own, no call on an expired token) and goes
/// out with the answer to the opponent's move, which carries a fresh token, in the language
/// last seen in the DM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_in_a_group_dm_waits_for_a_fresh_interaction() {
    let setup = Setup {
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let advance = |by: Duration| {
        clock.advance(by);
        world.fake.advance(by);
    };
    // Alice's client is in Japanese: what is said unasked in the DM is in the language last
    // seen there.
    let (alice, bob) = (alice().with_locale("ja"), bob());
    let dm = group_dm();
    timed_game(&world, &alice, &bob, dm).await;
    let moved = world.fake.snowflake();
    let event = payloads::slash(moved, &alice, dm, "move", &[Opt::str("notation", "e4")]);
    world.fake.dispatch("INTERACTION_CREATE", 0, event).await;
    assert_board(&world.answer_to(moved).await);
    // The bot is done with the move (it reads back its answer) before time moves on.
    world.fake.settle(Duration::from_millis(300)).await;

    // A token of 16 minutes is refused by the fake, as Discord does.
    advance(Duration::from_secs(16 * 60));
    let token = payloads::token(moved);
    let late = serenity::all::CreateInteractionResponseFollowup::new().content("late");
    let refused =
        serenity::all::Builder::execute(late, http_for(&world.fake), (None, token.as_str()))
            .await
            .expect_err("an expired token");
    assert_eq!(discord_code(&refused), Some(50027));

    // The reminder falls due at half time: it waits.
    let from = world.fake.calls().len();
    advance(Duration::from_secs(16 * 60));
    tokio::time::sleep(Duration::from_secs(3)).await;
    world.fake.settle(Duration::from_millis(300)).await;
    let since: Vec<RestCall> = world.fake.calls().split_off(from);
    assert!(since.is_empty(), "nothing sent anywhere: {since:#?}");

    let id = world.fake.snowflake();
    let event = payloads::slash(id, &bob, dm, "move", &[Opt::str("notation", "e5")]);
    world.fake.dispatch("INTERACTION_CREATE", 0, event).await;
    let board = world.answer_to(id).await;
    assert_board(&board);
    let reminder = world
        .fake
        .wait_call_from(from, "the reminder after the answer", |c| {
            c.method == "POST" && through_token(c, id) && c.text().contains("時間切れ負け")
        })
        .await
        .1;
    assert!(reminder.succeeded(), "{reminder:#?}");
    assert!(
        reminder.button_ids().is_empty(),
        "an older board keeps no buttons: {reminder:#?}"
    );
    let calls = channel_calls(&world, dm);
    assert!(calls.is_empty(), "{calls:#?}");
    assert!(
        world
            .fake
            .calls()
            .iter()
            .all(|c| c.status != 401 || c.path.contains(&token))
    );
    let invalid: Vec<RestCall> = world
        .fake
        .calls()
        .into_iter()
        .filter(|c| matches!(c.status, 401 | 403 | 429))
        .collect();
    assert_eq!(
        world.fake.invalid_requests(),
        1,
        "the fake counts its 401 50027 as an invalid request: the test's own, only: {invalid:#?}"
    );
    world.stop().await;
}

/// In a server channel, an answer whose work outlasted its token (here the thread for a
/// challenge, opened only 16 minutes later) goes to the channel as a message of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_answer_in_a_server_goes_to_the_channel() {
    let setup = Setup {
        threads: true,
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::with_threads(2_000_000_000_000_303);
    world.fake.hold("POST", "/threads");
    let id = world.fake.snowflake();
    let event = payloads::slash(
        id,
        &alice,
        channel,
        "challenge",
        &[Opt::user("opponent", &bob)],
    );
    world
        .fake
        .dispatch("INTERACTION_CREATE", GUILD_ID, event)
        .await;
    world
        .fake
        .wait_call("the thread asked for", |c| c.path.ends_with("/threads"))
        .await;
    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(16 * 60));
    world.fake.advance(Duration::from_secs(16 * 60));
    world.fake.release();
    let path = format!("/channels/{}/messages", channel.id);
    let copy = world
        .fake
        .wait_call_from(from, "the challenge in the channel", |c| {
            c.method == "POST" && c.path == path
        })
        .await
        .1;
    assert!(copy.succeeded(), "{copy:#?}");
    assert!(copy.text().contains("alice"), "{}", copy.text());
    world.fake.settle(Duration::from_millis(300)).await;
    let on_token: Vec<RestCall> = world.fake.calls()[from..]
        .iter()
        .filter(|c| through_token(c, id))
        .cloned()
        .collect();
    assert!(
        on_token.is_empty(),
        "nothing tried on the old token: {on_token:#?}"
    );
    world.stop().await;
}

/// Server-only commands from a client whose command list is out of date, in a DM: a clear
/// answer in the user's language, never a Discord error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_only_commands_in_a_dm_are_answered_clearly() {
    let mut world = World::started(&Setup::default()).await;
    let english = alice();
    let japanese_user = FakeUser::new(1_000_000_000_000_009, "hana").with_locale("ja");
    let dm = FakeChannel::user_dm(2_000_000_000_000_304);
    let asks: [(&str, Vec<Opt>, &str); 4] = [
        ("rating", vec![], "per server"),
        (
            "language",
            vec![Opt::str("language", "ja")],
            "Only a server",
        ),
        ("avatars", vec![Opt::str("show", "off")], "Only a server"),
        (
            "tournament",
            vec![Opt::sub("join", &[])],
            "in a server only",
        ),
    ];
    for (name, options, words) in asks {
        for user in [&english, &japanese_user] {
            let id = world.fake.snowflake();
            let event = payloads::slash(id, user, dm, name, &options);
            world
                .fake
                .dispatch_unchecked("INTERACTION_CREATE", 0, event)
                .await;
            let answer = world.answer_to(id).await;
            assert!(answer.succeeded() && answer.is_ephemeral(), "{answer:#?}");
            let text = answer.text();
            if user.locale == "ja" {
                assert!(japanese(&text), "/{name}: {text}");
            } else {
                assert!(text.contains(words), "/{name}: {text}");
            }
        }
    }
    let calls = channel_calls(&world, dm);
    assert!(calls.is_empty(), "{calls:#?}");
    world.stop().await;
}

/// After a restart the bot knows no group DM: a reminder due there is tried once as a post of
/// its own, refused with 403 Missing Access, and as the game is outside any server the channel
/// is known from then on as one where the bot can only answer. That refusal starts no
/// permission wait: nothing more is tried in the channel, the players are told of no
/// permission, and the reminder follows the answer to the next move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_one_missing_access_makes_a_group_dm_answer_only() {
    let setup = Setup {
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let (alice, bob) = (alice(), bob());
    let dm = group_dm();
    timed_game(&world, &alice, &bob, dm).await;
    assert_board(
        &world
            .slash(&alice, dm, "move", &[Opt::str("notation", "e4")])
            .await,
    );
    world.stop().await;
    world.start_with_clock(&setup, clock.clone()).await;

    // The reminder falls due at half time: one post, refused.
    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(32 * 60));
    world.fake.advance(Duration::from_secs(32 * 60));
    let (_, refused) = world
        .fake
        .wait_call_from(from, "the reminder tried in the channel", |c| {
            c.path.starts_with(&format!("/channels/{}", dm.id))
        })
        .await;
    assert_eq!(refused.method, "POST", "{refused:#?}");
    assert_eq!(refused.status, 403, "{refused:#?}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    world.fake.settle(Duration::from_millis(300)).await;
    let calls = channel_calls(&world, dm);
    assert_eq!(calls.len(), 1, "tried once, not looked up: {calls:#?}");
    assert_eq!(world.fake.invalid_requests(), 1);

    let id = world.fake.snowflake();
    let event = payloads::slash(id, &bob, dm, "move", &[Opt::str("notation", "e5")]);
    world.fake.dispatch("INTERACTION_CREATE", 0, event).await;
    let board = world.answer_to(id).await;
    assert_board(&board);
    assert!(
        !board.text().contains("cannot post"),
        "no permission to give here: {}",
        board.text()
    );
    let reminder = world
        .fake
        .wait_call_from(from, "the reminder after the answer", |c| {
            c.method == "POST" && through_token(c, id) && c.text().contains("lose on time")
        })
        .await
        .1;
    assert!(reminder.succeeded(), "{reminder:#?}");
    assert_eq!(channel_calls(&world, dm).len(), 1, "nothing more tried");
    assert_eq!(world.fake.invalid_requests(), 1);
    world.stop().await;
}

/// A full game in a group DM reached only through a user install, where the first turn's
/// answer is lost and every token expires: each of the sweep's six tries to announce the turn
/// late waits for an interaction, and the newest takes the place of the one before. The next
/// answer is followed by the late notice exactly once, and no later answer repeats it; no
/// follow-up is refused (40094, which the fake answers to a sixth on one interaction).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_notice_that_waited_in_a_group_dm_is_shown_once() {
    let setup = Setup {
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let (alice, bob) = (alice(), bob());
    let dm = group_dm();
    accepted_game(&world, dm).await;
    world.fake.set_response_deadline(Duration::ZERO);
    let lost = world
        .slash(&alice, dm, "move", &[Opt::str("notation", "f3")])
        .await;
    assert!(!lost.succeeded(), "{lost:#?}");
    world
        .fake
        .set_response_deadline(testkit::fake_discord::RESPONSE_DEADLINE);

    // Every token expires; the sweep tries at 1, 2, 4, 8, 16 and 32 minutes, each time
    // waiting for an interaction.
    let from = world.fake.calls().len();
    for minutes in [15, 2, 4, 8, 16, 32] {
        let by = Duration::from_secs(minutes * 60);
        clock.advance(by);
        world.fake.advance(by);
        world.fake.settle(Duration::from_millis(2500)).await;
    }
    let since: Vec<RestCall> = world.fake.calls().split_off(from);
    assert!(since.is_empty(), "nothing sent while they wait: {since:#?}");

    let late = |id: u64| {
        world
            .fake
            .calls()
            .into_iter()
            .filter(|c| through_token(c, id) && c.text().contains("Announced late"))
            .collect::<Vec<_>>()
    };
    let mut ids = Vec::new();
    for (player, notation) in [(&bob, "e5"), (&alice, "g4"), (&bob, "Qh4")] {
        let id = world.fake.snowflake();
        let event = payloads::slash(id, player, dm, "move", &[Opt::str("notation", notation)]);
        world.fake.dispatch("INTERACTION_CREATE", 0, event).await;
        assert_board(&world.answer_to(id).await);
        world.fake.settle(Duration::from_millis(500)).await;
        ids.push(id);
    }
    let handed: Vec<Vec<RestCall>> = ids.iter().map(|id| late(*id)).collect();
    let last = ids.last().copied().unwrap_or_default();
    let counts: Vec<usize> = handed.iter().map(Vec::len).collect();
    eprintln!(
        "late notices after each answer {counts:?}; invalid requests {}",
        world.fake.invalid_requests()
    );
    assert_eq!(
        counts,
        [1, 0, 0],
        "the notice follows the next answer, once: {handed:#?}"
    );
    let notice = handed.first().and_then(|h| h.first()).expect("the notice");
    assert!(notice.succeeded(), "{notice:#?}");
    assert!(notice.text().contains("f3"), "{}", notice.text());
    assert!(
        world.fake.calls().iter().all(|c| c.status != 400),
        "no follow-up refused"
    );
    assert_eq!(world.fake.invalid_requests(), 0);

    // The fake takes five follow-ups on the last interaction, as Discord does, and refuses
    // a sixth.
    let token = payloads::token(last);
    let http = http_for(&world.fake);
    for n in 0..5 {
        let note = serenity::all::CreateInteractionResponseFollowup::new().content(format!("{n}"));
        serenity::all::Builder::execute(note, &http, (None, token.as_str()))
            .await
            .expect("a follow-up Discord takes");
    }
    let sixth = serenity::all::CreateInteractionResponseFollowup::new().content("6");
    let refused = serenity::all::Builder::execute(sixth, &http, (None, token.as_str()))
        .await
        .expect_err("a sixth follow-up");
    assert_eq!(discord_code(&refused), Some(40094));
    world.stop().await;
}
