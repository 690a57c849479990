//! `nadare pairings`: pairs the next round of a tournament given as a FIDE Tournament Report
//! File, and prints the pairings the way Dutch-system programs do: the number of pairs, then
//! `WHITE BLACK` by pairing number per line, `PLAYER 0` for the bye.

use std::path::PathBuf;

use anyhow::Context;
use tournament::Pairing;
use tournament::dutch::RoundPairing;

use super::output::write_lines;

/// Arguments of `nadare pairings`.
#[derive(Debug, clap::Args)]
pub struct PairingsArgs {
    /// Pair by the FIDE (Dutch) System, C.04.3 (2026), the system nadare pairs Swiss
    /// tournaments with.
    #[arg(long, required = true)]
    pub dutch: bool,
    /// The tournament so far, as a TRF (TRF-2026, TRF16 or TRF(x)): players, results per
    /// round, `XXR` for the number of rounds, `XXA` for accelerated rounds. Players with an
    /// entry for the round to pair (an absence, a requested bye) are left out of it.
    #[arg(value_name = "FILE.trf")]
    pub file: PathBuf,
    /// Write the pairings to this file (replaced whole, never half written) instead of
    /// standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

/// The lines Dutch-system programs print for a round.
pub fn lines(round: &RoundPairing) -> Vec<String> {
    let mut out = vec![round.pairings.len().to_string()];
    out.extend(round.pairings.iter().map(|p| match *p {
        Pairing::Game { white, black } => format!("{white} {black}"),
        Pairing::Bye(player) => format!("{player} 0"),
    }));
    out
}

/// Runs `nadare pairings`.
pub fn run(args: PairingsArgs) -> anyhow::Result<()> {
    let path = &args.file;
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let t = tournament::trf::read(&text)
        .with_context(|| format!("{} is not a TRF nadare can read", path.display()))?;
    let round = tournament::dutch::pair_next_round(&t).context("cannot pair the next round")?;
    tracing::debug!(round = round.round, boards = round.pairings.len(), "paired");
    let lines = lines(&round);
    match &args.output {
        Some(out) => {
            let mut text = lines.join("\n");
            text.push('\n');
            render::save(out, text.as_bytes())
                .with_context(|| format!("cannot write {}", out.display()))
        }
        None => write_lines(lines),
    }
}
