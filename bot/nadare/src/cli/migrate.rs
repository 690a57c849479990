//! `nadare migrate`: copies every challenge and game from one database to another (SQLite to
//! PostgreSQL, typically), with the ratings, rating changes, vacations and server settings,
//! then verifies the copy: the counts match, every record reads back equal, and every game
//! replays under the rules.

use anyhow::{Context, bail};

use super::output::count;

use domain::GameStore;
use service::replays;
use storage::Database;

/// Options of `nadare migrate`.
#[derive(clap::Args, Clone, Debug)]
pub struct MigrateArgs {
    /// The database to copy from: `sqlite:FILE` (or a file path) or `postgres://…`.
    #[arg(long, value_name = "DATABASE")]
    pub from: String,
    /// The database to copy to, which must hold no challenge or game yet.
    #[arg(long, value_name = "DATABASE")]
    pub to: String,
}

/// Runs the copy and its verification, printing what was done.
pub async fn run(args: MigrateArgs) -> anyhow::Result<()> {
    let (from, to) = (Database::parse(&args.from), Database::parse(&args.to));
    if from == to {
        bail!("--from and --to name the same database");
    }
    let source = from
        .open()
        .await
        .with_context(|| format!("opening {from}"))?;
    let target = to.open().await.with_context(|| format!("opening {to}"))?;
    let report = copy(&*source, &*target).await?;
    println!(
        "copied {}, {} ({}) and {} of ratings, vacations and settings from {from} to {to}; \
         verified: counts match, every record reads back equal, every game replays",
        count(report.challenges as u64, "challenge"),
        count(report.games as u64, "game"),
        count(report.turns as u64, "turn"),
        count(report.extras as u64, "row"),
    );
    Ok(())
}

/// What a copy moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copied {
    /// Challenges, open or closed.
    pub challenges: usize,
    /// Games, finished or not.
    pub games: usize,
    /// Turns of all games.
    pub turns: usize,
    /// Rows of ratings, rating changes, vacations and server settings.
    pub extras: usize,
}

/// Copies everything from `source` into the empty `target` and verifies the copy.
pub async fn copy(source: &dyn GameStore, target: &dyn GameStore) -> anyhow::Result<Copied> {
    let (held_challenges, held_games, held_extras) = (
        target.all_challenges().await?.len(),
        target.all_games().await?.len(),
        target.all_extras().await?.len(),
    );
    if held_challenges + held_games + held_extras > 0 {
        bail!(
            "the target already holds {}, {} and {} of ratings, vacations and settings; \
             migrate into an empty database",
            count(held_challenges as u64, "challenge"),
            count(held_games as u64, "game"),
            count(held_extras as u64, "row"),
        );
    }
    let challenges = source
        .all_challenges()
        .await
        .context("reading challenges")?;
    let games = source.all_games().await.context("reading games")?;
    let extras = source
        .all_extras()
        .await
        .context("reading ratings, vacations and settings")?;
    let mut unplayable = Vec::new();
    for game in &games {
        if let Err(e) = replays(game) {
            unplayable.push(e.to_string());
        }
    }
    if !unplayable.is_empty() {
        bail!(
            "{} stored games do not replay, so nothing was copied: {}",
            unplayable.len(),
            unplayable.join("; ")
        );
    }
    for entry in &challenges {
        target
            .import_challenge(entry)
            .await
            .with_context(|| format!("copying challenge {}", entry.challenge.id))?;
    }
    for game in &games {
        target
            .import_game(game)
            .await
            .with_context(|| format!("copying game {}", game.row.id))?;
    }
    target
        .import_extras(&extras)
        .await
        .context("copying ratings, vacations and settings")?;
    target.reserve_ids().await.context("reserving ids")?;

    let copied_challenges = target.all_challenges().await?;
    let copied_games = target.all_games().await?;
    if copied_challenges.len() != challenges.len() || copied_games.len() != games.len() {
        bail!(
            "verification failed: the source holds {} and {}, the target {} and {}",
            count(challenges.len() as u64, "challenge"),
            count(games.len() as u64, "game"),
            count(copied_challenges.len() as u64, "challenge"),
            count(copied_games.len() as u64, "game"),
        );
    }
    if copied_challenges != challenges {
        bail!("verification failed: a challenge reads back different from the source");
    }
    for (copy, original) in copied_games.iter().zip(&games) {
        if copy != original {
            bail!(
                "verification failed: game {} reads back different from the source",
                original.row.id
            );
        }
        replays(copy).with_context(|| format!("verifying game {}", copy.row.id))?;
    }
    if target.all_extras().await? != extras {
        bail!(
            "verification failed: the ratings, vacations or settings read back different \
             from the source"
        );
    }
    Ok(Copied {
        challenges: challenges.len(),
        games: games.len(),
        turns: games.iter().map(|g| g.turns.len()).sum(),
        extras: extras.len(),
    })
}
