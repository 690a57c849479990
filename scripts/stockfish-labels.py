#!/usr/bin/env python3
"""Relabels the samples of `nadare tune play` with Stockfish's expected score, for
`nadare tune fit`: each line's score becomes a blend of the game's result and the expected
score (White's) of a Stockfish search of the position, by Stockfish's own win-draw-loss model.
Standard chess and Chess960 samples only: the others (Avalanche) are left out of OUT.
A game's result says little about one position of it (a 5 000-node game turns on later
mistakes); a deeper engine's judgement of the position itself says more. Stockfish is an
oracle here only, as in the tests: nothing of it goes into nadare but fitted numbers.

Each worker speaks UCI to its Stockfish over pipes itself: python-chess's engine wrapper
(an event loop, a parsed board and a ping a search) cost more than a depth-7 search.
The `chess` package is still needed, for the win-draw-loss model.

Needs the `chess` Python package and Stockfish (Debian's `stockfish`); nadare's own tests
need neither.

Usage: scripts/stockfish-labels.py SAMPLES OUT [--depth D] [--blend B] [--parallel N]
       [--stockfish PATH]
  B is the share of Stockfish's score (1: Stockfish alone, 0: the results alone).
"""

import argparse
import multiprocessing
import subprocess

import chess.engine

ENGINE = None


class Uci:
    """One Stockfish, in Chess960 mode (which reads standard castling rights too)."""

    def __init__(self, path: str) -> None:
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.wait("uciok")
        for option in ("Threads value 1", "Hash value 16", "UCI_Chess960 value true"):
            self.send(f"setoption name {option}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")

    def wait(self, token: str) -> None:
        for line in self.proc.stdout:
            if line.startswith(token):
                return
        raise RuntimeError("Stockfish stopped")

    def score(self, fen: str, depth: int):
        """Stockfish's score of `fen` for the side to move: its last score that is not a
        bound, or its last bound when it gave none."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        exact = bound = None
        for line in self.proc.stdout:
            if line.startswith("bestmove"):
                break
            words = line.split()
            if "score" not in words:
                continue
            at = words.index("score")
            kind, value = words[at + 1], int(words[at + 2])
            score = chess.engine.Cp(value) if kind == "cp" else chess.engine.Mate(value)
            if words[at + 3 : at + 4] in (["lowerbound"], ["upperbound"]):
                bound = score
            else:
                exact = score
        else:
            raise RuntimeError("Stockfish stopped")
        score = exact if exact is not None else bound
        if score is None:
            raise RuntimeError(f"Stockfish gave no score for {fen}")
        return score


def start(path: str) -> None:
    global ENGINE
    ENGINE = Uci(path)


def label(task):
    """The line with its score relabelled, or None for a line of another variant or of
    another shape."""
    line, depth, blend = task
    fields = line.split(" ", 2)
    if len(fields) != 3:
        return None
    result, variant, fen = fields
    if variant not in ("standard", "chess960"):
        return None
    parts = fen.split()
    if len(parts) != 6:
        return None
    black = parts[1] == "b"
    ply = 2 * (int(parts[5]) - 1) + int(black)
    score = chess.engine.PovScore(ENGINE.score(fen, depth), not black)
    expected = score.white().wdl(model="sf15.1", ply=ply).expectation()
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
