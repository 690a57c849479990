# `/help` on Discord: the slash commands, the buttons, threads and typed moves.

help =
    nadare plays standard chess, Chess960 and the Avalanche family. One game per channel or thread; `/challenge` opens a thread where it can.
    • `/challenge opponent:… variant:… colour:… chess960:… position:… deadline:… time:…` (optional): no opponent, anyone may accept; `chess960:` 0–959 or `random`; `position:` a FEN (unrated); `deadline:` per turn (`1d`), or `time:` a clock (`3+2`: minutes+increment)
    • `/challenge computer:LEVEL`: play the computer, levels 1 (beginner) to 8 · `/hint`: a suggested turn
    • `/accept` · `/decline` · `/cancel`: answer or withdraw a challenge (or buttons); `/cancel` also drops a half-entered turn
    • `/move notation:…`: your turn: `e4`, `Nf3`, `O-O`, UCI `g1f3`; Avalanche `Nf3/a6`, or `Nf3` then `a6`; legal turns are offered
    • Buttons under each board: resign (asks first), draw, flip; a pushed pawn's new piece; confirm or cancel a losing push
    • `/resign` · `/draw action:…` · `/takeback action:…` · `/abort` (before both have moved)
    • `/board flip:…` · `/moves` · `/position` · `/games`: the board, the record (PGN), the FEN (to you), this server's games
    • `/chess960 number:…`: a Chess960 setup · `/rules variant:…`: each variant's rules
    • After a game: `/rematch` · `/gif game:…` (replay) · `/review game:…` · `/history user:… page:…` · `/game id:…`
    • `/vacation days:…`: pause your deadlines (a move or `days:end` ends it)
    • `/rating user:… variant:…` · `/leaderboard variant:…`: Glicko-2 ratings (standard chess per speed), top 10 and your place; rated unless `rated:False` · `/language` · `/avatars`: this server's language and players' pictures on boards (server managers)
    • `/tournament`: round robin, Swiss or arena (`/berserk`: half your clock), a thread per game
    • DMs and group DMs (nadare added to your account): casual games; notices it cannot post wait for a command
    • `/privacy`: what nadare keeps about you · `/mydata`: a copy · `/forget`: delete it

