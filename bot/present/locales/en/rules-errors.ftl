# Why the rules refuse a turn or a setup. Squares and notation come styled by the front.

move-error-unreadable = { $input } is not a move I can read: { $reason }.
move-error-unreadable-bare = That is not a move I can read: { $reason }.
move-error-game-over = The game is over.
move-error-promotion-choice-due = First choose a piece for your pawn on { $square }: { -how-promote }, before your move.
move-error-no-move-after-choice = Choosing a { $piece } would leave you no legal move: choose another piece.
move-error-no-pending-promotion = You have no pawn waiting for a promotion choice.
move-error-no-piece-can-reach = No { $piece } of yours can reach { $square }.
move-error-no-piece-on = You have no piece on { $square }.
move-error-cannot-move-there = The { $piece } on { $from } cannot move to { $to }.
move-error-ambiguous = That is ambiguous: more than one { $piece } can reach { $square } (from { $squares }); name the one you mean (e.g. { $example }).
move-error-still-in-check = You are in check, and that move does not get your king out of it.
move-error-leaves-king-in-check = That move would leave your king in check.
move-error-cannot-castle = You cannot castle { $side } now: { $reason }.
move-error-promotion-missing = A pawn reaching its last rank must become a piece: add =Q, =R, =B or =N.
move-error-promotion-not-allowed = Only a pawn reaching its last rank promotes.
move-error-promotion-choices = A pawn reaching its last rank must become a piece: choose one of { $moves }.
move-error-promotion-to-king = A pawn cannot become a king: choose one of { $moves }.
move-error-push-required = A push is required: push one of the enemy pawns to { $squares } (e.g. { $example }).
# $squares is none, or the squares a pawn can be pushed to.
move-error-cannot-push = No enemy pawn can be pushed to { $square }{ $squares ->
        [none] {""}
       *[other] ; you can push to { $squares }
    }.
move-error-no-push-allowed = This turn has no push: { $reason }.
move-error-unreadable-push = { $input } is not a push I can read: give the square the pushed pawn lands on, one of { $squares } (e.g. { $example }).

## What is wrong with unreadable input

unreadable-empty = it is empty
unreadable-no-move = there is no move in it
unreadable-not-notation = write it in SAN (Nf3, exd5, O-O, e8=Q) or as squares (g1f3)
unreadable-no-destination = no destination square
unreadable-choice-already-made = the promotion choice comes first, and it is already made
unreadable-choice-needs-piece = after = name the piece: Q, R, B or N
unreadable-choice-ends-game = that promotion choice ends the game: nothing may follow it
unreadable-move-after-choice = a move must follow the promotion choice (e.g. =Q Nf3/a6)
unreadable-push-square = after the / give the square the pushed pawn lands on (e.g. /a3)

## Castling

castle-kingside = kingside
castle-queenside = queenside
castle-obstacle-moved = your king or that rook has moved
castle-obstacle-no-king = you have no king
castle-obstacle-in-check = you are in check
castle-obstacle-blocked = pieces stand in the way
castle-obstacle-attacked = your king would pass over or land on an attacked square
castle-obstacle-not-possible = castling is not possible here

## Pushes

no-push-not-avalanche = only Avalanche turns have a push
no-push-balanced-first-turn = White's first turn in Balanced Avalanche has no push
no-push-no-pawn-can-step = no enemy pawn can step forward after that move

## Setups

setup-error-number = Chess960 setups are numbered 0 to 959, not { $number }.
setup-error-missing-number = A Chess960 game needs a setup number 0 to 959.
setup-error-fixed = This variant has a fixed setup and cannot start from a Chess960 number.
fen-error-placement = the piece placement cannot be read ({ $detail }).
fen-error-side-to-move = the side to move must be `w` or `b`, not { $text }.
fen-error-castling = the castling field { $text } does not fit the position ({ $detail }).
fen-error-castling-twice = the castling field { $text } gives { $color } the same castling right twice ({ $first } and { $second }).
fen-error-en-passant = the en-passant square { $text } is not possible in this position.
fen-error-halfmove-clock = the halfmove clock must be a number from 0 to { $max }, not { $text }.
fen-error-fullmove-number = the move number must be a number from 1 to { $max }, not { $text }.
fen-error-field-count = a FEN has 4 to 6 fields separated by spaces; this one has { $count }.
fen-error-illegal = no game can reach it ({ $detail }).
