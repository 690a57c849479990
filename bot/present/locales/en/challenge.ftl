# Challenges and the start of games. $setup is random, none, number or position ($fen);
# $color is white,
# black or random; $deadline is none or a duration.

challenge-challenged = { $challenger } challenges { $opponent } to { $variant }{ $setup ->
        [random] {" "}(random setup)
        [position] {" "}from the position { $fen }
        [none] {""}
       *[number] {" "}(setup #{ $number })
    }, { $color ->
        [random] colours drawn at random
       *[other] { $challenger } plays { $side }
    }{ $deadline ->
        [none] {""}
       *[other] , { $deadline } per turn
    }{ $time ->
        [none] {""}
       *[other] , clock { $time }
    }.
challenge-answer-within-named = { $opponent }: { -cmd-accept } or { -cmd-decline } within { $ttl }.
challenge-answer-within-anyone = Anyone may { -cmd-accept } within { $ttl }.
challenge-started = The game is on: { $players } — { $kind }.
challenge-practice-started = { $player } starts a practice game of { $kind }, playing both sides.
challenge-turn-deadline = Each turn must be played within { $deadline }.
challenge-clock = Clock { $time }: { $base } each{ $increment ->
        [0] {""}
       *[other] , { $increment } s added after each turn
    }. Each side's first turn must come within { $first }, or the game is aborted.
challenge-declined = { $by } declined { $challenger }'s challenge.
challenge-withdrawn = { $by } withdrew their challenge.
