//! `nadare render`: draws a position as a PNG, as the bot would show it, or replays a game
//! record as an animated GIF.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, bail};
use render::{RenderOptions, Renderer, Scene, Theme};
use rules::{Color, Game, Square};

use super::position::PositionArgs;

/// Arguments of `nadare render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// The position to start from.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Highlight this move as the last one, in UCI (`e2e4`).
    #[arg(long, value_name = "UCI")]
    pub last_move: Option<String>,
    /// Highlight this Avalanche push as the last one.
    #[arg(long, num_args = 2, value_names = ["FROM", "TO"])]
    pub push: Option<Vec<Square>>,
    /// Show the board from Black's side.
    #[arg(long)]
    pub flip: bool,
    /// Board width in px (128–2048).
    #[arg(long, value_name = "PX", default_value_t = 512)]
    pub size: u32,
    /// Colour theme: classic, slate or green.
    #[arg(long, value_name = "T", default_value_t = Theme::Classic)]
    pub theme: Theme,
    /// White's name in the bar.
    #[arg(long, value_name = "NAME", default_value = "")]
    pub white: String,
    /// Black's name in the bar.
    #[arg(long, value_name = "NAME", default_value = "")]
    pub black: String,
    /// Replay the game in this record file (PGN, as `/moves` attaches it) as an animated GIF
    /// instead of drawing one position; the names come from its White and Black tags unless
    /// --white or --black are given.
    #[arg(
        long,
        value_name = "RECORD",
        conflicts_with_all = ["variant", "fen", "chess960", "last_move", "push"]
    )]
    pub gif: Option<PathBuf>,
    /// Write the image here; without it, to standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The from and to squares of a UCI move (`e2e4`, `e7e8q`).
fn parse_uci(uci: &str) -> anyhow::Result<(Square, Square)> {
    let squares = (uci.get(0..2), uci.get(2..4), uci.get(4..));
    let (Some(from), Some(to), Some(rest)) = squares else {
        bail!("`{uci}` is not a UCI move (like e2e4)");
    };
    if rest.chars().count() > 1 {
        bail!("`{uci}` is not a UCI move (like e2e4)");
    }
    Ok((from.parse()?, to.parse()?))
}

/// The scene the arguments describe.
fn scene(args: &RenderArgs) -> anyhow::Result<Scene> {
    let pos = args
        .position
        .position()
        .context("cannot set up the position")?;
    let mut scene = Scene::from_position(&pos);
    scene.chess960 = args.position.chess960;
    scene.orientation = if args.flip {
        Color::Black
    } else {
        Color::White
    };
    scene.last_move = args.last_move.as_deref().map(parse_uci).transpose()?;
    scene.last_push = match args.push.as_deref() {
        Some(&[from, to]) => Some((from, to)),
        _ => None,
    };
    scene.white = args.white.clone();
    scene.black = args.black.clone();
    Ok(scene)
}

/// The scenes of the game in the record at `path`, one per position, named and oriented as
/// the arguments say.
fn replay(args: &RenderArgs, path: &std::path::Path) -> anyhow::Result<Vec<Scene>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the record {}", path.display()))?;
    let (game, tags): (Game, _) = Game::from_record(&text)
        .with_context(|| format!("cannot replay the record {}", path.display()))?;
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| *v != "?")
            .unwrap_or("")
    };
    let name = |given: &str, tag_name: &str| {
        if given.is_empty() {
            tag(tag_name).to_string()
        } else {
            given.to_string()
        }
    };
    let (white, black) = (name(&args.white, "White"), name(&args.black, "Black"));
    let mut scenes = Scene::replay(&game);
    for scene in &mut scenes {
        scene.white.clone_from(&white);
        scene.black.clone_from(&black);
        scene.orientation = if args.flip {
            Color::Black
        } else {
            Color::White
        };
    }
    Ok(scenes)
}

/// Draws the position as a PNG, or the record as a GIF, and writes it to the file or standard
/// output.
pub fn run(args: RenderArgs) -> anyhow::Result<()> {
    let renderer = Renderer::new(RenderOptions {
        board_px: args.size,
        theme: args.theme,
    })?;
    let image = match &args.gif {
        Some(record) => renderer.render_gif(&replay(&args, record)?)?,
        None => renderer.render_png(&scene(&args)?)?,
    };
    match &args.output {
        Some(path) => {
            render::save(path, &image).with_context(|| format!("cannot write {}", path.display()))
        }
        None => {
            let mut out = std::io::stdout().lock();
            if out.is_terminal() {
                bail!("will not write an image to a terminal: give -o FILE or redirect the output");
            }
            out.write_all(&image)?;
            Ok(out.flush()?)
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;
    use rules::Variant;

    use super::*;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: RenderArgs,
    }

    fn args(line: &[&str]) -> RenderArgs {
        let argv = std::iter::once("render").chain(line.iter().copied());
        match Cli::try_parse_from(argv) {
            Ok(cli) => cli.args,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn the_arguments_become_the_scene() -> anyhow::Result<()> {
        let a = args(&[
            "--variant",
            "avalanche",
            "--chess960",
            "17",
            "--last-move",
            "e2e4",
            "--push",
            "d7",
            "d6",
            "--flip",
            "--white",
            "Ann",
            "--black",
            "Bo",
        ]);
        let s = scene(&a)?;
        assert_eq!(s.variant, Variant::Avalanche);
        assert_eq!(s.chess960, Some(17));
        assert_eq!(s.last_move, Some(("e2".parse()?, "e4".parse()?)));
        assert_eq!(s.last_push, Some(("d7".parse()?, "d6".parse()?)));
        assert_eq!(s.orientation, Color::Black);
        assert_eq!((s.white.as_str(), s.black.as_str()), ("Ann", "Bo"));
        Ok(())
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        assert!(parse_uci("e2").is_err());
        assert!(parse_uci("e2e9").is_err());
        assert!(parse_uci("e7e8qq").is_err());
        assert!(scene(&args(&["--fen", "not a fen"])).is_err());
        let dir = std::env::temp_dir().join("nadare-render-cli-test-size.png");
        let path = dir.to_string_lossy().into_owned();
        assert!(run(args(&["--size", "10", "-o", &path])).is_err());
    }

    #[test]
    fn a_record_replays_as_the_gif_of_its_scenes_named_from_its_tags() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let record = dir.path().join("fools-mate.pgn");
        std::fs::write(
            &record,
            "[White \"Alice\"]\n[Black \"?\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
        )?;
        let out = dir.path().join("replay.gif");
        let (record_arg, out_arg) = (record.to_string_lossy(), out.to_string_lossy());
        run(args(&[
            "--gif",
            &record_arg,
            "--black",
            "Bo",
            "--flip",
            "--size",
            "256",
            "-o",
            &out_arg,
        ]))?;
        let bytes = std::fs::read(&out)?;
        assert!(bytes.starts_with(b"GIF89a"));
        // The same scenes built by hand: the start and four turns, White's name from the tag,
        // Black's from the argument, seen from Black's side; the last one holds the mate.
        let game = Game::from_record("1. f3 e5 2. g4 Qh4# 0-1")?.0;
        let mut scenes = Scene::replay(&game);
        assert_eq!(scenes.len(), 5);
        assert_eq!(
            scenes[4].result.as_deref(),
            Some("0-1 · Black wins by checkmate")
        );
        for s in &mut scenes {
            s.white = "Alice".into();
            s.black = "Bo".into();
            s.orientation = Color::Black;
        }
        let renderer = Renderer::new(RenderOptions {
            board_px: 256,
            theme: Theme::Classic,
        })?;
        assert_eq!(bytes, renderer.render_gif(&scenes)?);
        Ok(())
    }

    #[test]
    fn a_bad_or_missing_record_is_refused_with_its_name() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let record = dir.path().join("bad.pgn");
        std::fs::write(&record, "1. e4 e5 2. Ke3 *\n")?;
        let out = dir.path().join("x.gif");
        let out_arg = out.to_string_lossy();
        let bad = record.to_string_lossy();
        let err = run(args(&["--gif", &bad, "-o", &out_arg]))
            .err()
            .map(|e| format!("{e:#}"));
        assert!(
            err.as_deref()
                .is_some_and(|e| e.contains("bad.pgn") && e.contains("Ke3")),
            "{err:?}"
        );
        let missing = dir.path().join("none.pgn");
        let missing = missing.to_string_lossy();
        assert!(run(args(&["--gif", &missing, "-o", &out_arg])).is_err());
        assert!(!out.exists(), "nothing is written on an error");
        let conflict = std::iter::once("render").chain(["--gif", "x.pgn", "--fen", "8/8 w - -"]);
        assert!(Cli::try_parse_from(conflict).is_err(), "--gif draws no FEN");
        Ok(())
    }

    #[test]
    fn it_writes_a_png_file() -> anyhow::Result<()> {
        let path =
            std::env::temp_dir().join(format!("nadare-render-cli-{}.png", std::process::id()));
        let out = path.to_string_lossy().into_owned();
        run(args(&[
            "--fen",
            "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
            "--size",
            "256",
            "-o",
            &out,
        ]))?;
        let bytes = std::fs::read(&path)?;
        std::fs::remove_file(&path)?;
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
        Ok(())
    }
}
