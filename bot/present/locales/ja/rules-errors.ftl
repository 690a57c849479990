# ルールが手番や初期配置を受け付けない理由。マスや棋譜はフロントが書式を付けて渡す。

move-error-unreadable = { $input } は読み取れる指し手ではありません：{ $reason }。
move-error-unreadable-bare = 読み取れる指し手ではありません：{ $reason }。
move-error-game-over = 対局は終わっています。
move-error-promotion-choice-due = 指す前に、まず{ $square }のポーンの昇格先の駒を選んでください：{ -how-promote }。
move-error-no-move-after-choice = { $piece }を選ぶと合法手がなくなります。別の駒を選んでください。
move-error-no-pending-promotion = 昇格先を選ぶ必要のあるポーンはありません。
move-error-no-piece-can-reach = { $square }に行けるあなたの{ $piece }はありません。
move-error-no-piece-on = { $square }にあなたの駒はありません。
move-error-cannot-move-there = { $from }の{ $piece }は{ $to }へ動けません。
move-error-ambiguous = 曖昧です：{ $square }に行ける{ $piece }が複数あります（{ $squares }）。どれかを指定してください（例：{ $example }）。
move-error-still-in-check = チェックされています。その手ではチェックを外せません。
move-error-leaves-king-in-check = その手ではキングがチェックされたままになります。
move-error-cannot-castle = 今は{ $side }のキャスリングができません：{ $reason }。
move-error-promotion-missing = 最終段に着いたポーンは駒にならなければなりません：=Q、=R、=B、=N のどれかを付けてください。
move-error-promotion-not-allowed = 昇格できるのは最終段に着いたポーンだけです。
move-error-promotion-choices = 最終段に着いたポーンは駒にならなければなりません：{ $moves } のどれかを選んでください。
move-error-promotion-to-king = ポーンはキングにはなれません：{ $moves } のどれかを選んでください。
move-error-push-required = 押し出しが必要です：相手のポーンを{ $squares }のどれかへ押してください（例：{ $example }）。
# $squares は none か、ポーンを押し出せるマス。
move-error-cannot-push = { $square }へ押し出せる相手のポーンはありません{ $squares ->
        [none] {""}
       *[other] 。押し出せるのは{ $squares }です
    }。
move-error-no-push-allowed = この手番に押し出しはありません：{ $reason }。
move-error-unreadable-push = { $input } は読み取れる押し出しではありません：押し出したポーンが着くマス（{ $squares } のどれか）を書いてください（例：{ $example }）。

## 読み取れない入力の問題点

unreadable-empty = 何も入力されていません
unreadable-no-move = 指し手が含まれていません
unreadable-not-notation = SAN（Nf3、exd5、O-O、e8=Q）かマス（g1f3）で書いてください
unreadable-no-destination = 行き先のマスがありません
unreadable-choice-already-made = 昇格先の選択は最初に一度だけです（もう選んであります）
unreadable-choice-ends-game = その昇格先の選択で対局が終わるので、続けて何も書けません
unreadable-choice-needs-piece = = の後に駒を書いてください：Q、R、B、N
unreadable-move-after-choice = 昇格先の選択の後に指し手が必要です（例：=Q Nf3/a6）
unreadable-push-square = / の後に、押し出したポーンが着くマスを書いてください（例：/a3）

## キャスリング

castle-kingside = キング側
castle-queenside = クイーン側
castle-obstacle-moved = キングかそのルークがすでに動いています
castle-obstacle-no-king = キングがいません
castle-obstacle-in-check = チェックされています
castle-obstacle-blocked = 間に駒があります
castle-obstacle-attacked = キングが攻撃されているマスを通るか、そこに着きます
castle-obstacle-not-possible = ここではキャスリングできません

## 押し出し

no-push-not-avalanche = 押し出しがあるのはアバランチの手番だけです
no-push-balanced-first-turn = バランス・アバランチの白の最初の手番には押し出しがありません
no-push-no-pawn-can-step = その手の後に前へ進める相手のポーンがありません

## 初期配置

setup-error-number = チェス960の配置の番号は0から959までです（{ $number }はありません）。
setup-error-missing-number = チェス960の対局には0から959の配置番号が必要です。
setup-error-fixed = この変種は初期配置が決まっていて、チェス960の番号からは始められません。
fen-error-placement = 駒の配置が読めません。8つの段を「/」で区切り、各段は駒の文字と空きマスの数で8マスにしてください（詳細：{ $detail }）。
fen-error-side-to-move = 手番は `w` か `b` です（{ $text }ではありません）。
fen-error-castling = キャスリングの欄 { $text } がこの局面に合いません。キングとルークの位置を確かめてください（詳細：{ $detail }）。
fen-error-castling-twice = キャスリングの欄 { $text } は{ $color }の同じ側のキャスリング権を二度書いています（{ $first } と { $second }）。
fen-error-en-passant = アンパッサンのマス { $text } はこの局面ではありえません。
fen-error-halfmove-clock = 50手ルールの手数は0から{ $max }までの数です（{ $text }ではありません）。
fen-error-fullmove-number = 手数は1から{ $max }までの数です（{ $text }ではありません）。
fen-error-field-count = FEN は空白で区切った4〜6個の欄でできています。これは{ $count }個です。
fen-error-illegal = 対局では起こりえない局面です。キングが各1つか、ポーンの数と段、手番でない側がチェックされていないかを確かめてください（詳細：{ $detail }）。
