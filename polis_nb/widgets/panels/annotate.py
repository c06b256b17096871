"""The annotate panel of the Viewer: ``comment`` (``node``, ``text``, optional ``before``), ``glyph``
(``node``, ``glyph``: toggles), ``clear`` (``node``: remove its marks), ``colour`` (``colour``: green,
red, blue or yellow, the colour marks are drawn in; until one is chosen, arrows are green and highlights
yellow) and the draw mode, where a click on the map draws: two different places make an arrow, the same
place twice a highlight. A lesson does not change the record: its intents are refused there."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...record import COLOURS, GLYPHS
from ..control import check_place
from ..intents import IntentError, shown, text_problem
from .panel import Intent, Panel
from ...i18n import message
from ...render.say import say

COMMENT_BAD = message("annotate.refused.comment", "the comment {problem}")
BEFORE_BAD = message("annotate.refused.before", "'before' says whether the comment goes before the decision: "
                                                "true or false, not {type}")
UNKNOWN_GLYPH = message("annotate.refused.glyph", "unknown glyph {given}")
COLOUR_BAD = message("annotate.refused.colour", "marks are drawn in {colours}, not {given}")
NOT_ON_OFFER = message("annotate.refused.offer", "arrows and highlights go on areas, poleis and markets, not on "
                                                "one offer")
ARROW_FROM = message("annotate.arrow-from", "Arrow from {place}: click where it points (the same place again highlights it)")

if TYPE_CHECKING:
    from ..viewer import Viewer

MAX_COMMENT = 10_000


class AnnotatePanel(Panel["Viewer"]):
    name = "annotate"
    js = "makeAnnotate"
    widgets = {"viewer": 50}
    intents = (Intent("comment", ("node",), refused_while=("lesson",)),
               Intent("glyph", ("node", "glyph"), refused_while=("lesson",)),
               Intent("clear", ("node",), refused_while=("lesson",)),
               Intent("colour", ("colour",)))
    refusals = {"lesson": message("lesson.refuse.annotate", "a lesson does not change the record: switch to View to annotate it")}

    def __init__(self) -> None:
        self.arrow_from: str | None = None  # draw mode: the place an arrow starts from, once clicked
        self.colour: str | None = None  # the colour marks are drawn in (None: green arrows, yellow highlights)

    def on_comment(self, ctx: Viewer, intent: dict) -> tuple[Any, str]:
        text, before = intent.get("text", ""), intent.get("before", False)
        bad = text_problem(text, MAX_COMMENT) if text != "" else None
        if bad is not None:
            raise IntentError(say(COMMENT_BAD, problem=bad))
        if not isinstance(before, bool):
            raise IntentError(say(BEFORE_BAD, type=type(before).__name__))
        ctx.record.comment(text, before=before, node=ctx.navigate.node(intent["node"]))
        return None, ""

    def on_glyph(self, ctx: Viewer, intent: dict) -> tuple[Any, str]:
        node = ctx.navigate.node(intent["node"])
        if intent["glyph"] not in GLYPHS:
            raise IntentError(say(UNKNOWN_GLYPH, given=repr(intent["glyph"])))
        if intent["glyph"] in node.glyphs:
            node.glyphs.remove(intent["glyph"])
        else:
            ctx.record.glyph(intent["glyph"], node=node)
        return None, ""

    def on_clear(self, ctx: Viewer, intent: dict) -> tuple[Any, str]:
        ctx.navigate.node(intent["node"]).marks.clear()
        return None, ""

    def on_colour(self, ctx: Viewer, intent: dict) -> tuple[Any, str]:
        if intent["colour"] not in COLOURS:
            raise IntentError(say(COLOUR_BAD, colours=", ".join(COLOURS), given=shown(intent["colour"])))
        self.colour = intent["colour"]
        return None, ""

    def draw(self, ctx: Viewer, target: str) -> tuple[Any, str]:
        """A click on the map in draw mode: the start of an arrow, then its end (or a highlight)."""
        check_place(ctx.state, target)
        kind, _, ident = target.partition(":")
        if kind == "offer":
            raise IntentError(say(NOT_ON_OFFER))
        if self.arrow_from is None:
            self.arrow_from = ident
            return None, say(ARROW_FROM, place=ident)
        start, self.arrow_from = self.arrow_from, None
        if start == ident:
            ctx.record.highlight(ident, self.colour or "yellow", node=ctx.here)
        else:
            ctx.record.arrow(start, ident, self.colour or "green", node=ctx.here)
        return None, ""

    def view(self, ctx: Viewer) -> dict[str, Any]:
        return {"arrow_from": self.arrow_from, "colours": list(COLOURS), "colour": self.colour}
