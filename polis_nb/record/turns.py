"""How a line of decisions falls into turns: the one place that decides where a player's turn starts,
what its label is (``3.A2``: round 3, Athens' second turn, as the ``.polis`` format writes it) and what
lies between turns (the draws that open a round, a battle, the end of a round).

A reader steps through a record by these *steps*; each is a run of consecutive decisions on one line:

``turn``
    a player's turn: the action (or two) with all their sub-decisions and the chance steps they
    cause (a die, a market roll); after the other side passed, every further action of the side
    acting alone stays in the same turn, as the kernel keeps it. A free action (the second
    edition's ransom) takes no action slot and opens no turn.
``round-start``
    the project tiles and the event drawn as a round begins (and, in the second edition, the
    project draft).
``battle``
    one battle, from the first card dealt to its end.
``round-end``
    the end of a round: feeding, growth, Phoros and the rest.

Everything here is computed from the positions the nodes hold; nothing is stored in the record.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rules import PLAYERS, board, edition_of
from .node import Node

#: the kind of step a decision belongs to, by the phase of the position it is taken in
PHASE_KIND = {"start": "round-start", "actions": "turn", "battles": "battle", "roundend": "round-end"}
KINDS = ("turn", "round-start", "battle", "round-end")


@dataclass(frozen=True)
class Turn:
    """A step of a line: round label, player, the player's turn number in that round, first node,
    and its ``kind`` (``turn``; with ``Game.turns(every_step=True)`` also ``round-start``,
    ``battle`` and ``round-end``, whose ``player`` is ``""`` and ``number`` 0). A turn that was
    already under way where the record starts (a record from a position) has the number 0."""

    round: str
    player: str
    number: int
    node: Node
    kind: str = "turn"

    @property
    def label(self) -> str:
        """``3.A2`` for Athens' second turn in round 3 (the ``.polis`` label without its final dot);
        ``""`` for the other kinds of step and for a turn whose start the record does not hold."""
        if self.kind != "turn" or not self.number:
            return ""
        return f"{self.round}.{self.player[0].upper()}{self.number}"

    def __str__(self) -> str:
        if self.kind == "turn":
            return f"round {self.round}, {self.player.capitalize()} turn {self.number}"
        return {"round-start": f"the start of round {self.round}", "battle": f"a battle in round {self.round}",
                "round-end": f"the end of round {self.round}"}.get(self.kind, self.kind)


def kind_of(node: Node) -> str:
    """The kind of step the decision at ``node`` belongs to (see the module docstring)."""
    assert node.parent is not None, "the start of the game is no decision"
    return PHASE_KIND.get(node.parent.state.phase, "turn")


def turn_start(node: Node) -> bool:
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


def starts_step(node: Node) -> bool:
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


def step_first(node: Node) -> Node:
    """The first decision of the step that holds ``node`` (on its line)."""
    n = node
    while n.parent is not None and not starts_step(n):
        n = n.parent
    return n


def step_last(node: Node) -> Node:
    """The last decision of the step that holds ``node``, following the main continuation."""
    n = node
    while n.variations and not starts_step(n.variations[0]):
        n = n.variations[0]
    return n


@dataclass
class StepInfo:
    """What the index knows of one node: the step it belongs to on its line."""

    first: Node  # the step's first node (an ancestor, or the node itself)
    kind: str
    round: str  # the round's label ("3", "5a", "alpha")
    player: int | None  # the side whose turn it is (turns only)
    number: int  # the side's turn number in the round (turns only; 0 if unknown)

    def turn(self) -> Turn:
        return Turn(self.round, PLAYERS[self.player] if self.player is not None else "", self.number, self.first,
                    self.kind)


def index_steps(root: Node) -> dict[int, StepInfo]:
    """``{id(node): StepInfo}`` for every decision below ``root``, in one walk of the tree (a turn is
    numbered by the turns of its side in its round on the line that leads to it)."""
    out: dict[int, StepInfo] = {}
    # (node, counts of turns per (round, player) on the line up to and including it)
    stack: list[tuple[Node, dict]] = [(root, {})]
    while stack:
        n, counts = stack.pop()
        for child in reversed(n.variations):
            c = counts
            if starts_step(child):
                ps = child.parent.state  # type: ignore[union-attr]
                k = kind_of(child)
                label = board(ps).comp.rounds[ps.round].label
                player, number = None, 0
                if k == "turn":
                    player = ps.pending.player
                    if turn_start(child):
                        key = (ps.round, player)
                        c = dict(counts)
                        c[key] = number = counts.get(key, 0) + 1
                info = StepInfo(child, k, label, player, number)
            else:
                info = out[id(n)]
            out[id(child)] = info
            stack.append((child, c))
    return out


def line_steps(nodes: list[Node]) -> list[Turn]:
    """The steps of a line given as ``[root, first decision, ...]`` (each node the parent of the next)."""
    out: list[Turn] = []
    counts: dict[tuple[int, int], int] = {}
    for n in nodes[1:]:
        if not starts_step(n):
            continue
        ps = n.parent.state  # type: ignore[union-attr]
        k = kind_of(n)
        label = board(ps).comp.rounds[ps.round].label
        if k != "turn":
            out.append(Turn(label, "", 0, n, k))
            continue
        p = ps.pending.player
        number = 0
        if turn_start(n):
            key = (ps.round, p)
            counts[key] = number = counts.get(key, 0) + 1
        out.append(Turn(label, PLAYERS[p], number, n))
    return out
