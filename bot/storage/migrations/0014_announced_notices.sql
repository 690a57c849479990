-- nadare schema, version 14: the other notices players must be told count as told only once
-- a delivered message showed them, as a game's turns and a tournament's rounds do, so one
-- stored and not shown when the process died is announced after a restart:
-- - a challenge's lapse (`unannounced_end` 1 until shown);
-- - a player's withdrawal from a tournament, or removal after two forfeits
--   (`unannounced_withdrawal` 'withdrew' or 'removed' until shown, NULL otherwise);
-- - a game's start: `announced_plies` NULL now means that not even the start was shown. The
--   games of earlier versions without a count count as shown as far as they went.
-- Portable SQL, applied to SQLite and PostgreSQL alike.
ALTER TABLE challenges ADD COLUMN unannounced_end BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournament_players ADD COLUMN unannounced_withdrawal TEXT;
UPDATE games SET announced_plies = (SELECT COUNT(*) FROM turns WHERE turns.game_id = games.id)
    WHERE announced_plies IS NULL;
