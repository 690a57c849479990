-- nadare schema, version 9: what is stored about one user is found without reading every
-- row (`/mydata` reads it all, `/forget` deletes it or puts a stand-in in the user's place).
-- Portable SQL, applied to SQLite and PostgreSQL alike. No table changes.
CREATE INDEX challenges_challenger ON challenges (challenger_id);
CREATE INDEX challenges_opponent ON challenges (opponent_id);
CREATE INDEX games_white ON games (white_id);
CREATE INDEX games_black ON games (black_id);
CREATE INDEX ratings_user ON ratings (user_id);
CREATE INDEX rating_changes_user ON rating_changes (user_id);
CREATE INDEX tournaments_creator ON tournaments (creator_id);
CREATE INDEX tournament_players_user ON tournament_players (user_id);
CREATE INDEX tournament_boards_white ON tournament_boards (white_id);
CREATE INDEX tournament_boards_black ON tournament_boards (black_id);
