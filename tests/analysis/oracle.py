"""An exact solver for small end games, used only by the tests of the analysis engine.

Depth-first expectimax over the kernel and nothing else: the side we solve for takes its best
choice, the opponent the worst for it, a chance step weighs each outcome with its exact probability,
and a finished game is worth 1 (won), 1/2 (shared result) or 0 (lost). Values are exact
``Fraction``s; equal States (they are hashable) are solved once. Hidden information is not modelled:
the solver sees every card, so only a choice with nothing hidden below it gets its true value. More
than ``limit`` distinct positions raise :class:`TooBig` instead of running on.

A value of 1/2 is a *sure* shared result when best play can reach it without averaging over chance:
some line of best play ends in a shared result at every chance outcome (:meth:`Oracle.sure`; a
coin toss between a win and a loss is worth 1/2 too, but is not sure). With ``seen_by`` set, a
position where a battle hand is hidden from that side raises :class:`Hidden`: below it the oracle's
value (which sees every card) need not be the value for that side.
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


class Hidden(RuntimeError):
    """The tree below the position holds a battle hand that the side asked about cannot see."""


class Oracle:
    """Values for ``side`` ("athens" or "sparta"), remembered across calls (one table per side).
    ``seen_by`` ("athens" or "sparta"): refuse (:class:`Hidden`) positions with a battle hand
    hidden from that side."""

    def __init__(self, side: str, limit: int = 200_000, seen_by: str | None = None):
        self.side, self.limit = side, limit
        self.memo: dict[pn.State, tuple[Fraction, bool]] = {}
        self.blind = None if seen_by is None else 1 - ("athens", "sparta").index(seen_by)

    def value(self, s: pn.State) -> Fraction:
        return self._solve(s)[0]

    def sure(self, s: pn.State) -> bool:
        """Whether ``s`` is a sure shared result: worth 1/2, reached without averaging over chance."""
        v, sure = self._solve(s)
        return v == HALF and sure

    def _solve(self, s: pn.State) -> tuple[Fraction, bool]:
        """(value, whether some line of best play reaches that value at every chance outcome)."""
        got = self.memo.get(s)
        if got is not None:
            return got
        if len(self.memo) >= self.limit:
            raise TooBig(f"more than {self.limit} positions below the one asked about")
        bt = s.battle
        if self.blind is not None and bt is not None and sum(bt.hands[self.blind]) > 0:
            raise Hidden("a battle hand is hidden below the position asked about")
        if s.outcome is not None:
            w = s.outcome.winner
            got = (HALF if w is None else Fraction(int(w == self.side))), True
        elif s.is_chance:
            parts = [(p, self._solve(apply_unchecked(s, a))) for a, p in pn.chance_outcomes(s)]
            v = sum((p * x[0] for p, x in parts), Fraction(0))
            got = v, all(x[0] == v and x[1] for _, x in parts)
        else:
            kids = [self._solve(apply_unchecked(s, a)) for a in pn.legal_actions(s)]
            v = (max if s.current_player == self.side else min)(x[0] for x in kids)
            got = v, any(x[0] == v and x[1] for x in kids)
        self.memo[s] = got
        return got


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
