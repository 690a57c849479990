//! Storage: rows round-trip, games survive a reopen, damaged files are refused clearly.

use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::time::Duration;

use nadare::service::{ColorChoice, SetupChoice, User};
use nadare::storage::{
    APPLICATION_ID, ChallengeEnd, ChallengeRow, Finished, GameRow, GameState, LATEST_VERSION,
    Storage, StorageError,
};
use rules::{Color, EndReason, Outcome, Variant};

fn user(id: u64, name: &str) -> User {
    User {
        id,
        name: name.to_string(),
    }
}

fn game_row(id: u64) -> GameRow {
    GameRow {
        id,
        guild: Some(7),
        channel: 1_234_567_890_123_456_789,
        variant: Variant::AvalancheBalanced,
        chess960: Some(518),
        white: user(1, "Ålice ♟"),
        black: user(2, "bob \"the\" rook"),
        deadline: Some(Duration::from_secs(86_400)),
        created_ms: 1_000,
        state: GameState {
            turn_started_ms: 2_000,
            reminded: true,
            draw_offer: Some(Color::Black),
            takeback: None,
            pending: Some("prefix:-:g1f3".into()),
            finished: None,
        },
    }
}

#[test]
fn rows_round_trip_and_survive_a_reopen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.db");
    let storage = Storage::open(&path).expect("open");
    assert_eq!(storage.next_id().expect("id"), 1);
    let challenge = ChallengeRow {
        id: 1,
        guild: None,
        channel: 9,
        challenger: user(3, "carol"),
        opponent: None,
        variant: Variant::Chess960,
        setup: Some(SetupChoice::Random),
        color: ColorChoice::Black,
        deadline: None,
        created_ms: 5,
        expires_ms: 600_005,
    };
    storage.insert_challenge(&challenge).expect("insert");
    let row = game_row(2);
    storage.start_game(None, &row).expect("start");
    storage.record_turn(2, 0, "e4//", &row.state).expect("turn");
    storage
        .record_turn(2, 1, "Nf6/e3", &row.state)
        .expect("turn");
    assert!(
        storage.record_turn(2, 1, "d5/d3", &row.state).is_err(),
        "a ply is stored once"
    );
    drop(storage);

    let storage = Storage::open(&path).expect("reopen");
    assert_eq!(storage.next_id().expect("id"), 3);
    let open = storage.load_unfinished().expect("load");
    assert_eq!(open.challenges, vec![challenge]);
    assert_eq!(open.games.len(), 1);
    assert_eq!(open.games[0].row, row);
    assert_eq!(open.games[0].turns, vec!["e4//", "Nf6/e3"]);

    storage
        .take_back(2, 1, &GameState::default())
        .expect("takeback");
    assert_eq!(
        storage.load_game(2).expect("load").expect("game").turns,
        vec!["e4//"]
    );
    let finished = GameState {
        finished: Some(Finished {
            outcome: Outcome {
                winner: Some(Color::White),
                reason: EndReason::Checkmate,
            },
            at_ms: 9_000,
        }),
        ..GameState::default()
    };
    storage.update_game(2, &finished).expect("finish");
    storage
        .end_challenge(1, ChallengeEnd::Expired)
        .expect("expire");
    let open = storage.load_unfinished().expect("load");
    assert!(open.games.is_empty() && open.challenges.is_empty());
    assert_eq!(
        storage.load_game(2).expect("load").expect("game").row.state,
        finished
    );
    storage.checkpoint().expect("checkpoint");
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

#[test]
fn a_database_with_damaged_pages_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    {
        let storage = Storage::open(&path).expect("open");
        for id in 1..200 {
            storage.start_game(None, &game_row(id)).expect("start");
            for ply in 0..5 {
                storage
                    .record_turn(id, ply, "Nf3/a6", &GameState::default())
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

#[test]
fn one_process_may_open_its_database_twice() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nadare.db");
    let first = Storage::open(&path).expect("open");
    first.start_game(None, &game_row(1)).expect("start");
    let second = Storage::open(&path).expect("the same process opens it again");
    assert!(second.load_game(1).expect("load").is_some());
}
