//! The `nadare` binary: the Discord bot and its command-line tools.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use nadare::cli;

/// nadare (なだれ): chess, Chess960 and Avalanche on Discord.
#[derive(Debug, Parser)]
#[command(name = "nadare", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the turn sequences from a position to a depth.
    Perft(cli::perft::PerftArgs),
    /// Replay a game record, printing each turn and the final FEN.
    Replay(cli::replay::ReplayArgs),
    /// Show a Chess960 setup by number, or draw one at random.
    Chess960(cli::chess960::Chess960Args),
    /// Draw a position as a PNG board image.
    Render(cli::render::RenderArgs),
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Perft(args) => cli::perft::run(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::Chess960(args) => cli::chess960::run(args),
        Command::Render(args) => cli::render::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
