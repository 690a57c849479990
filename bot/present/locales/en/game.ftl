# Words for players and games that many messages share.

# A player and their colour: "alice (White)".
player-with-color = { $name } ({ $color })
# A player whose name ends in parentheses, with their colour: "nadare (level 8, Black)".
player-with-color-detail = { $name } ({ $detail }, { $color })
# The two players of a game.
players = { $white } vs { $black }
# Anyone, in place of a challenged player's name.
anyone = anyone
# Who stands in for a player who asked nadare to forget them.
deleted-user = deleted user
# A game from a Chess960 setup: an Avalanche variant, or plain Chess960.
kind-960 = { $variant } 960 (setup #{ $number })
kind-setup = { $variant } (setup #{ $number })
kind-position = { $variant } from a position
