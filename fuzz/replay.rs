//! Replaying a fuzz target's committed inputs in `cargo test`: each crate's `fuzz_regressions`
//! test module includes this file with `#[path]`, so they all find the inputs alike. The
//! inputs are the crate's regression inputs (`tests/data/fuzz/<target>/`: every input that
//! ever failed the target) and the target's seeds (`fuzz/corpus/<target>/`).

use std::fs;
use std::path::{Path, PathBuf};

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

/// Runs `check` on each regression input of the crate at `crate_dir` and each seed of
/// `target`; returns how many it ran.
pub fn replay(crate_dir: &str, target: &str, check: fn(&[u8])) -> usize {
    let crate_dir = Path::new(crate_dir);
    let root = crate_dir
        .ancestors()
        .find(|dir| dir.join("fuzz/corpus").is_dir())
        .unwrap_or_else(|| panic!("no fuzz/corpus above {}", crate_dir.display()));
    let mut inputs = files(&crate_dir.join("tests/data/fuzz").join(target));
    inputs.extend(files(&root.join("fuzz/corpus").join(target)));
    for path in &inputs {
        let data = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Shown with the panic when the check fails.
        eprintln!("{target}: {}", path.display());
        check(&data);
    }
    inputs.len()
}
