//! The result of a match and the Elo difference it suggests, with its error bar.

use std::fmt;

/// Wins, draws and losses of the first player of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games the first player won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

/// An Elo difference with its 95% error bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The most likely difference (first player minus second).
    pub diff: f64,
    /// Half the width of the 95% interval; infinite when a side scored every point.
    pub margin: f64,
}

/// The Elo difference that gives expected score `score` (0 < score < 1).
fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

impl MatchScore {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score, 0 to 1 (0.5 before any game).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The Elo difference and its 95% interval from the normal approximation of the mean
    /// game score. With a score of 0 or 1 the difference is infinite.
    pub fn elo(&self) -> EloEstimate {
        let n = f64::from(self.games());
        let s = self.score();
        if n == 0.0 {
            return EloEstimate {
                diff: 0.0,
                margin: f64::INFINITY,
            };
        }
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        let variance = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        let spread = 1.96 * (variance / n).sqrt();
        let clamp = |x: f64| x.clamp(0.0, 1.0);
        let bound = |x: f64| match x {
            x if x <= 0.0 => f64::NEG_INFINITY,
            x if x >= 1.0 => f64::INFINITY,
            x => elo_of(x),
        };
        let diff = bound(s);
        let low = bound(clamp(s - spread));
        let high = bound(clamp(s + spread));
        EloEstimate {
            diff,
            margin: ((high - low) / 2.0).abs(),
        }
    }
}

impl fmt::Display for MatchScore {
    /// `+12 =5 -3 (72.5%), Elo +168 ± 120`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.elo();
        write!(
            f,
            "+{} ={} -{} ({:.1}%), Elo ",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score()
        )?;
        if e.diff.is_finite() {
            write!(f, "{:+.0}", e.diff)?;
        } else if e.diff > 0.0 {
            f.write_str("+inf")?;
        } else {
            f.write_str("-inf")?;
        }
        if e.margin.is_finite() {
            write!(f, " ± {:.0}", e.margin)
        } else {
            f.write_str(" ± inf")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_match_is_zero_elo() {
        let even = MatchScore {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let e = even.elo();
        assert!(e.diff.abs() < 1e-9);
        // Score 0.5 ± 1.96 * 0.5 / sqrt(20) = 0.5 ± 0.219: Elo of 0.719 is 163.
        assert!((e.margin - 163.0).abs() < 2.0, "{}", e.margin);
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        // 400 * log10(3) = 190.8.
        let m = MatchScore {
            wins: 30,
            draws: 0,
            losses: 10,
        };
        assert!((m.elo().diff - 190.8).abs() < 0.1);
        assert_eq!(m.to_string().split(',').next(), Some("+30 =0 -10 (75.0%)"));
    }

    #[test]
    fn a_clean_sweep_is_unbounded() {
        let m = MatchScore {
            wins: 5,
            draws: 0,
            losses: 0,
        };
        assert!(m.to_string().contains("+inf"));
    }
}
