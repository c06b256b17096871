"""Record benchmark: prints figures, asserts nothing.

    python bench/record.py [--nodes 10000] [--editions ed1,ed2]

Builds a record of about N nodes (a seeded main line plus seeded variations played to the end),
then measures: save and load as .polis text and as JSON (median of 5, ms), the memory the loaded
record holds (tracemalloc), goto across the tree, and compare between distant nodes; for each edition.
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

import polis_nb as pn
from polis_nb.analysis import sensible_policy


def build(n_nodes: int, seed: int = 1, edition: str = "ed1") -> pn.Game:
    rng = random.Random(seed)
    g = pn.Game(edition=edition, seed=seed)
    count = lambda: sum(1 for _ in g.root.walk())  # noqa: E731
    while True:
        while not g.state.is_terminal:
            g.play(sensible_policy(g.state, rng))
        if count() >= n_nodes:
            return g
        nodes = [n for n in g.root.walk() if n.parent is not None and not n.state.is_terminal
                 and not n.state.is_chance]
        g.goto(rng.choice(nodes))
        others = [a for a in pn.legal_actions(g.state) if g.node.child(a) is None]
        if others:
            g.play(rng.choice(others))


def timed(fn, repeat: int = 5) -> float:
    ts = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=10_000)
    ap.add_argument("--editions", default="ed1,ed2", help="comma-separated editions to measure")
    args = ap.parse_args(argv)
    for edition in args.editions.split(","):
        measure(edition, args.nodes)
    return 0


def measure(edition: str, n_nodes: int) -> None:
    t0 = time.perf_counter()
    g = build(n_nodes, edition=edition)
    n = sum(1 for _ in g.root.walk())
    print(f"polis_nb record benchmark, {edition} — {n} nodes (built in {time.perf_counter() - t0:.1f} s)")
    with tempfile.TemporaryDirectory() as d:
        for suffix in (".polis", ".json"):
            path = Path(d) / f"record{suffix}"
            save = timed(lambda: g.save(path))
            load = timed(lambda: pn.Game.load(path))
            size = path.stat().st_size
            print(f"  {suffix:6} save median {save * 1e3:7.1f} ms, load median {load * 1e3:7.1f} ms, "
                  f"file {size / 1024:.0f} KiB")
        gc.collect()
        tracemalloc.start()
        loaded = pn.Game.load(Path(d) / "record.polis")
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"  memory of the loaded record: {current / 2**20:.1f} MiB (peak while loading {peak / 2**20:.1f} MiB)")
    nodes = list(loaded.root.walk())
    rng = random.Random(2)
    picks = [rng.choice(nodes) for _ in range(2000)]
    t = timed(lambda: [loaded.goto(x) for x in picks], repeat=3) / len(picks)
    print(f"  goto a random node: {t * 1e6:.1f} µs")
    pairs = [(rng.choice(nodes), rng.choice(nodes)) for _ in range(300)]
    t = timed(lambda: [loaded.compare(a, b) for a, b in pairs], repeat=3) / len(pairs)
    print(f"  compare two random nodes: {t * 1e6:.1f} µs")


if __name__ == "__main__":
    raise SystemExit(main())
