# 大会:作成、参加、各ラウンドの組み合わせ、順位表。

tournament-created = 大会「{ $name }」を作りました:{ $variant }、{ $format }{ $rounds ->
        [0] {""}
       *[other] 、{ $rounds }ラウンド
    }、{ $rated ->
        [yes] レーティング対象
       *[other] レーティング対象外
    }、1手の期限は{ $deadline }。`tournament join` で参加できます。
tournament-no-deadline = なし
tournament-joined = { $player }が「{ $name }」に参加しました(参加者{ $players }人)。
tournament-left = { $player }が「{ $name }」から抜けました(参加者{ $players }人)。
tournament-withdrew = { $player }が「{ $name }」を棄権しました。残りの対局は不戦敗になります。
tournament-removed = { $player }は2局を不戦敗にしたため、「{ $name }」から外れました。
tournament-round = 「{ $name }」第{ $round }ラウンド(全{ $rounds }ラウンド):
tournament-board = { $board }. { $white } – { $black } { $result }
tournament-bye = { $board }. { $player }:不戦勝(1点)
tournament-game = 「{ $name }」第{ $round }ラウンド、第{ $board }盤。
tournament-standings = 「{ $name }」第{ $after }ラウンド終了時の順位
tournament-standing-swiss = { $rank }. { $player } { $points }点(ブッフホルツ・カット1 { $first }、ゾンネボルン・ベルガー { $second })
tournament-standing-round-robin = { $rank }. { $player } { $points }点(直接対決 { $first }、ゾンネボルン・ベルガー { $second })
tournament-withdrawn-mark = (棄権)
tournament-info = 「{ $name }」:{ $variant }、{ $format }、{ $rounds ->
        [0] ラウンド数は開始時に決定
       *[other] { $rounds }ラウンド
    }、{ $rated ->
        [yes] レーティング対象
       *[other] レーティング対象外
    }。{ $state }、第{ $round }ラウンド。{ $count ->
        [0] 参加者はまだいません。
       *[other] 参加者{ $count }人:{ $players }。
    }
tournament-state-open = 参加受付中
tournament-state-running = 進行中
tournament-state-finished = 終了
tournament-state-cancelled = 中止
tournament-format-round-robin = 総当たり
tournament-format-double-round-robin = 2回総当たり
tournament-format-swiss = スイス式
tournament-finished = 「{ $name }」が終わりました。{ $count ->
        [one] 優勝は{ $winners }です!
       *[other] 1位は{ $winners }の同点です!
    }
tournament-cancelled = 「{ $name }」は中止になりました。
tournament-no-server = 大会はサーバーの中でだけ開けます。
tournament-none = このサーバーに大会はありません。管理者が `tournament create` で作れます。
tournament-one-at-a-time = 「{ $name }」がまだ終わっていません。大会は1サーバーに1つずつです。
tournament-not-open = 「{ $name }」は始まったか終わっています。この方法での参加・退出はもうできません。
tournament-not-running = 「{ $name }」は進行中ではありません。
tournament-already-in = すでに「{ $name }」に参加しています。
tournament-not-in = 「{ $name }」に参加していません。
tournament-too-few = 「{ $name }」を始めるには2人以上必要です(今は{ $players }人)。
tournament-not-creator = それができるのは大会を作った{ $creator }だけです。
tournament-no-round = 第{ $round }ラウンドはまだありません。
tournament-bad-rounds = スイス式の大会は1〜{ $max }ラウンドです。
tournament-no-rooms = ここでは大会の対局を始められません。この画面は対局ごとの部屋を開けません。
tournament-unpairable = 「{ $name }」の次のラウンドは規則どおりに組めません(まだ対戦していない相手が足りません)。
