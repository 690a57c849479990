# Resignations, draws, takebacks and aborts.

offer-resigned = { $player } resigns.
offer-aborted = { $player } aborted the game.
offer-self-draw = { $player } agrees a draw with themself.
offer-draw-offered = { $by } offers a draw. { $to }: { -cmd-draw-accept } or { -cmd-draw-decline } (a move declines it too).
offer-draw-accepted = { $by } accepts { $offerer }'s draw offer.
offer-draw-declined = { $by } declines { $offerer }'s draw offer. The game goes on.
offer-self-takeback = { $player } takes back a turn.
offer-takeback-requested = { $by } asks to take back their last turn. { $to }: { -cmd-takeback-accept } or { -cmd-takeback-decline }.
offer-takeback-granted = { $by } grants { $requester }'s takeback.
offer-takeback-declined = { $by } declines { $requester }'s takeback request.
