# Discord でのコマンドの書き方。両フロント共通のメッセージはこれらの term を使う。

-cmd-challenge = /challenge
-cmd-accept = /accept
-cmd-decline = /decline
-cmd-cancel = /cancel
-cmd-move = /move
-cmd-rules = /rules
