//! The web board in a real browser (headless Chromium through ChromeDriver): a turn made by
//! clicks on a 360 px phone screen, seen live by a watcher on a desktop; castling and
//! promotion clicked as players expect; Avalanche's pending promotion asked first and a
//! losing push confirmed; Escape and the arrow keys; a game's clock running on the page from
//! the service's clock.

use std::time::Duration;

use domain::WebLinks;
use serde_json::json;
use testkit::browser::Browser;
use testkit::harness::{Harness, main_room};

use crate::web::{game, serve, serve_at, state};

/// Long enough for a page on a loaded machine; the updates themselves come far sooner.
const PATIENCE: Duration = Duration::from_secs(10);

/// WebDriver's Escape key.
const ESCAPE: &str = "\u{E00C}";

/// Waits for `condition` in `browser`'s page, failing the test with `what` if it never holds.
async fn until(browser: &Browser, condition: &str, what: &str) -> Duration {
    browser
        .wait_for(condition, PATIENCE)
        .await
        .unwrap_or_else(|| panic!("never happened: {what} ({condition})"))
}

/// The square `name`'s selector.
fn square(name: &str) -> String {
    format!(".sq[data-square=\"{name}\"]")
}

/// Whether the page shows the square `name` with `class`.
fn has(name: &str, class: &str) -> String {
    format!("document.querySelector('.sq.{class}[data-square=\"{name}\"]') !== null")
}

/// The page shows `plies` turns played.
fn plies(n: usize) -> String {
    format!("document.body.dataset.plies === '{n}'")
}

/// A game between alice (White) and bob in `room` from `challenge`'s options (a variant, a
/// position), accepted.
async fn game_in(h: &Harness, room: &str, challenge: &str) -> domain::GameId {
    let made = h
        .say_in(room, &format!("alice> challenge bob white {challenge}"))
        .await;
    let id = made.game.expect("a challenge");
    assert!(!h.say_in(room, "bob> accept").await.private);
    id
}

/// Opens `name`'s play link for game `id` in `browser`.
async fn play_as(browser: &Browser, served: &crate::web::Served, id: domain::GameId, name: &str) {
    browser
        .go(&served.front.play(id, console::user(name).id))
        .await;
}

#[tokio::test]
async fn a_turn_made_by_clicks_on_a_phone_is_seen_live_by_a_watcher() {
    let Some(phone) = Browser::start(360, 740).await else {
        return;
    };
    let desk = Browser::start(1200, 800).await.expect("a second browser");
    let served = serve(Harness::new().await).await;
    let id = game(&served.h, "avalanche").await;
    let page = served.front.watch(id);

    desk.go(&page).await;
    until(&desk, &plies(0), "the watcher's page shows the start").await;
    play_as(&phone, &served, id, "alice").await;
    until(&phone, &plies(0), "the play link opens the game").await;
    until(
        &phone,
        "document.querySelector('.sq.from') !== null",
        "alice may move",
    )
    .await;
    let fits = phone
        .script(
            "return [document.documentElement.scrollWidth, innerWidth, \
             document.getElementById('board').getBoundingClientRect().width]",
            json!([]),
        )
        .await;
    assert_eq!(fits[1], 360, "a phone's viewport: {fits}");
    assert_eq!(fits[0], fits[1], "no sideways scrolling on a phone: {fits}");
    assert!(
        fits[2].as_f64().unwrap_or(0.0) >= 340.0,
        "the board fills the phone: {fits}"
    );

    // A piece shows where it goes; Escape lets go of it.
    phone.click(&square("e2")).await;
    until(&phone, &has("e2", "selected"), "e2 is picked").await;
    assert_eq!(
        phone
            .script("return [...document.querySelectorAll('.sq.target')].map(s => s.dataset.square).sort()", json!([]))
            .await,
        json!(["e3", "e4"])
    );
    phone.type_into("body", ESCAPE).await;
    until(
        &phone,
        "document.querySelector('.sq.selected') === null",
        "Escape cancels",
    )
    .await;

    // The move, then the push: the pushable pawns and their squares are offered.
    phone.click(&square("e2")).await;
    phone.click(&square("e4")).await;
    until(
        &phone,
        "document.querySelectorAll('.sq.push-target').length === 16",
        "every push is offered",
    )
    .await;
    assert_eq!(
        phone
            .script("return document.getElementById('prompt').hidden", json!([]))
            .await,
        json!(false),
        "the page says to push"
    );
    phone.click(&square("d6")).await;
    until(&phone, &plies(1), "the turn is played").await;
    assert_eq!(
        phone.script("return scrollY", json!([])).await,
        json!(0),
        "the move list never scrolls the board away"
    );
    let seen = until(
        &desk,
        &plies(1),
        "the watcher sees the turn without reloading",
    )
    .await;
    println!("the watcher's page showed the turn {seen:?} after the click returned");

    // The last move and the push differ in more than hue: a solid frame and a dashed one.
    until(&desk, &has("e4", "moved"), "the move is marked").await;
    until(&desk, &has("d6", "pushed"), "the push is marked").await;
    let frames = desk
        .script(
            "const frame = s => getComputedStyle(document.querySelector(`.sq[data-square=\"${s}\"]`), '::before').borderTopStyle; \
             return [frame('e4'), frame('d6')]",
            json!([]),
        )
        .await;
    assert_eq!(frames, json!(["solid", "dashed"]));
    let moves = desk
        .script(
            "return document.getElementById('moves').textContent",
            json!([]),
        )
        .await;
    assert!(moves.as_str().unwrap_or("").contains("e4/d6"), "{moves}");
    let stored = state(&page, None).await;
    assert_eq!(stored["plies"][1]["notation"], "e4/d6");
    let told = served.h.sweep().await;
    assert!(
        told.iter().any(|n| n.channel == main_room()),
        "the channel is told"
    );

    // A takeback and another turn in its place: the pages, which ask only for what follows
    // the position they have, notice the game changed before it.
    assert!(!served.h.say("alice> takeback").await.private);
    assert!(!served.h.say("bob> takeback accept").await.private);
    until(&desk, &plies(0), "the watcher sees the takeback").await;
    assert!(!served.h.say("alice> move a3/h6").await.private);
    until(&desk, &plies(1), "and the turn played instead").await;
    let moves = desk
        .script(
            "return document.getElementById('moves').textContent",
            json!([]),
        )
        .await;
    assert!(!moves.as_str().unwrap_or("").contains("e4/d6"), "{moves}");
    assert!(!served.h.say("bob> move e5/h3").await.private);
    until(&desk, &plies(2), "and the next").await;

    // The watcher steps back with the arrow keys, and forward again.
    desk.type_into("body", "\u{E012}").await;
    until(&desk, &has("a3", "moved"), "← shows the turn before").await;
    desk.type_into("body", "\u{E014}").await;
    until(&desk, &has("e5", "moved"), "→ shows the last turn again").await;

    // The phone's page, for whoever reads the test's output.
    let shot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-board-phone.png");
    std::fs::write(&shot, phone.screenshot().await).expect("the screenshot is written");
    println!("the phone's page: {}", shot.display());
    phone.close().await;
    desk.close().await;
}

#[tokio::test]
async fn castling_and_promotion_are_clicked_as_players_expect() {
    let Some(phone) = Browser::start(390, 800).await else {
        return;
    };
    let served = serve(Harness::new().await).await;
    let h = &served.h;
    let id = game_in(h, "main", "fen r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").await;
    play_as(&phone, &served, id, "alice").await;
    until(
        &phone,
        "document.querySelector('.sq.from') !== null",
        "alice may move",
    )
    .await;

    // The king's two-square move castles (its other square, the rook's, would too).
    phone.click(&square("e1")).await;
    until(&phone, &has("g1", "target"), "g1 is offered").await;
    assert!(
        phone
            .wait_for(&has("h1", "target"), Duration::ZERO)
            .await
            .is_some(),
        "so is the rook's square"
    );
    phone.click(&square("g1")).await;
    until(&phone, &plies(1), "castled").await;
    assert_eq!(
        state(&served.front.watch(id), None).await["plies"][1]["notation"],
        "O-O"
    );
    assert!(!h.say("bob> move Kd7").await.private);

    // A pawn reaching the last rank asks for its piece.
    until(&phone, &plies(2), "bob's turn arrives live").await;
    phone.click(&square("b7")).await;
    phone.click(&square("b8")).await;
    until(
        &phone,
        "document.getElementById('dialog').open",
        "the piece is asked",
    )
    .await;
    let offered = phone
        .script("return [...document.querySelectorAll('#dialog-choices button')].map(b => b.dataset.value)", json!([]))
        .await;
    assert_eq!(offered, json!(["Q", "R", "B", "N"]));
    phone
        .click("#dialog-choices button[data-value=\"N\"]")
        .await;
    until(&phone, &plies(3), "promoted").await;
    let notation = state(&served.front.watch(id), None).await["plies"][3]["notation"].clone();
    assert_eq!(notation, "b8=N+");
    phone.close().await;
}

#[tokio::test]
async fn avalanche_asks_a_pending_promotion_first_and_confirms_a_losing_push() {
    let Some(phone) = Browser::start(400, 800).await else {
        return;
    };
    let served = serve(Harness::new().await).await;
    let h = &served.h;
    // White's pawn on a8 was pushed there: White chooses its piece at the start of the turn.
    // Black's pawn on f3 must be pushed, and pushing it to f2 checks White's own king.
    let id = game_in(h, "main", "avalanche fen P7/4k3/8/8/8/5p2/8/4K3 w - - 0 1").await;
    play_as(&phone, &served, id, "alice").await;
    until(&phone, &plies(0), "the game opens").await;
    until(
        &phone,
        &has("a8", "promo"),
        "the pending promotion is marked",
    )
    .await;

    phone.click(&square("e1")).await;
    until(
        &phone,
        "document.getElementById('dialog').open",
        "the piece comes first",
    )
    .await;
    phone
        .click("#dialog-choices button[data-value=\"N\"]")
        .await;
    phone.click(&square("a8")).await;
    until(
        &phone,
        &has("b6", "target"),
        "the new knight's squares are offered",
    )
    .await;
    phone.click(&square("b6")).await;
    until(&phone, &has("f2", "push-target"), "the push is offered").await;
    phone.click(&square("f2")).await;
    until(
        &phone,
        "document.getElementById('dialog').open",
        "the losing push asks first",
    )
    .await;
    let asked = phone
        .script(
            "return document.getElementById('dialog-text').textContent",
            json!([]),
        )
        .await;
    assert!(asked.as_str().unwrap_or("").contains("loses"), "{asked}");
    phone.click("#dialog-choices button").await;
    until(&phone, &plies(1), "the turn is played").await;
    let over = state(&served.front.watch(id), None).await;
    assert_eq!(
        over["plies"][1]["notation"]
            .as_str()
            .map(|n| n.starts_with("=N Nb6/f2")),
        Some(true),
        "{over}"
    );
    assert_eq!(over["result"], "0-1", "the push lost the game: {over}");
    phone.close().await;
}

/// Makes `turn` of `pos` by clicks in `browser`'s page, as a player would: the piece for a
/// pending promotion first, then the move (and its promotion), then the push (confirmed when it
/// loses).
async fn click_turn(browser: &Browser, pos: &rules::Position, turn: rules::Turn) {
    let dialog_open = "document.getElementById('dialog').open";
    let choose = |role: rules::Role| {
        format!(
            "#dialog-choices button[data-value=\"{}\"]",
            role.upper_char()
        )
    };
    if let Some(role) = turn.promotion {
        // Any square starts the turn; the pending pawn's piece is asked first.
        let any = turn
            .mv
            .map_or_else(|| "a1".to_owned(), |m| m.from.to_string());
        browser.click(&square(&any)).await;
        until(browser, dialog_open, "the pending promotion is asked").await;
        browser.click(&choose(role)).await;
    }
    if let Some(mv) = turn.mv {
        browser.click(&square(&mv.from.to_string())).await;
        until(
            browser,
            &has(&mv.from.to_string(), "selected"),
            "the piece is picked",
        )
        .await;
        browser.click(&square(&mv.to.to_string())).await;
        if let Some(role) = mv.promotion {
            until(browser, dialog_open, "the promotion is asked").await;
            browser.click(&choose(role)).await;
        }
    }
    if let Some(push) = turn.push {
        until(
            browser,
            &has(&push.to.to_string(), "push-target"),
            "the push is offered",
        )
        .await;
        browser.click(&square(&push.to.to_string())).await;
    }
    if pos.is_losing_push(&turn) {
        until(browser, dialog_open, "the losing push asks first").await;
        browser.click("#dialog-choices button").await;
    }
}

#[tokio::test]
async fn two_players_play_a_whole_avalanche_game_by_clicks_while_a_third_watches() {
    let Some(alice) = Browser::start(390, 800).await else {
        return;
    };
    let bob = Browser::start(800, 700).await.expect("a second browser");
    let watcher = Browser::start(1100, 700).await.expect("a third browser");
    let served = serve(Harness::new().await).await;
    let id = game(&served.h, "avalanche").await;
    let page = served.front.watch(id);
    watcher.go(&page).await;
    play_as(&alice, &served, id, "alice").await;
    play_as(&bob, &served, id, "bob").await;
    for browser in [&alice, &bob, &watcher] {
        until(browser, &plies(0), "the game opens").await;
    }
    // A spectator's page offers nothing to play.
    assert_eq!(
        watcher.script("return [document.getElementById('play').hidden, document.querySelectorAll('.sq.from').length]", json!([])).await,
        json!([true, 0])
    );
    // Avalanche's fool's mate: every turn a move and a push, Black's queen mating.
    let moves = ["f3/a6", "e5/a3", "g4/b6", "Qh4#/b3"];
    let mut played = rules::Game::new(rules::Variant::Avalanche, None).expect("a game");
    for (n, notation) in moves.iter().enumerate() {
        let pos = played.position().clone();
        let turn = pos.parse_turn(notation).expect("a legal turn");
        assert_eq!(
            pos.turn_to_notation(&turn),
            *notation,
            "the page shows it so"
        );
        let player = if n % 2 == 0 { &alice } else { &bob };
        click_turn(player, &pos, turn).await;
        played.play(turn).expect("legal");
        until(&watcher, &plies(n + 1), "the watcher sees every turn").await;
    }
    let over = state(&page, None).await;
    assert_eq!(
        over["result"],
        json!(played.outcome().map(|o| o.result_str())),
        "{over}"
    );
    let status = watcher
        .script(
            "return document.getElementById('status').textContent",
            json!([]),
        )
        .await;
    assert!(
        status.as_str().unwrap_or_default().contains("checkmate"),
        "{status}"
    );
    for browser in [alice, bob, watcher] {
        browser.close().await;
    }
}

#[tokio::test]
async fn chess960_castles_both_ways_by_click() {
    let Some(browser) = Browser::start(800, 800).await else {
        return;
    };
    let served = serve(Harness::new().await).await;
    let h = &served.h;
    // King on d1 between its rooks: the king's own square, or its rook's, castles.
    let fen = "r2k3r/8/8/8/8/8/8/R2K3R w HAha - 0 1";
    for (room, target, castled) in [("kingside", "g1", "O-O"), ("queenside", "a1", "O-O-O+")] {
        let id = game_in(h, room, &format!("chess960 fen {fen}")).await;
        play_as(&browser, &served, id, "alice").await;
        until(
            &browser,
            "document.querySelector('.sq.from') !== null",
            "alice may move",
        )
        .await;
        browser.click(&square("d1")).await;
        until(
            &browser,
            &has(target, "target"),
            "the castling square is offered",
        )
        .await;
        browser.click(&square(target)).await;
        until(&browser, &plies(1), "castled").await;
        let view = state(&served.front.watch(id), None).await;
        assert_eq!(view["plies"][1]["notation"], castled, "{room}");
    }
    browser.close().await;
}

#[tokio::test]
async fn a_page_that_lost_its_connection_catches_up() {
    let Some(browser) = Browser::start(800, 700).await else {
        return;
    };
    let h = Harness::new().await;
    let (front, base, stop) = serve_at(&h.service, "127.0.0.1:0").await;
    let id = game(&h, "").await;
    browser.go(&front.watch(id)).await;
    until(&browser, &plies(0), "the page shows the game").await;
    until(
        &browser,
        "document.getElementById('live').dataset.state === 'live'",
        "live",
    )
    .await;

    // The board goes away; a turn is played meanwhile; the board comes back.
    drop(stop);
    until(
        &browser,
        "document.getElementById('live').dataset.state === 'lost'",
        "the page knows",
    )
    .await;
    assert!(!h.say("alice> move e4").await.private);
    let address = base.strip_prefix("http://").expect("an address");
    let (_again, _, _stop) = serve_at(&h.service, address).await;
    until(&browser, &plies(1), "the page caught up by itself").await;
    until(
        &browser,
        "document.getElementById('live').dataset.state === 'live'",
        "live again",
    )
    .await;
    browser.close().await;
}

#[tokio::test]
async fn a_page_without_a_live_stream_still_shows_the_game() {
    let Some(browser) = Browser::start(800, 700).await else {
        return;
    };
    let served = serve(Harness::new().await).await;
    let id = game(&served.h, "").await;
    // The board takes no more live pages: this one is told so, and reads the game anyway.
    served.front.limit_watchers(0, 0);
    browser.go(&served.front.watch(id)).await;
    until(&browser, &plies(0), "the game is shown").await;
    until(
        &browser,
        "document.getElementById('live').dataset.state === 'lost'",
        "not live",
    )
    .await;
    browser.close().await;
}

/// The time the clock of `bar` (`top`, `bottom`) shows, its label, whether it runs and
/// whether it is low, read at once.
async fn clock_of(browser: &Browser, bar: &str) -> serde_json::Value {
    browser
        .script(
            "const box = document.querySelector(`#bar-${arguments[0]} .clock`); \
             return { time: box.querySelector('.time').textContent, \
                      label: box.querySelector('.label').textContent, \
                      hidden: box.hidden, \
                      running: box.classList.contains('running'), \
                      low: box.classList.contains('low'), \
                      background: getComputedStyle(box).backgroundColor }",
            json!([bar]),
        )
        .await
}

/// The whole seconds of a clock's face (`0:49`, `0:07.3`, `1:00`).
fn seconds(face: &serde_json::Value) -> u64 {
    let text = face.as_str().unwrap_or_default();
    let (minutes, rest) = text
        .split_once(':')
        .unwrap_or_else(|| panic!("not a clock: {text}"));
    let secs = rest.split('.').next().unwrap_or_default();
    let read = |n: &str| {
        n.parse::<u64>()
            .unwrap_or_else(|_| panic!("not a clock: {text}"))
    };
    read(minutes) * 60 + read(secs)
}

/// Asserts that a clock with `left` on the service's clock when the page read the game, read
/// at most `real` later, shows whole seconds between what is left after `real` and `left`.
fn shows_about(clock: &serde_json::Value, left: Duration, real: Duration) {
    let shown = seconds(&clock["time"]);
    let least = left.saturating_sub(real).as_secs();
    assert!(
        (least..=left.as_secs()).contains(&shown),
        "{left:?} left, read within {real:?} of the page's load: {clock}"
    );
}

#[tokio::test]
async fn the_clock_of_the_side_to_move_ticks_on_the_page() {
    const SEC: Duration = Duration::from_secs(1);
    let Some(phone) = Browser::start(360, 740).await else {
        return;
    };
    let served = serve(Harness::new().await).await;
    let h = &served.h;
    let id = game_in(h, "main", "1+0").await;
    let page = served.front.watch(id);

    // The page writes a time as the bot does.
    phone.go(&page).await;
    until(&phone, &plies(0), "the page shows the game").await;
    let samples = [
        0_i64, -3, 99, 9_999, 10_000, 59_999, 60_000, 180_000, 3_599_999, 3_661_000,
    ];
    let faces = phone
        .script("return arguments[0].map(clockFace)", json!([samples]))
        .await;
    let expected: Vec<String> = samples
        .iter()
        .map(|&ms| domain::timing::clock_face(ms))
        .collect();
    assert_eq!(faces, json!(expected));

    // White's first turn: the first-turn limit counts down instead of the clock, which it
    // does not charge; Black's clock waits.
    h.advance(15 * SEC);
    let loaded = std::time::Instant::now();
    phone.go(&page).await;
    until(
        &phone,
        "document.querySelector('#bar-bottom .clock.running.first-turn') !== null",
        "White's first turn counts down",
    )
    .await;
    let white = clock_of(&phone, "bottom").await;
    shows_about(&white, 45 * SEC, loaded.elapsed());
    assert_eq!(white["label"], "First move");
    let black = clock_of(&phone, "top").await;
    assert_eq!(
        (&black["time"], &black["running"], &black["hidden"]),
        (&json!("1:00"), &json!(false), &json!(false)),
        "{black}"
    );

    // Both first turns played: White's clock runs from its whole minute, highlighted.
    assert!(!h.say("alice> move e4").await.private);
    assert!(!h.say("bob> move e5").await.private);
    until(&phone, &plies(2), "the page follows the game").await;
    h.advance(10 * SEC);
    let loaded = std::time::Instant::now();
    phone.go(&page).await;
    until(
        &phone,
        "document.querySelector('#bar-bottom .clock.running:not(.first-turn)') !== null",
        "White's clock runs",
    )
    .await;
    let white = clock_of(&phone, "bottom").await;
    shows_about(&white, 50 * SEC, loaded.elapsed());
    assert_eq!(white["label"], "");
    assert_eq!(white["low"], false, "{white}");
    assert_eq!(white["background"], "rgb(236, 236, 236)", "highlighted");
    let black = clock_of(&phone, "top").await;
    assert_eq!(
        (&black["time"], &black["running"]),
        (&json!("1:00"), &json!(false))
    );
    let fits = phone
        .script(
            "return [document.documentElement.scrollWidth, innerWidth]",
            json!([]),
        )
        .await;
    assert_eq!(fits[0], fits[1], "no sideways scrolling on a phone: {fits}");

    // Under ten seconds it turns red, in tenths, and stops at zero: the page never flags.
    h.advance(48 * SEC);
    let loaded = std::time::Instant::now();
    phone.go(&page).await;
    until(
        &phone,
        "document.querySelector('#bar-bottom .clock.running.low') !== null",
        "White's clock is low",
    )
    .await;
    let white = clock_of(&phone, "bottom").await;
    shows_about(&white, 2 * SEC, loaded.elapsed());
    assert_eq!(white["background"], "rgb(211, 47, 47)", "red: {white}");
    until(
        &phone,
        "document.querySelector('#bar-bottom .clock .time').textContent === '0:00.0'",
        "the clock reaches zero",
    )
    .await;
    let white = clock_of(&phone, "bottom").await;
    assert_eq!(
        (&white["time"], &white["running"]),
        (&json!("0:00.0"), &json!(true)),
        "at zero the clock waits for the server: {white}"
    );
    assert_eq!(
        phone
            .script(
                "return document.getElementById('status').textContent",
                json!([])
            )
            .await,
        json!("alice (White) to move."),
        "the page decides nothing"
    );

    // A position stepped back to shows that moment's clocks, still.
    phone.type_into("body", "\u{E012}").await;
    until(&phone, &has("e2", "moved"), "← shows 1. e4 again").await;
    until(
        &phone,
        "document.querySelector('.clock.running') === null",
        "no clock runs on a past position",
    )
    .await;
    let white = clock_of(&phone, "bottom").await;
    assert_eq!(
        (&white["time"], &white["low"]),
        (&json!("1:00"), &json!(false))
    );
    phone.type_into("body", "\u{E014}").await;
    until(
        &phone,
        "document.querySelector('#bar-bottom .clock.running.low') !== null",
        "→ runs the clock again",
    )
    .await;

    // The server's timer flags White (past the lag allowance): the page shows the result,
    // White's clock at zero, nothing running.
    h.advance(3 * SEC);
    h.timed_notices(id).await;
    until(
        &phone,
        "document.querySelector('.clock.running') === null \
         && document.querySelector('#bar-bottom .clock .time').textContent === '0:00.0'",
        "the flag stops the clock",
    )
    .await;
    let white = clock_of(&phone, "bottom").await;
    assert_eq!(white["low"], true, "{white}");
    let status = phone
        .script(
            "return document.getElementById('status').textContent",
            json!([]),
        )
        .await;
    assert!(
        status.as_str().unwrap_or_default().contains("wins on time"),
        "{status}"
    );

    let shot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-clock-phone.png");
    std::fs::write(&shot, phone.screenshot().await).expect("the screenshot is written");
    println!("the phone's page at the flag: {}", shot.display());
    phone.close().await;
}
