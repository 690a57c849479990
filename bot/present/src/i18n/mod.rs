//! The message catalogs: every word nadare shows, in English and Japanese, written in
//! Project Fluent (`bot/present/locales/LANG/*.ftl`, embedded at build time).
//!
//! A language's files are shared by every front, except those named for a front
//! (`discord*.ftl`, `console*.ftl`): they hold what each front says its own way, such as how
//! a command is written (`/accept` on Discord, `accept` in the console) and the help. A front
//! formats a message with the bundle of its [`Surface`]; the board image uses the shared
//! messages only (any surface has them).
//!
//! The test in `check.rs` fails when a message is missing in one language, or its variables
//! differ between the languages.

#[cfg(test)]
mod check;
#[cfg(test)]
mod content;

use domain::Id;
use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;

pub use domain::Lang;
pub use fluent_bundle::{FluentArgs, FluentValue};

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// The language tag a Fluent bundle is made for.
fn langid(lang: Lang) -> unic_langid::LanguageIdentifier {
    lang.id().parse().unwrap_or_default()
}

/// Where words are shown: each front has catalog files of its own beside the shared ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// Discord messages, embeds, buttons and command descriptions.
    Discord,
    /// The terminal of `nadare local`.
    Console,
}

impl Surface {
    /// Both surfaces.
    pub const ALL: [Surface; 2] = [Surface::Discord, Surface::Console];

    /// The prefix of the catalog files that belong to this surface only.
    const fn prefix(self) -> &'static str {
        match self {
            Surface::Discord => "discord",
            Surface::Console => "console",
        }
    }

    /// Whether the catalog file `stem` is read for this surface: shared files, and its own.
    fn reads(self, stem: &str) -> bool {
        match front_of(stem) {
            None => true,
            Some(front) => front == self,
        }
    }
}

/// The front a catalog file belongs to, or `None` for a shared file.
fn front_of(stem: &str) -> Option<Surface> {
    Surface::ALL
        .into_iter()
        .find(|s| stem == s.prefix() || stem.starts_with(&format!("{}-", s.prefix())))
}

type Bundle = FluentBundle<FluentResource>;

/// One bundle per language and surface.
pub struct Catalogs {
    bundles: Vec<(Lang, Surface, Bundle)>,
}

/// The catalogs, built on first use.
pub fn catalogs() -> &'static Catalogs {
    static CATALOGS: LazyLock<Catalogs> = LazyLock::new(Catalogs::build);
    &CATALOGS
}

/// Formats `key` in `lang` for `surface` (see [`Catalogs::text`]).
pub fn text(lang: Lang, surface: Surface, key: &str, args: &FluentArgs) -> String {
    catalogs().text(lang, surface, key, args)
}

/// Formats `key`, which takes no variables, in `lang` for `surface`.
pub fn plain(lang: Lang, surface: Surface, key: &str) -> String {
    catalogs().text(lang, surface, key, &FluentArgs::new())
}

impl Catalogs {
    /// Parses the embedded files into bundles. A file that does not parse, or a message
    /// defined twice, is logged and skipped (the catalog test keeps that from shipping).
    fn build() -> Catalogs {
        let mut bundles = Vec::new();
        for lang in Lang::all() {
            for surface in Surface::ALL {
                let mut bundle = Bundle::new_concurrent(vec![langid(lang)]);
                // Discord and terminals show Unicode isolation marks as stray characters.
                bundle.set_use_isolating(false);
                for (file_lang, stem, source) in RESOURCES {
                    if *file_lang != lang.id() || !surface.reads(stem) {
                        continue;
                    }
                    let resource = match FluentResource::try_new((*source).to_owned()) {
                        Ok(r) => r,
                        Err((r, errors)) => {
                            tracing::error!(
                                lang = lang.id(),
                                file = stem,
                                ?errors,
                                "catalog file has syntax errors"
                            );
                            r
                        }
                    };
                    if let Err(errors) = bundle.add_resource(resource) {
                        tracing::error!(
                            lang = lang.id(),
                            file = stem,
                            ?errors,
                            "catalog file clashes with another"
                        );
                    }
                }
                bundles.push((lang, surface, bundle));
            }
        }
        Catalogs { bundles }
    }

    fn bundle(&self, lang: Lang, surface: Surface) -> Option<&Bundle> {
        self.bundles
            .iter()
            .find(|(l, s, _)| *l == lang && *s == surface)
            .map(|(_, _, b)| b)
    }

    /// Whether `key` (a message id, or `id.attribute`) exists in `lang` for `surface`.
    pub fn has(&self, lang: Lang, surface: Surface, key: &str) -> bool {
        self.bundle(lang, surface)
            .is_some_and(|b| format_in(b, key, &FluentArgs::new()).is_some())
    }

    /// The message `key` (a message id, or `id.attribute` for one of its attributes) in
    /// `lang` for `surface`, with `args` filled in. A message missing in `lang` falls back to
    /// English, and one missing everywhere shows its key; both are logged.
    pub fn text(&self, lang: Lang, surface: Surface, key: &str, args: &FluentArgs) -> String {
        for l in [lang, Lang::En] {
            if let Some(text) = self
                .bundle(l, surface)
                .and_then(|b| format_in(b, key, args))
            {
                if l != lang {
                    tracing::warn!(lang = lang.id(), key, "message missing; said in English");
                }
                return text;
            }
        }
        tracing::warn!(key, "message missing in every language");
        key.to_owned()
    }
}

/// `key` formatted by `bundle`, or `None` when it has no such message or attribute.
/// Formatting errors (a variable not given) are logged; the text shows the variable's name.
fn format_in(bundle: &Bundle, key: &str, args: &FluentArgs) -> Option<String> {
    let (id, attribute) = match key.split_once('.') {
        Some((id, attr)) => (id, Some(attr)),
        None => (key, None),
    };
    let message = bundle.get_message(id)?;
    let pattern = match attribute {
        Some(attr) => message.get_attribute(attr)?.value(),
        None => message.value()?,
    };
    let mut errors = Vec::new();
    let text: Cow<str> = bundle.format_pattern(pattern, Some(args), &mut errors);
    if !errors.is_empty() {
        tracing::warn!(key, ?errors, "message formatted with errors");
    }
    Some(text.into_owned())
}

/// Arguments for a message: `args![("name", value), …]` with any value Fluent takes.
#[macro_export]
macro_rules! fluent_args {
    ($(($name:expr, $value:expr)),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = $crate::i18n::FluentArgs::new();
        $(args.set($name, $value);)*
        args
    }};
}
