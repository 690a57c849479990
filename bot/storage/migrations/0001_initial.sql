-- nadare schema, version 1. Portable SQL: runs on SQLite and PostgreSQL alike.
-- Ids are assigned by the service, times are Unix milliseconds, flags are 0/1 integers.

CREATE TABLE challenges (
    id              BIGINT PRIMARY KEY,
    guild_id        BIGINT,
    channel_id      BIGINT NOT NULL,
    challenger_id   BIGINT NOT NULL,
    challenger_name TEXT NOT NULL,
    opponent_id     BIGINT,
    opponent_name   TEXT,
    variant         TEXT NOT NULL,
    setup           TEXT NOT NULL,
    color           TEXT NOT NULL,
    deadline_secs   BIGINT,
    created_ms      BIGINT NOT NULL,
    expires_ms      BIGINT NOT NULL,
    status          TEXT NOT NULL
);

CREATE INDEX challenges_open ON challenges (status);

CREATE TABLE games (
    id              BIGINT PRIMARY KEY,
    guild_id        BIGINT,
    channel_id      BIGINT NOT NULL,
    variant         TEXT NOT NULL,
    chess960        INTEGER,
    white_id        BIGINT NOT NULL,
    white_name      TEXT NOT NULL,
    black_id        BIGINT NOT NULL,
    black_name      TEXT NOT NULL,
    deadline_secs   BIGINT,
    created_ms      BIGINT NOT NULL,
    turn_started_ms BIGINT NOT NULL,
    reminded        INTEGER NOT NULL,
    draw_offer      TEXT,
    takeback        TEXT,
    pending         TEXT,
    status          TEXT NOT NULL,
    winner          TEXT,
    end_reason      TEXT,
    finished_ms     BIGINT
);

CREATE INDEX games_status ON games (status);

CREATE TABLE turns (
    game_id  BIGINT NOT NULL REFERENCES games (id),
    ply      INTEGER NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
