"""The Board widget: the map of a Game or a State; clicks become decisions, checked by the kernel.

    board = Board(game)                    # plays into the record
    board = Board(state)                   # a free-standing position
    board = Board(game, viewer="athens")   # hides what only Sparta may see

A board on a Game shows its own node of the record: the one current when it was made, until you play
on it (clicks extend the record from that node, and the Game's current node follows) or call
:meth:`Board.goto`. Later cells that play or step in the Game do not move it.

Intents from the browser (``{"kind": ..., "rev": n, ...}``): ``choose`` (``action``: notation),
``click`` (``target``: "area:<id>", "polis:<id>", "offer:<id>"), ``why`` (``target``: explain what
forbids it). Anything else, or anything made on an older view, is refused visibly and changes nothing.
"""
from __future__ import annotations

import traitlets

from ..record import Game
from ..render.text import describe
from ..render.viewmodel import board_view, view_svg
from ..rules import State
from .base import IntentWidget
from .control import Controller

KINDS = {"choose": ("action",), "click": ("target",), "why": ("target",)}


class Board(IntentWidget):
    _kind = traitlets.Unicode("board").tag(sync=True)
    KINDS = KINDS

    def __init__(self, source: Game | State, *, viewer: str | None = None, **kwargs):
        self._ctl = Controller(source, viewer)  # validates before the widget exists
        super().__init__(**kwargs)
        self._refresh()

    @property
    def game(self) -> Game | None:
        return self._ctl.game

    @property
    def state(self) -> State:
        """The position shown."""
        return self._ctl.state

    @property
    def node(self):
        """The record's node shown (None on a State)."""
        return self._ctl.node

    def goto(self, node=None) -> None:
        """Show ``node`` of the record (by default the Game's current node); the Game's current node
        follows. The one way for Python to move a board."""
        if self.game is None:
            raise ValueError("a Board on a State has no record to move in")
        self._ctl.goto(self.game.node if node is None else node)
        self._refresh()

    @property
    def svg(self) -> str:
        """The board as drawn now (one SVG document)."""
        return view_svg(self.view)

    def describe(self) -> str:
        """The board as plain text (for terminals and screen readers)."""
        return describe(self.state, marks=self._ctl.marks())

    def refresh(self) -> None:
        """Redraw the node shown (e.g. after marks were added from Python); it stays at its node: to
        show another one, use :meth:`goto`."""
        self._refresh()

    def _refresh(self, explanation=None, note: str = "") -> None:
        note = self._ctl.check_node() or note
        self._rev += 1
        self.view = board_view(self.state, viewer=self._ctl.viewer, marks=self._ctl.marks(),
                               explanation=explanation, rev=self._rev, note=note)

    def _act(self, intent: dict):
        return self._ctl.act(intent)

    def __repr__(self) -> str:
        s = self.state
        src = "game" if self.game is not None else "state"
        who = f", viewer={self._ctl.viewer}" if self._ctl.viewer else ""
        return f"Board({src}, ply {s.ply}{who}: {self.view.get('prompt', '')})"
