//! Integration tests of nadare-tournament: the Berger tables, the TRF reader and writer.

mod berger;
mod dutch;
mod matching;
mod swiss_properties;
mod tiebreak;
mod trf;
