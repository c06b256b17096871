"""Bot strength: a round-robin ladder (prints figures, asserts nothing).

    python bench/ladder.py [--games 200] [--iterations 24] [--workers 2] [--serial] [--seed 0]

Every pair of bots (random, sensible, greedy, and the search bot at ``--iterations`` tree iterations
per decision) plays ``--games`` games, half in each edition, colours alternated. Prints each pair's
result with its 95% Wilson interval, per edition and overall, the standings, how the games ended,
and the time taken. Games run on a local Dask cluster of ``--workers`` worker processes (asked for
explicitly: ``workers=N``; ``--serial``: in this process, the library's default); each game is seeded
by its index, so the table is the same on any number of workers.
"""
from __future__ import annotations

import argparse
import os
import time

from polis_nb.analysis import SearchBot, ladder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per pair (split over both editions)")
    ap.add_argument("--iterations", type=int, default=24, help="search bot: tree iterations per decision")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--serial", action="store_true", help="run in this process instead of on Dask")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    bots = {"random": "random", "sensible": "sensible", "greedy": "greedy",
            f"search{args.iterations}": SearchBot(iterations=args.iterations)}
    t0 = time.perf_counter()
    lad = ladder(bots, games=args.games, seed=args.seed, workers=None if args.serial else args.workers,
                 progress=True)
    took = time.perf_counter() - t0
    print(lad)
    print("\n how the games ended:")
    for pr in lad.pairs:
        ends = ", ".join(f"{'+'.join(r)} {n}" for r, n in list(pr.ended_by.items())[:4])
        print(f"  {pr.a + ' v ' + pr.b:24} {ends}")
    decisions = sum(g.decisions for g in lad.games)
    print(f"\n{len(lad.games)} games, {decisions} decisions in {took:.0f} s "
          f"({'serial' if args.serial else f'{args.workers} Dask workers'}; load average "
          f"{os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
