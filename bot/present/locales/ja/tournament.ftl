# 大会:作成、参加、各ラウンドの組み合わせ、順位表。

tournament-created = 大会「{ $name }」を作りました：{ $variant }、{ $format }{ $rounds ->
        [0] {""}
       *[other] 、{ $rounds }ラウンド
    }、{ $rated ->
        [yes] レーティング対象
       *[other] レーティング対象外
    }、1手の期限は{ $deadline }。{ -how-join-tournament } で参加できます。
tournament-no-deadline = なし
tournament-joined = { $player }が「{ $name }」に参加しました（参加者{ $players }人）。
tournament-left = { $player }が「{ $name }」から抜けました（参加者{ $players }人）。
tournament-withdrew = { $player }が「{ $name }」を棄権しました。残りの対局は不戦敗になります。
tournament-removed = { $player }は2局を不戦敗にしたため、「{ $name }」から外れました。
tournament-paused = { $player }が「{ $name }」を一時休止しました。再び参加するまで新しい対局は組まれません。
tournament-returned = { $player }が「{ $name }」で対局に加わりました。相手が空き次第、次の対局が始まります。
tournament-berserk = { $player }がバーサークしました：持ち時間は半分、加算なし、勝てば1点多く入ります。
tournament-not-arena-game = バーサークはアリーナの対局でのみできます。
tournament-too-late-to-berserk = バーサークは自分の初手の前に、1回だけできます。
tournament-bad-length = アリーナの長さは{ $min }から{ $max }までです。
tournament-round = 「{ $name }」第{ $round }ラウンド（全{ $rounds }ラウンド）：
tournament-round-wave = 「{ $name }」第{ $round }組み合わせ：
tournament-board = { $board }. { $white } – { $black } { $result }
tournament-bye = { $board }. { $player }：不戦勝（1点）
tournament-game = 「{ $name }」第{ $round }ラウンド、第{ $board }盤。
tournament-standings = 「{ $name }」第{ $after }ラウンド終了時の順位
tournament-standings-arena = 「{ $name }」の順位
tournament-standing-swiss = { $rank }. { $player } { $points }点（ブッフホルツ・カット1 { $first }、ゾンネボルン・ベルガー { $second }）
tournament-standing-round-robin = { $rank }. { $player } { $points }点（直接対決 { $first }、ゾンネボルン・ベルガー { $second }）
tournament-standing-arena = { $rank }. { $player } { $points }点（{ $second }局中{ $first }勝）
tournament-withdrawn-mark = （棄権）
tournament-info = 「{ $name }」（#{ $id }）：{ $variant }、{ $format }、{ $rounds ->
        [0] ラウンド数は開始時に決定
       *[other] { $rounds }ラウンド
    }、{ $rated ->
        [yes] レーティング対象
       *[other] レーティング対象外
    }。{ $state }、第{ $round }ラウンド。{ $count ->
        [0] 参加者はまだいません。
       *[other] 参加者{ $count }人：{ $players }。
    }
tournament-state-open = 参加受付中
tournament-state-running = 進行中
tournament-state-finished = 終了
tournament-state-cancelled = 中止
tournament-format-round-robin = 総当たり
tournament-format-double-round-robin = 2回総当たり
tournament-format-swiss = スイス式
tournament-format-arena = アリーナ
tournament-finished = 「{ $name }」が終わりました。{ $count ->
        [1] 優勝は{ $winners }です！
       *[other] 1位は{ $winners }の同点です！
    }
tournament-cancelled = 「{ $name }」は中止になりました。
tournament-ended-early = 「{ $name }」の第{ $next }ラウンドは組み合わせられません：{ $why ->
        [too-few-left] 残っている参加者が2人未満です。
        [too-large] 参加者数が組み合わせプログラムの扱える範囲を超えています。
       *[no-pairing] 残るどの組み合わせも、同じ相手との再戦、2回目の不戦勝、または白黒の割り当ての規則違反になります。
    }アービターの判断と同じく、大会は第{ $played }ラウンド（全{ $planned }ラウンド）で終了し、第{ $played }ラウンド終了時の順位が最終順位です。
tournament-rounds-need-players = { $rounds }ラウンドのスイス式は、参加者が{ $players }人以上なら最後まで必ず組み合わせられます。それより少ないと、組み合わせられる最後のラウンドで早く終わることがあります。
tournament-may-end-early = 「{ $name }」は参加者{ $players }人で始まります。全{ $rounds }ラウンドのうち、必ず組み合わせられるのは{ $sure }ラウンドです。以降のラウンドが組み合わせられない場合は、最後に行ったラウンドで大会が終わります。
tournament-no-server = 大会はサーバーの中でだけ開けます。
tournament-no-tournament = このサーバーに大会はありません。管理者が { -cmd-tournament-create } で作れます。
tournament-one-at-a-time = 「{ $name }」がまだ終わっていません。大会は1サーバーに1つずつです。
tournament-not-open = 「{ $name }」は始まったか終わっています。この方法での参加・退出はもうできません。
tournament-not-running = 「{ $name }」は進行中ではありません。
tournament-already-in = すでに「{ $name }」に参加しています。
tournament-not-in = 「{ $name }」に参加していません。
tournament-too-few = 「{ $name }」を始めるには2人以上必要です（今は{ $players }人）。
tournament-not-creator = それができるのは大会を作った{ $creator }だけです。
tournament-no-round = 第{ $round }ラウンドはまだありません。
tournament-bad-rounds = スイス式の大会は1〜{ $max }ラウンドです。
tournament-bad-name = 大会名は1〜{ $max }文字です（制御文字と文字の向きを変える記号は除きます）。
tournament-no-rooms = ここでは大会の対局を始められません。この画面は対局ごとの部屋を開けません。
tournament-unpairable = 「{ $name }」の次のラウンドは規則どおりに組めません（まだ対戦していない相手が足りません）。
tournament-created-setup = 各ラウンドはそのラウンドのために引いたChess960の初期配置で、全ボード同じ配置から始めます。
tournament-created-clock = 対局は持ち時間 { $time } の対局時計で指します。
tournament-created-arena = アリーナ形式：開始から{ $length }続き、手の空いた参加者はすぐに組み合わされます。勝ち2点・引き分け1点で、2連勝の後は勝たない対局まで得点が2倍になります。いつでも参加・休止・復帰できます。
tournament-created-start = 参加者が2人以上いれば、{ $start }後に自動で始まります。
tournament-organisers-set = ロール「{ $role }」のメンバーも、サーバー管理者と同じく大会を作れるようになりました。
tournament-organisers-cleared = 大会を作れるのはサーバー管理者だけになりました。
tournament-not-started = 「{ $name }」の開始時刻になりましたが、参加者が{ $players }人で、2人以上必要です。大会は参加受付のまま残り、作成者が { -cmd-tournament-start } で始められます。
tournament-not-organiser = 大会を作れるのは、サーバーを管理できる人か、管理者が選んだロールのメンバーです。
tournament-fixed-setup = { $variant }は通常の初期配置でのみ遊べます。Chess960の初期配置はChess960とアバランチ系のバリアントで使えます。
tournament-bad-start = 大会の自動開始は、作成から1分後〜{ $days }日後の間で指定してください。
tournament-records = 全{ $games }局の棋譜を1つのPGNファイルで添付しました。
# 順位表の画像:何ラウンド終了時か、列の見出し(短く)。
tournament-table-after = { $after ->
        [0] 終了したラウンドはまだありません
       *[other] 第{ $after }ラウンド終了時（全{ $rounds }ラウンド）
    }
tournament-table-final = 最終順位
tournament-table-rank = 順位
tournament-table-player = プレイヤー
tournament-table-points = 得点
tournament-table-buchholz = BH-C1
tournament-table-direct = 直接対決
tournament-table-sb = SB
tournament-table-wins = 勝
tournament-table-games = 局
tournament-table-live = 現在の順位
tournament-unknown = このサーバーに大会 #{ $id } はありません。
