//! The dev-only kit of nadare's tests: nothing here ships.
