//! How each front sets names, notation and commands apart from the words around them.

use crate::i18n::Surface;

/// A front's way of marking names and code in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style(Surface);

impl Style {
    /// The style of `surface`.
    pub const fn of(surface: Surface) -> Style {
        Style(surface)
    }

    /// The surface this style is for.
    pub const fn surface(self) -> Surface {
        self.0
    }

    /// A person's name: bold, markdown escaped, on Discord; as it is in the console.
    pub fn name(self, name: &str) -> String {
        match self.0 {
            Surface::Discord => format!("**{}**", escape_markdown(name)),
            Surface::Console => name.to_owned(),
        }
    }

    /// Notation or a command: in backticks on Discord; as it is in the console.
    pub fn code(self, code: &str) -> String {
        match self.0 {
            Surface::Discord => format!("`{}`", code.replace('`', "'")),
            Surface::Console => code.to_owned(),
        }
    }

    /// A line about something in a channel, with a link to the channel on Discord (the
    /// console has no channel names to show).
    pub fn with_channel(self, line: String, channel: u64) -> String {
        match self.0 {
            Surface::Discord => format!("{line} · <#{channel}>"),
            Surface::Console => line,
        }
    }

    /// A heading or an emphasised phrase: bold on Discord.
    pub fn strong(self, text: &str) -> String {
        match self.0 {
            Surface::Discord => format!("**{text}**"),
            Surface::Console => text.to_owned(),
        }
    }
}

/// `name` with Discord's markdown characters escaped, so `*bob*` shows as typed.
pub fn escape_markdown(name: &str) -> String {
    let mut escaped = String::with_capacity(name.len());
    for c in name.chars() {
        if matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '[' | ']') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_in_names_is_escaped_on_discord_only() {
        assert_eq!(escape_markdown("*bob*_x"), "\\*bob\\*\\_x");
        assert_eq!(Style::of(Surface::Discord).name("*bob*"), "**\\*bob\\***");
        assert_eq!(Style::of(Surface::Console).name("*bob*"), "*bob*");
        assert_eq!(Style::of(Surface::Discord).code("Nf3/a6"), "`Nf3/a6`");
        assert_eq!(Style::of(Surface::Console).code("Nf3/a6"), "Nf3/a6");
    }
}
