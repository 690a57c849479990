# The labels of the buttons under boards and challenges, by action.

button-accept = Accept
button-decline = Decline
button-resign = Resign
button-resign-yes = Yes, resign
button-draw = Offer draw
button-flip = Flip board
button-promote-q = Queen
button-promote-r = Rook
button-promote-b = Bishop
button-promote-n = Knight
button-confirm-push = Confirm (loses)
button-cancel-push = Cancel
button-rematch = Rematch
button-berserk = Berserk
button-page-previous = ◀ Previous
button-page-next = Next ▶
button-tournament-join = Join
button-tournament-leave = Leave
button-forget-yes = Forget me
button-forget-no = Cancel
button-review-steps = Step through ▶
button-review-back = ◀ Back
button-review-forward = Forward ▶
button-watch-live = Watch live
button-play-web = Play on the web
