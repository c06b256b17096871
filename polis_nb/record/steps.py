"""Where a decision stands among the steps of its line (a turn, the start of a round, a battle, the
end of a round; see :mod:`.turns`): the rules that cut a line into steps, and a step's title in words.

The functions take record nodes (:class:`~.node.Node`, which imports this module for its repr, so
it is not named here) and read only their positions and parents.
"""
from __future__ import annotations

from typing import Any

from ..i18n import message
from ..rules import PLAYERS, State, topology_of, edition_of
from .words import say

Decision = Any  # a record Node

#: the kind of step a decision belongs to, by the phase of the position it is taken in
PHASE_KIND = {"start": "round-start", "actions": "turn", "battles": "battle", "roundend": "round-end"}
KINDS = ("turn", "round-start", "battle", "round-end")


def kind_of(node: Decision) -> str:
    """The kind of step the decision at ``node`` belongs to (see the module docstring)."""
    assert node.parent is not None, "the start of the game is no decision"
    return PHASE_KIND.get(node.parent.state.phase, "turn")


def turn_start(node: Decision) -> bool:
    """Whether the decision at ``node`` opens a player's turn: the first action of the turn (or a
    pass instead of it). A free action (Ed2's ransom) leaves the turn's action slots empty, so the
    next action after it is no new turn."""
    if node.parent is None:
        return False
    ps = node.parent.state
    if ps.pending.kind != "turn" or ps.turn_actions or ps.phase != "actions":
        return False
    free = edition_of(ps).free_actions
    if not free:
        return True
    # the turn decision before this one, if it belongs to the same stretch of actions
    m = node.parent
    while m.parent is not None:
        ms = m.parent.state
        if ms.phase != "actions":
            return True
        if ms.pending.kind == "turn":
            return not (ms.pending.player == ps.pending.player and ms.round == ps.round
                        and not ms.turn_actions and m.action is not None and m.action.kind in free)
        m = m.parent
    return True


def starts_step(node: Decision) -> bool:
    """Whether the decision at ``node`` opens a new step: the record's first decision, a new turn, a
    change of kind (the round ends, a battle begins ...), or a battle in another area."""
    if node.parent is None:
        return False
    if node.parent.parent is None or turn_start(node):
        return True
    k = kind_of(node)
    if k != kind_of(node.parent):
        return True
    if k == "battle":
        a, b = node.parent.state.battle, node.parent.parent.state.battle
        return a is not None and b is not None and a.area != b.area
    return False


def step_first(node: Decision) -> Decision:
    """The first decision of the step that holds ``node`` (on its line)."""
    n = node
    while n.parent is not None and not starts_step(n):
        n = n.parent
    return n


def step_last(node: Decision) -> Decision:
    """The last decision of the step that holds ``node``, following the main continuation."""
    n = node
    while n.variations and not starts_step(n.variations[0]):
        n = n.variations[0]
    return n


STEP_TITLES = {
    "turn": message("step.turn", "Round {round} · {side}, turn {n}"),
    "turn-unnumbered": message("step.turn-unnumbered", "Round {round} · {side:gen} turn"),
    "round-start": message("step.round-start", "Round {round} begins"),
    "battle": message("step.battle", "Round {round} · a battle"),
    "round-end": message("step.round-end", "End of round {round}"),
    "": message("step.round", "Round {round}"),
}


def step_title(kind: str, round_name: str, player: str = "", number: int = 0, components: str | None = None) -> str:
    """A step in words, as the widgets head it: "Round 3 · Athens, turn 2" ("Round 4 · Sparta's turn"
    for a turn whose start the record does not hold), "Round 4 begins", "Round 5β · a battle", "End
    of round 3", in the current language. ``round_name``: the round's label ("5b", named as the
    component set ``components`` and each language name it) or its name as shown ("5β")."""
    key = ("turn" if number else "turn-unnumbered") if kind == "turn" else kind if kind in STEP_TITLES else ""
    return say(STEP_TITLES[key], {"round": round_name, "side": player, "n": number}, components)


def title_at(s: State, kind: str, player: str = "", number: int = 0) -> str:
    """:func:`step_title` of a step at position ``s`` (of its round)."""
    return step_title(kind, topology_of(s).comp.rounds[s.round].label, player, number, s.components)


def step_of(node: Decision) -> tuple[Decision, str, str, int]:
    """(first decision, kind, player, number) of the step that holds the decision at ``node``,
    numbered as on its line (the player and number of a turn, as :func:`.turns.line_steps` gives
    them, counted from the decisions of its own round; "" and 0 for the other kinds)."""
    first = step_first(node)
    ps = first.parent.state
    k = kind_of(first)
    if k != "turn":
        return first, k, "", 0
    p = ps.pending.player
    number = 0
    if turn_start(first):
        number = 1
        m = first.parent
        while m is not None and m.parent is not None and m.parent.state.round == ps.round:
            if m.parent.state.pending.player == p and turn_start(m):
                number += 1
            m = m.parent
    return first, k, PLAYERS[p], number


def node_title(node: Decision) -> str:
    """The title of the step that holds the decision at ``node`` ("Round 3 · Sparta, turn 1")."""
    first, kind, player, number = step_of(node)
    return title_at(first.parent.state, kind, player, number)
