//! A turn the player to move has half entered: a promotion choice or a move still waiting
//! for its push, or a losing turn waiting to be confirmed. Stored as a short string so it
//! survives restarts (buttons keep working).

use rules::{Move, Push, Role, Square, Turn, TurnPrefix};

/// A half-entered turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pending {
    /// The first part(s) of a turn; the rest is still to come.
    Prefix(TurnPrefix),
    /// A whole turn whose push loses, waiting for confirmation.
    Confirm(Turn),
}

impl Pending {
    /// The stored form: `prefix:Q:e2e4`, `confirm:-:g1f3:a7a6` (`-` for an absent part).
    pub(crate) fn encode(&self) -> String {
        match self {
            Pending::Prefix(p) => format!("prefix:{}:{}", role_out(p.promotion), move_out(p.mv)),
            Pending::Confirm(t) => format!(
                "confirm:{}:{}:{}",
                role_out(t.promotion),
                move_out(t.mv),
                t.push
                    .map(|p| format!("{}{}", p.from, p.to))
                    .unwrap_or_else(|| "-".to_string())
            ),
        }
    }

    /// Reads the stored form back; `None` if it is not one [`Pending::encode`] writes.
    pub(crate) fn decode(s: &str) -> Option<Pending> {
        let parts: Vec<&str> = s.split(':').collect();
        match parts.as_slice() {
            ["prefix", promo, mv] => Some(Pending::Prefix(TurnPrefix {
                promotion: role_in(promo)?,
                mv: move_in(mv)?,
            })),
            ["confirm", promo, mv, push] => Some(Pending::Confirm(Turn {
                promotion: role_in(promo)?,
                mv: move_in(mv)?,
                push: push_in(push)?,
            })),
            _ => None,
        }
    }
}

fn role_out(role: Option<Role>) -> String {
    role.map(|r| r.upper_char().to_string())
        .unwrap_or_else(|| "-".to_string())
}

fn role_in(s: &str) -> Option<Option<Role>> {
    match s {
        "-" => Some(None),
        _ => {
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Role::from_char(c).map(Some),
                _ => None,
            }
        }
    }
}

fn move_out(mv: Option<Move>) -> String {
    match mv {
        Some(m) => format!(
            "{}{}{}",
            m.from,
            m.to,
            m.promotion
                .map(|r| r.upper_char().to_ascii_lowercase().to_string())
                .unwrap_or_default()
        ),
        None => "-".to_string(),
    }
}

fn squares(s: &str) -> Option<(Square, Square, &str)> {
    let from = s.get(0..2)?.parse().ok()?;
    let to = s.get(2..4)?.parse().ok()?;
    Some((from, to, s.get(4..)?))
}

fn move_in(s: &str) -> Option<Option<Move>> {
    if s == "-" {
        return Some(None);
    }
    let (from, to, rest) = squares(s)?;
    let promotion = if rest.is_empty() {
        None
    } else {
        Some(role_in(rest)??)
    };
    Some(Some(Move {
        from,
        to,
        promotion,
    }))
}

fn push_in(s: &str) -> Option<Option<Push>> {
    if s == "-" {
        return Some(None);
    }
    match squares(s)? {
        (from, to, "") => Some(Some(Push { from, to })),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap_or(Square::A1)
    }

    #[test]
    fn pending_turns_round_trip() {
        let cases = [
            Pending::Prefix(TurnPrefix {
                promotion: Some(Role::Queen),
                mv: None,
            }),
            Pending::Prefix(TurnPrefix {
                promotion: None,
                mv: Some(Move {
                    from: sq("g1"),
                    to: sq("f3"),
                    promotion: None,
                }),
            }),
            Pending::Confirm(Turn {
                promotion: Some(Role::Knight),
                mv: Some(Move {
                    from: sq("e7"),
                    to: sq("e8"),
                    promotion: Some(Role::Rook),
                }),
                push: Some(Push {
                    from: sq("d2"),
                    to: sq("d1"),
                }),
            }),
        ];
        for p in cases {
            assert_eq!(
                Pending::decode(&p.encode()),
                Some(p.clone()),
                "{}",
                p.encode()
            );
        }
        assert_eq!(Pending::decode("prefix:X:e2e4"), None);
        assert_eq!(Pending::decode("confirm:-:e2e4"), None);
        assert_eq!(Pending::decode("prefix:-:e2e9"), None);
        assert_eq!(Pending::decode(""), None);
    }
}
