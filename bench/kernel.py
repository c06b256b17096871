"""Kernel benchmark: prints figures, asserts nothing (ARCHITECTURE §8).

    python bench/kernel.py [--quick] [--editions ed1,ed2] [--rounds 7] [--round-seconds 1.5]
                           [--peer compiled=.venv-compiled/bin/python] [--peer main=/path/to/checkout]

Figures (a full run takes two to three minutes on two cores; ``--quick`` under half a minute):

1. **Throughput, interleaved with python-chess.** Short rounds of random play alternate in one run:
   python-chess random games (moves/s: list the legal moves, pick one, push, ask whether the game is
   over), then polis_nb random games per edition through the checked ``pn.apply`` (decisions/s, chance
   steps included, each picked with ``pn.sample_chance``), then Ed1 through ``pn.apply_unchecked``.
   Ed1 sensible play (the search bot's playouts) is measured the same way. Rates are per second of
   CPU time of the process that plays (``time.process_time``). Every figure is the median of the
   rounds with its spread (lowest-highest), and the ratio decisions/s / moves/s is given from the
   medians and as the median of the per-round ratios. Both sides suffer the same noise from other
   work on the machine (the load average is printed), so the ratio is the figure to read.
   **Other kernels in the same run** (``bench/peers.py``): each ``--peer`` (by default the compiled
   wheel in ``.venv-compiled``, made by ``scripts/compiled_tests.sh``, where it exists; ``--peer none``
   for none) plays its own rounds in a subprocess between this process's rounds, and its figures are
   printed beside the pure kernel's with the ratio to it and to python-chess.
2. **Single-call latencies**, median / p99 / max of one call each (no best-of-n), over every position
   of seeded random and sensible games: ``legal_actions`` as play asks it (the listing is worked out
   once per State, so a position whose listing a handler already made costs nothing) and cold (a
   fresh copy of the State, the route memo emptied: the whole work of listing); ``apply_unchecked``;
   ``apply`` after the listing is known (as a bot plays) and on a fresh copy (as a record is replayed:
   the listing is made first).
3. **Branch cost**: one decision applied to a shared parent (every listed choice of sampled
   positions, as a tree search expands them), unchecked and checked.
4. **How games end**: for random and sensible play per edition, how many games end by sudden death
   (ostracism, an unfed capital, prestige owed, an unpaid Salpinx) and how many by scoring after the
   last round, with their mean length in decisions and the round reached.
5. The search (iterations/s, time to an answer, how search games end, the budget ladder) is measured
   by ``bench/search.py``.

python-chess is installed with ``pip install '.[bench]'``; without it the chess figures are skipped.
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict

import polis_nb as pn
from polis_nb.analysis import random_policy, sensible_policy
from polis_nb.rules import memo

from peers import Peer, serve, start

POLICIES = {"random": random_policy, "sensible": sensible_policy}


# --- helpers -----------------------------------------------------------------------------------

def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _lat(name: str, ns: list[int]) -> str:
    us = [x / 1000 for x in ns]
    return (f"  {name:44} median {statistics.median(us):7.1f} µs  p99 {_pct(us, 0.99):7.1f} µs  "
            f"max {max(us):8.1f} µs  ({len(us)} calls)")


def _spread(xs: list[float]) -> str:
    return f"{statistics.median(xs):9.0f}  ({min(xs):.0f}-{max(xs):.0f})"


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def _step(s: pn.State, policy, rng: random.Random) -> pn.Action:
    return pn.sample_chance(s, rng) if s.is_chance else policy(s, rng)


# --- 1. throughput, interleaved with python-chess ------------------------------------------------

class PolisRounds:
    """Games of ``policy`` through ``step``, played for a given time per round; the seed goes on
    from round to round, so every round plays new games."""

    def __init__(self, edition: str, step, policy=random_policy):
        self.edition, self.step, self.policy, self.seed = edition, step, policy, 0

    def run(self, seconds: float) -> tuple[float, float]:
        """(decisions/s, games/s) over whole games played for about ``seconds`` of CPU time."""
        n = games = 0
        t0 = time.process_time()
        while time.process_time() - t0 < seconds:
            rng = random.Random(self.seed)
            s = pn.new_game(self.edition, seed=self.seed)
            self.seed += 1
            while not s.is_terminal:
                s = self.step(s, _step(s, self.policy, rng))
                n += 1
            games += 1
        dt = time.process_time() - t0
        return n / dt, games / dt


class ChessRounds:
    def __init__(self, chess):
        self.chess, self.rng = chess, random.Random(0)

    def run(self, seconds: float) -> tuple[float, float]:
        """(moves/s, games/s) of python-chess random games played for about ``seconds`` of CPU time."""
        n = games = 0
        t0 = time.process_time()
        while time.process_time() - t0 < seconds:
            b = self.chess.Board()
            while not b.is_game_over(claim_draw=False):
                b.push(self.rng.choice(list(b.legal_moves)))
                n += 1
            games += 1
        dt = time.process_time() - t0
        return n / dt, games / dt


class PeerRounds:
    """The same rounds played by a peer kernel (``bench/peers.py``), in its own process."""

    def __init__(self, peer: Peer, name: str, edition: str, step: str, policy: str):
        self.peer, self.request = peer, {"op": "round", "name": name, "edition": edition, "step": step,
                                         "policy": policy}

    def run(self, seconds: float) -> tuple[float, float]:
        r, g = self.peer.ask({**self.request, "seconds": seconds})
        return r, g


_SERVED: dict[str, PolisRounds] = {}


def serve_round(req: dict) -> tuple[float, float]:
    """A peer's round (``bench/peers.py``): the rounds of one name go on from seed to seed, as here."""
    pl = _SERVED.get(req["name"])
    if pl is None:
        step = pn.apply if req["step"] == "apply" else pn.apply_unchecked
        pl = _SERVED[req["name"]] = PolisRounds(req["edition"], step, POLICIES[req["policy"]])
    return pl.run(req["seconds"])


def _kernels(editions: list[str]) -> list[tuple[str, str, str, str]]:
    """(name, edition, step, policy) of the polis_nb players"""
    out = [(f"{ed} decisions/s, apply", ed, "apply", "random") for ed in editions]
    out.append((f"{editions[0]} decisions/s, apply_unchecked", editions[0], "apply_unchecked", "random"))
    out.append((f"{editions[0]} sensible decisions/s, apply", editions[0], "apply", "sensible"))
    return out


def throughput(editions: list[str], rounds: int, seconds: float, peers: list[Peer] = ()) -> None:
    print(f"\n1. Throughput of random play, {rounds} interleaved rounds of {seconds:.1f} s of CPU time each "
          f"(median, lowest-highest; load average {_load()})")
    try:
        import chess
    except ImportError:
        chess = None
        print("  python-chess is not installed (pip install '.[bench]'): no reference")
    players: dict[str, object] = {}
    if chess is not None:
        players["python-chess moves/s"] = ChessRounds(chess)
    kinds = _kernels(editions)
    here = "compiled" if pn.COMPILED else "pure"
    for name, ed, step, policy in kinds:
        players[f"polis_nb {here} {name}"] = PolisRounds(ed, pn.apply if step == "apply" else pn.apply_unchecked,
                                                         POLICIES[policy])
        for peer in peers:
            players[f"polis_nb {peer.label} {name}"] = PeerRounds(peer, name, ed, step, policy)
    rates: dict[str, list[float]] = defaultdict(list)
    games: dict[str, list[float]] = defaultdict(list)
    for _ in range(rounds):
        for name, pl in players.items():
            r, g = pl.run(seconds)  # type: ignore[attr-defined]
            rates[name].append(r)
            games[name].append(g)
    for name in players:
        print(f"  {name:56} {_spread(rates[name])}   games/s {statistics.median(games[name]):6.1f}")

    def ratio(a: str, b: str, label: str) -> None:
        per_round = [x / y for x, y in zip(rates[a], rates[b])]
        print(f"  ratio {label:54}: {statistics.median(rates[a]) / statistics.median(rates[b]):5.2f} from the "
              f"medians, {statistics.median(per_round):.2f} per round ({min(per_round):.2f}-{max(per_round):.2f})")

    short = [(f"polis_nb {who} {name}", f"{who} {name.split(' decisions')[0] + name.split('decisions/s')[1]}")
             for name, *_ in kinds for who in [here] + [p.label for p in peers]]
    if chess is not None:
        for name, label in short:
            ratio(name, "python-chess moves/s", f"{label} / chess")
    # every other kernel against this one, and against the peer called "main" (today's kernel) where there is one
    labels = [here] + [p.label for p in peers]
    for base in [here] + (["main"] if "main" in labels else []):
        for who in labels:
            if who == base or (base == "main" and who == here):  # (here / main is main / here turned round)
                continue
            for name, *_ in kinds:
                ratio(f"polis_nb {who} {name}", f"polis_nb {base} {name}",
                      f"{who} / {base} {name.split(' decisions')[0] + name.split('decisions/s')[1]}")


# --- 2. and 3. single-call latencies, branch cost ------------------------------------------------

def latencies(edition: str, games: int) -> None:
    calls: dict[str, list[int]] = defaultdict(list)
    parents: list[tuple[pn.State, tuple]] = []
    ns = time.perf_counter_ns
    for seed in range(games):
        policy = sensible_policy if seed % 2 else random_policy
        rng = random.Random(10_000 + seed)
        s = pn.new_game(edition, seed=seed)
        while not s.is_terminal:
            t = ns()
            acts = pn.legal_actions(s)
            calls["legal_actions, as play asks"].append(ns() - t)
            fresh = s.evolve()
            memo.clear()
            t = ns()
            pn.legal_actions(fresh)
            calls["legal_actions, cold"].append(ns() - t)
            a = _step(s, policy, rng)
            t = ns()
            pn.apply_unchecked(s, a)
            calls["apply_unchecked"].append(ns() - t)
            fresh = s.evolve()
            t = ns()
            pn.apply(fresh, a)
            calls["apply, listing not made yet (replay)"].append(ns() - t)
            t = ns()
            nxt = pn.apply(s, a)
            calls["apply, after legal_actions (play)"].append(ns() - t)
            if len(parents) < 4000 and len(acts) > 1 and (seed + s.ply) % 3 == 0:
                parents.append((s, acts))
            s = nxt
    for name in ("legal_actions, as play asks", "legal_actions, cold", "apply_unchecked",
                 "apply, after legal_actions (play)", "apply, listing not made yet (replay)"):
        print(_lat(name, calls[name]))
    branch: dict[str, list[int]] = defaultdict(list)
    for s, acts in parents:
        for a in acts[:8]:
            t = ns()
            pn.apply_unchecked(s, a)
            branch["unchecked"].append(ns() - t)
            t = ns()
            pn.apply(s, a)
            branch["checked"].append(ns() - t)
    print(_lat("branch: apply_unchecked to a shared parent", branch["unchecked"]))
    print(_lat("branch: apply to a shared parent", branch["checked"]))


# --- 4. how games end ---------------------------------------------------------------------------

def endings(edition: str, policy_name: str, games: int) -> None:
    policy = POLICIES[policy_name]
    ends: Counter = Counter()
    length: dict[str, list[int]] = defaultdict(list)
    rounds: dict[str, list[int]] = defaultdict(list)
    for seed in range(games):
        rng = random.Random(seed)
        s = pn.new_game(edition, seed=seed)
        n = 0
        while not s.is_terminal:
            s = pn.apply_unchecked(s, _step(s, policy, rng))
            n += 1
        o = pn.outcome(s)
        key = o.rules[0] + ("" if o.winner else " (shared)")
        kind = "scoring after the last round" if o.scores is not None else "sudden death"
        for k in (f"{kind}: {key}", kind):
            ends[k] += 1
            length[k].append(n)
            rounds[k].append(s.round + 1)
    print(f"  {edition} {policy_name} play, {games} games:")
    for kind in ("sudden death", "scoring after the last round"):
        if not ends[kind]:
            print(f"    {kind:50} {0:5d}")
            continue
        print(f"    {kind:50} {ends[kind]:5d} {ends[kind] / games:6.0%}   mean {statistics.mean(length[kind]):6.0f} "
              f"decisions, round {statistics.mean(rounds[kind]):.1f}")
        for k, v in sorted(((k, v) for k, v in ends.items() if k.startswith(kind + ":")), key=lambda kv: -kv[1]):
            print(f"      {k.split(': ', 1)[1]:48} {v:5d} {v / games:6.0%}   mean {statistics.mean(length[k]):6.0f} "
                  f"decisions, round {statistics.mean(rounds[k]):.1f}")


# --- main ---------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="short rounds and samples (well under a minute)")
    ap.add_argument("--editions", default="ed1,ed2", help="comma-separated editions to measure")
    ap.add_argument("--rounds", type=int, default=None, help="interleaved throughput rounds (7; quick 3)")
    ap.add_argument("--round-seconds", type=float, default=None, help="seconds per round and player (1.5; quick 0.5)")
    ap.add_argument("--peer", action="append", default=[], metavar="LABEL=PYTHON|CHECKOUT",
                    help="another kernel measured in the same run (default: the compiled .venv-compiled where it "
                         "exists; 'none' for none); see bench/peers.py")
    ap.add_argument("--only", default="throughput,latencies,endings", help="which figures (comma-separated)")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # a peer's side (bench/peers.py)
    args = ap.parse_args(argv)
    if args.serve:
        return serve({"round": serve_round})
    only = set(args.only.split(","))
    q = args.quick
    editions = args.editions.split(",")
    rounds = args.rounds or (3 if q else 7)
    seconds = args.round_seconds or (0.5 if q else 1.5)
    print(f"polis_nb kernel benchmark: Python {sys.version.split()[0]}, the {'compiled' if pn.COMPILED else 'pure'} "
          f"kernel in this process" + (" (quick)" if q else ""))
    peers = start(args.peer, __file__) if "throughput" in only else []
    if "throughput" in only:
        throughput(editions, rounds, seconds, peers)
    for peer in peers:
        peer.close()
    if "latencies" in only:
        print("\n2./3. Single calls over the positions of seeded games (GC on, as in use)")
        for ed in editions:
            print(f" {ed}")
            gc.collect()
            latencies(ed, 12 if q else 60)
    if "endings" in only:
        print("\n4. How games end")
        for ed in editions:
            for name in ("random", "sensible"):
                endings(ed, name, (60 if name == "random" else 20) if q else (400 if name == "random" else 100))
    print("\n(The search's figures are in bench/search.py.)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
