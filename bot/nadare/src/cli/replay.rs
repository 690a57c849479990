//! `nadare replay`: replays a game record turn by turn.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use anyhow::Context;
use rules::{Color, ReadTurn, RecordError, RecordReader};

use super::output::write_lines;

/// Arguments of `nadare replay`.
#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The record to replay (`-` for standard input).
    pub file: PathBuf,
}

/// Replays the record as it is read, printing each turn in canonical notation and then the
/// final FEN; a wrong turn fails with its ply, the turn as written and the reason. Memory
/// stays bounded however long the record: only the positions repetition needs are kept.
pub fn run(args: ReplayArgs) -> anyhow::Result<()> {
    let refused = || format!("{} does not replay", args.file.display());
    if args.file.as_os_str() == "-" {
        return replay(std::io::stdin().lock(), refused);
    }
    let file =
        File::open(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    replay(BufReader::new(file), refused)
}

/// Replays the record in `input` (a concrete reader: the record is read a byte at a time);
/// `refused` names the record in an error.
fn replay(input: impl BufRead, refused: impl Fn() -> String) -> anyhow::Result<()> {
    let mut reader = RecordReader::new(input)
        .with_context(&refused)?
        .forgetting_history();
    let mut failure: Option<RecordError> = None;
    let turns = std::iter::from_fn(|| match reader.next_turn() {
        Ok(read) => read.as_ref().map(turn_line),
        Err(error) => {
            failure = Some(error);
            None
        }
    });
    write_lines(turns)?;
    if let Some(error) = failure {
        return Err(error).with_context(&refused);
    }
    let (game, _) = reader.finish().with_context(&refused)?;
    let mut lines = Vec::new();
    if let Some(outcome) = game.outcome() {
        lines.push(format!("{} {outcome}", outcome.result_str()));
    }
    lines.push(game.position().to_fen());
    write_lines(lines)
}

/// A turn as printed: its move number and its canonical notation.
fn turn_line(read: &ReadTurn) -> String {
    let dots = if read.before.side_to_move() == Color::White {
        "."
    } else {
        "..."
    };
    format!(
        "{}{dots} {}",
        read.before.fullmove_number(),
        read.before.turn_to_notation(&read.turn)
    )
}
