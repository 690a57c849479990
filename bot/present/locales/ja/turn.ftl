# 手番と対局の状況。

turn-played = { $turn } — { $player }
turn-draw-offer-lapsed = { $player }の引き分けの提案は取り消されました。
# $check は yes か no、$promotion はマスか none、$deadline は none か時間、$clock は none か残り時間（0:58）。
turn-to-move = { $check ->
        [yes] チェック！{" "}
       *[no] {""}
    }{ $player }の手番です{ $promotion ->
        [none] {""}
       *[other] 。まず{ $promotion }のポーンの昇格先の駒を選んでください：{ -how-promote }
    }。{ $deadline ->
        [none] {""}
       *[other] （1手{ $deadline }）
    }{ $clock ->
        [none] {""}
       *[other] （残り { $clock }）
    }
turn-over = { $result } — { $outcome }。
turn-losing-push = 注意：{ $turn } の押し出しは自分のキングを攻撃にさらすので、その場で負けになります。{ -how-confirm-push }
turn-promotion-chosen = { $square ->
        [none] {""}
       *[other] { $square }の
    }ポーンは{ $piece }になります。続けて指し手をどうぞ（{ -cmd-move }）。
turn-move-noted = { $input } を受け付けました。続けて相手のポーンを{ $pushes }へ押してください（例：{ $example }）。
# 押し出し先の一覧の一つのマス。
turn-push-choice = { $square }
turn-push-choice-loses = { $square }（負け）
turn-dropped = 取り消しました。手番を最初から入力してください。
turn-hint = ヒント：{ $turn }。

## 駒(昇格で選ぶ駒など)

piece-queen = クイーン
piece-rook = ルーク
piece-bishop = ビショップ
piece-knight = ナイト
piece-king = キング
piece-pawn = ポーン
