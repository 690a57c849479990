#!/usr/bin/env python3
"""Standard chess: nadare (through `nadare uci`) against Stockfish at fixed low Skill Levels
and a short time a move, with alternating colours. Prints a table of results and the Elo
difference each gives (positive: nadare is stronger).

Needs the `stockfish` Debian package (`apt-get install -y stockfish`) and the `chess`
Python package (`pip install chess`); the project's tests do not.

Usage: scripts/stockfish-match.py NADARE_BINARY [--games N] [--movetime MS] [--skills 0,2,4]
"""

import argparse
import math
import random
import shutil

import chess
import chess.engine


def elo(score: float) -> float:
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def play(nadare, stockfish, nadare_white: bool, movetime: float, opening: list) -> float:
    """One game from `opening`; returns nadare's points."""
    board = chess.Board()
    for move in opening:
        board.push(move)
    limit = chess.engine.Limit(time=movetime)
    while not board.is_game_over(claim_draw=True) and board.fullmove_number < 200:
        nadare_to_move = (board.turn == chess.WHITE) == nadare_white
        engine = nadare if nadare_to_move else stockfish
        board.push(engine.play(board, limit).move)
    result = board.result(claim_draw=True)
    if result == "1/2-1/2" or result == "*":
        return 0.5
    white_won = result == "1-0"
    return 1.0 if white_won == nadare_white else 0.0


def random_opening(rng: random.Random, plies: int) -> list:
    board = chess.Board()
    moves = []
    for _ in range(plies):
        move = rng.choice(list(board.legal_moves))
        board.push(move)
        moves.append(move)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("nadare")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--movetime", type=int, default=100, help="milliseconds a move")
    parser.add_argument("--skills", default="0,3,6")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sf_path = shutil.which("stockfish") or "/usr/games/stockfish"
    rng = random.Random(args.seed)
    nadare = chess.engine.SimpleEngine.popen_uci([args.nadare, "uci"])
    print(f"| Stockfish Skill Level | games | nadare +/=/- | score | Elo (nadare - Stockfish) |")
    print("|---|---|---|---|---|")
    for skill in [int(s) for s in args.skills.split(",")]:
        stockfish = chess.engine.SimpleEngine.popen_uci(sf_path)
        stockfish.configure({"Skill Level": skill, "Threads": 1, "Hash": 16})
        wins = draws = losses = 0
        opening = []
        for game in range(args.games):
            if game % 2 == 0:
                opening = random_opening(rng, 4)
            points = play(nadare, stockfish, game % 2 == 0, args.movetime / 1000, opening)
            wins += points == 1.0
            draws += points == 0.5
            losses += points == 0.0
        stockfish.quit()
        n = wins + draws + losses
        score = (wins + 0.5 * draws) / n
        var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
        spread = 1.96 * math.sqrt(var / n)
        low, high = elo(max(score - spread, 0.0)), elo(min(score + spread, 1.0))
        print(
            f"| {skill} | {n} | +{wins} ={draws} -{losses} | {100 * score:.1f}% "
            f"| {elo(score):+.0f} ({low:+.0f} .. {high:+.0f}) |",
            flush=True,
        )
    nadare.quit()


if __name__ == "__main__":
    main()
