# 頼まれずに知らせること:挑戦の期限切れ・時間切れ・催促・再起動。

notice-challenge-expired = { $opponent ->
        [none] { $challenger }の挑戦は応答がないまま期限切れになりました。
       *[other] { $challenger }から{ $opponent }への挑戦は応答がないまま期限切れになりました。
    }
notice-lost-on-time = { $player }は{ $deadline }以内に指さなかったため、時間切れで負けです。
notice-flagged = { $drawn ->
        [yes] { $player }の持ち時間が切れましたが、相手には勝つ手段がないため引き分けです。
       *[no] { $player }の持ち時間が切れたため、負けです。
    }
notice-first-turn-missed = { $player }が{ $limit }以内に初手を指さなかったため、対局は中止になりました。
notice-reminder = { $player }さん、対局 #{ $game }（{ $players }）はあなたの手番です。あと{ $left }で時間切れ負けになります。
notice-set-aside = このチャンネルの対局 { $game } は再起動後に復元できませんでした（{ $detail }）。ボットの管理者のためにデータベースにそのまま残してあります。{ -cmd-challenge } でここで新しい対局を始められます。
notice-announced-after-restart = 再起動のため遅れてお知らせします：
notice-announced-late = 遅れてお知らせします（この手の返答がチャンネルに届きませんでした）：
