# コンソールが自分で言うこと:表示の目印と、読めない行の指摘。

console-only-user-sees = （{ $user } だけに表示）
console-notice = [通知]
console-notice-in-room = [部屋 { $room } の通知]
console-notice-of-game = [対局 #{ $game } の通知（起動後まだ名前の出ていない部屋）]
console-image = [画像] { $path }
console-file = [ファイル] { $path }
console-image-not-saved = [画像を保存できません] { $path } に書き込めません：{ $error }
console-file-not-saved = [ファイルを保存できません] { $path } に書き込めません：{ $error }
console-buttons = [ボタン] { $labels }
console-error = エラー：{ $error }
console-line-error = { $number }行目：{ $error }
console-line-too-long = 行が長すぎるため読み飛ばしました（{ $bytes }バイト。上限は{ $max }バイト）
console-line-not-utf8 = 行が正しい UTF-8 ではないため読み飛ばしました（{ $column }バイト目が不正）
console-no-user = `ユーザー> コマンド` の形で書いてください（例：`alice> challenge bob avalanche`）
console-bad-user = `{ $name }` はユーザー名として使えません。1語で書いてください（例：`alice`）
console-bad-room = `{ $name }` は部屋の名前として使えません。1語で書いてください（例：`alice@room2>`）
console-long-name = `{ $name }` は名前として長すぎます（最大{ $max }文字）

# コンソールが読めないコマンドの指摘。`$command` はコマンドの語、`$text` は書かれた語、
# `$suggestion` は似ているコマンド。
console-command-empty = コマンドがありません。一覧は `help` で見られます
console-command-unknown = `{ $text }` というコマンドはありません。一覧は `help` で見られます
console-command-did-you-mean = `{ $text }` というコマンドはありません（`{ $suggestion }` のことですか？）
console-command-write-move = `{ $text }` というコマンドはありません（指し手は `move { $text }` のように書きます）
console-command-needs-move = `{ $command }` には指し手が必要です（例：`move e4`、`move Nf3/a3`）
console-command-needs-piece = `{ $command }` には駒が必要です。Q、R、B、N から選んでください
console-command-needs-level = `{ $command }`：`level` の後に1〜8の数字を書いてください
console-command-no-arguments = `{ $command }` は引数を取りませんが、`{ $text }` が書かれています
console-command-not-flip = `{ $command }`：`{ $text }` は `flip` ではありません
console-command-not-language = `{ $command }`：`{ $text }` は `en`、`ja`、`default` のどれでもありません
console-command-not-on-off = `{ $command }`：`{ $text }` は `on` でも `off` でもありません
console-command-not-piece = `{ $command }`：`{ $text }` は駒ではありません。Q、R、B、N から選んでください
console-command-not-draw-answer = `{ $command }`：`{ $text }` は `offer`、`accept`、`decline` のどれでもありません
console-command-not-takeback-answer = `{ $command }`：`{ $text }` は `request`、`accept`、`decline` のどれでもありません
console-command-not-colour = `{ $command }`：`{ $text }` は色ではありません。`white`、`black`、`random` から選んでください
console-command-not-variant = `{ $command }`：`{ $text }` は変種ではありません。standard、chess960、avalanche、avalanche-balanced、avalanche-reversed から選んでください
console-command-not-family = `{ $command }`：`{ $text }` は種目ではありません。bullet、blitz、rapid、classical、correspondence（standard も可）、chess960、avalanche から選んでください
console-command-not-setup = `{ $command }`：`{ $text }` はチェス960の初期配置ではありません。0〜959の番号か `random` を書いてください
console-command-not-level = `{ $command }`：レベル `{ $text }` はありません。1〜8から選んでください
console-command-not-deadline = `{ $command }`：`{ $text }` は期限として読めません。10m、1h、1d、3d のように書いてください
console-command-not-time = `{ $command }`：`{ $text }` は持ち時間として読めません。5+3 や 0.5+0 のように「分+秒」で書いてください（0.5〜180分、0〜60秒）
console-command-one-family = `{ $command }` に指定できる種目は1つまでですが、`{ $text }` が書かれています
console-command-two-variants = `{ $command }`：変種が2つ指定されています（`{ $text }`）
console-command-split-variant = `{ $command }`：`{ $text }` は1つの変種を2語で書いたものです。`{ $suggestion }` と書いてください
console-command-already-named = `{ $command }`：`{ $text }`：すでに別の人が指定されています
console-command-unknown-option = `{ $command }`：`{ $text }` という設定項目はありません
console-command-unreadable = `{ $command }`：`{ $text }` は変種、初期配置（0〜959）、色、期限（10m、1h、3d など）のどれとしても読めません。この名前のユーザーに挑戦するには `@{ $text }` と書いてください
console-command-extra-word = `{ $command }`：`{ $text }` は変種、初期配置、色、期限のどれでもなく、相手もすでに指定されています
console-command-computer-and-user = `{ $command }`：コンピューターかユーザーのどちらか一方だけを指定してください
console-command-setup-and-position = `{ $command }`：チェス960の配置か局面のどちらか一方だけを指定してください
console-command-no-position = `{ $command }`：`position` の後に FEN を書いてください。例：`position 4k3/8/8/8/8/8/8/4K2R w K - 0 1`
console-command-level-without-computer = `{ $command }`：レベルはコンピューターとの対局でだけ指定できます（例：`challenge computer level 3`）
console-command-needs-elo = `{ $command }`：`elo` の後に1350〜2850の数字を書いてください
console-command-not-elo = `{ $command }`：Stockfish のレーティングは1350〜2850で、`{ $text }` は選べません
console-command-elo-without-stockfish = `{ $command }`：レーティングは Stockfish との対局でだけ指定できます（例：`challenge stockfish elo 1800`）
console-command-needs-game-id = `{ $command }` には対局番号が必要です（例：`game 12`）
console-command-needs-days = `{ $command }` には日数か `end` が必要です（例：`vacation 3`）
console-command-not-game-id = `{ $command }`：`{ $text }` は対局番号ではありません（`12` のような数字で書いてください）
console-command-not-page = `{ $command }`：`{ $text }` はページ番号ではありません。1以上の数字で書いてください
console-command-not-turn = `{ $command }`：`{ $text }` は手番ではありません。0（開始局面）以上の数字で書いてください
console-command-not-days = `{ $command }`：`{ $text }` は日数でも `end` でもありません。日数は1以上で書いてください
console-command-needs-tournament = `{ $command }` には何をするかが要ります：`create 名前 バリアント 形式`、`join`、`leave`、`start`、`standings [#ID]`、`pairings [ラウンド] [#ID]`、`info [#ID]`、`cancel`、`organisers [ロール]`
console-command-not-format = `{ $command }`：`{ $text }` は形式ではありません。round-robin、double-round-robin、swiss、arena から選んでください
console-command-not-rounds = `{ $command }`：`{ $text }` は1以上のラウンド数ではありません
console-command-not-tournament-action = `{ $command }`：`{ $text }` は create、join、leave、start、standings、pairings、info、cancel、organisers のどれでもありません
console-command-not-tournament-id = `{ $command }`：`{ $text }` は大会の番号（`#` と数字、例：`#17`）ではありません
console-command-not-forget-answer = `{ $command }`：`{ $text }` は `confirm` でも `cancel` でもありません
console-command-not-choice = `{ $command }`：`{ $text }` は読み取れません。書き方は `help` にあります

# コンソールが始められない・続けられない理由(この後にシステム自身の理由が続く)。
console-cannot-read-script = スクリプト { $path } を読めません
console-cannot-create-folder = 画像フォルダー { $path } を作れません
console-cannot-read-folder = 画像フォルダー { $path } を読めません
console-opening-database = データベースを開けませんでした
console-preparing-renderer = 盤面の描画を準備できませんでした
console-reading-input = 標準入力を読めませんでした
# ウェブ盤を提供しているとき（`nadare local --web`）、盤面の下に出る。
console-watch-live = [ウェブ] ライブ観戦：{ $url }
# ウェブ盤があるとき、対局が初めて表示されたときに出る各プレイヤー専用のリンク。
console-play-web = [ウェブ] { $player } はウェブで指せます：{ $url }
