#!/usr/bin/env python3
"""Relabels the samples of `nadare tune play` with Stockfish's expected score, for
`nadare tune fit`: each line's score becomes a blend of the game's result and the expected
score (White's) of a Stockfish search of the position, by Stockfish's own win-draw-loss model.
Standard chess and Chess960 samples only: the others (Avalanche) are left out of OUT.
A game's result says little about one position of it (a 5 000-node game turns on later
mistakes); a deeper engine's judgement of the position itself says more. Stockfish is an
oracle here only, as in the tests: nothing of it goes into nadare but fitted numbers.

Needs the `chess` Python package and Stockfish (Debian's `stockfish`); nadare's own tests
need neither.

Usage: scripts/stockfish-labels.py SAMPLES OUT [--depth D] [--blend B] [--parallel N]
       [--stockfish PATH]
  B is the share of Stockfish's score (1: Stockfish alone, 0: the results alone).
"""

import argparse
import multiprocessing

import chess
import chess.engine

ENGINE = None


def start(path: str) -> None:
    global ENGINE
    ENGINE = chess.engine.SimpleEngine.popen_uci(path)
    ENGINE.configure({"Threads": 1, "Hash": 16})


def label(task):
    """The line with its score relabelled, or None for a line of another variant or of
    another shape."""
    line, depth, blend = task
    fields = line.split(" ", 2)
    if len(fields) != 3:
        return None
    result, variant, fen = fields
    chess960 = variant == "chess960"
    if variant not in ("standard", "chess960"):
        return None
    board = chess.Board(fen, chess960=chess960)
    info = ENGINE.analyse(board, chess.engine.Limit(depth=depth))
    expected = info["score"].white().wdl(model="sf15.1", ply=board.ply()).expectation()
    score = blend * expected + (1 - blend) * float(result)
    return f"{score:.4f} {variant} {fen}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("samples")
    parser.add_argument("out")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--blend", type=float, default=0.5)
    parser.add_argument("--parallel", type=int, default=2)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    args = parser.parse_args()
    with open(args.samples) as f:
        lines = [line.strip() for line in f if line.strip()]
    tasks = [(line, args.depth, args.blend) for line in lines]
    done = 0
    with multiprocessing.Pool(args.parallel, start, (args.stockfish,)) as pool, open(
        args.out, "w"
    ) as out:
        for labelled in pool.imap(label, tasks, chunksize=64):
            done += 1
            if labelled is not None:
                out.write(labelled + "\n")
            if done % 10000 == 0:
                print(f"{done} of {len(tasks)}", flush=True)


if __name__ == "__main__":
    main()
