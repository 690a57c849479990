//! The web board beside the Discord front, on the fake Discord: a game's board carries a
//! "Watch live" link to its page and a "Play on the web" button that answers a player, and
//! only them, with their own link; a turn made on the page is announced in the channel as
//! every turn is, and a turn made on Discord is on the page.

use serde_json::json;
use testkit::fake_discord::payloads::{FakeChannel, Opt};

use super::e2e_discord::{Setup, World, alice, bob, carol};
use crate::web::{act, get, sign_in, state};

/// A loopback port nobody listens on (for the bot's web board).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// The first `http://…` in `text`.
fn link_in(text: &str) -> Option<String> {
    let start = text.find("http://")?;
    let rest = text.get(start..)?;
    let end = rest
        .find(|c: char| c.is_whitespace() || c == ')' || c == '>')
        .unwrap_or(rest.len());
    rest.get(..end).map(str::to_owned)
}

/// A world with the web board on a free port, and a game alice (White) and bob accepted in
/// `channel`: the world, the port, and the answer that posted the game's first board.
async fn web_game(channel: FakeChannel) -> (World, u16, testkit::fake_discord::RestCall) {
    let port = free_port();
    let world = World::started(&Setup {
        web: Some(port),
        ..Setup::default()
    })
    .await;
    world
        .slash(
            &alice(),
            channel,
            "challenge",
            &[Opt::user("opponent", &bob()), Opt::str("colour", "white")],
        )
        .await;
    let board = world.slash(&bob(), channel, "accept", &[]).await;
    assert!(board.succeeded(), "{board:#?}");
    (world, port, board)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_link_to_the_live_page_and_players_play_there() {
    let channel = FakeChannel::text(2_000_000_000_000_901);
    let (mut world, port, board) = web_game(channel).await;

    // The board links to the game's page, and offers to play there.
    let shown = board.buttons();
    let watch = shown
        .iter()
        .find(|b| b["style"] == 5)
        .and_then(|b| b["url"].as_str())
        .expect("a Watch live link")
        .to_owned();
    assert!(
        watch.starts_with(&format!("http://127.0.0.1:{port}/g/")),
        "{watch}"
    );
    let play_button = shown
        .iter()
        .filter_map(|b| b["custom_id"].as_str())
        .find(|id| id.starts_with("nadare-web:"))
        .expect("a Play on the web button")
        .to_owned();
    let (status, _) = get(&watch, None).await;
    assert_eq!(status, 200, "anyone may watch a game in a server");

    // A stranger is pointed to the page; alice gets her own link, privately.
    let stranger = world.press(&carol(), channel, &play_button).await;
    assert!(stranger.shown_private);
    let pointed = stranger.content();
    assert!(pointed.contains("do not play"), "{pointed}");
    assert_eq!(link_in(pointed).as_deref(), Some(watch.as_str()));
    let answered = world.press(&alice(), channel, &play_button).await;
    assert!(
        answered.shown_private,
        "a play link is for its player alone"
    );
    let content = answered.content().to_owned();
    let link = link_in(&content).expect("a link");
    assert!(link.contains("/play/"), "{content}");

    // She plays from the page; the channel announces the turn as any other.
    let (status, _, cookie) = sign_in(&link).await;
    assert_eq!(status, 303);
    let cookie = cookie.expect("a session");
    assert_eq!(state(&watch, Some(&cookie)).await["you"], "white");
    let from = world.fake.calls().len();
    let (_, answer) = act(&watch, Some(&cookie), json!({"do": "turn", "turn": "e4"})).await;
    assert_eq!(answer["ok"], true, "{answer}");
    let told = world.channel_message(from, channel.id).await;
    let text = told.json.to_string();
    assert!(text.contains("e4"), "{text}");
    assert!(
        told.buttons().iter().any(|b| b["url"] == watch.as_str()),
        "the new board links to the page too"
    );

    // And a turn played on Discord is on the page.
    let answered = world.play(&bob(), channel, "e5").await;
    assert!(answered.succeeded(), "{answered:#?}");
    let view = state(&watch, None).await;
    assert_eq!(view["plies"][2]["notation"], "e5", "{view}");
    world.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fast_web_turns_keep_the_channel_within_discords_pace() {
    let channel = FakeChannel::text(2_000_000_000_000_902);
    let (mut world, _, board) = web_game(channel).await;
    let page = board
        .buttons()
        .iter()
        .find_map(|b| b["url"].as_str().map(str::to_owned))
        .expect("a Watch live link");
    let play = board
        .buttons()
        .iter()
        .find_map(|b| {
            b["custom_id"]
                .as_str()
                .filter(|id| id.starts_with("nadare-web:"))
                .map(str::to_owned)
        })
        .expect("a Play on the web button");
    let mut cookies = Vec::new();
    for player in [alice(), bob()] {
        let answer = world.press(&player, channel, &play).await;
        let content = answer.content().to_owned();
        let (_, _, cookie) = sign_in(&link_in(&content).expect("a link")).await;
        cookies.push(cookie.expect("a session"));
    }

    // Ten turns as fast as two players can click: more than Discord takes in a channel.
    let from = world.fake.calls().len();
    let turns = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ];
    for (i, turn) in turns.iter().enumerate() {
        let cookie = cookies.get(i % 2).map(String::as_str);
        let (_, answer) = act(&page, cookie, json!({"do": "turn", "turn": turn})).await;
        assert_eq!(answer["ok"], true, "{turn}: {answer}");
    }

    // The channel shows the game as it stands: the last turn reaches it, posted or edited in.
    let path = format!("/channels/{}/messages", channel.id);
    world
        .fake
        .wait_call_from(from, "the last turn shown", |c| {
            c.path.starts_with(&path) && c.succeeded() && c.json.to_string().contains("Be7")
        })
        .await;
    let calls = world.fake.calls();
    let posts: Vec<std::time::Instant> = calls
        .iter()
        .skip(from)
        .filter(|c| c.method == "POST" && c.path == path)
        .map(|c| c.at)
        .collect();
    let edits = calls
        .iter()
        .skip(from)
        .filter(|c| {
            c.method == "PATCH"
                && c.path.starts_with(&path)
                && c.json.to_string().contains("attachment")
        })
        .count();
    for (i, first) in posts.iter().enumerate() {
        let within = posts
            .iter()
            .skip(i)
            .filter(|t| t.duration_since(*first) < std::time::Duration::from_secs(5))
            .count();
        assert!(within <= 5, "{within} posts within 5 s of one another");
    }
    println!(
        "{} turns: {} posts and {} boards edited in place",
        turns.len(),
        posts.len(),
        edits
    );
    assert!(
        posts.len() < turns.len(),
        "some boards were edited in place"
    );
    assert!(
        calls.iter().skip(from).all(|c| c.status != 429),
        "never rate limited"
    );
    world.stop().await;
}
