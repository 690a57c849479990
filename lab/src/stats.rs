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

    /// The variance of one game's score (1, ½ or 0) about the mean, from the results so far.
    fn variance(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)
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
        let variance = self.variance();
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

/// A sequential probability ratio test between two Elo differences, `elo0` (the change is no
/// better than this) and `elo1` (it is at least this good), with 5% error either way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The difference of the null hypothesis.
    pub elo0: f64,
    /// The difference of the alternative.
    pub elo1: f64,
}

/// What a sequential test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The first player is at least `elo1` stronger (H1 accepted).
    Stronger,
    /// The first player is no more than `elo0` stronger (H0 accepted).
    NotStronger,
    /// More games are needed.
    Continue,
}

impl Sprt {
    /// The bounds of the log-likelihood ratio for 5% errors of both kinds: ln(0.05/0.95)
    /// and ln(0.95/0.05).
    pub const BOUND: f64 = 2.944_438_979_166_440_4;

    /// The log-likelihood ratio of `score` (the normal approximation of the trinomial
    /// game score that fishtest uses: Van den Bergh, "Some comments on the SPRT"), 0 before
    /// the first decisive result.
    pub fn llr(&self, score: &MatchScore) -> f64 {
        let n = f64::from(score.games());
        if n == 0.0 || score.wins + score.losses == 0 {
            return 0.0;
        }
        let s = score.score();
        let variance = score.variance();
        if variance <= 0.0 {
            return 0.0;
        }
        let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance)
    }

    /// What the test says of `score`.
    pub fn verdict(&self, score: &MatchScore) -> Verdict {
        let llr = self.llr(score);
        if llr >= Sprt::BOUND {
            Verdict::Stronger
        } else if llr <= -Sprt::BOUND {
            Verdict::NotStronger
        } else {
            Verdict::Continue
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
    fn the_sprt_decides_clear_results_and_waits_on_close_ones() {
        let test = Sprt {
            elo0: 0.0,
            elo1: 10.0,
        };
        let close = MatchScore {
            wins: 50,
            draws: 100,
            losses: 48,
        };
        assert_eq!(test.verdict(&close), Verdict::Continue);
        let strong = MatchScore {
            wins: 300,
            draws: 400,
            losses: 200,
        };
        assert_eq!(test.verdict(&strong), Verdict::Stronger);
        let weak = MatchScore {
            wins: 200,
            draws: 400,
            losses: 300,
        };
        assert_eq!(test.verdict(&weak), Verdict::NotStronger);
        // By hand: n = 900, s = 5/9, variance = (300·(4/9)² + 400·(1/18)² + 200·(5/9)²)/900
        // = 0.13580; s0 = 0.5, s1 = 0.514388; LLR = 900·0.014388·(1.11111 − 1.014388)/(2·0.13580)
        // = 4.61.
        assert!(
            (test.llr(&strong) - 4.61).abs() < 0.01,
            "{}",
            test.llr(&strong)
        );
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
