# Discord フロントが自分で言うこと:読めないオプションの指摘、古いボタン、対局の場所。

front-unknown-command = `/{ $command }` というコマンドはありません。`/ヘルプ` をご覧ください。
front-bad-level = レベル{ $level }はありません。1〜8から選んでください。
front-bad-elo = Stockfish のレーティングは{ $least }〜{ $most }で、{ $elo }は選べません。
front-opponent-and-computer = 相手かコンピューターのどちらか一方を選んでください。
front-setup-and-position = チェス960の配置か局面のどちらか一方を選んでください。
front-bad-colour = `{ $text }` は色ではありません。white、black、random から選んでください。
front-bad-variant = `{ $text }` は変種ではありません。`/ルール` で一覧を見られます。
front-bad-setup = `{ $text }` はチェス960の初期配置ではありません。0〜959の番号か `random` を指定してください。
front-bad-deadline = `{ $text }` は期限として読めません。数字と単位で書いてください（例：10m、1h、1d）。
front-bad-time = `{ $text }` は持ち時間として読めません。5+3 や 0.5+0 のように「分+秒」で書いてください（0.5〜180分、0〜60秒）。
front-stale-button = このボタンは古くなっています。スラッシュコマンドを使ってください。
# 新しい盤面(または挑戦)がある対局の、古いメッセージのボタンが押されたとき。
front-stale-board = このメッセージは古くなっています。対局の最新の盤面にあるボタンか、スラッシュコマンドを使ってください。
# ボタンで承諾された挑戦に書き足す行。
front-challenge-accepted = **{ $user }**が承諾しました。
front-game-gone = その対局は終わったか、もう保存されていません。進行中の対局は `/対局一覧` で見られます。
front-resign-question = 投了しますか？確定しなければ何も起きません。
front-game-goes-on-in = 完了しました。対局は <#{ $channel }> で続いています。
front-answered-publicly = 完了しました。回答は全員に見える形で下に投稿しました。
front-game-in-thread = 対局は <#{ $thread }> で行います。
front-thread-not-removed = スレッド <#{ $thread }> を削除できませんでした。モデレーターが削除できます。
front-restarting = nadare は再起動中です。少し待ってからもう一度お試しください。
front-opening-thread = **{ $user }** が挑戦しました。対局用のスレッドを作っています…
front-thread-name = { $challenger } 対 { $opponent }・{ $variant }
front-thread-anyone = 誰でも
front-thread-not-removed-permission = スレッド <#{ $thread }> を削除できませんでした。スレッドの管理権限がないため、モデレーターが削除してください。
front-posted-in-parent = （<#{ $channel }> に投稿できなかったため、ここに投稿しました。ロックされているか、そこでの権限がない可能性があります。）
# 自分からの投稿を控えた、またはDiscordに断られたチャンネルでの答えに添える行。$permissions は権限の名前。
front-cannot-post = ⚠️ このチャンネルには自分から投稿できません（期限の通知、遅れて知らせる手など）。サーバーの管理者がここで「{ $permissions }」の権限を与えてください。
front-permission-separator = 」「
front-permission-view-channel = チャンネルを見る
front-permission-send-messages = メッセージを送信
front-permission-send-messages-in-threads = スレッドでメッセージを送信
front-permission-embed-links = 埋め込みリンク
front-permission-attach-files = ファイルを添付
front-answered-privately = （非公開で回答しました）

# 書き込みでの着手が有効なとき `help` の後に付ける。
help-typed-moves = • 対局中のチャンネルでは、手番のプレイヤーは指し手をそのままメッセージとして書き込むこともできます。
front-game-title = 対局 #{ $game }
front-missing-game-id = `/game` には対局の番号が必要です（例：12）。
front-bad-vacation = `{ $text }` は1以上の日数でも `end` でもありません。
front-bad-family = `{ $text }` は種目ではありません。bullet、blitz、rapid、classical、correspondence（standard も可）、chess960、avalanche から選んでください。
front-not-an-admin = サーバーの言語を変えられるのは、サーバーを管理できる人だけです。
# Discord が受け付けない大きさのため、メッセージから外したファイル。
front-file-too-large = `{ $file }`（{ $size } MB）は添付していません。ここでは 1 件のメッセージに添付できるファイルは { $limit } MB までです。
front-not-an-admin-organisers = 大会を作れる人を選べるのは、サーバーを管理できる人だけです。
front-bad-setup-choice = `{ $text }` は初期配置の選択肢ではありません。通常の配置かChess960の配置を選んでください。
front-bad-duration = `{ $text }` は長さとして読めません。30m、1h、2h のように数と単位で書いてください。
front-bad-start = `{ $text }` は待ち時間として読めません。数字と単位で書いてください（例：30m、2h、1d）。
front-bad-format = `{ $text }` は大会の形式ではありません。総当たり、2回総当たり、スイス式、アリーナから選んでください。
front-empty-tournament-name = 大会には名前が必要です。
front-bad-tournament = `{ $text }` はこのサーバーの大会ではありません。一覧から選んでください。
# 大会の対局のスレッド名。
front-tournament-thread-name = { $tournament }・第{ $round }R 第{ $board }盤・{ $white } 対 { $black }
# `/大会 順位表` などの一覧に出す大会。
front-tournament-choice = { $name }・{ $state }
front-bad-choice = `{ $text }` は `{ $option }` の選択肢にありません。一覧から選んでください。
# 対局者が「ウェブで指す」を押したとき：その人専用のリンク。
front-play-link = 対局 #{ $game } をウェブで指すためのリンク：{ $url }
    あなた専用で、一度だけ使え、{ $minutes } 分で無効になります。開いた後はそのページでログインしたままになります。
# 対局者でない人が「ウェブで指す」を押したとき。
front-play-not-yours = あなたは対局 #{ $game } のプレイヤーではありません。ライブ観戦はこちら：{ $url }
