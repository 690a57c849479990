# 挑戦と対局の開始。$setup は random・none・number・position（$fen）、$color は white・black・random、
# $deadline は none か時間、$time は none か持ち時間（5+3）。

challenge-challenged = { $challenger }が{ $opponent }に{ $setup ->
        [position] 局面 { $fen } からの
       *[other] {""}
    }{ $variant }{ $setup ->
        [random] （ランダム配置）
        [position] {""}
        [none] {""}
       *[number] （配置 #{ $number }）
    }の対局を申し込みました（{ $color ->
        [random] 色はランダム
       *[other] { $challenger }が{ $side }番
    }{ $deadline ->
        [none] {""}
       *[other] 、1手{ $deadline }
    }{ $time ->
        [none] {""}
       *[other] 、持ち時間 { $time }
    })。
challenge-answer-within-named = { $opponent }さん：{ $ttl }以内に { -cmd-accept } か { -cmd-decline } で答えてください。
challenge-answer-within-anyone = { $ttl }以内なら誰でも { -cmd-accept } で受けられます。
challenge-started = 対局開始：{ $players } — { $kind }。
challenge-practice-started = { $player }が{ $kind }の練習対局を始めました（両方の色を指します）。
challenge-turn-deadline = 各手番は{ $deadline }以内に指してください。
challenge-clock = 持ち時間 { $time }：各{ $base }{ $increment ->
        [0] {""}
       *[other] 、1手ごとに{ $increment }秒加算
    }。各自の初手は{ $first }以内に指してください。指さないと対局は中止になります。
challenge-declined = { $by }が{ $challenger }の挑戦を断りました。
challenge-withdrawn = { $by }が挑戦を取り下げました。
