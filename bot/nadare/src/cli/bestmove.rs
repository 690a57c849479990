//! `nadare bestmove`: the engine's choice in a position, with the search's progress.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context, bail};
use engine::search::MAX_DEPTH;
use engine::{Engine, Level, Limits};
use rules::{Position, Turn};

use super::output::write_lines;
use super::position::PositionArgs;

/// Arguments of `nadare bestmove`.
#[derive(Debug, clap::Args)]
pub struct BestmoveArgs {
    /// The position to start from.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Play at this level (1–8), its time, depth and imprecision; the default is level 8.
    #[arg(long, conflicts_with_all = ["depth", "movetime"])]
    pub level: Option<Level>,
    /// Search exactly this many turns deep (deterministic).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Think at most this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// The seed of a level's imprecision.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// The turns of `line` from `pos`, in notation.
pub fn line_notation(pos: &Position, line: &[Turn]) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for turn in line {
        out.push(pos.turn_to_notation(turn));
        match pos.play(turn) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
    }
    out.join(" ")
}

/// The limits the arguments ask for.
fn limits(args: &BestmoveArgs) -> anyhow::Result<Limits> {
    if let Some(depth) = args.depth
        && !(1..=MAX_DEPTH).contains(&depth)
    {
        bail!("depth {depth} is out of range: use 1 to {MAX_DEPTH}");
    }
    if args.depth.is_none() && args.movetime.is_none() {
        return Ok(args.level.unwrap_or(Level::MAX).limits(args.seed));
    }
    Ok(Limits {
        depth: args.depth,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    })
}

/// Runs `nadare bestmove`: one line per completed iteration, then the chosen turn alone.
pub fn run(args: BestmoveArgs) -> anyhow::Result<()> {
    let pos = args
        .position
        .position()
        .context("cannot set up the position")?;
    let limits = limits(&args)?;
    // As perft, the tool answers while a turn is legal: a repetition, the fifty-move rule
    // or a dead position is for whoever runs the game to call.
    let game = rules::Game::from_position(pos.clone()).with_draws(rules::Draws::Claimed);
    let mut lines = Vec::new();
    let result =
        Engine::new().search_with_info(&game, &limits, &AtomicBool::new(false), &mut |r| {
            lines.push(format!(
                "info depth {} score {} nodes {} time {} pv {}",
                r.depth,
                engine::uci::score(r),
                r.nodes,
                r.elapsed.as_millis(),
                line_notation(&pos, &r.pv)
            ));
        });
    let Some(best) = result.best else {
        bail!("the side to move has no legal turn: the game is over");
    };
    lines.push(pos.turn_to_notation(&best));
    write_lines(lines)
}
