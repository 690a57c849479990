# 盤面・棋譜・対局の一覧・チェス960の配置。

# 盤面の見出し。$last は最後に指された手、まだなければ none。
view-game = { $players } · { $kind }{ $last ->
        [none] {""}
       *[other] {" · "}最終手：{ $last }
    }
view-no-turns-yet = （まだ指し手はありません）
view-record-clipped = … { $record }
    （棋譜の全体は添付ファイルにあります）
view-games = 進行中の対局（{ $count }）：
view-game-line = • #{ $id } { $players } · { $kind } · { $move }手目 · { $player }の手番
view-games-more = … ほか{ $count }局
view-challenges-heading = 受付中の挑戦（{ $count }）：
view-challenge-line = • #{ $id } { $challenger }から{ $opponent }への{ $variant }の挑戦
view-no-games = このサーバーで進行中の対局はありません。{ -cmd-challenge } で始めましょう。
view-chess960-setup = チェス960 配置 #{ $number }：{ $back_rank }
view-position = FEN：{ $fen }
view-xfen = X-FEN（多くのチェスソフトが読む形式）：{ $fen }
view-pushes = { $side }は相手のポーンを{ $squares }へ押せます。
view-no-push = { $side }のこの手番に押しはありません。
view-play-setup = この配置で対局：{ $command }
