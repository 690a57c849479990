//! Integration tests of nadare-tournament: the Berger tables, the Dutch system against the
//! FIDE-endorsed program's pairings, the matching, tiebreaks, the TRF reader and writer.

mod berger;
mod dutch;
mod dutch_oracle;
mod dutch_varied;
mod fuzz_checks;
mod fuzz_regressions;
mod matching;
mod sure_rounds;
mod swiss_properties;
mod tiebreak;
mod trf;
