//! Reviews through the service: a known blunder marked with its better line, the graph, the
//! blunder's board and the annotated record attached, progress told as it goes, a second request answered from
//! the store, refusals for games that cannot be reviewed, and a review left under way by a
//! process that stopped made after the restart.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use domain::messages::{ArchiveMsg, Message, ReviewMsg, ReviewSummary};
use domain::{Action, Command, GameId, Judgement, Progress, Reply, ReviewStatus, Reviews, StepRef};
use rules::Color;
use service::{Options, ServiceConfig};
use testkit::harness::Harness;

/// A harness whose reviews search to depth 4: quick, and deep enough for these games.
async fn harness() -> Harness {
    Harness::with_config(ServiceConfig {
        review_depth: Some(4),
        ..ServiceConfig::default()
    })
    .await
}

/// Scholar's mate in the main room, alice White: 3...Nf6 is the blunder.
async fn scholars_mate(h: &Harness) -> GameId {
    h.say("alice> challenge bob standard white").await;
    let id = h.say("bob> accept").await.game.expect("a game");
    let movers = ["alice", "bob"].into_iter().cycle();
    for (turn, mover) in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
        .into_iter()
        .zip(movers)
    {
        let reply = h.say(&format!("{mover}> move {turn}")).await;
        assert!(!reply.private, "{turn}: {reply:?}");
    }
    id
}

fn summary(reply: &Reply) -> &ReviewSummary {
    reply
        .messages
        .iter()
        .find_map(|m| match m {
            Message::Review(ReviewMsg::Summary(s)) => Some(&**s),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no summary: {reply:?}"))
}

/// The reply to `review` from alice in the main room, drawn, and the progress told meanwhile.
async fn review_watched(h: &Harness, game: Option<GameId>) -> (Reply, Vec<ReviewMsg>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let heard = Arc::clone(&seen);
    let progress = Progress::new(move |m| {
        if let Message::Review(m) = m {
            heard.lock().expect("not poisoned").push(m);
        }
    });
    let mut reply = h
        .service
        .execute(
            &h.origin("alice"),
            Command::Review { game, turn: None },
            Options::default().watching(&progress),
        )
        .await;
    present::draw(&h.renderer, &mut reply, None).await;
    let seen = seen.lock().expect("not poisoned").clone();
    (reply, seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_blunder_of_scholars_mate_is_marked_with_a_graph_and_an_annotated_record() {
    let h = harness().await;
    let id = scholars_mate(&h).await;
    let (reply, progress) = review_watched(&h, None).await;
    assert!(!reply.private, "{reply:?}");
    let s = summary(&reply);
    assert_eq!(s.id, id, "the finished game in this channel");
    assert_eq!(s.depth, 4);
    let nf6 = s
        .marks
        .iter()
        .find(|m| m.played.notation == "Nf6")
        .unwrap_or_else(|| panic!("3...Nf6 marked: {s:?}"));
    assert_eq!((nf6.played.number, nf6.played.mover), (3, Color::Black));
    assert_eq!(nf6.judgement, Judgement::Blunder);
    assert!(
        ["g6", "Qe7", "Qf6", "Nh6"].contains(&nf6.better[0].as_str()),
        "{:?}",
        nf6.better
    );
    assert_eq!(s.counts[Color::Black.index()][2], 1, "one blunder by Black");
    assert_eq!(s.decided.as_ref().map(|p| p.notation.as_str()), Some("Nf6"));
    let [white, black] = s.accuracy;
    assert!(white.expect("White's") > black.expect("Black's"));
    // Progress: every position of eight, in order.
    let done: Vec<usize> = progress
        .iter()
        .filter_map(|m| match m {
            ReviewMsg::Progress { done, total: 8, .. } => Some(*done),
            _ => None,
        })
        .collect();
    assert!(done.windows(2).all(|w| w[0] <= w[1]), "{progress:?}");
    assert!(!done.is_empty(), "{progress:?}");
    // The graph is the image; the annotated record the file.
    let graph = reply.image.as_deref().expect("the graph");
    let decoder = png::Decoder::new(std::io::Cursor::new(graph));
    let info = decoder.read_info().expect("a PNG").info().clone();
    let (w, h_px) = h.renderer.graph_size();
    assert_eq!((info.width, info.height), (w, h_px));
    // Then the blunder on its board, then the annotated record.
    // (At depth 4 2. Qh5 may be marked too: every mistake and blunder has its board.)
    let names: Vec<&str> = reply.files.iter().map(|(n, _)| n.as_str()).collect();
    let board = format!("nadare-review-{id}-ply-006.png");
    assert!(names.contains(&board.as_str()), "{names:?}");
    assert_eq!(
        names.last(),
        Some(&format!("nadare-review-{id}.pgn").as_str())
    );
    for (name, png) in &reply.files[..names.len() - 1] {
        assert!(
            name.ends_with(".png") && png.starts_with(b"\x89PNG"),
            "{name}"
        );
    }
    let (name, record) = reply.files.last().expect("the record");
    assert_eq!(name, &format!("nadare-review-{id}.pgn"));
    let record = String::from_utf8(record.clone()).expect("text");
    assert!(record.contains("Nf6 $4 {"), "{record}");
    assert!(record.contains("[Variant \"Standard\"]"), "{record}");
    let (read, _) = rules::Game::from_record(&record).expect("the record reads back");
    assert_eq!(read.turns().len(), 7);
    // Stored done.
    let stored = h.storage.review(id).await.expect("read").expect("stored");
    assert!(
        matches!(stored.status, ReviewStatus::Done { .. }),
        "{stored:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_request_is_answered_from_the_store_without_searching() {
    let h = harness().await;
    let id = scholars_mate(&h).await;
    let (first, progress) = review_watched(&h, Some(id)).await;
    assert!(!progress.is_empty());
    let (second, progress) = review_watched(&h, Some(id)).await;
    assert!(progress.is_empty(), "nothing searched again: {progress:?}");
    assert_eq!(summary(&first), summary(&second));
    assert_eq!(first.files, second.files);
    assert_eq!(first.image, second.image);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_that_cannot_be_reviewed_are_refused_privately() {
    let h = harness().await;
    let said = |reply: &Reply, expected: Message| {
        assert!(reply.private, "{reply:?}");
        assert!(reply.says(&expected), "{reply:?}");
    };
    said(&h.say("alice> review").await, ReviewMsg::NoGame.into());
    said(
        &h.say("alice> review 999").await,
        ArchiveMsg::UnknownGame { id: 999 }.into(),
    );
    h.say("alice> challenge bob standard white").await;
    let id = h.say("bob> accept").await.game.expect("a game");
    h.say("alice> move e4").await;
    said(
        &h.say(&format!("bob> review {id}")).await,
        ReviewMsg::NotFinished { id }.into(),
    );
    // An unfinished game here is passed over for the caller's latest finished game: none.
    said(&h.say("bob> review").await, ReviewMsg::NoGame.into());
    // A game finished without a turn (aborted) has nothing to review.
    h.say_in("other", "alice> challenge bob standard").await;
    let aborted = h.say_in("other", "bob> accept").await.game.expect("a game");
    h.say_in("other", "alice> abort").await;
    said(
        &h.say(&format!("alice> review {aborted}")).await,
        ReviewMsg::NoTurns { id: aborted }.into(),
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_game_here_the_callers_latest_finished_game_is_reviewed() {
    let h = harness().await;
    let id = scholars_mate(&h).await;
    // In another room, with nothing there, bob's latest finished game is the one.
    let reply = h.say_in("elsewhere", "bob> review").await;
    assert_eq!(summary(&reply).id, id);
    // carol played none.
    let reply = h.say_in("elsewhere", "carol> review").await;
    assert!(reply.says(&ReviewMsg::NoGame.into()), "{reply:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_left_under_way_by_a_stopped_process_is_made_after_the_restart() {
    let mut h = harness().await;
    let id = scholars_mate(&h).await;
    // The process stopped after storing the review as begun.
    h.storage.begin_review(id, 3, 0).await.expect("begun");
    h.restart().await;
    // The service began it again at start: it is done soon, without anyone asking.
    let mut waited = Duration::ZERO;
    loop {
        let stored = h.storage.review(id).await.expect("read").expect("stored");
        if let ReviewStatus::Done { review, .. } = stored.status {
            assert_eq!(review.depth, 3, "at the depth it was begun at");
            break;
        }
        assert!(
            waited < Duration::from_secs(120),
            "the review never finished"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
        waited += Duration::from_millis(50);
    }
    let reply = h.say("alice> review").await;
    assert_eq!(summary(&reply).depth, 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_for_a_review_under_way_restarts_it() {
    let h = harness().await;
    let id = scholars_mate(&h).await;
    // Left under way by another process's stop, after this one opened.
    h.storage.begin_review(id, 3, 0).await.expect("begun");
    let (reply, progress) = review_watched(&h, Some(id)).await;
    assert_eq!(summary(&reply).depth, 3);
    assert!(!progress.is_empty(), "searched now");
}

/// A hint is the turn in words and on a board: the position as it stands, seen from the side
/// of the player asking, the turn drawn as an arrow, privately; in Japanese too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_shows_its_turn_as_an_arrow_on_the_board() {
    let mut h = harness().await;
    h.say("alice> challenge computer black").await;
    // The reply as the service gives it, before a front draws its board.
    let reply = h
        .service
        .execute(&h.origin("alice"), Command::Hint, Options::default())
        .await;
    assert!(reply.private, "{reply:?}");
    let board = reply.board.as_ref().expect("a board");
    assert_eq!(board.orientation, Color::Black, "from alice's side");
    let hinted = reply
        .messages
        .iter()
        .find_map(|m| match m {
            Message::Turn(domain::messages::TurnMsg::Hint { notation }) => Some(notation.clone()),
            _ => None,
        })
        .expect("the hint in words");
    let mut game = rules::Game::from_position(board.position.clone());
    let turn = game.play_str(&hinted).expect("the hint is legal there");
    let mv = turn.mv.expect("a move");
    assert_eq!(board.arrows, vec![(mv.from, mv.to)], "{hinted}");
    // Drawn: the board with the arrow is not the board without it.
    let mut drawn = reply.clone();
    present::draw(&h.renderer, &mut drawn, None).await;
    let with = drawn.image.expect("the board drawn");
    let mut plain = reply.clone();
    if let Some(b) = plain.board.as_mut() {
        b.arrows.clear();
    }
    present::draw(&h.renderer, &mut plain, None).await;
    assert_ne!(Some(with), plain.image, "the arrow is drawn");
    h.locale = domain::Locale::both(domain::Lang::Ja);
    let reply = h
        .service
        .execute(&h.origin("alice"), Command::Hint, Options::default())
        .await;
    assert_eq!(reply.lang, domain::Lang::Ja);
    assert_eq!(reply.board.as_ref().map(|b| b.arrows.len()), Some(1));
}

/// The position after `turn` turns of game `id` as alice steps to it: its board still data.
async fn step(h: &Harness, id: GameId, turn: usize) -> Reply {
    let command = Command::Review {
        game: Some(id),
        turn: Some(turn),
    };
    h.service
        .execute(&h.origin("alice"), command, Options::default())
        .await
}

fn step_of(reply: &Reply) -> &domain::messages::ReviewStep {
    reply
        .messages
        .iter()
        .find_map(|m| match m {
            Message::Review(ReviewMsg::Step(s)) => Some(&**s),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no step: {reply:?}"))
}

/// The summary offers to step through the game; each position is the caller's own, on a
/// board with the turn that led to it, and its buttons lead to the positions before and
/// after. At the blunder (3...Nf6, turn 6) the better turn is drawn as an arrow and the words
/// say it decided the game; the last position carries the result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reviewed_game_is_stepped_through_turn_by_turn() {
    let h = harness().await;
    let id = scholars_mate(&h).await;
    let (reply, _) = review_watched(&h, None).await;
    assert_eq!(reply.actions, vec![Action::StepThrough(id)]);
    let start = step(&h, id, 0).await;
    assert!(start.private, "{start:?}");
    let mut drawn = start.clone();
    present::draw(&h.renderer, &mut drawn, None).await;
    assert!(drawn.image.is_some(), "{drawn:?}");
    let s = step_of(&start);
    assert_eq!((s.turn, s.turns, s.played.as_ref()), (0, 7, None));
    assert_eq!(
        start.actions,
        vec![Action::StepForward(StepRef { game: id, turn: 1 })]
    );
    let start_board = start.board.as_ref().expect("a board");
    assert!(start_board.last_turn.is_none() && start_board.arrows.is_empty());

    let blunder = step(&h, id, 6).await;
    let s = step_of(&blunder);
    assert_eq!(s.played.as_ref().map(|p| p.notation.as_str()), Some("Nf6"));
    let mark = s.mark.as_ref().expect("the blunder is marked");
    assert_eq!(mark.judgement, Judgement::Blunder);
    assert!(s.decided);
    let board = blunder.board.as_ref().expect("a board");
    assert_eq!(board.position.to_fen(), {
        let mut game = rules::Game::new(rules::Variant::Standard, None).expect("game");
        for t in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
            game.play_str(t).expect("legal");
        }
        game.position().to_fen()
    });
    assert_eq!(board.arrows.len(), 1, "the better turn: {:?}", board.arrows);
    assert!(board.outcome.is_none());
    assert_eq!(
        blunder.actions,
        vec![
            Action::StepBack(StepRef { game: id, turn: 5 }),
            Action::StepForward(StepRef { game: id, turn: 7 })
        ]
    );
    let text = present::reply_text(&blunder, present::i18n::Surface::Console);
    assert!(
        text.contains("turn 6 of 7") && text.contains("This turn decided the game."),
        "{text}"
    );

    let end = step(&h, id, 7).await;
    assert_eq!(
        end.actions,
        vec![Action::StepBack(StepRef { game: id, turn: 6 })]
    );
    assert!(end.board.as_ref().is_some_and(|b| b.outcome.is_some()));
    // Past the end: the turns there are.
    let past = step(&h, id, 8).await;
    assert!(past.private && past.board.is_none());
    assert!(
        past.says(&ReviewMsg::NoSuchTurn { id, turns: 7 }.into()),
        "{past:?}"
    );
}
