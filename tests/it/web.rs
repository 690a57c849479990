//! The web board over HTTP on loopback: page addresses that cannot be guessed or forged, play
//! links that work once and lapse, private games kept to their players, the game's JSON with
//! every legal turn for the player to move only, turns played from the page through the
//! service (the game's channel told of them), and live updates as server-sent events.

use std::time::{Duration, Instant};

use console::parse_line;
use domain::messages::{Message, TurnMsg};
use domain::{GameId, Origin, WebLinks};
use serde_json::{Value, json};
use service::{GameService, ServiceConfig};
use testkit::harness::{Harness, main_room, record};
use testkit::stores::Backend;
use testkit::web::serve_service;
pub(crate) use testkit::web::{Served, serve, serve_at};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;
use web::{Keys, WebFront};

/// A client that shows redirects rather than following them.
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}

/// `GET url` with `cookie`: the status and the body.
pub(crate) async fn get(url: &str, cookie: Option<&str>) -> (u16, String) {
    let mut request = client().get(url);
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.expect("an answer");
    let status = response.status().as_u16();
    (status, response.text().await.expect("a body"))
}

/// The game's JSON as `cookie`'s holder sees it.
pub(crate) async fn state(page: &str, cookie: Option<&str>) -> Value {
    let (status, body) = get(&format!("{page}/state"), cookie).await;
    assert_eq!(status, 200, "state: {body}");
    serde_json::from_str(&body).expect("JSON")
}

/// `POST …/act` with `action`: the status and the answer.
pub(crate) async fn act(page: &str, cookie: Option<&str>, action: Value) -> (u16, Value) {
    let mut request = client()
        .post(format!("{page}/act"))
        .header("content-type", "application/json")
        .body(action.to_string());
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.expect("an answer");
    let status = response.status().as_u16();
    let body = response.text().await.expect("a body");
    (
        status,
        serde_json::from_str(&body).unwrap_or_else(|_| json!({ "raw": body })),
    )
}

/// Uses a play link as a browser does (its page's form): the status, where it sends the
/// browser, and the session cookie it sets (`name=value`).
pub(crate) async fn sign_in(play: &str) -> (u16, Option<String>, Option<String>) {
    let response = client().post(play).send().await.expect("an answer");
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let cookie = header("set-cookie").and_then(|c| c.split(';').next().map(str::to_owned));
    (response.status().as_u16(), header("location"), cookie)
}

/// A game of `variant` (`avalanche`, ``) between alice (White) and bob in the main room.
pub(crate) async fn game(h: &Harness, variant: &str) -> GameId {
    let challenge = h
        .say(&format!("alice> challenge bob {variant} white"))
        .await;
    let accepted = h.say("bob> accept").await;
    assert!(!accepted.private, "{accepted:?}");
    challenge.game.expect("a game id")
}

/// Every `changed` event of the stream at `url`, as the time it came.
async fn events(url: &str) -> mpsc::UnboundedReceiver<Instant> {
    let rest = url.strip_prefix("http://").expect("an http URL");
    let (host, path) = rest.split_once('/').expect("a path");
    let mut stream = tokio::net::TcpStream::connect(host)
        .await
        .expect("connects");
    let request =
        format!("GET /{path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("asks");
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut seen = String::new();
        let mut buffer = [0u8; 4096];
        let mut counted = 0;
        while let Ok(n) = stream.read(&mut buffer).await {
            if n == 0 {
                break;
            }
            seen.push_str(&String::from_utf8_lossy(&buffer[..n]));
            let now = seen.matches("event: changed").count();
            for _ in counted..now {
                let _ = tx.send(Instant::now());
            }
            counted = now;
        }
    });
    rx
}

#[test]
fn page_addresses_are_enciphered_and_forgeries_refused() {
    let keys = Keys::new(&web::fresh_key().expect("a key")).expect("keys");
    let other = Keys::new(&web::fresh_key().expect("a key")).expect("keys");
    for id in [1, 2, 41, 1 << 40, u64::MAX] {
        let address = keys.page(id);
        assert_eq!(keys.game_of(&address), Some(id));
        assert!(!address.contains(&id.to_string()) || id < 10, "{address}");
        assert_eq!(other.game_of(&address), None, "another key reads no game");
        assert_ne!(other.page(id), address);
    }
    // Neighbouring games have unrelated addresses: nothing to count up from.
    let (a, b) = (keys.page(100), keys.page(101));
    let same = a.chars().zip(b.chars()).filter(|(x, y)| x == y).count();
    assert!(same < 8, "{a} and {b} share {same} characters");
    // A changed character, a cut address, junk: no game.
    let mut forged = keys.page(7).into_bytes();
    forged[3] = if forged[3] == b'A' { b'B' } else { b'A' };
    let forged = String::from_utf8(forged).expect("ASCII");
    for junk in [
        forged.as_str(),
        "",
        "x",
        "AAAAAAAAAAAAAAAAAAAAAA",
        "../../etc/passwd",
        "7",
    ] {
        assert_eq!(keys.game_of(junk), None, "{junk}");
    }
    assert!(matches!(
        Keys::new("short"),
        Err(web::KeyError::TooShort(_) | web::KeyError::NotBase64)
    ));
    assert!(matches!(
        Keys::new("not base64 at all!!"),
        Err(web::KeyError::NotBase64)
    ));
}

#[tokio::test]
async fn a_game_is_watched_live_and_played_from_its_page() {
    let served = serve(Harness::new().await).await;
    let (h, front) = (&served.h, &served.front);
    let game = game(h, "avalanche").await;
    let page = front.watch(game);
    assert!(page.starts_with(&served.base));
    assert!(
        !page.ends_with(&format!("/{game}")),
        "the address is not the game's number"
    );

    // Anyone may watch: the page, and the game with no turn to make.
    let (status, html) = get(&page, None).await;
    assert_eq!(status, 200);
    assert!(
        html.contains("<title>Avalanche — alice vs bob</title>"),
        "{html}"
    );
    let watched = state(&page, None).await;
    assert_eq!(watched["white"]["name"], "alice");
    assert_eq!(watched["you"], Value::Null);
    assert_eq!(watched["plies"].as_array().map(Vec::len), Some(1));
    assert_eq!(watched["turns"], json!([]));
    assert_eq!(watched["status"], "alice (White) to move.");
    assert_eq!(watched["clock"], Value::Null, "a game without a clock");
    assert_eq!(watched["plies"][0]["clocks"], Value::Null);
    let mut changes = events(&format!("{page}/events")).await;
    let greeted = tokio::time::timeout(Duration::from_secs(5), changes.recv()).await;
    assert!(matches!(greeted, Ok(Some(_))), "a stream says hello");

    // Without a session, nothing can be played.
    let (status, answer) = act(&page, None, json!({"do": "turn", "turn": "e4/d6"})).await;
    assert_eq!((status, &answer["ok"]), (403, &json!(false)));

    // alice's link signs her in once; a second use is refused.
    let alice = console::user("alice");
    let link = front.play(game, alice.id);
    let (status, html) = get(&link, None).await;
    assert_eq!(
        status, 200,
        "opening the link (a preview too) does not use it"
    );
    assert!(html.contains("method=\"post\""), "{html}");
    let (status, to, cookie) = sign_in(&link).await;
    assert_eq!(status, 303);
    assert_eq!(to.as_deref(), page.strip_prefix(&served.base));
    let cookie = cookie.expect("a session cookie");
    let (status, _, again) = sign_in(&link).await;
    assert_eq!((status, again), (403, None));
    // Opened again by her, signed in (another tab): on to the game, nothing spent.
    let reopened = client()
        .post(&link)
        .header("cookie", &cookie)
        .send()
        .await
        .expect("an answer");
    assert_eq!(reopened.status().as_u16(), 303);

    // Her page offers every legal turn of the position: 160 at Avalanche's start, each move
    // with its pushes, as the rules core counts them.
    let mine = state(&page, Some(&cookie)).await;
    assert_eq!(mine["you"], "white");
    let turns = mine["turns"].as_array().expect("turns");
    assert_eq!(turns.len(), 160);
    let e4 = turns
        .iter()
        .find(|t| t["notation"] == "e4/d6")
        .expect("e4/d6 is offered");
    assert_eq!(e4["from"], "e2");
    assert_eq!(e4["to"], "e4");
    assert_eq!(e4["push"], json!(["d7", "d6"]));
    assert_eq!(e4["loses"], false);

    // A turn from the page is a turn of the game, seen by every page within a second.
    let sent = Instant::now();
    let (status, answer) = act(&page, Some(&cookie), json!({"do": "turn", "turn": "e4/d6"})).await;
    assert_eq!((status, &answer["ok"]), (200, &json!(true)), "{answer}");
    let told = tokio::time::timeout(Duration::from_secs(10), changes.recv())
        .await
        .expect("the change is told")
        .expect("a change");
    println!(
        "the change was told {:?} after the turn was sent",
        told.duration_since(sent)
    );
    let after = state(&page, None).await;
    let last = &after["plies"][1];
    assert_eq!(last["notation"], "e4/d6");
    assert_eq!((&last["from"], &last["to"]), (&json!("e2"), &json!("e4")));
    assert_eq!(last["push"], json!(["d7", "d6"]));
    assert_eq!(last["side"], "black");
    assert_eq!(after["status"], "bob (Black) to move.");
    // A page that has the start asks only for what follows; past the end, the last position.
    let (_, rest) = get(&format!("{page}/state?from=1"), None).await;
    let rest: Value = serde_json::from_str(&rest).expect("JSON");
    assert_eq!(rest["first"], 1);
    assert_eq!(rest["plies"].as_array().map(Vec::len), Some(1));
    assert_eq!(rest["plies"][0], after["plies"][1]);
    let (_, past) = get(&format!("{page}/state?from=99"), None).await;
    let past: Value = serde_json::from_str(&past).expect("JSON");
    assert_eq!(
        (
            past["first"].clone(),
            past["plies"].as_array().map(Vec::len)
        ),
        (json!(1), Some(1))
    );
    assert_eq!(get(&format!("{page}/state?from=x"), None).await.0, 400);

    // The game's channel is told of it, as of any turn.
    let notices = h.sweep().await;
    let told = notices
        .iter()
        .find(|n| n.channel == main_room())
        .expect("the channel is told");
    assert!(
        told.reply.messages.iter().any(|m| matches!(
            m,
            Message::Turn(TurnMsg::Played { ply, .. }) if ply.notation == "e4/d6"
        )),
        "{:?}",
        told.reply
    );
    assert!(told.reply.shows.is_some(), "its front marks the turn shown");

    // Out of turn, or junk: refused with the reason, nothing played.
    let (_, answer) = act(&page, Some(&cookie), json!({"do": "turn", "turn": "d4"})).await;
    assert_eq!(answer["ok"], false);
    assert_eq!(
        answer["message"],
        "It is not your turn: bob (Black) is to move."
    );
    let long = "e".repeat(200);
    let (status, _) = act(&page, Some(&cookie), json!({"do": "turn", "turn": long})).await;
    assert_eq!(status, 400);
    let (status, _) = act(&page, Some(&cookie), json!({"do": "dance"})).await;
    assert_eq!(status, 400);
    assert_eq!(
        state(&page, None).await["plies"].as_array().map(Vec::len),
        Some(2)
    );

    // bob, signed in, answers; then alice offers a draw and bob's page offers to accept it.
    let bob = console::user("bob");
    let (_, _, bob_cookie) = sign_in(&front.play(game, bob.id)).await;
    let bob_cookie = bob_cookie.expect("bob's session");
    let (_, answer) = act(
        &page,
        Some(&bob_cookie),
        json!({"do": "turn", "turn": "Nf6/a3"}),
    )
    .await;
    assert_eq!(answer["ok"], true, "{answer}");
    let (_, answer) = act(&page, Some(&cookie), json!({"do": "draw-offer"})).await;
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(state(&page, Some(&bob_cookie)).await["draw_offer"], "white");
    let (_, answer) = act(&page, Some(&bob_cookie), json!({"do": "draw-accept"})).await;
    assert_eq!(answer["ok"], true, "{answer}");
    let over = state(&page, Some(&bob_cookie)).await;
    assert_eq!(over["result"], "1/2-1/2");
    assert_eq!(over["turns"], json!([]), "a finished game offers no turn");
}

#[tokio::test]
async fn play_links_lapse_and_private_games_stay_private() {
    let served = serve(Harness::new().await).await;
    let (h, front) = (&served.h, &served.front);

    // A game in direct messages: only its players see its page.
    let dm = Origin {
        guild: None,
        channel: 4242,
        ..h.origin("alice")
    };
    let line = parse_line("alice> challenge bob white").expect("a line");
    let challenge = h.execute(&dm, line.command).await;
    let game = challenge.game.expect("a challenge");
    let accept = parse_line("bob> accept").expect("a line");
    let bob_here = Origin {
        user: accept.user,
        ..dm.clone()
    };
    assert!(!h.execute(&bob_here, accept.command).await.private);
    let page = front.watch(game);
    assert_eq!(get(&page, None).await.0, 404);
    assert_eq!(get(&format!("{page}/state"), None).await.0, 404);
    assert_eq!(get(&format!("{page}/events"), None).await.0, 404);
    let (_, _, carol) = sign_in(&front.play(game, console::user("carol").id)).await;
    let carol = carol.expect("a link signs anyone in as themself");
    assert_eq!(get(&page, Some(&carol)).await.0, 404, "not a player");
    let (_, _, alice) = sign_in(&front.play(game, console::user("alice").id)).await;
    let alice = alice.expect("alice's session");
    assert_eq!(get(&page, Some(&alice)).await.0, 200);
    assert_eq!(state(&page, Some(&alice)).await["you"], "white");

    // A session says who, not where: carol cannot play it even with a forged game.
    let (status, _) = act(&page, Some(&carol), json!({"do": "resign"})).await;
    assert_eq!(status, 404);

    // A link lapses after its minutes; a forged one is refused.
    let link = front.play(game, console::user("bob").id);
    h.advance(Duration::from_secs(
        60 * u64::from(domain::PLAY_LINK_MINUTES) + 1,
    ));
    let (status, _, cookie) = sign_in(&link).await;
    assert_eq!((status, cookie), (403, None));
    let forged = format!("{}x", link);
    assert_eq!(sign_in(&forged).await.0, 403);
    let (status, body) = get(&format!("{}/g/nothing-here", served.base), None).await;
    assert_eq!(status, 404);
    assert!(body.contains("No game here"));
}

#[tokio::test]
async fn every_process_on_one_database_signs_alike() {
    let served = serve(Harness::new().await).await;
    // A second front on the same database (another process) makes its key the stored one.
    let again = WebFront::new(
        served.h.service.clone(),
        None,
        &served.base,
        render::Theme::default(),
    )
    .await
    .expect("a second front");
    assert_eq!(again.watch(12), served.front.watch(12));
    // A key given in the configuration is used instead.
    let given = web::fresh_key().expect("a key");
    let configured = WebFront::new(
        served.h.service.clone(),
        Some(&given),
        &served.base,
        render::Theme::default(),
    )
    .await
    .expect("a configured front");
    assert_ne!(configured.watch(12), served.front.watch(12));
    assert_eq!(
        configured.watch(12),
        format!(
            "{}/g/{}",
            served.base,
            Keys::new(&given).expect("keys").page(12)
        )
    );
}

/// Runs a console-style line (`alice> move e4`) through `service` in the main room.
async fn say(service: &GameService, line: &str) -> domain::Reply {
    let parsed = parse_line(line).unwrap_or_else(|e| panic!("bad line `{line}`: {e}"));
    let origin = Origin {
        guild: Some(console::CONSOLE_GUILD),
        channel: main_room(),
        user: parsed.user,
        locale: domain::Locale::default(),
    };
    service
        .execute(&origin, parsed.command, service::Options::default())
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_on_one_process_follows_a_game_played_through_another() {
    let Some(backend) = Backend::postgres("web_processes").await else {
        return;
    };
    let clock = std::sync::Arc::new(service::SystemClock);
    let open = || async {
        GameService::open(
            ServiceConfig::default(),
            backend.handle().await,
            clock.clone(),
        )
        .await
        .expect("a service")
    };
    let (playing, watching) = (open().await, open().await);
    let (front, _, _stop) = serve_service(&watching).await;
    let game = say(&playing, "alice> challenge bob white")
        .await
        .game
        .expect("a challenge");
    assert!(!say(&playing, "bob> accept").await.private);
    let page = front.watch(game);
    assert_eq!(state(&page, None).await["white"]["name"], "alice");
    let mut changes = events(&format!("{page}/events")).await;
    let hello = tokio::time::timeout(Duration::from_secs(10), changes.recv()).await;
    assert!(matches!(hello, Ok(Some(_))));

    // A turn played through the other process reaches this one's page.
    let sent = Instant::now();
    assert!(!say(&playing, "alice> move e4").await.private);
    let told = tokio::time::timeout(Duration::from_secs(10), changes.recv())
        .await
        .expect("the other process's turn is told")
        .expect("a change");
    println!(
        "told through PostgreSQL {:?} after the turn",
        told.duration_since(sent)
    );
    assert_eq!(state(&page, None).await["plies"][1]["notation"], "e4");

    // A page's listening connection lost and made again: the page is told to look again.
    assert!(backend.cut_connections().await >= 1);
    let again = tokio::time::timeout(Duration::from_secs(20), changes.recv()).await;
    assert!(
        matches!(again, Ok(Some(_))),
        "a page hears that changes may have been missed"
    );

    // bob plays from the page served by the process that does not hold the game; the
    // process that holds it then goes on from the stored game.
    let (_, _, bob) = sign_in(&front.play(game, console::user("bob").id)).await;
    let bob = bob.expect("bob's session");
    let (_, answer) = act(&page, Some(&bob), json!({"do": "turn", "turn": "e5"})).await;
    assert_eq!(answer["ok"], true, "{answer}");
    // Told of the change, the process that plays the game takes the stored state (within
    // milliseconds), and alice's answer is played there.
    // (Under load its listening connection, cut above, may still be coming back: then it hears
    // that it may have missed changes, and reloads before showing the game.)
    let mut caught_up = false;
    for _ in 0..1000 {
        if record(&say(&playing, "alice> moves").await).contains("e5") {
            caught_up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(caught_up, "the playing process learnt of bob's turn");
    let third = say(&playing, "alice> move Nf3").await;
    assert!(!third.private, "{third:?}");
    let moves: Vec<Value> = state(&page, None).await["plies"]
        .as_array()
        .expect("plies")
        .iter()
        .map(|p| p["notation"].clone())
        .collect();
    assert_eq!(moves, [Value::Null, json!("e4"), json!("e5"), json!("Nf3")]);
    playing.shutdown().await;
    watching.shutdown().await;
    backend.cleanup().await;
}

/// Pictures for alice alone, as a front would hold them.
struct AlicesPicture(render::Avatar);

impl present::Pictures for AlicesPicture {
    fn picture(&self, _guild: Option<u64>, user: u64) -> Option<render::Avatar> {
        (user == console::user("alice").id).then(|| self.0.clone())
    }
}

/// A `side`×`side` picture of one colour, as PNG bytes.
fn plain_png(side: u32, rgba: [u8; 4]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, side, side);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a header");
    let pixels: Vec<u8> = (0..side * side).flat_map(|_| rgba).collect();
    writer.write_image_data(&pixels).expect("pixels");
    writer.finish().expect("a PNG");
    out
}

#[tokio::test]
async fn players_pictures_are_shown_as_the_boards_show_them() {
    let served = serve(Harness::new().await).await;
    let (h, front) = (&served.h, &served.front);
    let avatar = render::Avatar::decode(&plain_png(64, [200, 30, 30, 255])).expect("a picture");
    front.show_pictures(std::sync::Arc::new(AlicesPicture(avatar)));
    let game = game(h, "").await;
    let page = front.watch(game);

    // alice's picture comes back as a PNG of her pixels; bob has none, so the page shows
    // his initial.
    let response = reqwest::get(format!("{page}/face/white.png"))
        .await
        .expect("an answer");
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("image/png")
    );
    let bytes = response.bytes().await.expect("bytes");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes.to_vec()));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    assert_eq!((info.width, info.height), (64, 64));
    assert_eq!(pixels.get(..4), Some(&[200, 30, 30, 255][..]));
    assert_eq!(get(&format!("{page}/face/black.png"), None).await.0, 404);
    assert_eq!(get(&format!("{page}/face/grey.png"), None).await.0, 404);

    // The computer has its own icon.
    let against = h
        .say_in("second", "carol> challenge computer white")
        .await
        .game
        .expect("a game against the computer");
    let computer = front.watch(against);
    assert_eq!(
        get(&format!("{computer}/face/black.png"), None).await.0,
        200
    );
    assert_eq!(state(&computer, None).await["black"]["computer"], true);
}

#[tokio::test]
async fn a_japanese_browser_reads_the_page_in_japanese() {
    let served = serve(Harness::new().await).await;
    let game = game(&served.h, "avalanche").await;
    let page = served.front.watch(game);
    let ask = |url: String| async move {
        reqwest::Client::new()
            .get(url)
            .header("accept-language", "ja-JP,ja;q=0.9,en;q=0.8")
            .send()
            .await
            .expect("an answer")
            .text()
            .await
            .expect("a body")
    };
    let html = ask(page.clone()).await;
    assert!(html.contains("<html lang=\"ja\">"), "{html}");
    assert!(html.contains("反転"), "the page's own words: {html}");
    let view: Value = serde_json::from_str(&ask(format!("{page}/state")).await).expect("JSON");
    let status = view["status"].as_str().unwrap_or_default();
    assert!(crate::e2e_discord::japanese(status), "{status}");
    // An English reader of the same game reads English.
    assert_eq!(state(&page, None).await["status"], "alice (White) to move.");
}

#[tokio::test]
async fn a_reviewed_game_replays_with_its_graph_and_marks() {
    let h = Harness::with_config(ServiceConfig {
        review_depth: Some(4),
        ..ServiceConfig::default()
    })
    .await;
    let served = serve(h).await;
    let h = &served.h;
    let id = game(h, "standard").await;
    let movers = ["alice", "bob"].into_iter().cycle();
    for (turn, mover) in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
        .into_iter()
        .zip(movers)
    {
        assert!(
            !h.say(&format!("{mover}> move {turn}")).await.private,
            "{turn}"
        );
    }
    let page = served.front.watch(id);
    assert_eq!(
        state(&page, None).await["review"],
        Value::Null,
        "not reviewed yet"
    );
    assert!(!h.say("alice> review").await.private);
    let view = state(&page, None).await;
    let review = &view["review"];
    assert_eq!(
        review["expectations"].as_array().map(Vec::len),
        Some(8),
        "{review}"
    );
    // 3...Nf6 (the sixth turn) is the blunder that lost, and decided the game.
    let blunder = review["marks"]
        .as_array()
        .and_then(|marks| marks.iter().find(|m| m["ply"] == 6))
        .unwrap_or_else(|| panic!("3...Nf6 is marked: {review}"));
    assert_eq!(blunder["sign"], "??");
    assert!(
        blunder["note"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Blunder. Better: "),
        "{blunder}"
    );
    assert!(
        review["accuracy"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Accuracy: White ")
    );
    let last = review["expectations"][7].as_f64().unwrap_or(0.0);
    assert!(last > 0.9, "White has mated: {last}");
}

#[tokio::test]
async fn the_json_carries_the_clocks_after_each_turn() {
    const SEC: Duration = Duration::from_secs(1);
    let served = serve(Harness::new().await).await;
    let (h, front) = (&served.h, &served.front);
    assert!(!h.say("alice> challenge bob white 1+2").await.private);
    let accepted = h.say("bob> accept").await;
    let page = front.watch(accepted.game.expect("a game"));
    let both = |white: i64, black: i64| json!({"white": white, "black": black});

    // White's first turn: not on the clock, the first-turn limit counting down instead.
    h.advance(15 * SEC);
    let view = state(&page, None).await;
    assert_eq!(
        view["clock"],
        json!({"control": "1+2", "running": "white", "elapsed_ms": 15_000, "first_turn_ms": 60_000})
    );
    assert_eq!(view["plies"][0]["clocks"], both(60_000, 60_000));

    // Both first turns, then 10 s for 2. Nf3: 0.5 s allowed, 2 s added.
    assert!(!h.say("alice> move e4").await.private);
    h.advance(20 * SEC);
    assert!(!h.say("bob> move e5").await.private);
    h.advance(10 * SEC);
    assert!(!h.say("alice> move Nf3").await.private);
    h.advance(3 * SEC);
    let view = state(&page, None).await;
    assert_eq!(
        view["clock"],
        json!({"control": "1+2", "running": "black", "elapsed_ms": 3_000, "first_turn_ms": null})
    );
    let clocks: Vec<Value> = view["plies"]
        .as_array()
        .expect("plies")
        .iter()
        .map(|p| p["clocks"].clone())
        .collect();
    assert_eq!(
        clocks,
        [
            both(60_000, 60_000),
            both(60_000, 60_000),
            both(60_000, 60_000),
            both(62_500 - 10_000, 60_000),
        ]
    );

    // Black's flag: the last position's clocks say so, and nothing runs any more; a page
    // that has that position reads it again.
    h.advance(61 * SEC);
    h.timed_notices(accepted.game.expect("a game")).await;
    let view = state(&page, None).await;
    assert_eq!(view["result"], "1-0");
    assert_eq!(view["clock"]["running"], Value::Null);
    assert_eq!(view["clock"]["first_turn_ms"], Value::Null);
    assert_eq!(view["plies"][3]["clocks"], both(52_500, 0));
    let (_, rest) = get(&format!("{page}/state?from=3"), None).await;
    let rest: Value = serde_json::from_str(&rest).expect("JSON");
    assert_eq!(rest["plies"][0]["clocks"], both(52_500, 0));
}

#[tokio::test]
async fn the_board_defends_itself() {
    let served = serve(Harness::new().await).await;
    let (h, front) = (&served.h, &served.front);
    let id = game(h, "").await;
    let page = front.watch(id);
    let (_, _, cookie) = sign_in(&front.play(id, console::user("alice").id)).await;
    let cookie = cookie.expect("a session");

    // Every answer carries a policy without inline script; the page has none.
    let response = reqwest::get(&page).await.expect("an answer");
    let policy = response
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(
        policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"),
        "{policy}"
    );
    assert_eq!(
        response
            .headers()
            .get("referrer-policy")
            .and_then(|v| v.to_str().ok()),
        Some("same-origin")
    );
    let html = response.text().await.expect("a body");
    for script in html.split("<script").skip(1) {
        let tag = script.split('>').next().unwrap_or_default();
        assert!(
            tag.contains("src=") || tag.contains("application/json"),
            "inline script: {tag}"
        );
    }
    assert!(!html.contains("style=\""), "no inline style");
    let (status, redeem) = get(&front.play(id, console::user("bob").id), None).await;
    assert_eq!(status, 200);
    assert!(
        !redeem.contains("<script>"),
        "the link's page has no inline script: {redeem}"
    );

    // Another site's page cannot act with the player's cookie.
    let forged = client()
        .post(format!("{page}/act"))
        .header("cookie", &cookie)
        .header("origin", "https://evil.example")
        .header("content-type", "application/json")
        .body(json!({"do": "resign"}).to_string())
        .send()
        .await
        .expect("an answer");
    assert_eq!(forged.status().as_u16(), 403);
    assert_eq!(
        state(&page, None).await["result"],
        Value::Null,
        "nothing happened"
    );

    // A body larger than any action is not read.
    let (status, _) = act(
        &page,
        Some(&cookie),
        json!({"do": "turn", "turn": "x".repeat(8000)}),
    )
    .await;
    assert_eq!(status, 413);

    // A player acting faster than anyone plays is slowed down.
    let mut statuses = Vec::new();
    for _ in 0..12 {
        statuses.push(
            act(&page, Some(&cookie), json!({"do": "turn", "turn": "Ke2"}))
                .await
                .0,
        );
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    assert_eq!(
        statuses.iter().filter(|s| **s == 429).count(),
        12 - 8,
        "a burst of 8: {statuses:?}"
    );

    // Live pages are bounded per address, with a clear answer.
    front.limit_watchers(1, 100);
    let _first = events(&format!("{page}/events")).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, text) = get(&format!("{page}/events"), None).await;
    assert_eq!(status, 503);
    assert!(text.contains("Too many live pages"), "{text}");
}
