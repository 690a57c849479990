//! `nadare replay`: replays a game record turn by turn.

use std::path::PathBuf;

use anyhow::Context;
use rules::{Color, Game};

use super::output::write_lines;

/// Arguments of `nadare replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The record to replay (`-` for standard input).
    pub file: PathBuf,
}

/// Replays the record, printing each turn in canonical notation and then the final FEN;
/// a wrong turn fails with its ply, the turn as written and the reason.
pub fn run(args: ReplayArgs) -> anyhow::Result<()> {
    let text = if args.file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
    } else {
        std::fs::read_to_string(&args.file)
            .with_context(|| format!("cannot read {}", args.file.display()))?
    };
    let (game, _) = Game::from_record(&text)
        .with_context(|| format!("{} does not replay", args.file.display()))?;
    let mut lines: Vec<String> = game
        .notations()
        .into_iter()
        .enumerate()
        .map(|(ply, notation)| {
            let before = game.position_at(ply).unwrap_or_else(|| game.start());
            let dots = if before.side_to_move() == Color::White {
                "."
            } else {
                "..."
            };
            format!("{}{dots} {notation}", before.fullmove_number())
        })
        .collect();
    if let Some(outcome) = game.outcome() {
        lines.push(format!("{} {outcome}", outcome.result_str()));
    }
    lines.push(game.position().to_fen());
    write_lines(lines)
}
