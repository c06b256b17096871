"""How long the search bot's replies take in the Board (prints figures, asserts nothing).

    python bench/bot_replies.py [--games 3] [--seed 3] [--replies 0] [--action 120] [--step 48] [--cap 2.5]

Plays ``--games`` seeded games (seeds ``--seed``, ``--seed``+1, ...) in a Board against the search bot
(``opponent="search"``, the user plays Athens), the user's decisions taken by the sensible bot, and
times every reply the way a user waits for it: from the user's decision to the redrawn widget, all
the bot's decisions until the user decides again (synchronous mode, ``threaded=False``, so the time
is the reply's alone). ``--replies N`` stops each game after N replies (0: play it to its end).
``--action`` / ``--step`` are the search iterations for the choice of an action and for each of
its steps, ``--cap`` the time cap of a whole reply (``--cap 0``: none). Prints the median, p90, p99
and worst reply, the longest replies with how many decisions they held, and how often the time cap
shortened a reply (a capped reply may differ from machine to machine; the others do not).
"""
from __future__ import annotations

import argparse
import collections
import os
import random
import statistics
import time

import polis_nb as pn
from polis_nb.analysis.bots import make_bot
from polis_nb.widgets import Board
from polis_nb.widgets.opponent import Opponent


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def kinds(plan) -> str:
    """The bot's decisions of a reply by kind, e.g. "turn 2, move-from 3"."""
    c = collections.Counter(s.pending.kind for s, _, _ in plan.steps if not s.is_chance)
    return ", ".join(f"{k} {n}" for k, n in c.most_common())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--replies", type=int, default=0, help="replies per game (0: the whole game)")
    ap.add_argument("--action", type=int, default=None, help="search iterations for the choice of an action")
    ap.add_argument("--step", type=int, default=None, help="search iterations for each step of an action")
    ap.add_argument("--cap", type=float, default=None, help="seconds a whole reply may search (0: no cap)")
    args = ap.parse_args()
    base = Opponent("search", "athens")
    iterations = (args.action or base.iterations[0], args.step or base.iterations[1])
    cap = base.seconds if args.cap is None else (args.cap or None)
    user = make_bot("sensible")
    rows = []  # (seconds, bot decisions, searched, capped, seed, ply, decision kinds)
    t0 = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        g = pn.Game(seed=seed)
        opp = Opponent("search", "athens", iterations=iterations, seconds=cap)
        t = time.perf_counter()
        b = Board(g, opponent=opp, threaded=False)
        if b._last is not None:
            plan = b._last[1]
            took = time.perf_counter() - t
            rows.append((took, len(plan.decisions), plan.searched, plan.capped, seed, 0, kinds(plan)))
        rng = random.Random(seed)
        n = 0
        while not b.state.is_terminal and (not args.replies or n < args.replies):
            a = user.choose(b.state, rng)
            ply = b.state.ply
            t = time.perf_counter()
            b.handle_intent({"kind": "choose", "action": str(a), "rev": b.rev})
            took = time.perf_counter() - t
            if b._last is not None and b._last[0] is b.node and b.state.ply > ply + 1:
                plan = b._last[1]
                rows.append((took, len(plan.decisions), plan.searched, plan.capped, seed, ply, kinds(plan)))
                n += 1
        print(f"seed {seed}: {n} replies, {'game over: ' + str(b.state.outcome) if b.state.is_terminal else 'stopped'}")
    times = [r[0] for r in rows]
    print(f"\n{len(rows)} replies of the search bot (iterations {iterations[0]} per action, {iterations[1]} per step; "
          f"cap {cap} s per reply), {time.perf_counter() - t0:.0f} s in all, load average {os.getloadavg()[0]:.1f}")
    print(f"  reply seconds: median {statistics.median(times):.2f}, p90 {pct(times, 0.9):.2f}, "
          f"p99 {pct(times, 0.99):.2f}, max {max(times):.2f}")
    decisions = [r[1] for r in rows]
    print(f"  bot decisions per reply: median {statistics.median(decisions):.0f}, max {max(decisions)}; "
          f"searched per reply: median {statistics.median([r[2] for r in rows]):.0f}, max {max(r[2] for r in rows)}")
    capped = sum(1 for r in rows if r[3])
    print(f"  replies shortened by the time cap: {capped} of {len(rows)}")
    print("  longest replies:")
    for took, d, searched, was_capped, seed, ply, what in sorted(rows, reverse=True)[:5]:
        print(f"    {took:5.2f} s  seed {seed} ply {ply}: {d} decisions, {searched} searched"
              + ("  (capped)" if was_capped else "") + f"  [{what}]")


if __name__ == "__main__":
    main()
