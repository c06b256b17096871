"""Per-rule tests for event cards (Ed1 · Rundenanfang › 2. Ereigniskarte ausführen). The round's card
is forced by applying it ("event holy-war"); end-of-turn effects are tested with a small component
overlay that adds a made-up Hermenfrevel-style card to the first-round deck."""
from __future__ import annotations

import json
import tempfile
from functools import lru_cache
from pathlib import Path

import polis_nb as pn
from polis_nb.rules.topology import topology_of

from .helpers import play, refused, rule_ids

SEED = 1
ATHENS, SPARTA = 0, 1
SILVER = 4

OVERLAY = {
    "format": "polis_nb.components/1",
    "name": "ed1-test-events",
    "extends": "ed1-default",
    "description": "Test overlay: made-up event cards for the per-rule tests.",
    "events": [
        {"id": "test-hermen", "name": "Test Herms", "deck": "3", "copies": 1,
         "effects": [{"op": "lose", "player": "athens", "args": ["prestige", 1], "when": "end-of-turn"}],
         "provenance": "reconstructed", "source": "tests/rules", "basis": "made up to test end-of-turn effects"},
        {"id": "test-shame", "name": "Test Shame", "deck": "3", "copies": 1,
         "effects": [{"op": "lose", "player": "sparta", "args": ["prestige", 5]}],
         "provenance": "reconstructed", "source": "tests/rules", "basis": "made up to test owed prestige"},
    ],
}


@lru_cache(maxsize=None)
def overlay_components():
    """The test overlay, written to a temporary file and loaded like a user's component file."""
    path = Path(tempfile.mkdtemp(prefix="polis-rules-")) / "ed1-test-events.json"
    path.write_text(json.dumps(OVERLAY), encoding="utf-8")
    return pn.load_components(path)


def before_event(seed: int = SEED, components=None) -> pn.State:
    """A new game whose three project tiles are drawn; the event card is next (a chance decision)."""
    s = pn.new_game(seed=seed, components=components)
    while s.pending.kind == "draw-project":
        s = pn.apply(s, pn.legal_actions(s)[0])
    assert s.pending.kind == "draw-event"
    return s


def revealed(event: str, components=None, **state) -> pn.State:
    s = before_event(components=components)
    if state:
        s = s.evolve(**state)
    return pn.apply(s, f"event {event}")


def area(s, name):
    return topology_of(s).area_index[name]


def effect_lines(s):
    return [e for e in s.log if "event.effects" in e.rules]


# --- event.effects ------------------------------------------------------------------------------


def test_event_effects__gains():
    """Ed1 · Rundenanfang › 2.: Destruction of the Persian fleet gives Sparta a silver and Athens a
    prestige; with equal prestige Athens reads the card and applies its part first."""
    s0 = before_event()
    s = pn.apply(s0, "event persian-fleet")
    assert "event.effects" in rule_ids(s)
    assert s.goods[SPARTA][SILVER] == s0.goods[SPARTA][SILVER] + 1
    assert s.prestige == (s0.prestige[0] + 1, s0.prestige[1])
    assert [e.player for e in effect_lines(s)] == ["athens", "sparta"]


def test_event_effects__reader_with_more_prestige_goes_first():
    """Ed1 · Rundenanfang › 2.: the player with more prestige (here Sparta) reveals the card and applies
    its part before the other player."""
    s = revealed("persian-fleet", prestige=(3, 4))
    assert s.log[0].player == "sparta" and "round.event" in s.log[0].rules
    assert [e.player for e in effect_lines(s)] == ["sparta", "athens"]


def test_event_effects__place_units():
    """Ed1 · Rundenanfang › 2.: the Earthquake in Sparta puts a Spartan galley into the Ionion Pelagos and
    an Athenian hoplite into Messenia, both from the players' supplies."""
    s0 = before_event()
    b = topology_of(s0)
    s = pn.apply(s0, "event earthquake")
    assert "event.effects" in rule_ids(s)
    assert s.units[area(s, "ionion")][SPARTA] == s0.units[area(s, "ionion")][SPARTA] + 1
    assert s.units[area(s, "messenia")][ATHENS] == s0.units[area(s, "messenia")][ATHENS] + 1
    assert b.supply(s, ATHENS) == b.supply(s0, ATHENS) - 1
    assert b.supply(s, SPARTA) == b.supply(s0, SPARTA) - 1


def test_event_effects__respect_stacking_limit():
    """Ed1 · Rundenanfang › 2.: an event never pushes a player over the round's stacking limit; a Sparta
    already with three galleys in the Ionion Pelagos gets none there."""
    s0 = before_event()
    i = area(s0, "ionion")
    units = tuple((0, 3) if k == i else u for k, u in enumerate(s0.units))
    s = pn.apply(s0.evolve(units=units), "event earthquake")
    assert s.units[i] == (0, 3)
    assert "stack.limit" in rule_ids(s)
    assert s.units[area(s, "messenia")][ATHENS] == 1


def test_event_effects__need_supply():
    """Ed1 · Rundenanfang › 2.: units granted by an event come from the supply; with no cube left Athens
    gets no hoplite from the Holy War, while Sparta gets its own."""
    s0 = before_event()
    b = topology_of(s0)
    full = {"megaris": 3, "arkadia": 3, "thessalia": 3, "makedonia": 3, "akarnania": 3, "achaia": 3,
            "messenia": 3, "sikelia": 1}
    units = tuple((full.get(b.area_ids[k], u[0]), u[1]) for k, u in enumerate(s0.units))
    s0 = s0.evolve(units=units)
    assert b.supply(s0, ATHENS) == 0
    s = pn.apply(s0, "event holy-war")
    assert s.units[area(s, "boiotia")] == (0, 0)
    assert s.units[area(s, "thessalia")] == (3, 1)
    assert "event.effects" in rule_ids(s)


def test_event_effects__remove_own_unit():
    """Ed1 · Rundenanfang › 2.: with the Philopersians each player, reader first, takes one of its own
    units off the board and gains a prestige."""
    s0 = before_event()
    s = pn.apply(s0, "event philopersians")
    assert s.pending == pn.Pending("event-remove", ATHENS, s.pending.data)
    assert "remove lakedaimon" not in {str(a) for a in pn.legal_actions(s)}
    s = play(s, "remove ionia")
    assert s.units[area(s, "ionion")] == s0.units[area(s, "ionion")]
    assert s.units[area(s, "ionia")][ATHENS] == s0.units[area(s, "ionia")][ATHENS] - 1
    assert s.pending.player == SPARTA and s.prestige[ATHENS] == s0.prestige[ATHENS] + 1
    s = play(s, "remove myrtoon")
    assert "event.effects" in rule_ids(s)
    assert s.units[area(s, "myrtoon")][SPARTA] == s0.units[area(s, "myrtoon")][SPARTA] - 1
    assert s.prestige == (s0.prestige[0] + 1, s0.prestige[1] + 1)
    assert s.pending.kind == "turn"


def test_event_effects__remove_refused_where_no_own_unit():
    """Ed1 · Rundenanfang › 2.: a player can only remove a unit it has; Athens has none in Lakedaimon."""
    s = revealed("philopersians")
    e = refused(s, "remove lakedaimon")
    assert "event.effects" in e.rule_ids


def test_event_effects__close_market():
    """Ed1 · Rundenanfang › 2.: after Xerxes' assassination Persis is closed for this round."""
    s = revealed("xerxes")
    assert s.closed == ("persis",)
    assert {"event.effects", "trade.market-closed"} <= rule_ids(s)


def test_event_effects__none():
    """Ed1 · Rundenanfang › 2.: a No Event card changes nothing."""
    s0 = before_event()
    s = pn.apply(s0, "event no-event")
    assert "event.effects" not in rule_ids(s)
    assert (s.prestige, s.goods, s.units) == (s0.prestige, s0.goods, s0.units)


# --- event.end-of-turn ----------------------------------------------------------------------------


def test_event_end_of_turn():
    """Ed1 · Rundenanfang › 2. (yucata note on Hermenfrevel): an end-of-turn effect does nothing when the
    card is revealed but acts after every turn of the round, Sparta's and Athens' alike."""
    s = revealed("test-hermen", components=overlay_components())
    a, sp = s.prestige
    assert a == sp  # nothing happened when the card was revealed
    assert s.current_player == "sparta"
    s1 = play(s, "pass")
    assert "event.end-of-turn" in rule_ids(s1)
    assert s1.prestige == (a - 1, sp)
    s2 = play(s1, "proxenos +metal", "polis thebai by land")
    assert s2.prestige == (a - 1, sp)  # actions taken alone do not end the turn
    s3 = play(s2, "pass")
    assert "event.end-of-turn" in rule_ids(s3)
    assert s3.prestige == (a - 2, sp)


def test_event_end_of_turn__each_regular_turn():
    """Ed1 · Rundenanfang › 2. (yucata note): with nobody passed, each two-action turn ends with the effect."""
    s = revealed("test-hermen", components=overlay_components())
    a, sp = s.prestige
    s = play(s, "proxenos", "polis argos by land")
    assert s.prestige == (a, sp)
    s = play(s, "ships", "polis pylos", "pay wood")
    assert "event.end-of-turn" in rule_ids(s)
    assert s.prestige == (a - 1, sp)
    assert s.current_player == "athens"


def test_event_end_of_turn__not_from_ordinary_cards():
    """Ed1 · Rundenanfang › 2.: ordinary cards act once, when revealed; nothing happens at turn ends."""
    s = revealed("persian-fleet")
    s = play(s, "pass")
    assert "event.end-of-turn" not in rule_ids(s)


# --- event.start-player ---------------------------------------------------------------------------


def test_event_start_player():
    """Ed1 · Rundenanfang › 2./3.: Leotychidas II makes Athens the start player although equal prestige
    would let Sparta begin."""
    s = revealed("leotychidas")
    assert s.prestige[0] == s.prestige[1]
    assert "event.start-player" in rule_ids(s)
    assert s.current_player == "athens" and s.start_player == ATHENS


def test_event_start_player__without_card():
    """Ed1 · Rundenanfang › 3.: without such a card the prestige rule holds (Sparta on a tie)."""
    s = revealed("no-event")
    assert "event.start-player" not in rule_ids(s)
    assert "round.start-player" in rule_ids(s)
    assert s.current_player == "sparta"
