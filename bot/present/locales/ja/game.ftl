# 多くのメッセージで使う、対局者と対局の言葉。

# 対局者とその色:「alice(白)」。
player-with-color = { $name }（{ $color }）
player-with-color-detail = { $name }（{ $detail }・{ $color }）
# 対局の二人。
players = { $white } 対 { $black }
# 相手を指名しない挑戦での相手の名前の代わり。
anyone = 誰か
# nadare に忘れるよう頼んだプレイヤーの代わりの名前。
deleted-user = 削除されたユーザー
# チェス960の初期配置からの対局:アバランチ系、または普通のチェス960。
kind-960 = { $variant } 960（配置 #{ $number }）
kind-setup = { $variant }（配置 #{ $number }）
kind-position = 局面からの{ $variant }
