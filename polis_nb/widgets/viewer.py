"""The Viewer widget: step through a record turn by turn (or decision by decision), its variations and
commentary; annotate it; play on from any node; or take it as a guess-the-move lesson.

The map and its notes (the turn in words, the decision, comments, the record) sit side by side on a
wide output and one above the other on a narrow one. The Viewer steps a whole *step* at a time by
default: a player's turn with all its sub-decisions and chance steps ("Round 3 · Athens, turn 2"),
the draws that open a round, a battle, the end of a round (see :mod:`polis_nb.record.turns`); the
record lists one row per step, numbered like ``3.A2`` (round 3, Athens' second turn). Its decisions
come on demand: the "Decisions" switch (``steps="decision"``), or Shift + ← / → for one decision.

The Viewer is a composition of panels (:mod:`.panels`): navigate (the record, stepping it, the mode),
play, engine, review, annotate, lesson and key. Intents (``{"kind": ..., "rev": n, ...}``): ``goto`` (``node``), ``nav`` (``dir``: back, forward,
start, end, up, down; optional ``by``: turn or decision, else the Viewer's own), ``steps`` (``by``:
turn or decision), ``comment`` (``node``, ``text``, optional ``before``), ``glyph`` (``node``,
``glyph``: toggles), ``clear`` (``node``: remove its marks), ``colour`` (``colour``: green, red, blue or
yellow, the colour marks are drawn in; until one is chosen, arrows are green and highlights yellow),
``mode`` (``mode``: view, play, draw, lesson), ``analyse`` (the engine panel for the position shown), ``chart`` (``node``: go to a decision
of the game's review, a point of its win-chance chart), and in play mode ``choose`` / ``click`` /
``why`` as on the Board; in draw mode ``click`` draws: two different places make an arrow, the same
place twice a highlight.

**Lesson mode** (``Viewer(game, lesson=True)``, or the mode "lesson"): the author marked decisions of
the record as questions (:meth:`polis_nb.Game.quiz`). Stepping stops before each one, with the
position on the board and the choices of that decision offered as in play mode; the student's
``choose`` / ``click`` is checked against the record's decision (a choice that differs from it only in
how it is paid counts as found). A wrong try shows the author's hint, a second one the author's
comment, and only then may the answer be shown (``answer``). Nothing is added to the record; the list
shows the record only up to the position shown, and the engine and the review stay off, so nothing
gives the answer away.

A reviewed record (after ``g.review(...)``, or loaded from a file saved after one: see
``g.review_result()``) shows its review above the map: accuracy per side, the win-chance chart (click a
point to go to that decision) and the marked decisions; their glyphs (?!, ?, ??) stand in the record.

The viewer shows its own node of the record: the one current when it was made, until you step,
click or play in it (the Game's current node then follows it) or call :meth:`Viewer.goto`. Later
cells that play or step in the Game do not move it; :meth:`Viewer.refresh` redraws it where it is.
"""
from __future__ import annotations

from typing import Any

import traitlets

from ..i18n import message
from ..record import Game, Node, RecordError
from ..render.recordview import STEPS
from ..render.say import say
from ..render.widgetwords import viewer_words
from ._assets import css, esm
from .base import MapWidget
from .control import Controller
from .intents import IntentError
from .panels import composition, scripts
from .panels.annotate import MAX_COMMENT, AnnotatePanel
from .panels.lesson import Lesson, LessonPanel
from .panels.navigate import DIRS, MODES, NavigatePanel
from .panels.play import RecordPlayPanel
from .panels.review import ReviewPanel

__all__ = ["DIRS", "MAX_COMMENT", "MODES", "Viewer"]

NEEDS_PLAY = message("viewer.refused.needs-play", "{kind} needs play mode (now {mode})")


class Viewer(MapWidget):
    """The Viewer: a composition of panels (:mod:`.panels`), see the module's docstring."""

    _kind = traitlets.Unicode("viewer").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)  # the words of its controls (render/widgetwords.py), sent once
    PANELS = composition("viewer")  # the panels that name it (panels/*.py), by their place
    _esm, _css = esm("viewer", scripts(PANELS)), css("viewer")  # core.js + widgets/panels/*.js + viewer.js
    REFUSED = (IntentError, RecordError)

    def __init__(self, game: Game, *, mode: str = "view", viewer: str | None = None, steps: str = "turn",
                 lesson: bool = False, language: str | None = None, **kwargs: Any) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"Viewer shows a Game, not {type(game).__name__}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        if steps not in STEPS:
            raise ValueError(f"steps must be one of {', '.join(STEPS)} (how far a step goes)")
        if not isinstance(lesson, bool):
            raise TypeError(f"lesson must be True or False, not {type(lesson).__name__}")
        self._ctl = Controller(game, viewer)
        self._mode = mode
        super().__init__(language=language, **kwargs)
        self.record = game
        self.navigate = self.panel(NavigatePanel)
        self.navigate.steps = steps
        self._play = self.panel(RecordPlayPanel)
        self._play.divert = self._divert
        self.set_mode("lesson" if lesson else mode)
        if lesson:
            self._ctl.goto(game.root)  # a lesson starts at the start of the game
        self._words()
        for p in self.panels:
            p.start(self)
        self._refresh()

    @property
    def game(self) -> Game:
        """The record shown."""
        return self.record

    @property
    def mode(self) -> str:
        """What the map's clicks do: "view" (nothing), "play", "draw" (marks) or "lesson"."""
        return self._mode

    @property
    def steps(self) -> str:
        """How far ← / → go: "turn" (a whole step: a turn, a battle ...) or "decision"."""
        return self.navigate.steps

    @property
    def here(self) -> Node:
        """The record's node shown."""
        node = self._ctl.node
        assert node is not None  # (a Viewer shows a Game)
        return node

    @property
    def review(self) -> Any:
        """The review the record holds (:meth:`polis_nb.Game.review_result`), or None."""
        return self.panel(ReviewPanel).here(self)

    def set_mode(self, mode: str) -> None:
        """Switch to ``mode`` (one of :data:`MODES`): an arrow half drawn is dropped; in a lesson the
        play panel's judge is the lesson's."""
        self._mode = mode
        self.panel(AnnotatePanel).arrow_from = None
        self._play.judge = self.panel(LessonPanel).judging(self) if mode == "lesson" else None

    def lesson_here(self) -> Lesson | None:
        """The lesson, when the Viewer is in its lesson mode."""
        return self.panel(LessonPanel).lesson if self._mode == "lesson" else None

    def goto(self, node: Node | None = None) -> None:
        """Show ``node`` of the record (by default the Game's current node); the Game's current node
        follows. The one way for Python to move a viewer."""
        self._ctl.goto(self.record.node if node is None else node)
        self._refresh()

    def _words(self) -> None:
        self.words = viewer_words(MODES)
        super()._words()

    def refresh(self) -> None:
        """Redraw after the record was changed from Python (new comments, variations, marks); the
        viewer stays at its node."""
        self._refresh()

    def _act(self, intent: dict) -> tuple[Any, str]:
        moved = self._ctl.check_node()
        if moved:
            return None, moved  # the intent was made on a position that is gone: show where we are
        return super()._act(intent)

    def _divert(self, intent: dict) -> tuple[Any, str] | None:
        """The play panel's choose / click / why by mode: a lesson judges them, draw mode's clicks draw,
        play mode plays them; view mode (and draw mode but for clicks) refuses them."""
        if self._mode in ("lesson", "play"):
            return None
        if self._mode == "draw" and intent["kind"] == "click":
            return self.panel(AnnotatePanel).draw(self, intent["target"])
        raise IntentError(say(NEEDS_PLAY, kind=repr(intent["kind"]), mode=self._mode))

    def __repr__(self) -> str:
        s = self._ctl.state
        steps = "" if self.steps == "turn" else ", steps=decision"
        return (f"Viewer(mode={self._mode}{steps}, decision {s.ply + 1}, {len(self.navigate.nodes)} nodes: "
                f"{self.view['board']['prompt']})")
