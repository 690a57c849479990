//! Finding what a player probably meant: legal notations ranked by closeness to the input.

/// The Levenshtein distance between `a` and `b`, by characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = prev[j] + usize::from(ca != *cb);
            cur[j + 1] = substitute.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The notation with the marks that do not change a turn removed: checks, mates,
/// annotation glyphs, capture signs and spaces, so `Nxe4+` and `N:e4` compare equal.
pub fn normalize(notation: &str) -> String {
    notation
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':' | ' '))
        .collect()
}

/// Up to `limit` of `candidates`, closest to `typed` first, without duplicates. Ties go to
/// the candidate sharing the longer beginning with the input (the piece letter usually),
/// then to the candidates' order.
pub fn closest(typed: &str, candidates: &[String], limit: usize) -> Vec<String> {
    let typed = normalize(typed);
    let mut scored: Vec<(usize, usize, usize, &String)> = candidates
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let c_norm = normalize(c);
            let shared = typed
                .chars()
                .zip(c_norm.chars())
                .take_while(|(a, b)| a == b)
                .count();
            (edit_distance(&typed, &c_norm), usize::MAX - shared, i, c)
        })
        .collect();
    scored.sort_by_key(|&(d, shared, i, _)| (d, shared, i));
    let mut out: Vec<String> = Vec::new();
    for (_, _, _, c) in scored {
        if out.len() == limit {
            break;
        }
        if !out.contains(c) {
            out.push(c.clone());
        }
    }
    out
}

/// Up to `limit` of `candidates` for autocompletion: those that begin with what was typed
/// (case-insensitively, marks ignored); when none does, the closest ones (a typo).
pub fn complete(typed: &str, candidates: &[String], limit: usize) -> Vec<String> {
    let key = normalize(typed).to_lowercase();
    let mut out: Vec<String> = candidates
        .iter()
        .filter(|c| normalize(c).to_lowercase().starts_with(&key))
        .take(limit)
        .cloned()
        .collect();
    if out.is_empty() {
        out = closest(typed, candidates, limit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_edits() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("Nf3", "Nf3"), 0);
        assert_eq!(edit_distance("Nf4", "Nf3"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "e4"), 2);
    }

    #[test]
    fn closest_ranks_by_distance_and_drops_duplicates() {
        let c: Vec<String> = ["e4", "Nf3", "Nh3", "Nf3", "d4"].map(String::from).to_vec();
        assert_eq!(closest("Nf4", &c, 2), vec!["Nf3", "Nh3"]);
        assert_eq!(closest("Nxf3+", &c, 1), vec!["Nf3"]);
        assert_eq!(closest("zz", &c, 10).len(), 4);
    }

    #[test]
    fn completion_prefers_prefixes() {
        let c: Vec<String> = ["e3", "e4", "Nf3", "Nc3"].map(String::from).to_vec();
        assert_eq!(
            complete("n", &c, 5)[..2],
            ["Nf3".to_string(), "Nc3".to_string()]
        );
        assert_eq!(complete("", &c, 3), vec!["e3", "e4", "Nf3"]);
    }
}
