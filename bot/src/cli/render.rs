//! `nadare render`: draws a position as a PNG, as the bot would show it.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, bail};
use render::{RenderOptions, Renderer, Scene, Theme};
use rules::{Color, Square};

use super::position::PositionArgs;

/// Arguments of `nadare render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
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
    /// Write the PNG here; without it, to standard output.
    #[arg(short, long, value_name = "FILE.png")]
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

/// Draws the position and writes the PNG to the file or standard output.
pub fn run(args: RenderArgs) -> anyhow::Result<()> {
    let scene = scene(&args)?;
    let renderer = Renderer::new(RenderOptions {
        board_px: args.size,
        theme: args.theme,
    })?;
    let png = renderer.render_png(&scene)?;
    match &args.output {
        Some(path) => {
            std::fs::write(path, &png).with_context(|| format!("cannot write {}", path.display()))
        }
        None => {
            let mut out = std::io::stdout().lock();
            if out.is_terminal() {
                bail!(
                    "will not write a PNG to a terminal: give -o FILE.png or redirect the output"
                );
            }
            out.write_all(&png)?;
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
