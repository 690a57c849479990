# 投了・引き分け・待った・中止。

offer-resigned = { $player }が投了しました。
offer-aborted = { $player }が対局を中止しました。
offer-self-draw = { $player }は自分自身と引き分けにしました。
offer-draw-offered = { $by }が引き分けを提案しました。{ $to }さん：{ -cmd-draw-accept } か { -cmd-draw-decline } で答えてください（指すと断ったことになります）。
offer-draw-accepted = { $by }が{ $offerer }の引き分けの提案を受けました。
offer-draw-declined = { $by }が{ $offerer }の引き分けの提案を断りました。対局は続きます。
offer-self-takeback = { $player }が1手戻しました。
offer-takeback-requested = { $by }が直前の手番の「待った」を求めています。{ $to }さん：{ -cmd-takeback-accept } か { -cmd-takeback-decline } で答えてください。
offer-takeback-granted = { $by }が{ $requester }の「待った」を認めました。
offer-takeback-declined = { $by }が{ $requester }の「待った」を断りました。
