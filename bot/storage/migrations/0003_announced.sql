-- nadare schema, version 3: how many plies of each game a front has shown its players, so a
-- turn stored but not yet announced when the process died is announced after a restart.
-- NULL: the front does not keep count (every stored turn counts as announced).
ALTER TABLE games ADD COLUMN announced_plies INTEGER;
