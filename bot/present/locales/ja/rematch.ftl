# 再戦。

rematch-asked = { $player }が先後を入れ替えての再戦を申し込みました。
rematch-no-finished-game = このチャンネルには再戦できる終局した対局がありません。
rematch-after-abort = 中止した対局は再戦できません。新しく挑戦してください。
