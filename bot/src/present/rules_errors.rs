//! The rules' refusals in words: illegal turns and impossible setups.

use rules::{MoveError, SetupError};

use super::Say;
use crate::fluent_args;

impl Say {
    /// Why a turn cannot be played.
    pub(crate) fn move_error(&self, error: &MoveError) -> String {
        self.text(
            "refusal-illegal",
            &fluent_args![("error", capitalized(&error.to_string()))],
        )
    }

    /// Why a game cannot be set up as asked.
    pub(crate) fn setup_error(&self, error: &SetupError) -> String {
        self.text(
            "refusal-illegal",
            &fluent_args![("error", capitalized(&error.to_string()))],
        )
    }
}

/// The sentence with its first letter in upper case, and a full stop.
fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => format!("{}.", c.to_uppercase().chain(chars).collect::<String>()),
        None => String::new(),
    }
}
