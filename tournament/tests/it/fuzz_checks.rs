//! The check the `trf` fuzz target of `fuzz/` runs on each input, shared with
//! `fuzz_regressions`, which replays every input that ever failed it. It panics when a rule
//! is broken and uses only the public API. The fuzz target includes this file with `#[path]`.

use tournament::trf;

/// TRF: a file that reads is written as a TRF that reads back as the same tournament and is
/// written the same; everything written can be read back. The writer refuses only a value
/// that no spelling fits into its field (points of 100½ or more). Input: the file.
pub fn trf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(read) = trf::read(text) else {
        return;
    };
    let written = match trf::write(&read) {
        Ok(written) => written,
        Err(e) => {
            let shortest = e.value.strip_suffix(".0").unwrap_or(&e.value);
            assert!(
                shortest.chars().count() > e.width,
                "a value that fits refused: {e}"
            );
            return;
        }
    };
    let again = trf::read(&written)
        .unwrap_or_else(|e| panic!("the TRF written does not read: {e}\n{written}"));
    assert_eq!(again, read, "read back otherwise:\n{written}");
    assert_eq!(trf::write(&again), Ok(written), "written otherwise");
}
