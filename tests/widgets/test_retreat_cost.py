"""A retreat that costs 2 prestige is a change in the rules only (issue 25): the cost lives on the
battle-retreat Decision, and the kernel, the log, the Board's buttons and the Combat view model all
take it from there."""
from dataclasses import replace

import pytest

import polis_nb as pn
from polis_nb.analysis.odds import BattleOutcome, battle_odds_setup
from polis_nb.render.viewmodel import board_view, label_of, prompt
from polis_nb.rules import Action, prestige_cost, retreat_cost
from polis_nb.rules.decisions import DECISIONS
from polis_nb.widgets import Combat
from polis_nb.widgets.combat import battle_position


@pytest.fixture
def cost_two(monkeypatch):
    """The rules with a retreat that costs 2 prestige (the Decision's spec, nothing else)."""
    d = DECISIONS["battle-retreat"]
    monkeypatch.setitem(DECISIONS, "battle-retreat", replace(d, prestige_costs={**d.prestige_costs, "retreat": 2}))
    return 2


def window(prestige=(3, 3), edition="ed1"):
    """A land battle after the deal: Sparta (the attacker) is asked first whether to retreat."""
    s = pn.settle(battle_position(seed=0, prestige=prestige, edition=edition))
    assert s.pending.kind == "battle-retreat" and s.current_player == "sparta"
    return s


def test_the_retreat_costs_what_its_decision_says():
    assert retreat_cost() == prestige_cost("battle-retreat", "retreat") == 1
    assert prestige_cost("battle-retreat", "fight") == 0
    assert prestige_cost("turn", "siege") == pn.rules.ACTIONS["siege"].prestige_cost == 1


def test_a_retreat_costing_two_changes_the_kernel_and_the_log(cost_two):
    s = window()
    after = pn.apply(s, "retreat")
    assert after.prestige == (s.prestige[0] + 2, s.prestige[1] - 2)
    assert "Sparta retreats from the battle in Boiotia and pays Athens 2 prestige; its units stay" in \
        [e.text for e in after.log]
    ed2 = pn.apply(window(edition="ed2"), "retreat")
    assert any("loses 2 prestige, Athens gains 2" in e.text for e in ed2.log)


def test_a_side_that_cannot_pay_two_is_not_asked(cost_two):
    s = pn.settle(battle_position(seed=0, prestige=(1, 1)))
    assert s.pending.kind == "battle-attack"  # neither side has the 2 prestige: no retreat window
    assert pn.settle(battle_position(seed=0, prestige=(2, 2))).pending.kind == "battle-retreat"


def test_the_board_and_the_combat_view_say_two(cost_two):
    s = window()
    assert label_of(Action("retreat")) == label_of(Action("retreat"), s) == "Retreat (2 prestige)"
    buttons = {b["action"]: b["label"] for b in board_view(s, viewer="sparta")["buttons"]}
    assert buttons["retreat"] == "Retreat (2 prestige)"
    v = Combat(s, mode="bot", side="sparta", odds=False).view
    assert v["prompt"] == prompt(s) == "Sparta: retreat or fight on"  # the decision's prompt, as the Board words it
    r = v["retreat"]
    assert r["enabled"] and r["label"] == "Retreat (2 prestige)" and r["paying"] == "Retreat, paying 2 prestige"
    assert r["reason"] == "Sparta pays 2 prestige to the opponent; its units stay in the area."


def test_the_combat_view_refuses_a_retreat_its_side_cannot_pay(cost_two):
    s = pn.settle(battle_position(seed=0, prestige=(3, 1)))
    assert s.pending.kind == "battle-retreat" and s.current_player == "athens"  # Sparta (1 prestige) skipped
    r = Combat(s, mode="bot", side="sparta", odds=False).view["retreat"]
    assert not r["enabled"] and r["reason"] == "Sparta has 1 prestige; retreating costs 2, paid to the opponent."


def test_the_default_words_are_unchanged():
    s = window()
    v = Combat(s, mode="bot", side="sparta", odds=False).view
    assert v["prompt"] == prompt(s) == "Sparta: retreat or fight on"
    assert (v["retreat"]["label"], v["retreat"]["paying"]) == ("Retreat (1 prestige)", "Retreat, paying 1 prestige")


BEHIND = (["cavalry:hold"] * 2 + ["peltasts:hold"], ["phalanx:advance"] * 5)  # Athens (3 units) is behind


def _retreats(prestige, **kw):
    return battle_odds_setup("land", (3, 5), prestige=prestige, hands=BEHIND, policy_defender="retreat-when-behind",
                             exchanges=1, **kw)


def test_the_battle_odds_model_reads_the_retreat_cost():
    """battle.retreat in the odds' own model (analysis/battle_model.py, battle_exact.py): at the rules'
    cost of 1, Athens with 1 prestige retreats and pays 1."""
    assert _retreats((1, 5), exact=True).outcomes == {BattleOutcome(0, 0, -1, 1, "retreat"): 1.0}


def test_a_retreat_costing_two_changes_the_battle_odds(cost_two):
    """The same battle with a retreat that costs 2: the exact search and the model's Monte Carlo both
    ask the rules, so Athens with 1 prestige cannot retreat, and with 2 it pays 2."""
    for kw in ({"exact": True}, {"exact": False, "engine": "model", "samples": 40}):
        assert _retreats((1, 5), **kw).p_end("retreat").p == 0
        assert _retreats((2, 5), **kw).outcomes == {BattleOutcome(0, 0, -2, 2, "retreat"): 1.0}
