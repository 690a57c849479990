//! Chess960 setups and their numbers 0–959 (Scharnagl's scheme), both ways.

use crate::types::Role;

const KNIGHT_PATTERNS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The number of the usual setup (RNBQKBNR).
pub const STANDARD_NUMBER: u16 = 518;

/// The back rank, a-file first, of setup `n`; `None` when `n` is not 0–959.
pub fn position_from_number(n: u16) -> Option<[Role; 8]> {
    if n > 959 {
        return None;
    }
    let n = usize::from(n);
    let mut rank: [Option<Role>; 8] = [None; 8];
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    rank[2 * ((n / 4) % 4)] = Some(Role::Bishop);
    let empty = |rank: &[Option<Role>; 8]| -> Vec<usize> {
        (0..8).filter(|&i| rank[i].is_none()).collect()
    };
    let queen = *empty(&rank).get((n / 16) % 6)?;
    rank[queen] = Some(Role::Queen);
    let (a, b) = KNIGHT_PATTERNS[n / 96];
    let free = empty(&rank);
    rank[*free.get(a)?] = Some(Role::Knight);
    rank[*free.get(b)?] = Some(Role::Knight);
    for (slot, role) in empty(&rank)
        .into_iter()
        .zip([Role::Rook, Role::King, Role::Rook])
    {
        rank[slot] = Some(role);
    }
    let mut out = [Role::Pawn; 8];
    for (o, r) in out.iter_mut().zip(rank) {
        *o = r?;
    }
    Some(out)
}

/// The number of a back rank (a-file first), if it is a Chess960 setup.
pub fn number_from_back_rank(rank: &[Role; 8]) -> Option<u16> {
    let files = |role: Role| (0..8).filter(move |&i| rank[i] == role);
    let bishops: Vec<usize> = files(Role::Bishop).collect();
    let (&[b1, b2], &[q], &[n1, n2]) = (
        bishops.as_slice(),
        files(Role::Queen).collect::<Vec<_>>().as_slice(),
        files(Role::Knight).collect::<Vec<_>>().as_slice(),
    ) else {
        return None;
    };
    let (light, dark) = if b1 % 2 == 1 { (b1, b2) } else { (b2, b1) };
    if light % 2 != 1 || dark % 2 != 0 {
        return None;
    }
    let q_index = (0..q).filter(|&i| i != b1 && i != b2).count();
    let others: Vec<usize> = (0..8).filter(|&i| i != b1 && i != b2 && i != q).collect();
    let pos = |f: usize| others.iter().position(|&o| o == f);
    let pattern = KNIGHT_PATTERNS
        .iter()
        .position(|&p| Some(p) == pos(n1).zip(pos(n2)))?;
    let n = pattern * 96 + q_index * 16 + (dark / 2) * 4 + (light - 1) / 2;
    let n = u16::try_from(n).ok()?;
    (position_from_number(n).as_ref() == Some(rank)).then_some(n)
}

/// The back rank of setup `n` as letters ("RNBQKBNR").
pub fn back_rank_string(n: u16) -> Option<String> {
    position_from_number(n).map(|rank| rank.iter().map(|r| r.upper_char()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_setups_of_rules_md() {
        for (n, s) in [
            (518, "RNBQKBNR"),
            (0, "BBQNNRKR"),
            (177, "BNRBNKRQ"),
            (411, "RQNNBKRB"),
            (959, "RKRNNQBB"),
        ] {
            assert_eq!(back_rank_string(n).as_deref(), Some(s), "setup {n}");
        }
        assert_eq!(position_from_number(960), None);
    }

    #[test]
    fn all_960_round_trip_and_are_distinct_and_valid() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let rank = position_from_number(n);
            assert!(rank.is_some(), "setup {n}");
            let rank = rank.unwrap_or([Role::Pawn; 8]);
            assert_eq!(number_from_back_rank(&rank), Some(n));
            assert!(seen.insert(rank));
            let king = rank.iter().position(|&r| r == Role::King);
            let rooks: Vec<usize> = (0..8).filter(|&i| rank[i] == Role::Rook).collect();
            assert!(king.is_some_and(|k| rooks.len() == 2 && rooks[0] < k && k < rooks[1]));
        }
        assert_eq!(number_from_back_rank(&[Role::Rook; 8]), None);
    }
}
