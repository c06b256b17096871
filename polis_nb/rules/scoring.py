"""Scores and the outcome of a finished game."""
from __future__ import annotations

from ..i18n import message
from .common import ended
from .topology import topology_of
from .state import Outcome, State

HIGHER = message("end.higher-score", "{side} has the higher score")
MORE_GOODS = message("end.more-goods", "scores are equal; {side} has more goods left ({n} to {m})")
ALL_EQUAL = message("end.all-equal", "scores and goods left are equal")


def score(s: State, p: int) -> int:
    """Cubes in own poleis + prestige + bracketed prestige of completed projects in own poleis."""
    b = topology_of(s)
    cubes = sum(n for o, n in zip(s.owner, s.pop) if o == p)
    legacy = sum(b.project_index[t].end_prestige for t, i in s.done if s.owner[i] == p)
    return cubes + s.prestige[p] + legacy


def score_parts(s: State, p: int) -> dict:
    b = topology_of(s)
    return {
        "cubes": sum(n for o, n in zip(s.owner, s.pop) if o == p),
        "prestige": s.prestige[p],
        "projects": sum(b.project_index[t].end_prestige for t, i in s.done if s.owner[i] == p),
    }


def final_outcome(s: State) -> Outcome:
    a, sp = score(s, 0), score(s, 1)
    if a != sp:
        w = 0 if a > sp else 1
        return ended(w, HIGHER, "end.score", scores=(a, sp), side=("athens", "sparta")[w])
    ga, gs = sum(s.goods[0]), sum(s.goods[1])
    if ga != gs:
        w = 0 if ga > gs else 1
        return ended(w, MORE_GOODS, "end.score", "end.tie-break", scores=(a, sp), side=("athens", "sparta")[w],
                     n=max(ga, gs), m=min(ga, gs))
    return ended(None, ALL_EQUAL, "end.score", "end.tie-break", scores=(a, sp))


def outcome(s: object) -> Outcome | None:
    """How the game ended (winner, scores, reason and rule ids), or None while it goes on."""
    if not isinstance(s, State):
        raise TypeError(f"outcome needs a State, not {type(s).__name__}")
    return s.outcome

