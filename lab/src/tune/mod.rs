//! Tuning the evaluation. The network of standard chess and Chess960 is trained
//! ([`train`]) on self-play positions labelled by a stronger engine. The linear
//! evaluation's weights are fitted by Texel's method: the engine plays games against itself
//! ([`play`]) and keeps their quiet positions with each game's result; the fit ([`fit`])
//! then moves the weights until the evaluation, turned into an expected score by a logistic
//! curve, predicts those results as well as it can (least squares). Quiet means that the
//! quiescence search finds nothing better than the static evaluation and the side to move is
//! not in check: there the evaluation alone is what the result is compared with.
//!
//! A sample is one line of text: White's score (the game's result, `1`, `0.5` or `0`, or an
//! expected score from 0 to 1), the variant and the FEN.
//! `nadare tune play` writes such files and `nadare tune fit` reads them.

mod fit;
mod play;
mod train;

pub use fit::{FitReport, FitSettings, Sample, fit, parse_sample};
pub use play::{PlayError, PlaySettings, play};
pub use train::{Epoch, Point, TrainSettings, Trained, net_error, train};
