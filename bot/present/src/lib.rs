//! The service's replies presented: each [`Message`] becomes a catalog message in the reply's
//! language, worded for the front that shows it (Discord markdown and slash commands, or the
//! console's plain text and its commands), and the reply's board and replay are labelled in
//! that language and drawn ([`draw`]) (a review's graph too, and its annotated record written) with the players' pictures a front finds
//! ([`Pictures`]), after the service has let the game go.

mod archive;
mod challenge;
mod draw;
mod game;
pub mod i18n;
mod image;
mod info;
mod notice;
mod offers;
mod pictures;
mod privacy;
mod rating;
mod refusal;
mod rematch;
mod review;
mod rules_errors;
#[cfg(test)]
mod samples;
mod standings;
mod style;
mod tournament;
mod turn;
mod vacation;
mod view;
mod words;

use domain::messages::{Keyed, Message};
use domain::{Action, Reply};

use crate::i18n::{FluentArgs, Lang, Surface};

pub use draw::{board_scene, draw};
pub use pictures::{Pictures, picture_of};
pub use style::{Style, escape_markdown};

/// The text of `reply` as `surface` shows it, one message per line.
pub fn reply_text(reply: &Reply, surface: Surface) -> String {
    let say = Say::new(reply.lang, surface);
    reply
        .messages
        .iter()
        .map(|m| message(&say, m))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One message in `lang` as `surface` shows it.
pub fn message_text(said: &Message, lang: Lang, surface: Surface) -> String {
    message(&Say::new(lang, surface), said)
}

/// What is played, in `lang`: "Avalanche 960 (setup #12)", "Standard chess".
pub fn kind_text(kind: domain::messages::GameKind, lang: Lang) -> String {
    Say::new(lang, Surface::Console).kind(kind)
}

/// The label of a button offering `action`.
pub fn action_label(action: Action, lang: Lang, surface: Surface) -> String {
    Say::new(lang, surface).plain(&format!("button-{}", action.id()))
}

fn message(say: &Say, message: &Message) -> String {
    match message {
        Message::Challenge(m) => challenge::words(say, m),
        Message::Turn(m) => turn::words(say, m),
        Message::Offer(m) => offers::words(say, m),
        Message::View(m) => view::words(say, m),
        Message::Info(m) => info::words(say, m),
        Message::Notice(m) => notice::words(say, m),
        Message::Refusal(m) => refusal::words(say, m),
        Message::Archive(m) => archive::words(say, m),
        Message::Rematch(m) => rematch::words(say, m),
        Message::Vacation(m) => vacation::words(say, m),
        Message::Rating(m) => rating::rating(say, m),
        Message::Settings(m) => rating::settings(say, m),
        Message::Tournament(m) => tournament::words(say, m),
        Message::Review(m) => review::words(say, m),
        Message::Privacy(m) => privacy::words(say, m),
    }
}

#[cfg(test)]
thread_local! {
    /// The catalog keys asked for, for the tests.
    static ASKED: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// What wording needs: the language, and the front's style.
pub(crate) struct Say {
    lang: Lang,
    style: Style,
}

impl Say {
    fn new(lang: Lang, surface: Surface) -> Say {
        Say {
            lang,
            style: Style::of(surface),
        }
    }

    /// The catalog message `key` with `args`.
    pub(crate) fn text(&self, key: &str, args: &FluentArgs) -> String {
        #[cfg(test)]
        ASKED.with(|a| a.borrow_mut().push(key.to_owned()));
        i18n::text(self.lang, self.style.surface(), key, args)
    }

    /// The catalog message of `message`'s variant, its key (see [`Keyed`]), with `args`.
    pub(crate) fn says(&self, message: &impl Keyed, args: &FluentArgs) -> String {
        self.text(message.key(), args)
    }

    /// One form of a message worded in several: its variant's key, a dash and `form`.
    pub(crate) fn says_form(&self, message: &impl Keyed, form: &str, args: &FluentArgs) -> String {
        self.text(&format!("{}-{form}", message.key()), args)
    }

    /// The catalog message `key`, which takes no variables.
    pub(crate) fn plain(&self, key: &str) -> String {
        self.text(key, &FluentArgs::new())
    }
}
