//! `nadare perft`: counts the turn sequences to a depth, the check of the rules core.

use anyhow::{Context, bail};

use super::output::write_lines;
use super::position::PositionArgs;

/// Arguments of `nadare perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// The position to start from.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print the count under each first turn before the total.
    #[arg(long)]
    pub divide: bool,
    /// How many turns deep to count (at most 12). Each level costs about thirty times the
    /// one before: from the standard start in a release build, depth 6 takes about a second,
    /// 8 a quarter of an hour, 10 over a week and 12 decades. Stop it with Ctrl-C.
    pub depth: u32,
}

/// Runs `nadare perft`; the last line printed is the count.
pub fn run(args: PerftArgs) -> anyhow::Result<()> {
    if args.depth > 12 {
        bail!(
            "depth {} would take far too long; use 12 or less",
            args.depth
        );
    }
    let pos = args
        .position
        .position()
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
