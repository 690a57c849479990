//! Words shared by many messages and the board image: colours, variants, outcomes, durations.

use std::time::Duration;

use rules::{Color, EndReason, Outcome, Variant};

use super::Say;
use crate::fluent_args;

impl Say {
    /// "White", 「白」.
    pub(crate) fn color(&self, color: Color) -> String {
        self.plain(match color {
            Color::White => "color-white",
            Color::Black => "color-black",
        })
    }

    /// "Balanced Avalanche", 「バランス・アバランチ」.
    pub(crate) fn variant(&self, variant: Variant) -> String {
        self.plain(&format!("variant-{}", variant.id()))
    }

    /// "White wins by checkmate", 「チェックメイトで白の勝ち」.
    pub(crate) fn outcome(&self, outcome: &Outcome) -> String {
        let key = match outcome.reason {
            EndReason::Checkmate => "outcome-checkmate",
            EndReason::Stalemate => "outcome-stalemate",
            EndReason::ThreefoldRepetition => "outcome-threefold",
            EndReason::FiftyMoveRule => "outcome-fifty-move",
            EndReason::InsufficientMaterial => "outcome-insufficient-material",
            EndReason::PromotedIntoCheck => "outcome-promoted-into-check",
            EndReason::ExposedOwnKing => "outcome-exposed-own-king",
            EndReason::Resignation => "outcome-resignation",
            EndReason::DrawAgreed => "outcome-draw-agreed",
            EndReason::Aborted => "outcome-aborted",
            EndReason::Timeout => "outcome-timeout",
            EndReason::TimeForfeit if outcome.winner.is_none() => "outcome-time-forfeit-drawn",
            EndReason::TimeForfeit => "outcome-time-forfeit",
        };
        let winner = outcome.winner.map(|c| self.color(c)).unwrap_or_default();
        self.text(key, &fluent_args![("winner", winner)])
    }

    /// "1d 2h", 「1日2時間」: whole days, hours, minutes and seconds, the larger first.
    pub(crate) fn duration(&self, d: Duration) -> String {
        let mut secs = d.as_secs();
        if secs == 0 {
            return self.text("duration-seconds", &fluent_args![("n", 0)]);
        }
        let mut parts = Vec::new();
        for (unit, key) in [
            (86_400, "duration-days"),
            (3600, "duration-hours"),
            (60, "duration-minutes"),
            (1, "duration-seconds"),
        ] {
            if secs >= unit {
                parts.push(self.text(key, &fluent_args![("n", secs / unit)]));
                secs %= unit;
            }
        }
        let mut parts = parts.into_iter().rev();
        let last = parts.next().unwrap_or_default();
        parts.fold(last, |smaller, larger| {
            self.text(
                "duration-pair",
                &fluent_args![("larger", larger), ("smaller", smaller)],
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Surface};

    /// Durations read the way the commands take them in English, and in Japanese units.
    #[test]
    fn durations_in_both_languages() {
        let en = Say::new(Lang::En, Surface::Console);
        let ja = Say::new(Lang::Ja, Surface::Discord);
        let d = Duration::from_secs(93_600 + 61);
        assert_eq!(en.duration(d), "1d 2h 1m 1s");
        assert_eq!(ja.duration(d), "1日2時間1分1秒");
        assert_eq!(en.duration(Duration::from_secs(600)), "10m");
        assert_eq!(ja.duration(Duration::from_secs(600)), "10分");
        assert_eq!(en.duration(Duration::ZERO), "0s");
    }
}
