"""Playing a whole game against a bot in the Board: which bot, which side the user plays, the bot's
replies and undo.

After each decision of the user, the bot plays its side's decisions (chance settled from the game's
seed) until the user is to decide again or the game ends. Its generator is seeded by the game's seed
and the ply, so the same decisions of the user always meet the same replies. On a Game the bot's
decisions go into the record like the user's (the Viewer shows them); undo goes back to the position
before the user's last decision, keeping what was played as a line of the record.
"""
from __future__ import annotations

import random

from ..analysis.bots import make_bot
from ..analysis.search import SearchBot
from ..rules.state import PLAYERS

# what the browser offers: (id, label); "none" leaves both sides to the user
BOTS = (("none", "nobody (you play both sides)"), ("random", "random bot"), ("sensible", "sensible bot"),
        ("greedy", "greedy bot"), ("search", "search bot (thinks ~1 s a move)"))
SEARCH_ITERATIONS = 120  # per decision of the search bot in the Board: about a second on this kernel


def bot_named(name: str):
    """The bot behind a name of :data:`BOTS` (None for "none")."""
    if name == "none":
        return None
    if name == "search":
        return SearchBot(iterations=SEARCH_ITERATIONS)
    if name not in dict(BOTS):
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(dict(BOTS))}")
    return make_bot(name)


class Opponent:
    """A bot playing ``side`` ("athens" or "sparta") against the user."""

    def __init__(self, bot: str = "none", side: str = "athens"):
        if side not in PLAYERS:
            raise ValueError(f"side must be 'athens' or 'sparta' (the side you play), not {side!r}")
        self.bot_name = bot
        self.bot = bot_named(bot)
        self.user = side

    @property
    def active(self) -> bool:
        return self.bot is not None

    @property
    def bot_side(self) -> str:
        return PLAYERS[1 - PLAYERS.index(self.user)]

    def to_move(self, s) -> bool:
        """Whether the bot decides at ``s``."""
        return self.active and not s.is_terminal and s.current_player == self.bot_side

    def reply(self, ctl, limit: int = 2000) -> int:
        """Let the bot decide (through ``ctl.play``) while it is its turn; returns how many decisions."""
        n = 0
        while self.to_move(ctl.state) and n < limit:
            s = ctl.state
            rng = random.Random(f"opponent:{s.seed}:{s.ply}:{self.bot_name}")
            explanation, note = ctl.play(str(self.bot.choose(s, rng)))
            if explanation is not None or note:  # a bot only plays legal choices; never loop on a refusal
                raise RuntimeError(f"the {self.bot_name} bot's choice was refused: {note or explanation}")
            n += 1
        return n

    def view(self) -> dict:
        return {"bot": self.bot_name, "side": self.user, "bots": [list(b) for b in BOTS]}


def undo_target(node, opponent: Opponent | None = None):
    """Where undo goes from ``node``: the position before the user's last decision on the line to
    it, skipping chance steps and, against a bot, the bot's decisions (None if there is none)."""
    n = node
    while n is not None and n.parent is not None:
        who = n.parent.state.current_player
        if who != "chance" and (opponent is None or not opponent.active or who == opponent.user):
            return n.parent
        n = n.parent
    return None
