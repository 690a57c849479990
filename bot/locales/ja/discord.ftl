# Discord でのコマンドの書き方。両フロント共通のメッセージはこれらの term を使う。

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
play-960-command = `/challenge variant:chess960 chess960:{ $number }`
-how-promote = 駒のボタンか `/move =Q`
-how-confirm-push = それでも指すなら「確定」(または同じ手番をもう一度 `/move`)、別の手にするなら「取り消す」を押してください。
move-command = `/move { $turn }`
