# Turns and where the game stands.

turn-played = { $turn } — { $player }
turn-draw-offer-lapsed = { $player }'s draw offer lapsed.
# $check is yes or no; $promotion is a square or none; $deadline is none or a duration;
# $clock is none or the time left on the player's clock (0:58).
turn-to-move = { $check ->
        [yes] Check!{" "}
       *[no] {""}
    }{ $player } to move{ $promotion ->
        [none] {""}
       *[other] ; first choose a piece for the pawn on { $promotion }: { -how-promote }
    }.{ $deadline ->
        [none] {""}
       *[other] {" "}({ $deadline } per turn)
    }{ $clock ->
        [none] {""}
       *[other] {" "}({ $clock } on the clock)
    }
turn-over = { $result } — { $outcome }.
turn-losing-push = Careful: the push in { $turn } leaves your own king attacked, so it loses the game at once. { -how-confirm-push }
turn-promotion-chosen = Your pawn{ $square ->
        [none] {""}
       *[other] {" "}on { $square }
    } will become a { $piece }. Now your move ({ -cmd-move }).
turn-move-noted = { $input } noted. Now push an enemy pawn to { $pushes } (e.g. { $example }).
# One square a pawn may be pushed to, in the list of pushes.
turn-push-choice = { $square }
turn-push-choice-loses = { $square } (loses)
turn-dropped = Dropped. Enter your whole turn again.
turn-hint = A hint: { $turn }.

## Pieces, for promotion choices

piece-queen = queen
piece-rook = rook
piece-bishop = bishop
piece-knight = knight
piece-king = king
piece-pawn = pawn
