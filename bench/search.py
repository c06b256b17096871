"""Search benchmark: prints figures, asserts nothing (issue 17; ARCHITECTURE §9).

    python bench/search.py [--quick] [--only speed,answer,endings,ladder] [--workers 2]
                           [--games 40] [--ladder-games 120] [--n 25]
                           [--peer compiled=.venv-compiled/bin/python] [--peer main=/path/to/checkout]

1. **speed** — MCTS iterations/s of the search tree (``polis_nb.analysis.search.Tree``) on mid-game
   positions of both editions, with playouts cut off at the horizon and scored by the evaluation
   (the default), interleaved round by round with the same tree playing every playout to the end of
   the game (the previous design): the ratio of the two is the figure to read. Rates are per second
   of CPU time. Other kernels (``--peer``, see ``bench/peers.py``; by default the compiled wheel in
   ``.venv-compiled`` where it exists) grow the same trees in their own process between this
   process's rounds, and their rates are given beside this one's with the ratio to it.
2. **answer** — the time ``pn.analyse`` takes to a proven or ±3-point answer (the best choice proven,
   or its 95% interval within ±3 points) on those positions, in this process and on a local Dask
   cluster of ``--workers`` worker processes (``workers=N``; its start-up is reported apart).
3. **endings** — how games end: the playout policy against itself (``sensible``), and the search
   bot at ``--n`` iterations against itself: the share that reaches the final scoring, and the
   sudden deaths by rule.
4. **ladder** — the search bot at 4N iterations against itself at N, ``--ladder-games`` games (both
   editions, colours alternated, on the Dask workers): its score with a 95% Wilson interval.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter

import polis_nb as pn
from polis_nb.analysis import SearchBot, ladder, sensible_policy
from polis_nb.analysis.battle_result import wilson
from polis_nb.analysis.search import Tree
from polis_nb.rules import apply_unchecked

from peers import Peer, serve, start


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def midgame(edition: str, seed: int = 8, decisions: int = 90) -> pn.State:
    """A player's decision in the second round of a seeded game of the playout policy."""
    rng = random.Random(seed)
    s = pn.new_game(edition, seed=seed)
    n = 0
    while not s.is_terminal and (n < decisions or s.is_chance or s.pending.kind != "turn"):
        s = apply_unchecked(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
        n += 1
    return s


def grow(s: pn.State, iterations: int, k: int, full: bool) -> float:
    """Iterations per second of CPU time of one tree on ``s`` (playouts to the end of the game if ``full``)."""
    t = time.process_time()
    (Tree(s, horizon=10**6) if full else Tree(s)).run(random.Random(k), iterations, seed=k)
    return iterations / (time.process_time() - t)


_POSITIONS: dict[str, pn.State] = {}


def serve_grow(req: dict) -> float:
    """A peer's tree (``bench/peers.py``) on the same mid-game position of the edition."""
    s = _POSITIONS.get(req["edition"]) or _POSITIONS.setdefault(req["edition"], midgame(req["edition"]))
    return grow(s, req["iterations"], req["k"], req["full"])


def _med(xs: list[float]) -> str:
    return f"{statistics.median(xs):.0f}/s ({min(xs):.0f}-{max(xs):.0f})"


def speed(positions: list[pn.State], iterations: int, rounds: int, peers: list[Peer] = ()) -> None:
    print(f"\n1. MCTS iterations per CPU second ({iterations} iterations per tree, {rounds} interleaved rounds; "
          f"load {_load()})")
    here = "compiled" if getattr(pn, "COMPILED", False) else "pure"
    for s in positions:
        cut: dict[str, list[float]] = {who: [] for who in [here] + [p.label for p in peers]}
        full: dict[str, list[float]] = {who: [] for who in cut}
        for k in range(rounds):
            cut[here].append(grow(s, iterations, k, False))
            full[here].append(grow(s, iterations, k, True))
            for peer in peers:
                for store, is_full in ((cut, False), (full, True)):
                    store[peer.label].append(peer.ask({"op": "grow", "edition": s.edition, "iterations": iterations,
                                                       "k": k, "full": is_full}))
        print(f"  {s.edition} round {s.round + 1}, {s.current_player} to choose among {len(pn.legal_actions(s))}:")
        for who in cut:
            ratios = [a / b for a, b in zip(cut[who], full[who])]
            print(f"    {who:9} cut-off playouts median {_med(cut[who])}; full playouts median {_med(full[who])}; "
                  f"ratio {statistics.median(ratios):.2f}x")
        # every other kernel against this one, and against the peer called "main" (today's kernel) where there is one
        for base in [here] + (["main"] if "main" in cut and here != "main" else []):
            for who in cut:
                if who == base or (base == "main" and who == here):  # (here / main is main / here turned round)
                    continue
                for name, store in (("cut-off", cut), ("full", full)):
                    per = [a / b for a, b in zip(store[who], store[base])]
                    print(f"    {who} / {base}, {name} playouts: "
                          f"{statistics.median(store[who]) / statistics.median(store[base]):.2f} from the medians, "
                          f"{statistics.median(per):.2f} per round ({min(per):.2f}-{max(per):.2f})")


def answer(positions: list[pn.State], workers: int, target: float, budget: int) -> None:
    print(f"\n2. Time to a proven or ±{100 * target:.0f}-point answer (pn.analyse target={target}, budget up to "
          f"{budget}; load {_load()})")
    for s in positions:
        t = time.perf_counter()
        a = pn.analyse(s, budget=budget, target=target, seed=1)
        secs = time.perf_counter() - t
        b = a.best
        how = b.proven and f"proven {b.proven}" or f"{b.p:.0%} ±{100 * (b.half_width or 0):.1f}"
        print(f"  {s.edition} round {s.round + 1}: in this process {secs:5.1f} s, {a.iterations} playouts "
              f"({a.iterations / secs:.0f}/s): best {b.action} {how}")
        if workers:
            from polis_nb.analysis.cluster import local_client

            t = time.perf_counter()
            try:
                local_client(workers)
            except Exception as e:  # noqa: BLE001 - a benchmark reports and goes on
                print(f"    Dask: the local cluster did not start ({e})")
                continue
            up = time.perf_counter() - t
            t = time.perf_counter()
            a2 = pn.analyse(s, budget=budget, target=target, seed=1, workers=workers)
            secs2 = time.perf_counter() - t
            same = "the same result" if a2.to_dict()["choices"] == a.to_dict()["choices"] else "A DIFFERENT RESULT"
            print(f"    on {workers} Dask workers {secs2:5.1f} s ({secs / secs2:.2f}x; cluster start-up {up:.1f} s "
                  f"apart): {same}")


def _ends(outcomes: list[pn.Outcome]) -> str:
    n = len(outcomes)
    scored = sum(o.scores is not None for o in outcomes)
    deaths = Counter(o.rules[0] for o in outcomes if o.scores is None)
    return (f"final scoring {scored}/{n} = {scored / n:.0%}; sudden deaths: "
            + (", ".join(f"{r} {k}" for r, k in deaths.most_common()) or "none"))


def endings(games: int, n: int, workers: int | None) -> None:
    print(f"\n3. How games end (load {_load()})")
    for ed in ("ed1", "ed2"):
        outs = []
        for g in range(games * 5):
            rng = random.Random(f"ends:{ed}:{g}")
            s = pn.new_game(ed, seed=g)
            while not s.is_terminal:
                s = apply_unchecked(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
            outs.append(s.outcome)
        print(f"  {ed} sensible v sensible, {len(outs)} games: {_ends(outs)}")
    t = time.perf_counter()
    lad = ladder({f"search{n}": SearchBot(iterations=n), f"search{n}'": SearchBot(iterations=n)}, games=games,
                 seed=11, workers=workers, progress=True)
    for ed in ("ed1", "ed2"):
        mine = [g for g in lad.games if g.edition == ed]
        scored = sum(1 for g in mine if "end.score" in g.rules)
        deaths = Counter(g.rules[0] for g in mine if "end.score" not in g.rules)
        print(f"  {ed} search{n} v search{n}, {len(mine)} games: final scoring {scored}/{len(mine)} = "
              f"{scored / max(1, len(mine)):.0%}; sudden deaths: "
              + (", ".join(f"{r} {k}" for r, k in deaths.most_common()) or "none"))
    print(f"  ({time.perf_counter() - t:.0f} s)")


def budget_ladder(n: int, games: int, workers: int | None) -> None:
    print(f"\n4. Search at {4 * n} iterations against search at {n} ({games} games; load {_load()})")
    t = time.perf_counter()
    lad = ladder({f"search{4 * n}": SearchBot(iterations=4 * n), f"search{n}": SearchBot(iterations=n)},
                 games=games, seed=5, workers=workers, progress=True)
    p = lad.pairs[0]
    lo, hi = wilson(p.wins + p.shared / 2, p.games)
    print(f"  {p.a} v {p.b}: {p.wins}-{p.shared}-{p.losses}, score {(p.wins + p.shared / 2) / p.games:.1%} "
          f"[{lo:.1%}, {hi:.1%}] ({time.perf_counter() - t:.0f} s)")
    ends = Counter()
    for g in lad.games:
        ends["final scoring" if "end.score" in g.rules else g.rules[0]] += 1
    print("  how they ended: " + ", ".join(f"{k} {v}" for k, v in ends.most_common()))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", default="speed,answer,endings,ladder")
    ap.add_argument("--workers", type=int, default=2, help="Dask worker processes (0: none)")
    ap.add_argument("--games", type=int, default=40, help="search v search games for the endings")
    ap.add_argument("--ladder-games", type=int, default=120)
    ap.add_argument("--n", type=int, default=25, help="the budget ladder's N (4N against N)")
    ap.add_argument("--peer", action="append", default=[], metavar="LABEL=PYTHON|CHECKOUT",
                    help="another kernel whose trees grow in the same run (default: the compiled .venv-compiled where "
                         "it exists; 'none' for none); see bench/peers.py")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # a peer's side (bench/peers.py)
    args = ap.parse_args(argv)
    if args.serve:
        raise SystemExit(serve({"grow": serve_grow}))
    only = set(args.only.split(","))
    q = args.quick
    workers = args.workers or None
    positions = [midgame("ed1"), midgame("ed2")]
    print(f"polis_nb search benchmark ({'quick' if q else 'full'}; {os.cpu_count()} cores)")
    if "speed" in only:
        peers = start(args.peer, __file__)
        speed(positions, 200 if q else 600, 3 if q else 5, peers)
        for peer in peers:
            peer.close()
    if "answer" in only:
        answer(positions, 0 if q else args.workers, 0.03, 20000)
    if "endings" in only:
        endings(8 if q else args.games, 12 if q else args.n, workers)
    if "ladder" in only:
        budget_ladder(6 if q else args.n, 8 if q else args.ladder_games, workers)
    from polis_nb.analysis.cluster import close_local

    close_local()


if __name__ == "__main__":
    main()
