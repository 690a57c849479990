# レーティング（Glicko-2、サーバーと種目ごと）、ランキング、レーティング対局かカジュアルか。
# レーティングは書式済み（「1662」、暫定なら「1662?」）、変化は符号付き（「+162」「-38」）で
# 渡される。

## 種目：それぞれ別のレーティングを持つ。通常のチェスは持ち時間の区分ごと（時計なしの
## 通信戦の id は `standard`）、ほかの変種は1つずつ。

rating-family-bullet = バレット
rating-family-blitz = ブリッツ
rating-family-rapid = ラピッド
rating-family-classical = クラシカル
rating-family-standard = 通信戦
rating-family-chess960 = チェス960
rating-family-avalanche = アバランチ（3種共通）
# 文中の種目名：「{ $family }のレーティング対局」。
rating-family-in-text-bullet = バレット
rating-family-in-text-blitz = ブリッツ
rating-family-in-text-rapid = ラピッド
rating-family-in-text-classical = クラシカル
rating-family-in-text-standard = 通信戦
rating-family-in-text-chess960 = チェス960
rating-family-in-text-avalanche = アバランチ

## レーティング対局かカジュアルか

rating-rated-yes = レーティング対局：結果で両者の{ $family }レーティングが変わります。
rating-rated-no = カジュアル対局：レーティングは変わりません。

## レーティング対局の後

rating-changed = { $name } の{ $family }レーティング：{ $before } → { $after }（{ $delta }）

## プレイヤーのレーティング

rating-ratings = このサーバーでの { $name } のレーティング：
rating-line = { $family }：{ $rating } ± { $deviation }、{ $games }局（{ $wins }勝 { $draws }分 { $losses }敗）
rating-ratings-none = { $name } はこのサーバーでまだレーティング対局をしていません。
rating-ratings-none-in-family = { $name } はこのサーバーでまだ{ $family }のレーティング対局をしていません。
rating-no-server = レーティングはサーバーごとに記録されます。サーバーの外にはありません。

## ランキング

rating-leaderboard = { $family }ランキング（{ $players }人）：
leaderboard-line = { $rank }位　{ $name } — { $rating }（{ $games }局）
leaderboard-own = あなたの順位：{ $rank }位（{ $rating }）
leaderboard-unranked = あなたはこのサーバーでまだ{ $family }のレーティング対局をしていません。
rating-leaderboard-empty = このサーバーではまだ誰も{ $family }のレーティング対局をしていません。
