//! The game service.

mod types;

pub use types::*;
