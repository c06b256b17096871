"""Scores and the outcome of a finished game."""
from __future__ import annotations

from .topology import topology_of
from .state import Outcome, State


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
        w = "athens" if a > sp else "sparta"
        return Outcome(w, (a, sp), f"{w.capitalize()} has the higher score", ("end.score",))
    ga, gs = sum(s.goods[0]), sum(s.goods[1])
    if ga != gs:
        w = "athens" if ga > gs else "sparta"
        return Outcome(w, (a, sp), f"scores are equal; {w.capitalize()} has more goods left ({max(ga, gs)} to "
                       f"{min(ga, gs)})", ("end.score", "end.tie-break"))
    return Outcome(None, (a, sp), "scores and goods left are equal", ("end.score", "end.tie-break"))


def outcome(s: object) -> Outcome | None:
    """How the game ended (winner, scores, reason and rule ids), or None while it goes on."""
    if not isinstance(s, State):
        raise TypeError(f"outcome needs a State, not {type(s).__name__}")
    return s.outcome

