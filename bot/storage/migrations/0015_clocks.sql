-- nadare schema, version 15: chess clocks.
-- - `time_control` of a challenge and of a game: base and increment in milliseconds, as
--   `180000+2000`; NULL for a game without a clock (deadlines, or none).
-- - `clock_white_ms`, `clock_black_ms`: both sides' remaining times when the current turn
--   began (NULL without a clock); `berserk`: the sides that halved their clock in an arena
--   (`w`, `b`, `wb` or empty).
-- - each turn's `white_ms` and `black_ms`: both remaining times after it (NULL without a
--   clock), so a record keeps every turn's clocks.
-- Portable SQL, applied to SQLite and PostgreSQL alike.
ALTER TABLE challenges ADD COLUMN time_control TEXT;
ALTER TABLE games ADD COLUMN time_control TEXT;
ALTER TABLE games ADD COLUMN clock_white_ms BIGINT;
ALTER TABLE games ADD COLUMN clock_black_ms BIGINT;
ALTER TABLE games ADD COLUMN berserk TEXT NOT NULL DEFAULT '';
ALTER TABLE turns ADD COLUMN white_ms BIGINT;
ALTER TABLE turns ADD COLUMN black_ms BIGINT;
