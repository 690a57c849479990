# What the Discord front says itself: refusals of options it cannot read, stale buttons,
# where a game went.

front-unknown-command = I do not know the command `/{ $command }`; try `/help`.
front-bad-level = Level { $level } does not exist: choose 1 to 8.
front-bad-elo = Stockfish plays at an Elo from { $least } to { $most }, not { $elo }.
front-opponent-and-computer = Choose either an opponent or the computer, not both.
front-setup-and-position = Choose either a Chess960 setup or a position, not both.
front-bad-colour = `{ $text }` is not a colour: choose white, black or random.
front-bad-variant = `{ $text }` is not a variant: `/rules` lists them.
front-bad-setup = `{ $text }` is not a Chess960 setup: give a number from 0 to 959, or `random`.
front-bad-deadline = `{ $text }` is not a deadline: write a number and a unit, e.g. 10m, 1h, 1d.
front-bad-time = `{ $text }` is not a time control: write minutes+seconds, like 5+3 or 0.5+0 (0.5 to 180 minutes, 0 to 60 seconds).
front-stale-button = This button is out of date; use the slash commands.
# A press on a board (or challenge) of a game that has a newer one.
front-stale-board = This message is out of date: use the buttons on the game's newest board, or the slash commands.
# Added to a challenge once accepted by its button.
front-challenge-accepted = **{ $user }** accepted.
front-game-gone = That game is over or no longer kept; `/games` lists the games going on.
front-resign-question = Resign the game? Nothing happens unless you confirm.
front-game-goes-on-in = Done: the game goes on in <#{ $channel }>.
front-answered-publicly = Done: the answer is posted for everyone below.
front-game-in-thread = The game is played in <#{ $thread }>.
front-thread-not-removed = I could not remove the thread <#{ $thread }>; a moderator may delete it.
front-restarting = nadare is restarting; try again in a moment.
front-opening-thread = **{ $user }** makes a challenge; opening a thread for the game…
front-thread-name = { $challenger } vs { $opponent } · { $variant }
front-thread-anyone = anyone
front-thread-not-removed-permission = I could not remove the thread <#{ $thread }>: I lack the Manage Threads permission, so a moderator may delete it.
front-posted-in-parent = (Posted here because I could not post in <#{ $channel }>; it may be locked or I may lack permission there.)
# Added to an answer in a channel where nadare held back or Discord refused a post of its own;
# $permissions lists the names Discord's channel settings give the permissions.
front-cannot-post = ⚠️ I cannot post in this channel on my own (deadline reminders, turns announced late): a server admin can give me { $permissions } here.
front-permission-separator = {", "}
front-permission-view-channel = View Channel
front-permission-send-messages = Send Messages
front-permission-send-messages-in-threads = Send Messages in Threads
front-permission-embed-links = Embed Links
front-permission-attach-files = Attach Files
front-answered-privately = (answered privately)

# Added to `help` when typed moves are on.
help-typed-moves = • In a game's channel, the player to move may also just write the move as a message.
front-game-title = Game #{ $game }
front-missing-game-id = `/game` needs the id of a game, e.g. 12.
front-bad-vacation = `{ $text }` is neither a number of days from 1 nor `end`.
front-bad-family = `{ $text }` is not a rating: choose bullet, blitz, rapid, classical, correspondence (or standard), chess960 or avalanche.
front-not-an-admin = Only those who may manage this server can change its language.
# A file left out of a message because Discord would refuse it: larger than the server allows.
front-file-too-large = `{ $file }` ({ $size } MB) is not attached: Discord allows { $limit } MB of files per message here.
front-not-an-admin-organisers = Only those who may manage this server can choose who else creates tournaments.
front-bad-setup-choice = `{ $text }` is not a choice of setup: choose the usual one or Chess960 setups.
front-bad-duration = `{ $text }` is not a length: write a number and a unit, e.g. 30m, 1h, 2h.
front-bad-start = `{ $text }` is not a time to wait: write a number and a unit, e.g. 30m, 2h, 1d.
front-bad-format = `{ $text }` is not a tournament format: choose round robin, double round robin, Swiss or arena.
front-empty-tournament-name = A tournament needs a name.
front-bad-tournament = `{ $text }` is not one of this server's tournaments: pick one from the list.
# A tournament game's thread: "Spring · R1 B2 · alice vs bob".
front-tournament-thread-name = { $tournament } · R{ $round } B{ $board } · { $white } vs { $black }
# A tournament in the list `/tournament standings` offers: "Spring · finished".
front-tournament-choice = { $name } · { $state }
front-bad-choice = `{ $text }` is not a choice of `{ $option }`: pick one from the list.
# "Play on the web" pressed by a player of the game: their own link.
front-play-link = Your link to play game #{ $game } on the web: { $url }
    It is yours alone, works once, and lapses in { $minutes } minutes; the page then keeps you signed in.
# "Play on the web" pressed by someone who does not play in the game.
front-play-not-yours = You do not play in game #{ $game }; watch it live at { $url }
