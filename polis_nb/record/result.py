"""How a game of a record ended: by the rules (the kernel's :class:`~polis_nb.rules.Outcome`) or by a
side's resignation, which is a fact of the record (:attr:`Node.resigned`), not of the position: the
kernel's state goes on, as a chess position does after a player resigns in PGN.

    g.resign()        # the side to decide resigns at the current node
    g.result          # how the record's main line ends (None while it goes on)
    g.result_at(node) # ... at any node
"""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import Phrase, message
from ..rules import Outcome
from .node import SIDES, Node
from .words import english, say

RESIGNS = message("result.resigns", "{side} resigns: {side_winner} wins")
WINS = message("result.wins", "{side} wins")
SHARED = message("result.shared", "A shared result")
SCORE = message("result.score", "{head}, {score_athens} to {score_sparta} (Athens to Sparta): {reason}")
HEAD = message("result.head", "{head}: {reason}")

#: how a game ends: by the rules of the game, or because a side resigned
TERMINATIONS = ("rules", "resignation")


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: ``winner`` ("athens", "sparta", or None for a shared result),
    ``termination`` (one of :data:`TERMINATIONS`), ``resigned`` (the side that resigned) and
    ``outcome`` (the kernel's, when the rules ended it). ``str()`` says it in words:
    "Athens resigns: Sparta wins"."""

    winner: str | None
    termination: str
    resigned: str | None = None
    outcome: Outcome | None = None

    @property
    def text(self) -> str:
        """The result in words, without a final stop (in the current language)."""
        if not english():
            return self.words()
        if self.resigned is not None:
            return f"{_name(self.resigned)} resigns: {_name(self.winner)} wins"
        o = self.outcome
        assert o is not None
        head = f"{_name(o.winner)} wins" if o.winner else "A shared result"
        score = f", {o.scores[0]} to {o.scores[1]} (Athens to Sparta)" if o.scores else ""
        return f"{head}{score}: {o.reason}"

    def words(self, lang: str | None = None) -> str:
        """:attr:`text` in ``lang`` (None: the current language)."""
        if self.resigned is not None:
            return say(RESIGNS, {"side": self.resigned, "side_winner": self.winner}, lang=lang)
        o = self.outcome
        assert o is not None
        head = Phrase(WINS, {"side": o.winner}) if o.winner else Phrase(SHARED)
        reason = o.reason_words(lang) if o.msg is not None else o.reason
        if o.scores:
            return say(SCORE, {"head": head, "score_athens": o.scores[0], "score_sparta": o.scores[1],
                               "reason": reason}, lang=lang)
        return say(HEAD, {"head": head, "reason": reason}, lang=lang)

    def __str__(self) -> str:
        return self.text

    @classmethod
    def resignation(cls, side: str) -> "Result":
        """``side`` ("athens" or "sparta") resigned: the other side wins."""
        return cls(SIDES[1 - SIDES.index(side)], "resignation", resigned=side)


def _name(side: str | None) -> str:
    return (side or "").capitalize()


def result_at(node: Node) -> Result | None:
    """How the game ends at ``node``: a resignation recorded there, else the kernel's outcome if its
    position is the game's end, else None."""
    if node.resigned is not None:
        return Result.resignation(node.resigned)
    o = node.state.outcome
    return Result(o.winner, "rules", outcome=o) if o is not None else None
