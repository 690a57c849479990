# `help` in the console: its command words and line syntax.

help =
    nadare plays standard chess, Chess960 and the Avalanche family. Each line is `NAME> COMMAND`, or `NAME@ROOM> COMMAND` to play in another room; one game or challenge per room.
    • `challenge [opponent] [variant] [0-959|random960] [white|black|random] [10m|1h|1d|3d|5+3]`: no opponent: anyone may accept; `1d` per turn, or `5+3` a clock (minutes+increment); `position FEN` (unrated). e.g. `challenge bob avalanche 3+2`
    • `challenge computer [1-8]`: play the computer (default level 3) · `challenge stockfish [1350-2850]`: Stockfish if installed · `hint`: a suggested turn
    • `accept` · `decline` · `cancel`: answer or withdraw a challenge; `cancel` also drops a half turn
    • `move NOTATION`: your turn: `e4`, `Nf3`, `O-O`, UCI `g1f3`; Avalanche `Nf3/a6` whole, or `Nf3` then `a6`; a pending promotion first: `=Q Kd2/e6`
    • `promote Q|R|B|N` · `confirm` · `cancel-push`: a pushed pawn's new piece; confirm or drop a losing push
    • `resign` · `draw [offer|accept|decline]` · `takeback [request|accept|decline]` · `abort` (before both have moved)
    • `board [flip]` · `moves` · `position` · `games`: the board, the record (PGN), the FEN (to you), games going on
    • `chess960 [N]`: a Chess960 setup · `rules [variant]`: each variant's rules
    • After a game: `rematch` · `gif [ID]` (replay) · `review [ID] [turn]` · `history [@player] [page]` · `game ID`
    • `vacation DAYS` · `vacation end`: pause your deadlines (a move ends it too)
    • `rating [@user] [variant]` · `leaderboard [variant]`: Glicko-2 ratings (standard chess per speed), top 10 and your place; `casual` games are unrated · `language en|ja|default`: the language here · `avatars on|off`: players' pictures on boards (`--avatar NAME=FILE`)
    • `tournament create "NAME" VARIANT FORMAT` · `tournament join|start|standings|pairings`: round robin, Swiss, arena (`berserk`: half your clock)
    • `privacy` · `mydata` · `forget`: what nadare keeps about you, a copy, deleting it
    • Shorthand: `m` = `move`, `play` = `challenge`, `flip` = `board flip`.
