"""The engine panel (Board, Viewer): on request (``analyse``), the search evaluates the position shown
(:class:`..engine.Engine`: a fixed budget and seed), and the answer is shown for that position only,
with the best choice marked on the map. It is off while the bot thinks (the Board) and in a lesson (the
Viewer: it would give the answers away)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...render.widgetwords import engine_words
from ..engine import Engine
from .panel import Intent, Panel
from ...i18n import message

OFF_IN_LESSON = message("lesson.refuse.engine", "the engine and the review are off in a lesson: they would give the answers away")

if TYPE_CHECKING:
    from ..base import MapWidget


class EnginePanel(Panel["MapWidget"]):
    name = "engine"
    js = "makeEngine"
    widgets = {"board": 20, "viewer": 30}
    intents = (Intent("analyse", refused_while=("thinking", "lesson")),)
    refusals = {"lesson": OFF_IN_LESSON}

    def __init__(self) -> None:
        self.engine = Engine()

    def on_analyse(self, ctx: MapWidget, intent: dict) -> tuple[Any, str]:
        return None, self.engine.run(ctx.state)

    def marks(self, ctx: MapWidget) -> tuple[Any, ...]:
        return () if ctx.holds("lesson") else self.engine.marks(ctx.state)

    def view(self, ctx: MapWidget) -> dict[str, Any]:
        off = ctx.holds("lesson")
        return {"engine": None if ctx.thinking or off else self.engine.view(ctx.state), "engine_off": off,
                "engine_words": engine_words()}
