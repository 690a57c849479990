# 挑戦と対局の開始。$setup は random・none・number・position（$fen）、$color は white・black・random、
# $deadline は none か時間。

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
    })。
challenge-answer-within-named = { $opponent }さん：{ $ttl }以内に { -cmd-accept } か { -cmd-decline } で答えてください。
challenge-answer-within-anyone = { $ttl }以内なら誰でも { -cmd-accept } で受けられます。
challenge-started = 対局開始：{ $players } — { $kind }。
challenge-practice-started = { $player }が{ $kind }の練習対局を始めました（両方の色を指します）。
challenge-turn-deadline = 各手番は{ $deadline }以内に指してください。
challenge-declined = { $by }が{ $challenger }の挑戦を断りました。
challenge-withdrawn = { $by }が挑戦を取り下げました。
