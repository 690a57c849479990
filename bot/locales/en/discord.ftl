# How the Discord front writes its commands; messages shared by both fronts use these terms.

-cmd-challenge = /challenge
-cmd-accept = /accept
-cmd-decline = /decline
-cmd-cancel = /cancel
-cmd-move = /move
-cmd-rules = /rules
