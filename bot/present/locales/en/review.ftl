# Reviews of finished games: the figures, how far a review has come, why none was made, and
# the words of the graph and of the annotated record's comments.

review-summary = Review of game #{ $id } · { $players } · { $kind } · depth { $depth }
review-player = { $player }: accuracy { $accuracy } · { $inaccuracies ->
        [one] 1 inaccuracy
       *[other] { $inaccuracies } inaccuracies
    }, { $mistakes ->
        [one] 1 mistake
       *[other] { $mistakes } mistakes
    }, { $blunders ->
        [one] 1 blunder
       *[other] { $blunders } blunders
    }
review-player-idle = { $player }: no turns to judge
review-mark = { $turn }: { $judgement } (−{ $loss }). Better: { $line }
review-mark-alone = { $turn }: { $judgement } (−{ $loss })
review-inaccuracy = inaccuracy
review-mistake = mistake
review-blunder = blunder
review-unlisted = { $count ->
        [one] One more marked turn is
       *[other] { $count } more marked turns are
    } in the annotated record.
review-decided = The game was decided by { $turn }.
review-attached = The evaluation graph and the annotated record are attached.
review-attached-boards = The evaluation graph, the worst mistakes each on a board (the better turn as an arrow) and the annotated record are attached.
review-waiting = Game #{ $id } waits for another review to finish…
review-progress = Reviewing game #{ $id }: { $done } of { $total } positions…
review-not-finished = Game #{ $id } is not over yet: only finished games are reviewed.
review-no-game = There is no finished game here to review: name one by its number.
review-no-turns = Game #{ $id } has no turns to review.
review-failed = The review of game #{ $id } could not be made this time; try again in a moment.
review-graph-title = { $white } – { $black }
review-graph-subtitle = { $kind } · depth { $depth }
review-graph-white = White's chances
review-graph-decided = Decided here
review-board-heading = { $judgement }: { $turn }
review-board-better = Better: { $turn }
review-comment = { $judgement } ({ $before } → { $after }). Better: { $line }.
review-comment-alone = { $judgement } ({ $before } → { $after }).
review-comment-inaccuracy = Inaccuracy
review-comment-mistake = Mistake
review-comment-blunder = Blunder
review-comment-decided = The game was decided here.
review-annotator = nadare review, depth { $depth }
review-step-start = Game #{ $id } · the start · evaluation { $eval }
review-step-after = Game #{ $id } · turn { $turn } of { $turns }: { $played } · evaluation { $eval }
review-step-decided = This turn decided the game.
review-no-such-turn = Game #{ $id } has { $turns ->
        [one] 1 turn
       *[other] { $turns } turns
    }: choose a turn from 0 (the start) to { $turns }.
