"""Small shared helpers for the per-rule tests (keep this module small and stable; only add to it)."""
from __future__ import annotations

import pytest

import polis_nb as pn
from polis_nb.rules.topology import topology_of


def play(s: pn.State, *texts: str) -> pn.State:
    """Apply each decision text in order (checked) and return the final state."""
    for t in texts:
        s = pn.apply(s, t)
    return s


def rule_ids(s: pn.State) -> set[str]:
    """Every rule id cited by the log of the decision that made ``s``."""
    return {r for e in s.log for r in e.rules}


def play_ids(s: pn.State, *texts: str) -> tuple[pn.State, set[str]]:
    """Like :func:`play`, but also return every rule id cited along the way."""
    ids: set[str] = set()
    for t in texts:
        s = pn.apply(s, t)
        ids |= rule_ids(s)
    return s, ids


def refused(s: pn.State, text: str) -> pn.Explanation:
    """Assert that ``text`` is illegal in ``s`` and leaves ``s`` unchanged; return the explanation."""
    before = s.to_dict()
    with pytest.raises(pn.IllegalActionError) as err:
        pn.apply(s, text)
    assert s.to_dict() == before
    e = err.value.explanation
    assert not e.legal
    return e


def refused_for(s: pn.State, text: str, *rules: str) -> pn.Explanation:
    """:func:`refused`, plus: ``pn.explain`` agrees and every one of ``rules`` is cited."""
    e = refused(s, text)
    x = pn.explain(s, text)
    assert not x.legal and x.rule_ids == e.rule_ids, (x, e)
    missing = [r for r in rules if r not in e.rule_ids]
    assert not missing, f"{text!r}: {missing} not cited by: {e}"
    return e


def play_log(s: pn.State, *texts: str) -> tuple[pn.State, list[pn.LogEntry]]:
    """Apply decisions in order; return the final state and every log entry they produced."""
    log: list[pn.LogEntry] = []
    for t in texts:
        s = pn.apply(s, t)
        log.extend(s.log)
    return s, log


def ids_of(log: list[pn.LogEntry]) -> set[str]:
    return {r for e in log for r in e.rules}


# --- reading a position by ids (either edition) ----------------------------------------------------

SIDES = {"athens": 0, "sparta": 1}


def units(s: pn.State, area: str) -> tuple[int, int]:
    return s.units[topology_of(s).area_index[area]]


def pop(s: pn.State, polis: str) -> int:
    return s.pop[topology_of(s).polis_index[polis]]


def owner(s: pn.State, polis: str) -> str:
    o = s.owner[topology_of(s).polis_index[polis]]
    return "neutral" if o < 0 else ("athens", "sparta")[o]


def good(s: pn.State, side: str, g: str) -> int:
    return s.goods[SIDES[side]][topology_of(s).good_index[g]]


def prestige(s: pn.State, side: str) -> int:
    return s.prestige[SIDES[side]]


def marker(s: pn.State, g: str) -> int:
    return s.markers[topology_of(s).comp.market_goods.index(g)]


def legal(s: pn.State) -> set[str]:
    return {str(a) for a in pn.legal_actions(s)}


def controller(s: pn.State, area: str) -> str:
    b = topology_of(s)
    c = b.controller(s, b.area_index[area])
    return "nobody" if c < 0 else ("athens", "sparta")[c]


def deal(s: pn.State, attacker_cards: list[str], defender_cards: list[str]) -> pn.State:
    """Force a battle's opening deal: the attacker's cards come first, then the defender's."""
    assert s.pending.kind == "draw-card"
    for c in attacker_cards + defender_cards:
        s = pn.apply(s, f"card {c}")
    return s


def first_exchange(s: pn.State, attack_hand: list[str], defend_hand: list[str], play_text: str,
                   answer_text: str) -> tuple[pn.State, set[str], tuple[int, int]]:
    """Deal a battle's opening hands, let both sides fight on, and play the first exchange.

    Returns the state after it, the rule ids it cited, and the prestige (Athens, Sparta) just before it.
    """
    s = deal(s, attack_hand, defend_hand)
    s = play(s, "fight", "fight")
    assert s.pending.kind == "battle-attack" and s.current_player == ("athens", "sparta")[s.battle.attacker]
    before = s.prestige
    s, ids = play_ids(s, play_text, answer_text)
    return s, ids, before
