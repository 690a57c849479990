# Words every front and the board image share.

## Colours

color-white = White
color-black = Black

## Variants, by their ids

variant-standard = Standard chess
variant-chess960 = Chess960
variant-avalanche = Avalanche
variant-avalanche-balanced = Balanced Avalanche
variant-avalanche-reversed = Reversed Avalanche

## How fast a game is (lichess's speeds)

speed-bullet = Bullet
speed-blitz = Blitz
speed-rapid = Rapid
speed-classical = Classical
speed-correspondence = Correspondence

## Why a game ended ($winner is a colour's name)

outcome-checkmate = { $winner } wins by checkmate
outcome-stalemate = Draw by stalemate
outcome-threefold = Draw by threefold repetition
outcome-fifty-move = Draw by the fifty-move rule
outcome-insufficient-material = Draw by insufficient material
outcome-promoted-into-check = { $winner } wins by promotion into check
outcome-exposed-own-king = { $winner } wins: the push exposed the pusher's own king
outcome-resignation = { $winner } wins by resignation
outcome-draw-agreed = Draw by agreement
outcome-aborted = Game aborted
outcome-timeout = { $winner } wins on time (missed move deadline)
outcome-time-forfeit = { $winner } wins on time
outcome-time-forfeit-drawn = Draw: time ran out, but the other side could not have won

## The board image: the heading over the board and the status line under it

image-heading-chess960 = Chess960 #{ $number }
image-heading-960 = { $variant } 960 #{ $number }
image-status-move = Move { $number } · { $side } to move
image-status-promote = Move { $number } · { $side } to promote
image-status-result = { $result } · { $outcome }

## Durations: a deadline, the time left ($n is a whole number)

duration-days = { $n }d
duration-hours = { $n }h
duration-minutes = { $n }m
duration-seconds = { $n }s
# Two parts of one duration, the larger first.
duration-pair = { $larger } { $smaller }
