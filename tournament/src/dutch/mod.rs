//! The FIDE (Dutch) System, C.04.3 as applied from 1 February 2026, for the next round of a
//! Swiss tournament.
//!
//! The rules pair brackets from the top score down, choosing in each the pairing that best
//! satisfies the quality criteria in their order, among those that keep the rest of the round
//! pairable (the completion criterion). Here every such choice is one maximum-weight matching
//! over all players still to pair: each edge weight packs one field per criterion, most
//! important first, so the heaviest matching is the best pairing of the current bracket that
//! leaves the rest pairable. The choices the rules leave to the order of candidates (which
//! moved-down players to pair, which players to exchange between S1 and S2, which
//! transposition) are then fixed one player at a time, each time asking the matching whether
//! the preferred choice still keeps an optimal pairing. This is the method of the
//! FIDE-endorsed program bbpPairings, written anew here.

mod bracket;
mod bye;
mod colour;
mod engine;
mod seat;
mod weights;
mod wide;

use thiserror::Error;

use crate::model::{Colour, Pairing, Tournament};

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DutchError {
    /// Fewer than two players are to be paired.
    #[error("fewer than two players to pair")]
    TooFewPlayers,
    /// No pairing respects the absolute criteria (no rematch, colours, one bye each).
    #[error("no pairing of the round respects the absolute criteria")]
    NoValidPairing,
    /// More than 1 000 players, or too many scores in one bracket for the edge weights.
    #[error("too many players or score groups to pair")]
    TooLarge,
    /// A player has an entry after the round to pair (a bye entered two rounds ahead, say):
    /// the FIDE-endorsed program would take the round to pair as played, with everyone else
    /// absent, so the round is refused rather than paired otherwise.
    #[error(
        "player {player} has an entry for round {entry}, after round {round}, the round to pair"
    )]
    EntryAfterRound {
        /// The player's pairing number.
        player: u32,
        /// The round of the entry.
        entry: usize,
        /// The round to pair.
        round: usize,
    },
}

/// A round's pairings: the games (white, black) in the order programs print them, then the
/// bye, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPairing {
    /// The round paired (from 1).
    pub round: u32,
    /// The boards, byes last.
    pub pairings: Vec<Pairing>,
}

/// Pairs the next round: the round after the last one in which any game was paired. Players
/// who already have an entry for that round (an absence, a requested bye) are not paired; an
/// entry for a later round is refused. Players who join late pair with their absent rounds
/// counted as zero-point byes.
pub fn pair_next_round(tournament: &Tournament) -> Result<RoundPairing, DutchError> {
    let played = engine::rounds_paired(tournament);
    if let Some(p) = tournament
        .players
        .iter()
        .find(|p| p.rounds.len() > played + 1)
    {
        return Err(DutchError::EntryAfterRound {
            player: p.number,
            entry: p.rounds.len(),
            round: played + 1,
        });
    }
    let initial = tournament.initial_colour.unwrap_or(Colour::White);
    let pairings = engine::pair(tournament, played, initial)?;
    Ok(RoundPairing {
        round: played as u32 + 1,
        pairings,
    })
}

/// The rounds a Swiss of `players` players is sure to pair without a rematch or a second
/// pairing-allocated bye, whatever the results: ⌈n/2⌉ (half an even field, half of one more
/// for an odd one).
///
/// Before round `r` each player has met at most `r − 1` others, so in the graph of pairs
/// still allowed (with one vertex more for the bye when `n` is odd, joined to those who have
/// not had it) every vertex keeps at least `n − r` (even) or `n + 1 − r` (odd) neighbours.
/// While that is at least half the vertices the graph has a Hamiltonian cycle (Dirac's
/// theorem), hence a perfect matching: a pairing of the round. The bound is tight for many
/// fields (five and six players can jam in round 4, eight in round 5 when more follow); the colour
/// rules (C3) are not part of the proof, and random tournaments of 2–14 players never jammed
/// within it (`tournament/tests/it/sure_rounds.rs`).
pub fn sure_rounds(players: u32) -> u32 {
    players.div_ceil(2)
}

/// The fewest players with whom a Swiss of `rounds` rounds is sure to pair every round (see
/// [`sure_rounds`]): `2 · rounds − 1`.
pub fn sure_players(rounds: u32) -> u32 {
    rounds.saturating_mul(2).saturating_sub(1)
}
