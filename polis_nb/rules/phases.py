"""The phases of a round and the transitions between them, as a table.

A round runs ``start`` (projects drawn, the event resolved) → ``actions`` (turns) → ``battles`` after
a turn that left armies facing each other → ``actions`` … → ``roundend`` once both players passed →
the next round's ``start``, or ``over``. Each module that plays one part of a round (battles, event
cards, the round end) ends its part by naming a transition, ``phases.go("after-battle", s, p, log)``;
:mod:`.flow`, the turn structure that stands above them, fills the table with what each transition
does. So the parts need not import the flow, and a round can be followed from one file.
"""
from __future__ import annotations

from typing import Callable

from .state import State

PHASES = ("start", "actions", "battles", "roundend", "over")

#: every transition, with the arguments that follow the state and where play goes on
TRANSITIONS = {
    "begin-actions": "(log): the round's event is resolved; the start player takes the first turn",
    "after-battle": "(p, log): a battle after p's turn is over; a side may double the prestige it won "
                    "(Great Commanders), then the next battle, the next turn or the round end",
    "resume-roundend": "(log): the units an event sent abroad are back; the round-end steps go on",
    "start-round": "(log, first_passer): the next round is prepared; it begins with its projects",
}

_TABLE: dict[str, Callable[..., State]] = {}


def fill(table: dict[str, Callable[..., State]]) -> None:
    """Set what each transition does (:mod:`.flow` does, once, when it is imported)."""
    unknown = set(table) - set(TRANSITIONS)
    if unknown:
        raise ValueError(f"no such transition: {', '.join(sorted(unknown))}")
    _TABLE.update(table)


def go(transition: str, s: State, *args) -> State:
    """Play on from ``s`` through ``transition`` (see :data:`TRANSITIONS` for its arguments)."""
    try:
        step = _TABLE[transition]
    except KeyError:
        raise ValueError(f"the transition {transition!r} is not in the table (known: "
                         f"{', '.join(TRANSITIONS)}; polis_nb.rules.flow fills it)") from None
    return step(s, *args)
