//! Every input that ever failed the `console_line` fuzz target of `fuzz/` (kept in
//! `tests/data/fuzz/console_line/`), and the target's seed inputs
//! (`fuzz/corpus/console_line/`), run through its check.

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

#[test]
fn console_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut inputs = files(&root.join("tests/data/fuzz/console_line"));
    inputs.extend(files(&root.join("../../fuzz/corpus/console_line")));
    assert!(!inputs.is_empty());
    for path in &inputs {
        let data = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Shown with the panic when the check fails.
        eprintln!("{}", path.display());
        fuzz_checks::console_line(&data);
    }
}
