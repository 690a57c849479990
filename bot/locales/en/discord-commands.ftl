# The slash commands as Discord lists them: each command's and option's name (the message)
# and description (`.description`), and the choices' names. English names are the ones the
# bot reads, so they stay as they are; other languages' names follow Discord's rules
# (lower case, no spaces, at most 32 characters) and descriptions have at most 100 characters.

command-challenge = challenge
    .description = Challenge someone (or anyone) to a game in this channel
command-challenge-opponent = opponent
    .description = Who you challenge; leave empty for an open challenge anyone may take
command-challenge-computer = computer
    .description = Play the computer at this level, 1 (beginner) to 8 (strong), instead of a person
command-challenge-variant = variant
    .description = The rules to play (standard chess if left empty)
command-challenge-colour = colour
    .description = The colour you play
command-challenge-chess960 = chess960
    .description = Start from a Chess960 setup: its number 0-959, or random
command-challenge-deadline = deadline
    .description = Time for each turn, e.g. 10m, 1h, 1d, 3d (none by default)
command-accept = accept
    .description = Accept the challenge in this channel
command-decline = decline
    .description = Decline the challenge in this channel
command-cancel = cancel
    .description = Withdraw your challenge, or drop the turn you have half entered
command-move = move
    .description = Play your turn, e.g. e4, Nf3/a3 or =Q Kd2/e6
command-move-notation = notation
    .description = Your move or Avalanche turn
command-hint = hint
    .description = A turn suggested by the computer (in games against the computer only)
command-resign = resign
    .description = Give up the game
command-draw = draw
    .description = Offer, accept or decline a draw
command-draw-action = action
    .description = What to do (offer by default)
command-takeback = takeback
    .description = Ask to take back your last turn, or answer such a request
command-takeback-action = action
    .description = What to do (request by default)
command-abort = abort
    .description = Call the game off before both sides have moved
command-board = board
    .description = Show the current board
command-board-flip = flip
    .description = Show it from the other side
command-moves = moves
    .description = The record of the game so far, with a PGN-style file
command-games = games
    .description = The games going on in this server
command-chess960 = chess960
    .description = Show a Chess960 setup without starting a game
command-chess960-number = number
    .description = Setup number 0-959 (random if empty)
command-rules = rules
    .description = How the variants are played
command-rules-variant = variant
    .description = The variant (all of them if left empty)
command-help = help
    .description = What nadare can do
command-challenge-rated = rated
    .description = Whether the result changes ratings (yes by default between two people)
command-rating = rating
    .description = A player's ratings in this server
command-rating-user = user
    .description = Whose ratings (yours if left empty)
command-rating-variant = variant
    .description = Only this variant family's rating
command-leaderboard = leaderboard
    .description = The best-rated players of a variant family in this server, and your place
command-leaderboard-variant = variant
    .description = The variant family (the one you play most if left empty)
command-language = language
    .description = The language of this server's public messages (server managers only)
command-language-language = language
    .description = English, Japanese, or the server's own Discord language

## Choices

choice-variant-standard = { variant-standard }
choice-variant-chess960 = { variant-chess960 }
choice-variant-avalanche = { variant-avalanche }
choice-variant-avalanche-balanced = { variant-avalanche-balanced }
choice-variant-avalanche-reversed = { variant-avalanche-reversed }
choice-colour-white = White
choice-colour-black = Black
choice-colour-random = Random
choice-action-offer = offer
choice-action-request = request
choice-action-accept = accept
choice-action-decline = decline
choice-family-standard = { rating-family-standard }
choice-family-chess960 = { rating-family-chess960 }
choice-family-avalanche = { rating-family-avalanche }
choice-language-en = { server-language-en }
choice-language-ja = { server-language-ja }
choice-language-default = The server's Discord language
