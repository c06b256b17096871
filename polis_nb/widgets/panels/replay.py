"""The replay panel of Combat: step through a recorded battle (``nav``, ``dir``: back, forward, start,
end; replay mode only). Its slice of the view is where the replay stands (``nav``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..intents import IntentError
from .panel import Intent, Panel

if TYPE_CHECKING:
    from ..combat import Combat


class ReplayPanel(Panel["Combat"]):
    name = "replay"
    js = "makeReplay"
    widgets = {"combat": 30}
    intents = (Intent("nav", ("dir",)),)

    def on_nav(self, ctx: Combat, intent: dict) -> tuple[Any, str]:
        if ctx.mode != "replay":
            raise IntentError("stepping back and forward belongs to replay mode")
        last = len(ctx.span) - 1
        moves = {"back": ctx.pos - 1, "forward": ctx.pos + 1, "start": 0, "end": last}
        if intent["dir"] not in moves:
            raise IntentError(f"unknown direction {intent['dir']!r}; expected back, forward, start or end")
        ctx.pos = max(0, min(last, moves[intent["dir"]]))
        return None, ""

    def view(self, ctx: Combat) -> dict[str, Any]:
        if ctx.mode != "replay":
            return {"nav": None}
        return {"nav": {"back": ctx.pos > 0, "forward": ctx.pos < len(ctx.span) - 1, "position": ctx.pos,
                        "count": len(ctx.span)}}
