"""The Viewer widget: step through a record, its variations and commentary; annotate it; or play
on from any node.

Intents (``{"kind": ..., "rev": n, ...}``): ``goto`` (``node``), ``nav`` (``dir``: back, forward,
start, end, up, down), ``comment`` (``node``, ``text``, optional ``before``), ``glyph`` (``node``,
``glyph``: toggles), ``clear`` (``node``: remove its marks), ``mode`` (``mode``: view, play, draw),
``analyse`` (the engine panel for the position shown), ``chart`` (``node``: go to a decision of the
game's review, a point of its win-chance chart), and in play mode ``choose`` / ``click`` / ``why`` as
on the Board; in draw mode ``click`` draws: two different places make an arrow, the same place twice a
highlight.

A reviewed record (after ``g.review(...)``, or loaded from a file saved after one: see
``g.review_result()``) shows its review above the map: accuracy per side, the win-chance chart (click a
point to go to that decision) and the marked decisions; their glyphs (?!, ?, ??) stand in the record.

The viewer shows its own node of the record: the one current when it was made, until you step,
click or play in it (the Game's current node then follows it) or call :meth:`Viewer.goto`. Later
cells that play or step in the Game do not move it; :meth:`Viewer.refresh` redraws it where it is.
"""
from __future__ import annotations

import traitlets

from ..record import GLYPHS, Game, RecordError
from ..render.playview import review_view
from ..render.recordview import node_ids, viewer_view
from ._assets import css, esm
from .base import IntentWidget
from .control import Controller, place_problem
from .engine import Engine
from .intents import IntentError, node_index, text_problem
from .reviews import StoredReview

KINDS = {"goto": ("node",), "nav": ("dir",), "comment": ("node",), "glyph": ("node", "glyph"),
         "clear": ("node",), "mode": ("mode",), "choose": ("action",), "click": ("target",),
         "why": ("target",), "analyse": (), "chart": ("node",)}
MODES = ("view", "play", "draw")
MAX_COMMENT = 10_000


class Viewer(IntentWidget):
    _kind = traitlets.Unicode("viewer").tag(sync=True)
    _esm, _css = esm("viewer"), css("viewer")  # widgets/core.js + widgets/viewer.js (and the .css)
    KINDS = KINDS
    REFUSED = (IntentError, RecordError)

    def __init__(self, game: Game, *, mode: str = "view", viewer: str | None = None, **kwargs):
        if not isinstance(game, Game):
            raise TypeError(f"Viewer shows a Game, not {type(game).__name__}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        self._ctl = Controller(game, viewer)
        super().__init__(**kwargs)
        self.game = game
        self._mode = mode
        self._arrow_from: str | None = None
        self._engine = Engine()
        self._reviews = StoredReview()
        self._refresh()

    @property
    def mode(self) -> str:
        return self._mode

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
        view = viewer_view(self.game, mode=self._mode, rev=self._rev, viewer=self._ctl.viewer, note=note,
                           explanation=explanation, arrow_from=self._arrow_from, node=self._ctl.node,
                           engine=self._engine.view(s), engine_marks=self._engine.marks(s))
        view["review"] = review_view(self.review, current=view["current"])
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
        if kind == "analyse":
            note = self._engine.run(self._ctl.state)
            if note:
                return None, note
        elif kind == "goto":
            self._ctl.goto(self._node(intent["node"]))
        elif kind == "chart":
            r = self.review
            if r is None:
                raise IntentError("this record holds no review: run g.review(...) first, then refresh the viewer")
            if intent["node"] not in {d.node_id for d in r.decisions}:
                raise IntentError(f"{intent['node']} is no decision of the review (its chart has "
                                  f"{len(r.decisions)} points)")
            self._ctl.goto(self._node(intent["node"]))
        elif kind == "nav":
            self._nav(intent["dir"])
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
        elif self._mode == "draw" and kind == "click":
            return self._draw(intent["target"])
        elif self._mode == "play":
            return self._ctl.act(intent)
        else:
            raise IntentError(f"{kind!r} needs play mode (now {self._mode})")
        return None, ""

    def _nav(self, direction: str) -> None:
        n = self._ctl.node
        if direction == "back":
            to = n.parent
        elif direction == "forward":
            to = n.next()
        elif direction == "start":
            to = self.game.root
        elif direction == "end":
            to = n.end()
        elif direction in ("up", "down"):
            if n.parent is None:
                return
            sib = n.parent.variations
            k = sib.index(n) + (-1 if direction == "up" else 1)
            to = sib[k] if 0 <= k < len(sib) else None
        else:
            raise IntentError(f"unknown direction {direction!r}")
        if to is not None:
            self._ctl.goto(to)

    def _draw(self, target: str):
        bad = place_problem(self._ctl.state, target)
        if bad is not None:
            raise IntentError(bad)
        kind, _, ident = target.partition(":")
        if kind == "offer":
            raise IntentError("arrows and highlights go on areas, poleis and markets, not on one offer")
        if self._arrow_from is None:
            self._arrow_from = ident
            return None, f"Arrow from {ident}: click where it points (the same place again highlights it)"
        start, self._arrow_from = self._arrow_from, None
        if start == ident:
            self.game.highlight(ident, node=self._ctl.node)
        else:
            self.game.arrow(start, ident, node=self._ctl.node)
        return None, ""

    def __repr__(self) -> str:
        s = self._ctl.state
        return f"Viewer(mode={self._mode}, ply {s.ply}, {len(self._nodes)} nodes: {self.view['board']['prompt']})"
