"""The Board widget: the map of a Game or a State; clicks become decisions, checked by the kernel.

    board = Board(game)                    # plays into the record
    board = Board(state)                   # a free-standing position
    board = Board(game, viewer="athens")   # hides what only Sparta may see
    board = Board(game, opponent="search", side="athens")  # a whole game against a bot, with undo

A board on a Game shows its own node of the record: the one current when it was made, until you play
on it (clicks extend the record from that node, and the Game's current node follows) or call
:meth:`Board.goto`. Later cells that play or step in the Game do not move it.

**Against a bot** (``opponent``: "random", "sensible", "greedy" or "search"; ``side``: the side the
user plays), the bot answers every decision of the user until the user is to decide again (its
*reply*, :mod:`.opponent`); on a Game its decisions go into the record. The reply is named above the
map, one sentence per action ("Sparta moved 3 hoplites from Lakedaimon to Arkadia"), and marked on
it (an arrow for a move, a ring around the places it acted on). The search bot thinks in the
background (``threaded``: None, the default, does so for the search bot only, and for the review;
False answers before the intent returns, as scripts and tests want): the widget says "Sparta is
thinking…" with a Cancel button, and the kernel stays free for that click. The background is a
thread, or, in a Python where none can start (the offline site's, Pyodide), slices of the search on
the event loop, a wave at a time (:mod:`.background`). A reply is played only if the position is
still the one the bot searched: undo, another opponent or a new game while it thinks throw it away.
:meth:`wait` blocks until the bot (and a running review) is done (without threads: it does the
work left at once).

**Resign** (the Resign button, then "Yes" in the question it asks): the side to decide (against a
bot: the user's side) gives up and the other side wins. On a Game the resignation goes into the
record (:meth:`polis_nb.Game.resign`: it saves with it, and ``Viewer(g)`` shows it); the position
itself goes on, so the Board refuses further choices until Undo (which takes the resignation back)
or Rematch.

**At the end of the game** the Board shows the score in words and three buttons: review the game
(``g.review`` in the background, with a bar of the decisions judged so far and a Cancel button
(:attr:`review_progress`), then accuracy per side, the marked decisions and the win-chance chart,
whose points open their decision), save the record (``game-<seed>.polis`` in ``save_dir``, by
default the working directory, never over an existing file) and a rematch (a new game, the same bot
and side, the next seed; :attr:`game` is then the new record).

The engine panel evaluates the position shown on request (:mod:`.engine`).

Intents from the browser (``{"kind": ..., "rev": n, ...}``): ``choose`` (``action``: notation),
``click`` (``target``: "area:<id>", "polis:<id>", "offer:<id>"), ``why`` (``target``: explain what
forbids it), ``analyse`` (run the engine here), ``opponent`` (``bot``, ``side``), ``undo`` (back to
the position before the user's last decision; after a resignation, take it back), ``cancel`` (stop
the bot's search: it plays the best choice found so far), ``review``, ``review-cancel`` (stop the
review running: the record stays as it was), ``save``, ``rematch``, ``resign`` (asks "Resign?"),
``resign-confirm`` (yes: the side resigns), ``decline`` (no; or "Cancel" to a question about a losing
choice), ``chart`` (``node``: a reviewed decision's id, "n<k>") and ``review-end`` (back to where the
review was asked). Anything else, or anything made on an older view, is refused visibly and changes
nothing.
"""
from __future__ import annotations

import os
import threading
import time
from typing import Any

import traitlets

from ..record import Game, Node
from ..render.text import describe
from ..i18n import message
from ..render.say import say
from ..render.viewmodel import view_svg
from ..render.widgetwords import board_words
from ..rules import State
from ._assets import css, esm
from .base import MapWidget
from .control import Controller
from .opponent import Opponent
from .panels import composition, scripts
from .panels.opponent import OpponentPanel
from .panels.play import BoardPlayPanel
from .panels.question import QuestionPanel
from .panels.review import REVIEW_BUDGET, REVIEW_SEED, GameReviewPanel

__all__ = ["Board", "REVIEW_BUDGET", "REVIEW_SEED"]

NOTHING_TO_CANCEL = message("board.refused.nothing-to-cancel", "Refused: nothing to cancel, the bot has already "
                                                               "answered.")


class Board(MapWidget):
    """The Board: a composition of panels (:mod:`.panels`), see the module's docstring."""

    _kind = traitlets.Unicode("board").tag(sync=True)
    review_progress = traitlets.Dict().tag(sync=True)  # {done, total} decisions while a review runs, else {}
    words = traitlets.Dict().tag(sync=True)  # the words of its controls (render/widgetwords.py), sent once
    PANELS = composition("board")  # the panels that name it (panels/*.py), by their place
    _esm, _css = esm("board", scripts(PANELS)), css("board")  # core.js + widgets/panels/*.js + board.js

    def __init__(self, source: Game | State, *, viewer: str | None = None, opponent: "str | Opponent" = "none",
                 side: str = "athens", threaded: bool | None = None, save_dir: Any = None, guard: bool = True,
                 language: str | None = None, **kwargs: Any) -> None:
        self._ctl = Controller(source, viewer)  # validates before the widget exists
        opp = opponent if isinstance(opponent, Opponent) else Opponent(opponent, side)
        if threaded not in (None, True, False):
            raise TypeError(f"threaded must be True, False or None, not {threaded!r}")
        if save_dir is not None and not isinstance(save_dir, (str, os.PathLike)):
            raise TypeError(f"save_dir must be a folder (str or path), not {type(save_dir).__name__}")
        if guard not in (True, False):
            raise TypeError(f"guard must be True or False, not {guard!r}")
        self._threaded = threaded
        self._save_dir = save_dir
        self._lock = threading.RLock()
        super().__init__(language=language, **kwargs)
        self._opp_panel: OpponentPanel = self.panel(OpponentPanel)
        self._review_panel = self.panel(GameReviewPanel)
        self._opp_panel.opp = opp
        if guard:
            self.panel(BoardPlayPanel).judge = self.panel(QuestionPanel).judging(self)
        self.words = board_words()
        with self._lock:
            for p in self.panels:
                p.start(self)
            self._opp_panel.start(self)  # the bot moves first when its side is to decide
            self._refresh()

    def _words(self) -> None:
        self.words = board_words()
        super()._words()

    # --- the public surface ------------------------------------------------------------------------
    @property
    def opponent(self) -> Opponent:
        """The bot playing against the user (``opponent.active`` is False when there is none)."""
        return self._opp_panel.opp

    @property
    def thinking(self) -> bool:
        """Whether the bot is working out its reply (in the background)."""
        return self._opp_panel.job is not None

    def play_against(self, bot: str, side: str = "athens") -> None:
        """Play ``side`` against ``bot`` from here ("none": both sides are yours again)."""
        with self._lock:
            self._opp_panel.opp = Opponent(bot, side)
            self._opp_panel.start(self)
            self._refresh()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the bot has answered and a running review is done (scripts and tests); False
        if ``timeout`` seconds passed first."""
        end = None if timeout is None else time.monotonic() + timeout
        for job in (self._opp_panel.job, self._review_panel.reviewing):
            if job is not None and job.runner is not None:  # (on an event loop: the work left runs now)
                job.runner.wait(None if end is None else max(0.0, end - time.monotonic()))
        return self._opp_panel.job is None and self._review_panel.reviewing is None

    def goto(self, node: Node | None = None) -> None:
        """Show ``node`` of the record (by default the Game's current node); the Game's current node
        follows. The one way for Python to move a board (a reply the bot is working out is dropped)."""
        if self.game is None:
            raise ValueError("a Board on a State has no record to move in")
        with self._lock:
            self.moved(self.game.node if node is None else node)
            self._refresh()

    def moved(self, node: Node) -> None:
        """Show ``node`` (Python or undo moved the board): the bot's reply being worked out is dropped."""
        self._opp_panel.stop()
        self._review_panel.focus = None
        self._ctl.goto(node)

    @property
    def svg(self) -> str:
        """The board as drawn now (one SVG document)."""
        return view_svg(self.view)

    def describe(self) -> str:
        """The board in words, each territory and sea in sentences with its borders (for screen readers;
        the Board's "The board in words" tab shows it)."""
        return describe(self.state, marks=self._ctl.marks(), sentences=True)

    def refresh(self) -> None:
        """Redraw the node shown (e.g. after marks were added from Python); it stays at its node: to
        show another one, use :meth:`goto`."""
        with self._lock:
            self._refresh()

    def handle_intent(self, content: Any) -> None:
        with self._lock:
            if isinstance(content, dict) and content.get("kind") == "cancel" and not self.thinking:
                # also when the click crossed the reply on its way (its revision is then an old one)
                self._show(note=say(NOTHING_TO_CANCEL))
                return
            super().handle_intent(content)

    def __repr__(self) -> str:
        s = self.state
        src = "game" if self.game is not None else "state"
        who = f", viewer={self._ctl.viewer}" if self._ctl.viewer else ""
        if self.opponent.active:
            who += f", {self.opponent.user} against the {self.opponent.bot_name} bot"
        return f"Board({src}, decision {s.ply + 1}{who}: {self.view.get('prompt', '')})"
