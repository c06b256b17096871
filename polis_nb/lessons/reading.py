"""Reading a long record the way notebook 11 does: find a decision, narrate it, annotate it, picture
it, and weigh it with playouts."""
from __future__ import annotations

import random
from typing import Iterable

from ..analysis import play_out, sensible_policy
from ..record import Game, Node
from ..render import svg
from ..render.text import action_words, plain
from ..rules import topology_of, outcome


class GameReader:
    """Helpers bound to one record ``game`` and its main line up to ``end`` (the main line's last node
    by default). ``playout_seed`` pins the generators of :meth:`playouts`.

        reader = GameReader(g, playout_seed=2291)
        find, show, note = reader.find, reader.show, reader.note
    """

    def __init__(self, game: Game, end: Node | None = None, *, playout_seed: int = 0):
        self.game = game
        self.end = end if end is not None else game.root.end()
        self.playout_seed = playout_seed
        self._rounds = topology_of(game.root.state).comp.rounds

    def round_of(self, node: Node) -> str:
        """The label of the round in which the decision of ``node`` was taken ("3", "4", "5a", "5b")."""
        return self._rounds[node.before.round].label

    def find(self, decision: str, round_label: str, after: str | None = None, nth: int = 1) -> Node:
        """The ``nth`` decision ``decision`` of the main line in this round (optionally the one right
        after the decision ``after``)."""
        hits = [n for n in self.end.path()[1:] if str(n.action) == decision and self.round_of(n) == round_label
                and (after is None or (n.parent is not None and str(n.parent.action) == after))]
        return hits[nth - 1]

    def show(self, node: Node, count: int = 1) -> None:
        """Print ``count`` decisions from ``node`` on: who decided what, in words, and what the kernel
        logged."""
        at: Node | None = node
        for _ in range(count):
            if at is None:  # the main line ends sooner
                break
            before = at.before
            who = "chance" if before.is_chance else before.current_player.capitalize()
            print(f"Round {self._rounds[before.round].name}, {who}: {action_words(before, at.decision)}")
            for entry in at.state.log:
                print("    " + plain(str(entry), before.components))
            at = at.next()

    def note(self, node: Node, text: str, glyph: str | None = None, arrows: Iterable[tuple[str, str]] = (),
             highlight: Iterable[str] = ()) -> None:
        """Write a note into the record at ``node``: a comment, and a glyph, blue arrows and red
        highlights if given (notebook 12 explains these calls)."""
        if glyph:
            self.game.glyph(glyph, node=node)
        self.game.comment(text, node=node)
        for a, b in arrows:
            self.game.arrow(a, b, "blue", node=node)
        for place in highlight:
            self.game.highlight(place, "red", node=node)

    def picture(self, node: Node) -> None:
        """Display the board after ``node``, with its marks."""
        from IPython.display import SVG, display

        display(SVG(svg(node.state, marks=tuple(node.marks))))

    def playouts(self, node: Node, n: int = 40) -> int:
        """Athens' wins in ``n`` games played on from ``node`` by today's ``sensible_policy``, each with
        its own pinned generator (``playout_seed + 10``, ``+ 11``, ...)."""
        ends = [outcome(play_out(node.state, sensible_policy, random.Random(self.playout_seed + k))[0])
                for k in range(10, 10 + n)]
        return sum(end is not None and end.winner == "athens" for end in ends)
