//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", Boston University), written
//! out here rather than taken from a crate: the whole system is some sixty lines of
//! arithmetic, and owning it keeps the stored figures independent of a dependency's
//! rounding or API changes. The tests check it against the paper's published worked example.
//!
//! Every rated game is its own rating period (the usual practice of game servers and bots,
//! where games end one at a time and players expect to see their rating move at once). No
//! rating-deviation growth for idle time is applied between periods: a period is a game, not
//! a span of time. The system constant τ is 0.5; a new player starts at 1500 / 350 / 0.06,
//! the paper's defaults.

/// The system constant τ, which limits how fast the volatility may change.
pub const TAU: f64 = 0.5;

/// The Glicko-2 scale factor between the displayed scale and the internal one.
const SCALE: f64 = 173.7178;

/// The convergence tolerance of the volatility iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// A player's rating on the displayed (Glicko) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The rating r.
    pub rating: f64,
    /// The rating deviation RD.
    pub deviation: f64,
    /// The volatility σ.
    pub volatility: f64,
}

impl Default for Glicko {
    /// An unrated player: 1500, RD 350, σ 0.06.
    fn default() -> Glicko {
        Glicko {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// One game's result for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

impl Score {
    /// The score s of the formulas: 1, ½ or 0.
    pub const fn value(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    /// The opponent's result.
    pub const fn opposite(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// Rates one game between two players: their new ratings, `white` scoring `white_score`.
/// Each player is rated against the other's rating from before the game.
pub fn rate_game(white: Glicko, black: Glicko, white_score: Score) -> (Glicko, Glicko) {
    (
        rate(white, &[(black, white_score)], TAU),
        rate(black, &[(white, white_score.opposite())], TAU),
    )
}

/// The rating of `player` after one rating period with `games` (each opponent's rating before
/// the period and the player's score against them), with system constant `tau`. With no
/// games only the deviation grows, as the paper prescribes.
pub fn rate(player: Glicko, games: &[(Glicko, Score)], tau: f64) -> Glicko {
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    if games.is_empty() {
        return Glicko {
            deviation: (phi * phi + sigma * sigma).sqrt() * SCALE,
            ..player
        };
    }
    // Steps 3 and 4: the estimated variance v and the estimated improvement Δ.
    let mut inverse_v = 0.0;
    let mut improvement = 0.0;
    for (opponent, score) in games {
        let mu_j = (opponent.rating - 1500.0) / SCALE;
        let g = g(opponent.deviation / SCALE);
        let expected = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
        inverse_v += g * g * expected * (1.0 - expected);
        improvement += g * (score.value() - expected);
    }
    let v = 1.0 / inverse_v;
    let delta = v * improvement;
    // Step 5: the new volatility.
    let sigma = new_volatility(phi, sigma, v, delta, tau);
    // Steps 6 and 7: the new deviation and rating.
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu = mu + phi * phi * improvement;
    // Step 8: back to the displayed scale.
    Glicko {
        rating: SCALE * mu + 1500.0,
        deviation: SCALE * phi,
        volatility: sigma,
    }
}

/// g(φ): how much a result against an opponent of deviation φ says.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// Step 5 of the paper: σ' by the Illinois variant of regula falsi on f(x) = 0, x = ln σ'².
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let (phi2, delta2) = (phi * phi, delta * delta);
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex).powi(2)) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta2 > phi2 + v {
        (delta2 - phi2 - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(rating: f64, deviation: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Rounds to `places` decimals, as the paper prints its figures.
    fn round(x: f64, places: i32) -> f64 {
        let k = 10f64.powi(places);
        (x * k).round() / k
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", glicko.net, also at
    /// math.bu.edu/people/mg/glicko/glicko2.doc/example.html): a 1500 / 200 / 0.06 player
    /// beats a 1400 / 30 player and loses to 1550 / 100 and 1700 / 300, τ = 0.5. The paper
    /// prints μ' = -0.2069, φ' = 0.8722, σ' = 0.05999, r' = 1464.06 and RD' = 151.52.
    #[test]
    fn matches_the_published_worked_example() {
        let games = [
            (player(1400.0, 30.0), Score::Win),
            (player(1550.0, 100.0), Score::Loss),
            (player(1700.0, 300.0), Score::Loss),
        ];
        let after = rate(player(1500.0, 200.0), &games, 0.5);
        // The paper's internal-scale results, printed to four decimals.
        assert_eq!(
            round((after.rating - 1500.0) / SCALE, 4),
            -0.2069,
            "{after:?}"
        );
        assert_eq!(round(after.deviation / SCALE, 4), 0.8722, "{after:?}");
        // σ' is 0.0599960; the paper prints its first five decimals.
        assert!((0.05999..0.06).contains(&after.volatility), "{after:?}");
        // The paper converts the rounded μ' = -0.2069 back (173.7178 × -0.2069 + 1500 =
        // 1464.06); unrounded it is 1464.0507, so the published figures hold to within 0.01.
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    }

    #[test]
    fn one_game_between_equals_moves_both_by_equal_and_opposite_amounts() {
        let (white, black) = rate_game(Glicko::default(), Glicko::default(), Score::Win);
        // Equal players: the winner gains what the loser loses, and both become surer.
        assert!(white.rating > 1500.0 && black.rating < 1500.0);
        assert!((white.rating - 1500.0 - (1500.0 - black.rating)).abs() < 1e-9);
        assert!(white.deviation < 350.0 && black.deviation < 350.0);
        // By hand for 1500/350 against 1500/350, a win: φ = 2.0148, g = 0.66907, E = ½,
        // v = 1/(g²·¼) = 8.9355; with σ' ≈ 0.06, φ' = 1/√(1/(φ² + σ'²) + 1/v) = 1.6712 and
        // μ' = φ'²·g·½ = 0.93434, so r' = 1662.31 and RD' = 290.32 (σ' moving by 10⁻⁴ shifts
        // them by under 0.001).
        assert!((white.rating - 1662.31).abs() < 0.01, "{white:?}");
        assert!((white.deviation - 290.32).abs() < 0.01, "{white:?}");
        let (drawn, _) = rate_game(Glicko::default(), Glicko::default(), Score::Draw);
        assert!((drawn.rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn an_idle_period_only_widens_the_deviation() {
        let before = player(1600.0, 100.0);
        let after = rate(before, &[], TAU);
        assert_eq!(after.rating, 1600.0);
        assert_eq!(after.volatility, 0.06);
        // φ* = √(φ² + σ²) on the internal scale.
        let expected = ((100.0f64 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt() * SCALE;
        assert!((after.deviation - expected).abs() < 1e-9);
        assert!(after.deviation > 100.0);
    }
}
