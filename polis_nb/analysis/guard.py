"""Guard-rails: does a choice lose the game at once?

A learner who passes with too little wheat for the capital, gives all prestige at Phoros or retreats
without the prestige to pay for it loses the game on the spot. :func:`quick_loss` says so *before*
the choice is played, so the Board can ask "Play it anyway?" first.

"At once" means: before the side that chose decides again. From the position after the choice the
check follows every line up to the chooser's next real decision (one with more than one option):

* a finished game is a loss when the other side wins it at once, by a sudden-death rule (an unfed
  capital, ostracism, prestige owed); the final scoring is no guard-rail's business;
* at the opponent's decisions one line that makes the chooser lose is enough (the opponent would take
  it): passing or ending where it can, else its first few choices (its own round-end choices, feeding
  or growing, hardly ever change whether the chooser loses);
* at chance steps every outcome must lose (a die that may save the chooser is a risk, not a loss);
* a decision with one option is followed; the chooser's own real decision ends the line: not a loss
  at once (the chooser still has a say).

It is a proof or nothing: a line it cannot finish within :data:`NODES` positions counts as "not
proven", and the choice goes through unasked. The check is cheap (most choices lead straight to the
chooser's next decision: one position) and is cached per position and choice.

:func:`question` is what a Board asks: a proven loss at once, when the chooser had a choice that is not
one (where every choice loses, asking would only nag).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..rules import PLAYERS, Action, Outcome, State, apply_unchecked, chance_outcomes, legal_actions
from .solver import memo_key

#: the hard limit of positions one check may visit (a few milliseconds at most)
NODES = 300
_FIRST = ("pass", "end")  # the opponent's quickest way on to the round end
_TRIES = 4  # the opponent's choices tried at one decision (a proof needs one line; most choices never matter)


@dataclass(frozen=True)
class QuickLoss:
    """A choice that loses at once: who loses, the finished game's outcome, the kernel's sentence that
    ended it (``why``) and the positions the check visited."""

    loser: str
    outcome: Outcome
    why: str
    nodes: int

    @property
    def rules(self) -> tuple[str, ...]:
        return self.outcome.rules


class _TooBig(Exception):
    pass


class _Search:
    def __init__(self, mover: int, limit: int):
        self.mover, self.budget, self.nodes = mover, limit, 0
        self.seen: dict[State, State | None] = {}  # positions met twice (releases in another order ...)

    def loses(self, s: State) -> State | None:
        """A finished position where the mover has lost at once, reached from ``s`` against every
        outcome of chance and some choice of the opponent; None if there is none before the mover's
        next real decision."""
        key = memo_key(s)
        if key in self.seen:
            return self.seen[key]
        end = self._loses(s)
        self.seen[key] = end
        return end

    def _loses(self, s: State) -> State | None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _TooBig
        o = s.outcome
        if o is not None:
            lost = o.winner is not None and o.winner != PLAYERS[self.mover] and o.scores is None
            return s if lost else None
        p = s.pending.player
        if p < 0:
            end = None
            for a, _prob in chance_outcomes(s):
                end = self.loses(apply_unchecked(s, a))
                if end is None:
                    return None
            return end
        acts = legal_actions(s)
        if len(acts) == 1:
            return self.loses(apply_unchecked(s, acts[0]))
        if p == self.mover:
            return None  # the mover decides again: not a loss at once
        quick = [a for a in acts if a.kind in _FIRST]
        for a in (quick or acts)[:_TRIES]:
            end = self.loses(apply_unchecked(s, a))
            if end is not None:
                return end
        return None


def _why(end: State) -> str:
    o = end.outcome
    assert o is not None
    return next((e.text for e in reversed(end.log) if set(e.rules) & set(o.rules)), o.reason)


@lru_cache(maxsize=512)
def _check(s: State, a: Action, limit: int) -> QuickLoss | None:
    search = _Search(s.pending.player, limit)
    try:
        end = search.loses(apply_unchecked(s, a))
    except _TooBig:
        return None
    if end is None:
        return None
    o = end.outcome
    assert o is not None, "a loss is a finished game"
    return QuickLoss(PLAYERS[s.pending.player], o, _why(end), search.nodes)


def quick_loss(s: State, a: Action | str, limit: int = NODES) -> QuickLoss | None:
    """The loss ``a`` (a legal choice at ``s``) brings on at once, or None (not a loss at once, or not
    proven within ``limit`` positions). Only a side's own decisions are judged: None at chance steps
    and at the end of the game."""
    if s.is_terminal or s.is_chance:
        return None
    act = a if isinstance(a, Action) else Action.from_text(a)
    if act not in legal_actions(s):
        return None
    return _check(s, act, limit)


@lru_cache(maxsize=256)
def _avoidable(s: State, a: Action, limit: int) -> bool:
    return any(b != a and _check(s, b, limit) is None for b in legal_actions(s))


def question(s: State, a: Action | str, limit: int = NODES) -> QuickLoss | None:
    """What a Board should ask about before playing ``a``: its loss at once, if it has one and another
    choice here has none (proven or not). None: play it without asking."""
    loss = quick_loss(s, a, limit)
    if loss is None:
        return None
    act = a if isinstance(a, Action) else Action.from_text(a)
    return loss if _avoidable(s, act, limit) else None
