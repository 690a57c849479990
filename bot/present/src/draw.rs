//! The pictures of a reply: its board and its animated replay, labelled in the reply's
//! language, with the players' pictures in the name bars where the front has them, a
//! tournament's standings table with its headings in that language, and a review's
//! evaluation graph with its annotated record (comments in that language); drawn on the
//! blocking pool, after the service has answered and let the game go. A picture that cannot
//! be drawn is logged and left out; the words still go.

use std::sync::Arc;

use domain::messages::{ArchiveMsg, Message, Players};
use domain::{Board, Lang, Replay, Reply};
use render::{Avatar, Renderer, Scene};

use crate::image::{labels, set_clocks};
use crate::pictures::{Pictures, faces_of};
use crate::review::{annotated_record, graph, mistake_scenes};
use crate::standings::standings;

/// The name of a standings image attached beside a board (a reply never has both today).
const STANDINGS_FILE: &str = "nadare-standings.png";

/// Draws `reply`'s board into its `image` and its replay into a GIF among its `files`, its
/// standings into its `image` (or, beside a board, a PNG among its `files`), and a review's
/// graph into its `image` with its annotated record among its `files`. With
/// `pictures`, the name bars show the players' pictures it holds (and the computer's icon);
/// without, the icons.
pub async fn draw(renderer: &Arc<Renderer>, reply: &mut Reply, pictures: Option<&dyn Pictures>) {
    let board = reply.board.take();
    let replay = reply.replay.take();
    let table = reply.standings.take();
    let sheet = reply.review.take();
    if board.is_none() && replay.is_none() && table.is_none() && sheet.is_none() {
        return;
    }
    let pictures_of = |faces| pictures.map_or((None, None), |p| faces_of(faces, p));
    let board_faces = board
        .as_ref()
        .map_or((None, None), |b| pictures_of(b.faces));
    let replay_faces = replay
        .as_ref()
        .map_or((None, None), |r| pictures_of(r.faces));
    let lang = reply.lang;
    let game = replay.as_ref().map(|r| r.game);
    let reviewed = sheet.as_ref().map(|s| s.id);
    let renderer = Arc::clone(renderer);
    let drawn = tokio::task::spawn_blocking(move || {
        let png = board.map(|b| {
            renderer
                .render_png(&scene_of(b, board_faces, lang))
                .map_err(|e| e.to_string())
        });
        let table = table.map(|t| {
            renderer
                .render_standings(&standings(&t, lang))
                .map_err(|e| e.to_string())
        });
        let gif = replay.map(|r| {
            let started = std::time::Instant::now();
            let (id, turns) = (r.game, r.played.turns().len());
            let gif = renderer.render_gif(&replay_scenes(r, replay_faces, lang));
            if let Ok(bytes) = &gif {
                tracing::debug!(
                    game = id,
                    turns,
                    bytes = bytes.len(),
                    ms = started.elapsed().as_millis(),
                    "drew a replay"
                );
            }
            gif.map_err(|e| e.to_string())
        });
        let review = sheet.map(|s| {
            let png = renderer
                .render_graph(&graph(&s, lang))
                .map_err(|e| e.to_string());
            let boards: Vec<_> = mistake_scenes(&s, lang)
                .into_iter()
                .map(|(ply, scene)| (ply, renderer.render_png(&scene).map_err(|e| e.to_string())))
                .collect();
            (png, annotated_record(&s, lang), boards)
        });
        (png, gif, table, review)
    })
    .await;
    let (png, gif, table, review) = match drawn {
        Ok(drawn) => drawn,
        Err(e) => {
            tracing::error!(error = %e, "drawing task failed");
            (None, game.map(|_| Err(e.to_string())), None, None)
        }
    };
    match png {
        Some(Ok(png)) => reply.image = Some(png),
        Some(Err(e)) => tracing::error!(error = %e, "board rendering failed"),
        None => {}
    }
    match table {
        Some(Ok(png)) if reply.image.is_none() => reply.image = Some(png),
        Some(Ok(png)) => reply.files.push((STANDINGS_FILE.to_owned(), png)),
        Some(Err(e)) => tracing::error!(error = %e, "standings rendering failed"),
        None => {}
    }
    if let (Some((graph, record, boards)), Some(id)) = (review, reviewed) {
        match graph {
            Ok(png) if reply.image.is_none() => reply.image = Some(png),
            Ok(png) => reply.files.push((format!("nadare-review-{id}.png"), png)),
            Err(e) => tracing::error!(game = id, error = %e, "review graph rendering failed"),
        }
        // Each mistake on its board, named by the turn's ply so they sort as played.
        for (ply, board) in boards {
            match board {
                Ok(png) => reply
                    .files
                    .push((format!("nadare-review-{id}-ply-{:03}.png", ply + 1), png)),
                Err(e) => tracing::error!(game = id, error = %e, "mistake board rendering failed"),
            }
        }
        reply
            .files
            .push((format!("nadare-review-{id}.pgn"), record));
    }
    if let (Some(gif), Some(id)) = (gif, game) {
        match gif {
            Ok(gif) => reply.files.push((format!("nadare-game-{id}.gif"), gif)),
            Err(e) => {
                tracing::error!(game = id, error = %e, "replay rendering failed");
                let failed = Message::from(ArchiveMsg::ReplayFailed);
                let promised = Message::from(ArchiveMsg::Replay { id });
                match reply.messages.iter_mut().find(|m| **m == promised) {
                    Some(m) => *m = failed,
                    None => reply.messages.push(failed),
                }
                if reply.image.is_none() && reply.files.is_empty() {
                    reply.private = true;
                }
            }
        }
    }
}

/// The players' pictures, White's then Black's, where the front has them.
type Faces = (Option<Avatar>, Option<Avatar>);

/// The scene of a reply's board as [`draw`] draws it, labelled in `lang` and its result
/// said once the game is over, with the icons in its name bars: for checking what a board
/// shows (the side at the bottom, the squares marked, the words).
pub fn board_scene(board: Board, lang: Lang) -> Scene {
    scene_of(board, (None, None), lang)
}

/// A board's scene with `faces` in its name bars, labelled in `lang`, its result said once
/// the game is over, and its clocks.
fn scene_of(board: Board, faces: Faces, lang: Lang) -> Scene {
    let mut scene = Scene::from_position(&board.position);
    scene.orientation = board.orientation;
    if let Some((before, turn)) = &board.last_turn {
        scene.set_last_turn(before, turn);
    }
    scene.chess960 = board.chess960;
    scene.arrows.clone_from(&board.arrows);
    label(
        &mut scene,
        &board.players,
        faces,
        board.outcome.as_ref(),
        lang,
    );
    set_clocks(&mut scene, board.clocks);
    scene
}

/// A replay's scenes, one per position, with `faces` in their name bars, labelled in
/// `lang`, the result on the last; in a game with a clock, each with the clocks of its
/// position (the time control's start on the first).
fn replay_scenes(replay: Replay, faces: Faces, lang: Lang) -> Vec<Scene> {
    let mut scenes = Scene::replay(&replay.played);
    let last = scenes.len().saturating_sub(1);
    for (i, scene) in scenes.iter_mut().enumerate() {
        scene.orientation = replay.orientation;
        let shown = if i == last {
            replay.outcome.as_ref()
        } else {
            None
        };
        label(scene, &replay.players, faces.clone(), shown, lang);
        let clocks = match i.checked_sub(1) {
            None => replay.time.map(|t| t.start()),
            Some(ply) => replay.clocks.get(ply).copied(),
        };
        set_clocks(scene, clocks);
    }
    scenes
}

/// Names `scene`'s players and puts their `faces` in its bars, labels it in `lang`, and says
/// the result on it when `outcome` is given.
fn label(
    scene: &mut Scene,
    players: &Players,
    faces: Faces,
    outcome: Option<&rules::Outcome>,
    lang: Lang,
) {
    scene.white = crate::image::person(&players.white, lang);
    scene.black = crate::image::person(&players.black, lang);
    (scene.white_avatar, scene.black_avatar) = faces;
    let labels = labels(scene, outcome, lang);
    scene.result = outcome.map(|_| labels.status.clone());
    scene.labels = Some(labels);
}

#[cfg(test)]
mod tests {
    use domain::CrossResult;
    use domain::messages::{StandingLine, TournamentMsg};
    use domain::{StandingsTable, TournamentFormat};
    use render::RenderOptions;

    use super::*;

    fn reply(lang: Lang) -> Reply {
        let line = |rank, name: &str, halves| StandingLine {
            rank,
            name: name.into(),
            halves,
            tiebreaks: vec![2, 1],
            withdrawn: false,
        };
        let lines = vec![line(1, "ann", 2), line(2, "なだれ太郎", 0)];
        Reply {
            standings: Some(StandingsTable {
                name: "Club".into(),
                after: 1,
                rounds: 1,
                format: TournamentFormat::RoundRobin,
                lines: lines.clone(),
                against: vec![
                    vec![vec![], vec![CrossResult::Win]],
                    vec![vec![CrossResult::Loss], vec![]],
                ],
            }),
            lang,
            ..Reply::public(TournamentMsg::Standings {
                name: "Club".into(),
                after: 1,
                format: TournamentFormat::RoundRobin,
                lines,
            })
        }
    }

    #[tokio::test]
    async fn standings_replies_get_their_table_drawn_in_their_language() {
        let renderer = Arc::new(Renderer::new(RenderOptions::default()).expect("renderer"));
        let mut images = Vec::new();
        for lang in [Lang::En, Lang::Ja] {
            let mut reply = reply(lang);
            draw(&renderer, &mut reply, None).await;
            let png = reply.image.expect("the standings image");
            assert!(png.starts_with(b"\x89PNG"), "{lang:?}");
            assert!(reply.standings.is_none() && reply.files.is_empty());
            let expected = renderer
                .render_standings(&standings(
                    &self::reply(lang).standings.expect("a table"),
                    lang,
                ))
                .expect("drawn");
            assert_eq!(
                png, expected,
                "{lang:?}: the table with its words in {lang:?}"
            );
            images.push(png);
        }
        assert_ne!(images[0], images[1], "English and Japanese headings differ");
    }

    /// Scholar's mate reviewed by hand: 3...Nf6 a blunder that decided the game.
    fn review_reply(lang: Lang) -> Reply {
        use domain::messages::{GameKind, Players};
        use domain::{Eval, GameReview, Judgement, Mark, ReviewSheet};
        let mut game = rules::Game::new(rules::Variant::Standard, None).expect("setup");
        for turn in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
            game.play_str(turn).expect("legal");
        }
        let evals = [30, 20, 10, 60, 40, 50]
            .map(Eval::Centipawns)
            .into_iter()
            .chain([
                Eval::Mate {
                    winner: rules::Color::White,
                    turns: 1,
                },
                Eval::Mate {
                    winner: rules::Color::White,
                    turns: 0,
                },
            ])
            .collect();
        Reply {
            review: Some(Box::new(ReviewSheet {
                id: 7,
                game,
                tags: vec![("White".into(), "ann".into())],
                players: Players {
                    white: "ann".into(),
                    black: "bob".into(),
                },
                kind: GameKind {
                    variant: rules::Variant::Standard,
                    chess960: None,
                    from_position: false,
                },
                review: GameReview {
                    depth: 4,
                    evals,
                    accuracy: [Some(990), Some(700)],
                    marks: vec![Mark {
                        ply: 5,
                        judgement: Judgement::Blunder,
                        loss: 500,
                        better: vec!["g6".into(), "Qf3".into()],
                    }],
                    decided: Some(5),
                },
            })),
            lang,
            ..Reply::default()
        }
    }

    #[tokio::test]
    async fn a_review_gets_its_graph_and_its_annotated_record_in_its_language() {
        let renderer = Arc::new(Renderer::new(RenderOptions::default()).expect("renderer"));
        let mut records = Vec::new();
        for lang in [Lang::En, Lang::Ja] {
            let mut reply = review_reply(lang);
            draw(&renderer, &mut reply, None).await;
            let png = reply.image.expect("the graph");
            assert!(png.starts_with(b"\x89PNG"));
            assert!(reply.review.is_none());
            let [(board, png), (name, record)] = reply.files.as_slice() else {
                panic!("the blunder's board and the record: {:?}", reply.files);
            };
            assert_eq!(board, "nadare-review-7-ply-006.png");
            assert!(png.starts_with(b"\x89PNG"));
            assert_eq!(name, "nadare-review-7.pgn");
            let record = String::from_utf8(record.clone()).expect("text");
            assert!(record.contains("3... Nf6 $4 {[%eval #1]"), "{record}");
            assert!(record.contains("[Annotator"), "{record}");
            let (read, _) = rules::Game::from_record(&record).expect("reads back");
            assert_eq!(read.turns().len(), 7);
            records.push(record);
        }
        let flat = |r: &str| r.split_whitespace().collect::<Vec<_>>().join(" ");
        let english = flat(&records[0]);
        assert!(
            english.contains("Nf6 $4 {[%eval #1] Blunder (+0.50 → #1). Better: 3... g6 4. Qf3. The game was decided here.}"),
            "{english}"
        );
        assert!(records[1].contains("大悪手"), "{}", records[1]);
    }

    /// The blunder's board is the position before it, seen from Black's side, the better
    /// turn (g7-g6) an arrow and the turn before it (Bc4) marked; its words name the blunder
    /// and the better turn, in the reply's language.
    #[test]
    fn a_mistake_is_shown_on_its_board_with_the_better_turn_as_an_arrow() {
        use rules::Square;
        let sheet = review_reply(Lang::En).review.expect("a review");
        let sq = |s: &str| s.parse::<Square>().expect("a square");
        let [(ply, scene)] = mistake_scenes(&sheet, Lang::En)
            .try_into()
            .expect("one board");
        assert_eq!(ply, 5);
        assert_eq!(scene.orientation, rules::Color::Black);
        assert_eq!(scene.arrows, vec![(sq("g7"), sq("g6"))]);
        assert_eq!(scene.last_move, Some((sq("f1"), sq("c4"))));
        assert!(scene.squares[sq("f6").index()].is_none(), "before Nf6");
        let labels = scene.labels.expect("labels");
        assert_eq!(labels.heading, "Blunder: 3... Nf6");
        assert_eq!(labels.status, "Better: 3... g6");
        let [(_, scene)] = mistake_scenes(&sheet, Lang::Ja)
            .try_into()
            .expect("one board");
        let labels = scene.labels.expect("labels");
        assert_eq!(labels.heading, "大悪手：3... Nf6");
        assert_eq!(labels.status, "より良い手：3... g6");
    }

    fn clocks(white_ms: i64, black_ms: i64) -> domain::timing::Clocks {
        domain::timing::Clocks { white_ms, black_ms }
    }

    /// The text, running and low of a scene's clocks, White's then Black's.
    fn faces(scene: &Scene) -> [Option<(String, bool, bool)>; 2] {
        [&scene.white_clock, &scene.black_clock]
            .map(|f| f.as_ref().map(|f| (f.text.clone(), f.running, f.low)))
    }

    fn face(text: &str, running: bool, low: bool) -> Option<(String, bool, bool)> {
        Some((text.to_owned(), running, low))
    }

    #[test]
    fn a_board_shows_both_clocks_the_side_to_moves_running_and_red_when_low() {
        let mut position =
            rules::Position::new_game(rules::Variant::Standard, None).expect("setup");
        let turn = position.parse_turn("e4").expect("legal");
        position = position.play(&turn).expect("legal");
        let mut board = Board::of_position(position);
        assert_eq!(faces(&board_scene(board.clone(), Lang::En)), [None, None]);
        board.clocks = Some(clocks(181_000, 9_400));
        assert_eq!(
            faces(&board_scene(board.clone(), Lang::En)),
            [face("3:01", false, false), face("0:09.4", true, true)]
        );
        board.clocks = Some(clocks(10_000, 3_600_000));
        assert_eq!(
            faces(&board_scene(board.clone(), Lang::Ja)),
            [face("0:10", false, false), face("1:00:00", true, false)]
        );
        board.outcome = Some(rules::Outcome {
            winner: Some(rules::Color::White),
            reason: rules::EndReason::Timeout,
        });
        board.clocks = Some(clocks(5_000, 0));
        assert_eq!(
            faces(&board_scene(board, Lang::En)),
            [face("0:05.0", false, true), face("0:00.0", false, true)],
            "no clock runs once the game is over"
        );
    }

    #[test]
    fn each_replay_frame_shows_the_clocks_of_its_position() {
        let mut game = rules::Game::new(rules::Variant::Standard, None).expect("setup");
        for turn in ["f3", "e5", "g4", "Qh4#"] {
            game.play_str(turn).expect("legal");
        }
        let time = domain::timing::TimeControl::parse("3+2").expect("a time control");
        let replay = Replay {
            game: 9,
            outcome: game.outcome(),
            played: game,
            orientation: rules::Color::White,
            players: Players {
                white: "ann".into(),
                black: "bob".into(),
            },
            faces: None,
            time: Some(time),
            clocks: vec![
                clocks(180_000, 180_000),
                clocks(180_000, 180_000),
                clocks(175_300, 180_000),
                clocks(175_300, 171_000),
            ],
        };
        let framed: Vec<_> = replay_scenes(replay.clone(), (None, None), Lang::En)
            .iter()
            .map(faces)
            .collect();
        assert_eq!(
            framed,
            [
                [face("3:00", true, false), face("3:00", false, false)],
                [face("3:00", false, false), face("3:00", true, false)],
                [face("3:00", true, false), face("3:00", false, false)],
                [face("2:55", false, false), face("3:00", true, false)],
                [face("2:55", false, false), face("2:51", false, false)],
            ]
        );
        let untimed = Replay {
            time: None,
            clocks: Vec::new(),
            ..replay
        };
        assert!(
            replay_scenes(untimed, (None, None), Lang::En)
                .iter()
                .all(|s| faces(s) == [None, None])
        );
    }

    #[tokio::test]
    async fn beside_a_board_the_standings_are_an_attached_file() {
        let renderer = Arc::new(Renderer::new(RenderOptions::default()).expect("renderer"));
        let mut reply = reply(Lang::En);
        let position = rules::Position::new_game(rules::Variant::Standard, None).expect("setup");
        reply.board = Some(Board::of_position(position));
        draw(&renderer, &mut reply, None).await;
        assert!(reply.image.is_some());
        assert_eq!(reply.files.len(), 1);
        assert_eq!(reply.files[0].0, STANDINGS_FILE);
    }
}
