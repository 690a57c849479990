//! `nadare perft`: counts the turn sequences to a depth, the check of the rules core.

use anyhow::{Context, bail};
use rules::{Position, Variant};

use super::output::write_lines;

/// Arguments of `nadare perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// The variant (standard, chess960, avalanche, avalanche-balanced, avalanche-reversed);
    /// chess960 when --chess960 is given, standard otherwise.
    #[arg(long)]
    pub variant: Option<Variant>,
    /// Start from this FEN (X-FEN and Shredder-FEN castling are read too).
    #[arg(long, conflicts_with = "chess960")]
    pub fen: Option<String>,
    /// Start from this Chess960 setup (0–959).
    #[arg(long)]
    pub chess960: Option<u16>,
    /// Print the count under each first turn before the total.
    #[arg(long)]
    pub divide: bool,
    /// How many turns deep to count.
    pub depth: u32,
}

/// The start position the arguments describe.
pub fn start_position(
    variant: Option<Variant>,
    fen: Option<&str>,
    chess960: Option<u16>,
) -> anyhow::Result<Position> {
    let variant = variant.unwrap_or(if chess960.is_some() {
        Variant::Chess960
    } else {
        Variant::Standard
    });
    Ok(match fen {
        Some(fen) => Position::from_fen(variant, fen)?,
        None => Position::new_game(variant, chess960)?,
    })
}

/// Runs `nadare perft`; the last line printed is the count.
pub fn run(args: PerftArgs) -> anyhow::Result<()> {
    if args.depth > 12 {
        bail!(
            "depth {} would take far too long; use 12 or less",
            args.depth
        );
    }
    let pos = start_position(args.variant, args.fen.as_deref(), args.chess960)
        .context("cannot set up the position")?;
    if args.divide {
        let divided = pos.perft_divide(args.depth);
        let total: u64 = divided.iter().map(|(_, count)| count).sum();
        let lines = divided
            .into_iter()
            .map(|(turn, count)| format!("{turn}: {count}"));
        write_lines(lines.chain([String::new(), total.to_string()]))
    } else {
        write_lines([pos.perft(args.depth)])
    }
}
