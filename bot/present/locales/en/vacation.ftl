# Vacations: deadlines paused for some days.

vacation-started = { $player } is on vacation for { $days ->
        [one] 1 day
       *[other] { $days } days
    }: the deadlines of { $games ->
        [one] 1 game
       *[other] { $games } games
    } are paused. { $left ->
        [one] 1 vacation day is
       *[other] { $left } vacation days are
    } left this year; a move ends the vacation early.
vacation-paused = { $player } is on vacation for up to { $days ->
        [one] 1 day
       *[other] { $days } days
    }: the deadlines of this game are paused for both sides.
vacation-ended = { $player }'s vacation is over ({ $used ->
        [one] 1 day
       *[other] { $used } days
    } used, { $left } left this year).
vacation-resumed = { $player }'s vacation is over: the deadlines of this game run again, the paused time added.
vacation-too-long = You asked for { $asked ->
        [one] 1 day
       *[other] { $asked } days
    }, but only { $left ->
        [one] 1 vacation day is
       *[other] { $left } vacation days are
    } left this year.
vacation-no-days = A vacation lasts at least one day.
vacation-already-on = You are on vacation already; end it first to take another.
vacation-not-on = You are not on vacation.
