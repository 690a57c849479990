# 終わった対局の検討:数値、検討の進み具合、検討できなかった理由、評価グラフと注釈付き棋譜のコメントの言葉。

review-summary = 対局 #{ $id } の検討 · { $players } · { $kind } · 深さ { $depth }
review-player = { $player }：正確度 { $accuracy } · 疑問手 { $inaccuracies }、悪手 { $mistakes }、大悪手 { $blunders }
review-player-idle = { $player }：評価する手がありません
review-mark = { $turn }：{ $judgement }（−{ $loss }）。より良い手：{ $line }
review-mark-alone = { $turn }：{ $judgement }（−{ $loss }）
review-inaccuracy = 疑問手
review-mistake = 悪手
review-blunder = 大悪手
review-unlisted = ほかの { $count } 手は注釈付き棋譜にあります。
review-decided = 勝負を決めた手は { $turn } です。
review-attached = 評価グラフと注釈付き棋譜を添付しました。
review-waiting = 対局 #{ $id } は、ほかの検討が終わるのを待っています…
review-progress = 対局 #{ $id } を検討中：{ $total } 局面中 { $done } 局面…
review-not-finished = 対局 #{ $id } はまだ終わっていません。検討できるのは終わった対局だけです。
review-no-game = ここには検討できる終わった対局がありません。番号で指定してください。
review-no-turns = 対局 #{ $id } には検討する手がありません。
review-failed = 対局 #{ $id } の検討は今回できませんでした。少し後でもう一度お試しください。
review-graph-title = { $white } – { $black }
review-graph-subtitle = { $kind } · 深さ { $depth }
review-comment = { $judgement }（{ $before } → { $after }）。より良い手：{ $line }。
review-comment-alone = { $judgement }（{ $before } → { $after }）。
review-comment-inaccuracy = 疑問手
review-comment-mistake = 悪手
review-comment-blunder = 大悪手
review-comment-decided = ここで勝負が決まりました。
review-annotator = nadare 検討、深さ { $depth }
