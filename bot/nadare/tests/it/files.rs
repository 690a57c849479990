//! The files nadare makes, as the binary makes them: a first start killed at any moment, a
//! database file it may not write, and images that never stay half written.

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use storage::{APPLICATION_ID, Storage};
use testkit::harness::Rng;

use crate::script::nadare;

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Issue 19, item 7: a first start SIGKILLed at random moments (0–50 ms after the process
/// started; it creates its database at about 20–35 ms) leaves either no database or a whole one, and the
/// next start always succeeds.
#[test]
fn a_first_start_killed_at_any_moment_leaves_nothing_or_a_whole_database() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("nadare.db");
    let mut rng = Rng::new(19_07);
    let (mut none, mut whole) = (0, 0);
    let started = Instant::now();
    for kill in 0..30 {
        let delay = Duration::from_micros(rng.below(50_000) as u64);
        let mut child = nadare(dir.path(), "alice> challenge bob\n")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(delay);
        child.kill().expect("SIGKILL");
        child.wait().expect("reap");
        if db.exists() {
            whole += 1;
            let header = std::fs::read(&db).expect("read");
            assert!(
                header.len() >= 100 && header[68..72] == APPLICATION_ID.to_be_bytes(),
                "kill {kill} after {delay:?} left {} bytes without nadare's id",
                header.len()
            );
        } else {
            none += 1;
        }
        // The next start opens it, or creates it, whatever the kill left.
        let storage = Storage::open(&db)
            .unwrap_or_else(|e| panic!("kill {kill} after {delay:?}: the next start fails: {e}"));
        drop(storage);
        let left: Vec<String> = names(dir.path())
            .into_iter()
            .filter(|n| n != "boards" && n != "script.txt")
            .collect();
        assert_eq!(
            left,
            ["nadare.db"],
            "kill {kill} after {delay:?}: nothing but the database is left"
        );
        for name in names(dir.path()) {
            if name.starts_with("nadare.db") {
                std::fs::remove_file(dir.path().join(name)).expect("remove");
            }
        }
    }
    eprintln!(
        "first start killed 30 times in {:?}: {none} left no database, {whole} a whole one",
        started.elapsed()
    );
}

/// Sets the permission bits of `path`.
fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// Issue 19, item 8: a database file nadare may not write (another user's file, or read-only)
/// is refused at start with a clear error, instead of a start that then fails every move; no
/// `-wal` or `-shm` file is left beside it.
#[test]
fn a_database_file_it_may_not_write_is_refused_at_start() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    std::fs::create_dir(&data).expect("folder");
    let db = data.join("nadare.db");
    drop(Storage::open(&db).expect("create"));
    let before = std::fs::read(&db).expect("read");
    let mut cmd = nadare(dir.path(), "alice> challenge bob\n");
    cmd.arg("--db").arg(&db);
    // SAFETY: geteuid has no preconditions.
    #[allow(unsafe_code)]
    let root = unsafe { libc::geteuid() } == 0;
    if root {
        // Root may write any file: run the bot as `nobody`, in a folder it may write, on a
        // file that stays root's (mode 644).
        chmod(dir.path(), 0o755);
        chmod(&data, 0o777);
        cmd.uid(65534).gid(65534);
    } else {
        chmod(&db, 0o444);
    }
    let out = cmd.output().expect("run");
    chmod(&db, 0o644);
    assert!(
        !out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("may not write") && err.contains("read-only for this user"),
        "{err}"
    );
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("challenge"),
        "nothing was played"
    );
    assert_eq!(
        std::fs::read(&db).expect("read"),
        before,
        "the file is unchanged"
    );
    assert_eq!(names(&data), ["nadare.db"], "no side files");
}

/// `nadare ARGS` run in `dir`, with its output.
fn tool(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_nadare"))
        .current_dir(dir)
        .args(args)
        .env_remove("NADARE_DATABASE")
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("run")
}

/// Issue 19, item 10: an image that cannot be written whole (here the file size limit, as a
/// full disk would) leaves no file behind, neither truncated nor temporary.
#[test]
fn an_image_that_cannot_be_written_whole_leaves_no_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let images = dir.path().join("images");
    std::fs::create_dir(&images).expect("folder");
    // Files may grow to 4 blocks (2–4 KiB); SIGXFSZ is ignored, so the write fails with EFBIG
    // instead of killing the process.
    let out = Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 4 && exec \"$@\"")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_nadare"))
        .args(["render", "--size", "512", "-o", "images/board.png"])
        .current_dir(dir.path())
        .output()
        .expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("cannot write images/board.png"), "{err}");
    assert!(names(&images).is_empty(), "{:?}", names(&images));

    let out = tool(
        dir.path(),
        &["render", "--size", "512", "-o", "images/board.png"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(names(&images), ["board.png"]);
    let png = std::fs::read(images.join("board.png")).expect("read");
    assert!(
        png.len() > 4096 && png.starts_with(b"\x89PNG"),
        "{} bytes",
        png.len()
    );
}
