//! The `nadare` binary: the Discord bot, the local console and the command-line tools.

use domain::Id;
use std::future::Future;
use std::io::IsTerminal;
use std::process::ExitCode;

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};
use domain::Lang;
use nadare::{app, cli};

/// nadare (なだれ): chess, Chess960 and Avalanche on Discord.
#[derive(Debug, Parser)]
#[command(name = "nadare", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the Discord bot (token from the config file or DISCORD_TOKEN).
    Run(RunArgs),
    /// Play in the terminal as named users (`alice> challenge bob`), with the same storage.
    ///
    /// Each line is `USER> COMMAND ARGS`, or `USER@ROOM> COMMAND ARGS` to play in another room
    /// (a room holds one game, like a Discord channel; without `@ROOM` it is `main`). Names are
    /// one word of at most 32 characters, and case does not matter. In `challenge`, `@NAME`
    /// always names the opponent, even a name that reads as an option (`@b`, `@960`); a word
    /// starting with a digit, `-`, `+`, `#` or `=` is never taken for a name.
    Local(LocalArgs),
    /// Count the turn sequences from a position to a depth.
    Perft(cli::perft::PerftArgs),
    /// Replay a game record, printing each turn and the final FEN.
    Replay(cli::replay::ReplayArgs),
    /// Show a Chess960 setup by number, or draw one at random.
    Chess960(cli::chess960::Chess960Args),
    /// Draw a position as a PNG board image.
    Render(cli::render::RenderArgs),
    /// Copy every challenge and game to another database (`--from sqlite:FILE --to
    /// postgres://…`) and verify the copy.
    Migrate(cli::migrate::MigrateArgs),
    /// Copy the SQLite database to a new file and verify the copy; safe while the bot runs.
    /// Never copy the database file by hand: recent turns may still be in its `-wal` file.
    Backup(cli::backup::BackupArgs),
    /// The engine's turn in a position (last line), with its search progress.
    Bestmove(cli::bestmove::BestmoveArgs),
    /// Play the engine against itself or the greedy player and print the Elo difference.
    Match(cli::engine_match::MatchArgs),
    /// Pair the next round of a Swiss tournament given as a FIDE TRF (`--dutch`): prints the
    /// number of pairs, then `WHITE BLACK` per line by pairing number, `0` for the bye.
    Pairings(cli::pairings::PairingsArgs),
    /// A tournament of the database: `export ID --trf [-o OUT]` writes it as a FIDE TRF.
    Tournament(cli::tournament::TournamentArgs),
    /// Fit the evaluation's weights to self-play games: `play` writes samples, `fit` fits.
    Tune(cli::tune::TuneArgs),
    /// Speak the Universal Chess Interface on standard input and output (standard, Chess960).
    Uci,
}

/// Options of `nadare run`.
#[derive(clap::Args, Debug, Clone, Default)]
struct RunArgs {
    /// The config file (default: ./nadare.toml if it exists; DISCORD_TOKEN and NADARE_*
    /// environment variables override it).
    #[arg(long, short, value_name = "FILE")]
    config: Option<PathBuf>,
}

/// Options of `nadare local`.
#[derive(clap::Args, Clone, Debug)]
struct LocalArgs {
    /// The database: a file, created on first run so games continue after a restart, or a
    /// PostgreSQL server (`postgres://user:password@host/database`), which several consoles
    /// and bots may share.
    #[arg(long, value_name = "FILE|URL", default_value = "nadare.db")]
    db: PathBuf,
    /// The folder board images are written to, one file per board shown; nadare never
    /// deletes them, so clear the folder when it grows too large.
    #[arg(long, value_name = "DIR", default_value = "boards")]
    out: PathBuf,
    /// Run the lines of FILE instead of reading standard input; a malformed line stops the
    /// run before anything is played.
    #[arg(long, value_name = "FILE")]
    script: Option<PathBuf>,
    /// The language nadare speaks: `en` (English) or `ja` (Japanese). Commands stay the same
    /// English words in both.
    #[arg(long, default_value = "en", value_parser = lang_parser())]
    lang: Lang,
    /// A picture file (PNG, JPEG, GIF or WebP) for a player's name bar on the boards, as
    /// NAME=FILE; repeat for each player (e.g. `--avatar alice=alice.png`).
    #[arg(long = "avatar", value_name = "NAME=FILE", value_parser = avatar_parser)]
    avatars: Vec<(String, PathBuf)>,
    /// Stockfish, for `challenge stockfish` in standard chess and Chess960 (e.g.
    /// /usr/games/stockfish from Debian's package `stockfish`); it thinks 1 s a turn.
    #[arg(long, value_name = "PROGRAM")]
    stockfish: Option<PathBuf>,
    /// Serve the web board at ADDRESS (e.g. 127.0.0.1:8080): every game gets a live page,
    /// and its players links to play it by click.
    #[arg(long, value_name = "ADDRESS")]
    web: Option<std::net::SocketAddr>,
}

/// Reads one `--avatar NAME=FILE`.
fn avatar_parser(arg: &str) -> Result<(String, PathBuf), console::PictureError> {
    console::ConsolePictures::parse_arg(arg)
}

/// Reads a language by its id (`en`, `ja`), offering every one in the help.
fn lang_parser() -> impl TypedValueParser<Value = Lang> {
    PossibleValuesParser::new(Lang::all().map(Lang::id))
        .map(|id| Lang::from_id(&id).unwrap_or_default())
}

/// The console's database: read as the config's `database` key reads it, a file name that is
/// not UTF-8 as the file it names.
fn local_database(db: PathBuf) -> storage::Database {
    match db.to_str() {
        Some(text) => storage::Database::parse(text),
        None => storage::Database::Sqlite(db),
    }
}

/// Runs an async entry point on a fresh multi-threaded runtime.
fn block_on(future: impl Future<Output = anyhow::Result<()>>) -> anyhow::Result<()> {
    tokio::runtime::Runtime::new()?.block_on(future)
}

fn main() -> ExitCode {
    let command = Cli::parse().command;
    if matches!(command, Command::Run(_)) {
        // Logs go to standard error; RUST_LOG chooses what (default: info for nadare).
        let directives = std::env::var("RUST_LOG").ok();
        let ansi = std::io::stderr().is_terminal();
        if let Err(e) = nadare::logging::init(directives.as_deref(), std::io::stderr, ansi) {
            eprintln!("error: cannot start logging: {e}");
            return ExitCode::FAILURE;
        }
    }
    let result = match command {
        Command::Run(args) => block_on(app::run(args.config.as_deref())),
        Command::Local(args) => console::ConsolePictures::load(&args.avatars)
            .map_err(anyhow::Error::from)
            .and_then(|pictures| {
                block_on(app::local(
                    &local_database(args.db),
                    args.script.as_deref(),
                    args.stockfish.map(|path| service::StockfishSettings {
                        path,
                        movetime: std::time::Duration::from_secs(1),
                    }),
                    args.web,
                    console::Options {
                        out: args.out,
                        lang: args.lang,
                        pictures,
                        web: None,
                    },
                ))
            }),
        Command::Perft(args) => cli::perft::run(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::Chess960(args) => cli::chess960::run(args),
        Command::Render(args) => cli::render::run(args),
        Command::Migrate(args) => block_on(cli::migrate::run(args)),
        Command::Backup(args) => cli::backup::run(args),
        Command::Bestmove(args) => cli::bestmove::run(args),
        Command::Match(args) => cli::engine_match::run(args),
        Command::Tune(args) => cli::tune::run(args),
        Command::Pairings(args) => cli::pairings::run(args),
        Command::Tournament(args) => block_on(cli::tournament::run(args)),
        Command::Uci => engine::uci::run().map_err(Into::into),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", report(&e));
            ExitCode::FAILURE
        }
    }
}

/// An error with its causes, leaving out a cause the message before already says (many
/// errors print their source themselves, and the same words twice only confuse).
fn report(e: &anyhow::Error) -> String {
    let mut text = e.to_string();
    for cause in e.chain().skip(1) {
        let cause = cause.to_string();
        if !text.contains(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::report;

    #[derive(Debug, thiserror::Error)]
    #[error("FEN tag: {0}")]
    struct Wrapper(#[from] std::fmt::Error);

    #[test]
    fn a_cause_already_in_the_message_is_said_once() {
        let e = anyhow::Error::new(Wrapper(std::fmt::Error)).context("game.pgn does not replay");
        assert_eq!(
            report(&e),
            "game.pgn does not replay: FEN tag: an error occurred when formatting an argument"
        );
        let e = anyhow::anyhow!("disk full").context("cannot write");
        assert_eq!(report(&e), "cannot write: disk full");
    }
}
