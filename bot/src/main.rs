//! The `nadare` binary.

fn main() {}
