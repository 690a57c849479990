//! `nadare backup`: a verified copy of the SQLite database, safe while the bot runs. The copy
//! holds the turns still in the database's write-ahead log, which copying the file by hand
//! would miss.

use std::path::PathBuf;

use anyhow::bail;
use storage::Database;

use crate::config::Config;

/// Options of `nadare backup`.
#[derive(clap::Args, Clone, Debug)]
pub struct BackupArgs {
    /// The database to copy (`sqlite:FILE` or a file path); without it, the `database` of the
    /// config, found as `nadare run` finds it.
    #[arg(long, value_name = "FILE")]
    pub db: Option<String>,
    /// The config file naming the database when --db is not given (default: ./nadare.toml if
    /// it exists; NADARE_DATABASE overrides it).
    #[arg(long, short, value_name = "FILE", conflicts_with = "db")]
    pub config: Option<PathBuf>,
    /// The file to write the copy to; it must not exist yet, unless --replace is given.
    #[arg(long, value_name = "FILE")]
    pub to: PathBuf,
    /// Replace a file already at --to.
    #[arg(long)]
    pub replace: bool,
}

/// Copies the database, checks the copy and says what it holds.
pub fn run(args: BackupArgs) -> anyhow::Result<()> {
    let database = match &args.db {
        Some(db) => Database::parse(db),
        None => Config::load_database(args.config.as_deref())?,
    };
    let path = match database {
        Database::Sqlite(path) => path,
        Database::Postgres(_) => bail!(
            "{database} is a PostgreSQL database: back it up with PostgreSQL's own tools \
             (`pg_dump`); `nadare backup` copies SQLite files"
        ),
    };
    let copy = storage::backup(&path, &args.to, args.replace)?;
    println!(
        "backed up {} to {} ({}, schema version {}, {}, {}); verified: integrity check, \
         application id and schema version",
        path.display(),
        copy.path.display(),
        super::output::count(copy.bytes, "byte"),
        copy.version,
        super::output::count(copy.games, "game"),
        super::output::count(copy.turns, "turn"),
    );
    Ok(())
}
