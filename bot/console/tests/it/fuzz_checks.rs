//! The check the `console_line` fuzz target of `fuzz/` runs on each input, shared with
//! `fuzz_regressions`, which replays every input that ever failed it. It panics
//! when a rule is broken and uses only the public API. The fuzz target includes this file
//! with `#[path]`.

use domain::Id;
use domain::Lang;
use domain::input::parse_duration;

/// `text` as a Japanese input method types it: ASCII signs, digits and letters at full width,
/// spaces as ideographic spaces.
fn full_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            ' ' => '\u{3000}',
            '!'..='~' => char::from_u32(u32::from(c) - 0x21 + 0xFF01).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// Console line: a line reads the same typed at full width; a refused line is explained in
/// every language; a duration that reads is at least a second. Input: the line.
pub fn console_line(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let line = console::parse_line(text);
    assert_eq!(
        console::parse_line(&full_width(text)),
        line,
        "`{text}` at full width"
    );
    if let Err(error) = &line {
        for lang in Lang::all() {
            assert!(
                !error.text(lang).is_empty(),
                "no {lang:?} text for `{text}`"
            );
        }
    }
    console::is_blank(text);
    if let Some(duration) = parse_duration(text) {
        assert!(duration.as_secs() > 0, "`{text}` read as {duration:?}");
    }
}
