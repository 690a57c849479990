# Discord でのコマンドの書き方。両フロント共通のメッセージはこれらの term を使う。

-cmd-challenge = `/挑戦`
-cmd-accept = `/受諾`
-cmd-decline = `/辞退`
-cmd-cancel = `/取り消し`
-cmd-move = `/指す`
-cmd-board = `/盤面`
-cmd-resign = `/投了`
-cmd-draw = `/引き分け`
-cmd-draw-accept = `/引き分け 操作:受ける`
-cmd-draw-decline = `/引き分け 操作:断る`
-cmd-takeback-accept = `/待った 操作:受ける`
-cmd-takeback-decline = `/待った 操作:断る`
-cmd-rules = `/ルール`
-cmd-mydata = `/自分のデータ`
-cmd-forget = `/データ削除`
-how-confirm-forget = 進めるなら「忘れる」、やめるなら「キャンセル」を押してください。
play-960-command = `/挑戦 変種:チェス960 チェス960:{ $number }`
-how-promote = 駒のボタンか `/指す =Q`
-how-confirm-push = それでも指すなら「確定」（または同じ手番をもう一度 `/指す`）、別の手にするなら「取り消す」を押してください。
move-command = `/指す { $turn }`
-cmd-tournament-create = `/大会 作成`
-how-join-tournament = 「参加する」ボタンか `/大会 参加`
-cmd-tournament-start = `/大会 開始`
