# What the console says itself: its markers, and its refusals of lines it cannot read.

console-only-user-sees = (only { $user } sees this)
console-notice = [notice]
console-notice-in-room = [notice in room { $room }]
console-notice-of-game = [notice of game #{ $game }, in a room not named since the start]
console-image = [image] { $path }
console-file = [file] { $path }
console-image-not-saved = [image not saved] cannot write { $path }: { $error }
console-file-not-saved = [file not saved] cannot write { $path }: { $error }
console-buttons = [buttons] { $labels }
console-error = error: { $error }
console-line-error = line { $number }: { $error }
console-line-too-long = the line is too long ({ $bytes } bytes; at most { $max }), skipped
console-line-not-utf8 = the line is not valid UTF-8 (bad byte at column { $column }), skipped
console-no-user = expected `USER> COMMAND`, e.g. `alice> challenge bob avalanche`
console-bad-user = `{ $name }` is not a user name: use one word, e.g. `alice`
console-bad-room = `{ $name }` is not a room name: use one word, e.g. `alice@room2>`
console-long-name = `{ $name }` is too long for a name: at most { $max } characters

# Refusals of commands the console cannot read. `$command` is the command word, `$text` what
# was typed, `$suggestion` a command it resembles.
console-command-empty = no command given; write `help` for the list
console-command-unknown = unknown command `{ $text }`; write `help` for the list
console-command-did-you-mean = unknown command `{ $text }` (did you mean `{ $suggestion }`?)
console-command-write-move = unknown command `{ $text }` (to play a move write `move { $text }`)
console-command-needs-move = `{ $command }` needs a move, e.g. `move e4` or `move Nf3/a3`
console-command-needs-piece = `{ $command }` needs a piece: Q, R, B or N
console-command-needs-level = `{ $command }`: `level` needs a number from 1 to 8
console-command-no-arguments = `{ $command }` takes no arguments, but got `{ $text }`
console-command-not-flip = `{ $command }`: `{ $text }` is not `flip`
console-command-not-language = `{ $command }`: `{ $text }` is not `en`, `ja` or `default`
console-command-not-on-off = `{ $command }`: `{ $text }` is not `on` or `off`
console-command-not-piece = `{ $command }`: `{ $text }` is not a piece; choose Q, R, B or N
console-command-not-draw-answer = `{ $command }`: `{ $text }` is not `offer`, `accept` or `decline`
console-command-not-takeback-answer = `{ $command }`: `{ $text }` is not `request`, `accept` or `decline`
console-command-not-colour = `{ $command }`: `{ $text }` is not a colour: `white`, `black` or `random`
console-command-not-variant = `{ $command }`: `{ $text }` is not a variant: choose standard, chess960, avalanche, avalanche-balanced or avalanche-reversed
console-command-not-family = `{ $command }`: `{ $text }` is not a rating: choose bullet, blitz, rapid, classical, correspondence (or standard), chess960 or avalanche
console-command-not-setup = `{ $command }`: `{ $text }` is not a Chess960 setup: write a number from 0 to 959, or `random`
console-command-not-level = `{ $command }`: level `{ $text }` does not exist: choose 1 to 8
console-command-not-deadline = `{ $command }`: `{ $text }` is not a deadline: write it like 10m, 1h, 1d or 3d
console-command-not-time = `{ $command }`: `{ $text }` is not a time control: write minutes+seconds, like 5+3 or 0.5+0 (0.5 to 180 minutes, 0 to 60 seconds)
console-command-one-family = `{ $command }` takes one variant at most, but got `{ $text }`
console-command-two-variants = `{ $command }`: two variants given (`{ $text }`)
console-command-split-variant = `{ $command }`: `{ $text }` is one variant written in two words: write `{ $suggestion }`
console-command-already-named = `{ $command }`: `{ $text }`: someone else is already named
console-command-unknown-option = `{ $command }`: unknown option `{ $text }`
console-command-unreadable = `{ $command }`: `{ $text }` is not a variant, a setup (0 to 959), a colour or a deadline (like 10m, 1h or 3d); to challenge a user of that name write `@{ $text }`
console-command-extra-word = `{ $command }`: `{ $text }` is not a variant, setup, colour or deadline, and an opponent is already named
console-command-computer-and-user = `{ $command }`: name either the computer or a user, not both
console-command-setup-and-position = `{ $command }`: give either a Chess960 setup or a position, not both
console-command-no-position = `{ $command }`: `position` needs a FEN after it, like `position 4k3/8/8/8/8/8/8/4K2R w K - 0 1`
console-command-level-without-computer = `{ $command }`: a level is for a game against the computer, e.g. `challenge computer level 3`
console-command-needs-elo = `{ $command }`: `elo` needs a number from 1350 to 2850
console-command-not-elo = `{ $command }`: Stockfish plays at an Elo from 1350 to 2850, not `{ $text }`
console-command-elo-without-stockfish = `{ $command }`: an Elo is for a game against Stockfish, e.g. `challenge stockfish elo 1800`
console-command-needs-game-id = `{ $command }` needs a game id, e.g. `game 12`
console-command-needs-days = `{ $command }` needs a number of days, e.g. `vacation 3`, or `end`
console-command-not-game-id = `{ $command }`: `{ $text }` is not a game id (a number, e.g. `12`)
console-command-not-page = `{ $command }`: `{ $text }` is not a page number from 1
console-command-not-turn = `{ $command }`: `{ $text }` is not a turn: write a number from 0 (the start)
console-command-not-days = `{ $command }`: `{ $text }` is not a number of days from 1, nor `end`
console-command-needs-tournament = `{ $command }` needs what to do: `create NAME VARIANT FORMAT`, `join`, `leave`, `start`, `standings [#ID]`, `pairings [ROUND] [#ID]`, `info [#ID]`, `cancel` or `organisers [ROLE]`
console-command-not-format = `{ $command }`: `{ $text }` is not a format: choose round-robin, double-round-robin, swiss or arena
console-command-not-rounds = `{ $command }`: `{ $text }` is not a number of rounds from 1
console-command-not-tournament-action = `{ $command }`: `{ $text }` is not create, join, leave, start, standings, pairings, info, cancel or organisers
console-command-not-tournament-id = `{ $command }`: `{ $text }` is not a tournament id (`#` and a number, e.g. `#17`)
console-command-not-forget-answer = `{ $command }`: `{ $text }` is not `confirm` or `cancel`
console-command-not-choice = `{ $command }`: `{ $text }` cannot be read; `help` shows what it takes

# Why the console cannot start or go on (the system's own reason follows).
console-cannot-read-script = cannot read the script { $path }
console-cannot-create-folder = cannot create the image folder { $path }
console-cannot-read-folder = cannot read the image folder { $path }
console-opening-database = could not open the database
console-preparing-renderer = could not prepare the board renderer
console-reading-input = could not read standard input
# Under a board when the web board is served (`nadare local --web`).
console-watch-live = [web] watch live: { $url }
# The first time a game is shown with the web board on: each player's own link.
console-play-web = [web] { $player } plays on the web: { $url }
