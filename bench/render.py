"""Render benchmark: prints figures, asserts nothing (ARCHITECTURE §8).

    python bench/render.py [--games 20] [--every 5] [--editions ed1,ed2]

Figures: time to draw one board as SVG (median and p99 over positions sampled from seeded random
games; budget 5 ms per board), the same for the plain-text description, and the SVG size in bytes,
for each edition.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import polis_nb as pn
from polis_nb.analysis import random_policy, sensible_policy
from polis_nb.render import describe, svg

BUDGET_MS = 5.0


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def sample_positions(n_games: int, every: int, edition: str = "ed1") -> list[pn.State]:
    out = []
    for seed in range(n_games):
        rng = random.Random(20_000 + seed)
        s = pn.new_game(edition, seed=seed)
        pol = sensible_policy if seed % 2 else random_policy
        n = 0
        while not s.is_terminal:
            if n % every == 0:
                out.append(s)
            a = pn.sample_chance(s, rng) if s.is_chance else pol(s, rng)
            s = pn.apply_unchecked(s, a)
            n += 1
        out.append(s)
    return out


def time_each(fn, items) -> list[float]:
    """Milliseconds per call, one call per item (first calls included: no warm-up tricks)."""
    times = []
    for x in items:
        t0 = time.perf_counter()
        fn(x)
        times.append((time.perf_counter() - t0) * 1000.0)
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--every", type=int, default=5, help="sample every n-th position of each game")
    ap.add_argument("--editions", default="ed1,ed2", help="comma-separated editions to measure")
    args = ap.parse_args(argv)
    for edition in args.editions.split(","):
        positions = sample_positions(args.games, args.every, edition)
        svg(positions[0])  # caches (geometry, static layers) built once per component set, as in a notebook
        t_svg = time_each(svg, positions)
        t_txt = time_each(describe, positions)
        sizes = [len(svg(s).encode("utf-8")) for s in positions]
        med, p99 = statistics.median(t_svg), _pct(t_svg, 0.99)
        print(f"{edition}: {len(positions)} positions from {args.games} seeded random games")
        print(f"  svg render:   median {med:.2f} ms, p99 {p99:.2f} ms, max {max(t_svg):.2f} ms "
              f"(budget {BUDGET_MS:.0f} ms: {'within' if p99 <= BUDGET_MS else 'OVER'})")
        print(f"  describe:     median {statistics.median(t_txt):.2f} ms, p99 {_pct(t_txt, 0.99):.2f} ms")
        print(f"  svg size:     median {int(statistics.median(sizes))} bytes, min {min(sizes)}, max {max(sizes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
