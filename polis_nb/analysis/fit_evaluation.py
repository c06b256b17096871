"""Fit the cut-off evaluation's weights (``evaluation.json``) from seeded games of the playout policy.

    python -m polis_nb.analysis.fit_evaluation [--games 3000] [--seed 0]

For each edition it plays ``games`` games of the playout policy against itself, takes every
fifth player decision as a sample (its :func:`.evaluation.features`, labelled with Athens' result
of that game: 1, ½ or 0) and fits a logistic regression by Newton's method with a small ridge
penalty. The last fifth of the games is held out: the script prints the held-out log-loss and
accuracy next to those of the constant guess, so a weaker fit shows at once. Same seed, same
weights.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time

from ..rules import apply_unchecked, new_game, sample_chance
from .evaluation import FEATURES, WEIGHTS_FILE, features
from .playout import sensible_policy

EVERY = 5
RIDGE = 1.0


def samples(edition: str, games: int, seed: int) -> list[list[tuple[tuple[float, ...], float]]]:
    """Per game, its sampled (features, Athens' result) pairs."""
    out = []
    for g in range(games):
        rng = random.Random(f"fit:{edition}:{seed}:{g}")
        s = new_game(edition, seed=rng.randrange(2**31))
        xs = []
        k = 0
        while s.outcome is None:
            if s.pending.player < 0:
                a = sample_chance(s, rng)
            else:
                k += 1
                if k % EVERY == 0:
                    xs.append(features(s))
                a = sensible_policy(s, rng)
            s = apply_unchecked(s, a)
        w = s.outcome.winner
        y = 0.5 if w is None else 1.0 if w == "athens" else 0.0
        out.append([(x, y) for x in xs])
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b (Gauss-Jordan with partial pivoting; a is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        p = m[c][c]
        m[c] = [v / p for v in m[c]]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c]
                m[r] = [v - f * w for v, w in zip(m[r], m[c])]
    return [m[i][n] for i in range(n)]


def fit(data: list[tuple[tuple[float, ...], float]], iterations: int = 25) -> list[float]:
    """Logistic regression by Newton's method (ridge ``RIDGE`` on all weights but the bias)."""
    n = len(FEATURES)
    w = [0.0] * n
    for _ in range(iterations):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in data:
            z = sum(a * b for a, b in zip(x, w))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            d = p - y
            v = p * (1 - p)
            for i in range(n):
                xi = x[i]
                if xi:
                    grad[i] += d * xi
                    row = hess[i]
                    for j in range(n):
                        row[j] += v * xi * x[j]
        for i in range(1, n):
            grad[i] += RIDGE * w[i]
            hess[i][i] += RIDGE
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(x) for x in step) < 1e-7:
            break
    return w


def _report(w: list[float], data: list[tuple[tuple[float, ...], float]]) -> dict:
    base = sum(y for _, y in data) / len(data)
    loss = loss0 = right = 0.0
    for x, y in data:
        p = 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(x, w))))))
        p = min(max(p, 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        loss0 -= y * math.log(base) + (1 - y) * math.log(1 - base)
        right += (p > 0.5) == (y > 0.5) if y != 0.5 else 0.5
    n = len(data)
    return {"samples": n, "log_loss": round(loss / n, 4), "constant_log_loss": round(loss0 / n, 4),
            "accuracy": round(right / n, 4)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=str(WEIGHTS_FILE))
    args = ap.parse_args(argv)
    result = {"about": "weights of polis_nb.analysis.evaluation, written by python -m "
                       "polis_nb.analysis.fit_evaluation; do not edit by hand",
              "games": args.games, "seed": args.seed, "every": EVERY, "ridge": RIDGE, "editions": {}, "held_out": {}}
    for edition in ("ed1", "ed2"):
        t0 = time.perf_counter()
        games = samples(edition, args.games, args.seed)
        cut = len(games) * 4 // 5
        train = [x for g in games[:cut] for x in g]
        test = [x for g in games[cut:] for x in g]
        w = fit(train)
        rep = _report(w, test)
        result["editions"][edition] = {f: round(v, 5) for f, v in zip(FEATURES, w)}
        result["held_out"][edition] = rep
        print(f"{edition}: {len(train)} samples fitted, held out {rep} ({time.perf_counter() - t0:.0f} s)")
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
