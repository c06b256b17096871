"""Proofs benchmark: of the certain outcomes at late-game positions, how many the analysis labels
proven (issue 27). Prints figures, asserts nothing.

    python bench/proofs.py [--positions 57] [--budget 2000] [--games 40] [--limit 20000] [--show 8]

**Positions.** Late-game decisions of seeded self-play games of the playout bot (both editions,
game ``i`` seeded as the puzzle generator seeds it), taken where the puzzle generator looks for
candidates (:func:`polis_nb.puzzles.generate.candidate_kind`: the last round's round end, a side
acting alone in the last round; and its acting-alone studies, :func:`polis_nb.puzzles.studies`),
where nothing is hidden from the side to decide. A position is kept when the independent oracle
(``tests/analysis/oracle.py``: expectimax over the kernel, exact fractions) solves every choice
within ``--limit`` positions in all without meeting a battle hand hidden from that side; the first
``--positions`` of them, the editions taken in turn.

**Figures.** Each position is analysed with ``pn.analyse(s, budget, seed=0)``. Of the choices the
oracle values 1 or 0 for the side to decide (*certain wins and losses*), how many the analysis
labels proven "win" or "loss"; of the *sure shared results* (worth ½ with a line of best play that
ends shared whatever chance does), how many it labels "shared"; labels that disagree with the oracle
(wrong, must be none); the best choice among the oracle's best; estimates shown from fewer than
``MIN_INTERVAL`` playouts; the analysis time per position. ``--show`` prints that many of the
certain choices left unproven (position, oracle tree size, visits, what the analysis shows).

The same figures for the hand-built positions of ``tests/analysis/known_positions.py`` (and each
one before the other side passed, where the oracle solves it) with ``--known 1``; and, over
``--thin`` positions of whole self-play games analysed at the Board's budget (400), how many
choices are shown as estimates from fewer than ``MIN_INTERVAL`` playouts. And ``--both`` territory
studies of last-round turns nobody has passed in (:func:`both_acting`), the oracle solving them.

``--cache FILE`` keeps the positions and their oracle values, so that two versions of the engine
are measured on the same positions.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.analysis.oracle

import polis_nb as pn  # noqa: E402
from polis_nb.analysis.cluster import task_rng  # noqa: E402
from polis_nb.analysis.evaluate import MIN_INTERVAL  # noqa: E402
from polis_nb.analysis.hidden import hidden_from  # noqa: E402
from polis_nb.puzzles.generate import MAX_SHIFT, _candidates, shifted  # noqa: E402
from polis_nb.puzzles.studies import _one_territory, battle_ends  # noqa: E402
from polis_nb.rules import (CHANCE, apply_unchecked, invariant_problems, is_last_round, topology_of,  # noqa: E402
                            wheat_need)
from polis_nb.analysis.bots import sensible_policy  # noqa: E402
from tests.analysis import oracle  # noqa: E402

HALF = Fraction(1, 2)
ALONE = ("study: territory", "study: market", "study: proxenos")  # studies of a side acting alone
QUICK = 3000  # oracle positions for a last-round position that is no candidate (most are far too big)


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def game_positions(edition: str, index: int, seed: int = 1):
    """The candidate positions of one self-play game (see the module docstring), in game order."""
    rng = task_rng(f"puzzles-{edition}", seed, index)
    check_rng = task_rng(f"puzzles-{edition}-check", seed, index)
    s = pn.new_game(edition=edition, seed=rng.randrange(1 << 30))
    done: Counter = Counter()
    while s.outcome is None:
        if s.pending.player == CHANCE:
            s = apply_unchecked(s, pn.sample_chance(s, rng))
            continue
        todo = _candidates(s, check_rng, done)
        for t, why in todo:
            if why.startswith("study: "):
                done[why[7:].split()[0]] += 1
            yield t, why
            if why.split(",")[0] in ALONE and t.passed:  # the same study before the other side passed
                both = t.evolve(passed=())
                if not invariant_problems(both):
                    yield both, why + ", both acting"
        if is_last_round(s) and not any(t is s for t, _ in todo):
            yield s, "last round"
        s = apply_unchecked(s, sensible_policy(s, rng))


Solved = tuple[list[tuple[str, Fraction, bool]], int]


def solved(s: pn.State, limit: int) -> Solved | None:
    """Every choice at ``s`` with the oracle's value for the side to decide and whether it is a
    sure shared result, and the positions the oracle met; None if too big or hidden cards below."""
    side = s.current_player
    o = oracle.Oracle(side, limit, seen_by=side)
    try:
        out = [(str(a), o.value(t), o.sure(t)) for a in pn.legal_actions(s) for t in [apply_unchecked(s, a)]]
    except (oracle.TooBig, oracle.Hidden):
        return None
    return out, len(o.memo)


def balanced(s: pn.State, got: Solved, why: str, limit: int) -> tuple[pn.State, Solved] | None:
    """Where every choice wins (or every one loses) in the last round or a Phoros study, the position
    with the opponent's prestige shifted by the least amount (up to MAX_SHIFT) that changes that,
    as the puzzle generator balances its candidates (a close game: shared results, choices that
    matter); None if none within reach."""
    vals = {v for _, v, _ in got[0]}
    if len(vals) != 1 or not vals <= {0, 1} or not (is_last_round(s) or why == "study: phoros"):
        return None
    opp = 1 - s.pending.player
    sign = 1 if vals == {1} else -1
    for d in range(1, MAX_SHIFT + 1):
        t = shifted(s, opp, sign * d)
        if t is None:
            return None
        more = solved(t, limit)
        if more is None:
            return None
        if {v for _, v, _ in more[0]} != vals:
            return t, more
    return None


def positions(n: int, games: int, limit: int, least: int) -> list:
    found: dict[str, list] = {"ed1": [], "ed2": []}
    seen: set[pn.State] = set()
    for ed in found:
        for i in range(games):
            if len(found[ed]) >= (n + 1) // 2:
                break
            for s, why in game_positions(ed, i):
                key = s.evolve(ply=0)
                if key in seen or len(pn.legal_actions(s)) < 2:
                    continue
                if hidden_from(s, s.pending.player) and not battle_ends(s):
                    continue
                seen.add(key)
                got = solved(s, limit if why != "last round" else min(limit, QUICK))
                if got is None or got[1] < least:
                    continue
                found[ed].append((s, *got, why))
                other = balanced(s, got, why, limit)
                if other is not None and other[0].evolve(ply=0) not in seen:
                    seen.add(other[0].evolve(ply=0))
                    found[ed].append((other[0], *other[1], why + ", balanced"))
                if len(found[ed]) >= (n + 1) // 2:
                    break
    out = []
    for pair in zip(found["ed1"], found["ed2"]):
        out += pair
    rest = found["ed1"][len(found["ed2"]):] + found["ed2"][len(found["ed1"]):]
    return (out + rest)[:n]


def known(limit: int) -> list[tuple[pn.State, list[tuple[str, Fraction, bool]], int, str]]:
    """The hand-built positions of ``tests/analysis/known_positions.py`` (each argued from the rules)
    and the same positions before the other side passed, those the oracle solves."""
    from tests.analysis import known_positions as kp

    out = []
    seen: set[pn.State] = set()
    for name, build in sorted(kp.POSITIONS.items()):
        s = build()
        for t, why in ((s, name), (s.evolve(passed=()), name + ", nobody passed")):
            if t in seen or (why != name and invariant_problems(t)):
                continue
            seen.add(t)
            got = solved(t, limit)
            if got is not None:
                out.append((t, *got, why))
    return out


def _spare(s: pn.State, p: int) -> tuple[int, ...]:
    """One good of the kind side ``p`` holds most of (wheat and silver aside), or none."""
    mine = s.goods[p]
    silver = topology_of(s).good_index["silver"]
    kinds = [i for i in range(len(mine) - 1) if mine[i] > 0 and i != silver]
    goods = [0] * len(mine)
    if kinds:
        goods[max(kinds, key=lambda i: (mine[i], -i))] = 1
    return tuple(goods)


def both_acting(s: pn.State) -> list[pn.State]:
    """A territory study of a last-round turn nobody has passed in: the units of one territory where
    the side to act has hoplites (the other side's thinned), each side one good to spend and its
    wheat, up to what its cubes eat, turned into as much prestige; no project, proxenos or trade
    ship in play. At most two per position."""
    if not (is_last_round(s) and s.phase == "actions" and not s.passed and s.pending.kind == "turn"):
        return []
    p = s.pending.player
    wheat = len(s.goods[p]) - 1
    pr = tuple(s.prestige[i] + min(s.goods[i][wheat], wheat_need(s, i)) for i in (0, 1))
    out = []
    for area in topology_of(s).territories:
        if s.units[area][p] and len(out) < 2:
            t = s.evolve(goods=(_spare(s, 0), _spare(s, 1)), prestige=pr, units=_one_territory(s, area), display=(),
                         proxenos=(-1, -1), ships_port=(0, 0), siege_discs=())
            if not invariant_problems(t):
                out.append(t)
    return out


def both(n: int, limit: int) -> list[tuple[pn.State, list[tuple[str, Fraction, bool]], int, str]]:
    """The first ``n`` :func:`both_acting` studies of the self-play games the oracle solves (both
    editions in turn, at most two a game)."""
    found: dict[str, list] = {"ed1": [], "ed2": []}
    for ed in found:
        for i in range(200):
            rng = task_rng(f"puzzles-{ed}", 1, i)
            s = pn.new_game(edition=ed, seed=rng.randrange(1 << 30))
            mine = 0
            while s.outcome is None and mine < 2 and len(found[ed]) < (n + 1) // 2:
                if s.pending.player == CHANCE:
                    s = apply_unchecked(s, pn.sample_chance(s, rng))
                    continue
                for t in both_acting(s):
                    got = solved(t, limit) if mine < 2 else None
                    if got is not None and got[1] >= 20:
                        found[ed].append((t, *got, "territory, nobody passed"))
                        mine += 1
                s = apply_unchecked(s, sensible_policy(s, rng))
            if len(found[ed]) >= (n + 1) // 2:
                break
    return (found["ed1"] + found["ed2"])[:n]


def thin(budget: int, count: int) -> None:
    """Estimates shown from fewer than MIN_INTERVAL playouts at positions of the whole game."""
    rng = random.Random(7)
    shown = rows = short = done = 0
    for k in range(count):
        ed = ("ed1", "ed2")[k % 2]
        s = pn.new_game(ed, seed=100 + k)
        stop = rng.randrange(20, 200)
        n = 0
        while not s.is_terminal and (n < stop or s.is_chance or len(pn.legal_actions(s)) < 2):
            s = apply_unchecked(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
            n += 1
        if s.is_terminal:
            continue
        a = pn.analyse(s, budget=budget, seed=0)
        done += 1
        for c in a.choices:
            rows += 1
            if c.proven is None and c.exact is None and c.p is not None:
                shown += 1
                short += c.visits < MIN_INTERVAL
    print(f"\nEstimates at {done} positions of whole games (budget {budget}, the Board's): {rows} choices, "
          f"{shown} shown as estimates, {short} of them from fewer than {MIN_INTERVAL} playouts (load {_load()})")


def measure(todo, budget: int, show: int) -> None:
    certain = proven = shared = shared_proven = wrong = best_ok = thin = 0
    misses = []
    secs = []
    for k, (s, vals, size, _) in enumerate(todo):
        t = time.perf_counter()
        a = pn.analyse(s, budget=budget, seed=0)
        secs.append(time.perf_counter() - t)
        top = max(v for _, v, _ in vals)
        best_ok += a.best is not None and dict((x, v) for x, v, _ in vals)[str(a.best.action)] == top
        for text, v, sure in vals:
            c = a.choice(text)
            want = "win" if v == 1 else "loss" if v == 0 else "shared" if sure else None
            if c.proven is not None and (c.proven != want or c.exact != v):
                wrong += 1
                misses.append((k, s, size, text, v, c, "WRONG"))
            if c.exact is not None and c.exact != v:
                wrong += c.proven is None
            if c.proven is None and c.p is not None and c.exact is None and c.visits < MIN_INTERVAL:
                thin += 1
            if want in ("win", "loss"):
                certain += 1
                proven += c.proven == want
            elif want == "shared":
                shared += 1
                shared_proven += c.proven == want
            if want is not None and c.proven != want:
                misses.append((k, s, size, text, v, c, ""))
    n = len(todo)
    print(f"\nLabelled proven at budget {budget} ({n} positions; load {_load()}):")
    print(f"  certain wins/losses:  {proven} of {certain}")
    print(f"  sure shared results:  {shared_proven} of {shared}")
    print(f"  wrong labels:         {wrong}")
    print(f"  best choice among the oracle's best: {best_ok} of {n}")
    print(f"  estimates shown from fewer than {MIN_INTERVAL} playouts (no exact value): {thin}")
    print(f"  analysis time per position: median {statistics.median(secs):.2f} s, mean {statistics.mean(secs):.2f} s, "
          f"max {max(secs):.2f} s, total {sum(secs):.0f} s")
    kinds = Counter(why for _, _, _, why in todo)
    print("  kinds: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    for k, s, size, text, v, c, flag in misses[:show]:
        print(f"  #{k} {s.edition} round {s.round + 1} {s.phase}/{s.pending.kind} (oracle tree {size}): "
              f"{text!r} = {v}: "
              f"shown {c.proven or ('exact ' + str(c.exact) if c.exact is not None else c.p)} after {c.visits} "
              f"visits {flag}")


def _read(path: Path) -> list:
    return [(pn.State.from_notation(r["position"]), [(x, Fraction(v), sure) for x, v, sure in r["choices"]],
             r["size"], r["kind"]) for r in json.loads(path.read_text())]


def _write(path: Path, todo: list) -> None:
    path.write_text(json.dumps([{"position": s.to_notation(), "choices": [(x, str(v), sure) for x, v, sure in vals],
                                 "size": size, "kind": why} for s, vals, size, why in todo]))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=57)
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--games", type=int, default=60, help="self-play games per edition to look in, at most")
    ap.add_argument("--limit", type=int, default=20_000, help="oracle positions per position, at most")
    ap.add_argument("--least", type=int, default=20, help="oracle positions per position, at least (no trivial ones)")
    ap.add_argument("--show", type=int, default=8)
    ap.add_argument("--known", type=int, default=1, help="1: also the hand-built known positions")
    ap.add_argument("--both", type=int, default=20, help="territory studies of turns nobody has passed in")
    ap.add_argument("--thin", type=int, default=20, help="whole-game positions to count thin estimates at")
    ap.add_argument("--cache", default="", help="a JSON file keeping the positions and their oracle values")
    o = ap.parse_args(argv)
    t = time.perf_counter()
    cache = Path(o.cache) if o.cache else None
    if cache is not None and cache.exists():
        todo = _read(cache)
    else:
        todo = positions(o.positions, o.games, o.limit, o.least)
        if cache is not None:
            _write(cache, todo)
    sizes = [size for _, _, size, _ in todo]
    kinds = sum(len(v) for _, v, _, _ in todo)
    print(f"{len(todo)} positions ({sum(s.edition == 'ed1' for s, _, _, _ in todo)} first edition), {kinds} choices, "
          f"oracle trees of {min(sizes)}-{max(sizes)} positions (median {statistics.median(sizes):.0f}); "
          f"found and solved in {time.perf_counter() - t:.0f} s (load {_load()})")
    measure(todo, o.budget, o.show)
    if o.known:
        hand = known(o.limit)
        print(f"\nHand-built known positions (and the same before the other side passed): {len(hand)} solved")
        measure(hand, o.budget, o.show)
    if o.both:
        cache = Path(o.cache + ".both") if o.cache else None
        if cache is not None and cache.exists():
            studies = _read(cache)
        else:
            studies = both(o.both, o.limit)
            if cache is not None:
                _write(cache, studies)
        print(f"\nTerritory studies of last-round turns nobody has passed in: {len(studies)} solved")
        measure(studies, o.budget, o.show)
    if o.thin:
        thin(400, o.thin)


if __name__ == "__main__":
    main()
