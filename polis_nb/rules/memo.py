"""A small memo for answers that many rules ask for again within one position.

Listing the choices of a decision, checking whether an action is possible at all (a player acting
alone asks that once more for every good they might pay) and applying the choice ask the same
questions: which areas a unit can reach, which offers a trade ship can take. :func:`answers` is a
dict for keeping those answers. It belongs to one ``units`` tuple of a State (by identity: states
are immutable and share the tuples they do not change, so the positions that follow one another
without a unit moving share it) and is replaced by an empty one when a State with other units asks.
So it holds the answers of one board at a time and stays small.

A key must name everything else the answer depends on (the component set, the side, the fields it
reads), since several states with the same units tuple use the same dict.
"""
from __future__ import annotations

from .state import State

_memo: tuple = (None, {})  # (the units tuple the answers are for, {key: answer})


def answers(s: State) -> dict:
    """The memo dict of ``s``'s units tuple."""
    global _memo
    m = _memo
    if m[0] is not s.units:
        m = _memo = (s.units, {})
    return m[1]


def clear() -> None:
    """Forget every answer (benchmarks use it to time a search from scratch)."""
    global _memo
    _memo = (None, {})
