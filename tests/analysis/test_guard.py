"""Guard-rails (issue 18): a choice that loses the game at once is known before it is played, with
the deciding rule; positions built by hand whose answers follow from the rules (known_positions.py)."""
import pytest

import polis_nb as pn
from polis_nb.analysis.guard import question, quick_loss

from . import known_positions as kp


def test_end_capital_unfed_passing_without_wheat_loses_at_once():
    # Ed1 · Spielende: Sparta passes with no wheat and too little prestige; the round end follows
    # with no decision of Sparta's that could save it
    s = kp.ed1_tribute_for_wheat_before_passing()
    loss = quick_loss(s, "pass")
    assert loss is not None and loss.outcome.rules == ("end.capital-unfed",)
    assert loss.outcome.winner == "athens" and "Sparta" in loss.why and "capital" in loss.why
    assert question(s, "pass") is not None  # tribute +metal does not lose at once: worth asking
    # the choices that leave Sparta a decision of its own are no loss at once
    assert quick_loss(s, "tribute +metal") is None and quick_loss(s, "hoplites +metal") is None


def test_end_ostracism_selling_the_last_prestige_at_phoros_loses_at_once():
    # Ed1 · Rundenende › 6. Phoros and Spielende: Sparta, deciding next, keeps prestige
    s = kp.ed1_all_in_phoros()
    loss = quick_loss(s, "phoros 3")
    assert loss is not None and loss.outcome.rules == ("end.ostracism",) and loss.outcome.winner == "sparta"
    assert all(quick_loss(s, f"phoros {k}") is None for k in (0, 1, 2))
    assert question(s, "phoros 3") is not None and question(s, "phoros 1") is None


def test_end_ostracism_feeding_with_the_last_prestige_loses_at_once():
    s = kp.ed1_feeding_with_the_last_prestige()  # Ed1 · Rundenende › 2. Versorgung
    assert quick_loss(s, "feed prestige").outcome.rules == ("end.ostracism",)
    assert quick_loss(s, "release chalkis") is None


def test_end_ostracism_a_shared_result_is_no_loss():
    # both sides without prestige after Phoros: neither wins (Ed1 · Spielende), so nothing to warn of
    s = kp.ed1_both_ostracised()
    assert all(quick_loss(s, a) is None for a in pn.legal_actions(s))


def test_end_ostracism_ed2_phoros_asks_before_the_last_prestige():
    s = kp.ed2_phoros_for_three_silver()  # Ed2 · Koniec gry
    assert quick_loss(s, "phoros 2").outcome.rules == ("end.ostracism-ed2",)
    assert quick_loss(s, "phoros 1") is None


def test_a_loss_later_in_the_turn_is_not_at_once():
    # Ed1: hoplites +wheat starves Athenai at the round end, but Athens still chooses where to march
    # first: the guard-rail only speaks of losses before the chooser decides again
    s = kp.ed1_capital_unfed_after_paying_with_wheat()
    assert quick_loss(s, "hoplites +wheat") is None


@pytest.mark.parametrize("bad", ["trade", "phoros 9"])
def test_an_illegal_choice_is_not_judged(bad):
    s = kp.ed1_all_in_phoros()
    assert quick_loss(s, bad) is None
