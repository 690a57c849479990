-- nadare schema, version 8: the engine's reviews of finished games, kept so a second request
-- is answered at once, and stored as under way before they are searched, so a restart finds
-- and restarts them. Portable SQL, applied to SQLite and PostgreSQL alike.
CREATE TABLE reviews (
    game_id        BIGINT PRIMARY KEY REFERENCES games (id),
    depth          INTEGER NOT NULL,
    started_ms     BIGINT NOT NULL,
    -- NULL while under way; the columns after it are set with it.
    finished_ms    BIGINT,
    -- Each position's evaluation for White, from the start, separated by spaces: centipawns,
    -- or #N (#-N) for a mate in N turns by White (Black); #0 and #-0: won on the board.
    evals          TEXT,
    -- White's and Black's accuracy in tenths of a percent; NULL for a player without turns.
    accuracy_white INTEGER,
    accuracy_black INTEGER,
    -- The ply of the turn that decided the game, if one did.
    decided_ply    INTEGER,
    -- The marked turns, one a line, fields separated by tabs: the ply, the judgement
    -- (inaccuracy, mistake, blunder), the loss in tenths of a percentage point, then the
    -- better turn and the line after it, one turn a field, in the record's notation.
    marks          TEXT
);

CREATE INDEX reviews_under_way ON reviews (finished_ms, started_ms);
