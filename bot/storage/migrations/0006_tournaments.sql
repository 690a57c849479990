-- nadare schema, version 6: tournaments, their players, and each round's boards.
-- Portable SQL, applied to SQLite and PostgreSQL alike.

-- A tournament. `round` is the round being played (0 before the start); every change of
-- `round` or `state` is written only over the round and state it was read in, so a round is
-- paired once however many processes see its last game end.
CREATE TABLE tournaments (
    id            BIGINT PRIMARY KEY,
    guild_id      BIGINT NOT NULL,
    channel_id    BIGINT NOT NULL,
    name          TEXT NOT NULL,
    variant       TEXT NOT NULL,
    format        TEXT NOT NULL,
    rounds        BIGINT NOT NULL,
    deadline_secs BIGINT,
    rated         INTEGER NOT NULL,
    state         TEXT NOT NULL,
    round         BIGINT NOT NULL,
    creator_id    BIGINT NOT NULL,
    creator_name  TEXT NOT NULL,
    created_ms    BIGINT NOT NULL
);

CREATE INDEX tournaments_guild ON tournaments (guild_id, state);

-- Its players in joining order (`seq`, from 1: pairing numbers follow it).
CREATE TABLE tournament_players (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    user_id       BIGINT NOT NULL,
    user_name     TEXT NOT NULL,
    seq           BIGINT NOT NULL,
    withdrawn     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
);

-- Each round's boards: white (or the player with the bye), black (NULL for a bye), the id
-- reserved for the board's game, the round's Chess960 setup, and the result once known.
CREATE TABLE tournament_boards (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    round         BIGINT NOT NULL,
    board         BIGINT NOT NULL,
    white_id      BIGINT NOT NULL,
    white_name    TEXT NOT NULL,
    black_id      BIGINT,
    black_name    TEXT,
    game_id       BIGINT,
    setup         BIGINT,
    result        TEXT,
    PRIMARY KEY (tournament_id, round, board)
);

CREATE INDEX tournament_boards_game ON tournament_boards (game_id);
