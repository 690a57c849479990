//! SQLite files: damaged or foreign files are refused clearly. What every backend must do
//! (round trips, conditional writes, shards) is in `store_conformance.rs`.

use std::io::{Seek, SeekFrom, Write};
use std::path::Path;

use domain::{GameRecord, GameState, Games, Shown, Transfer};
use storage::{APPLICATION_ID, LATEST_VERSION, Storage, StorageError};
use testkit::harness::sample_game;

fn game_row(id: u64) -> GameRecord {
    sample_game(id, Some(7), 1_234_567_890_123_456_789)
}

#[test]
fn a_file_that_is_not_a_database_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("notes.db");
    std::fs::write(
        &path,
        "these are my chess notes, not a database\n".repeat(200),
    )
    .expect("write");
    let err = Storage::open(&path).expect_err("must refuse");
    assert!(matches!(err, StorageError::NotADatabase { .. }), "{err:?}");
    let message = err.to_string();
    assert!(
        message.contains("notes.db") && message.contains("not an SQLite database"),
        "{message}"
    );
    // The file is left as it was.
    assert!(
        std::fs::read_to_string(&path)
            .expect("read")
            .starts_with("these are")
    );
}

#[tokio::test]
async fn a_database_with_damaged_pages_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    {
        let storage = Storage::open(&path).expect("open");
        for id in 1..200 {
            storage
                .start_game(None, &game_row(id))
                .await
                .expect("start");
            for ply in 0..5 {
                storage
                    .record_turn(
                        id,
                        ply,
                        "Nf3/a6",
                        &GameState {
                            revision: ply as u64 + 1,
                            ..GameState::default()
                        },
                        None,
                    )
                    .await
                    .expect("turn");
            }
        }
        storage.checkpoint().expect("checkpoint");
    }
    let len = std::fs::metadata(&path).expect("meta").len();
    assert!(len > 8 * 4096, "the file spans many pages ({len} bytes)");
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .expect("open file");
    for page in [2u64, 3, 5, 8] {
        file.seek(SeekFrom::Start(page * 4096 + 100)).expect("seek");
        file.write_all(&[0xA5; 1500]).expect("scribble");
    }
    drop(file);
    let err = Storage::open(&path).expect_err("must refuse");
    assert!(matches!(err, StorageError::Corrupt { .. }), "{err:?}");
}

#[test]
fn a_database_from_a_newer_nadare_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    drop(Storage::open(&path).expect("open"));
    let conn = rusqlite::Connection::open(&path).expect("raw open");
    conn.execute(
        "INSERT INTO schema_migrations (version, applied_ms) VALUES (?1, 0)",
        [LATEST_VERSION + 1],
    )
    .expect("insert");
    drop(conn);
    let err = Storage::open(&path).expect_err("must refuse");
    assert!(matches!(err, StorageError::NewerSchema { .. }), "{err:?}");
}

#[test]
fn a_missing_folder_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("no/such/folder/nadare.db");
    let err = Storage::open(&path).expect_err("must refuse");
    assert!(matches!(err, StorageError::NoFolder { .. }), "{err:?}");
    assert!(err.to_string().contains("folder does not exist"), "{err}");
}

/// The bytes of a file and whether SQLite side files appeared beside it.
fn snapshot(path: &Path) -> (Vec<u8>, bool) {
    let side = ["-wal", "-shm", "-journal"].iter().any(|s| {
        let mut p = path.as_os_str().to_owned();
        p.push(s);
        Path::new(&p).exists()
    });
    (std::fs::read(path).expect("read"), side)
}

#[test]
fn other_programs_databases_are_refused_untouched() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = [
        (
            "notes.db",
            "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');",
            "notes",
        ),
        (
            "league.db",
            "CREATE TABLE games (id INTEGER PRIMARY KEY, white TEXT); INSERT INTO games VALUES (1, 'x');",
            "games",
        ),
        (
            "stamped.db",
            "PRAGMA application_id = 42; CREATE TABLE t (x);",
            "0x0000002a",
        ),
        ("blank.db", "PRAGMA user_version = 3;", "without tables"),
    ];
    for (name, sql, says) in cases {
        let path = dir.path().join(name);
        rusqlite::Connection::open(&path)
            .and_then(|c| c.execute_batch(sql))
            .expect("foreign database");
        let before = snapshot(&path);
        assert!(!before.1, "{name}: no side files to start with");
        let err = Storage::open(&path).expect_err("must refuse");
        assert!(
            matches!(err, StorageError::Foreign { .. }),
            "{name}: {err:?}"
        );
        let message = err.to_string();
        assert!(
            message.contains(name) && message.contains(says) && message.contains("changed nothing"),
            "{message}"
        );
        assert_eq!(snapshot(&path), before, "{name} is exactly as it was");
    }
}

#[test]
fn an_empty_file_nadare_did_not_create_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    std::fs::write(&path, b"").expect("touch");
    let err = Storage::open(&path).expect_err("must refuse");
    assert!(matches!(err, StorageError::Empty { .. }), "{err:?}");
    assert!(err.to_string().contains("Delete it"), "{err}");
    assert_eq!(snapshot(&path), (Vec::new(), false));
}

#[test]
fn nadare_databases_carry_its_application_id() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    drop(Storage::open(&path).expect("create"));
    // The SQLite header keeps the application id big-endian at offset 68.
    let header = std::fs::read(&path).expect("read");
    assert_eq!(header[68..72], 0x6e64_7265_i32.to_be_bytes());
    assert_eq!(APPLICATION_ID, 0x6e64_7265);

    // A database of an earlier nadare (tables, no id) is recognised and stamped.
    let conn = rusqlite::Connection::open(&path).expect("raw open");
    conn.pragma_update(None, "application_id", 0)
        .expect("unstamp");
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
        .expect("checkpoint");
    drop(conn);
    assert_eq!(std::fs::read(&path).expect("read")[68..72], [0, 0, 0, 0]);
    let storage = Storage::open(&path).expect("earlier nadare's database");
    storage.checkpoint().expect("checkpoint");
    assert_eq!(
        std::fs::read(&path).expect("read")[68..72],
        0x6e64_7265_i32.to_be_bytes()
    );
}

#[tokio::test]
async fn one_process_may_open_its_database_twice() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    let first = Storage::open(&path).expect("open");
    first.start_game(None, &game_row(1)).await.expect("start");
    let second = Storage::open(&path).expect("the same process opens it again");
    assert!(second.load_game(1).await.expect("load").is_some());
}

#[tokio::test]
async fn games_stored_before_ratings_existed_come_back_casual() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    {
        // A database as schema version 3 left it, holding a game and a challenge.
        let conn = rusqlite::Connection::open(&path).expect("raw open");
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .expect("id");
        conn.execute_batch(concat!(
            "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL);",
            include_str!("../../bot/storage/migrations/0001_initial.sql"),
            include_str!("../../bot/storage/migrations/0002_shared.sql"),
            include_str!("../../bot/storage/migrations/0003_announced.sql"),
            "INSERT INTO schema_migrations VALUES (1, 0), (2, 0), (3, 0);
             INSERT INTO games (id, guild_id, channel_id, variant, white_id, white_name,
                 black_id, black_name, created_ms, turn_started_ms, reminded, status)
             VALUES (4, 7, 8, 'standard', 1, 'alice', 2, 'bob', 0, 0, 0, 'active');
             INSERT INTO turns (game_id, ply, notation) VALUES (4, 0, 'e4');
             INSERT INTO challenges (id, channel_id, challenger_id, challenger_name, variant,
                 setup, color, created_ms, expires_ms, status)
             VALUES (5, 9, 1, 'alice', 'standard', 'none', 'random', 0, 1, 'open');"
        ))
        .expect("version 3");
    }
    let storage = Storage::open(&path).expect("open and migrate");
    let game = storage.load_game(4).await.expect("load").expect("game");
    assert!(!game.row.rated, "an old game counts as casual");
    assert_eq!(game.row.white.name, "alice");
    assert_eq!(
        game.announced,
        Some(Shown {
            plies: 1,
            over: false
        }),
        "a game of a version without the count counts as shown as far as it went"
    );
    let challenges = storage.all_challenges().await.expect("challenges");
    assert_eq!(challenges.len(), 1);
    assert!(!challenges[0].challenge.rated);
    assert!(storage.all_extras().await.expect("extras").is_empty());
}

/// Issue 19, item 7: what a first start killed while building the database left under its
/// temporary name (a half-built file and its journal) is removed by the next start, which
/// creates the database whole.
#[test]
fn a_killed_first_starts_leftovers_are_removed_by_the_next() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    std::fs::write(dir.path().join("nadare.db-creating"), [0u8; 4096]).expect("leftover");
    std::fs::write(dir.path().join("nadare.db-creating-journal"), [7u8; 512]).expect("journal");
    drop(Storage::open(&path).expect("the next start creates the database"));
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("read")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["nadare.db"]);
    assert_eq!(
        std::fs::read(&path).expect("read")[68..72],
        APPLICATION_ID.to_be_bytes()
    );
}

/// Issue 19, item 9: `storage::backup` copies a database another connection keeps writing
/// to: each copy is one consistent moment (every game's turns match its revision), passes
/// its own check, and holds at least what was committed before it began.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_a_writer_runs_is_consistent_and_complete() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    let storage = Storage::open(&path).expect("open");
    let writer = {
        let storage = storage.clone();
        tokio::spawn(async move {
            for id in 1..=60u64 {
                storage
                    .start_game(None, &game_row(id))
                    .await
                    .expect("start");
                for ply in 0..10 {
                    let state = GameState {
                        revision: ply as u64 + 1,
                        ..GameState::default()
                    };
                    storage
                        .record_turn(id, ply, "Nf3/a6", &state, None)
                        .await
                        .expect("turn");
                }
            }
        })
    };
    let mut copies = Vec::new();
    for n in 0..4 {
        tokio::time::sleep(std::time::Duration::from_millis(40)).await;
        let committed = storage.all_games().await.expect("games").len();
        let (from, to) = (path.clone(), dir.path().join(format!("copy-{n}.db")));
        let copy = tokio::task::spawn_blocking(move || storage::backup(&from, &to, false))
            .await
            .expect("task")
            .expect("backup while writing");
        copies.push((copy, committed));
    }
    writer.await.expect("writer");
    for (copy, committed) in copies {
        assert_eq!(copy.version, LATEST_VERSION);
        let copied = Storage::open(&copy.path).expect("the copy opens");
        let games = copied.all_games().await.expect("games");
        assert!(
            games.len() >= committed,
            "{}: {} games, {committed} committed before",
            copy.path.display(),
            games.len()
        );
        assert_eq!(games.len() as i64, copy.games);
        assert_eq!(
            games.iter().map(|g| g.turns.len() as i64).sum::<i64>(),
            copy.turns
        );
        for game in &games {
            assert_eq!(game.turns.len() as u64, game.row.state.revision);
        }
    }
}

#[test]
fn a_lock_let_go_within_a_second_is_waited_for_and_one_kept_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    drop(Storage::open(&path).expect("create"));
    // A descriptor of its own holds the lock, as a process that is exiting or a forked child
    // between fork and exec would.
    let holder = std::fs::File::open(&path).expect("open");
    holder.lock().expect("lock");
    let letting_go = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        drop(holder);
    });
    let storage = Storage::open(&path).expect("the lock was let go within the wait");
    letting_go.join().expect("thread");
    drop(storage);

    let holder = std::fs::File::open(&path).expect("open");
    holder.lock().expect("lock");
    let started = std::time::Instant::now();
    let err = Storage::open(&path).expect_err("a lock kept is refused");
    assert!(matches!(err, StorageError::InUse { .. }), "{err:?}");
    assert!(started.elapsed() >= std::time::Duration::from_secs(1));
}
