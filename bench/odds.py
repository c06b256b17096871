"""Odds benchmark: prints figures, asserts nothing (ARCHITECTURE §8).

    python bench/odds.py [--kernel-precision]

Figures:
* Monte Carlo battles/s from a fresh 5 v 5 land deal, kernel and model engines, random and greedy;
* time to a 5 v 5 distribution within +-1 percentage point (largest 95% Wilson half-width of the main
  probabilities <= 0.01; budget 2 s), with the model engine, and for the kernel engine estimated from
  its rate (run it with --kernel-precision);
* the largest battle computed exactly within 1 s: from a fresh deal, from known hands with k cards
  left in the deck, and the next exchange against an unknown hand.
"""
from __future__ import annotations

import argparse
import random
import time

from polis_nb.analysis.battle_exact import BudgetExceeded, Exact
from polis_nb.analysis.battle_model import Cards
from polis_nb.analysis.battle_odds import _node, _policies, battle_odds, setup_state
from polis_nb.analysis.odds import battle_odds_setup

LIMIT = 1.0


def rate(engine: str, policy: str, n: int) -> float:
    s = setup_state("land", (5, 5))
    t = time.perf_counter()
    battle_odds(s, policy_attacker=policy, policy_defender=policy, exact=False, samples=n, engine=engine,
                rng=random.Random(1), progress=False)
    return n / (time.perf_counter() - t)


def exact_within(s, policy: str = "random", horizon: int | None = None, limit: float = LIMIT):
    """(seconds, nodes) of an exact solve of state ``s``, or None past ``limit`` seconds."""
    bt = s.battle
    cards = Cards(s.components, bt.kind)
    pols = _policies(cards, bt.attacker, policy, policy)
    t0 = time.perf_counter()

    def tick(_n: int) -> None:
        if time.perf_counter() - t0 > limit:
            raise BudgetExceeded

    ex = Exact(cards, pols, horizon, 10 ** 12, tick)
    try:
        ex.solve(_node(s))
    except BudgetExceeded:
        return None
    return time.perf_counter() - t0, ex.nodes


def random_hands(rng: random.Random, units: tuple[int, int], left: int):
    c = Cards("ed1-default", "land")
    cards = [n for n, k in zip(c.names, c.counts) for _ in range(k)]
    rng.shuffle(cards)
    a, s = units
    return (cards[:a], cards[a:a + s]), cards[a + s:a + s + left]


def largest_deck(units: tuple[int, int], policy: str, deals: int = 3) -> tuple[int, float]:
    """Largest number of cards left in the deck for which every one of ``deals`` random deals (known
    hands, whole battle) solves exactly within the limit; and the slowest time at that size."""
    best, worst_t = -1, 0.0
    for left in range(0, 25 - sum(units)):
        times = []
        for d in range(deals):
            hands, deck = random_hands(random.Random(1000 * left + d), units, left)
            s = setup_state("land", units, hands=hands, deck=deck)
            if s.battle is None:
                continue
            got = exact_within(s, policy)
            if got is None:
                return best, worst_t
            times.append(got[0])
        best, worst_t = left, max(times, default=0.0)
    return best, worst_t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel-precision", action="store_true", help="also run the kernel engine to +-1 pp")
    args = ap.parse_args()

    print("Monte Carlo battles/s, fresh 5 v 5 land deal, one core")
    rates = {}
    for engine, policy, n in (("kernel", "random", 300), ("model", "random", 5000), ("kernel", "greedy", 150),
                              ("model", "greedy", 1500)):
        rates[engine, policy] = rate(engine, policy, n)
        print(f"  {engine:<6} engine, {policy:<6} policies: {rates[engine, policy]:>8,.0f} battles/s")

    print("\nTime to a 5 v 5 land distribution within +-1 percentage point (95% Wilson half-width <= 0.01 "
          "on how it ends and each side's loss marginals; budget 2 s)")
    need = 0
    for policy in ("random", "greedy"):
        t = time.perf_counter()
        r = battle_odds_setup("land", (5, 5), policy_attacker=policy, policy_defender=policy, exact=False,
                              engine="model", precision=0.01, rng=random.Random(2), progress=False)
        dt = time.perf_counter() - t
        print(f"  model engine, {policy:<6}: {dt:5.2f} s, {r.samples:,} samples, half-width {r.half_width():.4f}"
              f"  [{'within' if dt <= 2 else 'OVER'} budget]")
        need = need or r.samples
    est = need / rates["kernel", "random"]
    print(f"  kernel engine, random: about {est:.0f} s ({need:,} samples at {rates['kernel', 'random']:.0f}/s; "
          f"estimated{'' if args.kernel_precision else ', run with --kernel-precision to measure'})")
    if args.kernel_precision:
        t = time.perf_counter()
        r = battle_odds_setup("land", (5, 5), exact=False, engine="kernel", precision=0.01, rng=random.Random(2))
        print(f"  kernel engine, random: {time.perf_counter() - t:5.2f} s measured, {r.samples:,} samples")

    print(f"\nLargest battle computed exactly within {LIMIT:.0f} s")
    for n in (2, 3):
        s = setup_state("land", (n, n))
        got = exact_within(s)
        print(f"  whole battle from a fresh deal, {n} v {n}, random: "
              + (f"{got[0]:.2f} s, {got[1]:,} nodes" if got else f"not within {LIMIT:.0f} s"))
        if got is None:
            break
    for units in ((3, 3), (4, 4), (5, 5)):
        for policy in ("random", "greedy"):
            left, t = largest_deck(units, policy)
            print(f"  whole battle from known hands, {units[0]} v {units[1]}, {policy:<6}: up to {left} cards left "
                  f"in the deck (slowest of 3 deals {t:.2f} s)")
    for units in ((4, 4), (5, 5)):
        s = setup_state("land", units, hands=(None, random_hands(random.Random(5), units, 0)[0][1]))
        got = exact_within(s, horizon=1, limit=30)
        print(f"  next exchange against an unknown hand, {units[0]} v {units[1]}, random: "
              f"{got[0]:.2f} s, {got[1]:,} nodes" if got else "  next exchange: over 30 s")


if __name__ == "__main__":
    main()
