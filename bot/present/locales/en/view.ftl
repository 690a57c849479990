# Boards, records, lists of games, Chess960 setups.

# A shown board's heading; $last is the last turn played, or none.
view-game = { $players } · { $kind }{ $last ->
        [none] {""}
       *[other] {" · "}last: { $last }
    }
view-no-turns-yet = (no turns yet)
view-record-clipped = … { $record }
    (the whole record is in the attached file)
view-games = Games going on ({ $count }):
view-game-line = • #{ $id } { $players } · { $kind } · move { $move } · { $player } to move
view-games-more = … and { $count } more
view-challenges-heading = Open challenges ({ $count }):
view-challenge-line = • #{ $id } { $challenger } challenges { $opponent } to { $variant }
view-no-games = No games are going on in this server. Start one with { -cmd-challenge }.
view-chess960-setup = Chess960 setup #{ $number }: { $back_rank }
view-position = FEN: { $fen }
view-xfen = X-FEN (what most other chess software reads): { $fen }
view-pushes = { $side } may push an enemy pawn to { $squares }.
view-no-push = { $side }'s turn has no push.
view-play-setup = Play it: { $command }
