//! What the service says, as data: one enum per area of the game, gathered in [`Message`].
//! Each front words a message from the catalogs (see [`crate::present`]); nothing here is
//! prose.

/// One thing a reply says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// Text not yet turned into data (transitional).
    Text(String),
}

impl From<String> for Message {
    fn from(text: String) -> Message {
        Message::Text(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message::Text(text.to_owned())
    }
}
