# The rules of each variant, as docs/rules.md states them. Shared by both fronts: the only
# front-specific words are the command terms (-cmd-*) of discord.ftl / console.ftl.

## The parts two or more variants share

-orthodox-draws =
    Draws are automatic on threefold repetition (the same placement, side to move, castling rights and possible en-passant captures), on the fifty-move rule (100 plies, 50 moves each, with no capture and no pawn move) and on insufficient material (K v K, K+B v K, K+N v K, K+B v K+B with both bishops on squares of one colour). A game also ends by resignation, an agreed draw, an abort before both sides have moved, or a missed move deadline.

-orthodox-rules =
    FIDE rules: castling, en passant, promotion to a queen, rook, bishop or knight, check, checkmate, and stalemate (a draw).
    { -orthodox-draws }
    Moves are written in SAN (`e4`, `Nf3`, `exd5`, `O-O`, `e8=Q`) or UCI (`g1f3`).

-avalanche-turn =
    A turn has up to three parts, in this order:
    1. The promotion choice, only when your opponent pushed one of your pawns onto its last rank: choose a queen, rook, bishop or knight for it (`=Q`). If the new piece attacks the enemy king, you win at once (promotion into check).
    2. The move: one legal move, without en passant. It must not leave your king attacked, even if your push would have covered it. Pawns keep their double step, and promote as usual when they move onto the last rank themselves.
    3. The push: you must push one enemy pawn one square straight forward (toward you) onto an empty square: never two squares, never a capture. It is compulsory whenever an enemy pawn can step; when none can, there is no push. If your push leaves your own king attacked (by the pushed pawn or a line it opened), you lose at once, even if the turn also checks or mates; nadare asks you to confirm such a turn first. A pawn pushed onto its last rank waits there as a pawn, attacking nothing, until its owner chooses its piece at the start of their next turn.
    A player with no complete legal turn is checkmated when in check (a loss) and stalemated otherwise (a draw). A push counts as a pawn move for the fifty-move rule, and a repetition also needs the same pawn waiting for promotion. Other endings are as in standard chess.
    Notation: the move, a slash, and the square the pushed pawn lands on: `Nf3/a3`; a turn with no push: `Nf3//`; a promotion choice first: `=N Kd2/e6`. You may also enter `Nf3`, then `a3`.

-avalanche-960 = It may also start from a Chess960 setup (Avalanche 960), castling then as in Chess960.

## The messages

variants-overview =
    Variants (use { -cmd-rules } with a variant for its full rules):
    • `standard`: { variant-standard }, orthodox chess from the usual setup
    • `chess960`: { variant-chess960 }, orthodox chess from one of the 960 Fischer Random setups (numbered 0–959)
    • `avalanche`: { variant-avalanche }, where every turn ends by pushing an enemy pawn one square toward the mover
    • `avalanche-balanced`: { variant-avalanche-balanced }, Avalanche where White's very first turn has no push
    • `avalanche-reversed`: { variant-avalanche-reversed }, Avalanche with Black's king on d8 and queen on e8
    Avalanche and Balanced Avalanche may also start from a Chess960 setup.
    Draws: stalemate; threefold repetition, the fifty-move rule and insufficient material, all automatic; and by agreement.

rules-standard =
    { variant-standard }: the usual setup.
    { -orthodox-rules }

rules-chess960 =
    { variant-chess960 }: orthodox chess from one of the 960 Fischer Random setups, numbered 0–959 (518 is the usual setup). The back-rank pieces are shuffled with the bishops on squares of opposite colours and the king between the rooks; the pawns stand as usual and Black mirrors White.
    Castling: after O-O (toward the h-file) the king stands on g and that rook on f; after O-O-O (toward the a-file) the king stands on c and the rook on d. It is allowed when neither the king nor that rook has moved, every square the king and the rook pass over or land on is empty but for those two, and no square the king stands on, passes over or lands on is attacked. Write O-O / O-O-O, or move the king onto its own rook (UCI, e.g. `b1a1`).
    { -orthodox-rules }

rules-avalanche =
    { variant-avalanche } (Ralph Betza, 1977): the usual setup and orthodox chess, except that every turn also pushes an enemy pawn.
    { -avalanche-turn }
    Castling is orthodox castling, played as the move. { -avalanche-960 }

rules-avalanche-balanced =
    { variant-avalanche-balanced }: Avalanche from the usual setup, except that White's very first turn has no push.
    { -avalanche-turn }
    Castling is orthodox castling, played as the move. { -avalanche-960 }

rules-avalanche-reversed =
    { variant-avalanche-reversed } (Castelli's Avalanche II): the usual setup, but with Black's king on d8 and queen on e8; White's first turn pushes as usual.
    { -avalanche-turn }
    Black castles by moving the king two squares toward the rook, and the rook lands on the square the king crossed: O-O (h-side) is king d8→f8 with rook h8→e8, O-O-O (a-side) is king d8→b8 with rook a8→c8. White castles as usual. It is played from this setup only.
