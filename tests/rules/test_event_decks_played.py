"""Every event card of every packaged component set, drawn in a seeded game and played through.

For each card of each deck (Ed1 · Rundenanfang › 2. Ereigniskarte ausführen; prototype-data.md §2.6 for
the decks of rounds 4, 5α and 5β; Ed2 · Przebieg rundy for Alpha, Epsilon and Omega): a seeded game is
set to that card's round, the card is drawn (the chance outcome forced), and seeded sensible bots play
the round out and the round end after it, until the next round's event is drawn or the game ends. At
every decision the position keeps its invariants, chance sums to 1 and the position text and JSON
round-trip; every rule id cited belongs to the edition played. The same seed plays the same game.
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

import polis_nb as pn
from polis_nb.analysis import sensible_policy
from polis_nb.data import packaged_components
from polis_nb.rules.editor import invariant_problems

SETS = (("ed1", "ed1-default"), ("ed1", "ed1-prototype"), ("ed2", "ed2-default"))
CASES = [(ed, name, e.deck, e.id) for ed, name in SETS for e in packaged_components(name).events]


def _cited(s: pn.State, ids) -> None:
    assert all(r in pn.RULES and s.edition in pn.RULES[r].editions for r in ids), (s.edition, ids)


def _round_of(comp: pn.Components, deck: str) -> int:
    return [r.label for r in comp.rounds].index(deck)


def play_card(edition: str, name: str, deck: str, cid: str, seed: int) -> tuple[pn.State, list[str]]:
    comp = packaged_components(name)
    s = pn.edit(pn.settle(pn.new_game(edition, seed=seed, components=comp)), round=deck,
                goods={"athens": {"wheat": 8}, "sparta": {"wheat": 8}})
    s = s.evolve(phase="start", pending=pn.Pending("draw-event", -1), start_player=-1)
    assert f"event {cid}" in [str(a) for a in pn.legal_actions(s)], f"{cid} is not in the round's deck"
    s = pn.apply(s, f"event {cid}")
    assert s.event == cid
    rng = random.Random(seed)
    trace = [f"event {cid}"]
    start_round = s.round
    steps = 0
    while not s.is_terminal and not (s.round > start_round and s.pending.kind in ("turn", "draw-event")
                                     and s.event is None):
        assert not invariant_problems(s), invariant_problems(s)
        acts = pn.legal_actions(s)
        assert acts, s.pending
        if s.is_chance:
            assert sum(p for _, p in pn.chance_outcomes(s)) == Fraction(1)
        if steps % 5 == 0:
            assert pn.State.from_notation(s.to_notation()) == s
            assert pn.State.from_dict(s.to_dict()) == s
        a = pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng)
        s = pn.apply(s, a)
        trace.append(str(a))
        for e in s.log:
            _cited(s, e.rules)
        steps += 1
        assert steps < 3000, "the round does not end"
    if s.is_terminal:
        _cited(s, pn.outcome(s).rules)
    return s, trace


@pytest.mark.parametrize("edition, name, deck, cid", CASES, ids=[f"{c[1]}-{c[3]}" for c in CASES])
def test_round_event__every_card_drawn_and_played(edition, name, deck, cid):
    seed = sum(map(ord, cid)) % 97
    s, trace = play_card(edition, name, deck, cid, seed)
    s2, trace2 = play_card(edition, name, deck, cid, seed)
    assert trace2 == trace and s2 == s


def test_round_event__the_decks_hold_forty_cards_in_ed1():
    """prototype-data.md §2.6: 8 + 8 + 12 + 12 cards, the published total of 40."""
    for name in ("ed1-default", "ed1-prototype"):
        comp = packaged_components(name)
        sizes = {r.label: sum(e.copies for e in comp.events if e.deck == r.label) for r in comp.rounds}
        assert sizes == {"3": 8, "4": 8, "5a": 12, "5b": 12}, name
