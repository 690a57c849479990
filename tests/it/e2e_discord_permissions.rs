//! Requests Discord would refuse, on the fake Discord with the real bot: games in a channel
//! where the bot may not post on its own are played through the answers to the players'
//! interactions (which need no permission there), the bot does not try posts it knows Discord
//! will refuse, stops after one refusal, says what it lacks, and posts what waited once the
//! permission is given. And the fake itself refuses what Discord refuses.

use std::time::Duration;

use serenity::all::{ChannelId, CreateAttachment, CreateEmbed, CreateMessage, EditMessage};
use testkit::fake_discord::payloads::{self, FakeChannel, GUILD_ID, Opt};
use testkit::fake_discord::permissions::{
    ATTACH_FILES, EMBED_LINKS, SEND_MESSAGES, SEND_MESSAGES_IN_THREADS, VIEW_CHANNEL,
};
use testkit::fake_discord::{FakeDiscord, RestCall};

use super::e2e_discord::{Setup, World, alice, assert_board, discord_code, http_for};

/// Everything a post of the bot's (a board) takes.
const FULL: u64 = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES;
/// All of it but Send Messages.
const WITHOUT_SEND: u64 = FULL & !SEND_MESSAGES;

/// The line telling the players that the bot cannot post on its own, in English and Japanese.
const CANNOT_POST: &str = "I cannot post in this channel on my own";
const CANNOT_POST_JA: &str = "このチャンネルには自分から投稿できません";

/// How long the sweeps (every second, on the wall clock) get to act on a jump of the clock.
const SWEEPS: Duration = Duration::from_millis(2500);

/// The bot's own posts in `channel` so far (not interaction answers), refused or not.
fn posts_in(fake: &FakeDiscord, channel: u64) -> Vec<RestCall> {
    let path = format!("/channels/{channel}/messages");
    fake.calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == path)
        .collect()
}

/// Plays `notation` for `user` in `channel` and returns the answer.
async fn play(
    world: &World,
    user: &payloads::FakeUser,
    channel: FakeChannel,
    notation: &str,
) -> RestCall {
    world
        .slash(user, channel, "move", &[Opt::str("notation", notation)])
        .await
}

/// Plays `notation` with Discord refusing the answer (it came too late): the turn is stored
/// and the computer's reply too, but nobody was shown them.
async fn play_unanswered(world: &World, channel: FakeChannel, notation: &str) {
    world.fake.set_response_deadline(Duration::ZERO);
    let lost = play(world, &alice(), channel, notation).await;
    assert!(!lost.succeeded(), "Discord refused the answer: {lost:#?}");
    world
        .fake
        .set_response_deadline(testkit::fake_discord::RESPONSE_DEADLINE);
    world.fake.settle(Duration::from_millis(300)).await;
}

/// A game against the computer in a channel where the bot lacks Send Messages: every turn is
/// answered, a turn whose answer was lost, the deadline's reminder and the loss on time are not
/// posted (not even tried), the players are told what to give the bot (in English, then in
/// Japanese once the server speaks it), and Discord answers no request of the bot's with a
/// refusal all game long.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_where_the_bot_may_not_post_is_played_through_its_answers() {
    let setup = Setup {
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let alice = alice().managing_the_server();
    let channel = FakeChannel::text(2_000_000_000_000_301);
    world.fake.set_permissions(channel.id, WITHOUT_SEND);

    let challenge = [
        Opt::int("computer", 1),
        Opt::str("colour", "white"),
        Opt::str("deadline", "1h"),
    ];
    let started = world.slash(&alice, channel, "challenge", &challenge).await;
    assert!(
        started.succeeded() && !started.is_ephemeral(),
        "{started:#?}"
    );
    assert!(
        started.text().contains(CANNOT_POST) && started.text().contains("Send Messages"),
        "the players are told at once: {}",
        started.text()
    );
    assert!(
        !started.text().contains("Attach Files"),
        "only what is missing: {}",
        started.text()
    );
    for notation in ["e4", "Nf3"] {
        let played = play(&world, &alice, channel, notation).await;
        assert_board(&played);
        assert!(
            !played.text().contains(CANNOT_POST),
            "told once, not in every answer: {}",
            played.text()
        );
    }

    // A turn whose answer was lost: the sweep would post it again, but not here.
    play_unanswered(&world, channel, "Bc4").await;
    clock.advance(Duration::from_secs(61));
    tokio::time::sleep(SWEEPS).await;
    // Near the deadline, a reminder the bot keeps to itself too.
    clock.advance(Duration::from_secs(54 * 60));
    tokio::time::sleep(SWEEPS).await;
    assert!(posts_in(&world.fake, channel.id).is_empty());

    let board = world.slash(&alice, channel, "board", &[]).await;
    assert_board(&board);
    assert!(
        board.text().contains(CANNOT_POST),
        "told again after posts held back: {}",
        board.text()
    );

    // The server speaks Japanese from now on: so does the line.
    let language = [Opt::str("language", "ja")];
    world.slash(&alice, channel, "language", &language).await;
    clock.advance(Duration::from_secs(60 * 60));
    tokio::time::sleep(SWEEPS).await;
    let over = world.slash(&alice, channel, "board", &[]).await;
    assert!(
        over.text().contains(CANNOT_POST_JA) && over.text().contains("メッセージを送信"),
        "{}",
        over.text()
    );
    assert!(
        over.text().contains("時間切れ"),
        "lost on time: {}",
        over.text()
    );

    assert!(
        posts_in(&world.fake, channel.id).is_empty(),
        "no post of its own was tried"
    );
    let invalid = world.fake.invalid_requests();
    println!("invalid requests in a game where the bot may not post: {invalid}");
    assert_eq!(invalid, 0, "{:#?}", world.fake.calls());
    world.stop().await;
}

/// Send Messages taken away without the bot hearing of it: the sweep's post of a turn whose
/// answer was lost is refused once, and not tried again while the bot waits (the sweep keeps
/// coming round); an interaction showing the permission given back has the turn posted at
/// once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_post_waits_until_the_permission_is_given_back() {
    let setup = Setup {
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let alice = alice();
    let channel = FakeChannel::text(2_000_000_000_000_302);
    let challenge = [Opt::int("computer", 1), Opt::str("colour", "white")];
    world.slash(&alice, channel, "challenge", &challenge).await;
    assert_board(&play(&world, &alice, channel, "e4").await);
    play_unanswered(&world, channel, "d4").await;
    world.fake.set_permissions(channel.id, WITHOUT_SEND);

    clock.advance(Duration::from_secs(61));
    world
        .fake
        .wait_call("the sweep's post", |c| {
            c.method == "POST" && c.path == format!("/channels/{}/messages", channel.id)
        })
        .await;
    // The sweep comes round every second, and the game's turns are due again after 2, 4 and
    // 8 minutes: the bot waits ten.
    for _ in 0..9 {
        clock.advance(Duration::from_secs(60));
        tokio::time::sleep(Duration::from_millis(1100)).await;
    }
    let refused = posts_in(&world.fake, channel.id);
    assert_eq!(refused.len(), 1, "{refused:#?}");
    assert_eq!(refused[0].status, 403);
    assert_eq!(world.fake.invalid_requests(), 1);

    world.fake.set_permissions(channel.id, FULL);
    let from = world.fake.calls().len();
    let help = world.slash(&alice, channel, "help", &[]).await;
    assert!(help.is_ephemeral());
    let late = world.channel_message(from, channel.id).await;
    assert!(late.text().contains("Announced late"), "{}", late.text());
    assert!(late.text().contains("d4"), "{}", late.text());
    let invalid = world.fake.invalid_requests();
    println!("invalid requests with Send Messages taken away: {invalid}");
    assert_eq!(invalid, 1);
    world.stop().await;
}

/// The fake refuses the bot's posts as Discord does: without View Channel "Missing Access"
/// (50001), without Send Messages (Send Messages in Threads in a thread), Attach Files for a
/// file or Embed Links for an embed "Missing Permissions" (50013); an edit needs View Channel.
/// An interaction's answer needs none of them. Each refusal counts as an invalid request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_posts_without_the_permissions_and_counts_them() {
    let mut world = World::started(&Setup::default()).await;
    let fake = world.fake.clone();
    let http = http_for(&fake);
    let channel = 2_000_000_000_000_303;
    let post = |message: CreateMessage| {
        let http = &http;
        async move { ChannelId::new(channel).send_message(http, message).await }
    };
    let text = || CreateMessage::new().content("hello");
    let file = || text().add_file(CreateAttachment::bytes(vec![1, 2, 3], "a.png"));
    let embed = || text().embed(CreateEmbed::new().description("a board"));

    assert!(post(file()).await.is_ok(), "nothing known: allowed");
    let sent = post(text()).await.expect("a message to edit later");
    fake.set_permissions(channel, FULL & !VIEW_CHANNEL);
    assert_eq!(discord_code(&post(text()).await.unwrap_err()), Some(50001));
    let edit = ChannelId::new(channel)
        .edit_message(&http, sent.id, EditMessage::new().content("edited"))
        .await;
    assert_eq!(discord_code(&edit.unwrap_err()), Some(50001));
    fake.set_permissions(channel, WITHOUT_SEND);
    assert_eq!(discord_code(&post(text()).await.unwrap_err()), Some(50013));
    fake.set_permissions(channel, FULL & !ATTACH_FILES);
    assert!(post(text()).await.is_ok());
    assert!(post(embed()).await.is_ok());
    assert_eq!(discord_code(&post(file()).await.unwrap_err()), Some(50013));
    fake.set_permissions(channel, FULL & !EMBED_LINKS);
    assert!(post(file()).await.is_ok());
    assert_eq!(discord_code(&post(embed()).await.unwrap_err()), Some(50013));
    assert_eq!(fake.invalid_requests(), 5);

    // A thread takes Send Messages in Threads, not Send Messages.
    let (parent, thread) = (2_000_000_000_000_304, 2_000_000_000_000_305);
    let in_thread = FakeChannel::thread(thread, parent);
    fake.set_permissions(thread, FULL);
    let id = fake.snowflake();
    let event = payloads::slash(id, &alice(), in_thread, "help", &[]);
    fake.dispatch("INTERACTION_CREATE", GUILD_ID, event).await;
    world.answer_to(id).await;
    let in_thread_post = ChannelId::new(thread).send_message(&http, text()).await;
    assert_eq!(discord_code(&in_thread_post.unwrap_err()), Some(50013));
    fake.set_permissions(thread, VIEW_CHANNEL | SEND_MESSAGES_IN_THREADS);
    assert!(
        ChannelId::new(thread)
            .send_message(&http, text())
            .await
            .is_ok()
    );

    // An interaction's answer goes through the interaction's webhook: a board (an embed and a
    // file) answers in a channel where the bot has no permission at all.
    let nowhere = FakeChannel::text(2_000_000_000_000_306);
    fake.set_permissions(nowhere.id, 0);
    let challenge = [Opt::int("computer", 1), Opt::str("colour", "white")];
    let board = world
        .slash(&alice(), nowhere, "challenge", &challenge)
        .await;
    assert_board(&board);
    assert!(board.succeeded());
    assert_eq!(fake.invalid_requests(), 6, "the thread's refusal, no more");
    world.stop().await;
}

/// A typed move's refusal is a reply to the move where Discord allows one: without Read
/// Message History Discord refuses a reply (160002), so it goes out as a plain message (after
/// one refusal while the bot had not seen the permission go); and a move its author deleted at
/// once still gets its answer, the reference saying not to fail. No request counts as
/// invalid.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_move_is_answered_without_its_message_or_its_history() {
    let mut world = World::started(&Setup {
        typed_moves: true,
        ..Setup::default()
    })
    .await;
    let (alice, bob) = (alice(), super::e2e_discord::bob());
    let channel = FakeChannel::text(2_000_000_000_000_821);
    super::e2e_discord::accepted_game(&world, channel).await;
    let invalid = world.fake.invalid_requests();
    let say = |id: u64| {
        let event = payloads::message_create(id, &alice, channel, "Ka9");
        let fake = world.fake.clone();
        async move { fake.dispatch("MESSAGE_CREATE", GUILD_ID, event).await }
    };

    // Deleted before the bot reads it: the answer still goes out.
    let from = world.fake.calls().len();
    let gone = world.fake.snowflake();
    world.fake.delete_message(gone);
    say(gone).await;
    let answer = world.channel_message(from, channel.id).await;
    assert_eq!(
        answer.json["message_reference"]["fail_if_not_exists"],
        serde_json::json!(false),
        "{answer:#?}"
    );

    // Read Message History taken away unseen: one refusal, then a plain message.
    world.fake.set_permissions(channel.id, FULL);
    let from = world.fake.calls().len();
    say(world.fake.snowflake()).await;
    let answer = world.channel_message(from, channel.id).await;
    assert!(answer.json["message_reference"].is_null(), "{answer:#?}");
    let refused: Vec<RestCall> = posts_in(&world.fake, channel.id)
        .into_iter()
        .filter(|c| !c.succeeded())
        .collect();
    assert_eq!(refused.len(), 1, "{refused:#?}");
    assert_eq!(refused[0].status, 400);

    // Seen missing (an interaction shows it): no reply is tried.
    world.slash(&bob, channel, "board", &[]).await;
    let from = world.fake.calls().len();
    say(world.fake.snowflake()).await;
    let answer = world.channel_message(from, channel.id).await;
    assert!(answer.json["message_reference"].is_null(), "{answer:#?}");
    assert_eq!(
        posts_in(&world.fake, channel.id)
            .iter()
            .filter(|c| !c.succeeded())
            .count(),
        1,
        "no second refusal"
    );
    eprintln!(
        "typed replies: invalid requests {invalid} before, {} after",
        world.fake.invalid_requests()
    );
    assert_eq!(world.fake.invalid_requests(), invalid);
    world.stop().await;
}
