"""Mine puzzles from seeded self-play games: ``python -m polis_nb.puzzles.generate``.

    python -m polis_nb.puzzles.generate [--games N] [--workers 2] [--seed S] [--out path]

**Games.** ``N`` games per edition of the playout bot against itself
(:func:`polis_nb.analysis.sensible_policy`, chance sampled), game ``i`` of edition ``e`` seeded
from the run's seed and its task number (:func:`polis_nb.analysis.cluster.task_rng`). Each game is
one task; tasks run in this process or on a local Dask cluster (``--workers N``) with a progress
bar, and the result is the same on any number of workers.

**Candidates.** Only positions whose proofs are small: decisions where nothing is hidden from the
side to decide (or where the hidden cards cannot matter: a battle answer after which the battle
ends whatever is played) and with at least two answers, at

* the round end of the last round, or of an earlier round when the game is likely to end there
  (every one of a few playouts of the bot ends it before the next round: an unfed capital, an
  ostracism);
* the last round once a side has passed, where the side acting alone holds at most
  :data:`MAX_GOODS` goods (every action costs one, so its tree is small);
* a battle of the last round, answering the last exchange.

**Proof.** Every legal choice is solved by the exact solver within :data:`LIMIT` nodes (all of them
together within :data:`TOTAL`); a position is kept when exactly one answer (choices up to payment
variants) is best and it either wins by force or is the only one that does not lose by force, and
when at least one wrong answer is *tempting* (the playout bot picks it at least
:data:`~.words.TEMPTING` of the time, or it is the bot's favourite).

**Balance.** The playout bot's games are rarely close at the end, so in the last round a position
where every answer wins (or every one loses) is also tried with the opponent's prestige shifted by
1 to :data:`MAX_SHIFT` (prestige is score in the last round): the smallest shift that changes
the verdict is found by bisection and kept if it makes a puzzle, and the puzzle records it (``source.shift``). The position is then the game's position with
that one number changed, checked against the kernel's invariants.

**Selection.** Puzzles are de-duplicated (the same position; the same answer to the same step of the
same game), then chosen theme by theme and edition by edition in rounds (every theme's first two
first), within :data:`MAX_PUZZLES` puzzles and :data:`NODE_BUDGET` solver nodes in all (so that the
tests can re-verify every one quickly).

**Any position.** :func:`puzzle_at` proves a position built by hand (or taken from a game) the
same way, without asking for a tempting wrong answer.

The file: a header (format, generator version, seed, games, limits and counts; no date) and the
puzzles (see :mod:`polis_nb.puzzles` for the fields).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..analysis.bots import sensible_policy
from ..analysis.cluster import run_tasks, task_rng
from ..analysis.hidden import hidden_from
from ..analysis.playout import RARE, need, prior
from ..analysis.solver import ONE, ZERO, Solver
from ..data.safeio import write_text_atomic
from ..rules import (CHANCE, PLAYERS, State, apply_unchecked, board, invariant_problems, is_last_round, legal_actions,
                     new_game, sample_chance)
from .model import Puzzle, PuzzleError
from .prove import (Solved, better, group_values, groups, proof_words, solution_line, solve_choices,
                    unique_best)
from .words import (KIND_THEMES, QUIET_RULES, TEMPTING, THEMES, context, difficulty_of, pct, rule_theme, side, summaries,
                    themes_of)

VERSION = "1"
FORMAT = "polis-puzzles/1"
EDITIONS = ("ed1", "ed2")
LIMIT = 1200  # solver nodes per choice
TOTAL = 2400  # solver nodes per position, all choices together
MAX_GOODS = 4  # goods of a side acting alone in the last round (every action costs one)
MAX_SHIFT = 16  # the largest prestige shift tried to balance a last-round position
MAX_STUDIES = {"territory": 2, "market": 1, "proxenos": 1, "battle": 1}  # studies per game, by kind
STUDY_AREAS = 2  # territory studies of one position, at most
STUDY_SILVER = 6  # silver kept in a market or proxenos study, at most
STUDY_POLEIS = 4  # poleis of the side acting alone in a study, at most
STUDY_UNITS = 2  # units per area of the side that passed, in a study
PLAYOUTS = 3  # playouts that must all end the game at an earlier round's end
MAX_PUZZLES = 90
NODE_BUDGET = 70_000  # solver nodes of all shipped puzzles together (the tests re-solve them)
PER_THEME = 14  # puzzles chosen for their first theme, at most, per edition
DEFAULT_OUT = Path(__file__).with_name("puzzles.json")


# --- the candidates of one game ---------------------------------------------------------------

def _ends_this_round(s: State, rng: random.Random) -> bool:
    """Whether every one of :data:`PLAYOUTS` playouts of the bot ends the game before the next
    round starts (a cheap sign that the solver can prove the position)."""
    for _ in range(PLAYOUTS):
        t = s
        while t.outcome is None:
            if t.round != s.round:
                return False
            t = apply_unchecked(t, sample_chance(t, rng) if t.pending.player == CHANCE else sensible_policy(t, rng))
    return True


def _battle_ends(s: State) -> bool:
    """A battle answer after which the battle is over, whatever is played (so the cards the side to
    decide cannot see do not matter)."""
    if s.pending.kind != "battle-defend" or s.battle is None:
        return False
    area = s.battle.area
    for a in legal_actions(s):
        t = apply_unchecked(s, a)
        if t.battle is not None and t.battle.area == area and t.outcome is None:
            return False
    return True


def candidate_kind(s: State, rng: random.Random) -> str | None:
    """Why ``s`` is worth trying to prove (see the module docstring), or None."""
    p = s.pending.player
    if p == CHANCE or s.outcome is not None:
        return None
    last = is_last_round(s)
    if s.phase == "battles":
        return "battle" if last and _battle_ends(s) and len(groups(s)) > 1 else None
    if hidden_from(s, p) or len(groups(s)) < 2:
        return None
    if s.phase == "roundend":
        if last:
            return "round end"
        return "round end" if _ends_this_round(s, rng) else None
    if last and s.phase == "actions" and s.passed and s.passed[0] != p and sum(s.goods[p]) <= MAX_GOODS:
        return "acting alone"
    return None


def _examine(s: State) -> tuple[str, list[Solved] | None, int]:
    """("puzzle" | "all win" | "all lose" | "other" | "too big", the solved choices, solver nodes)."""
    solver = Solver()
    solved = solve_choices(s, solver, LIMIT, total=TOTAL, stop_on_second_win=True)
    if solved is None:
        return "too big", None, solver.nodes
    if len(solved) < len(legal_actions(s)):  # stopped at a second winning answer
        return "all win", None, solver.nodes
    if unique_best(solved) is not None:
        return "puzzle", solved, solver.nodes
    vals = group_values(solved).values()
    if max(vals) == ZERO:
        return "all lose", solved, solver.nodes
    if sum(v == ONE for v in vals) > 1:
        return "all win", solved, solver.nodes
    return "other", solved, solver.nodes


def shifted(s: State, p: int, d: int) -> State | None:
    """``s`` with ``p``'s prestige changed by ``d`` (None if off the track or breaking an invariant)."""
    pr = list(s.prestige)
    pr[p] += d
    if pr[p] < 0:
        return None
    t = s.evolve(prestige=(pr[0], pr[1]))
    return None if invariant_problems(t) else t


def studies(s: State) -> list[tuple[State, str]]:
    """Endgame studies of a last-round position where a side acts alone (the other has passed):
    (position, what it studies), at most :data:`STUDY_AREAS` territories, then the market and the
    proxenos.

    A study keeps the game's board (poleis, prestige, markets, event, tribute taken) and strips
    what makes proofs big. The side to act feeds its cubes with prestige instead of wheat (its
    wheat, up to what its cubes eat, becomes as much prestige: the same score once fed) and keeps
    little to spend; the passed side keeps only the wheat its cubes eat; no project is on display.

    * a **territory** study keeps the units of one territory where the side to act has hoplites
      (the passed side's thinned to :data:`STUDY_UNITS`, so no battle can start) and one good to
      spend (of the kind the side holds most of, wheat and silver aside; its proxenos is captive,
      its trade ships are out): one action is left, in that territory;
    * a **market** study keeps no units, the side's trade ships in port and up to
      :data:`STUDY_SILVER` silver as its only goods;
    * a **proxenos** study keeps no units, the side's free proxenos and up to :data:`STUDY_SILVER`
      silver as its only goods.

    Nothing where the side to act owns more than :data:`STUDY_POLEIS` poleis (each could be given
    up when it feeds)."""
    p = s.pending.player
    if s.pending.kind != "turn" or not (s.passed and s.passed[0] != p) or not is_last_round(s):
        return []
    if sum(1 for o in s.owner if o == p) > STUDY_POLEIS:
        return []
    b = board(s)
    mine = s.goods[p]
    wheat = len(mine) - 1
    silver = b.good_index["silver"]
    theirs = list(s.goods[1 - p])
    theirs[wheat] = min(theirs[wheat], need(s, 1 - p))
    pr = list(s.prestige)
    pr[p] += min(mine[wheat], need(s, p))
    cap = max(0, min(STUDY_UNITS, b.comp.battle_threshold - b.limit(s) - 2))
    none = tuple((0, 0) for _ in s.units)

    def make(goods: list[int], units=none, ships=False, proxenos=False) -> State | None:
        both = (tuple(goods), tuple(theirs)) if p == 0 else (tuple(theirs), tuple(goods))
        prox = list(s.proxenos)
        if not proxenos:
            prox[p] = -1
        port = list(s.ships_port)
        if not ships:
            port[p] = 0
        t = s.evolve(goods=both, prestige=(pr[0], pr[1]), units=units, display=(), proxenos=(prox[0], prox[1]),
                     ships_port=(port[0], port[1]),
                     siege_discs=tuple(d for d in s.siege_discs if units[b.polis_area[d[0]]][d[1]]))
        return None if invariant_problems(t) else t

    out: list[tuple[State, str]] = []
    kinds = [i for i in range(wheat) if mine[i] > 0 and i != silver]
    if kinds:
        spare = max(kinds, key=lambda i: (mine[i], -i))
        goods = [0] * len(mine)
        goods[spare] = 1
        for area in b.territories:
            if s.units[area][p] and sum(1 for _, k in out if k == "territory") < STUDY_AREAS:
                units = tuple(((u[0], min(u[1], cap)) if p == 0 else (min(u[0], cap), u[1])) if i == area
                              else (0, 0) for i, u in enumerate(s.units))
                t = make(goods, units)
                if t is not None:
                    out.append((t, "territory"))
    if mine[silver]:
        goods = [0] * len(mine)
        goods[silver] = min(mine[silver], STUDY_SILVER)
        if s.ships_port[p]:
            t = make(goods, ships=True)
            if t is not None:
                out.append((t, "market"))
        if s.proxenos[p] >= 0:
            t = make(goods, proxenos=True)
            if t is not None:
                out.append((t, "proxenos"))
    return out


def battle_study(s: State) -> State | None:
    """The study of a battle answer in the last round: the draw pile is emptied, so the battle ends
    after this exchange whatever is answered (and the attacker's unseen cards cannot matter), and
    the round's other battles are left out (the units of their areas thinned below the battle
    threshold, from the larger side); both sides keep only the wheat their cubes eat (no growth
    follows)."""
    bt = s.battle
    if bt is None or s.pending.kind != "battle-defend" or not is_last_round(s):
        return None
    b = board(s)
    low = b.comp.battle_threshold - 1  # one lower: an event may lower the threshold
    units = []
    for i, (x, y) in enumerate(s.units):
        while i != bt.area and x and y and x + y >= low:
            x, y = (x - 1, y) if x >= y else (x, y - 1)
        units.append((x, y))
    goods = tuple(g[:-1] + (min(g[-1], need(s, q)),) for q, g in enumerate(s.goods))
    t = s.evolve(battle=replace(bt, deck=tuple(0 for _ in bt.deck)), battles=(), units=tuple(units),
                 goods=(goods[0], goods[1]))
    if invariant_problems(t) or not _battle_ends(t) or len(groups(t)) < 2:
        return None
    return t


def themed_choice(s: State) -> bool:
    """Whether some answer at ``s`` could make a themed puzzle: a decision of a themed kind, or a
    turn with a themed action among its choices (a choice between marching and passing cannot)."""
    if s.pending.kind != "turn":
        return True
    return any(a.kind in KIND_THEMES for a in legal_actions(s))


def mine_game(edition: str, index: int, seed: int) -> dict:
    """One task: play game ``index`` of ``edition`` and return its puzzles (records) and counts."""
    rng = task_rng(f"puzzles-{edition}", seed, index)
    check_rng = task_rng(f"puzzles-{edition}-check", seed, index)
    s = new_game(edition=edition, seed=rng.randrange(1 << 30))
    found: list[dict] = []
    counts: Counter = Counter()
    seen: set[State] = set()
    done_studies: Counter = Counter()
    while s.outcome is None:
        if s.pending.player == CHANCE:
            s = apply_unchecked(s, sample_chance(s, rng))
            continue
        kind = candidate_kind(s, check_rng)
        todo = [(s, kind)] if kind is not None else []
        todo += [(t, f"study: {what}") for t, what in studies(s) if done_studies[what] < MAX_STUDIES[what]]
        if done_studies["battle"] < MAX_STUDIES["battle"] and kind != "battle":
            bs = battle_study(s)
            if bs is not None:
                todo.append((bs, "study: battle"))
        for pos, why in todo:
            if not themed_choice(pos):
                continue
            key = pos.evolve(ply=0)
            if key in seen:
                continue
            seen.add(key)
            counts["examined"] += 1
            counts[f"examined: {why}"] += 1
            if why.startswith("study: "):
                done_studies[why[7:]] += 1
            rec = _try(pos, why, counts, index)
            if rec is not None:
                found.append(rec)
        s = apply_unchecked(s, sensible_policy(s, rng))
    return {"puzzles": found, "counts": dict(counts)}


def _try(s: State, kind: str, counts: Counter, game: int) -> dict | None:
    result, solved, nodes = _examine(s)
    counts["nodes"] += nodes
    counts[f"result: {result}"] += 1
    shift = 0
    if result in ("all win", "all lose") and is_last_round(s):
        found = _balance(s, result, counts)
        if found is not None:
            shift, s, solved, nodes = found
            result = "puzzle"
            counts["balanced"] += 1
    if result != "puzzle":
        return None
    rec = build_record(s, solved, nodes)  # type: ignore[arg-type]
    if rec is None:
        counts["not tempting or no theme"] += 1
        return None
    rec["source"] = {"game": game, "ply": s.ply, "kind": kind,
                     "shift": {} if not shift else {PLAYERS[1 - s.pending.player]: shift}}
    counts["puzzles"] += 1
    return rec


def _balance(s: State, result: str, counts: Counter):
    """The smallest shift of the opponent's prestige (up when every answer wins, down when every
    one loses, by at most :data:`MAX_SHIFT`) past which not every answer wins (loses), found by
    bisection (an answer's value only falls as the opponent's prestige rises); (shift, position,
    solved choices, nodes) if that position is a puzzle, else None."""
    opp = 1 - s.pending.player
    sign = 1 if result == "all win" else -1
    hi = MAX_SHIFT if sign > 0 else min(MAX_SHIFT, s.prestige[opp])
    lo = 0  # the result at shift lo is still ``result``
    seen: dict[int, tuple] = {}

    def at(d: int) -> tuple:
        if d not in seen:
            t = shifted(s, opp, sign * d)
            if t is None:
                seen[d] = ("none", None, None, 0)
            else:
                r, sol, n = _examine(t)
                counts["nodes"] += n
                counts["shifts tried"] += 1
                seen[d] = (r, t, sol, n)
        return seen[d]

    if hi < 1 or at(hi)[0] == result:
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if at(mid)[0] == result:
            lo = mid
        else:
            hi = mid
    r, t, sol, n = at(hi)
    return (sign * hi, t, sol, n) if r == "puzzle" else None


# --- a puzzle record -----------------------------------------------------------------------------

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
    from .prove import group_key

    for a, x in zip(acts, w):
        g = group_key(s, a)[0]
        out[g] = out.get(g, 0.0) + x / total
    return out


def build_record(s: State, solved: list[Solved], nodes: int, *, need_tempting: bool = True) -> dict | None:
    """The puzzle at ``s`` from its solved choices (None if no theme applies, or, with
    ``need_tempting``, if no wrong answer is tempting)."""
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
    solve_choices(s, solver, LIMIT, total=TOTAL)  # a fresh memo for the line (cheap: the same tree)
    steps, _ = solution_line(solver, s, first.action, LIMIT)
    line_rules: list[str] = []
    kinds = [s.pending.kind, first.action.kind]
    if favourite is not None and favourite != answer:  # the trap the puzzle is about
        kinds.append(next(c.action.kind for c in solved if c.group == favourite))
    t = s
    for st in steps:
        a = _action(t, st.action)
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
    position = s.to_notation()
    choices = [{"action": str(c.action), "group": c.group, "payment": c.payment, "value": str(c.value),
                "verdict": c.verdict, "reason": proof_words(c.proof, p)[1], "rules": list(c.proof.end.rules),
                "share": round(sh.get(c.group, 0.0), 4)} for c in solved]
    return {
        "id": f"{s.edition}-{hashlib.sha1(s.evolve(ply=0).to_notation().encode()).hexdigest()[:8]}",
        "edition": s.edition,
        "player": PLAYERS[p],
        "position": position,
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


def _action(s: State, text: str):
    for a in legal_actions(s):
        if str(a) == text:
            return a
    from ..rules import chance_outcomes

    for a, _ in chance_outcomes(s) if s.pending.player == CHANCE else ():
        if str(a) == text:
            return a
    raise ValueError(f"{text!r} is not a choice at this position")


def _deciding_rules(first: Solved, tempting: list[Solved], line_rules: list[str], themes) -> list[str]:
    """The rules that decide the puzzle: the solution's ending, the rules of its line that give a
    theme, the endings of the tempting alternatives (best variant of each)."""
    out: list[str] = []

    def add(rs):
        for r in rs:
            if r not in out and r not in QUIET_RULES:
                out.append(r)

    add(first.proof.end.rules)
    add(r for r in line_rules if rule_theme(r) is not None or r.startswith(("turn.", "action.", "end.")))
    for c in tempting:
        add(c.proof.end.rules)
    return out


def _explanation(s: State, solved: list[Solved], answer: str, first: Solved, steps, sh: dict[str, float],
                 tempting: list[str], wrong: list[str], deciding: list[str]) -> str:
    p = s.pending.player
    best = group_values(solved)[answer]
    variants = [c for c in solved if c.group == answer]
    what = answer
    if len(variants) == 1 and first.payment:  # one way to pay: the choice as it is written
        what = str(first.action)
    elif len(variants) > 1:
        if all(c.value == best for c in variants):
            what = f"{answer} (paid any of its {len(variants)} ways)"
        else:
            what = f"{answer}, paid {first.payment}" if first.payment.startswith("+") else f"{answer} {first.payment}"
    reason = proof_words(first.proof, p)[1]
    if best == ONE:
        head = f"The answer is {what}: it {reason}."
    else:
        head = f"The answer is {what}, the only choice that does not lose: it {reason}."
    parts = [context(s), head]
    if len(steps) > 1:
        parts.append("The line: " + "; ".join(str(st) for st in steps) + ".")
    told = []
    for g in tempting[:3]:
        c = max((c for c in solved if c.group == g), key=lambda c: c.value)
        told.append(f"{g} (the playout bot's choice {pct(sh.get(g, 0.0))} of the time) {proof_words(c.proof, p)[1]}")
    if told:
        parts.append("The tempting alternatives fail: " + "; ".join(told) + ".")
    others = [g for g in wrong if g not in tempting[:3]]
    if others:
        worse = [g for g in others if group_values(solved)[g] == ZERO]
        if len(others) == 1:
            parts.append("The other choice " + ("loses by force too." if worse else "is proven worse too."))
        else:
            parts.append(f"The other {len(others)} choices "
                         + ("lose by force too." if len(worse) == len(others) else "are proven worse too."))
    rules = summaries(deciding)
    if rules:
        parts.append("Rules: " + rules + ".")
    return " ".join(parts)


# --- choosing and writing ------------------------------------------------------------------------

def select(records: list[dict], max_puzzles: int = MAX_PUZZLES, node_budget: int = NODE_BUDGET) -> list[dict]:
    """De-duplicate and choose a balanced set (see the module docstring), in a fixed order."""
    unique: dict[str, dict] = {}
    steps: set[tuple] = set()
    for r in records:
        s = State.from_notation(r["position"])
        step = (r["edition"], r["source"]["game"], s.round, s.phase, s.roundend[:1], r["player"], r["answer"])
        if r["id"] in unique or step in steps:
            continue
        unique[r["id"]] = r
        steps.add(step)
    pool = sorted(unique.values(), key=lambda r: (r["nodes"] > 2000, r["id"]))
    chosen: list[dict] = []
    used = 0
    per: Counter = Counter()  # (edition, first theme) -> count

    def take(r: dict) -> bool:
        nonlocal used
        if r in chosen or len(chosen) >= max_puzzles or used + r["nodes"] > node_budget:
            return False
        chosen.append(r)
        used += r["nodes"]
        for t in r["themes"]:
            per[(r["edition"], t)] += 1
        return True

    for need in (1, 2):  # every theme twice in each edition where the pool allows, rarest themes first
        for t in sorted(THEMES, key=lambda t: sum(t in r["themes"] for r in pool)):
            for ed in EDITIONS:
                if per[(ed, t)] >= need:
                    continue
                for r in pool:
                    if r["edition"] == ed and t in r["themes"] and take(r):
                        break
    progress = True
    while progress and len(chosen) < max_puzzles:  # then round-robin over editions and themes
        progress = False
        for ed in EDITIONS:
            for t in THEMES:
                if per[(ed, t)] >= PER_THEME:
                    continue
                for r in pool:
                    if r["edition"] == ed and r["themes"][0] == t and r not in chosen:
                        if take(r):
                            progress = True
                        break
    return sorted(chosen, key=lambda r: (r["edition"], r["difficulty"], r["id"]))


def generate(games: int = 150, seed: int = 1, *, workers: int | None = None, progress: bool = False,
             max_puzzles: int = MAX_PUZZLES) -> dict:
    """Mine ``games`` games per edition and return the file's content (a dict)."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    tasks = [(ed, i, seed) for i in range(games) for ed in EDITIONS]
    results = run_tasks(mine_game, tasks, workers=workers, progress=progress, desc="puzzles")
    records: list[dict] = []
    counts: Counter = Counter()
    for r in results:
        records += r["puzzles"]
        counts.update(r["counts"])
    chosen = select(records, max_puzzles)
    return {
        "format": FORMAT,
        "generator": {"version": VERSION, "seed": seed, "games": games, "editions": list(EDITIONS),
                      "limits": {"per_choice": LIMIT, "per_position": TOTAL, "max_goods": MAX_GOODS,
                                 "max_shift": MAX_SHIFT, "node_budget": NODE_BUDGET},
                      "command": f"python -m polis_nb.puzzles.generate --games {games} --seed {seed}",
                      "examined": counts["examined"], "found": len(records), "kept": len(chosen),
                      "counts": {k: counts[k] for k in sorted(counts)}},
        "themes": list(THEMES),
        "puzzles": chosen,
    }


def dumps(content: dict) -> str:
    """The file's text: stable key order within each puzzle, one puzzle per block."""
    return json.dumps(content, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m polis_nb.puzzles.generate",
                                 description="Mine proven puzzles from seeded self-play games.")
    ap.add_argument("--games", type=int, default=150, help="games per edition (default 150)")
    ap.add_argument("--workers", type=int, default=None, help="local Dask worker processes (default: this process)")
    ap.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    ap.add_argument("--max", type=int, default=MAX_PUZZLES, help=f"puzzles to keep at most (default {MAX_PUZZLES})")
    ap.add_argument("--out", default=str(DEFAULT_OUT), help="where to write the JSON (default: the shipped file)")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    content = generate(args.games, args.seed, workers=args.workers, progress=True, max_puzzles=args.max)
    write_text_atomic(args.out, dumps(content))
    g = content["generator"]
    per = Counter((r["edition"], t) for r in content["puzzles"] for t in r["themes"])
    eds = Counter(r["edition"] for r in content["puzzles"])
    print(f"{g['kept']} puzzles ({', '.join(f'{e} {eds[e]}' for e in EDITIONS)}) from {g['examined']} positions "
          f"examined in {2 * args.games} games, {g['found']} found, in {time.perf_counter() - t0:.0f} s; "
          f"written to {args.out}", file=sys.stderr)
    for t in THEMES:
        print(f"  {t:11} " + "  ".join(f"{e} {per[(e, t)]}" for e in EDITIONS), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
