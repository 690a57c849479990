//! `nadare chess960`: shows a Chess960 setup by number, or draws one at random.

use anyhow::Context;
use rules::{Position, Variant, chess960};

use super::output::write_lines;

/// Arguments of `nadare chess960`.
#[derive(Debug, clap::Args)]
pub struct Chess960Args {
    /// The setup number, 0–959; a random one when left out.
    pub number: Option<u16>,
}

/// Prints the number, the back rank and the FEN of the setup.
pub fn run(args: Chess960Args) -> anyhow::Result<()> {
    let number = args.number.unwrap_or_else(|| rand::random_range(0..960));
    let pos = Position::new_game(Variant::Chess960, Some(number)).context("no such setup")?;
    let rank = chess960::back_rank_string(number).context("no such setup")?;
    write_lines([format!("Chess960 #{number}"), rank, pos.to_fen()])
}
