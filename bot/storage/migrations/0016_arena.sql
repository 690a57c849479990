-- nadare schema, version 16: arenas, and tournaments on a clock.
-- - `time_control`: the clock of a tournament's games (`180000+2000`, base and increment in
--   milliseconds), NULL for deadlines;
-- - `arena_secs`: how long an arena lasts; `ends_ms`: when a running arena stops pairing,
--   set once at its start;
-- - each board's `berserk`: the sides that went berserk in its game (`w`, `b`, `wb` or
--   empty), stored with the result for the arena's score.
-- Portable SQL, applied to SQLite and PostgreSQL alike.
ALTER TABLE tournaments ADD COLUMN time_control TEXT;
ALTER TABLE tournaments ADD COLUMN arena_secs BIGINT;
ALTER TABLE tournaments ADD COLUMN ends_ms BIGINT;
ALTER TABLE tournament_boards ADD COLUMN berserk TEXT NOT NULL DEFAULT '';
