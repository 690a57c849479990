-- nadare schema, version 2: what several processes sharing one database need. Portable SQL,
-- applied to SQLite and PostgreSQL alike.

-- Every write of a game expects the revision it read and stores the next one (optimistic
-- concurrency): a process holding an older state is refused instead of overwriting.
ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;

-- Ids come from the database, so processes sharing it never hand out the same one.
CREATE TABLE ids (next_id BIGINT NOT NULL);
INSERT INTO ids (next_id)
    SELECT COALESCE(MAX(id), 0) + 1
    FROM (SELECT id FROM games UNION ALL SELECT id FROM challenges) AS everything;

-- A process loads the games of its servers, and reloads a channel after a conflict.
CREATE INDEX games_channel ON games (channel_id, status);
CREATE INDEX challenges_channel ON challenges (channel_id, status);
