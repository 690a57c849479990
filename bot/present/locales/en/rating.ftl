# Ratings (Glicko-2, per server and rating family), leaderboards, rated or casual games.
# Ratings arrive formatted ("1662", "1662?" while provisional); a change arrives signed
# ("+162", "-38").

## Rating families: each keeps its own rating. Standard chess has one per speed (its
## correspondence one, without a clock, has the id `standard`); the other variants one each.

rating-family-bullet = Bullet
rating-family-blitz = Blitz
rating-family-rapid = Rapid
rating-family-classical = Classical
rating-family-standard = Correspondence
rating-family-chess960 = Chess960
rating-family-avalanche = Avalanche (all three)
# The family inside a sentence: "no rated { $family } game".
rating-family-in-text-bullet = bullet
rating-family-in-text-blitz = blitz
rating-family-in-text-rapid = rapid
rating-family-in-text-classical = classical
rating-family-in-text-standard = correspondence
rating-family-in-text-chess960 = Chess960
rating-family-in-text-avalanche = Avalanche

## Rated or casual

rating-rated-yes = Rated: the result changes both players' { $family } ratings.
rating-rated-no = Casual: no rating changes.

## After a rated game

rating-changed = { $name }'s { $family } rating: { $before } → { $after } ({ $delta })

## A player's ratings

rating-ratings = { $name }'s ratings in this server:
rating-line = { $family }: { $rating } ± { $deviation }, { $games ->
        [one] 1 game
       *[other] { $games } games
    } ({ $wins } won, { $draws } drawn, { $losses } lost)
rating-ratings-none = { $name } has no rated game in this server yet.
rating-ratings-none-in-family = { $name } has no rated { $family } game in this server yet.
rating-no-server = Ratings are kept per server; there are none outside a server.

## Leaderboards

rating-leaderboard = { $family } leaderboard ({ $players ->
        [one] 1 rated player
       *[other] { $players } rated players
    }):
leaderboard-line = { $rank }. { $name } — { $rating } ({ $games ->
        [one] 1 game
       *[other] { $games } games
    })
leaderboard-own = Your place: { $rank }. ({ $rating })
leaderboard-unranked = You have no rated { $family } game in this server yet.
rating-leaderboard-empty = Nobody has played a rated { $family } game in this server yet.
