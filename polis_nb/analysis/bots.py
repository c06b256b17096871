"""Simple policies for simulation and testing.

``random_policy`` picks uniformly among the legal choices. ``sensible_policy`` is still random but
avoids the blunders that end uniform-random games in the first round (passing at once, selling all
prestige at Phoros, starving the capital), so that simulated games reach battles and later rounds.
Both draw only from the injected ``random.Random``.
"""
from __future__ import annotations

import random
from typing import Callable

from ..rules import Action, State, apply, apply_unchecked, legal_actions, sample_chance

Policy = Callable[[State, random.Random], Action]


def random_policy(s: State, rng: random.Random) -> Action:
    return rng.choice(legal_actions(s))


_PREFER = {"trade": 4, "tribute": 4, "hoplites": 3, "siege": 4, "train": 2, "fleet": 2, "civilwar": 3,
           "project": 3, "galleys": 1, "ships": 1, "proxenos": 1, "ransom": 2, "pass": 0.3}


_MILITARY = {"hoplites", "fleet", "siege"}


def sensible_policy(s: State, rng: random.Random) -> Action:
    acts = legal_actions(s)
    kind = s.pending.kind
    p = s.pending.player
    if kind == "phoros":
        keep = max(0, s.prestige[p] - 4)
        affordable = [a for a in acts if int(a.args[0]) <= keep]  # "phoros 0" is always among them
        return rng.choice(affordable) if rng.random() < 0.3 else acts[0]
    if kind == "feed":
        feed = [a for a in acts if a.kind == "feed"]
        need = sum(n for o, n in zip(s.owner, s.pop) if o == p)
        if feed and s.prestige[p] - (need - s.goods[p][-1]) >= 3:
            return feed[0]
        rel = [a for a in acts if a.kind == "release"]
        return rng.choice(rel) if rel else acts[0]
    if kind == "battle-retreat":
        return acts[0] if rng.random() < 0.85 else acts[-1]
    if kind == "turn":
        poor = s.prestige[p] <= 2
        weights = [_PREFER.get(a.kind, 1.0) * (0.0 if poor and a.kind in _MILITARY else 1.0) for a in acts]
        if not any(weights):
            return acts[-1]
        if _hungry(s, p):
            weights = [w * (4 if a.kind in ("trade", "tribute") else 1) for a, w in zip(acts, weights)]
        if len(acts) > 1 and not s.turn_actions and not s.passed:
            weights[-1] = 0.02
        return rng.choices(acts, weights)[0]
    if kind == "grow":
        grow = [a for a in acts if a.kind == "grow"]
        spare = s.goods[p][-1] > 3  # keep some wheat for the next feeding
        return rng.choice(grow) if grow and spare and rng.random() < 0.7 else acts[-1]
    if kind == "tribute-area":
        return rng.choice([a for a in acts if _home(s, p, a)] or acts)
    if kind in ("tribute-rows", "trade-offer") and _hungry(s, p):
        wheat = [a for a in acts if "wheat" in str(a) or _gives_wheat(s, a)]
        if wheat:
            return rng.choice(wheat)
    if kind == "move-dest" and rng.random() < 0.7:
        contested = [a for a in acts if _enemies(s, p, a) >= 3]
        if contested:
            return rng.choice(contested)
    if kind in ("train-pay", "galley-pay", "ships-pay", "move-from"):
        more = [a for a in acts if a.kind != "end"]
        if more and rng.random() < 0.8:
            return rng.choice(more)
    return rng.choice(acts)


def _hungry(s: State, p: int) -> bool:
    need = sum(n for o, n in zip(s.owner, s.pop) if o == p)
    return s.goods[p][-1] < need


def _gives_wheat(s: State, a: Action) -> bool:
    from ..rules.board import board

    if a.kind != "offer":
        return False
    b = board(s)
    m, slot = a.args[0].split(".")
    return b.comp.markets[b.market_index[m]].offers[int(slot)].receive == "wheat"


def _enemies(s: State, p: int, a: Action) -> int:
    from ..rules.board import board

    return s.units[board(s).area_index[a.args[0]]][1 - p]


def _home(s: State, p: int, a: Action) -> bool:
    from ..rules.board import board

    return board(s).area_index[a.args[0]] == board(s).home[p]


def play_out(s: State, policy: Policy, rng: random.Random, *, checked: bool = True, max_decisions: int = 100_000):
    """Play to the end with ``policy`` for both sides and ``rng`` for chance; return (final state, decisions)."""
    step = apply if checked else apply_unchecked
    n = 0
    while not s.is_terminal:
        a = sample_chance(s, rng) if s.is_chance else policy(s, rng)
        s = step(s, a)
        n += 1
        if n > max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
    return s, n
