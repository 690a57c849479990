-- nadare schema, version 13: what the web board keeps. `secrets` holds the key its addresses
-- and links are signed with, made by the first process that needs it and shared by every
-- process on the database; `web_tokens` the play links already used (a link is good for one
-- visit), kept until they expire. Neither holds anything about a user. Portable SQL,
-- applied to SQLite and PostgreSQL alike.
CREATE TABLE secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE web_tokens (
    nonce      TEXT PRIMARY KEY,
    expires_ms BIGINT NOT NULL
);
