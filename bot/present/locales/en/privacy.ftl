# Users' data: what nadare stores, forgetting it (`forget`), a copy of it (`mydata`).
# `$count` is how many of a kind; a line with a count of 0 is left out.

privacy-policy =
    What nadare stores about you, in its database, until you ask it to forget you:
    • your Discord user id, and the name you had in each game, challenge, rating and tournament;
    • your games (moves, results, times, where they were played) and the challenges you made or were sent;
    • your ratings in each server and what each rated game changed;
    • your vacations and the vacation days you used each year;
    • the tournaments you joined or created, with your pairings and results.
    A server's settings (language, pictures, organisers' role) are the server's, removed when nadare leaves it. Players' pictures are fetched from Discord for the boards and kept in memory only, never stored. The bot's logs may mention your id, for as long as its operator keeps them. Messages already posted on Discord stay there.
    { -cmd-mydata } gives you all of it as a file only you see. { -cmd-forget } deletes it: it says what it will do and asks first. Your games under way are resigned (aborted if you have not moved yet), you leave your tournaments, your ratings and vacations are deleted, and your finished games keep their moves with you shown as "deleted user".

privacy-confirm = Forget everything nadare stores about you? It cannot be undone.
privacy-forget-how = { -how-confirm-forget }
privacy-forgotten = Done: nadare has forgotten you.
privacy-play-again = Nothing stored names you any more; you may play again as a new player.

privacy-plan-games = • { $count ->
        [one] Your game stays
       *[other] Your { $count } games stay
    }, with moves and results, you shown as "deleted user".
    .done = • { $count ->
        [one] Your game keeps its
       *[other] Your { $count } games keep their
    } moves and results, you shown as "deleted user".
privacy-plan-resigned = • { $count ->
        [one] A game under way is
       *[other] { $count } games under way are
    } resigned.
    .done = • { $count ->
        [one] A game under way was
       *[other] { $count } games under way were
    } resigned.
privacy-plan-aborted = • { $count ->
        [one] A game you have not moved in yet is
       *[other] { $count } games you have not moved in yet are
    } aborted.
    .done = • { $count ->
        [one] A game you had not moved in yet was
       *[other] { $count } games you had not moved in yet were
    } aborted.
privacy-plan-challenges = • { $count ->
        [one] An open challenge is
       *[other] { $count } open challenges are
    } withdrawn or declined.
    .done = • { $count ->
        [one] An open challenge was
       *[other] { $count } open challenges were
    } withdrawn or declined.
privacy-plan-ratings = • { $count ->
        [one] Your rating is
       *[other] Your { $count } ratings are
    } deleted.
    .done = • { $count ->
        [one] Your rating was
       *[other] Your { $count } ratings were
    } deleted.
privacy-plan-tournaments = • You leave { $count ->
        [one] a tournament
       *[other] { $count } tournaments
    } (an open one you created is cancelled).
    .done = • You left { $count ->
        [one] a tournament
       *[other] { $count } tournaments
    }.
privacy-plan-rest = • Your vacations and challenges are deleted; your id and names are kept nowhere.
    .done = • Your vacations and challenges were deleted; your id and names are kept nowhere.

privacy-nothing-stored = nadare stores nothing about you: there is nothing to forget.
privacy-kept = Nothing was forgotten.
privacy-not-forgotten = Not everything could be forgotten: a game or challenge of yours could not be ended, or began meanwhile. { $ended ->
        [0] Nothing was changed.
        [one] The game or challenge ended meanwhile stays ended; the rest is kept as it was.
       *[other] The { $ended } games and challenges ended meanwhile stay ended; the rest is kept as it was.
    } { -cmd-forget } again finishes it.
privacy-export = Everything nadare stores about you, in a file only you see: { $games ->
        [one] 1 game
       *[other] { $games } games
    }, { $ratings ->
        [one] 1 rating
       *[other] { $ratings } ratings
    }, { $tournaments ->
        [one] 1 tournament
       *[other] { $tournaments } tournaments
    } (JSON, described in nadare's documentation).
