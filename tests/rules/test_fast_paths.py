"""The quick filters behind legal_actions agree with the explaining checks, choice by choice.

The kernel lists options through fast predicates and explains refusals through slower checks that
build the explanation; here both must give the same verdict on positions from seeded games of both
editions. ``is_legal`` (which may decide one choice without listing them all) agrees with the list.
"""
import random

import pytest

import polis_nb as pn
from polis_nb.analysis import random_policy, sensible_policy
from polis_nb.rules.board import board
from polis_nb.rules.engine import is_legal
from polis_nb.rules.military import siege_refusal, tribute_refusal
from polis_nb.rules.politics import proxenos_refusal, trade_refusal
from polis_nb.rules.state import Pending


def _states(edition, n_games=12):
    for seed in range(n_games):
        rng = random.Random(seed)
        s = pn.new_game(edition, seed=seed)
        pol = sensible_policy if seed % 2 else random_policy
        while not s.is_terminal:
            if s.pending.kind == "turn":
                yield s
            a = pn.sample_chance(s, rng) if s.is_chance else pol(s, rng)
            s = pn.apply(s, a)


def _as(s, kind):
    return s.evolve(pending=Pending(kind, s.pending.player))


def _agree(s, kind, action, refusal) -> None:
    """``action`` is listed exactly when the explaining check finds no refusal, and is_legal agrees."""
    at = _as(s, kind)
    listed = action in set(pn.legal_actions(at))
    assert listed == (refusal is None), (action, refusal)
    assert is_legal(at, action) == listed, action


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
@pytest.mark.parametrize("check", ["trade", "proxenos", "siege", "tribute"])
def test_fast_paths_agree_with_refusals(check, edition):
    seen = 0
    for s in list(_states(edition))[::3]:
        p = s.pending.player
        b = board(s)
        if check == "trade":
            for o in b.offers:
                _agree(s, "trade-offer", pn.Action("offer", (o.id, "buy")), trade_refusal(s, p, o.id, "buy"))
                for g in o.demand:
                    args = (o.id, "exchange") if len(o.demand) == 1 else (o.id, "exchange", g)
                    _agree(s, "trade-offer", pn.Action("offer", args), trade_refusal(s, p, o.id, "exchange", g))
        elif check == "proxenos":
            for d, pid in enumerate(b.polis_ids):
                for mode in ("land", "sea"):
                    _agree(s, "proxenos-dest", pn.Action("polis", (pid, "by", mode)), proxenos_refusal(s, p, d, mode))
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
