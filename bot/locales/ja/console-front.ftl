# コンソールが自分で言うこと:表示の目印と、読めない行の指摘。

console-only-user-sees = ({ $user } だけに表示)
console-notice = [通知]
console-image = [画像] { $path }
console-file = [ファイル] { $path }
console-image-not-saved = [画像を保存できません] { $path } に書き込めません: { $error }
console-file-not-saved = [ファイルを保存できません] { $path } に書き込めません: { $error }
console-buttons = [ボタン] { $labels }
console-error = エラー: { $error }
console-line-error = { $number }行目: { $error }
console-line-too-long = 行が長すぎるため読み飛ばしました({ $bytes }バイト。上限は{ $max }バイト)
console-line-not-utf8 = 行が正しい UTF-8 ではないため読み飛ばしました({ $column }バイト目が不正)
console-script-malformed = { $count ->
   *[other] スクリプトに読めない行が{ $count }行あるため、何も実行しませんでした:
}
console-no-user = `ユーザー> コマンド` の形で書いてください(例:`alice> challenge bob avalanche`)
console-bad-user = `{ $name }` はユーザー名として使えません。1語で書いてください(例:`alice`)
console-bad-room = `{ $name }` は部屋の名前として使えません。1語で書いてください(例:`alice@room2>`)
console-long-name = `{ $name }` は名前として長すぎます(最大{ $max }文字)
