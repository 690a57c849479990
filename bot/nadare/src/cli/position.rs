//! The position a command-line tool works on: a variant's start, a Chess960 setup, or a FEN.

use rules::{Position, Variant};

/// Where a tool's position comes from (`--variant`, `--fen`, `--chess960`).
#[derive(Debug, clap::Args)]
pub struct PositionArgs {
    /// The variant (standard, chess960, avalanche, avalanche-balanced, avalanche-reversed);
    /// chess960 when --chess960 is given, standard otherwise.
    #[arg(long)]
    pub variant: Option<Variant>,
    /// Start from this FEN (X-FEN and Shredder-FEN castling are read too).
    #[arg(long, conflicts_with = "chess960")]
    pub fen: Option<String>,
    /// Start from this Chess960 setup (0–959). Without --fen or --chess960: the variant's
    /// usual start.
    #[arg(long)]
    pub chess960: Option<u16>,
}

impl PositionArgs {
    /// The position the arguments describe.
    pub fn position(&self) -> anyhow::Result<Position> {
        let variant = self.variant.unwrap_or(if self.chess960.is_some() {
            Variant::Chess960
        } else {
            Variant::Standard
        });
        Ok(match &self.fen {
            Some(fen) => Position::from_fen(variant, fen)?,
            None => Position::new_game(variant, self.chess960)?,
        })
    }
}
