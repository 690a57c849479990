# Tournaments: created, joined, paired round by round, standings.

tournament-created = Tournament { $name } created: { $variant }, { $format }{ $rounds ->
        [0] {""}
       *[other] , { $rounds } rounds
    }, { $rated ->
        [yes] rated
       *[other] casual
    }, { $deadline } per turn. Join with `tournament join`.
tournament-no-deadline = no deadline
tournament-joined = { $player } joined { $name } ({ $players ->
        [one] 1 player
       *[other] { $players } players
    }).
tournament-left = { $player } left { $name } ({ $players ->
        [one] 1 player
       *[other] { $players } players
    }).
tournament-withdrew = { $player } withdrew from { $name }: their remaining games are forfeited.
tournament-removed = { $player } forfeited two games and is removed from { $name }.
tournament-round = { $name }, round { $round } of { $rounds }:
tournament-board = { $board }. { $white } – { $black } { $result }
tournament-bye = { $board }. { $player }: bye (1 point)
tournament-game = { $name }, round { $round }, board { $board }.
tournament-standings = { $name }: standings after round { $after }
tournament-standing-swiss = { $rank }. { $player } { $points } (Buchholz Cut-1 { $first }, Sonneborn-Berger { $second })
tournament-standing-round-robin = { $rank }. { $player } { $points } (direct encounter { $first }, Sonneborn-Berger { $second })
tournament-withdrawn-mark = (withdrawn)
tournament-info = { $name }: { $variant }, { $format }, { $rounds ->
        [0] rounds set at the start
       *[other] { $rounds } rounds
    }, { $rated ->
        [yes] rated
       *[other] casual
    }; { $state }, round { $round }. { $count ->
        [0] No players yet.
        [one] 1 player: { $players }.
       *[other] { $count } players: { $players }.
    }
tournament-state-open = taking players
tournament-state-running = under way
tournament-state-finished = finished
tournament-state-cancelled = cancelled
tournament-format-round-robin = round robin
tournament-format-double-round-robin = double round robin
tournament-format-swiss = Swiss
tournament-finished = { $name } is over. { $count ->
        [one] The winner is { $winners }!
       *[other] First place is shared by { $winners }!
    }
tournament-cancelled = { $name } is cancelled.
tournament-no-server = Tournaments are run in a server only.
tournament-none = There is no tournament in this server; an admin creates one with `tournament create`.
tournament-one-at-a-time = { $name } is not over yet: one tournament at a time in a server.
tournament-not-open = { $name } has started or is over: nobody joins or leaves it that way now.
tournament-not-running = { $name } is not under way.
tournament-already-in = You are in { $name } already.
tournament-not-in = You are not in { $name }.
tournament-too-few = { $name } needs at least 2 players to start; it has { $players }.
tournament-not-creator = Only { $creator }, who created the tournament, may do that.
tournament-no-round = There is no round { $round } yet.
tournament-bad-rounds = A Swiss tournament has from 1 to { $max } rounds.
tournament-no-rooms = Tournament games cannot be started here: this front opens no rooms for them.
tournament-unpairable = The next round of { $name } cannot be paired by the rules (too few players left who have not met).
