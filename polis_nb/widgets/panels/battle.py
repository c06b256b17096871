"""The battle panel of Combat: the battle's decisions (``choose``, ``action``: ``fight``, ``retreat``,
``play <card> <card>``, ``answer <card> <card>``; two cards may be named in any order), played through
the widget's Controller as the Board's are (:meth:`..control.Controller.act`), then the bot's answer
(bot mode); and the battle's view (:func:`...render.combatview.combat_view`: the table, the choices, the
retreat, the last exchange, the end, the log), whose hands are the hand panel's slice."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...render.combatview import combat_view
from ...rules import State, card_name, card_types
from ..control import Judge
from ..intents import IntentError
from .hand import HAND_KEYS, HandPanel
from .panel import Intent, Panel
from ...i18n import message
from ...render.say import say

REPLAY_WHY = message("combat.replay-why", "A replay follows the record: step with back and forward.")
SHOW_FIRST = message("combat.refused.show-first", "{side} decides: show {side:gen} hand first")
NOT_YOURS = message("combat.refused.not-yours", "it is not {side:gen} decision")

if TYPE_CHECKING:
    from ..combat import Combat


class BattlePanel(Panel["Combat"]):
    name = "battle"
    js = "makeBattle"
    widgets = {"combat": 10}
    intents = (Intent("choose", ("action",)),)

    def __init__(self) -> None:
        self.cv: dict[str, Any] = {}  # the battle's view, worked out before each redraw

    def on_choose(self, ctx: Combat, intent: dict) -> tuple[Any, str]:
        s = ctx.state
        who = s.current_player
        hand = ctx.panel(HandPanel)
        mine = ctx.side if ctx.mode == "bot" else hand.shown

        class Turn(Judge):
            def ready(self, s: State) -> None:
                if who != mine:
                    if ctx.mode == "hotseat":
                        raise IntentError(say(SHOW_FIRST, side=who))
                    assert ctx.side is not None  # (bot mode: the user's side)
                    raise IntentError(say(NOT_YOURS, side=ctx.side))

        ctl = ctx.controller
        explanation, note = ctl.act({"kind": "choose", "action": normalise(s, intent["action"])}, judge=Turn())
        if ctl.state is not s:
            ctx.decided(who)
        return explanation, note

    def prepare(self, ctx: Combat) -> None:
        explanation, note = ctx.drawing
        viewer, open_hands, acting, gate = ctx.panel(HandPanel).seen(ctx)
        why = (say(REPLAY_WHY) if ctx.mode == "replay"
               else ctx.panel(HandPanel).gate_words(gate))
        self.cv = combat_view(ctx.trail, area=ctx.area, mode=ctx.mode, rev=ctx.rev, viewer=viewer,
                              open_hands=open_hands, acting=acting, gate=gate, bots=ctx.bots(), retreat_why=why,
                              note=note, explanation=explanation)

    def view(self, ctx: Combat) -> dict[str, Any]:
        return {k: v for k, v in self.cv.items() if k not in HAND_KEYS and k not in ("odds", "nav")}


def normalise(s: State, text: str) -> str:
    """Two cards named in any order → the order the notation wants (deck order where it matters)."""
    words = text.split()
    if len(words) != 3 or words[0] not in ("play", "answer") or s.battle is None:
        return text
    names = [card_name(t) for t in card_types(s.components, s.battle.kind)[0]]
    x, y = words[1], words[2]
    if x not in names or y not in names or names.index(x) <= names.index(y):
        return text
    played = s.battle.played
    if words[0] == "play" or (len(played) == 2 and played[0] == played[1]):
        return f"{words[0]} {y} {x}"
    return text

