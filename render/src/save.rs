//! Saving an image to a file so that the file is whole or absent: the bytes go to a temporary
//! name in the same folder, reach the disk, and only then take the file's name. A write that
//! fails (a full disk, a missing permission) removes the temporary file, so a folder of
//! boards never holds an empty or truncated image.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// Writes `bytes` to the file at `path`, replacing it whole or leaving it as it was.
pub fn save(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    save_with(path, |file| file.write_all(bytes))
}

/// Writes the file at `path` with `write`, replacing it whole or leaving it as it was: `write`
/// fills a temporary file beside it, removed if anything fails.
pub fn save_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let temp = temporary(path)?;
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)?;
    let written = fill(&mut file, write).and_then(|()| std::fs::rename(&temp, path));
    if written.is_err() {
        drop(file);
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Runs `write` on `file` and makes what it wrote durable.
fn fill(
    file: &mut File,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    write(file)?;
    file.flush()?;
    file.sync_all()
}

/// The hidden temporary name beside `path`: `.NAME.partial`.
fn temporary(path: &Path) -> std::io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(
            ErrorKind::InvalidInput,
            format!("{} names no file", path.display()),
        )
    })?;
    let mut hidden = std::ffi::OsString::from(".");
    hidden.push(name);
    hidden.push(".partial");
    Ok(path.with_file_name(hidden))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names in `dir`.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    #[test]
    fn a_write_that_fails_midway_leaves_nothing_and_the_old_file_whole() -> std::io::Result<()> {
        let dir = std::env::temp_dir().join(format!("nadare-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let path = dir.join("board-00001.png");
        // A disk that fills after 100 bytes.
        let full = |out: &mut dyn Write| {
            out.write_all(&[0x89; 100])?;
            Err(std::io::Error::new(ErrorKind::StorageFull, "no space left"))
        };
        let err = save_with(&path, full).err().map(|e| e.kind());
        assert_eq!(err, Some(ErrorKind::StorageFull));
        assert!(names(&dir).is_empty(), "{:?}", names(&dir));

        save(&path, b"whole image")?;
        assert!(save_with(&path, full).is_err());
        assert_eq!(names(&dir), ["board-00001.png"]);
        assert_eq!(std::fs::read(&path)?, b"whole image");
        std::fs::remove_dir_all(&dir)
    }

    #[test]
    fn a_folder_that_is_a_file_is_an_error_and_leaves_nothing() {
        let file = std::env::temp_dir().join(format!("nadare-save-file-{}", std::process::id()));
        assert!(std::fs::write(&file, b"x").is_ok());
        assert!(save(&file.join("board.png"), b"image").is_err());
        assert_eq!(std::fs::read(&file).ok().as_deref(), Some(&b"x"[..]));
        let _ = std::fs::remove_file(&file);
    }
}
