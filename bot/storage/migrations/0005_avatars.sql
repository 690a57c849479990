-- nadare schema, version 5: a server may turn players' pictures off on its boards.
-- Portable SQL, applied to SQLite and PostgreSQL alike. 1 shows them (the default), 0 not.
ALTER TABLE guild_settings ADD COLUMN avatars INTEGER NOT NULL DEFAULT 1;
