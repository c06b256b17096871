"""The Viewer widget: step through a record turn by turn (or decision by decision), its variations and
commentary; annotate it; play on from any node; or take it as a guess-the-move lesson.

The map and its notes (the turn in words, the decision, comments, the record) sit side by side on a
wide output and one above the other on a narrow one. The Viewer steps a whole *step* at a time by
default: a player's turn with all its sub-decisions and chance steps ("Round 3 · Athens, turn 2"),
the draws that open a round, a battle, the end of a round (see :mod:`polis_nb.record.turns`); the
record lists one row per step, numbered like ``3.A2`` (round 3, Athens' second turn). Its decisions
come on demand: the "Decisions" switch (``steps="decision"``), or Shift + ← / → for one decision.

Intents (``{"kind": ..., "rev": n, ...}``): ``goto`` (``node``), ``nav`` (``dir``: back, forward,
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

import traitlets

from ..record import COLOURS, GLYPHS, Game, RecordError
from ..record.turns import step_first, step_last
from ..render.playview import review_view
from ..render.key import symbol_key
from ..render.recordview import STEPS, node_ids, viewer_view
from ._assets import css, esm
from .base import IntentWidget
from .control import Controller, check_place
from .engine import Engine
from .intents import IntentError, node_index, shown, text_problem
from .lesson import Lesson
from .reviews import StoredReview

KINDS = {"goto": ("node",), "nav": ("dir",), "comment": ("node",), "glyph": ("node", "glyph"),
         "clear": ("node",), "mode": ("mode",), "choose": ("action",), "click": ("target",),
         "why": ("target",), "analyse": (), "chart": ("node",), "steps": ("by",), "answer": (), "colour": ("colour",)}
MODES = ("view", "play", "draw", "lesson")
DIRS = ("back", "forward", "start", "end", "up", "down")
MAX_COMMENT = 10_000


class Viewer(IntentWidget):
    _kind = traitlets.Unicode("viewer").tag(sync=True)
    key = traitlets.List().tag(sync=True)  # the key to the map's symbols (render/key.py), sent once
    _esm, _css = esm("viewer", ("engine", "review", "key")), css("viewer")  # core.js + its panels + viewer.js
    KINDS = KINDS
    REFUSED = (IntentError, RecordError)

    def __init__(self, game: Game, *, mode: str = "view", viewer: str | None = None, steps: str = "turn",
                 lesson: bool = False, **kwargs):
        if not isinstance(game, Game):
            raise TypeError(f"Viewer shows a Game, not {type(game).__name__}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        if steps not in STEPS:
            raise ValueError(f"steps must be one of {', '.join(STEPS)} (how far a step goes)")
        if not isinstance(lesson, bool):
            raise TypeError(f"lesson must be True or False, not {type(lesson).__name__}")
        self._ctl = Controller(game, viewer)
        super().__init__(**kwargs)
        self.game = game
        self._mode = "lesson" if lesson else mode
        self._steps = steps
        self._arrow_from: str | None = None
        self._colour: str | None = None  # the colour marks are drawn in (None: green arrows, yellow highlights)
        self._engine = Engine()
        self._reviews = StoredReview()
        self._lesson = Lesson()
        self._words: dict = {}  # the words of the record's steps, kept between redraws
        if lesson:
            self._ctl.goto(game.root)  # a lesson starts at the start of the game
        self.key = symbol_key(game.root.state.components)
        self._refresh()

    @property
    def mode(self) -> str:
        return self._mode

    @property
    def steps(self) -> str:
        """How far ← / → go: "turn" (a whole step: a turn, a battle ...) or "decision"."""
        return self._steps

    @property
    def node(self):
        """The record's node shown."""
        return self._ctl.node

    def goto(self, node=None) -> None:
        """Show ``node`` of the record (by default the Game's current node); the Game's current node
        follows. The one way for Python to move a viewer."""
        self._ctl.goto(self.game.node if node is None else node)
        self._refresh()

    def refresh(self) -> None:
        """Redraw after the record was changed from Python (new comments, variations, marks); the
        viewer stays at its node."""
        self._refresh()

    def _refresh(self, explanation=None, note: str = "") -> None:
        note = self._ctl.check_node() or note
        self._rev += 1
        self._nodes = node_ids(self.game)
        s = self._ctl.state
        lesson = self._mode == "lesson"
        view = viewer_view(self.game, mode=self._mode, rev=self._rev, viewer=self._ctl.viewer, note=note,
                           explanation=explanation, arrow_from=self._arrow_from, node=self._ctl.node,
                           engine=None if lesson else self._engine.view(s),
                           engine_marks=() if lesson else self._engine.marks(s), steps=self._steps,
                           lesson=self._lesson.view(self.game, self._ctl.node) if lesson else None,
                           nav={d: self._target(d, self._steps) is not None for d in DIRS}, cache=self._words,
                           horizon=self._lesson.horizon(self._ctl.node) if lesson else None)
        view["review"] = None if lesson else review_view(self.review, current=view["current"])
        view["engine_off"] = lesson
        view["colours"] = list(COLOURS)
        view["colour"] = self._colour
        self.view = view

    @property
    def review(self):
        """The review the record holds (:meth:`polis_nb.Game.review_result`), or None."""
        return self._reviews.get(self.game)

    def _node(self, ident: str):
        """The node with id ``n<k>`` (ASCII digits only) in the rows shown; IntentError otherwise."""
        k = node_index(ident)
        if k >= len(self._nodes):
            raise IntentError(f"unknown node {ident!r} (the record has {len(self._nodes)} nodes)")
        return self._nodes[k]

    def _act(self, intent: dict):
        g = self.game
        kind = intent["kind"]
        moved = self._ctl.check_node()
        if moved:
            return None, moved  # the intent was made on a position that is gone: show where we are
        lesson = self._mode == "lesson"
        if lesson and kind in ("comment", "glyph", "clear"):
            raise IntentError("a lesson does not change the record: switch to View to annotate it")
        if lesson and kind in ("analyse", "chart"):
            raise IntentError("the engine and the review are off in a lesson: they would give the answers away")
        if kind == "analyse":
            note = self._engine.run(self._ctl.state)
            if note:
                return None, note
        elif kind == "goto":
            self._go(self._node(intent["node"]))
        elif kind == "chart":
            r = self.review
            if r is None:
                raise IntentError("this record holds no review: run g.review(...) first, then refresh the viewer")
            if intent["node"] not in {d.node_id for d in r.decisions}:
                raise IntentError(f"{intent['node']} is no decision of the review (its chart has "
                                  f"{len(r.decisions)} points)")
            self._ctl.goto(self._node(intent["node"]))
        elif kind == "nav":
            self._nav(intent["dir"], intent.get("by", self._steps))
        elif kind == "colour":
            if intent["colour"] not in COLOURS:
                raise IntentError(f"marks are drawn in {', '.join(COLOURS)}, not {shown(intent['colour'])}")
            self._colour = intent["colour"]
        elif kind == "steps":
            if intent["by"] not in STEPS:
                raise IntentError(f"steps go by {' or '.join(STEPS)}, not {shown(intent['by'])}")
            self._steps = intent["by"]
        elif kind == "comment":
            text, before = intent.get("text", ""), intent.get("before", False)
            bad = text_problem(text, MAX_COMMENT) if text != "" else None
            if bad is not None:
                raise IntentError(f"the comment {bad}")
            if not isinstance(before, bool):
                raise IntentError(f"'before' says whether the comment goes before the decision: true or false, "
                                  f"not {type(before).__name__}")
            g.comment(text, before=before, node=self._node(intent["node"]))
        elif kind == "glyph":
            node = self._node(intent["node"])
            if intent["glyph"] not in GLYPHS:
                raise IntentError(f"unknown glyph {intent['glyph']!r}")
            if intent["glyph"] in node.glyphs:
                node.glyphs.remove(intent["glyph"])
            else:
                g.glyph(intent["glyph"], node=node)
        elif kind == "clear":
            self._node(intent["node"]).marks.clear()
        elif kind == "mode":
            if intent["mode"] not in MODES:
                raise IntentError(f"unknown mode {intent['mode']!r}")
            self._mode, self._arrow_from = intent["mode"], None
        elif lesson:
            return self._lesson.act(intent, self._ctl)
        elif self._mode == "draw" and kind == "click":
            return self._draw(intent["target"])
        elif self._mode == "play" and kind != "answer":
            return self._ctl.act(intent)
        elif kind == "answer":
            raise IntentError(f"'answer' shows the answer to a question of a lesson (now {self._mode} mode)")
        else:
            raise IntentError(f"{kind!r} needs play mode (now {self._mode})")
        return None, ""

    def _go(self, to) -> None:
        """Show ``to``; in a lesson, not past a question still open (that would give its answer away)."""
        if self._mode == "lesson":
            k = self._lesson.blocked(to)
            if k:
                raise IntentError(f"that is past question {k} of the lesson: find its answer first (or switch "
                                  "to View)")
        self._ctl.goto(to)

    def _target(self, direction: str, by: str):
        """Where ``nav`` in ``direction`` goes (None: nowhere). With ``by`` "turn", back and forward go
        to the end of the step before or after (a turn, a battle ...), and up / down switch to another
        variation of the step shown; in a lesson, forward and end stop before an open question."""
        n = self._ctl.node
        if direction == "start":
            to = self.game.root if n.parent is not None else None
        elif direction == "back":
            to = n.parent if by == "decision" or n.parent is None else step_first(n).parent
        elif direction == "forward":
            nxt = n.next()
            if nxt is None:
                to = None
            elif by == "decision":
                to = nxt
            else:
                last = step_last(n)
                to = last if last is not n else step_last(nxt)
        elif direction == "end":
            to = n.end() if n.variations else None
        elif direction in ("up", "down"):
            to = self._switch(n, -1 if direction == "up" else 1, by)
        else:
            raise IntentError(f"unknown direction {shown(direction)}")
        if to is not None and self._mode == "lesson" and direction in ("forward", "end"):
            to = self._lesson.stop(n, to)
        return None if to is n else to

    def _switch(self, n, step: int, by: str):
        """The variation beside the one shown: beside ``n`` itself, or (by turn) beside the nearest
        decision of the step shown that has alternatives, then to the end of that step."""
        m = n
        first = step_first(n) if n.parent is not None and by == "turn" else n
        while m.parent is not None:
            sib = m.parent.variations
            if len(sib) > 1:
                k = sib.index(m) + step
                if not 0 <= k < len(sib):
                    return None
                return step_last(sib[k]) if by == "turn" else sib[k]
            if m is first or by == "decision":
                return None
            m = m.parent
        return None

    def _nav(self, direction: str, by) -> None:
        if by not in STEPS:
            raise IntentError(f"steps go by {' or '.join(STEPS)}, not {shown(by)}")
        if direction not in DIRS:
            raise IntentError(f"unknown direction {shown(direction)}")
        to = self._target(direction, by)
        if to is None and direction == "forward" and self._mode == "lesson" and self._lesson.question(self._ctl.node):
            raise IntentError("find the decision on the board first (after a wrong try you may see the answer)")
        if to is not None:
            self._go(to)

    def _draw(self, target: str):
        check_place(self._ctl.state, target)
        kind, _, ident = target.partition(":")
        if kind == "offer":
            raise IntentError("arrows and highlights go on areas, poleis and markets, not on one offer")
        if self._arrow_from is None:
            self._arrow_from = ident
            return None, f"Arrow from {ident}: click where it points (the same place again highlights it)"
        start, self._arrow_from = self._arrow_from, None
        if start == ident:
            self.game.highlight(ident, self._colour or "yellow", node=self._ctl.node)
        else:
            self.game.arrow(start, ident, self._colour or "green", node=self._ctl.node)
        return None, ""

    def __repr__(self) -> str:
        s = self._ctl.state
        steps = "" if self._steps == "turn" else ", steps=decision"
        return (f"Viewer(mode={self._mode}{steps}, decision {s.ply + 1}, {len(self._nodes)} nodes: "
                f"{self.view['board']['prompt']})")
