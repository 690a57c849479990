-- nadare schema, version 4: rated games and Glicko-2 ratings, the archive's listing,
-- vacations and per-server settings. Portable SQL, applied to SQLite and PostgreSQL alike.

-- Rated or casual. Games and challenges stored before ratings existed count as casual.
ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

-- One Glicko-2 rating per server, variant family (standard, chess960, avalanche) and player,
-- with the player's rated record. `games` also serves as the row's revision: a rating is
-- written only over the one it was computed from.
CREATE TABLE ratings (
    guild_id   BIGINT NOT NULL,
    family     TEXT NOT NULL,
    user_id    BIGINT NOT NULL,
    user_name  TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    wins       BIGINT NOT NULL,
    draws      BIGINT NOT NULL,
    losses     BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (guild_id, family, user_id)
);

CREATE INDEX ratings_board ON ratings (guild_id, family, rating);

-- What each rated game did to its players' ratings, written with the game's result.
CREATE TABLE rating_changes (
    game_id           BIGINT NOT NULL REFERENCES games (id),
    user_id           BIGINT NOT NULL,
    rating_before     DOUBLE PRECISION NOT NULL,
    deviation_before  DOUBLE PRECISION NOT NULL,
    volatility_before DOUBLE PRECISION NOT NULL,
    rating_after      DOUBLE PRECISION NOT NULL,
    deviation_after   DOUBLE PRECISION NOT NULL,
    volatility_after  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- The archive lists a server's finished games, newest first.
CREATE INDEX games_archive ON games (status, guild_id, finished_ms);

-- A player's vacation under way (it pauses the deadlines of all their games, in every
-- server), and the days used per calendar year.
CREATE TABLE vacations (
    user_id    BIGINT PRIMARY KEY,
    started_ms BIGINT NOT NULL,
    ends_ms    BIGINT NOT NULL,
    year       BIGINT NOT NULL,
    days       BIGINT NOT NULL
);

CREATE TABLE vacation_days (
    user_id   BIGINT NOT NULL,
    year      BIGINT NOT NULL,
    days_used BIGINT NOT NULL,
    PRIMARY KEY (user_id, year)
);

-- Per-server settings: the language of public messages (NULL: the server's Discord locale).
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    lang     TEXT
);
