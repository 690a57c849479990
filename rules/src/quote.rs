//! How an error quotes what a user wrote: never more than a few dozen characters.

/// The most characters of a user's text an error quotes.
const QUOTE_CHARS: usize = 40;

/// `text` as an error of this crate quotes it: whole when short, else its first
/// [`QUOTE_CHARS`] characters and an ellipsis. Every error that repeats what a user wrote
/// (FEN fields, turns, tags, record words, variant and square names) takes it from here, so
/// no message grows with its input.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => text.to_string(),
        Some((at, _)) => format!("{}…", text.get(..at).unwrap_or_default()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_at_a_character_with_an_ellipsis() {
        assert_eq!(quote("Nf3"), "Nf3");
        let long = "é".repeat(1000);
        let quoted = quote(&long);
        assert_eq!(quoted.chars().count(), QUOTE_CHARS + 1);
        assert!(quoted.ends_with('…'));
    }
}
