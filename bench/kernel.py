"""Kernel benchmark: prints figures, asserts nothing (ARCHITECTURE §8).

    python bench/kernel.py [--games 200] [--seconds 3] [--editions ed1,ed2]

Figures, for each edition side by side: random full games/s on one core (uniform random policy and the sensible bot), decisions/s,
legal_actions median/p99 over positions sampled from random games, branch cost (apply one decision
to a shared parent) median/p99, and python-chess random full games/s measured in the same run as a
reference (install with `pip install '.[bench]'`).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import polis_nb as pn
from polis_nb.analysis import random_policy, sensible_policy


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def games_per_second(policy, games: int, checked: bool, edition: str = "ed1") -> tuple[float, float, float]:
    step = pn.apply if checked else pn.apply_unchecked
    decisions = 0
    plies = []
    t0 = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        s = pn.new_game(edition, seed=seed)
        while not s.is_terminal:
            a = pn.sample_chance(s, rng) if s.is_chance else policy(s, rng)
            s = step(s, a)
            decisions += 1
        plies.append(s.ply)
    dt = time.perf_counter() - t0
    return games / dt, decisions / dt, statistics.mean(plies)


def sample_positions(n_games: int, edition: str = "ed1") -> list[pn.State]:
    out = []
    for seed in range(n_games):
        rng = random.Random(10_000 + seed)
        s = pn.new_game(edition, seed=seed)
        pol = sensible_policy if seed % 2 else random_policy
        while not s.is_terminal:
            out.append(s)
            a = pn.sample_chance(s, rng) if s.is_chance else pol(s, rng)
            s = pn.apply_unchecked(s, a)
    return out


def time_each(fn, items, repeat: int = 3) -> list[float]:
    times = []
    for x in items:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn(x)
            best = min(best, time.perf_counter() - t0)
        times.append(best)
    return times


def chess_games_per_second(seconds: float) -> float | None:
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(0)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        b = chess.Board()
        while not b.is_game_over(claim_draw=False):
            b.push(rng.choice(list(b.legal_moves)))
        n += 1
    return n / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=3.0, help="time for the python-chess reference")
    ap.add_argument("--editions", default="ed1,ed2", help="comma-separated editions to measure")
    args = ap.parse_args(argv)
    print(f"polis_nb kernel benchmark — Python {sys.version.split()[0]}, one core")
    results = {}
    for edition in args.editions.split(","):
        print(f" edition {edition}")
        for name, pol in (("random", random_policy), ("sensible", sensible_policy)):
            for checked in (False, True):
                gps, dps, plies = games_per_second(pol, args.games, checked, edition)
                results[(edition, name, checked)] = gps
                print(f"  {name:8} policy, {'checked  ' if checked else 'unchecked'} apply: {gps:8.1f} games/s "
                      f"{dps:9.0f} decisions/s  (mean {plies:.0f} decisions/game)")
        positions = sample_positions(60, edition)
        sample = positions[:: max(1, len(positions) // 3000)]
        la = time_each(pn.legal_actions, sample)
        print(f"  legal_actions over {len(sample)} positions: median {statistics.median(la) * 1e6:.1f} µs, "
              f"p99 {_pct(la, 0.99) * 1e6:.1f} µs, max {max(la) * 1e6:.1f} µs")
        pairs = [(s, pn.legal_actions(s)[0]) for s in sample if not s.is_terminal]
        br = time_each(lambda sa: pn.apply_unchecked(*sa), pairs)
        brc = time_each(lambda sa: pn.apply(*sa), pairs)
        print(f"  branch (apply one decision to a shared parent): unchecked median "
              f"{statistics.median(br) * 1e6:.1f} µs p99 {_pct(br, 0.99) * 1e6:.1f} µs; checked median "
              f"{statistics.median(brc) * 1e6:.1f} µs")
    cg = chess_games_per_second(args.seconds)
    if cg is None:
        print("  python-chess reference: not installed (pip install '.[bench]')")
    else:
        for (edition, name, checked), ours in results.items():
            if name == "random" and not checked:
                print(f"  python-chess random games: {cg:.1f} games/s; ratio polis_nb {edition} (random, unchecked)"
                      f" / chess = {ours / cg:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
