//! Running `nadare local` on a script in a folder, as the binary's tests do.

use std::path::Path;
use std::process::{Command, Stdio};

/// `nadare local --script` on `script`, written into `dir`, with the output piped.
pub fn nadare(dir: &Path, script: &str) -> Command {
    let path = dir.join("script.txt");
    std::fs::write(&path, script).expect("write script");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_nadare"));
    cmd.current_dir(dir)
        .arg("local")
        .arg("--script")
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}
