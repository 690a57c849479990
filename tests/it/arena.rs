//! Arenas through the service, on the manual clock: eight players paired in waves as games
//! end (close scores, no rematch while others play), a berserk win, a streak that doubles,
//! a draw, late joining and pausing, and the end: no pairing once the time is up, the games
//! still running finish and count, then the final standings.

use std::time::Duration;

use domain::messages::{Message, TournamentMsg};
use domain::{Action, BoardResult, Games, TournamentRecord, TournamentState, Tournaments};
use testkit::harness::{Harness, text};

use crate::tournaments::{harness, room, stored};

/// The pairs of wave `round`, White first, by name.
fn wave(t: &TournamentRecord, round: u32) -> Vec<(String, String)> {
    t.round_boards(round)
        .map(|b| {
            (
                b.white.name.clone(),
                b.black.as_ref().map(|u| u.name.clone()).unwrap_or_default(),
            )
        })
        .collect()
}

/// `line` in the room of board `board` of wave `round`, which must be taken.
async fn play(h: &Harness, t: &TournamentRecord, round: u32, board: u32, line: &str) {
    let reply = h.say_in(&room(t, round, board), line).await;
    assert!(!reply.private, "{line}: {}", text(&reply));
}

/// The points of `name` in the arena's standings, as said.
fn points(standings: &[(String, u32)], name: &str) -> u32 {
    standings
        .iter()
        .find(|(n, _)| n == name)
        .map_or_else(|| panic!("{name} not in {standings:?}"), |(_, p)| *p)
}

/// The standings as said: (name, points).
async fn standings(h: &Harness) -> Vec<(String, u32)> {
    let reply = h.say("ann> tournament standings").await;
    reply
        .messages
        .iter()
        .find_map(|m| match m {
            Message::Tournament(TournamentMsg::Standings { lines, .. }) => Some(
                lines
                    .iter()
                    .map(|l| (l.name.clone(), l.halves / 2))
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no standings: {reply:?}"))
}

const PLAYERS: [&str; 8] = ["ann", "ben", "cat", "dan", "eve", "fay", "gil", "hal"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_of_eight_pairs_in_waves_with_streaks_and_a_berserk() {
    let h = harness().await;
    let created = h
        .say("admin> tournament create Evening standard arena time 1+0 duration 10m")
        .await;
    assert!(!created.private, "{}", text(&created));
    assert!(text(&created).contains("arena"), "{}", text(&created));
    for p in PLAYERS {
        assert!(!h.say(&format!("{p}> tournament join")).await.private);
    }
    assert!(!h.say("admin> tournament start").await.private);
    let boards = h.sweep().await;
    let offered = boards
        .iter()
        .filter(|n| n.reply.actions.contains(&Action::Berserk))
        .count();
    assert_eq!(offered, 4, "each game's first board offers berserk");
    let t = stored(&h).await;
    assert_eq!(t.state, TournamentState::Running);
    assert!(t.ends_ms.is_some(), "the end is set at the start");
    let pair = |w: &str, b: &str| (w.to_string(), b.to_string());
    assert_eq!(
        wave(&t, 1),
        [
            pair("ann", "ben"),
            pair("cat", "dan"),
            pair("eve", "fay"),
            pair("gil", "hal")
        ]
    );
    let game = t.round_boards(1).next().and_then(|b| b.game).expect("game");
    let stored_game = h
        .storage
        .load_game(game)
        .await
        .expect("load")
        .expect("game");
    assert_eq!(
        stored_game.row.time.map(|t| t.to_string()).as_deref(),
        Some("1+0"),
        "arena games are on the arena's clock"
    );

    // ann goes berserk and wins: 2 points and 1 for the berserk. Only once, and only
    // before her first turn; not in a game outside an arena.
    play(&h, &t, 1, 1, "ann> berserk").await;
    let again = h.say_in(&room(&t, 1, 1), "ann> berserk").await;
    assert!(again.private, "{}", text(&again));
    let berserked = h
        .storage
        .load_game(game)
        .await
        .expect("load")
        .expect("game");
    assert_eq!(berserked.row.state.clocks.map(|c| c.white_ms), Some(30_000));
    play(&h, &t, 1, 1, "ben> resign").await;
    // ann and ben just met: they wait while the others play.
    assert_eq!(stored(&h).await.round, 1, "no rematch while others play");
    play(&h, &t, 1, 2, "dan> resign").await;
    let t = stored(&h).await;
    assert_eq!(t.round, 2, "a wave as soon as two can meet");
    assert_eq!(wave(&t, 2), [pair("ann", "cat"), pair("ben", "dan")]);
    play(&h, &t, 1, 3, "fay> resign").await;
    play(&h, &t, 1, 4, "hal> resign").await;
    let t = stored(&h).await;
    assert_eq!(wave(&t, 3), [pair("eve", "gil"), pair("fay", "hal")]);

    // ann wins again (two in a row: on a streak from here), ben and dan draw.
    play(&h, &t, 2, 1, "cat> resign").await;
    play(&h, &t, 2, 2, "ben> draw offer").await;
    play(&h, &t, 2, 2, "dan> draw accept").await;
    let t = stored(&h).await;
    // ann meets ben (not cat again); cat meets dan.
    assert_eq!(wave(&t, 4), [pair("ben", "ann"), pair("dan", "cat")]);
    // ann's third win in a row scores double.
    play(&h, &t, 4, 1, "ben> resign").await;
    let now = standings(&h).await;
    assert_eq!(points(&now, "ann"), 3 + 2 + 4, "{now:?}");
    assert_eq!(points(&now, "ben"), 1);
    assert_eq!(points(&now, "cat"), 2);

    // A latecomer joins while it runs; bob pauses and comes back.
    let late = h.say("ivy> tournament join").await;
    assert!(
        late.says(
            &TournamentMsg::Returned {
                name: "Evening".into(),
                player: "ivy".into()
            }
            .into()
        ),
        "{}",
        text(&late)
    );
    let t = stored(&h).await;
    assert!(
        t.players
            .iter()
            .any(|p| p.user.name == "ivy" && !p.withdrawn),
        "ivy plays"
    );
    let paused = h.say("ben> tournament leave").await;
    assert!(text(&paused).contains("paused"), "{}", text(&paused));
    assert!(!h.say("ben> tournament join").await.private);

    // dan and cat's game goes on past the end of the arena; the others never start.
    let t = stored(&h).await;
    play(&h, &t, 4, 2, "dan> move e4").await;
    play(&h, &t, 4, 2, "cat> move e5").await;
    play(&h, &t, 4, 2, "dan> move Nf3").await;
    let before = stored(&h).await.round;
    h.advance(Duration::from_secs(10 * 60));
    let notices = h.sweep().await;
    let t = stored(&h).await;
    assert_eq!(t.state, TournamentState::Finished, "{notices:?}");
    assert_eq!(t.round, before, "nobody is paired once the time is up");
    // cat's clock ran out in the game that went on: it counts for dan.
    let last = t
        .round_boards(4)
        .nth(1)
        .and_then(|b| b.result)
        .expect("counted");
    assert_eq!(last, BoardResult::WhiteWins);
    let end = notices
        .iter()
        .find(|n| {
            n.reply
                .messages
                .iter()
                .any(|m| matches!(m, Message::Tournament(TournamentMsg::Finished { .. })))
        })
        .expect("the final notice");
    assert!(text(&end.reply).contains("ann"), "{}", text(&end.reply));
    let last = standings(&h).await;
    assert_eq!(last.first().map(|(n, _)| n.as_str()), Some("ann"));
    assert_eq!(points(&last, "dan"), 1 + 2);
    let arena_games = h
        .storage
        .tournament(t.id)
        .await
        .expect("read")
        .expect("there")
        .boards
        .len();
    println!("the arena played {arena_games} boards in {} waves", t.round);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_is_for_arena_games_before_ones_first_turn() {
    let h = harness().await;
    h.say("alice> challenge bob white 3+2").await;
    h.say("bob> accept").await;
    let refused = h.say("alice> berserk").await;
    assert!(
        refused.says(&TournamentMsg::NotArenaGame.into()),
        "{}",
        text(&refused)
    );
    let bad = h
        .say("admin> tournament create Short standard arena duration 1m")
        .await;
    assert!(bad.private, "an arena of a minute: {}", text(&bad));
}
