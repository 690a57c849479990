# What is said unasked: expiries, timeouts, reminders, restarts.

notice-challenge-expired = { $opponent ->
        [none] { $challenger }'s challenge expired unanswered.
       *[other] { $challenger }'s challenge to { $opponent } expired unanswered.
    }
notice-lost-on-time = { $player } did not move within { $deadline } and loses on time.
notice-flagged = { $drawn ->
        [yes] { $player } ran out of time, but the other side could not have won: the game is drawn.
       *[no] { $player } ran out of time and loses.
    }
notice-first-turn-missed = { $player } did not play their first turn within { $limit }: the game is aborted.
notice-reminder = { $player }, it is your turn in game #{ $game } ({ $players }): { $left } left before you lose on time.
notice-set-aside = Game { $game } of this channel could not be restored after a restart ({ $detail }). It is kept unchanged in the database for the bot's operator; you can start a new game here with { -cmd-challenge }.
notice-announced-after-restart = Announced after a restart:
notice-announced-late = Announced late (the answer to these turns did not reach the channel):
