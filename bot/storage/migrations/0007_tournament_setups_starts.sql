-- nadare schema, version 7: tournaments from Chess960 setups in any variant that allows them,
-- tournaments that start by themselves, and the role that may organise them.
-- Portable SQL, applied to SQLite and PostgreSQL alike.

-- 1: each round's games start from a Chess960 setup drawn for the round (always in Chess960).
ALTER TABLE tournaments ADD COLUMN random_setup INTEGER NOT NULL DEFAULT 0;
UPDATE tournaments SET random_setup = 1 WHERE variant = 'chess960';

-- When an open tournament starts by itself (Unix ms); NULL once tried, or when its creator
-- starts it by hand.
ALTER TABLE tournaments ADD COLUMN starts_ms BIGINT;

CREATE INDEX tournaments_starts ON tournaments (state, starts_ms);

-- The role whose members may create tournaments, besides those who may manage the server.
ALTER TABLE guild_settings ADD COLUMN organiser_role BIGINT;
