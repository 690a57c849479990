# Finished games: pages of the archive, a game shown again, replays and analysis links.

archive-history = { $player ->
        [all] Finished games
       *[other] Finished games of { $player }
    } ({ $total }) · page { $page } of { $pages }
archive-line = #{ $id } · { $date } · { $players } · { $kind } · { $result } { $outcome } · { $turns ->
        [one] 1 turn
       *[other] { $turns } turns
    }
archive-empty = { $player ->
        [all] No finished games yet.
       *[other] { $player } has no finished games yet.
    }
archive-shown = Game #{ $id } · { $date } · { $players } · { $kind }: { $result }, { $outcome }.
archive-analysis = Analyse the final position: { $url }
archive-replay = The replay of game #{ $id } is attached.
archive-replay-too-long = This game has { $turns } turns; replays are drawn for games of at most { $limit } turns.
archive-replay-failed = The replay could not be drawn this time.
archive-unknown-game = There is no finished game #{ $id } here.
archive-unavailable = The archive cannot be read right now; try again in a moment.
