//! nadare end-to-end tests.
