"""The engine panel (Board, Viewer): on request (``analyse``), the search evaluates the position shown
(:class:`..engine.Engine`: a fixed budget and seed), and the answer is shown for that position only,
with the best choice marked on the map."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import Engine
from .panel import Intent, Panel

if TYPE_CHECKING:
    from ..board import Board


class EnginePanel(Panel["Board"]):
    name = "engine"
    js = "makeEngine"
    intents = (Intent("analyse", refused_while=("thinking",)),)

    def __init__(self) -> None:
        self.engine = Engine()

    def on_analyse(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        return None, self.engine.run(ctx.state)

    def marks(self, ctx: Board) -> tuple[Any, ...]:
        return self.engine.marks(ctx.state)

    def view(self, ctx: Board) -> dict[str, Any]:
        return {"engine": None if ctx.thinking else self.engine.view(ctx.state)}
