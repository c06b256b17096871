"""The replay panel of Combat: step through a recorded battle (``nav``, ``dir``: back, forward, start,
end; replay mode only). Its slice of the view is where the replay stands (``nav``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import message
from ...render.say import say
from ..intents import IntentError
from .panel import Intent, Panel

NOT_REPLAY = message("combat.refused.not-replay", "stepping back and forward belongs to replay mode")
UNKNOWN_DIRECTION = message("combat.refused.direction", "unknown direction {given}; expected back, forward, start "
                                                        "or end")

if TYPE_CHECKING:
    from ..combat import Combat


class ReplayPanel(Panel["Combat"]):
    name = "replay"
    js = "makeReplay"
    widgets = {"combat": 30}
    intents = (Intent("nav", ("dir",)),)

    def on_nav(self, ctx: Combat, intent: dict) -> tuple[Any, str]:
        if ctx.mode != "replay":
            raise IntentError(say(NOT_REPLAY))
        last = len(ctx.span) - 1
        moves = {"back": ctx.pos - 1, "forward": ctx.pos + 1, "start": 0, "end": last}
        if intent["dir"] not in moves:
            raise IntentError(say(UNKNOWN_DIRECTION, given=repr(intent["dir"])))
        ctx.pos = max(0, min(last, moves[intent["dir"]]))
        return None, ""

    def view(self, ctx: Combat) -> dict[str, Any]:
        if ctx.mode != "replay":
            return {"nav": None}
        return {"nav": {"back": ctx.pos > 0, "forward": ctx.pos < len(ctx.span) - 1, "position": ctx.pos,
                        "count": len(ctx.span)}}
