#!/usr/bin/env python3
"""nadare (through `nadare uci`) against Stockfish limited to a calibrated Elo
(`UCI_LimitStrength`, `UCI_Elo`, 1350-2850 in Stockfish 15.1), both engines with
Threads=1 and Hash=64, Stockfish at a fixed time a move, from balanced openings with both
colours. nadare plays at a level (`setoption name Level`, thinking as that level does in
the bot) or at full strength with the same time a move as Stockfish (level 0). Prints a
table of results, each with the Elo it gives nadare (the anchor's Elo plus the difference
the score gives) and its 95% range.

Needs the `stockfish` Debian package (`apt-get install -y stockfish`) and the `chess`
Python package (`pip install chess`); the project's tests do not.

Usage: scripts/stockfish-match.py NADARE_BINARY [--pairs LEVEL:ELO,...] [--games N]
       [--movetime MS] [--chess960] [--parallel N] [--pgn FILE]
Games run N at a time (default 1), each worker with its own pair of processes; keep N at or
below half the cores, since each game has one engine thinking at a time.
Example (the levels' calibration in docs/engine.md, "Levels in Elo"):
  scripts/stockfish-match.py target/release/nadare --pairs 4:1350,5:1700,6:2000,7:2200 --games 16
"""

import argparse
import multiprocessing
import random
import shutil

import chess
import chess.engine
import chess.pgn

from matches import match_result, play_game, summary

# Balanced openings (about equal by Stockfish), each played with both colours.
OPENINGS = [
    "e4 e5 Nf3 Nc6 Bb5 a6",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6",
    "d4 d5 c4 e6 Nc3 Nf6",
    "d4 Nf6 c4 e6 Nf3 b6",
    "e4 e6 d4 d5 Nd2 Nf6",
    "e4 c6 d4 d5 e5 Bf5",
    "c4 e5 Nc3 Nf6 Nf3 Nc6",
    "Nf3 d5 g3 Nf6 Bg2 e6",
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6",
    "e4 e5 Nf3 Nc6 Bc4 Bc5",
    "d4 d5 c4 c6 Nf3 Nf6",
    "e4 c5 Nc3 Nc6 g3 g6",
    "d4 Nf6 Nf3 e6 Bg5 h6",
    "e4 d5 exd5 Qxd5 Nc3 Qa5",
    "c4 c5 Nf3 Nf6 Nc3 Nc6",
    "d4 f5 g3 Nf6 Bg2 e6",
]


def start(index, chess960, rng):
    """The board of the `index`-th pair of games."""
    if chess960:
        return chess.Board.from_chess960_pos(rng.randrange(960))
    board = chess.Board()
    for san in OPENINGS[index % len(OPENINGS)].split():
        board.push_san(san)
    return board


WORKER = {}


def start_worker(nadare_path, sf_path, level, anchor):
    nadare = chess.engine.SimpleEngine.popen_uci([nadare_path, "uci"])
    nadare.configure({"Level": level, "Hash": 64})
    stockfish = chess.engine.SimpleEngine.popen_uci(sf_path)
    stockfish.configure({"UCI_LimitStrength": True, "UCI_Elo": anchor, "Threads": 1, "Hash": 64})
    WORKER["engines"] = (nadare, stockfish)


def play_task(task):
    """Game `n` from `board`, nadare White when `n` is even; nadare's points and the game's
    PGN."""
    n, board, movetime, anchor = task
    nadare, stockfish = WORKER["engines"]
    limit = chess.engine.Limit(time=movetime)
    points = play_game(nadare, stockfish, n % 2 == 0, limit, board)
    game = chess.pgn.Game.from_board(board)
    game.headers["Result"] = match_result(board)
    players = ["nadare", f"Stockfish {anchor}"]
    game.headers["White"], game.headers["Black"] = players if n % 2 == 0 else players[::-1]
    game.headers["Round"] = str(n + 1)
    if board.chess960:
        game.headers["Variant"] = "Chess960"
    return points, str(game)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("nadare")
    parser.add_argument("--pairs", default="0:2000", help="nadare level:Stockfish Elo, ...")
    parser.add_argument("--games", type=int, default=16, help="games a pair, even")
    parser.add_argument("--movetime", type=int, default=1000, help="milliseconds a move")
    parser.add_argument("--chess960", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parallel", type=int, default=1, help="games at a time")
    parser.add_argument("--pgn", help="append every game to this PGN file")
    args = parser.parse_args()
    sf_path = shutil.which("stockfish") or "/usr/games/stockfish"
    print("| nadare level | Stockfish UCI_Elo | games | nadare +/=/- | score | nadare's Elo |")
    print("|---|---|---|---|---|---|")
    for pair in args.pairs.split(","):
        level, anchor = (int(x) for x in pair.split(":"))
        rng = random.Random(args.seed)
        tasks = []
        board = None
        for game in range(args.games):
            if game % 2 == 0:
                board = start(game // 2, args.chess960, rng)
            tasks.append((game, board.copy(), args.movetime / 1000, anchor))
        wins = draws = losses = 0
        with multiprocessing.Pool(
            args.parallel, start_worker, (args.nadare, sf_path, level, anchor)
        ) as pool:
            for points, pgn in pool.imap_unordered(play_task, tasks):
                if args.pgn:
                    with open(args.pgn, "a", encoding="utf-8") as out:
                        out.write(pgn + "\n\n")
                wins += points == 1.0
                draws += points == 0.5
                losses += points == 0.0
        score, gain, low, high = summary(wins, draws, losses)
        print(
            f"| {level or 'full'} | {anchor} | {wins + draws + losses} | +{wins} ={draws} -{losses} "
            f"| {100 * score:.1f}% | {anchor + gain:.0f} "
            f"({anchor + low:.0f} .. {anchor + high:.0f}) |",
            flush=True,
        )


if __name__ == "__main__":
    main()
