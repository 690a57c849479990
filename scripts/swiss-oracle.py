#!/usr/bin/env python3
"""Compares `nadare pairings --dutch` with bbpPairings, the FIDE-endorsed Dutch program, round
by round.

Two modes:

  files FILE.trf...   every round of each finished tournament: the file is cut before round r
                      (earlier rounds kept; of round r only the entries of players who are not
                      paired, opponent 0000 with - Z H F; scores recomputed; XXR and XXC
                      stated), nadare pairs round r, and its boards, colours and bye are
                      compared with the file's.
  random              generates tournaments with bbpPairings' own generator (random size,
                      rounds, draws, forfeits, withdrawals and half-point byes), then compares
                      every round as above.

With --oracle the cut is also paired by bbpPairings (-p) and nadare is compared with that
output, board order included; the file's round must then agree with the oracle too (a check
of the cutting rule). With --vary late,fullbye,accel each cut is first changed in ways the
generator does not make (players who join late, renumbering the field; past half-point byes
turned into full-point byes; accelerated rounds in XXA and 250 lines), and nadare is compared
with the oracle on it, a refusal by both counting as agreement. Differing rounds are printed one a line with the boards only one side
has; the cut files of differing rounds are kept in --keep DIR. The exit status is 1 when any
round differs.

Examples:
  scripts/swiss-oracle.py files ../shared/data/swiss/*.trf ../shared/data/swiss-more/*.trf
  scripts/swiss-oracle.py random --count 500 --min-players 5 --max-players 200 --seed 1 -j 2
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BBP = ROOT.parent / "shared" / "tools" / "bbpPairings" / "bbpPairings.exe"

ROUNDS_COLUMN = 91  # 0-based start of the first round field
ROUND_WIDTH = 10
ABSENCES = set("-ZHF")
POINTS = {"1": 2, "+": 2, "F": 2, "U": 2, "W": 2, "=": 1, "H": 1, "D": 1}


def default_nadare():
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    return Path(target) / "release" / "nadare"


class Trf:
    """A TRF's player lines cut into fields; other lines kept as they are."""

    def __init__(self, text):
        self.lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.players = {}  # number -> (line index, [(opponent, colour, result)])
        for i, line in enumerate(self.lines):
            if not line.startswith("001"):
                continue
            number = int(line[4:8])
            fields = []
            col = ROUNDS_COLUMN
            while col < len(line):
                f = line[col : col + 8].ljust(8)
                opp = f[0:4].strip()
                fields.append((int(opp) if opp else None, f[5].strip(), f[7].strip()))
                col += ROUND_WIDTH
            while fields and fields[-1] == (None, "", ""):
                fields.pop()
            self.players[number] = (i, fields)
        self.rounds = max((len(f) for _, f in self.players.values()), default=0)

    def field(self, number, r):
        """Round r (from 1) of a player: (opponent or 0, colour, result)."""
        fields = self.players[number][1]
        if r - 1 < len(fields):
            opp, colour, result = fields[r - 1]
            return (opp or 0, colour, result)
        return (0, "", "")

    def initial_colour(self):
        """The colour of effective pairing number 1 in the first round with colours, as
        bbpPairings infers it (players numbered among those who took part in a pairing by
        then)."""
        first = None
        for r in range(1, self.rounds + 1):
            if any(self.field(n, r)[1] in ("w", "b") for n in self.players):
                first = r
                break
        if first is None:
            return "white1"
        effective = 0
        for n in sorted(self.players):
            took_part = any(
                self.field(n, r)[0] != 0 or self.field(n, r)[2] in ("U", "+")
                for r in range(1, first + 1)
            )
            if not took_part:
                continue
            colour = self.field(n, first)[1]
            if colour in ("w", "b"):
                white = (colour == "w") != (effective % 2 == 1)
                return "white1" if white else "black1"
            effective += 1
        return "white1"

    def cut_players(self, r):
        """Before round r (from 1): the other lines, and each player's line head and kept
        fields (earlier rounds, and of round r only an absence)."""
        others, players = [], {}
        for line in self.lines:
            if line.startswith(("XXR", "XXC")):
                continue
            if not line.startswith("001"):
                others.append(line)
                continue
            number = int(line[4:8])
            fields = self.players[number][1]
            kept = list(fields[: r - 1])
            if len(fields) >= r:
                opp, colour, result = fields[r - 1]
                if not opp and result.upper() in ABSENCES:
                    kept.append((opp, colour, result))
            players[number] = (line[:ROUNDS_COLUMN].ljust(ROUNDS_COLUMN), kept)
        while others and not others[-1].strip():
            others.pop()
        return others, players

    def cut(self, r, total):
        """The tournament before round r (from 1), as TRF text."""
        others, players = self.cut_players(r)
        return render(others, players, total, self.initial_colour(), r)

    def recorded(self, r):
        """The boards of round r as the file has them: {(white, black)} and the bye."""
        games, bye = set(), None
        for n in self.players:
            opp, colour, result = self.field(n, r)
            if opp and colour == "w":
                games.add((n, opp))
            elif not opp and result == "U":
                bye = n
        return games, bye


def render(others, players, total, colour, r, extra=()):
    """TRF text: the other lines, the player lines by pairing number (scores recomputed over
    the rounds before r), XXR, XXC and any extra lines."""
    out = list(others)
    for number in sorted(players):
        head, fields = players[number]
        score = sum(POINTS.get(res.upper(), 0) for _, _, res in fields[: r - 1])
        head = head[:4] + f"{number:4d}" + head[8:80] + f"{score / 2:4.1f}" + head[84:]
        body = "".join(
            f"  {(f'{opp:4d}' if opp else '0000') if (opp or res) else '    '}"
            f" {colour or ('-' if res else ' ')} {res or ' '}"
            for opp, colour, res in fields
        )
        out.append((head[:89] + body).rstrip())
    out += [f"XXR {total}", f"XXC {colour}", *extra]
    return "\n".join(out) + "\n"


def vary(players, r, total, kinds, rng):
    """Changes a cut in ways the generator does not make, for --vary: players who join late
    (renumbering the field), requested full-point byes, accelerated rounds. Returns the new
    players and any extra lines."""
    extra = []
    if "late" in kinds:
        n = len(players)
        k = rng.randint(1, 3)
        new_numbers = set(rng.sample(range(1, n + k + 1), k))
        rest = [x for x in range(1, n + k + 1) if x not in new_numbers]
        renumber = dict(zip(sorted(players), rest))
        moved = {}
        for old, (head, fields) in players.items():
            fields = [(renumber[o] if o else o, c, res) for o, c, res in fields]
            moved[renumber[old]] = (head, fields)
        for number in new_numbers:
            head = f"001 {number:4d}      Late{number:04d} Joiner".ljust(48)
            head = (head + f"{rng.randint(1000, 2700):4d}").ljust(ROUNDS_COLUMN)
            fields = [
                rng.choice([(None, "", ""), (None, "", ""), (0, "-", "Z"), (0, "-", "H"),
                            (0, "-", "F"), (0, "-", "-")])
                for _ in range(rng.randint(1, r) - 1)
            ]
            if len(fields) == r - 1 and rng.random() < 0.15:
                fields.append((0, "-", "H"))
            moved[number] = (head, fields)
        players = moved
    if "fullbye" in kinds:
        for number, (head, fields) in list(players.items()):
            fields = [
                (o, c, "F") if res == "H" and k < r - 1 and rng.random() < 0.5 else (o, c, res)
                for k, (o, c, res) in enumerate(fields)
            ]
            players[number] = (head, fields)
    if "accel" in kinds:
        numbers = sorted(players)
        for number in numbers:
            if rng.random() < 0.3:
                values = [rng.choice(["0.0", "0.5", "1.0", "1.0"]) for _ in range(total)]
                extra.append(f"XXA {number:4d}" + "".join(f" {v:>4}" for v in values))
        if rng.random() < 0.5 and numbers:
            first = rng.randint(1, len(numbers))
            last = rng.randint(first, len(numbers))
            start = rng.randint(1, total)
            end = rng.randint(start, total)
            pts = rng.choice(["0.5", "1.0"])
            extra.append(f"250      {pts:>4} {start:>3} {end:>3} {first:>4} {last:>4}")
    return players, extra


def parse_pairs(text):
    """A pairing program's output: [(white, black)] in order, and the bye."""
    lines = [l.split() for l in text.strip().splitlines()[1:] if l.strip()]
    games = [(int(a), int(b)) for a, b in lines if b != "0"]
    byes = [int(a) for a, b in lines if b == "0"]
    return games, (byes[0] if byes else None)


def run(cmd, timeout):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def describe(name, r, mine, theirs, label):
    (g1, b1), (g2, b2) = mine, theirs
    only_mine = sorted(set(g1) - set(g2))
    only_theirs = sorted(set(g2) - set(g1))
    bits = []
    if only_mine or only_theirs:
        bits.append(f"nadare {only_mine} {label} {only_theirs}")
    if b1 != b2:
        bits.append(f"bye nadare {b1} {label} {b2}")
    if not bits:
        bits.append(f"board order: nadare {g1} {label} {g2}")
    return f"{name} round {r}: " + "; ".join(bits)


def pair_both(cut, args, tmp):
    """Pairs a cut with nadare and with the oracle: each side's (pairs, bye) or error text,
    and nadare's time."""
    start = time.monotonic()
    code, out, err = run([str(args.nadare), "pairings", "--dutch", str(cut)], args.timeout)
    seconds = time.monotonic() - start
    mine = parse_pairs(out) if code == 0 else "error: " + " ".join(err.strip().splitlines()[-1:])
    theirs = None
    if args.oracle or args.vary:
        target = Path(tmp) / "o.txt"
        target.unlink(missing_ok=True)
        ocode, _, oerr = run([str(args.bbp), "--dutch", str(cut), "-p", str(target)], args.timeout)
        ok = ocode == 0 and target.exists()
        theirs = parse_pairs(target.read_text()) if ok else "error: " + oerr.strip()
    return mine, theirs, seconds


def check_file(path, args, name=None):
    """Every round of one finished tournament; returns (rounds, differences, seconds)."""
    name = name or Path(path).name
    trf = Trf(Path(path).read_text(encoding="utf-8"))
    total = trf.rounds
    diffs = []
    worst = 0.0
    rng = random.Random(f"{name}-{args.seed}")
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(1, total + 1):
            cut = Path(tmp) / f"r{r}.trf"
            if args.vary:
                others, players = trf.cut_players(r)
                players, extra = vary(players, r, total, args.vary, rng)
                text = render(others, players, total, trf.initial_colour(), r, extra)
            else:
                text = trf.cut(r, total)
            cut.write_text(text, encoding="utf-8")
            mine, theirs, seconds = pair_both(cut, args, tmp)
            worst = max(worst, seconds)
            problem = None
            if args.vary:
                # Both refusing is agreement; nadare refusing what the oracle pairs is not.
                both_fail = isinstance(mine, str) and isinstance(theirs, str)
                if mine != theirs and not both_fail:
                    if isinstance(mine, str) or isinstance(theirs, str):
                        problem = f"{name} round {r} (varied): nadare {mine}, oracle {theirs}"
                    else:
                        problem = describe(name, r, mine, theirs, "oracle") + " (varied)"
            else:
                expected = trf.recorded(r)
                if isinstance(mine, str):
                    problem = f"{name} round {r}: nadare {mine}"
                elif (set(mine[0]), mine[1]) != expected:
                    problem = describe(name, r, mine, (sorted(expected[0]), expected[1]), "file")
                if isinstance(theirs, str):
                    problem = problem or f"{name} round {r}: oracle {theirs}"
                elif theirs is not None:
                    if (set(theirs[0]), theirs[1]) != expected:
                        problem = f"{name} round {r}: the oracle disagrees with the file"
                    elif not isinstance(mine, str) and mine != theirs and problem is None:
                        problem = describe(name, r, mine, theirs, "oracle")
            if problem:
                diffs.append(problem)
                if args.keep:
                    keep = Path(args.keep)
                    keep.mkdir(parents=True, exist_ok=True)
                    stem = Path(name).stem
                    (keep / f"{stem}-cut-r{r}.trf").write_text(cut.read_text())
    return total, diffs, worst


def generate(seed, args, directory):
    """One random tournament from bbpPairings' generator; None when it cannot be made."""
    rng = random.Random(seed)
    players = rng.randint(args.min_players, args.max_players)
    rounds = rng.randint(3, min(11, max(3, players - 1)))
    config = {
        "PlayersNumber": players,
        "RoundsNumber": rounds,
        "DrawPercentage": rng.randint(10, 60),
        "ForfeitRate": rng.randint(8, 80),
        "RetiredRate": rng.randint(8, 120),
        "HalfPointByeRate": rng.randint(6, 80),
        "HighestRating": 2700,
        "LowestRating": rng.choice([1000, 1400, 1800]),
    }
    cfg = Path(directory) / f"g{seed}.cfg"
    cfg.write_text("".join(f"{k}={v}\n" for k, v in config.items()))
    out = Path(directory) / f"gen-{seed}-p{players}-r{rounds}.trf"
    code, _, _ = run(
        [str(args.bbp), "--dutch", "-g", str(cfg), "-o", str(out), "-s", str(seed)],
        args.timeout * 4,
    )
    if code != 0 or not out.exists():
        return None
    out.write_text(out.read_text(encoding="utf-8").replace("\r\n", "\n").replace("\r", "\n"))
    return out


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("mode", choices=["files", "random"])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--nadare", type=Path, default=default_nadare())
    parser.add_argument("--bbp", type=Path, default=DEFAULT_BBP)
    parser.add_argument("--oracle", action="store_true", help="also pair each cut with bbpPairings")
    parser.add_argument("--keep", help="directory for the cut files of differing rounds")
    parser.add_argument(
        "--vary",
        type=lambda v: set(v.split(",")),
        default=set(),
        help="change each cut (late,fullbye,accel) and compare nadare with the oracle only",
    )
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-players", type=int, default=5)
    parser.add_argument("--max-players", type=int, default=200)
    args = parser.parse_args()
    if not args.nadare.exists():
        sys.exit(f"no nadare at {args.nadare}: cargo build --release -p nadare")

    tournaments = rounds = 0
    differing = []
    worst = 0.0
    with tempfile.TemporaryDirectory() as gen_dir:
        if args.mode == "files":
            jobs = [(f, None) for f in args.files]
        else:
            jobs = [(None, args.seed + i) for i in range(args.count)]

        def one(job):
            path, seed = job
            if path is None:
                path = generate(seed, args, gen_dir)
                if path is None:
                    return Path(f"seed {seed}"), 0, [], 0.0
                result = check_file(path, args)
                if result[1] and args.keep:
                    Path(args.keep).mkdir(parents=True, exist_ok=True)
                    (Path(args.keep) / path.name).write_text(path.read_text())
                path.unlink()
                return (path, *result)
            return (Path(path), *check_file(path, args))

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for path, n, diffs, slowest in pool.map(one, jobs):
                if n == 0:
                    continue
                tournaments += 1
                rounds += n
                worst = max(worst, slowest)
                for d in diffs:
                    print(d, flush=True)
                differing.extend(diffs)
    print(
        f"{len(differing)} of {rounds} rounds differ, in "
        f"{len({d.split(' round ')[0] for d in differing})} of {tournaments} tournaments "
        f"(slowest nadare round {worst:.2f} s)"
    )
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
