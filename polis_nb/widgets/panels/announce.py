"""The announcements of the Board and of the Viewer's play mode (issue 28): after each decision a screen
reader hears what it did, and against a bot, then the bot's reply, each once, in a polite live region
(``widgets/panels/announce.js``). The panel keeps the last batch (``[{id, kind, text}]``; ``kind``:
"move" or "reply"): a decision of the user starts a new batch, the bot's reply joins it, and every
item has its own increasing ``id``, so that the browser announces an item once however often the view
is drawn again (the engine's answer, a "why?", a refused intent, undo, stepping through the record:
nothing new is announced). Words from :mod:`polis_nb.render.announce`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...render.announce import move_words, reply_words
from .panel import Panel

if TYPE_CHECKING:
    from ..base import MapWidget


class AnnouncePanel(Panel["MapWidget"]):
    name = "announce"
    js = "makeAnnouncer"
    widgets = {"board": 25, "viewer": 25}  # on the Board before the opponent: the result before the bot answers

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []
        self.count = 0

    def _add(self, kind: str, text: str, *, new_batch: bool) -> None:
        if new_batch:
            self.items = []
        if text:
            self.count += 1
            self.items.append({"id": self.count, "kind": kind, "text": text})

    def played(self, ctx: MapWidget) -> None:
        """The user's decision: its result starts a new batch (on the Board this panel comes before the
        opponent's, so the bot has not answered yet; the Viewer has no bot)."""
        from .opponent import OpponentPanel

        bot = next((p for p in ctx.panels if isinstance(p, OpponentPanel)), None)
        self._add("move", move_words(ctx._ctl.last_steps, own=bot is not None and bot.opp.active), new_batch=True)

    def replied(self, ctx: MapWidget) -> None:
        """The bot has played its reply: it joins the batch of the user's move."""
        from .opponent import OpponentPanel

        self._add("reply", reply_words(ctx.panel(OpponentPanel).reply(ctx)), new_batch=False)

    def reset(self, ctx: MapWidget) -> None:
        self.items = []

    def view(self, ctx: MapWidget) -> dict[str, Any]:
        return {"announce": list(self.items)}
