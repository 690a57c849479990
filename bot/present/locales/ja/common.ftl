# どのフロントでも盤面画像でも使う言葉。

## 色

color-white = 白
color-black = 黒

## 変種(id ごと)

variant-standard = 通常のチェス
variant-chess960 = チェス960
variant-avalanche = アバランチ
variant-avalanche-balanced = バランス・アバランチ
variant-avalanche-reversed = リバース・アバランチ

## 対局の速さ（lichess の区分）

speed-bullet = ブレット
speed-blitz = ブリッツ
speed-rapid = ラピッド
speed-classical = クラシカル
speed-correspondence = 通信戦

## 終局の理由($winner は色の名前)

outcome-checkmate = チェックメイトで{ $winner }の勝ち
outcome-stalemate = ステイルメイトで引き分け
outcome-threefold = 同一局面三回で引き分け
outcome-fifty-move = 50手ルールで引き分け
outcome-insufficient-material = 駒不足で引き分け
outcome-promoted-into-check = 昇格によるチェックで{ $winner }の勝ち
outcome-exposed-own-king = { $winner }の勝ち：押し出しで自玉が攻撃された
outcome-resignation = 投了で{ $winner }の勝ち
outcome-draw-agreed = 合意により引き分け
outcome-aborted = 対局中止
outcome-timeout = 時間切れで{ $winner }の勝ち（着手期限切れ）
outcome-time-forfeit = 時間切れで{ $winner }の勝ち
outcome-time-forfeit-drawn = 引き分け（時間切れ、ただし相手に勝つ手段なし）

## 盤面画像:盤の上の見出しと下の状況

image-heading-chess960 = チェス960 #{ $number }
image-heading-960 = { $variant } 960 #{ $number }
image-status-move = { $number }手目・{ $side }の手番
image-status-promote = { $number }手目・{ $side }が昇格駒を選ぶ番
image-status-result = { $result }・{ $outcome }

## 時間:着手期限や残り時間($n は整数)

duration-days = { $n }日
duration-hours = { $n }時間
duration-minutes = { $n }分
duration-seconds = { $n }秒
# Two parts of one duration, the larger first.
duration-pair = { $larger }{ $smaller }
