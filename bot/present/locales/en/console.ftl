# How the console writes its commands; messages shared by both fronts use these terms.

-cmd-challenge = challenge
-cmd-accept = accept
-cmd-decline = decline
-cmd-cancel = cancel
-cmd-move = move
-cmd-board = board
-cmd-resign = resign
-cmd-draw = draw
-cmd-draw-accept = draw accept
-cmd-draw-decline = draw decline
-cmd-takeback-accept = takeback accept
-cmd-takeback-decline = takeback decline
-cmd-rules = rules
-cmd-mydata = `mydata`
-cmd-forget = `forget`
-how-confirm-forget = Enter `forget confirm` to go ahead, or `forget cancel`.
play-960-command = challenge chess960 { $number }
-how-promote = promote Q, R, B or N
-how-confirm-push = Enter confirm to play it anyway (or enter the same turn again), or cancel-push to choose another turn.
move-command = move { $turn }
-cmd-tournament-create = `tournament create`
-how-join-tournament = `tournament join`
-cmd-tournament-start = `tournament start`
