#!/usr/bin/env python3
"""Where the games of a PGN were lost: every position judged by Stockfish at full strength
(`Threads=1`, `Hash=64`, a fixed depth), each turn's loss in expected score for the side
that played it, added up by player and by stage of the game. Meant for the games of
`scripts/stockfish-match.py --pgn`, to see where nadare gives away more than its opponent.

The expected score of an evaluation of `cp` centipawns is 1 / (1 + e^(-cp / 180)); a mate is
10 000. The stages: the opening (moves 1-12), then by the material left (knights and bishops
1, rooks 2, queens 4, both sides): the middlegame from 12, the late middlegame from 5, the
endgame below. Prints a table, then every turn that lost more than `--worst` (0.08 by
default), worst first.

Needs the `stockfish` Debian package and the `chess` Python package.

Usage: scripts/move-losses.py GAMES.pgn [--depth N] [--parallel N] [--worst LOSS]
"""

import argparse
import collections
import concurrent.futures
import math
import shutil

import chess
import chess.engine
import chess.pgn

MATE = 10_000


def expected(cp):
    """The expected score of an evaluation of `cp` centipawns, for the side it favours."""
    return 1 / (1 + math.exp(-cp / 180))


def material(board):
    """The knights, bishops, rooks and queens on the board, weighted 1, 1, 2, 4."""
    weights = {chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4}
    return sum(
        len(board.pieces(role, color)) * weight
        for role, weight in weights.items()
        for color in chess.COLORS
    )


def stage(board):
    """The stage of the game in which the side to move plays."""
    if board.fullmove_number <= 12:
        return "opening"
    left = material(board)
    if left >= 12:
        return "middlegame"
    return "late middlegame" if left >= 5 else "endgame"


def white_score(engine, board, depth):
    """Stockfish's evaluation of `board` for White, a finished game by its result."""
    if board.is_game_over():
        winner = board.outcome().winner
        return 0 if winner is None else (MATE if winner else -MATE)
    info = engine.analyse(board, chess.engine.Limit(depth=depth))
    return info["score"].white().score(mate_score=MATE)


def judge(task):
    """Every turn of one game: (player, stage, loss, FEN before, SAN, evaluations)."""
    game, stockfish, depth = task
    engine = chess.engine.SimpleEngine.popen_uci(stockfish)
    engine.configure({"Threads": 1, "Hash": 64})
    board = game.board()
    scores = [white_score(engine, board, depth)]
    turns = []
    for move in game.mainline_moves():
        side = 1 if board.turn == chess.WHITE else -1
        player = game.headers["White"] if board.turn == chess.WHITE else game.headers["Black"]
        before = board.copy()
        board.push(move)
        scores.append(white_score(engine, board, depth))
        loss = expected(side * scores[-2]) - expected(side * scores[-1])
        turns.append(
            (player, stage(before), loss, before.fen(), before.san(move), scores[-2], scores[-1])
        )
    engine.quit()
    return turns


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("pgn")
    parser.add_argument("--depth", type=int, default=13, help="Stockfish's depth (default 13)")
    parser.add_argument("--parallel", type=int, default=1, help="games judged at a time")
    parser.add_argument("--worst", type=float, default=0.08, help="list turns that lost more")
    args = parser.parse_args()
    stockfish = shutil.which("stockfish") or "/usr/games/stockfish"
    games = []
    with open(args.pgn, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games.append(game)
    with concurrent.futures.ThreadPoolExecutor(args.parallel) as pool:
        judged = list(pool.map(judge, [(g, stockfish, args.depth) for g in games]))
    totals = collections.defaultdict(lambda: [0, 0.0])
    worst = []
    for turns in judged:
        for player, when, loss, fen, san, before, after in turns:
            totals[(player, when)][0] += 1
            totals[(player, when)][1] += max(loss, 0.0)
            if loss > args.worst:
                worst.append((loss, player, when, fen, san, before, after))
    print("| player | stage | turns | lost a turn | lost in all |")
    print("|---|---|---:|---:|---:|")
    for (player, when), (count, lost) in sorted(totals.items()):
        print(f"| {player} | {when} | {count} | {lost / count:.4f} | {lost:.2f} |")
    print()
    for loss, player, when, fen, san, before, after in sorted(worst, reverse=True):
        print(f"{loss:.3f} {player} ({when}) {fen} {san}: {before} -> {after} for White")


if __name__ == "__main__":
    main()
