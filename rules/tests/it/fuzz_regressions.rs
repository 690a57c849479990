//! Every input that ever failed a fuzz target of `fuzz/` (kept in `tests/data/fuzz/<target>/`),
//! and the targets' seed inputs (`fuzz/corpus/<target>/`), run through the target's checks.

use std::fs;
use std::path::{Path, PathBuf};

use crate::fuzz_checks;

/// The files of `dir`, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| {
            e.unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path()
        })
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// Runs `check` on each regression input and seed of `target`; returns how many it ran.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut inputs = files(&root.join("tests/data/fuzz").join(target));
    inputs.extend(files(&root.join("../fuzz/corpus").join(target)));
    for path in &inputs {
        let data = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Shown with the panic when the check fails.
        eprintln!("{target}: {}", path.display());
        check(&data);
    }
    inputs.len()
}

#[test]
fn fen() {
    assert!(replay("fen", fuzz_checks::fen) > 0);
}

#[test]
fn turn_input() {
    assert!(replay("turn_input", fuzz_checks::turn_input) > 0);
}

#[test]
fn record() {
    assert!(replay("record", fuzz_checks::record) > 0);
}

#[test]
fn walk() {
    assert!(replay("walk", fuzz_checks::walk) > 0);
}

#[test]
fn differential() {
    assert!(replay("differential", fuzz_checks::differential) > 0);
}
