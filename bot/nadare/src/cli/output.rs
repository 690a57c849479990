//! Printing results of the command-line tools: a reader that stops early (`| head`) is
//! not an error.

use std::fmt::Display;
use std::io::{ErrorKind, Write};

/// Writes each line to standard output; stops quietly when the reader has gone.
pub fn write_lines<I, S>(lines: I) -> anyhow::Result<()>
where
    I: IntoIterator<Item = S>,
    S: Display,
{
    let mut out = std::io::stdout().lock();
    let written = lines
        .into_iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush());
    match written {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// `n` of `thing` in English, with its plural: "1 game", "0 games", "2 games".
pub fn count(n: impl Into<i128>, thing: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_are_singular_for_one_only() {
        assert_eq!(super::count(1u64, "game"), "1 game");
        assert_eq!(super::count(0u64, "game"), "0 games");
        assert_eq!(super::count(2u32, "turn"), "2 turns");
    }
}
