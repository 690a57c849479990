//! `/help` as Discord users see it: the slash commands, the buttons, threads and typed moves.

use super::replies::Outgoing;

const HELP: &str = "\
**nadare** plays standard chess, Chess960 and the Avalanche family. One game per channel or thread; \
`/challenge` opens a thread for the game where it can.
• `/challenge [opponent] [variant] [colour] [chess960] [deadline]` — no opponent: anyone may accept; \
yourself: practice both sides. Chess960 is a number 0-959 or `random`; a deadline is e.g. `10m`, `1h`, `1d`, `3d`
• `/challenge computer:LEVEL` — play the computer, level 1 (a first game) to 8 (strong); it answers at once. `/hint` — a suggested turn, in games against the computer only
• `/accept` · `/decline` · `/cancel` — answer or withdraw a challenge (the buttons do the same); \
`/cancel` also drops a half-entered turn
• `/move` — your turn: `e4`, `Nf3`, `O-O`, UCI `g1f3`; Avalanche `Nf3/a6` whole, or `Nf3` then `a6`. \
The list offers the legal turns as you type
• Buttons under each board: Resign (asks first), Offer draw, Flip board; Queen/Rook/Bishop/Knight for a pushed pawn; \
Confirm or Cancel a turn whose push loses (or `/move` it again to confirm, `/cancel` to drop it)
• `/resign` · `/draw` · `/takeback` · `/abort` (before both sides have moved)
• `/board` · `/moves` · `/games` — the board, the record (with a PGN file), the games in this server
• `/chess960 [number]` — a Chess960 setup · `/rules [variant]` — how each variant is played";

const TYPED: &str =
    "\n• In a game's channel, the player to move may also just write the move as a message.";

/// The help text, mentioning typed moves when they are on.
pub fn outgoing(typed_moves: bool) -> Outgoing {
    let text = if typed_moves {
        format!("{HELP}{TYPED}")
    } else {
        HELP.to_owned()
    };
    Outgoing::private(text)
}
