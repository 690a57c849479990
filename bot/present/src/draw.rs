//! The pictures of a reply: its board and its animated replay, labelled in the reply's
//! language, with the players' pictures in the name bars where the front has them, and drawn
//! on the blocking pool, after the service has answered and let the game go. A picture that
//! cannot be drawn is logged and left out; the words still go.

use std::sync::Arc;

use domain::messages::{ArchiveMsg, Message};
use domain::{Board, Lang, Replay, Reply};
use render::{Renderer, Scene};

use crate::image::labels;
use crate::pictures::{Pictures, faces_of};

/// Draws `reply`'s board into its `image` and its replay into a GIF among its `files`. With
/// `pictures`, the name bars show the players' pictures it holds (and the computer's icon);
/// without, the icons.
pub async fn draw(renderer: &Arc<Renderer>, reply: &mut Reply, pictures: Option<&dyn Pictures>) {
    let mut board = reply.board.take();
    let mut replay = reply.replay.take();
    if board.is_none() && replay.is_none() {
        return;
    }
    if let Some(pictures) = pictures {
        if let Some(b) = &mut board {
            (b.scene.white_avatar, b.scene.black_avatar) = faces_of(b.faces, pictures);
        }
        if let Some(r) = &mut replay {
            let (white, black) = faces_of(r.faces, pictures);
            for scene in &mut r.scenes {
                scene.white_avatar.clone_from(&white);
                scene.black_avatar.clone_from(&black);
            }
        }
    }
    let lang = reply.lang;
    let game = replay.as_ref().map(|r| r.game);
    let renderer = Arc::clone(renderer);
    let drawn = tokio::task::spawn_blocking(move || {
        let png = board.map(|b| {
            renderer
                .render_png(&board_scene(b, lang))
                .map_err(|e| e.to_string())
        });
        let gif = replay.map(|r| {
            let started = std::time::Instant::now();
            let (id, turns) = (r.game, r.scenes.len().saturating_sub(1));
            let gif = renderer.render_gif(&replay_scenes(r, lang));
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
        (png, gif)
    })
    .await;
    let (png, gif) = match drawn {
        Ok(drawn) => drawn,
        Err(e) => {
            tracing::error!(error = %e, "drawing task failed");
            (None, game.map(|_| Err(e.to_string())))
        }
    };
    match png {
        Some(Ok(png)) => reply.image = Some(png),
        Some(Err(e)) => tracing::error!(error = %e, "board rendering failed"),
        None => {}
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

/// A board's scene labelled in `lang`, its result said once the game is over.
fn board_scene(board: Board, lang: Lang) -> Scene {
    let mut scene = board.scene;
    label(&mut scene, board.outcome.as_ref(), lang);
    scene
}

/// A replay's scenes labelled in `lang`, the result on the last.
fn replay_scenes(replay: Replay, lang: Lang) -> Vec<Scene> {
    let mut scenes = replay.scenes;
    let last = scenes.len().saturating_sub(1);
    for (i, scene) in scenes.iter_mut().enumerate() {
        let shown = if i == last {
            replay.outcome.as_ref()
        } else {
            None
        };
        label(scene, shown, lang);
    }
    scenes
}

/// Labels `scene` in `lang`, and says the result on it when `outcome` is given.
fn label(scene: &mut Scene, outcome: Option<&rules::Outcome>, lang: Lang) {
    let labels = labels(scene, outcome, lang);
    scene.result = outcome.map(|_| labels.status.clone());
    scene.labels = Some(labels);
}
