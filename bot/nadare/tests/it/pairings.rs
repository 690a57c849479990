//! `nadare pairings --dutch`: a recorded tournament cut before its last round is paired as
//! the program that recorded it paired that round, to standard output or a file; a broken TRF,
//! or one that contradicts itself, is refused with the place it breaks.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Output};

/// Seven players, five rounds, paired by an established Dutch-system program.
const SAMPLE: &str = include_str!("../../../../tournament/tests/data/swiss/sample-1-p7-r5.trf");

/// The sample before round 5: four rounds per player line, the points column left blank (the
/// file's are after round 5), the rounds and first colour stated.
fn before_round_five() -> String {
    let mut out = String::new();
    for line in SAMPLE.lines() {
        let kept: String = if line.starts_with("001") {
            let head = line.chars().take(80);
            let tail = line.chars().skip(84).take(91 + 4 * 10 - 84);
            head.chain("    ".chars()).chain(tail).collect()
        } else {
            line.to_owned()
        };
        out.push_str(kept.trim_end());
        out.push('\n');
    }
    out + "XXR 5\nXXC white1\n"
}

fn pairings(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nadare"))
        .current_dir(dir)
        .arg("pairings")
        .args(args)
        .output()
        .expect("run nadare")
}

/// The lines after the count, as a set, checking the count.
fn boards(text: &str) -> BTreeSet<String> {
    let mut lines = text.lines();
    let count: usize = lines
        .next()
        .and_then(|l| l.parse().ok())
        .expect("a count first");
    let rest: BTreeSet<String> = lines.map(str::to_owned).collect();
    assert_eq!(rest.len(), count, "{text}");
    rest
}

#[test]
fn pairs_the_last_round_as_recorded() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("t.trf"), before_round_five()).expect("write");
    let out = pairings(dir.path(), &["--dutch", "t.trf"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).expect("utf-8");
    // Round 5 as recorded: 5-1 drawn, 2-3, 6-7, and the bye to 4.
    let expected: BTreeSet<String> = ["5 1", "2 3", "6 7", "4 0"].map(String::from).into();
    assert_eq!(boards(&printed), expected);
    assert!(printed.ends_with("4 0\n"), "the bye comes last: {printed}");

    let file = pairings(dir.path(), &["--dutch", "t.trf", "-o", "round5.txt"]);
    assert!(file.status.success());
    assert!(file.stdout.is_empty());
    let written = std::fs::read_to_string(dir.path().join("round5.txt")).expect("written");
    assert_eq!(written, printed);
}

#[test]
fn a_broken_trf_is_refused_with_its_line_and_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    let broken = before_round_five().replacen(" w = ", " q = ", 1);
    std::fs::write(dir.path().join("bad.trf"), broken).expect("write");
    let out = pairings(dir.path(), &["--dutch", "bad.trf", "-o", "out.txt"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2, column 97"), "{err}");
    assert!(!dir.path().join("out.txt").exists(), "nothing written");
    let missing = pairings(dir.path(), &["--dutch", "none.trf"]);
    assert!(!missing.status.success());
}

#[test]
fn a_trf_that_contradicts_itself_is_refused_naming_the_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Round 1: 1 and 4 drew (line 2 and line 5, column 99); both lines say they won.
    let text = before_round_five();
    let won = |line: &str| -> String {
        line.chars()
            .enumerate()
            .map(|(i, c)| if i == 98 { '1' } else { c })
            .collect()
    };
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 1 || i == 4 {
                assert_eq!(l.chars().nth(98), Some('='), "{l}");
                won(l)
            } else {
                l.to_owned()
            }
        })
        .collect();
    std::fs::write(dir.path().join("both.trf"), lines.join("\n")).expect("write");
    let out = pairings(dir.path(), &["--dutch", "both.trf"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2, column 99"), "{err}");
    assert!(err.contains("round 1, players 1 and 4"), "{err}");
    assert!(out.stdout.is_empty());
}
