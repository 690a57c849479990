//! The console binary: scripts, malformed lines, restarts, and SIGKILL at random points.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use domain::{Games, ShardSet, Transfer};
use rules::{EndReason, Variant};
use storage::Storage;
use testkit::harness::{Rng, find_mating_game};

use crate::script::{as_nobody, nadare};
use testkit::stores::block_on;

/// Issue 10: `challenge bob chess960` without a number is accepted and starts from a setup
/// drawn at random (the service's default, the same as from Discord).
#[test]
fn a_chess960_challenge_without_a_number_starts_a_random_setup() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(dir.path(), "alice> challenge bob chess960\nbob> accept\n")
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("The game is on"),
        "{stdout}"
    );
    let game = block_on(
        Storage::open(&dir.path().join("nadare.db"))
            .expect("open")
            .load_game(1),
    )
    .expect("load")
    .expect("the game was stored");
    let number = game.row.chess960.expect("a setup number");
    assert!(
        stdout.contains(&format!("Chess960 (setup #{number})")),
        "{stdout}"
    );
}

#[test]
fn a_malformed_script_line_is_reported_with_its_place_and_skipped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(
        dir.path(),
        "alice> challenge bob\n\n# a comment\nbob> acept\nbob accept\nbob> accept\n",
    )
    .output()
    .expect("run");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("script.txt:4:") && err.contains("did you mean `accept`"),
        "{err}"
    );
    assert!(
        err.contains("script.txt:5:") && err.contains("USER> COMMAND"),
        "{err}"
    );
    let played = String::from_utf8_lossy(&out.stdout);
    assert!(
        played.contains("alice> challenge bob") && played.contains("bob> accept"),
        "the other lines are played: {played}"
    );
}

/// Runs `script` with `--lang ja` in a new folder.
fn in_japanese(script: &str) -> std::process::Output {
    let dir = tempfile::tempdir().expect("temp dir");
    nadare(dir.path(), script)
        .args(["--lang", "ja"])
        .output()
        .expect("run")
}

#[test]
fn with_lang_ja_the_console_explains_malformed_lines_in_japanese() {
    let out = in_japanese("alice> challenge bob\nbob accept\n");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("script.txt:2:") && err.contains("`ユーザー> コマンド` の形で"),
        "{err}"
    );
    assert!(!err.contains("malformed"), "{err}");
}

#[test]
fn with_lang_ja_the_console_and_the_game_speak_japanese() {
    let out =
        in_japanese("alice> challenge bob white\nbob> accept\nalice> move ｅ４\nbob> move e4\n");
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("[画像] "), "{stdout}");
    assert!(stdout.contains("（bob だけに表示）"), "{stdout}");
    assert!(stdout.contains("[ボタン] "), "{stdout}");
    for english in ["[image]", "sees this", "[buttons]", " to move"] {
        assert!(!stdout.contains(english), "`{english}` in {stdout}");
    }
}

#[test]
fn a_script_writes_boards_and_the_game_continues_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(
        dir.path(),
        "alice> challenge bob white\nbob> accept\nalice> move e4\nbob> move e5\n",
    )
    .output()
    .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("1... e5 — bob (Black)"), "{stdout}");
    let image = dir.path().join("boards/board-00003.png");
    assert!(
        stdout.contains("[image] boards/board-00003.png"),
        "{stdout}"
    );
    assert!(
        std::fs::read(&image)
            .expect("image")
            .starts_with(b"\x89PNG")
    );
    assert!(
        dir.path().join("nadare.db").exists(),
        "the default database file"
    );
    let out = nadare(dir.path(), "alice> move Nf3\ncarol> moves\n")
        .output()
        .expect("run");
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("1. e4 e5 2. Nf3"), "{stdout}");
    assert!(
        stdout.contains("[image] boards/board-00004.png"),
        "numbering goes on: {stdout}"
    );
}

/// The ply (0-based, from the standard start) and notation of a turn announcement line
/// (`  **12... Nf3/a6** — bob (Black)`).
fn announced(line: &str) -> Option<(usize, String)> {
    let (head, rest) = line.trim_start().split_once(" — ")?;
    if !rest.contains("(White)") && !rest.contains("(Black)") {
        return None;
    }
    let (number, notation) = head.split_once(' ')?;
    let (move_number, black) = match number.strip_suffix("...") {
        Some(n) => (n, 1),
        None => (number.strip_suffix('.')?, 0),
    };
    let ply = (move_number.parse::<usize>().ok()? - 1) * 2 + black;
    Some((ply, notation.to_string()))
}

/// Runs `script` until its end or until `kill_after` announcements, recording each one.
fn run_recording(
    dir: &Path,
    script: &str,
    kill_after: Option<usize>,
    announced_turns: &mut BTreeMap<usize, String>,
) -> bool {
    let mut child = nadare(dir, script).spawn().expect("spawn");
    let stdout = child.stdout.take().expect("stdout");
    let mut reader = BufReader::new(stdout);
    let mut seen = 0;
    let mut line = String::new();
    let mut killed = false;
    loop {
        if kill_after.is_some_and(|k| seen >= k) && !killed {
            child.kill().expect("SIGKILL");
            killed = true;
        }
        line.clear();
        if reader.read_line(&mut line).expect("read") == 0 {
            break;
        }
        if let Some((ply, n)) = announced(&line) {
            announced_turns.insert(ply, n);
            seen += 1;
        }
    }
    let status = child.wait().expect("wait");
    assert!(killed || status.success());
    killed
}

#[test]
fn killed_at_random_points_every_stored_turn_is_announced_and_the_game_resumes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("nadare.db");
    let notations = find_mating_game(Variant::Avalanche, None);
    let moves: Vec<String> = notations
        .iter()
        .enumerate()
        .map(|(i, n)| {
            format!(
                "{}> move {n}",
                if i.is_multiple_of(2) { "alice" } else { "bob" }
            )
        })
        .collect();
    let mut rng = Rng::new(2026);
    let mut announced_turns = BTreeMap::new();
    let mut kills = 0;
    let load = || {
        let storage = Storage::open(&db).expect("open");
        let open = block_on(storage.load_unfinished(ShardSet::All)).expect("load");
        assert!(open.games.len() + open.challenges.len() <= 1);
        let stored = block_on(storage.load_game(1)).expect("load");
        (
            stored.is_some(),
            !open.challenges.is_empty(),
            stored.map(|g| g.turns).unwrap_or_default(),
        )
    };
    for run in 0..200 {
        // Where does the stored game stand? Continue from exactly there.
        let (started, challenge_open, stored) = if db.exists() {
            load()
        } else {
            (false, false, Vec::new())
        };
        // Everything announced is stored; at most the last stored turn is not announced yet
        // (committed, then killed before its reply was printed).
        for (ply, n) in &announced_turns {
            assert_eq!(stored.get(*ply), Some(n), "run {run}: ply {ply}");
        }
        assert!(
            stored.len() - announced_turns.len() <= 1,
            "run {run}: stored {} turns, announced {}",
            stored.len(),
            announced_turns.len()
        );
        if stored.len() == moves.len() {
            break;
        }
        let mut script = String::new();
        if !started {
            if !challenge_open {
                script.push_str("alice> challenge bob avalanche white\n");
            }
            script.push_str("bob> accept\n");
        }
        for line in &moves[stored.len()..] {
            script.push_str(line);
            script.push('\n');
        }
        script.push_str("carol> board\n");
        // Kill after a random number of announcements (0: while it is starting up).
        if run_recording(
            dir.path(),
            &script,
            Some(rng.below(4)),
            &mut announced_turns,
        ) {
            kills += 1;
        }
    }
    assert!(kills >= 5, "the game was killed {kills} times");
    // One more start announces a last turn stored but not shown when it was killed.
    run_recording(dir.path(), "carol> moves\n", None, &mut announced_turns);
    let stored: Vec<String> = announced_turns.values().cloned().collect();
    assert_eq!(stored, notations, "every turn was announced");
    let storage = Storage::open(&db).expect("open");
    let game = block_on(storage.load_game(1)).expect("load").expect("game");
    assert_eq!(
        game.turns, notations,
        "the game resumed exactly and finished"
    );
    assert_eq!(
        game.row.state.finished.map(|f| f.outcome.reason),
        Some(EndReason::Checkmate)
    );
}

/// The script that carries game `k` (in room `gK`, alice White, bob resigning after 1. e4)
/// on from where the database holds it: nothing when it is over.
fn resigning_game(storage: &Storage, k: usize) -> String {
    let room = format!("g{k}");
    let channel = console::room_channel(&room);
    let open = block_on(storage.load_unfinished(ShardSet::All)).expect("load");
    let game = block_on(storage.all_games())
        .expect("games")
        .into_iter()
        .find(|g| g.row.channel == channel);
    let mut lines: Vec<&str> = Vec::new();
    match game {
        Some(g) if g.row.state.finished.is_some() => {}
        Some(g) => lines.extend(if g.turns.is_empty() {
            &["alice> move e4", "bob> resign"][..]
        } else {
            &["bob> resign"][..]
        }),
        None if open.challenges.iter().any(|c| c.channel == channel) => {
            lines.extend(["bob> accept", "alice> move e4", "bob> resign"]);
        }
        None => lines.extend([
            "alice> challenge bob white",
            "bob> accept",
            "alice> move e4",
            "bob> resign",
        ]),
    }
    lines
        .iter()
        .map(|l| l.replacen("> ", &format!("@{room}> "), 1) + "\n")
        .collect()
}

/// The room an output line says what follows belongs to: a line run there (`bob@g3> …`), a
/// notice there, or a notice of a game (whose room the database gives).
fn room_of(db: &Path, line: &str) -> Option<String> {
    if let Some((_, rest)) = line.split_once('@')
        && let Some((room, _)) = rest.split_once("> ")
    {
        return Some(room.to_owned());
    }
    let head = line.trim();
    if let Some(room) = head
        .strip_prefix("[notice in room ")
        .and_then(|r| r.strip_suffix(']'))
    {
        return Some(room.to_owned());
    }
    let game: u64 = head
        .strip_prefix("[notice of game #")?
        .split_once(',')?
        .0
        .parse()
        .ok()?;
    let storage = Storage::open(db).expect("open");
    let stored = block_on(storage.load_game(game)).expect("load")?;
    (1..=12)
        .map(|k| format!("g{k}"))
        .find(|r| console::room_channel(r) == stored.row.channel)
}

/// Killed at random points while games end by resignation, the console never loses a
/// result: every game stored as over has its result printed, at once or after the restart
/// that follows, and printed again only when the kill fell between its printing and its mark
/// (at most once per kill).
#[test]
fn killed_at_random_points_every_stored_result_is_announced() {
    const GAMES: usize = 12;
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("nadare.db");
    let mut rng = Rng::new(52);
    let mut results: BTreeMap<String, usize> = BTreeMap::new();
    let mut kills = 0;
    for run in 0..100 {
        // The next two games not over yet, carried on from where they stand.
        let script: String = {
            let storage = Storage::open(&db).expect("open");
            (1..=GAMES)
                .map(|k| resigning_game(&storage, k))
                .filter(|s| !s.is_empty())
                .take(2)
                .collect()
        };
        if script.is_empty() {
            break;
        }
        let mut child = nadare(dir.path(), &(script + "carol> games\n"))
            .spawn()
            .expect("spawn");
        let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
        // Killed a few milliseconds after the answer to a random `accept` or `move e4` was
        // printed: while the resignation that follows is stored, its board drawn or its
        // answer printed.
        let kill_at = rng.below(4);
        let wait = std::time::Duration::from_micros(rng.below(12_000) as u64);
        let (mut room, mut seen, mut killed, mut line) = (String::new(), 0, false, String::new());
        loop {
            line.clear();
            if reader.read_line(&mut line).expect("read") == 0 {
                break;
            }
            if (line.contains("> move e4") || line.contains("> accept")) && !killed {
                if seen == kill_at {
                    std::thread::sleep(wait);
                    child.kill().expect("SIGKILL");
                    killed = true;
                }
                seen += 1;
            }
            if let Some(r) = room_of(&db, &line) {
                room = r;
            }
            if line.contains("wins by resignation") {
                *results.entry(room.clone()).or_default() += 1;
            }
        }
        let status = child.wait().expect("wait");
        assert!(killed || status.success(), "run {run}");
        kills += usize::from(killed);
    }
    // One more start announces a result stored but not shown when it was last killed.
    let mut last = nadare(dir.path(), "carol> games\n").spawn().expect("spawn");
    let out = BufReader::new(last.stdout.take().expect("stdout"));
    let mut room = String::new();
    for line in out.lines().map_while(Result::ok) {
        if let Some(r) = room_of(&db, &line) {
            room = r;
        }
        if line.contains("wins by resignation") {
            *results.entry(room.clone()).or_default() += 1;
        }
    }
    assert!(last.wait().expect("wait").success());
    assert!(kills >= 5, "killed {kills} times");
    let storage = Storage::open(&db).expect("open");
    let over = block_on(storage.all_games())
        .expect("games")
        .iter()
        .filter(|g| g.row.state.finished.is_some())
        .count();
    assert_eq!(over, GAMES, "every game was played to its end");
    for k in 1..=GAMES {
        assert!(
            results.get(&format!("g{k}")).is_some_and(|n| *n >= 1),
            "game g{k}'s result was never printed: {results:?}"
        );
    }
    let again: usize = results.values().map(|n| n - 1).sum();
    assert!(
        again <= kills,
        "{again} results printed twice, {kills} kills"
    );
}

#[test]
fn a_turn_stored_but_not_announced_is_announced_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(dir.path(), "alice> challenge bob white\nbob> accept\n")
        .output()
        .expect("run");
    assert!(out.status.success());
    {
        // The turn is committed as the console would, and the process dies before printing.
        let storage = Storage::open(&dir.path().join("nadare.db")).expect("open");
        let game = block_on(storage.load_game(1)).expect("load").expect("game");
        assert_eq!(
            game.announced,
            Some(domain::Shown::default()),
            "the start was shown"
        );
        block_on(storage.record_turn(1, 0, "e4", &game.row.state.next(), None)).expect("turn");
    }
    let out = nadare(dir.path(), "carol> board\n").output().expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "[notice in room main]\n  Announced after a restart:\n  1. e4 — alice (White)"
        ),
        "{stdout}"
    );
    let out = nadare(dir.path(), "carol> board\n").output().expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !stdout.contains("Announced after"),
        "announced once: {stdout}"
    );
}

/// Issue 10: a script that cannot be read is explained in the console's language.
#[test]
fn with_lang_ja_a_missing_script_is_explained_in_japanese() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("missing.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_nadare"))
        .current_dir(dir.path())
        .args(["local", "--lang", "ja", "--script"])
        .arg(&missing)
        .stdin(Stdio::null())
        .output()
        .expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("スクリプト {} を読めません", missing.display())),
        "{err}"
    );
}

/// Issue 10: with `--lang ja`, the notices printed before the first command are in Japanese.
#[test]
fn with_lang_ja_a_turn_announced_after_a_restart_is_in_japanese() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(dir.path(), "alice> challenge bob white\nbob> accept\n")
        .output()
        .expect("run");
    assert!(out.status.success());
    {
        let storage = Storage::open(&dir.path().join("nadare.db")).expect("open");
        let game = block_on(storage.load_game(1)).expect("load").expect("game");
        block_on(storage.record_turn(1, 0, "e4", &game.row.state.next(), None)).expect("turn");
    }
    let out = nadare(dir.path(), "carol> board\n")
        .args(["--lang", "ja"])
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("[部屋 main の通知]\n  再起動のため遅れてお知らせします：\n  1. e4"),
        "{stdout}"
    );
}

#[test]
fn announcements_are_recognised() {
    assert_eq!(
        announced("  12... Nf3/a6 — bob (Black)"),
        Some((23, "Nf3/a6".into()))
    );
    assert_eq!(announced("  1. e4 — alice (White)"), Some((0, "e4".into())));
    assert_eq!(announced("  alice challenges bob to Avalanche."), None);
}

#[test]
fn a_second_process_on_the_database_is_refused_clearly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("nadare.db");
    let held = Storage::open(&db).expect("this process holds the database");
    let out = nadare(dir.path(), "alice> challenge bob\n")
        .output()
        .expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("in use by another nadare process"), "{err}");
    assert!(
        block_on(held.load_unfinished(ShardSet::All))
            .expect("load")
            .challenges
            .is_empty()
    );
    drop(held);
    let out = nadare(dir.path(), "alice> challenge bob\n")
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_read_only_folder_is_a_permission_problem_not_damage() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    std::fs::create_dir(&data).expect("folder");
    let db = data.join("nadare.db");
    // Created by a process of its own, so this test process holds no lock on it.
    let created = nadare(dir.path(), "")
        .arg("--db")
        .arg(&db)
        .output()
        .expect("create");
    assert!(
        created.status.success(),
        "{}",
        String::from_utf8_lossy(&created.stderr)
    );
    let before = std::fs::read(&db).expect("read");
    let mode = |path: &Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod")
    };
    // Root may write anywhere: run the bot as `nobody`, owning the file but not its folder.
    // SAFETY: geteuid has no preconditions.
    #[allow(unsafe_code)]
    let root = unsafe { libc::geteuid() } == 0;
    let mut cmd = nadare(dir.path(), "alice> challenge bob\n");
    cmd.arg("--db").arg(&db);
    if root {
        std::os::unix::fs::chown(&db, Some(65534), Some(65534)).expect("chown");
        mode(dir.path(), 0o755);
        cmd = as_nobody(&cmd, dir.path());
    }
    mode(&data, 0o555);
    let out = cmd.output().expect("run");
    mode(&data, 0o755);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("may not write") && err.contains("permissions") && err.contains("untouched"),
        "{err}"
    );
    assert!(
        !err.contains("damaged") && !err.contains("corrupt"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&db).expect("read"),
        before,
        "the file is unchanged"
    );
}

/// Runs `nadare local` in `dir` reading `input` from standard input.
fn interactive(dir: &Path, input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_nadare"))
        .current_dir(dir)
        .arg("local")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("write");
    drop(stdin);
    child.wait_with_output().expect("run")
}

#[test]
fn bad_bytes_and_huge_lines_are_bad_lines_and_the_session_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut input = b"alice> challenge bob white\n\xff\xfe> board\n".to_vec();
    input.extend(b"alice> ".iter().chain(&[b'x'; 1 << 20]));
    input.extend(b"\nalice> dance\x1b[2J\x07\r\nbob> accept\r\nalice> move e4\n");
    let out = interactive(dir.path(), &input);
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(err.contains("line 2: the line is not valid UTF-8"), "{err}");
    assert!(err.contains("line 3: the line is too long"), "{err}");
    assert!(err.contains("line 4:") && err.contains("dance"), "{err}");
    assert!(
        err.len() + stdout.len() < 20_000,
        "the huge line is not echoed"
    );
    for text in [&err, &stdout] {
        assert!(
            !text.contains(['\x1b', '\x07', '\r']),
            "control characters reach the terminal: {text:?}"
        );
    }
    assert!(stdout.contains("1. e4 — alice (White)"), "{stdout}");
}

#[test]
fn a_board_that_cannot_be_written_is_reported_and_the_turn_still_announced() {
    let dir = tempfile::tempdir().expect("temp dir");
    // The first board's file name is taken by a folder: writing it fails.
    std::fs::create_dir_all(dir.path().join("boards/board-00001.png")).expect("folder");
    let out = nadare(
        dir.path(),
        "alice> challenge bob white\nbob> accept\nalice> move e4\n",
    )
    .output()
    .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("[image not saved] cannot write boards/board-00001.png"),
        "{stdout}"
    );
    assert!(stdout.contains("1. e4 — alice (White)"), "{stdout}");
    assert!(
        stdout.contains("[image] boards/board-00002.png"),
        "{stdout}"
    );
    let storage = Storage::open(&dir.path().join("nadare.db")).expect("open");
    assert_eq!(
        block_on(storage.load_game(1))
            .expect("load")
            .expect("game")
            .turns,
        vec!["e4"]
    );
}

/// Fool's mate twice: Alice loses as White, Bob asks for a rematch, Alice accepts and, now
/// Black, mates Bob the same way.
const REMATCH_AND_ARCHIVE: &str = "alice> challenge bob white\nbob> accept\n\
    alice> move f3\nbob> move e5\nalice> move g4\nbob> move Qh4\n\
    bob> rematch\nalice> accept\n\
    bob> move f3\nalice> move e5\nbob> move g4\nalice> move Qh4\n\
    carol> history\ncarol> game 2\n";

/// Runs [`REMATCH_AND_ARCHIVE`] in `dir` with `args`, returning its standard output.
fn rematch_and_archive(dir: &Path, args: &[&str]) -> String {
    let out = nadare(dir, REMATCH_AND_ARCHIVE)
        .args(args)
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The lines of `stdout` from the echo of `line` to the next echoed line.
fn answer_to<'a>(stdout: &'a str, line: &str) -> Vec<&'a str> {
    stdout
        .lines()
        .skip_while(|l| *l != line)
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect()
}

/// `game 2` wrote the record and the replay of the rematch into the output folder.
fn assert_game_two_files(dir: &Path, answer: &[&str], file_marker: &str) {
    for name in ["nadare-game-2.pgn", "nadare-game-2.gif"] {
        let line = format!("  {file_marker} boards/{name}");
        assert!(answer.contains(&line.as_str()), "`{line}` in {answer:#?}");
    }
    let pgn = std::fs::read_to_string(dir.join("boards/nadare-game-2.pgn")).expect("the PGN");
    for tag in ["[White \"bob\"]", "[Black \"alice\"]", "[Result \"0-1\"]"] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    let gif = std::fs::read(dir.join("boards/nadare-game-2.gif")).expect("the GIF");
    assert!(gif.starts_with(b"GIF89a"));
}

/// Issue 12 through the console: a rematch swaps the colours, `history` lists both finished
/// games (newest first) and `game 2` shows the rematch with its board, PGN and GIF.
#[test]
fn a_rematch_then_the_archive_through_the_console() {
    let dir = tempfile::tempdir().expect("temp dir");
    let stdout = rematch_and_archive(dir.path(), &[]);
    let asked = answer_to(&stdout, "bob> rematch");
    assert!(
        asked.contains(&"  bob asks for a rematch, colours swapped."),
        "{asked:#?}"
    );
    let started = answer_to(&stdout, "alice> accept").join("\n");
    assert!(
        started.contains("The game is on: bob (White) vs alice (Black)"),
        "{started}"
    );
    let history = answer_to(&stdout, "carol> history");
    assert!(
        history[0].contains("Finished games (2) · page 1 of 1"),
        "{history:#?}"
    );
    let listed: Vec<&str> = history[1..]
        .iter()
        .filter(|l| l.contains("Black wins by checkmate · 4 turns"))
        .copied()
        .collect();
    assert_eq!(listed.len(), 2, "{history:#?}");
    assert!(
        listed[0].starts_with("  #2 · ") && listed[0].contains("bob (White) vs alice (Black)"),
        "{listed:#?}"
    );
    assert!(
        listed[1].starts_with("  #1 · ") && listed[1].contains("alice (White) vs bob (Black)"),
        "{listed:#?}"
    );
    let shown = answer_to(&stdout, "carol> game 2");
    assert!(
        shown[0].starts_with("  Game #2 · ")
            && shown[0].ends_with(": 0-1, Black wins by checkmate."),
        "{shown:#?}"
    );
    assert!(
        shown
            .iter()
            .any(|l| l.starts_with("  [image] boards/board-")),
        "{shown:#?}"
    );
    assert_game_two_files(dir.path(), &shown, "[file]");
}

/// The same in Japanese (`--lang ja`): the rematch, the archive's heading and the game shown
/// again are worded from the Japanese catalogs.
#[test]
fn with_lang_ja_the_rematch_and_the_archive_speak_japanese() {
    let dir = tempfile::tempdir().expect("temp dir");
    let stdout = rematch_and_archive(dir.path(), &["--lang", "ja"]);
    let asked = answer_to(&stdout, "bob> rematch");
    assert!(
        asked.contains(&"  bobが先後を入れ替えての再戦を申し込みました。"),
        "{asked:#?}"
    );
    let started = answer_to(&stdout, "alice> accept").join("\n");
    assert!(started.contains("bob（白） 対 alice（黒）"), "{started}");
    let history = answer_to(&stdout, "carol> history");
    assert_eq!(
        history[0], "  終局した対局（2局）· 1ページ中1ページ目",
        "{history:#?}"
    );
    assert!(history[1].starts_with("  #2 · "), "{history:#?}");
    let shown = answer_to(&stdout, "carol> game 2");
    assert!(
        shown[0].starts_with("  対局 #2 · ")
            && shown[0].ends_with("0-1、チェックメイトで黒の勝ち。"),
        "{shown:#?}"
    );
    assert!(
        shown.contains(&"  対局 #2 の再生アニメーションを添付しました。"),
        "{shown:#?}"
    );
    assert!(
        shown
            .iter()
            .any(|l| l.starts_with("  [画像] boards/board-")),
        "{shown:#?}"
    );
    assert_game_two_files(dir.path(), &shown, "[ファイル]");
    for english in [
        "Finished games",
        "asks for a rematch",
        "Rematch",
        "[file]",
        "Game #",
    ] {
        assert!(!stdout.contains(english), "`{english}` in {stdout}");
    }
}

/// The number of colours in a PNG's palette, read from its PLTE chunk's length.
fn palette_colours(png: &[u8]) -> usize {
    let at = png
        .windows(4)
        .position(|w| w == b"PLTE")
        .expect("an indexed PNG");
    let length = png
        .get(at - 4..at)
        .and_then(|b| <[u8; 4]>::try_from(b).ok())
        .expect("a chunk length");
    u32::from_be_bytes(length) as usize / 3
}

/// The number of palette colours of the first board a script's run writes, with `args`.
fn first_board_colours(script: &str, args: &[&str]) -> usize {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("alice.png"),
        include_bytes!("../../../present/assets/computer.png"),
    )
    .expect("picture");
    let out = nadare(dir.path(), script).args(args).output().expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    palette_colours(&std::fs::read(dir.path().join("boards/board-00001.png")).expect("board"))
}

/// `--avatar NAME=FILE` puts a picture in that player's name bar: the board gains the
/// picture's own colours beside the renderer's; a file that is missing or not a picture, or
/// an argument that is not NAME=FILE, stops the start with a message naming it.
#[test]
fn a_picture_file_per_player_shows_in_their_name_bar() {
    let script = "alice> challenge bob white\nbob> accept\n";
    let without = first_board_colours(script, &[]);
    let with = first_board_colours(script, &["--avatar", "Alice=alice.png"]);
    assert!(
        with > without,
        "{with} colours with a picture, {without} without"
    );

    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("junk.png"), b"not a picture").expect("junk");
    for (arg, says) in [
        ("bob=junk.png", "the picture of bob (junk.png) is refused"),
        (
            "bob=missing.png",
            "cannot read the picture of bob (missing.png)",
        ),
        ("bob", "is not NAME=FILE"),
    ] {
        let out = nadare(dir.path(), script)
            .args(["--avatar", arg])
            .output()
            .expect("run");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && stderr.contains(says),
            "{arg}: {stderr}"
        );
    }
}

/// The computer has an icon of its own in its name bar: its board carries the icon's colours
/// beside the renderer's, where a game between two people without pictures has none.
#[test]
fn the_computer_shows_its_own_icon() {
    let people = first_board_colours("alice> challenge bob white\nbob> accept\n", &[]);
    let computer = first_board_colours("alice> challenge computer white\n", &[]);
    assert!(
        computer > people,
        "{computer} colours against the computer, {people} without"
    );
}

/// Users' data through the console: `privacy` says what is kept, `mydata` writes the JSON file
/// into the output folder, and `forget` asks first (`forget confirm` goes ahead), after which
/// the finished game's record names a deleted user.
#[test]
fn privacy_mydata_and_forget_through_the_console() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = "alice> challenge bob white\nbob> accept\nalice> move e4\nbob> resign\n\
        alice> privacy\nalice> mydata\nalice> forget\nalice> forget confirm\nbob> game 1\n";
    let out = nadare(dir.path(), script).output().expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let privacy = answer_to(&stdout, "alice> privacy").join("\n");
    assert!(
        privacy.contains("`mydata`") && privacy.contains("`forget`"),
        "{privacy}"
    );
    let alice = console::user_id("alice");
    let name = format!("nadare-data-{alice}.json");
    let mydata = answer_to(&stdout, "alice> mydata");
    assert!(
        mydata.contains(&format!("  [file] boards/{name}").as_str()),
        "{mydata:#?}"
    );
    let json = std::fs::read_to_string(dir.path().join("boards").join(&name)).expect("the file");
    assert!(
        json.contains("\"format\": \"nadare-user-data\"") && json.contains("\"turns\""),
        "{json}"
    );
    let asked = answer_to(&stdout, "alice> forget").join("\n");
    assert!(asked.contains("`forget confirm`"), "{asked}");
    let done = answer_to(&stdout, "alice> forget confirm").join("\n");
    assert!(done.contains("nadare has forgotten you"), "{done}");
    let pgn = std::fs::read_to_string(dir.path().join("boards/nadare-game-1.pgn")).expect("PGN");
    assert!(pgn.contains("[White \"deleted user\"]"), "{pgn}");
}
