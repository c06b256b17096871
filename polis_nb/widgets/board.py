"""The Board widget: the map of a Game or a State; clicks become decisions, checked by the kernel.

    board = Board(game)                    # plays into the record
    board = Board(state)                   # a free-standing position
    board = Board(game, viewer="athens")   # hides what only Sparta may see
    board = Board(game, opponent="sensible", side="athens")  # a whole game against a bot, with undo

A board on a Game shows its own node of the record: the one current when it was made, until you play
on it (clicks extend the record from that node, and the Game's current node follows) or call
:meth:`Board.goto`. Later cells that play or step in the Game do not move it.

Against a bot (``opponent``: "random", "sensible", "greedy" or "search"; ``side``: the side the user
plays), the bot answers every decision of the user until the user is to decide again; on a Game its
decisions go into the record. The engine panel evaluates the position shown on request
(:mod:`.engine`).

Intents from the browser (``{"kind": ..., "rev": n, ...}``): ``choose`` (``action``: notation),
``click`` (``target``: "area:<id>", "polis:<id>", "offer:<id>"), ``why`` (``target``: explain what
forbids it), ``analyse`` (run the engine here), ``opponent`` (``bot``, ``side``), ``undo`` (back to
the position before the user's last decision). Anything else, or anything made on an older view, is
refused visibly and changes nothing.
"""
from __future__ import annotations

import traitlets

from ..record import Game
from ..render.text import describe
from ..render.viewmodel import board_view, view_svg
from ..rules import State
from .base import IntentWidget
from .control import Controller
from .engine import Engine
from .intents import IntentError
from .opponent import BOTS, Opponent, undo_target

KINDS = {"choose": ("action",), "click": ("target",), "why": ("target",), "analyse": (), "opponent": ("bot", "side"),
         "undo": ()}


class Board(IntentWidget):
    _kind = traitlets.Unicode("board").tag(sync=True)
    KINDS = KINDS

    def __init__(self, source: Game | State, *, viewer: str | None = None, opponent: str = "none",
                 side: str = "athens", **kwargs):
        self._ctl = Controller(source, viewer)  # validates before the widget exists
        self._opp = Opponent(opponent, side)
        self._engine = Engine()
        super().__init__(**kwargs)
        self._opp.reply(self._ctl)  # the bot moves first when its side is to decide
        self._refresh()

    @property
    def opponent(self) -> Opponent:
        """The bot playing against the user (``opponent.active`` is False when there is none)."""
        return self._opp

    def play_against(self, bot: str, side: str = "athens") -> None:
        """Play ``side`` against ``bot`` from here ("none": both sides are yours again)."""
        self._opp = Opponent(bot, side)
        self._opp.reply(self._ctl)
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
        s = self.state
        view = board_view(s, viewer=self._ctl.viewer, marks=self._ctl.marks() + self._engine.marks(s),
                          explanation=explanation, rev=self._rev, note=note)
        view.update(engine=self._engine.view(s), opponent=self._opp.view(),
                    can_undo=self.game is not None and undo_target(self._ctl.node, self._opp) is not None)
        self.view = view

    def _act(self, intent: dict):
        kind = intent["kind"]
        if kind == "analyse":
            return None, self._engine.run(self.state)
        if kind == "opponent":
            if intent["bot"] not in dict(BOTS) or intent["side"] not in ("athens", "sparta"):
                raise IntentError(f"unknown opponent {intent['bot']!r} or side {intent['side']!r}")
            self._opp = Opponent(intent["bot"], intent["side"])
            self._opp.reply(self._ctl)
            return None, (f"You play {intent['side'].capitalize()} against the {intent['bot']} bot." if self._opp.active
                          else "No bot: you play both sides.")
        if kind == "undo":
            back = undo_target(self._ctl.node, self._opp) if self.game is not None else None
            if back is None:
                return None, "Nothing to undo here."
            self._ctl.goto(back)
            return None, "Back to before your last decision (what was played stays in the record as a line)."
        before = self.state
        explanation, note = self._ctl.act(intent)
        if self.state is not before:
            self._opp.reply(self._ctl)
        return explanation, note

    def __repr__(self) -> str:
        s = self.state
        src = "game" if self.game is not None else "state"
        who = f", viewer={self._ctl.viewer}" if self._ctl.viewer else ""
        if self._opp.active:
            who += f", {self._opp.user} against the {self._opp.bot_name} bot"
        return f"Board({src}, ply {s.ply}{who}: {self.view.get('prompt', '')})"
