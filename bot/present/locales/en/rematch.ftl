# Rematches.

rematch-asked = { $player } asks for a rematch, colours swapped.
rematch-no-finished-game = There is no finished game in this channel to play again.
rematch-after-abort = An aborted game has no rematch; start a new challenge instead.
