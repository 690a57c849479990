# 休暇:数日間、持ち時間の期限を止める。

vacation-started = { $player }は{ $days }日間の休暇に入りました。{ $games }局の期限を止めています。今年の休暇は残り{ $left }日です。休暇中に指すと、その時点で休暇は終わります。
vacation-paused = { $player }が最長{ $days }日間の休暇に入りました。この対局の期限は両者とも止まっています。
vacation-ended = { $player }の休暇が終わりました（{ $used }日使用、今年の残りは{ $left }日）。
vacation-resumed = { $player }の休暇が終わりました。止まっていた時間を足して、この対局の期限がまた進み始めます。
vacation-too-long = { $asked }日の休暇を求めましたが、今年の休暇は残り{ $left }日しかありません。
vacation-no-days = 休暇は1日以上にしてください。
vacation-already-on = すでに休暇中です。別の休暇を取るには、まず今の休暇を終えてください。
vacation-not-on = 休暇中ではありません。
