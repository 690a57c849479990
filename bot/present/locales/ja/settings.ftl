# サーバーの設定（管理者が変更する）。

## 公開メッセージに使うサーバーの言語

server-language-en = 英語（English）
server-language-ja = 日本語
server-language-set = このサーバーの公開メッセージを{ $language }にしました。
server-language-cleared = このサーバーの公開メッセージはDiscordの言語設定に従うようになりました。
server-no-server = 言語を設定できるのはサーバーだけです。ここでは各ユーザーの言語が使われます。

## サーバーの盤面の名前欄に出すプレイヤーの画像

server-avatars-on = このサーバーの盤面の名前欄にプレイヤーの画像を表示するようにしました。
server-avatars-off = このサーバーの盤面の名前欄はプレイヤーの画像の代わりにアイコンを表示するようにしました。
server-avatars-no-server = この設定があるのはサーバーだけです。サーバーの外では、ボットの運営者が無効にしていない限りプレイヤーの画像が表示されます。
