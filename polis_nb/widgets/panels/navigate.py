"""The navigate panel of the Viewer: where the record is shown and how one walks it. ``goto`` (``node``),
``nav`` (``dir``: back, forward, start, end, up, down; optional ``by``: turn or decision, else the
Viewer's own), ``steps`` (``by``: how far ← / → go) and ``mode`` (``mode``: view, play, draw, lesson: what
the map's clicks do). With ``by`` "turn", back and forward go to the end of the step before or after (a
turn, a battle ...), and up / down switch to another variation of the step shown; in a lesson, forward
and end stop before an open question, and nothing past it can be reached. Its slice of the view is the
record (:func:`...render.recordview.record_view`): the rows, the step and the decision shown, the turn."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...record import Node
from ...record.turns import step_first, step_last
from ...render.recordview import STEPS, node_ids, record_view
from ...i18n import message, plural
from ...render.say import say
from ..intents import IntentError, node_index, shown
from .panel import Intent, Panel

if TYPE_CHECKING:
    from ..viewer import Viewer

MODES = ("view", "play", "draw", "lesson")
DIRS = ("back", "forward", "start", "end", "up", "down")
UNKNOWN_NODE = plural("navigate.refused.unknown-node", "unknown node {node} (the record has {n} node)",
                      "unknown node {node} (the record has {n} nodes)")
STEPS_BY = message("navigate.refused.steps", "steps go by {turn} or {decision}, not {given}")
UNKNOWN_DIRECTION = message("navigate.refused.direction", "unknown direction {given}")
FIND_FIRST = message("navigate.refused.find-first", "find the decision on the board first (after a wrong try "
                                                    "you may see the answer)")
UNKNOWN_MODE = message("navigate.refused.mode", "unknown mode {given}")
PAST_QUESTION = message("navigate.refused.past-question", "that is past question {k} of the lesson: find its "
                                                          "answer first (or switch to View)")


class NavigatePanel(Panel["Viewer"]):
    name = "navigate"
    js = "makeNavigate"
    widgets = {"viewer": 10}
    intents = (Intent("goto", ("node",)), Intent("nav", ("dir",)), Intent("steps", ("by",)), Intent("mode", ("mode",)))

    def __init__(self) -> None:
        self.steps = "turn"
        self.nodes: list[Node] = []  # the record's nodes by id (n<k>), as the last view listed them
        self.words: dict = {}  # the words of the record's steps, kept between redraws

    def node(self, ident: str) -> Node:
        """The node with id ``n<k>`` (ASCII digits only) in the rows shown; IntentError otherwise."""
        k = node_index(ident)
        if k >= len(self.nodes):
            raise IntentError(say(UNKNOWN_NODE, node=repr(ident), n=len(self.nodes)))
        return self.nodes[k]

    # --- intents -------------------------------------------------------------------------------------
    def on_goto(self, ctx: Viewer, intent: dict) -> tuple[Any, str]:
        self.go(ctx, self.node(intent["node"]))
        return None, ""

    def on_nav(self, ctx: Viewer, intent: dict) -> tuple[Any, str]:
        direction, by = intent["dir"], intent.get("by", self.steps)
        if by not in STEPS:
            raise IntentError(steps_by(by))
        if direction not in DIRS:
            raise IntentError(say(UNKNOWN_DIRECTION, given=shown(direction)))
        to = self.target(ctx, direction, by)
        lesson = ctx.lesson_here()
        if to is None and direction == "forward" and lesson is not None and lesson.question(ctx.here):
            raise IntentError(say(FIND_FIRST))
        if to is not None:
            self.go(ctx, to)
        return None, ""

    def on_steps(self, ctx: Viewer, intent: dict) -> tuple[Any, str]:
        if intent["by"] not in STEPS:
            raise IntentError(steps_by(intent["by"]))
        self.steps = intent["by"]
        return None, ""

    def on_mode(self, ctx: Viewer, intent: dict) -> tuple[Any, str]:
        if intent["mode"] not in MODES:
            raise IntentError(say(UNKNOWN_MODE, given=repr(intent["mode"])))
        ctx.set_mode(intent["mode"])
        return None, ""

    # --- where a step goes ---------------------------------------------------------------------------
    def go(self, ctx: Viewer, to: Node) -> None:
        """Show ``to``; in a lesson, not past a question still open (that would give its answer away)."""
        lesson = ctx.lesson_here()
        if lesson is not None:
            k = lesson.blocked(to)
            if k:
                raise IntentError(say(PAST_QUESTION, k=k))
        ctx._ctl.goto(to)

    def target(self, ctx: Viewer, direction: str, by: str) -> Node | None:
        """Where ``nav`` in ``direction`` goes (None: nowhere); see the module's docstring."""
        n = ctx.here
        to: Node | None
        if direction == "start":
            to = ctx.record.root if n.parent is not None else None
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
            raise IntentError(say(UNKNOWN_DIRECTION, given=shown(direction)))
        lesson = ctx.lesson_here()
        if to is not None and lesson is not None and direction in ("forward", "end"):
            to = lesson.stop(n, to)
        return None if to is n else to

    @staticmethod
    def _switch(n: Node, step: int, by: str) -> Node | None:
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

    # --- the view ------------------------------------------------------------------------------------
    def prepare(self, ctx: Viewer) -> None:
        self.nodes = node_ids(ctx.record)

    def view(self, ctx: Viewer) -> dict[str, Any]:
        lesson = ctx.lesson_here()
        return record_view(ctx.record, mode=ctx.mode, rev=ctx.rev, viewer=ctx._ctl.viewer, node=ctx.here,
                           steps=self.steps, nav={d: self.target(ctx, d, self.steps) is not None for d in DIRS},
                           cache=self.words, horizon=lesson.horizon(ctx.here) if lesson is not None else None)


def steps_by(given: object) -> str:
    """The refusal of ``given`` as how far a step goes (the ways are the protocol's words)."""
    turn, decision = STEPS
    return say(STEPS_BY, turn=turn, decision=decision, given=shown(given))
