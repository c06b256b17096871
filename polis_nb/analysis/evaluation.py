"""The cut-off evaluation: how often Athens would win the engine's playout from here, estimated.

A playout of the search stops after a fixed number of decisions (:data:`HORIZON`) and this
evaluation scores the position it reached instead of playing on. It is a logistic model over a few
features of the position (score margin, goods, units, poleis, and how far each side is from
starving or being ostracised at the round's end), weighted by how far the game has gone. Its
weights (``evaluation.json`` beside this module) are fitted by ``python -m
polis_nb.analysis.fit_evaluation`` on positions of seeded games of the playout policy, each labelled
with how that game ended: so the evaluation estimates *the share of the engine's playouts Athens
would win from the position*, the very number a full playout samples, only sooner.

It is an estimate and never a proof: the search proves outcomes only from finished games
(:mod:`.solver`, :mod:`.search`).
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from ..rules import State, Topology, topology_of

HORIZON = 40  # decisions a playout plays below the tree before the evaluation scores it
WEIGHTS_FILE = Path(__file__).with_name("evaluation.json")
FEATURES = ("bias", "score", "score_late", "goods", "wheat", "units", "poleis", "danger_athens",
            "danger_sparta", "prestige")


def _side(s: State, p: int, b: Topology) -> tuple[int, int, int, int, int, int, int]:
    cubes = poleis = 0
    for o, n in zip(s.owner, s.pop):
        if o == p:
            cubes += n
            poleis += 1
    legacy = 0
    if s.done:
        pi = b.project_index
        legacy = sum(pi[t].end_prestige for t, i in s.done if s.owner[i] == p)
    goods = s.goods[p]
    wheat = goods[-1]
    units = 0
    for u in s.units:
        units += u[p]
    gap = cubes - wheat
    danger = gap - s.prestige[p] + 1 if gap > 0 else 0
    return cubes + s.prestige[p] + legacy, sum(goods), wheat, units, poleis, max(0, danger), s.prestige[p]


def features(s: State) -> tuple[float, ...]:
    """The features of ``s`` in the order of :data:`FEATURES` (Athens minus Sparta, except the
    dangers, which are each side's own: the wheat it lacks at round end beyond what its prestige,
    keeping one, could pay)."""
    b = topology_of(s)
    a = _side(s, 0, b)
    sp = _side(s, 1, b)
    rounds = len(b.comp.rounds)
    late = (s.round + (0.5 if s.phase in ("roundend", "battles") else 0.0) + 1) / rounds
    score = a[0] - sp[0]
    return (1.0, score, score * late, a[1] - sp[1], a[2] - sp[2], a[3] - sp[3], a[4] - sp[4], a[5], sp[5],
            a[6] - sp[6])


@lru_cache(maxsize=None)
def weights(edition: str) -> tuple[float, ...]:
    """The fitted weights for ``edition`` (zeros, i.e. 50%, if none were fitted)."""
    try:
        data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return (0.0,) * len(FEATURES)
    w = data["editions"].get(edition)
    if w is None:
        return (0.0,) * len(FEATURES)
    return tuple(float(w[f]) for f in FEATURES)


def athens_value(s: State) -> float:
    """Athens' estimated share of playout wins from ``s`` (a finished game: its result)."""
    o = s.outcome
    if o is not None:
        return 0.5 if o.winner is None else 1.0 if o.winner == "athens" else 0.0
    w = weights(s.edition)
    z = sum(x * y for x, y in zip(features(s), w))
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))
