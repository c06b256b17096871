"""Proving a puzzle: every choice of a position solved exactly, the line of best play, and what
decides it.

Everything here stands on the exact solver (:class:`polis_nb.analysis.solver.Solver`): a choice's
value is Athens' exact value after it with best play by both sides over every chance outcome,
turned into the value for the side to decide. Choices that differ only in how they are paid
(:func:`polis_nb.rules.paid_with`) form one *group*, one answer of the puzzle; a group is worth its
best variant. Nothing here uses the search's playout estimates, which change as the engine is
tuned: only proofs, which do not.

The generator (:mod:`.generate`) and :func:`polis_nb.puzzles.check` use these functions; the
tests re-verify the shipped file with :func:`solve_choices` alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..analysis.hidden import hidden_from
from ..analysis.solver import ONE, ZERO, Proof, Solver, label
from ..rules import CHANCE, PLAYERS, Action, State, apply_unchecked, chance_outcomes, legal_actions, paid_with

MAX_LINE = 12  # decisions of a solution line at most (its action with sub-decisions is shorter)


class Unsolved(Exception):
    """A choice needed more solver nodes than allowed."""


@dataclass(frozen=True)
class Solved:
    """One legal choice at a position, solved: its group (what is chosen, without the payment),
    how it pays ("" if it has no payment variants), its exact value for the side to decide, and
    the solver's proof (Athens' value, the line's length and end)."""

    action: Action
    group: str
    payment: str
    value: Fraction
    proof: Proof

    @property
    def verdict(self) -> str | None:
        """"win", "loss" or "shared" for the side to decide, None for a value between (chance)."""
        return label(self.value, self.proof.mixed)


def group_key(s: State, a: Action) -> tuple[str, str]:
    """(group, payment) of a legal choice: choices with the same group differ only in payment."""
    pw = paid_with(s, a)
    return (pw[0], pw[1]) if pw else (str(a), "")


def groups(s: State) -> dict[str, list[Action]]:
    """The legal choices of ``s`` by group, in the order of their first variant."""
    out: dict[str, list[Action]] = {}
    for a in legal_actions(s):
        out.setdefault(group_key(s, a)[0], []).append(a)
    return out


def for_mover(value: Fraction, player: int) -> Fraction:
    """Athens' value as the value for ``player`` (0 Athens, 1 Sparta)."""
    return value if player == 0 else 1 - value


def solve_choices(s: State, solver: Solver, limit: int, *, total: int | None = None,
                  stop_on_second_win: bool = False) -> list[Solved] | None:
    """Every legal choice of ``s`` solved, in the order of :func:`polis_nb.legal_actions`, with
    ``solver`` (its memo is shared by the choices); None if a choice needs more than ``limit`` new
    nodes or all of them together more than ``total``. ``stop_on_second_win``: stop as soon as a
    second group wins for the side to decide (a generator's shortcut: no unique answer) and return
    the choices solved so far (fewer than the legal ones)."""
    p = s.pending.player
    start = solver.nodes
    out: list[Solved] = []
    winners: set[str] = set()
    for a in legal_actions(s):
        left = limit if total is None else min(limit, total - (solver.nodes - start))
        if left <= 0:
            return None
        proof = solver.solve(apply_unchecked(s, a), left)
        if proof is None:
            return None
        g, pay = group_key(s, a)
        v = for_mover(proof.value, p)
        out.append(Solved(a, g, pay, v, proof))
        if v == ONE and stop_on_second_win:
            winners.add(g)
            if len(winners) > 1:
                return out
    return out


def group_values(solved: list[Solved]) -> dict[str, Fraction]:
    """Each group's value (its best variant), in the order of the groups."""
    out: dict[str, Fraction] = {}
    for c in solved:
        if c.group not in out or c.value > out[c.group]:
            out[c.group] = c.value
    return out


def unique_best(solved: list[Solved]) -> str | None:
    """The group that is a puzzle's answer, if there is one: the only group of the best value,
    which either wins (every other group is worth less) or is the only one that does not lose
    (every other group is a proven loss)."""
    vals = group_values(solved)
    if len(vals) < 2:
        return None
    ranked = sorted(vals.items(), key=lambda kv: -kv[1])
    (best, top), (_, second) = ranked[0], ranked[1]
    if top <= second:
        return None
    if top == ONE or all(v == ZERO for _, v in ranked[1:]):
        return best
    return None


def better(a: Proof, b: Proof, p: int) -> bool:
    """Whether proof ``a`` is better than ``b`` for side ``p``: the higher value for p, then the
    quicker win or the slower loss (the solver's own order of preference)."""
    if a.value != b.value:
        return (a.value > b.value) if p == 0 else (a.value < b.value)
    winning = a.value == (ONE if p == 0 else ZERO)
    return a.depth < b.depth if winning else a.depth > b.depth


def best_choice(solver: Solver, s: State, limit: int) -> tuple[Action, Proof]:
    """The solver's choice at decision ``s``: the first legal choice with the best proof, as the
    solver itself would pick it (after solving ``s``, its memo answers without new nodes)."""
    p = s.pending.player
    goal = ONE if p == 0 else ZERO
    best: tuple[Action, Proof] | None = None
    for a in legal_actions(s):
        q = solver.solve(apply_unchecked(s, a), limit)
        if q is None:
            raise Unsolved(f"{a} needs more than {limit} solver nodes")
        if best is None or better(q, best[1], p):
            best = (a, q)
            if q.value == goal:
                break
    assert best is not None
    return best


@dataclass(frozen=True)
class Step:
    """One decision of a solution line: who makes it ("athens", "sparta" or "chance"), the
    decision in notation, and whether it was forced (the only legal choice, or a chance step with
    one outcome)."""

    who: str
    action: str
    forced: bool = False

    def to_dict(self) -> dict:
        return {"who": self.who, "action": self.action, "forced": self.forced}

    def __str__(self) -> str:
        return f"{self.who.capitalize()}: {self.action}" + (" (forced)" if self.forced else "")


def _same_action(start: State, t: State) -> bool:
    """Whether decision ``t`` still belongs to the action (or round-end step) begun at ``start``:
    the same round and phase, no new turn, the same round-end step and side, nothing hidden."""
    if t.round != start.round or t.phase != start.phase or t.pending.kind == "turn":
        return False
    if t.phase == "roundend" and t.roundend != start.roundend:
        return False
    if t.phase == "battles":
        return t.battle is not None and start.battle is not None and not hidden_from(t, start.pending.player)
    return True


def solution_line(solver: Solver, s: State, first: Action, limit: int) -> tuple[tuple[Step, ...], State]:
    """The solution's line: ``first``, then the solver's line of best play for as long as the
    decisions belong to the same action (its sub-decisions, forced chance steps, the opponent's
    replies inside it). It stops at a new turn, the next round-end step or side, a chance step
    with more than one outcome, or the end of the game. Returns the steps and the position after
    them."""
    who = PLAYERS[s.pending.player]
    steps = [Step(who, str(first), len(legal_actions(s)) == 1)]
    t = apply_unchecked(s, first)
    while len(steps) < MAX_LINE and t.outcome is None:
        if t.pending.player == CHANCE:
            outs = chance_outcomes(t)
            if len(outs) != 1:
                break
            steps.append(Step("chance", str(outs[0][0]), True))
            t = apply_unchecked(t, outs[0][0])
            continue
        if not _same_action(s, t):
            break
        a, _ = best_choice(solver, t, limit)
        steps.append(Step(PLAYERS[t.pending.player], str(a), len(legal_actions(t)) == 1))
        t = apply_unchecked(t, a)
    return tuple(steps), t


def full_line(solver: Solver, s: State, limit: int, cap: int = 200) -> list[tuple[State, Action]]:
    """The solver's line of best play from ``s`` to the end of the game, as (position, decision)
    pairs (a chance step with several outcomes follows its likeliest, the first of equals, as the
    proof's ``why`` does)."""
    out: list[tuple[State, Action]] = []
    while s.outcome is None and len(out) < cap:
        if s.pending.player == CHANCE:
            outs = chance_outcomes(s)
            a = max(outs, key=lambda x: x[1])[0]
        else:
            a, _ = best_choice(solver, s, limit)
        out.append((s, a))
        s = apply_unchecked(s, a)
    return out


def line_rules(line: list[tuple[State, Action]]) -> list[str]:
    """The rule ids cited by the log entries along a line, in order, each once."""
    seen: dict[str, None] = {}
    for s, a in line:
        for e in apply_unchecked(s, a).log:
            for r in e.rules:
                seen.setdefault(r)
    return list(seen)
