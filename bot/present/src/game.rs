//! Words for players, games and turns that many messages share.

use rules::Color;

use super::Say;
use crate::fluent_args;
use domain::messages::{GameKind, Players, Ply};

impl Say {
    /// A name as the front shows names; a forgotten player's as "deleted user" in the
    /// reply's language.
    pub(crate) fn name(&self, name: &str) -> String {
        self.style.name(&self.person(name))
    }

    /// A name as stored, with a forgotten player's put in the reply's language ("deleted
    /// user", 「削除されたユーザー」), unstyled: for pictures.
    pub(crate) fn person(&self, name: &str) -> String {
        if name == domain::FORGOTTEN_NAME {
            self.plain("deleted-user")
        } else {
            name.to_owned()
        }
    }

    /// A name, or "anyone" for `None`.
    pub(crate) fn name_or_anyone(&self, name: Option<&str>) -> String {
        match name {
            Some(n) => self.name(n),
            None => self.plain("anyone"),
        }
    }

    /// Notation or a command as the front shows them.
    pub(crate) fn code(&self, code: &str) -> String {
        self.style.code(code)
    }

    /// "alice (White)"; a name that ends in a parenthesis keeps one: "nadare (level 8,
    /// Black)".
    pub(crate) fn player(&self, name: &str, color: Color) -> String {
        let person = self.person(name);
        let detailed = person
            .strip_suffix(')')
            .and_then(|rest| rest.rsplit_once(" ("))
            .filter(|(base, detail)| !base.is_empty() && !detail.is_empty());
        match detailed {
            Some((base, detail)) => self.text(
                "player-with-color-detail",
                &fluent_args![
                    ("name", self.style.name(base)),
                    ("detail", detail.to_owned()),
                    ("color", self.color(color))
                ],
            ),
            None => self.text(
                "player-with-color",
                &fluent_args![("name", self.name(name)), ("color", self.color(color))],
            ),
        }
    }

    /// "alice (White) vs bob (Black)".
    pub(crate) fn players(&self, players: &Players) -> String {
        self.text(
            "players",
            &fluent_args![
                ("white", self.player(&players.white, Color::White)),
                ("black", self.player(&players.black, Color::Black))
            ],
        )
    }

    /// "Avalanche 960 (setup #12)", "Chess960 (setup #518)", "Standard chess", "Standard
    /// chess from a position".
    pub(crate) fn kind(&self, kind: GameKind) -> String {
        let variant = self.variant(kind.variant);
        if kind.from_position {
            return self.text("kind-position", &fluent_args![("variant", variant)]);
        }
        match kind.chess960 {
            Some(n) if kind.variant.rules().push => self.text(
                "kind-960",
                &fluent_args![("variant", variant), ("number", n)],
            ),
            Some(n) => self.text(
                "kind-setup",
                &fluent_args![("variant", variant), ("number", n)],
            ),
            None => variant,
        }
    }

    /// "12. e4", "12... e5": the number the way records write it, and the notation.
    pub(crate) fn ply(&self, ply: &Ply) -> String {
        let dots = match ply.mover {
            Color::White => ".",
            Color::Black => "...",
        };
        format!("{}{dots} {}", ply.number, ply.notation)
    }

    /// Items as a list: "a, b and c".
    pub(crate) fn list(&self, items: Vec<String>) -> String {
        self.joined(items, "list-pair")
    }

    /// Items to choose from: "a, b or c".
    pub(crate) fn alternatives(&self, items: Vec<String>) -> String {
        self.joined(items, "list-pair-or")
    }

    /// Items joined by commas, the last two by the catalog message `pair`.
    fn joined(&self, items: Vec<String>, pair: &str) -> String {
        let mut items = items.into_iter().rev();
        let Some(last) = items.next() else {
            return String::new();
        };
        let Some(before) = items.next() else {
            return last;
        };
        let pair = self.text(pair, &fluent_args![("first", before), ("second", last)]);
        items.fold(pair, |rest, first| {
            self.text("list-more", &fluent_args![("first", first), ("rest", rest)])
        })
    }
}
