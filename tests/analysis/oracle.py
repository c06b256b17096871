"""An exact solver for small end games, used only by the tests of the analysis engine.

Depth-first expectimax over the kernel and nothing else: the side we solve for takes its best
choice, the opponent the worst for it, a chance step weighs each outcome with its exact probability,
and a finished game is worth 1 (won), 1/2 (shared result) or 0 (lost). Values are exact
``Fraction``s; equal States (they are hashable) are solved once. Hidden information is not modelled:
the solver sees every card, so only a choice with nothing hidden below it gets its true value. More
than ``limit`` distinct positions raise :class:`TooBig` instead of running on.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

import polis_nb as pn
from polis_nb.rules.engine import apply_unchecked

HALF = Fraction(1, 2)


class TooBig(RuntimeError):
    """The tree below the position has more positions than the limit allows."""


class Oracle:
    """Values for ``side`` ("athens" or "sparta"), remembered across calls (one table per side)."""

    def __init__(self, side: str, limit: int = 200_000):
        self.side, self.limit = side, limit
        self.memo: dict[pn.State, Fraction] = {}

    def value(self, s: pn.State) -> Fraction:
        got = self.memo.get(s)
        if got is not None:
            return got
        if len(self.memo) >= self.limit:
            raise TooBig(f"more than {self.limit} positions below the one asked about")
        if s.outcome is not None:
            w = s.outcome.winner
            v = HALF if w is None else Fraction(int(w == self.side))
        elif s.is_chance:
            v = sum((p * self.value(apply_unchecked(s, a)) for a, p in pn.chance_outcomes(s)), Fraction(0))
        else:
            vals = [self.value(apply_unchecked(s, a)) for a in pn.legal_actions(s)]
            v = max(vals) if s.current_player == self.side else min(vals)
        self.memo[s] = v
        return v


@dataclass
class Solved:
    value: Fraction  # for the side to decide at the position asked about
    nodes: int  # distinct positions solved
    seconds: float


def choice_value(s: pn.State, choice: str, limit: int = 200_000) -> Solved:
    """The exact value, for the side deciding at ``s``, of taking ``choice`` (its text) there."""
    o, t = Oracle(s.current_player, limit), time.perf_counter()
    v = o.value(pn.apply(s, choice))
    return Solved(v, len(o.memo), time.perf_counter() - t)


def choice_values(s: pn.State, choices: list[str] | None = None, limit: int = 200_000) -> dict[str, Fraction]:
    """The exact value of each choice at ``s`` (by text; all legal ones by default) for the side
    deciding, solved with one table (``limit`` counts the positions of all of them together)."""
    o = Oracle(s.current_player, limit)
    texts = [str(a) for a in pn.legal_actions(s)] if choices is None else choices
    return {t: o.value(pn.apply(s, t)) for t in texts}
