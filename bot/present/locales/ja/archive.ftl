# 終わった対局:対局記録の一覧、対局の再表示、再生アニメーション、解析リンク。

archive-history = { $player ->
        [all] 終局した対局
       *[other] { $player }の終局した対局
    }（{ $total }局）· { $pages }ページ中{ $page }ページ目
archive-line = #{ $id } · { $date } · { $players } · { $kind } · { $result } { $outcome } · { $turns }手
archive-empty = { $player ->
        [all] 終局した対局はまだありません。
       *[other] { $player }の終局した対局はまだありません。
    }
archive-shown = 対局 #{ $id } · { $date } · { $players } · { $kind }：{ $result }、{ $outcome }。
archive-analysis = 最終局面を解析する：{ $url }
archive-replay = 対局 #{ $id } の再生アニメーションを添付しました。
archive-replay-too-long = この対局は{ $turns }手あります。再生アニメーションは{ $limit }手以内の対局にのみ作成します。
archive-replay-failed = 今回は再生アニメーションを作成できませんでした。
archive-unknown-game = ここには終局した対局 #{ $id } はありません。
archive-unavailable = 現在、対局記録を読み込めません。少し待ってからもう一度お試しください。
