//! The fixed texts: help, and the rules of each variant as rules.md states them.

use rules::Variant;

/// The list of commands.
pub(crate) const HELP: &str = "\
**nadare** plays standard chess, Chess960 and the Avalanche family. One game or challenge per channel (use a thread per game).
• `challenge [opponent] [variant] [setup 0-959 | random960] [white|black|random] [deadline 10m/1h/1d/3d]` — no opponent: anyone may accept; yourself: practice both sides
• `challenge computer [level 1-8]` — play the computer (level 3 unless named); it answers each turn at once · `hint` — a suggested turn, in games against the computer only
• `accept` · `decline` · `cancel` — answer or withdraw a challenge (it lapses after 10 minutes); `cancel` also drops a half-entered turn
• `move NOTATION` — your turn: `e4`, `Nf3`, `O-O`, UCI `g1f3`; Avalanche `Nf3/a6` whole or `Nf3` then `a6`; a pending promotion first: `=Q`
• `promote Q|R|B|N` · `confirm` · `cancel-push` — choose a piece for a pushed pawn; confirm or drop a turn whose push loses
• `resign` · `draw [offer|accept|decline]` · `takeback [request|accept|decline]` · `abort` (before both sides have moved)
• `board [flip]` · `moves` · `games` — see the board, the record (with a PGN file), the games in this server
• `chess960 [N]` — show a Chess960 setup · `rules [variant]` — how each variant is played";

/// The variants, one line each.
pub(crate) fn variants_overview() -> String {
    let mut out = String::from("Variants (write `rules VARIANT` for more):\n");
    for v in Variant::ALL {
        out.push_str(&format!("• `{}` — {}: {}\n", v.id(), v.name(), summary(v)));
    }
    out.push_str("Draws: threefold repetition, fifty moves, insufficient material, agreement.");
    out
}

fn summary(v: Variant) -> &'static str {
    match v {
        Variant::Standard => "orthodox chess from the usual setup",
        Variant::Chess960 => "orthodox chess from one of 960 Fischer Random setups",
        Variant::Avalanche => "every turn ends by pushing an enemy pawn one square",
        Variant::AvalancheBalanced => "Avalanche where White's first turn has no push",
        Variant::AvalancheReversed => "Avalanche with Black's king on d8 and queen on e8",
    }
}

const ORTHODOX: &str = "FIDE rules: castling, en passant, promotion to Q/R/B/N, check, checkmate, stalemate. \
Draws are automatic on threefold repetition, the fifty-move rule (100 plies with no capture or pawn move) \
and insufficient material. A game also ends by resignation, agreed draw, abort before both sides have moved, \
or a missed move deadline.";

const CHESS960: &str = "The back rank is one of 960 setups, numbered 0–959 (518 is the usual one): \
bishops on opposite colours, the king between the rooks, Black mirroring White. Castling: after O-O the king \
stands on g and the rook on f; after O-O-O the king on c and the rook on d. It needs the king and that rook \
unmoved, the squares they pass over or land on empty but for them, and no square the king stands on, crosses \
or reaches attacked. Write O-O / O-O-O, or move the king onto its own rook.";

const AVALANCHE: &str = "A turn has up to three parts:\n\
1. **Promotion choice** — when the opponent pushed one of your pawns to its last rank, you choose Q, R, B or N \
for it first (`=Q`). If the new piece attacks the enemy king you win at once.\n\
2. **The move** — an ordinary legal move (no en passant). It must not leave your king attacked.\n\
3. **The push** — you must push one enemy pawn one square straight toward you onto an empty square (never two \
squares, never a capture), whenever one can step. If your push leaves your own king attacked, you lose at once \
(I ask you to confirm such a turn). A pawn pushed to its last rank waits there, attacking nothing, until its \
owner chooses its piece.\n\
No legal move: checkmate if in check, else stalemate (draw). A push counts as a pawn move for the fifty-move rule. \
Notation: move, slash, the square the pushed pawn lands on: `Nf3/a6`; no push: `Nf3//`; a promotion choice \
first: `=Q Kd2/e6`. You may enter `Nf3` and then the push on its own.";

/// The rules of `variant`, short and as rules.md states them.
pub(crate) fn rules_text(variant: Variant) -> String {
    match variant {
        Variant::Standard => format!("**Standard chess** — the usual setup. {ORTHODOX}"),
        Variant::Chess960 => format!("**Chess960** — {CHESS960}\n{ORTHODOX}"),
        Variant::Avalanche => format!(
            "**Avalanche** (Ralph Betza, 1977) — the usual setup, orthodox rules plus the push.\n{AVALANCHE}\n\
             It may also start from a Chess960 setup (Avalanche 960)."
        ),
        Variant::AvalancheBalanced => format!(
            "**Balanced Avalanche** — Avalanche where White's very first turn has no push.\n{AVALANCHE}\n\
             It may also start from a Chess960 setup."
        ),
        Variant::AvalancheReversed => format!(
            "**Reversed Avalanche** (Castelli's Avalanche II) — Black's king stands on d8 and queen on e8; \
             White's first turn pushes as usual.\n{AVALANCHE}\n\
             Black castles by moving the king two squares toward the rook, which lands on the square the king \
             crossed: O-O is king d8→f8 with rook h8→e8, O-O-O is king d8→b8 with rook a8→c8."
        ),
    }
}
