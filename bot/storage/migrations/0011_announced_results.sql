-- nadare schema, version 11: a game's result counts as announced only once a delivered
-- message showed it, as its turns do (`announced_plies`), so a result stored and not shown
-- when the process died is announced after a restart. Games finished before this version
-- count as announced. Portable SQL, applied to SQLite and PostgreSQL alike.
ALTER TABLE games ADD COLUMN announced_over BIGINT NOT NULL DEFAULT 0;
UPDATE games SET announced_over = 1 WHERE status = 'finished';
