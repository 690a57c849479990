# コンソールの `help`:コンソールのコマンド(英単語のまま)と行の書き方。

help =
    nadare は通常のチェス、チェス960、アバランチ系の変種を指します。1行は `名前> コマンド`、別の部屋で指すときは `名前@部屋> コマンド` と書きます。対局または挑戦は部屋ごとに1つです。
    • `challenge [相手] [変種] [0-959|random960] [white|black|random] [10m|1h|1d|3d|5+3]`：相手を指定しなければ誰でも受けられ、`5+3` は対局時計（分+加算秒）、自分自身に挑戦すると両方の側を練習できます。例：`alice> challenge bob avalanche black 1d`。`position FEN` で任意の局面から始めます（レーティング対象外）
    • `challenge computer [1-8]`：コンピューターと対局します（指定しなければレベル3） · `challenge stockfish [1350-2850]`：Stockfish と対局（導入時。標準チェスとチェス960） · `hint`：おすすめの手番（コンピューターとの対局でのみ）
    • `accept` · `decline` · `cancel`：挑戦を受ける・断る・取り下げる（挑戦は10分で失効します）。`cancel` は途中まで入力した手番も取り消します
    • `move 指し手`：自分の手番に指します。`e4`、`Nf3`、`O-O`、UCI の `g1f3`。アバランチは `Nf3/a6` とまとめて、または `Nf3` の後に `a6`。昇格を待つポーンがあれば先頭に `=Q Kd2/e6`
    • `promote Q|R|B|N` · `confirm` · `cancel-push`：押し出されたポーンの昇格先を選ぶ、押し出しで負けになる手番を確定する・取り消す
    • `resign`（投了） · `draw [offer|accept|decline]`（引き分け） · `takeback [request|accept|decline]`（待った） · `abort`（双方が指す前の中止）
    • `board [flip]` · `moves` · `position` · `games`：盤面、棋譜（PGN ファイル付き）、FEN（自分だけに）、進行中の対局
    • `chess960 [番号]`：チェス960の初期配置 · `rules [変種]`：各変種のルール
    • `rematch`：先後を入れ替えてもう一局 · `gif [番号]`：再生アニメーション · `review [番号] [手番]`：エンジンによる検討（手番を書くとその局面） · `history [@プレイヤー] [ページ]` · `game 番号`：終局した対局の棋譜と解析リンク
    • `vacation 日数` · `vacation end`：すべての対局の期限を止めます（年間の上限あり。指しても終了）
    • `rating [@ユーザー] [変種]` · `leaderboard [変種]`：このサーバーでの種目ごとの Glicko-2 レーティング（通常のチェスは持ち時間の区分ごと）と、上位10人とあなたの順位。二人の対局は、挑戦に `casual` と書かない限りレーティング対局です · `language en|ja|default`：ここでの公開メッセージの言語 · `avatars on|off`：ここでの盤面のプレイヤーの画像（`--avatar 名前=ファイル`）
    • `tournament create "名前" 変種 方式` · `tournament join|start|standings|pairings`：総当たり・スイス式・アリーナの大会（`berserk`：持ち時間半分）
    • `privacy`：nadare があなたについて保存するもの · `mydata`：その写し（出力フォルダーのファイル） · `forget`：削除する（`forget` の後に `forget confirm`）
    • 省略形：`move` は `m`（`alice> m Nf3/a3`）、`challenge` は `play`、`board flip` は `flip` とも書けます。
