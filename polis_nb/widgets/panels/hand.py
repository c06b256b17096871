"""The hand panel of Combat: whose hand is on screen. In hot seat both hands are hidden until the side to
decide asks to see its own (``reveal``, ``side``: "Sparta: show my hand", after the screen was passed)
and hidden again by ``hide`` or once that side has decided (showing and hiding are announced, without
the cards); against a bot the user's hand is always
shown, in a replay both (or the side given). Its slice of the view is the sides with the hands they
may see and the gate (the side that must show its hand before deciding)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...render.announce import hand_words
from ...render.combatview import in_battle
from ...rules import PLAYERS
from ..intents import IntentError
from .announce import BattleAnnouncePanel
from .panel import Intent, Panel
from ...i18n import message
from ...render.say import say

GATE_FIRST = message("combat.gate-first", "{side} decides: show {side:gen} hand first.")
UNKNOWN_SIDE = message("combat.refused.side", "unknown side {given}")
NOT_THEIRS = message("combat.refused.not-theirs", "it is {side:gen} decision, not {side2:gen}; {side2:gen} hand "
                                                  "stays hidden")
HOT_SEAT_ONLY = message("combat.refused.hot-seat", "{kind} belongs to hot seat play; {side:gen} hand is always shown")

if TYPE_CHECKING:
    from ..combat import Combat

HAND_KEYS = ("sides", "gate", "viewer", "open_hands")  # its keys of the battle's view


class HandPanel(Panel["Combat"]):
    name = "hand"
    js = "makeHand"
    widgets = {"combat": 20}
    intents = (Intent("reveal", ("side",)), Intent("hide"))

    def __init__(self) -> None:
        self.shown: str | None = None  # hot seat: the side whose hand is on screen

    def on_reveal(self, ctx: Combat, intent: dict) -> tuple[Any, str]:
        s = self._live(ctx, "reveal")
        who = intent["side"]
        if who not in PLAYERS:
            raise IntentError(say(UNKNOWN_SIDE, given=repr(who)))
        if s.current_player != who:
            raise IntentError(say(NOT_THEIRS, side=s.current_player, side2=who))
        self.shown = who
        assert s.battle is not None  # (_live: in a battle)
        self._say(ctx, hand_words(who, True, sum(s.battle.hands[PLAYERS.index(who)])))
        return None, ""

    def on_hide(self, ctx: Combat, intent: dict) -> tuple[Any, str]:
        self._live(ctx, "hide")
        if self.shown is not None:
            self._say(ctx, hand_words(self.shown, False))
        self.shown = None
        return None, ""

    @staticmethod
    def _say(ctx: Combat, text: str) -> None:
        ctx.panel(BattleAnnouncePanel).say([("hand", text)])

    @staticmethod
    def _live(ctx: Combat, kind: str) -> Any:
        if ctx.mode != "hotseat":
            assert ctx.side is not None  # (bot mode: the user's side)
            raise IntentError(say(HOT_SEAT_ONLY, kind=repr(kind), side=ctx.side))
        return ctx.state

    def decided(self, ctx: Combat, who: str) -> None:
        """``who`` decided: in hot seat the screen is passed before the next side decides."""
        s = ctx.state
        if not in_battle(s, ctx.area) or s.current_player != who:
            self.shown = None

    def seen(self, ctx: Combat) -> tuple[str | None, bool, str | None, str | None]:
        """(viewer, open_hands, acting side, gate side) for the view now."""
        s = ctx.state
        live = in_battle(s, ctx.area) and not s.is_chance
        if ctx.mode == "replay":
            return ctx.side, ctx.side is None, None, None
        if ctx.mode == "bot":
            return ctx.side, False, ctx.side if live and s.current_player == ctx.side else None, None
        if live and self.shown != s.current_player:
            self.shown = None
            return None, False, None, s.current_player
        return self.shown, False, self.shown if live else None, None

    def gate_words(self, gate: str | None) -> str:
        """Why the retreat waits (hot seat): the side to decide shows its hand first."""
        return say(GATE_FIRST, side=gate) if gate else ""

    def view(self, ctx: Combat) -> dict[str, Any]:
        from .battle import BattlePanel

        cv = ctx.panel(BattlePanel).cv
        return {k: cv[k] for k in HAND_KEYS}
