//! Several bot processes against one PostgreSQL and the fake Discord: two processes, each
//! running one shard of two, play games in their own servers; then both are killed with
//! SIGKILL mid-game and one process takes both shards over, and every game carries on at its
//! last announced turn.
//!
//! The bot processes are this test binary run again in "bot process" mode (the `bot_process`
//! test, which does nothing unless `NADARE_E2E_BOT_CONFIG` is set), so each is a real separate
//! process that SIGKILL can end at any instruction. Skipped, and says so, without a reachable
//! PostgreSQL (`NADARE_TEST_POSTGRES=required` makes that a failure).

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use nadare::app;
use nadare::config::Config;
use testkit::fake_discord::payloads::{self, FakeChannel, FakeUser, GUILD_ID, Opt, TOKEN};
use testkit::fake_discord::{FakeDiscord, RestCall};
use testkit::stores::postgres_url;

const CHILD_CONFIG: &str = "NADARE_E2E_BOT_CONFIG";

/// In a child process: runs the bot with the config in `NADARE_E2E_BOT_CONFIG` until killed.
/// In a normal test run: passes at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_process() {
    let Ok(text) = std::env::var(CHILD_CONFIG) else {
        return;
    };
    let config = Config::from_parts(Some((&text, Path::new("child.toml"))), |_| None)
        .expect("a valid child config");
    let _bot = app::start(&config).await.expect("the bot starts");
    loop {
        tokio::time::sleep(Duration::from_secs(3600)).await;
    }
}

/// Runs `sql` on the server, retrying a lost session; `Err` when it does not answer.
async fn admin(sql: &str) -> Result<(), String> {
    testkit::stores::admin(&postgres_url(), sql).await
}

/// A bot process running `shards`, sharing the database at `database`.
fn spawn_bot(fake: &FakeDiscord, database: &str, shards: &str) -> Child {
    let config = format!(
        "token = \"{TOKEN}\"\ndatabase = \"{database}\"\napi_proxy = \"{}\"\ncdn_url = \"{}\"\n\
         shards = \"{shards}\"\n[games]\nthreads = false\n",
        fake.url(),
        fake.cdn_url()
    );
    Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--exact",
            "e2e_processes::bot_process",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_CONFIG, config)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start a bot process")
}

/// Kills a bot process with SIGKILL (no shutdown, no flush) and reaps it.
fn kill(mut child: Child) {
    child.kill().expect("SIGKILL");
    child.wait().expect("reap");
}

/// A server of the fake Discord and the shard (of two) it belongs to.
#[derive(Clone, Copy)]
struct Server {
    guild: u64,
    channel: FakeChannel,
}

impl Server {
    /// The answer to a slash command sent in this server.
    async fn slash(
        &self,
        fake: &FakeDiscord,
        user: &FakeUser,
        name: &str,
        options: &[Opt],
    ) -> RestCall {
        let id = fake.snowflake();
        let mut event = payloads::slash(id, user, self.channel, name, options);
        event["guild_id"] = serde_json::json!(self.guild.to_string());
        fake.dispatch("INTERACTION_CREATE", self.guild, event).await;
        let token = payloads::token(id);
        let (index, first) = fake
            .wait_call_from(0, "the interaction's answer", |c| c.path.contains(&token))
            .await;
        if first.json["type"] != 5 {
            return first;
        }
        fake.wait_call_from(index + 1, "the deferred answer", |c| {
            c.path.contains(&token) && c.method != "DELETE"
        })
        .await
        .1
    }

    async fn play(&self, fake: &FakeDiscord, user: &FakeUser, notation: &str) -> RestCall {
        let reply = self
            .slash(fake, user, "move", &[Opt::str("notation", notation)])
            .await;
        assert!(
            !reply.is_ephemeral(),
            "{notation} was refused: {}",
            reply.text()
        );
        reply
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_postgres_and_survive_sigkill() {
    if std::env::var(CHILD_CONFIG).is_ok() {
        return;
    }
    let schema = "nadare_test_e2e_processes";
    if let Err(why) = admin(&format!(
        "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
    ))
    .await
    {
        if std::env::var("NADARE_TEST_POSTGRES").as_deref() == Ok("required") {
            panic!(
                "PostgreSQL is required but {} is unreachable: {why}",
                postgres_url()
            );
        }
        let _ = writeln!(
            std::io::stderr(),
            "PostgreSQL tests skipped: {} is unreachable ({why})",
            postgres_url()
        );
        return;
    }
    let base = postgres_url();
    let separator = if base.contains('?') { '&' } else { '?' };
    let database = format!("{base}{separator}options=-csearch_path%3D{schema}");

    let fake = FakeDiscord::start(2).await;
    // Two servers, one in each shard of two: (guild >> 22) % 2 differs.
    let servers = [GUILD_ID, GUILD_ID + (1 << 22)].map(|guild| Server {
        guild,
        channel: FakeChannel::text(2_000_000_000_000_100 + (guild >> 22) % 2),
    });
    assert_ne!((servers[0].guild >> 22) % 2, (servers[1].guild >> 22) % 2);
    let a = spawn_bot(&fake, &database, "0/2");
    let b = spawn_bot(&fake, &database, "1/2");
    fake.wait_connected(2).await;
    let shards: Vec<(u64, u64)> = fake.identifies().iter().map(|i| i.shard).collect();
    assert!(
        shards.contains(&(0, 2)) && shards.contains(&(1, 2)),
        "{shards:?}"
    );

    let (alice, bob) = (
        FakeUser::new(1_000_000_000_000_001, "alice"),
        FakeUser::new(1_000_000_000_000_002, "bob"),
    );
    // Each process plays a game in its own server.
    let line = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];
    for server in &servers {
        let challenge = server
            .slash(
                &fake,
                &alice,
                "challenge",
                &[Opt::user("opponent", &bob), Opt::str("colour", "white")],
            )
            .await;
        assert!(!challenge.is_ephemeral(), "{}", challenge.text());
        let started = server.slash(&fake, &bob, "accept", &[]).await;
        assert!(!started.is_ephemeral(), "{}", started.text());
    }
    for (i, turn) in line[..3].iter().enumerate() {
        let player = if i % 2 == 0 { &alice } else { &bob };
        for server in &servers {
            server.play(&fake, player, turn).await;
        }
    }

    // Both processes are killed mid-game; one process takes both shards over.
    kill(b);
    kill(a);
    fake.wait_disconnected().await;
    let survivor = spawn_bot(&fake, &database, "0-1/2");
    fake.wait_connected(2).await;
    for server in &servers {
        let record = server.slash(&fake, &bob, "moves", &[]).await;
        let text = record.text().to_string();
        assert!(
            text.contains("e4") && text.contains("e5") && text.contains("Nf3"),
            "the game stands at its last announced turn: {text}"
        );
        assert!(!text.contains("Nc6"), "{text}");
    }
    for (i, turn) in line[3..].iter().enumerate() {
        let player = if i % 2 == 0 { &bob } else { &alice };
        for server in &servers {
            server.play(&fake, player, turn).await;
        }
    }
    kill(survivor);
    let _ = admin(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).await;
}
