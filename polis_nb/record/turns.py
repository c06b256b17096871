"""How a line of decisions falls into turns: where a player's turn starts (the rules live in
:mod:`.steps`, which a Node's repr uses too), what its label is (``3.A2``: round 3, Athens' second
turn, as the ``.polis`` format writes it) and what lies between turns (the draws that open a
round, a battle, the end of a round).

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

from ..rules import PLAYERS, topology_of
from .node import Node
from .steps import (KINDS, PHASE_KIND, kind_of, starts_step, step_first, step_last, step_title, title_at,  # noqa: F401
                    turn_start)


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

    @property
    def title(self) -> str:
        """The step in words, as the widgets head it: "Round 3 · Athens, turn 2", "Round 4 begins"
        (see :func:`.steps.step_title`)."""
        ps = self.node.parent.state if self.node.parent is not None else self.node.state
        return title_at(ps, self.kind, self.player, self.number)

    def __str__(self) -> str:
        return self.title

    def __repr__(self) -> str:
        return f"<Turn {self.title}: from decision {self.node.number}>"


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
                ps = child.before
                k = kind_of(child)
                label = topology_of(ps).comp.rounds[ps.round].label
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
        ps = n.before
        k = kind_of(n)
        label = topology_of(ps).comp.rounds[ps.round].label
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
