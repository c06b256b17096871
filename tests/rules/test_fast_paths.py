"""The quick filters behind legal_actions agree with the explaining checks, choice by choice.

The kernel lists options through fast predicates and explains refusals through slower checks that
build the explanation; here both must give the same verdict on positions from seeded games.
"""
import random

import pytest

import polis_nb as pn
from polis_nb.analysis import random_policy, sensible_policy
from polis_nb.rules.board import board
from polis_nb.rules.military import siege_refusal, tribute_refusal
from polis_nb.rules.politics import proxenos_refusal, trade_refusal
from polis_nb.rules.state import Pending


def _states(n_games=12):
    for seed in range(n_games):
        rng = random.Random(seed)
        s = pn.new_game(seed=seed)
        pol = sensible_policy if seed % 2 else random_policy
        while not s.is_terminal:
            if s.pending.kind == "turn":
                yield s
            a = pn.sample_chance(s, rng) if s.is_chance else pol(s, rng)
            s = pn.apply(s, a)


def _as(s, kind):
    return s.evolve(pending=Pending(kind, s.pending.player))


@pytest.mark.parametrize("check", ["trade", "proxenos", "siege", "tribute"])
def test_fast_paths_agree_with_refusals(check):
    seen = 0
    for s in list(_states())[::3]:
        p = s.pending.player
        b = board(s)
        if check == "trade":
            legal = set(pn.legal_actions(_as(s, "trade-offer")))
            for oid in b.offer_ids:
                for mode in ("exchange", "buy"):
                    assert (pn.Action("offer", (oid, mode)) in legal) == (trade_refusal(s, p, oid, mode) is None)
        elif check == "proxenos":
            legal = set(pn.legal_actions(_as(s, "proxenos-dest")))
            for d, pid in enumerate(b.polis_ids):
                for mode in ("land", "sea"):
                    assert (pn.Action("polis", (pid, "by", mode)) in legal) == (
                        proxenos_refusal(s, p, d, mode) is None), (pid, mode)
        elif check == "siege":
            legal = set(pn.legal_actions(_as(s, "siege-polis")))
            for i, pid in enumerate(b.polis_ids):
                assert (pn.Action("polis", (pid,)) in legal) == (siege_refusal(s, p, i) is None)
        else:
            legal = set(pn.legal_actions(_as(s, "tribute-area")))
            for t in b.territories:
                assert (pn.Action("area", (b.area_ids[t],)) in legal) == (tribute_refusal(s, p, t) is None)
        seen += 1
    assert seen > 50
