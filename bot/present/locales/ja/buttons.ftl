# 盤面や挑戦の下に出るボタンのラベル(動作ごと)。

button-accept = 受ける
button-decline = 断る
button-resign = 投了
button-resign-yes = はい、投了する
button-draw = 引き分けを提案
button-flip = 盤を反転
button-promote-q = クイーン
button-promote-r = ルーク
button-promote-b = ビショップ
button-promote-n = ナイト
button-confirm-push = 確定（負けになる）
button-cancel-push = 取り消す
button-rematch = 再戦
button-berserk = バーサーク
button-page-previous = ◀ 前へ
button-page-next = 次へ ▶
button-tournament-join = 参加する
button-tournament-leave = 抜ける
button-forget-yes = 忘れる
button-forget-no = キャンセル
button-review-steps = 一手ずつ見る ▶
button-review-back = ◀ 戻る
button-review-forward = 進む ▶
button-watch-live = ライブで観る
button-play-web = ウェブで指す
