"""Review benchmark: prints figures, asserts nothing (issue 23).

    python bench/review.py [--quick] [--games 3] [--budget N] [--workers W] [--old 1] [--search]

The games: the sensible bot against itself, seeds 5, 6, ... in both editions (``--search`` adds a
game of the search bot at 100 iterations against the sensible bot, ed1 seed 5).

1. **time** — the whole-game review as ``g.review(seed=1)`` runs it: the default budget
   (:data:`polis_nb.analysis.review_job.BUDGET` playouts per position on average), on the default
   worker processes (as many as the machine has cores; they are started anew for every review, so
   the figure includes their start), wall time and CPU time (this process and the workers). The
   reference in the same run: the previous algorithm, one cold ``pn.analyse`` per position at the
   same budget in this process (on the first ``--old`` games of each edition; 0 skips it).
2. **marks** — agreement of the review's marks with a review of the same game at 4× the budget
   (same seed): a confusion table over all reviewed decisions (rows: this review; columns: the 4×
   review), and the precision and recall of "marked ? or worse" and "marked ?! or worse" (the 4×
   review taken as right). The previous algorithm's marks are compared with the same 4× review.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter

import polis_nb as pn
from polis_nb.analysis import workers as pool
from polis_nb.analysis.bots import make_bot
from polis_nb.analysis.review import position_seed, write_review
from polis_nb.analysis.review_job import BUDGET, plan
from polis_nb.analysis.search import SearchBot

MARKS = ("", "?!", "?", "??")


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def game(edition: str, seed: int, search: bool = False) -> pn.Game:
    """A finished game of the sensible bot against itself (or the search bot as Athens)."""
    sensible = make_bot("sensible")
    athens = SearchBot(iterations=100) if search else sensible
    g, rng = pn.Game(edition, seed=seed), random.Random(1)
    while not g.state.is_terminal:
        bot = athens if g.state.current_player == "athens" else sensible
        g.play(bot.choose(g.state, rng))
    return g


def cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers, once stopped)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def new_review(make, budget: int, workers: int | None) -> tuple[list[str], float, float]:
    g = make()
    pool.close()  # the workers start anew: their start is part of the figure, their CPU is counted
    c, t = cpu(), time.perf_counter()
    r = g.review(budget, seed=1, workers=workers, progress=False)
    wall = time.perf_counter() - t
    pool.close()
    return [d.judgement or "" for d in r.decisions], wall, cpu() - c


def old_review(make, budget: int) -> tuple[list[str], float, float]:
    """The previous algorithm: a cold ``pn.analyse`` of every position, one after the other."""
    g = make()
    decisions, places, _ = plan(g)
    c, t = cpu(), time.perf_counter()
    found = {id(n): None if n.state.is_terminal else
             pn.analyse(n.state, budget=budget, seed=position_seed(1, n.state.ply)) for n in places}
    wall = time.perf_counter() - t
    r = write_review(g, decisions, places, found)
    return [d.judgement or "" for d in r.decisions], wall, cpu() - c


def agreement(name: str, got: list[str], ref: list[str]) -> None:
    table = Counter(zip(got, ref))
    print(f"  {name} (rows) against the 4x review (columns), {len(got)} decisions:")
    print("    " + " " * 6 + "".join(f"{m or '-':>6}" for m in MARKS))
    for a in MARKS:
        print(f"    {a or '-':>6}" + "".join(f"{table[a, b]:6d}" for b in MARKS))
    for least, label in ((2, "? or worse"), (1, "?! or worse")):
        mine = {k for k, m in enumerate(got) if MARKS.index(m) >= least}
        right = {k for k, m in enumerate(ref) if MARKS.index(m) >= least}
        both = len(mine & right)
        p = f"{both / len(mine):.0%}" if mine else "-"
        r = f"{both / len(right):.0%}" if right else "-"
        print(f"    {label}: marked {len(mine)}, by the 4x review {len(right)}, both {both}: "
              f"precision {p}, recall {r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="one game per edition, the old algorithm on none")
    ap.add_argument("--games", type=int, default=3, help="games per edition")
    ap.add_argument("--budget", type=int, default=BUDGET, help="playouts per position on average")
    ap.add_argument("--workers", type=int, default=None, help="worker processes (default: one per core)")
    ap.add_argument("--old", type=int, default=1, help="games per edition to review with the old algorithm too")
    ap.add_argument("--search", action="store_true", help="add a game of the search bot (ed1, seed 5)")
    args = ap.parse_args()
    if args.quick:
        args.games, args.old = 1, 0
    games = [(ed, seed, False) for ed in ("ed1", "ed2") for seed in range(5, 5 + args.games)]
    if args.search:
        games.append(("ed1", 5, True))
    print(f"Review benchmark: budget {args.budget} playouts per position on average, 4x = {4 * args.budget}; "
          f"workers {args.workers or 'default'} ({os.cpu_count()} cores); load {_load()}")
    walls, cpus, old_walls, old_cpus = [], [], [], []
    pairs, old_pairs = [], []
    for ed, seed, search in games:
        make = (lambda ed=ed, seed=seed, search=search: game(ed, seed, search))
        g = make()
        decisions, places, _ = plan(g)
        who = "search bot (Athens) v sensible" if search else "sensible v sensible"
        marks, wall, spent = new_review(make, args.budget, args.workers)
        ref, wall4, _ = new_review(make, 4 * args.budget, args.workers)
        walls.append(wall)
        cpus.append(spent)
        pairs.append((marks, ref))
        line = (f"  {ed} seed {seed} ({who}): {len(decisions)} decisions, {len(places)} positions: "
                f"review {wall:.1f} s ({spent:.1f} s CPU), 4x {wall4:.1f} s; marks {Counter(m for m in marks if m)}")
        if seed < 5 + args.old and not search:
            old, owall, ocpu = old_review(make, args.budget)
            old_walls.append(owall)
            old_cpus.append(ocpu)
            old_pairs.append((old, ref))
            line += f"; old algorithm {owall:.1f} s ({ocpu:.1f} s CPU)"
        print(line, flush=True)
    print(f"\n1. Whole-game review time (load {_load()}):")
    print(f"  review: median {statistics.median(walls):.1f} s ({min(walls):.1f}-{max(walls):.1f}) over {len(walls)} "
          f"games, CPU median {statistics.median(cpus):.1f} s")
    if old_walls:
        print(f"  old algorithm (cold analyse per position, this process): median {statistics.median(old_walls):.1f} s "
              f"({min(old_walls):.1f}-{max(old_walls):.1f}) over {len(old_walls)} games, CPU median "
              f"{statistics.median(old_cpus):.1f} s")
    print("\n2. Marks against a review at 4x the budget:")
    agreement("review", [m for a, _ in pairs for m in a], [m for _, b in pairs for m in b])
    if old_pairs:
        agreement("old algorithm", [m for a, _ in old_pairs for m in a], [m for _, b in old_pairs for m in b])


if __name__ == "__main__":
    main()
