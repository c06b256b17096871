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
* a battle of the last round, answering the last exchange;
* studies (:mod:`polis_nb.puzzles.studies`), at most :data:`MAX_STUDIES` of each kind per game:
  a side acting alone stripped to one territory, market or proxenos; the last exchange of a
  battle; the same territory study with a card of the round's deck in force that changes what
  tribute there is worth (an event puzzle, first edition); the second side's Phoros at the end of
  the round before the last, with the last round left bare (a Phoros puzzle).

Self-play rarely meets an event card or Phoros where the solver can prove every choice, so those
two kinds of study are searched for directly in every game.

**Proof.** Every legal choice is solved by the exact solver within :data:`LIMIT` nodes (all of them
together within :data:`TOTAL`; a Phoros study, which plays the whole last round out, within
:data:`PHOROS_LIMIT` and :data:`PHOROS_TOTAL`); a position is kept when exactly one answer
(choices up to payment variants) is best and it either wins by force or is the only one that does
not lose by force, and when at least one wrong answer is *tempting* (the playout bot picks it at
least :data:`~.words.TEMPTING` of the time, or it is the bot's favourite; event and Phoros studies
need none). An event study is kept only if the card is what it is about: the card's rule is among
its themes, and without the card the position has another answer or none. Once a position is a
puzzle, the solving side's later decisions along its solution line (where to besiege, which rows
of tribute) are tried as puzzles of their own.

**Balance.** The playout bot's games are rarely close at the end, so in the last round (and in a
Phoros study, whose last round follows) a position where every answer wins (or every one loses)
is also tried with the opponent's prestige shifted by 1 to :data:`MAX_SHIFT`
(:data:`PHOROS_SHIFT`; prestige is score in the last round): the smallest shift that changes the
verdict is found by bisection and kept if it makes a puzzle, and the puzzle records it
(``source.shift``). The position is then the game's position with that one number changed,
checked against the kernel's invariants.

**Selection.** Puzzles are de-duplicated (the same position; the same answer to the same step of the
same game), then chosen theme by theme and edition by edition: first up to :data:`FIRST_PASS` of
every theme in each edition, rarest themes first, then in rounds by first theme, within
:data:`MAX_PUZZLES` puzzles and :data:`NODE_BUDGET` solver nodes in all (so that the tests can
re-verify every one quickly). Within a theme, at most :data:`SAME_ANSWER` puzzles (of both
editions together) give the same answer (:func:`answer_key`: the same decision, the same choice up
to its payment), so that a theme's puzzles teach more than one move.

**Any position.** :func:`puzzle_at` proves a position built by hand (or taken from a game) the
same way, without asking for a tempting wrong answer.

The file: a header (format, generator version, seed, games, limits and counts; no date) and the
puzzles (see :mod:`polis_nb.puzzles` for the fields).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

from ..analysis.bots import sensible_policy
from ..analysis.cluster import run_tasks, task_rng
from ..analysis.hidden import hidden_from
from ..analysis.solver import ONE, ZERO, Solver
from ..data.safeio import write_text_atomic
from ..rules import (CHANCE, PLAYERS, State, apply_unchecked, invariant_problems, is_last_round, legal_actions,
                     new_game, sample_chance)
from .model import find_action
from .prove import Solved, group_values, groups, solve_choices, unique_best
from .record import LIMIT, TOTAL, build_record, puzzle_at, shares  # noqa: F401 - puzzle_at, shares: kept here too
from .studies import battle_ends, battle_study, event_studies, phoros_study, studies, without_event
from .words import KIND_THEMES, THEMES

VERSION = "2"
FORMAT = "polis-puzzles/1"
EDITIONS = ("ed1", "ed2")
PHOROS_LIMIT = 2000  # solver nodes per choice of a Phoros study (the last round follows it)
PHOROS_TOTAL = 6000  # solver nodes per Phoros study, all choices together
MAX_GOODS = 4  # goods of a side acting alone in the last round (every action costs one)
MAX_SHIFT = 16  # the largest prestige shift tried to balance a last-round position
PHOROS_SHIFT = 8  # the largest prestige shift tried to balance a Phoros study
MAX_STUDIES = {"territory": 2, "market": 1, "proxenos": 1, "battle": 1, "event": 4, "phoros": 1}  # per game, by kind
PLAYOUTS = 3  # playouts that must all end the game at an earlier round's end
MAX_PUZZLES = 90
NODE_BUDGET = 90_000  # solver nodes of all shipped puzzles together (the tests re-solve them)
PER_THEME = 14  # puzzles chosen for their first theme, at most, per edition
FIRST_PASS = 4  # puzzles of every theme chosen first in each edition (rarest themes first), where the pool allows
SAME_ANSWER = 2  # puzzles of one theme that may give the same answer, at most
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


def candidate_kind(s: State, rng: random.Random) -> str | None:
    """Why ``s`` is worth trying to prove (see the module docstring), or None."""
    p = s.pending.player
    if p == CHANCE or s.outcome is not None:
        return None
    last = is_last_round(s)
    if s.phase == "battles":
        return "battle" if last and battle_ends(s) and len(groups(s)) > 1 else None
    if hidden_from(s, p) or len(groups(s)) < 2:
        return None
    if s.phase == "roundend":
        if last:
            return "round end"
        return "round end" if _ends_this_round(s, rng) else None
    if last and s.phase == "actions" and s.passed and s.passed[0] != p and sum(s.goods[p]) <= MAX_GOODS:
        return "acting alone"
    return None


def _examine(s: State, limit: int = LIMIT, total: int = TOTAL) -> tuple[str, list[Solved] | None, int]:
    """("puzzle" | "all win" | "all lose" | "other" | "too big", the solved choices, solver nodes)."""
    solver = Solver()
    solved = solve_choices(s, solver, limit, total=total, stop_on_second_win=True)
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


def themed_choice(s: State) -> bool:
    """Whether some answer at ``s`` could make a themed puzzle: a decision of a themed kind, or a
    turn with a themed action among its choices (a choice between marching and passing cannot)."""
    if s.pending.kind != "turn":
        return True
    return any(a.kind in KIND_THEMES for a in legal_actions(s))


def _plan(kind: str) -> tuple[int, int, int, bool]:
    """How a candidate of ``kind`` is proven: (solver nodes per choice, per position, the largest
    prestige shift tried to balance it (0: none), whether a wrong answer must be tempting). Studies
    of an event card or of Phoros are rare and are kept without a tempting wrong answer."""
    if kind.startswith("study: phoros"):
        return PHOROS_LIMIT, PHOROS_TOTAL, PHOROS_SHIFT, False
    if kind.startswith("study: event"):
        return LIMIT, TOTAL, MAX_SHIFT, False
    return LIMIT, TOTAL, MAX_SHIFT, True


def _candidates(s: State, check_rng: random.Random, done: Counter) -> list[tuple[State, str]]:
    """The positions worth proving at the game's position ``s``: ``s`` itself (see
    :func:`candidate_kind`) and its studies, within :data:`MAX_STUDIES` per game and kind."""
    kind = candidate_kind(s, check_rng)
    todo = [(s, kind)] if kind is not None else []
    todo += [(t, f"study: {what}") for t, what in studies(s) if done[what] < MAX_STUDIES[what]]
    if done["event"] < MAX_STUDIES["event"]:
        todo += [(t, f"study: {what}") for t, what in event_studies(s)]
    if done["phoros"] < MAX_STUDIES["phoros"]:
        ph = phoros_study(s)
        if ph is not None:
            todo.append((ph, "study: phoros"))
    if done["battle"] < MAX_STUDIES["battle"] and kind != "battle":
        bs = battle_study(s)
        if bs is not None:
            todo.append((bs, "study: battle"))
    return todo


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
        for pos, why in _candidates(s, check_rng, done_studies):
            if not themed_choice(pos):
                continue
            key = pos.evolve(ply=0)
            if key in seen:
                continue
            seen.add(key)
            counts["examined"] += 1
            counts[f"examined: {why}"] += 1
            if why.startswith("study: "):
                done_studies[why[7:].split()[0]] += 1
            recs = _try(pos, why, counts, index, seen)
            found += recs
        s = apply_unchecked(s, sensible_policy(s, rng))
    return {"puzzles": found, "counts": dict(counts)}


def _try(s: State, kind: str, counts: Counter, game: int, seen: set[State]) -> list[dict]:
    """The puzzles of one candidate: the candidate's own (balanced if need be), then those of the
    solving side's later decisions along its solution line (:func:`_later_steps`), each balanced
    again if every split of it wins (or loses)."""
    limit, total, max_shift, tempting = _plan(kind)
    rec, s, shift = _prove(s, kind, counts, limit, total, max_shift, tempting)
    if rec is None:
        return []
    if kind.startswith("study: event") and not _event_decides(s, rec, counts, limit, total):
        return []
    opp = PLAYERS[1 - s.pending.player]
    rec["source"] = {"game": game, "ply": s.ply, "kind": kind, "shift": {opp: shift} if shift else {}}
    counts["puzzles"] += 1
    out = [rec]
    for t, step in _later_steps(s, rec):
        key = t.evolve(ply=0)
        if key in seen:
            continue
        seen.add(key)
        counts["examined: later step"] += 1
        later, t, more = _prove(t, kind, counts, limit, total, max_shift, tempting)
        if later is None:
            continue
        later["source"] = {"game": game, "ply": t.ply, "kind": f"{kind}, step {step + 1} of the line",
                           "shift": {opp: shift + more} if shift + more else {}}
        counts["puzzles: later step"] += 1
        out.append(later)
    return out


def _prove(s: State, kind: str, counts: Counter, limit: int, total: int, max_shift: int,
           tempting: bool) -> tuple[dict | None, State, int]:
    """(the record of the puzzle at ``s`` or None, its position, the prestige shift that balanced
    it): ``s`` proven, and balanced (:func:`_balance`) if every answer wins or every one loses, in
    the last round or a Phoros study."""
    result, solved, nodes = _examine(s, limit, total)
    counts["nodes"] += nodes
    counts[f"result: {result}"] += 1
    shift = 0
    if result in ("all win", "all lose") and max_shift and (is_last_round(s) or kind == "study: phoros"):
        found = _balance(s, result, counts, max_shift, limit, total)
        if found is not None:
            shift, s, solved, nodes = found
            result = "puzzle"
            counts["balanced"] += 1
    if result != "puzzle" or solved is None:  # (a puzzle comes with its solved choices)
        return None, s, 0
    rec = build_record(s, solved, nodes, need_tempting=tempting, limit=limit, total=total)
    if rec is None:
        counts["not tempting or no theme"] += 1
    return rec, s, shift


def _later_steps(s: State, rec: dict) -> list[tuple[State, int]]:
    """The solving side's own later decisions along a puzzle's solution line (with more than one
    option), as positions: (position, index of the step). Each can be a puzzle of its own, with an
    answer of its own (where to besiege, which rows of tribute, where the proxenos goes)."""
    out = []
    t = s
    for i, st in enumerate(rec["solution"]):
        if i and st["who"] == rec["player"] and not st["forced"] and not hidden_from(t, t.pending.player):
            out.append((t, i))
        t = apply_unchecked(t, find_action(t, st["action"]))
    return out


def _event_decides(s: State, rec: dict, counts: Counter, limit: int, total: int) -> bool:
    """Whether the event card in force is what the puzzle at ``s`` is about: its rule is among the
    themes (the solution or a proof cites it), and without the card the position has another
    answer or none."""
    if "events" not in rec["themes"]:
        counts["event: no event theme"] += 1
        return False
    bare = without_event(s)
    if bare is not None:
        r, sol, n = _examine(bare, limit, total)
        counts["nodes"] += n
        if r == "puzzle" and sol is not None and unique_best(sol) == rec["answer"]:
            counts["event: the same answer without the card"] += 1
            return False
    return True


def _balance(s: State, result: str, counts: Counter, max_shift: int = MAX_SHIFT, limit: int = LIMIT,
             total: int = TOTAL) -> tuple[int, State, list[Solved], int] | None:
    """The smallest shift of the opponent's prestige (up when every answer wins, down when every
    one loses, by at most ``max_shift``) past which not every answer wins (loses), found by
    bisection (an answer's value only falls as the opponent's prestige rises); (shift, position,
    solved choices, nodes) if that position is a puzzle, else None."""
    opp = 1 - s.pending.player
    sign = 1 if result == "all win" else -1
    hi = max_shift if sign > 0 else min(max_shift, s.prestige[opp])
    lo = 0  # the result at shift lo is still ``result``
    seen: dict[int, tuple[str, State | None, list[Solved] | None, int]] = {}

    def at(d: int) -> tuple[str, State | None, list[Solved] | None, int]:
        if d not in seen:
            t = shifted(s, opp, sign * d)
            if t is None:
                seen[d] = ("none", None, None, 0)
            else:
                r, sol, n = _examine(t, limit, total)
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
    return (sign * hi, t, sol, n) if r == "puzzle" and t is not None and sol is not None else None


# --- choosing and writing ------------------------------------------------------------------------

def answer_key(r: dict) -> tuple[str, str]:
    """What a puzzle's answer is, to tell two answers apart: the decision (its kind) and the choice
    up to how it is paid; the same key is the same decision in words ("Grow Chalkis")."""
    return State.from_notation(r["position"]).pending.kind, r["answer"]


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
    per: Counter = Counter()  # (edition, theme) -> count
    first: Counter = Counter()  # (edition, first theme) -> count
    same: Counter = Counter()  # (theme, answer) -> count, both editions together

    def take(r: dict) -> bool:
        nonlocal used
        key = answer_key(r)
        if (r in chosen or len(chosen) >= max_puzzles or used + r["nodes"] > node_budget
                or any(same[(t, key)] >= SAME_ANSWER for t in r["themes"])):
            return False
        chosen.append(r)
        used += r["nodes"]
        for t in r["themes"]:
            per[(r["edition"], t)] += 1
            same[(t, key)] += 1
        first[(r["edition"], r["themes"][0])] += 1
        return True

    for need in range(1, FIRST_PASS + 1):  # every theme first, rarest themes first, where the pool allows
        for t in sorted(THEMES, key=lambda t: sum(t in r["themes"] for r in pool)):
            for ed in EDITIONS:
                if per[(ed, t)] < need:
                    next((r for r in pool if r["edition"] == ed and t in r["themes"] and take(r)), None)
    progress = True
    while progress and len(chosen) < max_puzzles:  # then round-robin over editions and themes
        progress = False
        for ed in EDITIONS:
            for t in THEMES:
                if first[(ed, t)] < PER_THEME and next((r for r in pool if r["edition"] == ed and r["themes"][0] == t
                                                        and take(r)), None) is not None:
                    progress = True
    return sorted(chosen, key=lambda r: (r["edition"], r["difficulty"], r["id"]))


def generate(games: int = 150, seed: int = 1, *, workers: int | None = None, progress: bool = False,
             max_puzzles: int = MAX_PUZZLES, pool: list | None = None) -> dict:
    """Mine ``games`` games per edition and return the file's content (a dict); every puzzle found,
    before the selection, is appended to ``pool`` if given."""
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
    if pool is not None:
        pool += records
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
    ap.add_argument("--pool", default=None, help="also write every puzzle found, before the selection, to this JSON "
                    "file (to study the selection)")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    pool: list = []
    content = generate(args.games, args.seed, workers=args.workers, progress=True, max_puzzles=args.max, pool=pool)
    write_text_atomic(args.out, dumps(content))
    if args.pool:
        write_text_atomic(args.pool, json.dumps(pool, ensure_ascii=False) + "\n")
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
