//! After the game: rematches, the archive's pages, games shown again with their replay and
//! analysis link, and vacations on the manual clock.

use service::Options;
use std::time::Duration;

use console::{CONSOLE_GUILD, user_id};
use domain::messages::{
    ArchiveMsg, ChallengeMsg, GameKind, Message, Players, RatingMsg, RematchMsg, VacationMsg,
};
use domain::{Action, ColorChoice, Command, GameId, Origin, PageRef, Reply, Request, SetupChoice};
use rules::Variant;
use testkit::harness::{Harness, main_room, text};

/// The game command a press of `action`'s button gives.
fn pressed(action: Action) -> Command {
    match action.request() {
        Request::Game(command) => command,
        other => panic!("{action:?} asks {other:?}"),
    }
}

const MIN: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(86_400);

/// The frames an animated GIF shows, decoded by the `gif` crate: a frame drawn in parts (each
/// but the last staying 2 hundredths of a second) counts once.
fn gif_frames(bytes: &[u8]) -> usize {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let mut frames = 0;
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        if frame.delay > 2 {
            frames += 1;
        }
    }
    frames
}

fn file<'a>(reply: &'a Reply, extension: &str) -> Option<&'a [u8]> {
    reply
        .files
        .iter()
        .find(|(name, _)| name.ends_with(extension))
        .map(|(_, bytes)| bytes.as_slice())
}

fn analysis(reply: &Reply) -> Option<&str> {
    reply.messages.iter().find_map(|m| match m {
        Message::Archive(ArchiveMsg::Analysis { url }) => Some(url.as_str()),
        _ => None,
    })
}

/// Fool's mate: Black mates on the fourth ply.
async fn fools_mate(h: &Harness) -> (GameId, Reply) {
    h.say("alice> challenge bob standard white").await;
    let id = h.say("bob> accept").await.game.expect("game id");
    for line in ["alice> move f3", "bob> move e5", "alice> move g4"] {
        assert!(!h.say(line).await.private, "{line}");
    }
    (id, h.say("bob> move Qh4#").await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_result_carries_the_replay_the_analysis_link_and_a_rematch_button() {
    let h = Harness::new().await;
    let (id, result) = fools_mate(&h).await;
    assert!(text(&result).contains("0-1"), "{}", text(&result));
    let gif = file(&result, ".gif").expect("the replay is attached");
    assert_eq!(gif_frames(gif), 5, "the start and one frame per turn");
    let url = analysis(&result).expect("an analysis link");
    assert!(
        url.starts_with("https://lichess.org/analysis/") && url.contains("rnb1kbnr"),
        "{url}"
    );
    assert!(result.actions.contains(&Action::Rematch));
    assert!(result.image.is_some(), "the final board too");
    assert_eq!(result.game, Some(id));
    let asked = h.say("carol> gif").await;
    assert!(!asked.private, "{}", text(&asked));
    assert_eq!(file(&asked, ".gif"), Some(gif));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_swaps_colours_and_keeps_the_setup_and_deadline() {
    let h = Harness::new().await;
    h.say("alice> challenge bob chess960 123 white 1d").await;
    h.say("bob> accept").await;
    let resigned = h.say("alice> resign").await;
    assert!(resigned.actions.contains(&Action::Rematch));
    assert!(
        analysis(&resigned).is_some_and(|u| u.contains("chess960")),
        "{}",
        text(&resigned)
    );
    let r = h.say("carol> rematch").await;
    assert!(r.private, "only a player may ask: {}", text(&r));
    let r = h.run(main_room(), "bob", pressed(Action::Rematch)).await;
    assert!(!r.private, "{}", text(&r));
    assert!(r.says(&RematchMsg::Asked { by: "bob".into() }.into()));
    assert!(
        r.says(
            &ChallengeMsg::Challenged {
                challenger: "bob".into(),
                opponent: Some("alice".into()),
                variant: Variant::Chess960,
                setup: Some(SetupChoice::Number(123)),
                color: ColorChoice::White,
                deadline: Some(DAY),
                time: None,
            }
            .into()
        ),
        "{r:?}"
    );
    assert_eq!(r.mentions, vec![user_id("alice")]);
    assert!(r.actions.contains(&Action::AcceptChallenge));
    let started = h.say("alice> accept").await;
    assert!(
        started.says(
            &ChallengeMsg::Started {
                players: Players {
                    white: "bob".into(),
                    black: "alice".into(),
                },
                kind: GameKind {
                    variant: Variant::Chess960,
                    chess960: Some(123),
                    from_position: false,
                },
            }
            .into()
        ),
        "{started:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_rematch_after_an_abort_or_without_a_finished_game() {
    let h = Harness::new().await;
    let r = h.say("alice> rematch").await;
    assert!(r.says(&RematchMsg::NoFinishedGame.into()), "{r:?}");
    h.say("alice> challenge bob avalanche white").await;
    h.say("bob> accept").await;
    let r = h.say("alice> rematch").await;
    assert!(r.private, "the game goes on: {}", text(&r));
    let aborted = h.say("alice> abort").await;
    assert!(!aborted.actions.contains(&Action::Rematch));
    assert!(file(&aborted, ".gif").is_none());
    let r = h.say("alice> rematch").await;
    assert!(r.says(&RematchMsg::AfterAbort.into()), "{r:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_computer_starts_at_once() {
    let h = Harness::new().await;
    h.say("alice> challenge computer level 1 white").await;
    h.say("alice> resign").await;
    let r = h.say("alice> rematch").await;
    assert!(!r.private, "{}", text(&r));
    assert!(
        r.messages
            .iter()
            .any(|m| matches!(m, Message::Challenge(ChallengeMsg::Started { players, .. }) if players.black == "alice")),
        "{r:?}"
    );
}

fn history(reply: &Reply) -> (u32, u64, u64, Vec<GameId>) {
    reply
        .messages
        .iter()
        .find_map(|m| match m {
            Message::Archive(ArchiveMsg::History {
                page,
                pages,
                total,
                games,
                ..
            }) => Some((*page, *pages, *total, games.iter().map(|g| g.id).collect())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no page: {reply:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_history_pages_newest_first() {
    let h = Harness::new().await;
    let mut ids = Vec::new();
    for _ in 0..25 {
        h.say("alice> challenge bob white").await;
        ids.push(h.say("bob> accept").await.game.expect("id"));
        h.say("alice> move e4").await;
        h.say("bob> resign").await;
        h.advance(MIN);
    }
    ids.reverse();
    let first = h.say("carol> history").await;
    assert_eq!(history(&first), (1, 3, 25, ids[..10].to_vec()));
    assert_eq!(
        first.actions,
        vec![Action::NextPage(PageRef {
            user: None,
            page: 2
        })]
    );
    let second = h.run(main_room(), "carol", pressed(first.actions[0])).await;
    assert_eq!(history(&second), (2, 3, 25, ids[10..20].to_vec()));
    assert_eq!(second.actions.len(), 2, "previous and next");
    let last = h.say("carol> history 3").await;
    assert_eq!(history(&last), (3, 3, 25, ids[20..].to_vec()));
    assert_eq!(
        last.actions,
        vec![Action::PreviousPage(PageRef {
            user: None,
            page: 2
        })]
    );
    let beyond = h.say("carol> history 9").await;
    assert_eq!(history(&beyond).0, 3, "a page past the end shows the last");
    let alice = h.say("carol> history alice 2").await;
    assert_eq!(history(&alice), (2, 3, 25, ids[10..20].to_vec()));
    assert!(alice.actions.iter().all(|a| matches!(
        a,
        Action::PreviousPage(p) | Action::NextPage(p) if p.user == Some(user_id("alice"))
    )));
    let none = h.say("carol> history carol").await;
    assert!(
        none.says(&ArchiveMsg::Empty { player: None }.into()),
        "{none:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_shown_with_board_record_replay_and_link() {
    let h = Harness::new().await;
    let (standard, _) = fools_mate(&h).await;
    h.say("alice> challenge bob avalanche-balanced white").await;
    let avalanche = h.say("bob> accept").await.game.expect("id");
    let moved = h.say("alice> move d4//").await;
    assert!(!moved.private, "{}", text(&moved));
    h.say("alice> resign").await;

    let shown = h.say(&format!("carol> game {standard}")).await;
    assert!(!shown.private && shown.image.is_some(), "{}", text(&shown));
    let record = String::from_utf8(file(&shown, ".pgn").expect("record").to_vec()).expect("utf-8");
    assert!(
        record.contains("2. g4 Qh4#") && record.contains("0-1"),
        "{record}"
    );
    assert_eq!(gif_frames(file(&shown, ".gif").expect("replay")), 5);
    assert!(analysis(&shown).is_some());
    assert!(shown.messages.iter().any(|m| matches!(
        m,
        Message::Archive(ArchiveMsg::Shown { id, .. }) if *id == standard
    )));
    // A rated game between two people: both changes, the winner up and the loser down.
    let changes: Vec<(&str, i32)> = shown
        .messages
        .iter()
        .filter_map(|m| match m {
            Message::Rating(RatingMsg::Changed(c)) => Some((c.name.as_str(), c.delta())),
            _ => None,
        })
        .collect();
    assert_eq!(changes.len(), 2, "{shown:?}");
    assert!(
        changes.iter().any(|(n, d)| *n == "bob" && *d > 0),
        "{changes:?}"
    );
    assert!(
        changes.iter().any(|(n, d)| *n == "alice" && *d < 0),
        "{changes:?}"
    );

    let shown = h.say(&format!("carol> game #{avalanche}")).await;
    let record = String::from_utf8(file(&shown, ".pgn").expect("record").to_vec()).expect("utf-8");
    assert!(
        record.contains("[Variant \"avalanche-balanced\"]"),
        "{record}"
    );
    assert_eq!(gif_frames(file(&shown, ".gif").expect("replay")), 2);
    assert_eq!(analysis(&shown), None, "no site analyses Avalanche");

    let unknown = h.say("carol> game 999999").await;
    assert!(unknown.private);
    assert!(unknown.says(&ArchiveMsg::UnknownGame { id: 999_999 }.into()));
    let elsewhere = Origin {
        guild: Some(CONSOLE_GUILD + 1),
        ..h.origin("carol")
    };
    let hidden = h
        .service
        .execute(&elsewhere, Command::ShowGame(standard), Options::default())
        .await;
    assert!(
        hidden.says(&ArchiveMsg::UnknownGame { id: standard }.into()),
        "another server's game is not shown: {hidden:?}"
    );
    let hidden = h
        .service
        .execute(&elsewhere, Command::Gif(Some(standard)), Options::default())
        .await;
    assert!(hidden.private && hidden.files.is_empty());
    // In a direct message only one's own games outside servers are shown.
    let direct = Origin {
        guild: None,
        ..h.origin("alice")
    };
    let hidden = h
        .service
        .execute(&direct, Command::ShowGame(standard), Options::default())
        .await;
    assert!(hidden.says(&ArchiveMsg::UnknownGame { id: standard }.into()));
    let listed = h
        .service
        .execute(
            &direct,
            Command::History {
                user: None,
                page: 1,
            },
            Options::default(),
        )
        .await;
    assert!(
        listed.says(&ArchiveMsg::Empty { player: None }.into()),
        "{listed:?}"
    );
}

/// Whether any of `notices` announces a game lost on time.
fn lost_on_time(notices: &[domain::Notice]) -> bool {
    notices
        .iter()
        .any(|n| testkit::harness::lost_on_time(&n.reply))
}

fn says_anywhere(notices: &[domain::Notice], wanted: &Message) -> bool {
    notices.iter().any(|n| n.reply.says(wanted))
}

/// Alice's vacation is over in `notices`, and her game is lost on time exactly when `left`
/// more has passed: not a second before.
async fn resumed_then_lost_after(h: &Harness, notices: &[domain::Notice], left: Duration) {
    assert!(says_anywhere(
        notices,
        &VacationMsg::Resumed {
            player: "alice".into()
        }
        .into()
    ));
    h.advance(left - Duration::from_secs(1));
    assert!(!lost_on_time(&h.sweep().await));
    h.advance(Duration::from_secs(1));
    assert!(lost_on_time(&h.sweep().await));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_pauses_deadlines_and_adds_the_paused_time() {
    let mut h = Harness::new().await;
    h.say("alice> challenge bob white 1h").await;
    let accepted = h.say("bob> accept").await;
    // Its start was shown, as a front marks it: the restart below has nothing to announce.
    h.service
        .mark_shown(accepted.game.expect("id"), accepted.shows.expect("stamped"))
        .await;
    h.advance(10 * MIN);
    let r = h.say("alice> vacation 2").await;
    assert!(
        r.says(
            &VacationMsg::Started {
                player: "alice".into(),
                days: 2,
                games: 1,
                left: 12,
            }
            .into()
        ),
        "{r:?}"
    );
    let notices = h.sweep().await;
    assert!(says_anywhere(
        &notices,
        &VacationMsg::Paused {
            player: "alice".into(),
            days: 2
        }
        .into()
    ));
    assert_eq!(notices[0].channel, main_room());
    // Her hour would have run out 50 minutes later; it does not during the vacation, even
    // after a restart.
    h.advance(HOUR);
    assert!(h.sweep().await.is_empty());
    h.restart().await;
    h.advance(DAY);
    assert!(h.sweep().await.is_empty());
    h.advance(DAY - HOUR);
    let notices = h.sweep().await;
    assert!(!lost_on_time(&notices), "{notices:?}");
    // 50 minutes were left when the vacation began; they are left now.
    resumed_then_lost_after(&h, &notices, 50 * MIN).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_ends_the_vacation_and_returns_the_unused_days() {
    let h = Harness::new().await;
    h.say("alice> challenge bob white 1d").await;
    h.say("bob> accept").await;
    assert!(!h.say("alice> move e4").await.private);
    let r = h.say("alice> vacation 5").await;
    assert!(!r.private, "{}", text(&r));
    // Bob's clock stops too.
    h.advance(3 * DAY);
    assert!(!lost_on_time(&h.sweep().await));
    assert!(!h.say("bob> move e5").await.private);
    h.advance(HOUR);
    let moved = h.say("alice> move Nf3").await;
    assert!(
        moved.says(
            &VacationMsg::Ended {
                player: "alice".into(),
                days_used: 4,
                left: 10,
            }
            .into()
        ),
        "{moved:?}"
    );
    let r = h.say("alice> vacation end").await;
    assert!(r.says(&VacationMsg::NotOn.into()));
    let r = h.say("alice> vacation 11").await;
    assert!(
        r.says(
            &VacationMsg::TooLong {
                asked: 11,
                left: 10
            }
            .into()
        ),
        "{r:?}"
    );
    let r = h.say("alice> vacation 10").await;
    assert!(
        r.messages
            .iter()
            .any(|m| matches!(m, Message::Vacation(VacationMsg::Started { left: 0, .. })))
    );
    let r = h.say("alice> vacation 1").await;
    assert!(r.says(&VacationMsg::AlreadyOn.into()));
    h.advance(HOUR);
    let r = h.say("alice> vacation end").await;
    assert!(
        r.says(
            &VacationMsg::Ended {
                player: "alice".into(),
                days_used: 1,
                left: 9,
            }
            .into()
        ),
        "{r:?}"
    );
    let r = h.say("bob> vacation 15").await;
    assert!(
        r.says(
            &VacationMsg::TooLong {
                asked: 15,
                left: 14
            }
            .into()
        ),
        "{r:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_of_a_casual_game_is_casual() {
    let h = Harness::new().await;
    h.say("alice> challenge bob casual white").await;
    h.say("bob> accept").await;
    h.say("alice> resign").await;
    let r = h.say("alice> rematch").await;
    assert!(
        r.messages
            .iter()
            .any(|m| matches!(m, Message::Rating(RatingMsg::Rated { rated: false, .. }))),
        "{r:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn overlapping_vacations_pause_a_game_once() {
    let h = Harness::new().await;
    h.say("alice> challenge bob white 1h").await;
    h.say("bob> accept").await;
    h.advance(10 * MIN);
    assert!(!h.say("alice> vacation 3").await.private);
    h.advance(DAY);
    assert!(!h.say("bob> vacation 1").await.private);
    h.advance(DAY);
    // Bob's vacation is over, Alice's is not: the game stays paused, nothing is announced.
    let notices = h.sweep().await;
    assert!(!lost_on_time(&notices), "{notices:?}");
    assert!(
        !notices.iter().any(|n| n
            .reply
            .messages
            .iter()
            .any(|m| matches!(m, Message::Vacation(VacationMsg::Resumed { .. })))),
        "{notices:?}"
    );
    h.advance(DAY);
    let notices = h.sweep().await;
    // The three days count once: the 50 minutes left when Alice's vacation began remain.
    resumed_then_lost_after(&h, &notices, 50 * MIN).await;
}

/// A vacation that pauses no deadline (no game with one goes on) uses no day of the year's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_that_pauses_nothing_uses_no_day() {
    let h = Harness::new().await;
    let r = h.say("alice> vacation 3").await;
    assert!(!r.private, "{}", text(&r));
    h.advance(HOUR);
    let r = h.say("alice> vacation end").await;
    assert!(
        r.says(
            &VacationMsg::Ended {
                player: "alice".into(),
                days_used: 0,
                left: 14,
            }
            .into()
        ),
        "{r:?}"
    );
}
