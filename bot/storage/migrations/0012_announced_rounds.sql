-- nadare schema, version 12: a tournament's round start (its pairings) and its end count as
-- announced only once a delivered notice showed them, as a game's turns and result do, so
-- one stored and not shown when the process died is announced after a restart. Tournaments
-- of earlier versions count as announced as far as they went. Portable SQL, applied to SQLite
-- and PostgreSQL alike.
ALTER TABLE tournaments ADD COLUMN announced_round BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN announced_over BIGINT NOT NULL DEFAULT 0;
UPDATE tournaments SET announced_round = round,
    announced_over = CASE WHEN state = 'finished' THEN 1 ELSE 0 END;
