#!/usr/bin/env python3
"""Two builds of nadare (each through `nadare uci`) against each other in standard chess or
Chess960, to measure a change to the search that `nadare match` cannot (it plays weight sets
of one build). Both sides get the same `go nodes N` (equal work, however busy the machine)
or the same `go movetime MS` (with `Move Overhead` 0, so that each thinks all of it: the
default 30 ms would leave 10 of 40); each opening (a few random turns from the start, or a
random Chess960 setup) is played with both colours. Games run PARALLEL at a time, each
worker with its own pair of processes. Prints the score with its Elo and 95% range, and
stops early when an SPRT (ELO0, ELO1, 5% errors, the normal approximation `nadare match`
uses) decides.

Needs the `chess` Python package (`pip install chess`); the project's tests do not.

Usage: scripts/build-match.py NEW_BINARY OLD_BINARY [--games N] [--nodes N | --movetime MS]
       [--chess960] [--plies N] [--parallel N] [--hash MB] [--sprt ELO0,ELO1] [--seed N]
Example (a search change, 400 games at 20 000 nodes a turn):
  cp target/release/nadare /tmp/nadare-old   # before the change
  scripts/build-match.py target/release/nadare /tmp/nadare-old --nodes 20000 --games 400
"""

import argparse
import math
import multiprocessing
import random

import chess
import chess.engine

from matches import llr, play_game, summary


def opening(pair: int, args) -> chess.Board:
    """The start of the `pair`-th pair of games: random turns from the start (or from a
    random Chess960 setup), none of them ending the game."""
    rng = random.Random(args.seed * 1_000_003 + pair)
    if args.chess960:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
    else:
        board = chess.Board()
    for _ in range(args.plies):
        moves = list(board.legal_moves)
        rng.shuffle(moves)
        for move in moves:
            board.push(move)
            if not board.is_game_over() and any(board.legal_moves):
                break
            board.pop()
    return board


WORKER = {}


def start_worker(new_path, old_path, chess960, hash_mb):
    for name, path in (("new", new_path), ("old", old_path)):
        engine = chess.engine.SimpleEngine.popen_uci([path, "uci"])
        # No clock runs here, so no time need be kept back for the answer to travel.
        options = {"Hash": hash_mb, "Move Overhead": 0}
        if chess960:
            options["UCI_Chess960"] = True
        engine.configure(options)
        WORKER[name] = engine


def play(task):
    """Game `n` (the new build White when `n` is even); the new build's points."""
    n, board, limit = task
    return play_game(WORKER["new"], WORKER["old"], n % 2 == 0, limit, board, game=object())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("new")
    parser.add_argument("old")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--nodes", type=int, default=None)
    parser.add_argument("--movetime", type=int, default=None, help="milliseconds a turn")
    parser.add_argument("--chess960", action="store_true")
    parser.add_argument("--plies", type=int, default=6, help="random opening turns")
    parser.add_argument("--parallel", type=int, default=2)
    parser.add_argument("--hash", type=int, default=16, help="megabytes of table a side")
    parser.add_argument("--sprt", default=None, help="ELO0,ELO1")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.movetime is not None:
        limit = chess.engine.Limit(time=args.movetime / 1000)
    else:
        limit = chess.engine.Limit(nodes=args.nodes or 20_000)
    bounds = None
    if args.sprt:
        elo0, elo1 = (float(x) for x in args.sprt.split(","))
        bounds = (math.log(0.05 / 0.95), math.log(0.95 / 0.05), elo0, elo1)
    tasks = [(n, opening(n // 2, args), limit) for n in range(args.games)]
    wins = draws = losses = 0
    verdict = ""
    with multiprocessing.Pool(
        args.parallel, start_worker, (args.new, args.old, args.chess960, args.hash)
    ) as pool:
        for points in pool.imap(play, tasks):
            wins += points == 1.0
            draws += points == 0.5
            losses += points == 0.0
            played = wins + draws + losses
            if played % 50 == 0 and played < args.games:
                print(f"after {played} games: +{wins} ={draws} -{losses}", flush=True)
            if bounds:
                ratio = llr(wins, draws, losses, bounds[2], bounds[3])
                if ratio <= bounds[0] or ratio >= bounds[1]:
                    verdict = f"SPRT: H{int(ratio >= bounds[1])} accepted (LLR {ratio:.2f})"
                    pool.terminate()
                    break
    score, gain, low, high = summary(wins, draws, losses)
    print(
        f"new against old: +{wins} ={draws} -{losses} ({100 * score:.1f}%), "
        f"{gain:+.0f} Elo ({low:+.0f} .. {high:+.0f}) {verdict}",
        flush=True,
    )


if __name__ == "__main__":
    main()
