"""One puzzle's record (as in the puzzle file) from a position whose choices are proven: its
answer, solution line, themes, difficulty, reasons and explanation in words; and
:func:`puzzle_at`, the same for any position.

Every text here is words, never notation or rule ids: choices are named as the widgets name them
and rules by their summaries with the rulebook section in words (:mod:`.words`). The rule ids stay
in the fields meant for code (``rules``).
"""
from __future__ import annotations

import hashlib
from typing import Iterable

from ..analysis.playout import RARE, prior
from ..analysis.solver import ONE, ZERO, Solver
from ..rules import CHANCE, PLAYERS, State, apply_unchecked, legal_actions
from .model import Puzzle, PuzzleError, find_action, line_words
from .prove import Solved, Step, better, full_line, group_key, group_values, solution_line, solve_choices, unique_best
from .words import (QUIET_RULES, TEMPTING, answer_name, choice_name, context, difficulty_of, pct, reason_sentence,
                    rule_theme, sides, summaries, themes_of, verdict_phrase)

LIMIT = 1200  # solver nodes per choice
TOTAL = 2400  # solver nodes per position, all choices together


def shares(s: State) -> dict[str, float]:
    """The chance the playout bot picks each answer (group), from its prior (choices weighing
    :data:`~polis_nb.analysis.playout.RARE` or less count nothing, as the bot never takes them)."""
    acts = legal_actions(s)
    w = [x if x > RARE else 0.0 for x in prior(s, acts)]
    total = sum(w) or 1.0
    if not sum(w):
        w = [1.0] * len(acts)
        total = float(len(acts))
    out: dict[str, float] = {}
    for a, x in zip(acts, w):
        g = group_key(s, a)[0]
        out[g] = out.get(g, 0.0) + x / total
    return out


def build_record(s: State, solved: list[Solved], nodes: int, *, need_tempting: bool = True, limit: int = LIMIT,
                 total: int = TOTAL) -> dict | None:
    """The puzzle at ``s`` from its solved choices (None if no theme applies, or, with
    ``need_tempting``, if no wrong answer is tempting); ``limit`` and ``total`` are the solver
    nodes the choices were proven within (the line is played again with them)."""
    p = s.pending.player
    answer = unique_best(solved)
    assert answer is not None
    vals = group_values(solved)
    best = vals[answer]
    sh = shares(s)
    wrong = sorted((g for g in vals if g != answer), key=lambda g: (-sh.get(g, 0.0), list(vals).index(g)))
    favourite = max(sh, key=lambda g: sh[g]) if sh else None
    tempting = [g for g in wrong if sh.get(g, 0.0) >= TEMPTING or g == favourite]
    if not tempting and need_tempting:
        return None
    accepted = [c for c in solved if c.group == answer and c.value == best]
    first = accepted[0]
    for c in accepted[1:]:
        if better(c.proof, first.proof, p):
            first = c
    solver = Solver()
    solve_choices(s, solver, limit, total=total)  # a fresh memo for the line (cheap: the same tree)
    steps, after = solution_line(solver, s, first.action, limit)
    line_rules: list[str] = []
    kinds = [s.pending.kind, first.action.kind]
    if favourite is not None and favourite != answer:  # the trap the puzzle is about
        kinds.append(next(c.action.kind for c in solved if c.group == favourite))
    t = s
    for st in steps:
        a = find_action(t, st.action)
        n = apply_unchecked(t, a)
        if st.who == PLAYERS[p]:
            kinds += [t.pending.kind, a.kind]
        for e in n.log:
            line_rules += [r for r in e.rules if r not in line_rules]
        t = n
    end_rules: list[str] = []
    for c in solved:
        end_rules += [r for r in c.proof.end.rules if r not in end_rules]
    themes = themes_of(kinds, line_rules, end_rules)
    if not themes:
        return None
    wrong_share = sum(sh.get(g, 0.0) for g in wrong)
    own_steps = sum(1 for st in steps if st.who == PLAYERS[p] and not st.forced)
    diff, raw = difficulty_of(len(vals), wrong_share, own_steps, first.proof.choices)
    deciding = _deciding_rules(first, [c for c in solved if c.group in tempting], line_rules, themes)
    text = _explanation(s, solved, answer, first, steps, sh, tempting, wrong, deciding)
    if s.pending.kind == "phoros":  # what the prestige kept or sold comes to in the last round
        text += _afterwards(solver, after, p, limit)
    choices = [{"action": str(c.action), "group": c.group, "payment": c.payment, "value": str(c.value),
                "verdict": c.verdict, "reason": reason_sentence(s, c.action, c.proof, p),
                "rules": list(c.proof.end.rules), "share": round(sh.get(c.group, 0.0), 4)} for c in solved]
    return {
        "id": f"{s.edition}-{hashlib.sha1(s.evolve(ply=0).to_notation().encode()).hexdigest()[:8]}",
        "edition": s.edition,
        "player": PLAYERS[p],
        "position": s.to_notation(),
        "answer": answer,
        "accepted": [str(c.action) for c in accepted],
        "value": str(best),
        "solution": [st.to_dict() for st in steps],
        "themes": list(themes),
        "difficulty": diff,
        "rating": {"groups": len(vals), "tempting": round(wrong_share, 4), "steps": own_steps,
                   "depth": first.proof.choices, "score": raw},
        "explanation": text,
        "rules": deciding,
        "choices": choices,
        "nodes": nodes,
    }


def puzzle_at(s: State, kind: str = "hand-built", *, limit: int = LIMIT, total: int = TOTAL) -> Puzzle:
    """The puzzle at any position ``s`` (e.g. one built with :func:`polis_nb.position`), proven as
    the generator proves its own (every choice solved within ``limit`` solver nodes, ``total`` in
    all), but without asking for a tempting wrong answer; ``kind`` goes to its ``source``.
    :class:`~polis_nb.puzzles.PuzzleError` says why ``s`` makes no puzzle."""
    if not isinstance(s, State):
        raise TypeError(f"puzzle_at needs a State, not {type(s).__name__}")
    if s.outcome is not None or s.pending.player == CHANCE:
        raise PuzzleError("puzzle_at: the position is not a decision of a side (the game is over or chance is to "
                          "play)")
    solver = Solver()
    solved = solve_choices(s, solver, limit, total=total)
    if solved is None:
        raise PuzzleError(f"puzzle_at: the choices need more than {limit} solver nodes each ({total} in all) to "
                          "prove")
    if unique_best(solved) is None:
        vals = ", ".join(f"{g} {v}" for g, v in group_values(solved).items())
        raise PuzzleError("puzzle_at: no answer is proven best (one that wins while every other is worth less, or "
                          f"the only one that does not lose); the answers' values: {vals}")
    rec = build_record(s, solved, solver.nodes, need_tempting=False)
    if rec is None:
        raise PuzzleError("puzzle_at: no theme applies to the solution")
    rec["source"] = {"game": 0, "ply": s.ply, "kind": kind, "shift": {}}
    return Puzzle.from_dict(rec, "puzzle_at")


def _deciding_rules(first: Solved, tempting: list[Solved], line_rules: list[str],
                    themes: tuple[str, ...]) -> list[str]:
    """The rules that decide the puzzle, most telling first: the rules of the solution's line that
    give it a theme (what the solution does: a siege, tribute on the pacifists; an event card's
    rule first), the solution's
    ending, the endings of the tempting alternatives (best variant of each), then the line's rules
    of turns, actions and endings."""
    out: list[str] = []

    def add(rs: Iterable[str]) -> None:
        for r in rs:
            if r not in out and r not in QUIET_RULES:
                out.append(r)

    add(sorted((r for r in line_rules if rule_theme(r) in themes), key=lambda r: not r.startswith("event.")))
    add(first.proof.end.rules)
    for c in tempting:
        add(c.proof.end.rules)
    add(r for r in line_rules if rule_theme(r) is not None or r.startswith(("turn.", "action.", "end.")))
    return out


def _afterwards(solver: Solver, s: State, p: int, limit: int, most: int = 6) -> str:
    """" Then, in the last round: ..." — side ``p``'s own decisions (with more than one option) in
    the solver's line of best play from ``s`` to the end of the game, where chance decides its
    likeliest outcome; "" if there are none."""
    said = []
    for t, a in full_line(solver, s, limit):
        if t.pending.player == p and len(legal_actions(t)) > 1:
            said.append(choice_name(t, a))
    if not said:
        return ""
    more = "" if len(said) <= most else f", and {len(said) - most} more"
    return (f" Then, with best play on both sides (and chance taking its likeliest outcome), {sides(p)} "
            f"decisions to the end: " + "; ".join(said[:most]) + more + ".")


def _explanation(s: State, solved: list[Solved], answer: str, first: Solved, steps: tuple[Step, ...],
                 sh: dict[str, float], tempting: list[str], wrong: list[str], deciding: list[str]) -> str:
    """The puzzle's explanation in words: where it stands, the answer and what it achieves, the rest
    of its line, why the tempting answers fail, and the rules that decide it (with their sections)."""
    p = s.pending.player
    vals = group_values(solved)
    best = vals[answer]
    variants = [c for c in solved if c.group == answer]
    if len(variants) > 1 and all(c.value == best for c in variants):
        what = f"{answer_name(s, first.action)}, paid any of its {len(variants)} ways"
    else:
        what = choice_name(s, first.action)
    only = "" if best == ONE else ", the only choice that does not lose"
    parts = [context(s), f"The answer: {what}{only}. It {verdict_phrase(first.proof, p, s)}."]
    if len(steps) > 1:
        after = apply_unchecked(s, first.action)
        parts.append("The line goes on: " + "; ".join(line_words(after, steps[1:])) + ".")
    told = []
    for g in tempting[:3]:
        c = max((c for c in solved if c.group == g), key=lambda c: c.value)
        told.append(f"{answer_name(s, c.action)}, the playout bot's choice {pct(sh.get(g, 0.0))} of the time, "
                    f"{verdict_phrase(c.proof, p, s)}")
    if len(told) == 1:
        parts.append(f"The tempting alternative fails: {told[0]}.")
    elif told:
        parts.append("The tempting alternatives fail: " + "; ".join(told) + ".")
    others = [g for g in wrong if g not in tempting[:3]]
    if others:
        worse = [g for g in others if vals[g] == ZERO]
        if len(others) == 1:
            parts.append("The other choice " + ("loses by force too." if worse else "is proven worse too."))
        else:
            parts.append(f"The other {len(others)} choices "
                         + ("lose by force too." if len(worse) == len(others) else "are proven worse too."))
    rules = summaries(deciding, s.edition, 4)
    if rules:
        parts.append("What decides it: " + rules)
    return " ".join(parts)
