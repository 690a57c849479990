//! The bot token, the database's password, the web board's key and its play links never
//! reach the logs, even with
//! `RUST_LOG=trace`: the real bot runs against the fake Discord with every log on (its own
//! logger, as `nadare run` installs it), on PostgreSQL with a password in its URL when a
//! server answers (else on SQLite), then a server that does not answer is tried; all of the
//! output is searched for the secrets in every form a library might print them in.

use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use std::time::Duration;

use nadare::app;
use nadare::config::Config;
use storage::Database;
use storage::postgres::PgOptions;
use testkit::fake_discord::FakeDiscord;
use testkit::fake_discord::payloads::{self, FakeChannel, FakeUser, GUILD_ID, TOKEN};

/// Log output collected in memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The password the database URLs carry.
const DB_SECRET: &str = "nadare-db-secret-7f3a";

/// The web board's signing key in the test's configuration (32 bytes, URL-safe base64).
const WEB_KEY: &str = "bmFkYXJlLXdlYi1rZXktZm9yLXRoZS1sb2ctdGVzdCE";

/// `url` with [`DB_SECRET`] as its password, or as it is when it has one already (which is
/// then the secret to look for); the secret either way.
fn with_password(url: &str) -> (String, String) {
    let Some((scheme, rest)) = url.split_once("://") else {
        return (url.to_owned(), DB_SECRET.to_owned());
    };
    match rest.split_once('@') {
        Some((user, _)) if user.contains(':') => (
            url.to_owned(),
            user.split_once(':')
                .map(|(_, pw)| pw.to_owned())
                .unwrap_or_default(),
        ),
        Some((user, host)) => (
            format!("{scheme}://{user}:{DB_SECRET}@{host}"),
            DB_SECRET.to_owned(),
        ),
        None => (
            format!("{scheme}://:{DB_SECRET}@{rest}"),
            DB_SECRET.to_owned(),
        ),
    }
}

/// Standard base64 (RFC 4648), padded: the test's own, so it checks the bot independently.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Every form of the token that must not appear: itself, its three parts, its bytes in hex and
/// as a Rust byte list, and its base64 inside a longer string at each of the three alignments
/// (standard and URL-safe alphabets).
fn needles(token: &str) -> Vec<String> {
    let bytes = token.as_bytes();
    let mut out = vec![token.to_string()];
    out.extend(token.split('.').map(str::to_string));
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    out.push(hex.to_uppercase());
    out.push(hex);
    let list: Vec<String> = bytes.iter().map(u8::to_string).collect();
    out.push(list.join(", "));
    for skip in 0..3 {
        let whole = &bytes[skip..];
        let encoded = base64(&whole[..whole.len() / 3 * 3]);
        out.push(encoded.replace('+', "-").replace('/', "_"));
        out.push(encoded);
    }
    out
}

#[test]
fn the_needles_are_right() {
    // RFC 4648 test vectors.
    assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    assert_eq!(base64(b"fo"), "Zm8=");
    let n = needles("ab.cd.efg");
    assert!(n.contains(&"cd".to_string()) && n.contains(&"61622e63642e656667".to_string()));
    assert!(n.contains(&"97, 98, 46".to_string()) || n.iter().any(|s| s.starts_with("97, 98, 46")));
    // "b.cd.e" from the second byte on, six bytes.
    assert!(n.contains(&base64(b"b.cd.e")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_secret_is_logged_even_at_trace_level() {
    let logs = Captured::default();
    let sink = logs.clone();
    nadare::logging::init(Some("trace"), move || sink.clone(), false).expect("the logger");

    let fake = FakeDiscord::start(1).await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let postgres = testkit::stores::Backend::postgres("token_logs").await;
    let (database, db_secret) = match postgres.as_ref().and_then(|b| b.url()) {
        Some(url) => with_password(url),
        None => (
            dir.path().join("nadare.db").display().to_string(),
            DB_SECRET.to_owned(),
        ),
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let text = format!(
        "token = \"{TOKEN}\"\ndatabase = \"{database}\"\napi_proxy = \"{}\"\ncdn_url = \"{}\"\n\
         [web]\nbind = \"127.0.0.1:{port}\"\npublic_url = \"http://127.0.0.1:{port}\"\n\
         key = \"{WEB_KEY}\"\n",
        fake.url(),
        fake.cdn_url(),
    );
    let config =
        Config::from_parts(Some((&text, Path::new("e2e.toml"))), |_| None).expect("a valid config");
    // What `nadare run` logs of the database, and the config's Debug, leave the password out.
    for shown in [config.database.to_string(), format!("{config:?}")] {
        assert!(!shown.contains(&db_secret), "{shown}");
    }
    let bot = app::start(&config).await.expect("the bot starts");
    fake.wait_call("command registration", |c| {
        c.method == "PUT" && c.path.ends_with("/commands")
    })
    .await;
    // A command whose answer carries a board: REST calls with the token in their headers.
    let alice = FakeUser::new(1, "alice");
    let id = fake.snowflake();
    fake.dispatch(
        "INTERACTION_CREATE",
        GUILD_ID,
        payloads::slash(id, &alice, FakeChannel::text(10), "chess960", &[]),
    )
    .await;
    let token = payloads::token(id);
    fake.wait_call("the answer", |c| c.path.contains(&token))
        .await;
    // A game whose board offers to play on the web, and a player's own link, sent to Discord
    // and never written to a log.
    let id = fake.snowflake();
    let computer = [
        payloads::Opt::int("computer", 1),
        payloads::Opt::str("colour", "white"),
    ];
    fake.dispatch(
        "INTERACTION_CREATE",
        GUILD_ID,
        payloads::slash(id, &alice, FakeChannel::text(11), "challenge", &computer),
    )
    .await;
    let token = payloads::token(id);
    let board = fake
        .wait_call("the game's board", |c| {
            c.path.contains(&token) && c.json.to_string().contains("nadare-web:")
        })
        .await;
    let play = board
        .json
        .to_string()
        .split('"')
        .find(|s| s.starts_with("nadare-web:"))
        .expect("a Play on the web button")
        .to_owned();
    let id = fake.snowflake();
    fake.dispatch(
        "INTERACTION_CREATE",
        GUILD_ID,
        payloads::button(id, &alice, FakeChannel::text(11), 7, &play),
    )
    .await;
    let token = payloads::token(id);
    let link = fake
        .wait_call("the play link", |c| {
            c.path.contains(&token) && c.json.to_string().contains("/play/")
        })
        .await
        .json
        .to_string();
    let play_token = link
        .split("/play/")
        .nth(1)
        .and_then(|rest| rest.split(['"', ' ', '\\']).next())
        .expect("a play link")
        .to_owned();
    bot.stop().await.expect("a clean stop");
    fake.wait_disconnected().await;
    assert_eq!(fake.identifies()[0].token, TOKEN, "the token was sent");
    if let Some(backend) = postgres {
        backend.cleanup().await;
    }
    // A server that does not answer: each retry is logged, and the error says which server.
    let unreachable = Database::Postgres(PgOptions {
        connect_timeout: Duration::from_millis(200),
        retry_for: Duration::from_millis(600),
        ..PgOptions::new(format!("postgres://nadare:{DB_SECRET}@127.0.0.1:1/nadare"))
    });
    let Err(refused) = unreachable.open().await else {
        panic!("nothing listens on port 1");
    };
    for shown in [refused.to_string(), format!("{unreachable:?}")] {
        assert!(
            shown.contains("127.0.0.1:1") && !shown.contains(DB_SECRET),
            "{shown}"
        );
    }

    let output = String::from_utf8_lossy(&logs.0.lock().unwrap_or_else(PoisonError::into_inner))
        .into_owned();
    assert!(
        output.contains("TRACE") && output.contains("serenity::gateway"),
        "trace logging was on and the gateway logged:\n{}",
        &output[..output.len().min(2000)]
    );
    assert!(
        output.contains("PostgreSQL call failed; retrying"),
        "the unreachable server's retries were logged"
    );
    let secrets = needles(TOKEN)
        .into_iter()
        .chain(needles(&db_secret))
        .chain(needles(DB_SECRET))
        .chain([WEB_KEY.to_owned()])
        .chain(play_token.split('.').map(str::to_owned));
    for needle in secrets {
        if let Some(at) = output.find(&needle) {
            let from = output.floor_char_boundary(at.saturating_sub(300));
            panic!(
                "a secret appears in the logs as `{needle}`:\n{}",
                &output[from..output.ceil_char_boundary(at + needle.len() + 100)]
            );
        }
    }
}
