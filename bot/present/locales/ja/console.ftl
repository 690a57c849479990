# コンソールでのコマンドの書き方。両フロント共通のメッセージはこれらの term を使う。

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
-how-confirm-forget = 進めるなら `forget confirm`、やめるなら `forget cancel` と入力してください。
play-960-command = challenge chess960 { $number }
-how-promote = promote Q、R、B、N のどれか
-how-confirm-push = それでも指すなら confirm（または同じ手番をもう一度入力）、別の手にするなら cancel-push と入力してください。
move-command = move { $turn }
-cmd-tournament-create = `tournament create`
-how-join-tournament = `tournament join`
-cmd-tournament-start = `tournament start`
