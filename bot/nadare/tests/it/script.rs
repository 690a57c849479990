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

/// `cmd` run as the user `nobody`, through `setpriv`. Not `Command::uid`: that makes the
/// standard library fork this whole multi-threaded test process, and the fork's copies of
/// other tests' database locks would outlive their drop and refuse those tests' next open.
pub fn as_nobody(cmd: &Command, dir: &Path) -> Command {
    let mut nobody = Command::new("setpriv");
    nobody
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(cmd.get_program())
        .args(cmd.get_args())
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    nobody
}
