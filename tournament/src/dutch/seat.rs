//! What the Dutch rules need to know of each player to be paired: score, colour history and
//! preference, floats in the last two rounds, bye eligibility, and who they have played.

use std::collections::BTreeSet;

use crate::model::{Colour, Entry, Outcome, Player, Points, Tournament};

/// A float received in a past round (Article 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    /// Paired with a lower score, or scored more than a loss without playing.
    Down,
    /// Paired with a higher score.
    Up,
    /// Neither.
    None,
}

/// A player to be paired, as the rules see them before the round.
#[derive(Debug, Clone)]
pub struct Seat {
    /// The pairing number (TPN).
    pub number: u32,
    /// The effective pairing number of this round (from 1): the rank of the pairing number
    /// among the players who take part in the tournament so far (see [`takes_part`]). The
    /// initial colour goes by it (the last rule of Article 5).
    pub effective: u32,
    /// The score this round is paired by: the points before it, plus its acceleration.
    pub score: Points,
    /// The points before this round, without acceleration.
    pub points: Points,
    /// Colour difference: whites minus blacks in played games.
    pub difference: i32,
    /// The colour of the last two played games, when they were the same.
    pub repeated: Option<Colour>,
    /// The colour preference, if any (Article 1.7).
    pub preference: Option<Colour>,
    /// Whether the preference is absolute.
    pub absolute: bool,
    /// Whether the preference is strong (and not absolute).
    pub strong: bool,
    /// The colours of the played games, oldest first.
    pub colours: Vec<Colour>,
    /// The float of the previous round and of the round before.
    pub floats: [Float; 2],
    /// Whether the pairing-allocated bye may go to this player (C2: no earlier PAB, and no
    /// win's points scored without playing: a forfeit win or a requested full-point bye).
    pub bye_eligible: bool,
    /// Games played over the board.
    pub played: u32,
    /// The players met over the board (a forfeit is not a game).
    pub met: BTreeSet<u32>,
}

impl Seat {
    /// The colour imbalance as a magnitude.
    pub fn imbalance(&self) -> u32 {
        self.difference.unsigned_abs()
    }

    /// Whether the colour difference alone makes the preference absolute.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance() > 1
    }
}

/// The entry of `player` in round `round` (from 0), an absence when it has none.
pub fn entry(player: &Player, round: usize) -> Entry {
    player.rounds.get(round).copied().unwrap_or(Entry {
        opponent: None,
        colour: None,
        outcome: Outcome::ZeroBye,
    })
}

/// The score of `player` for pairing round `round` (from 0): the points of the rounds before,
/// and the round's acceleration.
fn score_before(tournament: &Tournament, player: &Player, round: usize) -> Points {
    player.score_after(round) + tournament.acceleration(player.number, round)
}

/// Whether `player` counts for the effective pairing numbers of round `played + 1`: everyone
/// to be paired, and everyone who has ever been paired (a game, a forfeit or the
/// pairing-allocated bye). A player who has only been absent so far and is absent again (a
/// late entrant with a requested bye, say) holds no number yet, as in the FIDE-endorsed
/// program bbpPairings, so the colours of round 1 alternate over the players present.
pub fn takes_part(player: &Player, played: usize) -> bool {
    player.rounds.len() <= played
        || player
            .rounds
            .iter()
            .any(|e| e.opponent.is_some() || e.outcome == Outcome::PairingBye)
}

/// The seat of `player`, whose effective pairing number is `effective`, when pairing round
/// `played + 1`.
pub fn seat(tournament: &Tournament, player: &Player, effective: u32, played: usize) -> Seat {
    let entries: Vec<Entry> = (0..played).map(|r| entry(player, r)).collect();
    let colours: Vec<Colour> = entries
        .iter()
        .filter(|e| e.played())
        .filter_map(|e| e.colour)
        .collect();
    let difference = colours
        .iter()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum::<i32>();
    let repeated = match colours.as_slice() {
        [.., a, b] if a == b => Some(*b),
        _ => None,
    };
    let absolute = difference.abs() > 1 || repeated.is_some();
    let preference = if difference < -1 {
        Some(Colour::White)
    } else if difference > 1 {
        Some(Colour::Black)
    } else if let Some(c) = repeated {
        Some(c.opposite())
    } else if difference == -1 {
        Some(Colour::White)
    } else if difference == 1 {
        Some(Colour::Black)
    } else {
        colours.last().map(|c| c.opposite())
    };
    let strong = !absolute && difference.abs() == 1;
    let float = |back: usize| -> Float {
        if played < back {
            return Float::None;
        }
        let round = played - back;
        let e = entry(player, round);
        // A round not played over the board (a forfeit either way, a bye, an absence) is a
        // downfloat when it brought points and no float otherwise, whatever the scores of a
        // forfeiting pair (Article 1.4, as bbpPairings applies it).
        if !e.played() {
            return if e.outcome.points() > Points(0) {
                Float::Down
            } else {
                Float::None
            };
        }
        let mine = score_before(tournament, player, round);
        let theirs = e
            .opponent
            .and_then(|o| tournament.player(o))
            .map_or(mine, |o| score_before(tournament, o, round));
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        }
    };
    let bye_eligible = !entries.iter().any(|e| {
        e.outcome == Outcome::PairingBye || (!e.played() && e.outcome.points() >= Points::WIN)
    });
    Seat {
        number: player.number,
        effective,
        score: score_before(tournament, player, played),
        points: player.score_after(played),
        difference,
        repeated,
        preference,
        absolute,
        strong,
        floats: [float(1), float(2)],
        bye_eligible,
        played: entries.iter().filter(|e| e.played()).count() as u32,
        met: entries
            .iter()
            .filter(|e| e.played())
            .filter_map(|e| e.opponent)
            .collect(),
        colours,
    }
}
