# Tournaments: created, joined, paired round by round, standings.

tournament-created = Tournament { $name } created: { $variant }, { $format }{ $rounds ->
        [0] {""}
        [one] , 1 round
       *[other] , { $rounds } rounds
    }, { $rated ->
        [yes] rated
       *[other] casual
    }, { $deadline } per turn. Join with { -how-join-tournament }.
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
tournament-paused = { $player } paused in { $name }: no new games until they join again.
tournament-returned = { $player } is playing in { $name } now: their next game comes as soon as an opponent is free.
tournament-berserk = { $player } goes berserk: half the clock, no increment, a point more for a win.
tournament-not-arena-game = Berserk is for arena games only.
tournament-too-late-to-berserk = Berserk is only before your first turn, and once.
tournament-bad-length = An arena lasts from { $min } to { $max }.
tournament-round = { $name }, round { $round } of { $rounds }:
tournament-round-wave = { $name }, pairing { $round }:
tournament-board = { $board }. { $white } – { $black } { $result }
tournament-bye = { $board }. { $player }: bye (1 point)
tournament-game = { $name }, round { $round }, board { $board }.
tournament-standings = { $name }: standings after round { $after }
tournament-standings-arena = { $name }: standings
tournament-standing-swiss = { $rank }. { $player } { $points } (Buchholz Cut-1 { $first }, Sonneborn-Berger { $second })
tournament-standing-round-robin = { $rank }. { $player } { $points } (direct encounter { $first }, Sonneborn-Berger { $second })
tournament-standing-arena = { $rank }. { $player } { $points } ({ $first } won of { $second })
tournament-withdrawn-mark = (withdrawn)
tournament-info = { $name } (#{ $id }): { $variant }, { $format }, { $rounds ->
        [0] rounds set at the start
        [one] 1 round
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
tournament-format-arena = arena
tournament-finished = { $name } is over. { $count ->
        [one] The winner is { $winners }!
       *[other] First place is shared by { $winners }!
    }
tournament-cancelled = { $name } is cancelled.
tournament-ended-early = Round { $next } of { $name } cannot be paired: { $why ->
        [too-few-left] fewer than two of its players are left.
        [too-large] the field is larger than the pairing program pairs.
       *[no-pairing] every pairing left would repeat a game, give someone a second bye or break the colour rules.
    } As an arbiter would, the tournament ends after round { $played } of { $planned }; the standings after round { $played } are final.
tournament-rounds-need-players = A Swiss of { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    } is sure to be paired to the end with at least { $players ->
        [one] 1 player
       *[other] { $players } players
    }; with fewer it may end early, after the last round that can be paired.
tournament-may-end-early = { $name } starts with { $players ->
        [one] 1 player
       *[other] { $players } players
    }, who are sure to be paired for { $sure ->
        [one] 1 round
       *[other] { $sure } rounds
    } of the { $rounds } planned. If a later round cannot be paired, the tournament ends after the last round played.
tournament-no-server = Tournaments are run in a server only.
tournament-no-tournament = There is no tournament in this server; an admin creates one with { -cmd-tournament-create }.
tournament-one-at-a-time = { $name } is not over yet: one tournament at a time in a server.
tournament-not-open = { $name } has started or is over: nobody joins or leaves it that way now.
tournament-not-running = { $name } is not under way.
tournament-already-in = You are in { $name } already.
tournament-not-in = You are not in { $name }.
tournament-too-few = { $name } needs at least 2 players to start; it has { $players }.
tournament-not-creator = Only { $creator }, who created the tournament, may do that.
tournament-no-round = There is no round { $round } yet.
tournament-bad-rounds = A Swiss tournament has from 1 to { $max } rounds.
tournament-bad-name = A tournament's name has from 1 to { $max } characters, control characters and direction marks left out.
tournament-no-rooms = Tournament games cannot be started here: this front opens no rooms for them.
tournament-unpairable = The next round of { $name } cannot be paired by the rules (too few players left who have not met).
tournament-created-setup = Each round starts from a Chess960 setup drawn for it, the same on every board.
tournament-created-clock = Its games are played on a clock, { $time }.
tournament-created-arena = An arena: it lasts { $length } from its start, free players are paired at once, a win is 2 points and a draw 1, double after two wins in a row; join, pause and come back at any time.
tournament-created-start = It starts by itself in { $start } if it has at least 2 players.
tournament-organisers-set = Members with the role { $role } may now create tournaments here, as may those who manage the server.
tournament-organisers-cleared = Only those who manage the server may create tournaments here now.
tournament-not-started = { $name } was due to start, but has { $players ->
        [one] 1 player
       *[other] { $players } players
    }: at least 2 are needed. It stays open; its creator starts it with { -cmd-tournament-start }.
tournament-not-organiser = Creating a tournament is for those who may manage the server, or have the role its admins chose.
tournament-fixed-setup = { $variant } is played from its usual setup only: Chess960 setups are for Chess960 and the Avalanche variants.
tournament-bad-start = A tournament starts by itself from 1 minute to { $days } days after it is created.
tournament-records = The record of every game ({ $games ->
        [one] 1 game
       *[other] { $games } games
    }) is attached as one PGN file.
# The standings image: what it stands after, and its column headings (kept short).
tournament-table-after = { $after ->
        [0] No round finished yet
       *[other] After round { $after } of { $rounds }
    }
tournament-table-final = Final standings
tournament-table-rank = #
tournament-table-player = Player
tournament-table-points = Pts
tournament-table-buchholz = BH-C1
tournament-table-direct = DE
tournament-table-sb = SB
tournament-table-wins = W
tournament-table-games = G
tournament-table-live = Live standings
tournament-unknown = There is no tournament #{ $id } in this server.
