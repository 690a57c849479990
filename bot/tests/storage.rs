//! SQLite files: damaged or foreign files are refused clearly. What every backend must do
//! (round trips, conditional writes, shards) is in `store_conformance.rs`.

use std::io::{Seek, SeekFrom, Write};
use std::time::Duration;

use nadare::service::{GameRecord, GameState, User};
use nadare::storage::{LATEST_VERSION, Storage, StorageError};
use rules::{Color, Variant};

fn user(id: u64, name: &str) -> User {
    User {
        id,
        name: name.to_string(),
    }
}

fn game_row(id: u64) -> GameRecord {
    GameRecord {
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
            revision: 0,
        },
    }
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
    assert!(matches!(err, StorageError::Corrupt { .. }), "{err:?}");
    let message = err.to_string();
    assert!(
        message.contains("notes.db") && message.contains("corrupt"),
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
                    .record_turn(
                        id,
                        ply,
                        "Nf3/a6",
                        &GameState {
                            revision: ply as u64 + 1,
                            ..GameState::default()
                        },
                    )
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
    assert!(err.to_string().contains("cannot open"), "{err}");
}
