# How the Discord front writes its commands; messages shared by both fronts use these terms.

-cmd-challenge = `/challenge`
-cmd-accept = `/accept`
-cmd-decline = `/decline`
-cmd-cancel = `/cancel`
-cmd-move = `/move`
-cmd-board = `/board`
-cmd-resign = `/resign`
-cmd-draw = `/draw`
-cmd-draw-accept = `/draw action:accept`
-cmd-draw-decline = `/draw action:decline`
-cmd-takeback-accept = `/takeback action:accept`
-cmd-takeback-decline = `/takeback action:decline`
-cmd-rules = `/rules`
-cmd-mydata = `/mydata`
-cmd-forget = `/forget`
-how-confirm-forget = Press Forget me to go ahead, or Cancel.
play-960-command = `/challenge variant:chess960 chess960:{ $number }`
-how-promote = the piece buttons, or `/move =Q`
-how-confirm-push = Press Confirm to play it anyway (or `/move` the same turn again), or Cancel to choose another turn.
move-command = `/move { $turn }`
-cmd-tournament-create = `/tournament create`
-how-join-tournament = the Join button or `/tournament join`
-cmd-tournament-start = `/tournament start`
