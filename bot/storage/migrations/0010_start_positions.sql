-- nadare schema, version 10: a game may start from any position a challenger gives
-- (`/challenge position:`), stored as FEN; NULL for a game from its variant's usual start or a
-- numbered Chess960 setup. Portable SQL, applied to SQLite and PostgreSQL alike.
ALTER TABLE games ADD COLUMN start_fen TEXT;
