"""Odds: sieges and market dice (exact, checked against the kernel's chance steps) and battles (exact
enumeration against hand-worked cases and against Monte Carlo on the kernel).

Rules: Ed1 · Aktionen › g. Polis belagern; i. Handel treiben; Schlachten.
"""
from __future__ import annotations

import random
import sys
from fractions import Fraction
from itertools import product

import pytest

import polis_nb as pn
from polis_nb.analysis.odds import (BattleOutcome, battle_odds, battle_odds_setup, market_move_odds,
                                    market_value_after, setup_state, siege_odds, siege_odds_for)
from polis_nb.rules.topology import topology_of
from polis_nb.rules.state import CHANCE, Pending

# =================================================================================================
# Sieges
# =================================================================================================


@pytest.mark.parametrize("fort, p", [(1, Fraction(1)), (2, Fraction(3, 4)), (3, Fraction(1, 2)), (4, Fraction(1, 4)),
                                     (5, Fraction(0))])
def test_siege_fortification(fort, p):
    """siege.fortification: d4 >= fortification; fortification 1 needs no roll."""
    o = siege_odds(fort)
    assert o.p_success == p and isinstance(o.p_success, Fraction)
    assert o.p_failure == 1 - p
    assert o.needed == (None if fort == 1 else fort)
    # success gains the fortification, the action cost 1 prestige either way
    assert o.expected_prestige == p * fort - 1
    assert o.expected_hoplites_lost == 1 - p


def test_siege_modifier_raises_the_odds():
    """Second-edition siege discs: +1 per disc to the roll."""
    assert siege_odds(3, modifier=1).p_success == Fraction(3, 4)
    assert siege_odds(5, modifier=1).p_success == Fraction(1, 4)
    assert siege_odds(4, modifier=3).p_success == 1
    assert siege_odds(4, modifier=-1).p_success == 0
    assert siege_odds(1, modifier=-2).p_success == 1  # no roll at fortification 1
    with pytest.raises(ValueError):
        siege_odds(0)


def test_siege_odds_match_the_kernel_die():
    """The kernel's siege die (chance_outcomes) gives the same success probability."""
    s = pn.position(round="4", to_move="athens", units={"boiotia": (3, 0)})
    o = siege_odds_for(s, "thebai")
    assert o.fortification == 3 and o.polis == "Thebai" and o.refusal is None
    die = pn.apply(pn.apply(s, "siege"), "polis thebai")
    d = siege_odds(die)
    assert d.p_success == o.p_success and d.polis == "Thebai"
    thebai = topology_of(s).polis_index["thebai"]
    won = sum(p for a, p in pn.chance_outcomes(die) if pn.apply(die, a).owner[thebai] == 0)
    assert won == o.p_success
    # not legal without hoplites: the refusal says why
    far = siege_odds_for(pn.position(round="4", to_move="athens"), "thebai")
    assert far.refusal and "Boiotia" in far.refusal
    assert "Thebai" in str(o) and "1/2" in o.to_table() and "&" not in o.to_table()


# =================================================================================================
# Market dice
# =================================================================================================


def _two_dice(f):
    d: dict[int, Fraction] = {}
    for a, b in product(range(1, 5), repeat=2):
        d[f(a, b)] = d.get(f(a, b), Fraction(0)) + Fraction(1, 16)
    return dict(sorted(d.items()))


def test_market_move_distributions():
    """trade.market-value (ed1) and the ed2 dice as the fact sheet gives them."""
    for ed, mode in product(("ed1", "ed2"), ("exchange", "buy")):
        m = market_move_odds(mode, ed)
        assert sum(m.distribution.values()) == 1
        assert set(m.distribution) == {1, 2, 3, 4}
    assert market_move_odds("exchange").distribution == {k: Fraction(1, 4) for k in range(1, 5)}
    assert market_move_odds("exchange").direction == "right"
    assert market_move_odds("buy").distribution == _two_dice(max)
    assert market_move_odds("buy").direction == "left"
    assert market_move_odds("exchange", "ed2").distribution == _two_dice(min)
    assert market_move_odds("buy", "ed2").distribution == {k: Fraction(1, 4) for k in range(1, 5)}
    with pytest.raises(ValueError):
        market_move_odds("steal")


@pytest.mark.parametrize("mode, start", [("exchange", 0), ("exchange", 6), ("buy", 2), ("buy", 7)])
def test_market_value_after_matches_the_kernel(mode, start):
    """The marker's position distribution (clamped at the track ends) equals the kernel's market die."""
    s = pn.position(round="4", to_move="athens", markers={"oil": start})
    m = market_value_after(s, "oil", mode)
    assert sum(m.positions.values()) == 1 and m.start == start
    die = s.evolve(pending=Pending("market-die", CHANCE, (0, "oil", mode)))
    kernel: dict[int, Fraction] = {}
    for a, p in pn.chance_outcomes(die):
        x = pn.apply(die, a).markers[3]
        kernel[x] = kernel.get(x, Fraction(0)) + p
    assert m.positions == dict(sorted(kernel.items()))
    for load, prices in m.prices.items():
        assert sum(prices.values()) == 1


# =================================================================================================
# Battles: exact single exchanges, worked by hand
# =================================================================================================

ATT = ["phalanx:othismos", "archers:shoot"]


def test_single_exchange_from_known_hands():
    """battle.formation. Sparta attacks with Phalanx/Othismos (2) and Archers/Shoot (0); Athens holds
    Phalanx/Advance (1) and Cavalry/Hold (0). Answered in order, the Phalanx is matched (+2-1 = 1
    prestige) and the Archers are not (a loss); crossed, both fail (2 losses, +2). Either way Athens
    keeps fewer than 2 units."""
    hands = (["phalanx:advance", "cavalry:hold"], ATT)
    r = battle_odds_setup("land", (2, 2), hands=hands, exact=True)
    assert r.exact and r.samples is None and r.policy == {"sparta": "random", "athens": "random"}
    assert r.outcomes == {BattleOutcome(1, 0, 0, 1, "defender-broken"): 0.5,
                          BattleOutcome(2, 0, 0, 2, "defender-broken"): 0.5}
    g = battle_odds_setup("land", (2, 2), hands=hands, exact=True, policy_defender="greedy")
    assert g.outcomes == {BattleOutcome(1, 0, 0, 1, "defender-broken"): 1.0}
    assert g.policy_defender == "greedy" and g.ended_by == {("defender-broken", "athens"): 1.0}


def test_next_exchange_against_an_unknown_hand():
    """Athens' two cards are unknown (drawn from the other 22). A greedy defence loses nothing only
    with a Phalanx (7 left) and an Archers card (4 left), or the Mercenaries with either:
    (7*4 + 7 + 4) / C(22, 2) = 39/231 = 13/77."""
    r = battle_odds_setup("land", (2, 2), hands=(None, ATT), policy_defender="greedy", exact=True, exchanges=1)
    assert r.p_loses_at_least("athens", 1).p == pytest.approx(64 / 77, abs=1e-12)
    assert r.p_end("continues").p == pytest.approx(13 / 77, abs=1e-12)
    # the same from the kernel position with Athens' real hand hidden (view="sparta")
    s = setup_state("land", (2, 2), hands=(["cavalry:hold", "peltasts:hold"], ATT))
    v = battle_odds(s, policy_defender="greedy", exact=True, exchanges=1, view="sparta")
    assert v.p_end("continues").p == pytest.approx(13 / 77, abs=1e-12)


def test_salpinx_loss_is_counted():
    """battle.salpinx, battle.salpinx-unpayable. Sparta, without prestige, must play Phalanx/Advance
    with the Salpinx. If Athens matches the Phalanx (with Othismos: +0) Sparta cannot pay and loses
    the game; if not, the Phalanx' +1 pays for the Salpinx and Athens loses both units."""
    hands = (["phalanx:othismos", "cavalry:hold"], ["phalanx:advance", "salpinx:ambush"])
    r = battle_odds_setup("land", (2, 2), prestige=(3, 0), hands=hands, exact=True)
    assert r.outcomes == {BattleOutcome(0, 0, 0, 0, "salpinx-loss"): 0.5,
                          BattleOutcome(2, 0, 0, 0, "defender-broken"): 0.5}
    assert r.p_salpinx_loss().p == 0.5 and r.p_salpinx_loss("sparta").p == 0.5
    assert r.p_salpinx_loss("athens").p == 0
    mc = battle_odds_setup("land", (2, 2), prestige=(3, 0), hands=hands, exact=False, samples=400)
    assert mc.p_salpinx_loss("sparta").low < 0.5 < mc.p_salpinx_loss("sparta").high
    sea = battle_odds_setup("sea", (2, 2), prestige=(0, 0), exact=True,
                            hands=(["salpinx:ambush", "triacontor:kyklos"], ["trireme:kyklos", "bireme:kyklos"]))
    assert sea.ended_by == {("salpinx-loss", "athens"): 1.0}
    assert "game lost by Salpinx: Athens 1.0000" in sea.to_table()


# =================================================================================================
# Battles: exact against Monte Carlo, engines, stages
# =================================================================================================

LATE = dict(kind="land", units=(4, 4), prestige=(1, 1),
            hands=(["phalanx:advance", "cavalry:advance", "archers:shoot", "peltasts:hold"],
                   ["phalanx:othismos", "cavalry:hold", "archers:advance", "salpinx:ambush"]),
            deck=["phalanx:advance", "phalanx:advance", "cavalry:advance", "peltasts:hold", "mercenaries:hold",
                  "archers:advance"])


def test_exact_agrees_with_kernel_monte_carlo():
    """A small battle (4 v 4 land, six cards left in the deck, random policies): every main
    probability and expectation of the exact result lies in the kernel Monte Carlo's intervals, taken
    at a simultaneous 95% level (Bonferroni over the m figures compared; the single 95% intervals
    are checked for coverage below)."""
    ex = battle_odds_setup(**LATE, exact=True)
    mc = battle_odds_setup(**LATE, exact=False, samples=1000, rng=random.Random(1))
    assert ex.exact and not mc.exact and mc.samples == 1000 and mc.engine == "kernel"
    assert sum(ex.outcomes.values()) == pytest.approx(1.0)
    assert 0.5 < ex.p_end("defender-broken").p < 0.95  # not a degenerate case
    em = ex.marginals()
    mm = mc.at_confidence(1 - 0.05 / len(em)).marginals()
    assert em.keys() == mm.keys()
    for k, e in em.items():
        assert mm[k].low - 1e-9 <= e.p <= mm[k].high + 1e-9, (k, e, mm[k])


def test_wilson_intervals_cover_the_exact_values():
    """Over ten seeds, the Monte Carlo 95% intervals miss the exact main probabilities about one time
    in twenty (here at most 10 of 80 comparisons: 3 standard deviations above the expected 4)."""
    ex = battle_odds_setup(**LATE, exact=True).main_probabilities()
    missed = total = 0
    for seed in range(10):
        mc = battle_odds_setup(**LATE, exact=False, samples=1500, engine="model", rng=random.Random(100 + seed))
        for k, e in mc.main_probabilities().items():
            if 0 < ex[k].p < 1:
                total += 1
                missed += not e.low <= ex[k].p <= e.high
    assert total == 80 and missed <= 10


@pytest.mark.parametrize("kind, units, pa, pd", [("land", (4, 4), "random", "random"),
                                                 ("sea", (5, 3), "greedy", "random"),
                                                 ("land", (3, 5), "retreat-when-behind", "greedy")])
def test_model_engine_replays_the_kernel(kind, units, pa, pd):
    """The compact model makes the same choices from the same random numbers as the kernel: a seeded
    run gives identical samples with either engine."""
    kw = dict(policy_attacker=pa, policy_defender=pd, exact=False, samples=60)
    k = battle_odds_setup(kind, units, **kw, rng=random.Random(7))
    m = battle_odds_setup(kind, units, **kw, rng=random.Random(7), engine="model")
    assert k._counts == m._counts and k.engine == "kernel" and m.engine == "model"


def test_model_engine_replays_the_kernel_from_every_stage():
    """The same from positions in the course of a battle (draws, windows, attacks, answers), and with
    the opponent's hand hidden (``view``)."""
    rng = random.Random(5)
    s = setup_state(**LATE)
    stages = set()
    while s.battle is not None and not s.is_terminal:
        stages.add(s.pending.kind)
        for view in (None, "athens"):
            kw = dict(exact=False, samples=8, view=view, policy_defender="greedy")
            k = battle_odds(s, **kw, rng=random.Random(len(stages)))
            m = battle_odds(s, **kw, rng=random.Random(len(stages)), engine="model")
            assert k._counts == m._counts, (s.pending, view)
        a = pn.sample_chance(s, rng) if s.is_chance else (
            pn.Action("fight") if s.pending.kind == "battle-retreat" else pn.legal_actions(s)[-1])
        s = pn.apply(s, a)
    assert stages == {"draw-card", "battle-retreat", "battle-attack", "battle-defend"}


def test_model_options_are_the_kernels():
    """Option lists in the model are the kernel's legal actions, in the kernel's order."""
    from polis_nb.analysis.battle_model import Cards

    rng = random.Random(3)
    c = Cards("ed1-default", "land")
    for _ in range(8):
        s = setup_state("land", (5, 5), prestige=(rng.randint(0, 1), rng.randint(0, 1)))
        while s.battle is not None and not s.is_terminal:
            bt = s.battle
            legal = [str(a) for a in pn.legal_actions(s)]
            if s.pending.kind == "battle-attack":
                opts = c.attack_options(bt.hands[bt.attacker], s.prestige[bt.attacker] < 1)
                assert legal == [f"play {c.names[i]} {c.names[j]}" for i, j in opts]
            elif s.pending.kind == "battle-defend":
                opts = c.defend_options(bt.hands[1 - bt.attacker], bt.played[0] == bt.played[1])
                assert legal == [f"answer {c.names[i]} {c.names[j]}" for i, j in opts]
            a = pn.sample_chance(s, rng) if s.is_chance else (
                pn.Action("fight") if s.pending.kind == "battle-retreat" else rng.choice(pn.legal_actions(s)))
            s = pn.apply(s, a)


def _absolute(r, s):
    """A result as final (units A, units S, prestige A, prestige S, end) -> probability."""
    u, p = s.units[s.battle.area], s.prestige
    out: dict = {}
    for o, q in r.outcomes.items():
        k = (u[0] - o.losses_athens, u[1] - o.losses_sparta, p[0] + o.prestige_athens, p[1] + o.prestige_sparta, o.end)
        out[k] = out.get(k, 0.0) + q
    return out


def _mix(parts):
    out: dict = {}
    for w, d in parts:
        for k, q in d.items():
            out[k] = out.get(k, 0.0) + w * q
    return out


def _close(a, b):
    assert a.keys() == b.keys()
    for k in a:
        assert a[k] == pytest.approx(b[k], abs=1e-12), k


def test_exact_from_every_battle_stage():
    """Exact odds at a decision equal the mixture of the odds after each choice (random policies:
    uniform) or chance outcome (kernel probabilities): at the attack, the answer and a redraw."""
    late = dict(LATE, deck=LATE["deck"][:4])
    s = pn.apply(pn.apply(setup_state(**late), "fight"), "fight")
    for _ in range(2):  # the attack, then the answer to the first attack
        assert s.pending.kind in ("battle-attack", "battle-defend")
        here = _absolute(battle_odds(s, exact=True), s)
        acts = pn.legal_actions(s)
        _close(here, _mix((1 / len(acts), _absolute(battle_odds(pn.apply(s, a), exact=True), pn.apply(s, a)))
                          for a in acts))
        s = pn.apply(s, acts[0])
    while s.pending.kind == "battle-retreat":
        s = pn.apply(s, "fight")
    assert s.pending.kind == "draw-card"
    here = _absolute(battle_odds(s, exact=True), s)
    _close(here, _mix((float(p), _absolute(battle_odds(pn.apply(s, a), exact=True), pn.apply(s, a)))
                      for a, p in pn.chance_outcomes(s)))


# =================================================================================================
# Battles: results state what they are
# =================================================================================================


def test_results_name_policy_method_and_samples():
    r = battle_odds_setup("sea", (4, 4), policy_attacker="greedy", exact=False, samples=200, engine="model")
    assert r.policy == {"athens": "greedy", "sparta": "random"} and r.attacker == "athens"
    assert not r.exact and r.samples == 200
    text = str(r)
    assert "Athens (attacks next) greedy, Sparta random" in text and "Monte Carlo, 200 samples" in text
    assert "95% Wilson" in text and r.to_table() == text
    e = battle_odds_setup(**LATE, exact=True, policy_attacker="greedy", policy_defender="greedy")
    assert e.exact and e.samples is None and "exact enumeration" in str(e) and "greedy" in str(e)
    assert e.p_end("deck-exhausted") == (e.p_end("deck-exhausted").p,) * 3
    r.note = "<script>alert(1)</script>"
    h = r._repr_html_()
    assert "<script>" not in h and "&lt;script&gt;" in h and "greedy" in h


def test_monte_carlo_is_deterministic_for_a_seed():
    a = battle_odds_setup("land", (5, 5), exact=False, samples=300, engine="model", rng=random.Random(11))
    b = battle_odds_setup("land", (5, 5), exact=False, samples=300, engine="model", rng=random.Random(11))
    c = battle_odds_setup("land", (5, 5), exact=False, samples=300, engine="model")  # default Random(0)
    d = battle_odds_setup("land", (5, 5), exact=False, samples=300, engine="model")
    assert a.outcomes == b.outcomes and c.outcomes == d.outcomes and a.outcomes != c.outcomes


def test_wilson_intervals_and_precision():
    r = battle_odds_setup("land", (5, 5), exact=False, engine="model", precision=0.03)
    assert r.half_width() <= 0.03 and r.samples >= 500
    for e in r.main_probabilities().values():
        assert e.low <= e.p <= e.high


def test_exact_choice_and_budget():
    """exact=None enumerates when quick and samples otherwise; exact=True refuses past its budget."""
    assert battle_odds_setup(**dict(LATE, deck=LATE["deck"][:4])).exact
    fresh = battle_odds_setup("land", (5, 5), engine="model", samples=50)
    assert not fresh.exact and fresh.samples == 50
    with pytest.raises(ValueError, match="node_budget"):
        battle_odds_setup("land", (3, 3), exact=True, node_budget=2_000)
    with pytest.raises(ValueError, match="far beyond"):  # refused at once, not after the budget
        battle_odds_setup("land", (5, 5), exact=True)


def test_retreat_when_behind():
    """battle.retreat: the side with fewer units leaves at the first window and pays 1 prestige."""
    hands = (["cavalry:hold"] * 2 + ["peltasts:hold"], ["phalanx:advance"] * 5)
    r = battle_odds_setup("land", (3, 5), hands=hands, policy_defender="retreat-when-behind", exact=True)
    assert r.outcomes == {BattleOutcome(0, 0, -1, 1, "retreat"): 1.0}
    assert r.ended_by == {("retreat", "athens"): 1.0}
    broke = battle_odds_setup("land", (3, 5), hands=hands, prestige=(0, 5), policy_defender="retreat-when-behind",
                              exact=True, exchanges=1)  # cannot pay: fights
    assert broke.p_end("retreat").p == 0


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="no battle"):
        battle_odds(pn.position(round="4", to_move="athens"))
    with pytest.raises(ValueError, match="unknown land card"):
        battle_odds_setup("land", (2, 2), hands=(["phalanx:diekplous", "cavalry:hold"], None))
    with pytest.raises(ValueError, match="one card per unit"):
        battle_odds_setup("land", (3, 2), hands=(["cavalry:hold"], None))
    with pytest.raises(ValueError, match="unknown policy"):
        battle_odds_setup("land", (3, 3), policy_attacker="clever")


def test_plot_needs_matplotlib(monkeypatch):
    r = battle_odds_setup("land", (2, 2), hands=(["phalanx:advance", "cavalry:hold"], ATT), exact=True)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match="pip install matplotlib"):
        r.plot()


class _FakeAxes:
    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *a, **k: self.calls.append((name, a, k))


def test_plot_draws_with_matplotlib(monkeypatch):
    """plot() draws each side's units lost (checked here against a stand-in for matplotlib)."""
    import types

    ax = _FakeAxes()
    plt = types.ModuleType("matplotlib.pyplot")
    plt.subplots = lambda **k: (None, ax)
    mpl = types.ModuleType("matplotlib")
    mpl.pyplot = plt
    monkeypatch.setitem(sys.modules, "matplotlib", mpl)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", plt)
    r = battle_odds_setup("land", (3, 3), exact=False, samples=50, engine="model")
    assert r.plot() is ax
    bars = [c for c in ax.calls if c[0] == "bar"]
    assert [b[2]["label"] for b in bars] == ["Athens", "Sparta"] and bars[0][2]["yerr"] is not None


def test_progress_bar_uses_tqdm_when_available(monkeypatch):
    import types

    seen = []

    def tqdm(it, total=None, **k):
        seen.append(total)
        return it

    auto = types.ModuleType("tqdm.auto")
    auto.tqdm = tqdm
    monkeypatch.setitem(sys.modules, "tqdm", types.ModuleType("tqdm"))
    monkeypatch.setitem(sys.modules, "tqdm.auto", auto)
    battle_odds_setup("land", (3, 3), exact=False, samples=30, engine="model")  # quick: no bar
    assert seen == []
    battle_odds_setup("land", (3, 3), exact=False, samples=30, engine="model", progress=True)
    assert seen == [30]


def test_siege_odds_count_the_second_edition_siege_discs():
    """Ed2 · Akcje › 7. Oblężenie Polis: each own siege disc in the territory adds 1 to the roll."""
    s = pn.position("ed2", 1, round="epsilon", units={"boiotia": (3, 0)}, siege_discs={"thebai": "athens"},
                    to_move="athens")
    with_disc = siege_odds_for(s, "thebai")
    assert with_disc.p_success == Fraction(3, 4) and with_disc.modifier == 1  # a roll of 2+ with +1 beats 3
    bare = siege_odds_for(pn.position("ed2", 1, round="epsilon", units={"boiotia": (3, 0)}, to_move="athens"),
                          "thebai")
    assert bare.p_success == Fraction(1, 2)
    rolled = pn.apply(pn.apply(s, "siege"), "polis thebai")
    assert siege_odds(rolled).p_success == Fraction(3, 4)
