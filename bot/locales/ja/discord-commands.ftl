# Discord に表示するスラッシュコマンド:コマンドとオプションの名前(メッセージの値)と説明
# (`.description`)、選択肢の名前。名前は Discord の規則(空白なし、32文字以内)に従い、
# 説明は100文字以内。

command-challenge = 挑戦
    .description = このチャンネルで誰か(または誰でも)に対局を申し込みます
command-challenge-opponent = 相手
    .description = 挑戦する相手。指定しなければ誰でも受けられる挑戦になります
command-challenge-computer = コンピューター
    .description = 人ではなくコンピューターと対局します。レベルは1(初心者)から8(強い)まで
command-challenge-variant = 変種
    .description = 対局のルール(指定しなければ通常のチェス)
command-challenge-colour = 色
    .description = 自分が持つ色
command-challenge-chess960 = チェス960
    .description = チェス960の初期配置から始めます。番号 0〜959 か random(ランダム)
command-challenge-deadline = 期限
    .description = 1手ごとの持ち時間。例:10m、1h、1d、3d(既定ではなし)
command-accept = 受諾
    .description = このチャンネルの挑戦を受けます
command-decline = 辞退
    .description = このチャンネルの挑戦を断ります
command-cancel = 取り消し
    .description = 自分の挑戦を取り下げるか、途中まで入力した手番を取り消します
command-move = 指す
    .description = 自分の手番を指します。例:e4、Nf3/a3、=Q Kd2/e6
command-move-notation = 指し手
    .description = 指し手、またはアバランチの手番
command-hint = ヒント
    .description = コンピューターがすすめる手番(コンピューターとの対局でのみ)
command-resign = 投了
    .description = 対局を投了します
command-draw = 引き分け
    .description = 引き分けを提案する・受ける・断る
command-draw-action = 操作
    .description = すること(既定は提案)
command-takeback = 待った
    .description = 直前の自分の手番の取り消しを頼むか、その頼みに答えます
command-takeback-action = 操作
    .description = すること(既定は申し込み)
command-abort = 中止
    .description = 双方が指す前に対局を中止します
command-board = 盤面
    .description = 現在の盤面を表示します
command-board-flip = 反転
    .description = 反対側から見た盤面にします
command-moves = 棋譜
    .description = ここまでの棋譜(PGN 形式のファイル付き)
command-games = 対局一覧
    .description = このサーバーで進行中の対局
command-chess960 = チェス960
    .description = 対局を始めずにチェス960の初期配置を表示します
command-chess960-number = 番号
    .description = 初期配置の番号 0〜959(指定しなければランダム)
command-rules = ルール
    .description = 各変種の遊び方
command-rules-variant = 変種
    .description = 変種(指定しなければすべて)
command-help = ヘルプ
    .description = nadare にできること

## 選択肢

choice-variant-standard = { variant-standard }
choice-variant-chess960 = { variant-chess960 }
choice-variant-avalanche = { variant-avalanche }
choice-variant-avalanche-balanced = { variant-avalanche-balanced }
choice-variant-avalanche-reversed = { variant-avalanche-reversed }
choice-colour-white = 白
choice-colour-black = 黒
choice-colour-random = ランダム
choice-action-offer = 提案する
choice-action-request = 申し込む
choice-action-accept = 受ける
choice-action-decline = 断る
