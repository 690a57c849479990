//! `/help` as Discord users see it: the slash commands, the buttons, threads and typed moves,
//! from the catalog `discord-help.ftl` in the asker's language.

use super::replies::Outgoing;
use present::i18n::{self, Lang, Surface};

/// The help text in `lang`, mentioning typed moves when they are on.
pub fn text(lang: Lang, typed_moves: bool) -> String {
    let help = i18n::plain(lang, Surface::Discord, "help");
    if typed_moves {
        let typed = i18n::plain(lang, Surface::Discord, "help-typed-moves");
        format!("{help}\n{typed}")
    } else {
        help
    }
}

/// The help, as a private answer in `lang`.
pub fn outgoing(lang: Lang, typed_moves: bool) -> Outgoing {
    Outgoing::private(text(lang, typed_moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::Id;

    #[test]
    fn help_names_the_slash_commands_in_each_language_and_typed_moves_only_when_on() {
        let english = text(Lang::En, false);
        assert!(english.contains("/challenge opponent:"), "{english}");
        assert!(!english.contains("write the move as a message"));
        assert!(text(Lang::En, true).contains("write the move as a message"));
        let japanese = text(Lang::Ja, true);
        assert!(japanese.contains("/挑戦 相手:"), "{japanese}");
        assert!(japanese.contains("書き込む"), "{japanese}");
        for lang in Lang::all() {
            let length = text(lang, true).chars().count();
            assert!(length <= 2000, "{lang:?}: {length} characters");
        }
    }
}
