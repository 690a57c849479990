//! Colour allocation for a pair (Article 5 of the Dutch rules): both preferences if they
//! differ; else the stronger one (of two absolute ones, the wider colour difference); else
//! alternate from the latest round where the two had different colours; else the higher
//! ranked player's preference; else by the higher ranked player's effective pairing number
//! (odd: the initial colour) and the initial colour.

use crate::model::Colour;

use super::seat::Seat;

/// Whether two preferences can both be granted.
pub fn compatible(a: Option<Colour>, b: Option<Colour>) -> bool {
    a.is_none() || b.is_none() || a != b
}

/// The colour `player` gets against `opponent` by the preferences alone, if they decide.
fn by_preferences(player: &Seat, opponent: &Seat) -> Option<Colour> {
    if compatible(player.preference, opponent.preference) {
        return player
            .preference
            .or(opponent.preference.map(Colour::opposite));
    }
    let wins = |a: &Seat, b: &Seat| a.absolute && (a.imbalance() > b.imbalance() || !b.absolute);
    if wins(player, opponent) {
        return player.preference;
    }
    if wins(opponent, player) {
        return opponent.preference.map(Colour::opposite);
    }
    if player.strong && !opponent.strong {
        return player.preference;
    }
    if opponent.strong && !player.strong {
        return opponent.preference.map(Colour::opposite);
    }
    // Alternate from the latest round (counting back played games) where they differed.
    player
        .colours
        .iter()
        .rev()
        .zip(opponent.colours.iter().rev())
        .find(|(a, b)| a != b)
        .map(|(_, theirs)| *theirs)
}

/// The colour of `player` against `opponent`; `higher` tells whether `player` ranks higher.
pub fn allocate(player: &Seat, opponent: &Seat, higher: bool, initial: Colour) -> Colour {
    if let Some(colour) = by_preferences(player, opponent) {
        return colour;
    }
    let (top, top_is_player) = if higher {
        (player, true)
    } else {
        (opponent, false)
    };
    let top_colour = top.preference.unwrap_or(if top.effective % 2 == 1 {
        initial
    } else {
        initial.opposite()
    });
    if top_is_player {
        top_colour
    } else {
        top_colour.opposite()
    }
}
