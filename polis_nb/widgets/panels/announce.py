"""The announcements of the Board, of the Viewer's play mode and of Combat (issue 28): after each decision
a screen reader hears what it did, and against a bot, then the bot's reply, each once, in a polite live
region (``widgets/panels/announce.js``). The panel keeps the last batch (``[{id, kind, text}]``; ``kind``:
"move" or "reply", in Combat also "chance" (the deal) and "hand" (a hand shown or hidden)): a decision of
the user starts a new batch, the bot's reply joins it, and every item has its own increasing ``id``, so
that the browser announces an item once however often the view is drawn again (the engine's answer, a
"why?", a refused intent, undo, the odds, stepping through the record: nothing new is announced). Words
from :mod:`polis_nb.render.announce`; in a battle they never name a card of a hand (the deal counts the
cards drawn)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...render.announce import move_words, reply_words
from .panel import Panel, W

if TYPE_CHECKING:
    from ..base import MapWidget
    from ..combat import Combat


class Announcements(Panel[W]):
    """The batch of announcements and its view slice; the widgets' own panels below fill it."""

    name = "announce"
    js = "makeAnnouncer"

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []
        self.count = 0

    def say(self, items: list[tuple[str, str]], *, new_batch: bool = True) -> None:
        """Announce ``items`` (``kind``, ``text``; empty texts are skipped), as a new batch or joining it."""
        if new_batch:
            self.items = []
        for kind, text in items:
            if text:
                self.count += 1
                self.items.append({"id": self.count, "kind": kind, "text": text})

    def reset(self, ctx: W) -> None:
        self.items = []

    def view(self, ctx: W) -> dict[str, Any]:
        return {"announce": list(self.items)}


class AnnouncePanel(Announcements["MapWidget"]):
    """The Board's and the Viewer's: the user's decision, then the Board's bot's reply."""

    widgets = {"board": 25, "viewer": 25}  # on the Board before the opponent: the result before the bot answers

    def played(self, ctx: MapWidget) -> None:
        """The user's decision: its result starts a new batch (on the Board this panel comes before the
        opponent's, so the bot has not answered yet; the Viewer has no bot)."""
        from .opponent import OpponentPanel

        bot = next((p for p in ctx.panels if isinstance(p, OpponentPanel)), None)
        self.say([("move", move_words(ctx._ctl.last_steps, own=bot is not None and bot.opp.active))])

    def replied(self, ctx: MapWidget) -> None:
        """The bot has played its reply: it joins the batch of the user's move."""
        from .opponent import OpponentPanel

        self.say([("reply", reply_words(ctx.panel(OpponentPanel).reply(ctx)))], new_batch=False)


class BattleAnnouncePanel(Announcements["Combat"]):
    """Combat's: each batch is filled by the widget (:meth:`..combat.Combat.decided`: the decision, the
    deal, the bot's reply, :func:`...render.announce.battle_items`) and the hand panel (a hand shown or
    hidden)."""

    widgets = {"combat": 50}
