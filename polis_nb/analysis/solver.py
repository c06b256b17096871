"""The exact solver: the value of a small game tree with best play by both sides.

Depth-first expectimax over the kernel's decisions: at Athens' decisions the best value for
Athens, at Sparta's the worst, at chance steps the expectation over every outcome with its exact
probability (:func:`polis_nb.chance_outcomes`). Values are Athens' expected result as a
``Fraction`` (1 a win, ½ a shared result, 0 a loss). Positions met twice (the same goods paid in
another order, poleis grown in another order) are solved once: the memo keys a State without its
move counter.

It gives up (returns None) past a node limit, so the search can try it on every late position
and keep the answers it gets (e.g. the rest of the final round once one side has passed, or the
round end of the last round). A solved position also carries the line of best play that decides
it: its length in decisions and the finished game at its end, whose reason and rule ids say *why*
(e.g. "Athens could not feed its capital", ``end.capital-unfed``).

Hidden battle hands are not the solver's business: it solves the position as given, cards and
all; the search calls it only where nothing is hidden from the side it analyses for.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from ..rules import Outcome, State, apply_unchecked, chance_outcomes, legal_actions

ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)
MAX_DEPTH = 250  # decisions along one line: deeper trees are too big anyway (and Python's stack is not)


@dataclass(frozen=True)
class Proof:
    """A solved position: Athens' exact value, the number of decisions to the end along the line of
    best play (``depth``; ``choices`` counts those with more than one option), and the finished
    game at that line's end (or, at a chance step, at the end of its likeliest outcome's line):
    its outcome and ``why``, the log entry that ended it, in words."""

    value: Fraction
    depth: int
    end: Outcome
    why: str = ""
    choices: int = 0
    mixed: bool = False  # the value averages different results over chance outcomes

    def then(self, choice: bool) -> "Proof":
        """This proof one decision earlier (``choice``: a decision with more than one option)."""
        return Proof(self.value, self.depth + 1, self.end, self.why, self.choices + choice, self.mixed)

    @property
    def label(self) -> str | None:
        """"win", "loss" or "shared" for Athens, or None for a value that averages results over
        chance outcomes (e.g. ¾ on a die, or ½ when a die decides between a win and a loss)."""
        return label(self.value, self.mixed)


def label(value: Fraction, mixed: bool) -> str | None:
    """"win" (1), "loss" (0), "shared" (½ with every line a shared result) or None."""
    if value == ONE:
        return "win"
    if value == ZERO:
        return "loss"
    return "shared" if value == HALF and not mixed else None


def chance_proof(parts: list[tuple[Fraction, Proof]]) -> Proof:
    """The proof of a chance step from (probability, proof) of every outcome: the expectation, the
    likeliest outcome's line, mixed if the outcomes differ in value (or are mixed themselves)."""
    total = sum((prob * q.value for prob, q in parts), ZERO)
    likely = max(parts, key=lambda x: x[0])[1].then(False)
    mixed = any(q.mixed or q.value != parts[0][1].value for _, q in parts)
    return Proof(total, likely.depth, likely.end, likely.why, likely.choices, mixed)


def result(o: Outcome) -> Fraction:
    """Athens' value of a finished game."""
    return HALF if o.winner is None else ONE if o.winner == "athens" else ZERO


def finished(s: State) -> Proof:
    """The proof of a finished game: its result, and the log entry that ended it."""
    o = s.outcome
    assert o is not None
    if o.scores is not None:  # the final scoring: the reason and the score say it best
        why = f"{o.reason} at the final scoring, {o.scores[0]}–{o.scores[1]} (Athens–Sparta)"
    else:  # a sudden death: the log entry that ended it names the polis, the goods, the prestige
        why = next((e.text for e in reversed(s.log) if set(e.rules) & set(o.rules)), o.reason)
    return Proof(result(o), 0, o, why)


class TooBig(Exception):
    """The tree has more nodes than the solver was allowed to visit."""


def memo_key(s: State) -> State:
    """The State without its move counter (which differs between transpositions)."""
    return s if s.ply == 0 else s.evolve(ply=0)


class Solver:
    """An exact solver with a memo shared over calls (positions solved once stay solved, also as
    parts of later, larger trees). ``limit`` caps the new nodes one :meth:`solve` call may visit."""

    def __init__(self, limit: int = 20_000):
        self.limit = limit
        self.memo: dict[State, Proof] = {}
        self.nodes = 0  # nodes visited over all calls
        self._budget = 0

    def solve(self, s: State, limit: int | None = None) -> Proof | None:
        """The proof of ``s``, or None if it needs more than ``limit`` new nodes (or a line longer
        than :data:`MAX_DEPTH` decisions)."""
        self._budget = self.limit if limit is None else limit
        try:
            return self._value(s, 0)
        except TooBig:
            return None

    def _value(self, s: State, depth: int) -> Proof:
        if s.outcome is not None:
            return finished(s)
        key = memo_key(s)
        got = self.memo.get(key)
        if got is not None:
            return got
        self._budget -= 1
        self.nodes += 1
        if self._budget < 0 or depth > MAX_DEPTH:
            raise TooBig
        p = s.pending.player
        if p < 0:
            proof = self._chance(s, depth)
        else:
            proof = self._decide(s, p, depth)
        self.memo[key] = proof
        return proof

    def _chance(self, s: State, depth: int) -> Proof:
        return chance_proof([(prob, self._value(apply_unchecked(s, a), depth + 1)) for a, prob in chance_outcomes(s)])

    def _decide(self, s: State, p: int, depth: int) -> Proof:
        best: Proof | None = None
        goal = ONE if p == 0 else ZERO  # nothing beats it: stop looking
        acts = legal_actions(s)
        for a in acts:
            child = self._value(apply_unchecked(s, a), depth + 1)
            if best is None or _better(child, best, p):
                best = child
                if best.value == goal:
                    break
        assert best is not None
        return best.then(len(acts) > 1)


def _better(a: Proof, b: Proof, p: int) -> bool:
    """Whether ``a`` is better than ``b`` for ``p``: a higher value for p, then (same value) a sure
    result over one that averages results over chance (a shared result rather than a coin toss worth
    as much), then the quicker win or the slower loss."""
    if a.value != b.value:
        return (a.value > b.value) if p == 0 else (a.value < b.value)
    if a.mixed != b.mixed:
        return not a.mixed
    winning = a.value == (ONE if p == 0 else ZERO)
    return a.depth < b.depth if winning else a.depth > b.depth
