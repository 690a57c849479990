//! Support for the workspace-level tests in `tests/`: nothing ships from here.
