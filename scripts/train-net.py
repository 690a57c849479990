#!/usr/bin/env python3
"""Trains an evaluation network for standard chess and Chess960 (engine/src/eval/net.rs) on
samples labelled by scripts/stockfish-labels.py, and writes it in the engine's format, for
`nadare match --a-net`.

The network: each side's men as 768 inputs (own or enemy, role, square, the board turned so
that each side sees it from its own first rank), one layer of HIDDEN shared by both sides,
clipped to 0..1, then one output from the side to move's half and the other side's. Its output
times SCALE is centipawns for the side to move; the loss is the squared error of its expected
score, 1 / (1 + 10^(-k·cp/400)), against the label. With --base (a file of `nadare tune eval`
for each labelled file) the network learns what the linear evaluation leaves: the expected
score is that of the linear evaluation plus the network's output, and k should be the one
`nadare tune fit` finds for the linear evaluation on the same labels. The engine's network
is such a correction, and its hidden size is fixed (net.rs's HIDDEN, 64).

Needs numpy and scipy (sparse products); nadare's own tests need neither.

Usage: scripts/train-net.py LABELLED... --base EVALS... --k K -o NET [--hidden 64]
       [--epochs 3] [--mirror] [--holdout 0.1]
"""

import argparse
import struct

import numpy as np
import scipy.sparse as sp

ROLES = "pnbrqk"
SCALE = 400.0
QA = 255
QB = 4096
MAGIC = b"NDRNET1\0"


def features(board: str, flip: int = 0):
    """The inputs of a FEN's board for White's view and for Black's view; `flip` 7 turns
    the board left to right."""
    white, black = [], []
    rank = 7
    file = 0
    for ch in board:
        if ch == "/":
            rank -= 1
            file = 0
        elif ch.isdigit():
            file += int(ch)
        else:
            role = ROLES.index(ch.lower())
            is_white = ch.isupper()
            sq = (rank * 8 + file) ^ flip
            white.append((0 if is_white else 384) + role * 64 + sq)
            black.append((384 if is_white else 0) + role * 64 + (sq ^ 56))
            file += 1
    return white, black


def load(paths, holdout, mirror, bases):
    """The samples of `paths`, and the held-out ones: the last share of each file (whole
    games, in the order played), as `nadare tune fit` holds them out."""
    sets = ([], [], [], []), ([], [], [], [])
    for at, path in enumerate(paths):
        with open(path) as f:
            lines = f.readlines()
        if bases:
            with open(bases[at]) as f:
                white_base = [float(x) for x in f]
            if len(white_base) != len(lines):
                raise SystemExit(f"{bases[at]} has not a line for each of {path}")
        else:
            white_base = [0.0] * len(lines)
        cut = int(len(lines) * (1.0 - holdout))
        for n, line in enumerate(lines):
            stm_rows, nstm_rows, targets, base = sets[n >= cut]
            fields = line.split(" ", 2)
            if len(fields) != 3 or fields[1] not in ("standard", "chess960"):
                continue
            score = float(fields[0])
            parts = fields[2].split()
            for flip in (0, 7) if mirror and n < cut else (0,):
                w, b = features(parts[0], flip)
                if parts[1] == "w":
                    stm_rows.append(w)
                    nstm_rows.append(b)
                    targets.append(score)
                    base.append(white_base[n])
                else:
                    stm_rows.append(b)
                    nstm_rows.append(w)
                    targets.append(1.0 - score)
                    base.append(-white_base[n])
    return [
        (
            matrix(stm),
            matrix(nstm),
            np.array(targets, dtype=np.float32),
            np.array(base, dtype=np.float32),
        )
        for stm, nstm, targets, base in sets
    ]


def matrix(rows):
    indptr = np.zeros(len(rows) + 1, dtype=np.int64)
    indptr[1:] = np.cumsum([len(r) for r in rows])
    indices = np.fromiter((i for r in rows for i in r), dtype=np.int32, count=indptr[-1])
    data = np.ones(len(indices), dtype=np.float32)
    return sp.csr_matrix((data, indices, indptr), shape=(len(rows), 768))


class Net:
    def __init__(self, hidden: int, rng, residual: bool) -> None:
        self.w1 = (rng.standard_normal((768, hidden)) * 0.05).astype(np.float32)
        self.b1 = np.full(hidden, 0.1, dtype=np.float32)
        # On top of the linear evaluation, the network starts near nothing.
        spread = 0.002 if residual else 0.05
        self.w2 = (rng.standard_normal(2 * hidden) * spread).astype(np.float32)
        self.b2 = np.zeros(1, dtype=np.float32)

    def params(self):
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, xs, xn):
        hidden = self.b1.shape[0]
        acc_s = xs @ self.w1 + self.b1
        acc_n = xn @ self.w1 + self.b1
        h_s = np.clip(acc_s, 0.0, 1.0)
        h_n = np.clip(acc_n, 0.0, 1.0)
        out = h_s @ self.w2[:hidden] + h_n @ self.w2[hidden:] + self.b2[0]
        return out, (acc_s, acc_n, h_s, h_n)


def predict(out, base, k):
    return 1.0 / (1.0 + np.power(10.0, -k * (base + out * SCALE) / 400.0))


def error(net, data, k, batch=65536):
    xs, xn, y, base = data
    total = 0.0
    for start in range(0, y.shape[0], batch):
        out, _ = net.forward(xs[start : start + batch], xn[start : start + batch])
        p = predict(out, base[start : start + batch], k)
        total += float(np.sum((p - y[start : start + batch]) ** 2))
    return total / max(1, y.shape[0])


def train(net, data, held, args):
    xs, xn, y, base = data
    rng = np.random.default_rng(args.seed)
    params = net.params()
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    step = 0
    hidden = net.b1.shape[0]
    c = args.k * SCALE * np.log(10.0) / 400.0
    best = (error(net, held, args.k), [p.copy() for p in params])
    print(f"before: held out {best[0]:.6f}", flush=True)
    for epoch in range(args.epochs):
        lr = args.lr * (args.decay**epoch)
        order = rng.permutation(y.shape[0])
        for start in range(0, y.shape[0], args.batch):
            idx = order[start : start + args.batch]
            bs, bn, by = xs[idx], xn[idx], y[idx]
            out, (acc_s, acc_n, h_s, h_n) = net.forward(bs, bn)
            p = predict(out, base[idx], args.k)
            d_out = 2.0 * (p - by) * p * (1.0 - p) * c / idx.shape[0]
            g_w2 = np.concatenate([h_s.T @ d_out, h_n.T @ d_out])
            g_b2 = np.array([d_out.sum()], dtype=np.float32)
            d_hs = np.outer(d_out, net.w2[:hidden]) * ((acc_s > 0) & (acc_s < 1))
            d_hn = np.outer(d_out, net.w2[hidden:]) * ((acc_n > 0) & (acc_n < 1))
            g_w1 = np.asarray(bs.T @ d_hs + bn.T @ d_hn, dtype=np.float32)
            g_b1 = (d_hs.sum(0) + d_hn.sum(0)).astype(np.float32)
            step += 1
            for i, (param, grad) in enumerate(zip(params, [g_w1, g_b1, g_w2, g_b2])):
                m[i] = beta1 * m[i] + (1 - beta1) * grad
                v[i] = beta2 * v[i] + (1 - beta2) * grad * grad
                mh = m[i] / (1 - beta1**step)
                vh = v[i] / (1 - beta2**step)
                param -= (lr * mh / (np.sqrt(vh) + eps)).astype(np.float32)
            np.clip(net.w1, -127.0, 127.0, out=net.w1)
            np.clip(net.w2, -7.99, 7.99, out=net.w2)
        held_error = error(net, held, args.k)
        n = held[2].shape[0]
        fitted = error(net, (xs[:n], xn[:n], y[:n], base[:n]), args.k)
        print(
            f"epoch {epoch + 1}: error {fitted:.6f}, held out {held_error:.6f}", flush=True
        )
        if held_error < best[0]:
            best = (held_error, [p.copy() for p in params])
    for param, kept in zip(params, best[1]):
        param[...] = kept
    quantized = Net(hidden, rng, residual=False)
    quantized.w1 = np.round(net.w1 * QA) / QA
    quantized.b1 = np.round(net.b1 * QA) / QA
    quantized.w2 = np.round(net.w2 * QB) / QB
    quantized.b2 = np.round(net.b2 * QA * QB) / (QA * QB)
    print(f"held out, the weights as integers: {error(quantized, held, args.k):.6f}")
    return best[0]


def write(net, path):
    """The engine's format: the magic, the hidden size (u32), then little-endian i16s: the
    first layer by input (768 × hidden), its biases, the output weights (the side to move's
    half first), and the output's bias as an i32; the first layer scaled by QA, the output
    weights by QB, the output bias by QA·QB."""
    hidden = net.b1.shape[0]
    w1 = np.round(net.w1 * QA).astype(np.int16)
    b1 = np.round(net.b1 * QA).astype(np.int16)
    w2 = np.round(net.w2 * QB).astype(np.int16)
    b2 = int(round(float(net.b2[0]) * QA * QB))
    with open(path, "wb") as f:
        f.write(MAGIC)
        f.write(struct.pack("<I", hidden))
        f.write(w1.astype("<i2").tobytes())
        f.write(b1.astype("<i2").tobytes())
        f.write(w2.astype("<i2").tobytes())
        f.write(struct.pack("<i", b2))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("labelled", nargs="+")
    parser.add_argument("-o", "--out", required=True)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--decay", type=float, default=0.6)
    parser.add_argument("--k", type=float, required=True)
    parser.add_argument("--holdout", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--base",
        nargs="+",
        help="a file of the linear evaluation (nadare tune eval) for each labelled file: "
        "the network learns what it leaves",
    )
    parser.add_argument(
        "--mirror",
        action="store_true",
        help="also learn each position turned left to right (castling aside, the same)",
    )
    args = parser.parse_args()
    if args.base and len(args.base) != len(args.labelled):
        raise SystemExit("--base needs a file for each labelled file")
    data, held = load(args.labelled, args.holdout, args.mirror, args.base)
    print(f"{len(data[2])} positions, {len(held[2])} held out", flush=True)
    net = Net(args.hidden, np.random.default_rng(args.seed), residual=bool(args.base))
    held = train(net, data, held, args)
    print(f"best held-out error {held:.6f}")
    write(net, args.out)


if __name__ == "__main__":
    main()
