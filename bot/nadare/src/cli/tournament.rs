//! `nadare tournament export ID --trf`: a tournament from the store written as FIDE's
//! Tournament Report File, which `nadare pairings --dutch` and other Swiss programs read.

use std::path::PathBuf;

use anyhow::{Context, anyhow, bail};
use storage::Database;

use super::output::write_lines;
use crate::config::Config;

/// Options of `nadare tournament`.
#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    #[command(subcommand)]
    command: TournamentCommand,
}

/// What `nadare tournament` does.
#[derive(clap::Subcommand, Debug)]
enum TournamentCommand {
    /// Write a tournament of the database as a TRF: its name (012), the rounds planned
    /// (XXR), and every player in joining order with their results round by round.
    Export(ExportArgs),
}

/// Options of `nadare tournament export`.
#[derive(clap::Args, Debug)]
struct ExportArgs {
    /// The tournament's id (the one in its games' room names, `t7-r1-b2`).
    #[arg(value_name = "ID")]
    id: u64,
    /// Write FIDE's Tournament Report File (TRF-2026 player lines); the only form for now.
    #[arg(long, required = true)]
    trf: bool,
    /// The database to read (`sqlite:FILE`, a file path or `postgres://…`); without it, the
    /// `database` of the config, found as `nadare run` finds it.
    #[arg(long, value_name = "DATABASE")]
    db: Option<String>,
    /// The config file naming the database when --db is not given (default: ./nadare.toml if
    /// it exists; NADARE_DATABASE overrides it).
    #[arg(long, short, value_name = "FILE", conflicts_with = "db")]
    config: Option<PathBuf>,
    /// Write the file here (replaced whole, never half written) instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
}

/// Runs `nadare tournament`.
pub async fn run(args: TournamentArgs) -> anyhow::Result<()> {
    match args.command {
        TournamentCommand::Export(args) => export(args).await,
    }
}

/// Reads the tournament and writes it as a TRF.
async fn export(args: ExportArgs) -> anyhow::Result<()> {
    let database = match &args.db {
        Some(db) => Database::parse(db),
        None => Config::load_database(args.config.as_deref())?,
    };
    if let Database::Sqlite(path) = &database
        && !path.exists()
    {
        bail!("there is no database at {}", path.display());
    }
    let store = database
        .open()
        .await
        .with_context(|| format!("opening {database}"))?;
    let t = store
        .tournament(args.id)
        .await
        .with_context(|| format!("reading tournament {} from {database}", args.id))?
        .ok_or_else(|| anyhow!("{database} holds no tournament {}", args.id))?;
    if t.format == domain::TournamentFormat::Arena {
        bail!(
            "tournament {} is an arena: its players meet in waves, not rounds, and score by \
             streaks, which a TRF cannot hold; its standings are `/tournament standings` and \
             its games' records are in its final notice",
            args.id
        );
    }
    let text = tournament::trf::write(&service::tournament_report(&t))
        .with_context(|| format!("tournament {} cannot be written as a TRF", args.id))?;
    match &args.output {
        Some(out) => render::save(out, text.as_bytes())
            .with_context(|| format!("cannot write {}", out.display())),
        None => write_lines(text.lines()),
    }
}
