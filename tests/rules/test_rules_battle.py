"""Per-rule tests for battles (Ed1 · Schlachten): trigger, order, hands, exchanges, formations,
Mercenaries, Salpinx, redraws, retreats and the ways a battle ends. Chance is forced by applying
the card drawn ("card phalanx:othismos")."""
from __future__ import annotations

from fractions import Fraction

import polis_nb as pn
from polis_nb.rules.topology import topology_of

from .helpers import play, play_ids, refused, rule_ids

SEED = 1  # first-round event: No Event
ATHENS, SPARTA = 0, 1


def pos(**kw) -> pn.State:
    kw.setdefault("round", "4")
    kw.setdefault("to_move", "athens")
    return pn.position(seed=SEED, **kw)


def end_turn(s: pn.State) -> pn.State:
    """Athens' second action of the turn: its proxenos steps from Athenai to Chalkis (no bribe)."""
    return play(s, "proxenos", "polis chalkis by land")


def land_battle(athens=4, sparta=4, area="boiotia", **kw) -> pn.State:
    """Athens ends a turn with both armies in ``area``: the battle starts (Sparta attacks first)."""
    kw.setdefault("prestige", {"athens": 3, "sparta": 3})
    return end_turn(pos(units={area: (athens, sparta)}, turn_actions=["train"], **kw))


def sea_battle(athens=4, sparta=4, **kw) -> pn.State:
    kw.setdefault("prestige", {"athens": 3, "sparta": 3})
    return end_turn(pos(units={"kyklades": (athens, sparta)}, turn_actions=["train"], **kw))


def deal(s: pn.State, *cards: str) -> pn.State:
    """Force the cards dealt, one chance decision each, in the order the kernel deals them."""
    return play(s, *("card " + c for c in cards))


def area(s: pn.State, name: str) -> int:
    return topology_of(s).area_index[name]


# a standard deal for land battles: Sparta (attacker) first, then Athens
SPARTA_HAND = ["phalanx:othismos", "archers:shoot", "peltasts:hold", "cavalry:hold"]
ATHENS_HAND = ["phalanx:advance", "archers:advance", "cavalry:advance", "peltasts:hold"]


def ready(s: pn.State, sparta=SPARTA_HAND, athens=ATHENS_HAND) -> pn.State:
    """Deal and let both players decline the opening retreat."""
    return play(deal(s, *sparta, *athens), "fight", "fight")


# --- battle.trigger ---------------------------------------------------------------------------


def test_battle_trigger():
    """Ed1 · Schlachten: eight units (four each) in Boiotia after Athens' turn ends start a battle."""
    s = land_battle()
    assert "battle.trigger" in rule_ids(s)
    assert s.battle is not None and s.battle.area == area(s, "boiotia")
    assert s.pending.kind == "draw-card" and s.current_player == "chance"


def test_battle_trigger__needs_eight_units():
    """Ed1 · Schlachten: seven units in an area are not enough; the turn simply passes to Sparta."""
    s = land_battle(4, 3)
    assert s.battle is None and "battle.trigger" not in rule_ids(s)
    assert s.current_player == "sparta"


def test_battle_trigger__needs_both_sides():
    """Ed1 · Schlachten: a battle needs units of both players in the area."""
    s = end_turn(pos(units={"boiotia": (4, 0), "megaris": (4, 4)}, turn_actions=["train"]))
    assert s.battle.area == area(s, "megaris")
    assert len(s.battles) == 0


def test_battle_trigger__waits_after_a_pass():
    """Ed1 · Schlachten: once the first player has passed, battles wait until the other passes too;
    then they are fought."""
    s = pos(units={"boiotia": (4, 4)})
    s1 = play(s, "pass")
    assert s1.battle is None and s1.current_player == "sparta"
    s2 = play(s1, "train +metal", "polis sparta", "pay metal")
    assert s2.battle is None and s2.current_player == "sparta"
    s3 = play(s2, "pass")
    assert "battle.trigger" in rule_ids(s3)
    assert s3.battle.area == area(s, "boiotia")


def test_battle_trigger__next_player_after_battle():
    """Ed1 · Schlachten / Aktionen: after the battles of Athens' turn it is Sparta's turn, also when
    the turn ended with a trade decided by a die."""
    s = pos(units={"boiotia": (4, 4)}, turn_actions=["train"])
    s = play(s, "trade", "offer persis.0 exchange", "roll 1")
    assert s.battle is not None
    s = play(deal(s, *SPARTA_HAND, *ATHENS_HAND), "retreat")
    assert s.battle is None
    assert s.current_player == "sparta" and s.pending.kind == "turn"


def test_battle_trigger__next_player_after_siege_battle():
    """Ed1 · Schlachten / Aktionen: a siege decided by the die ends Athens' turn, a battle in Megaris
    follows, and then it is Sparta's turn."""
    s = pos(units={"boiotia": (4, 0), "megaris": (4, 4)}, turn_actions=["train"])
    s = play(s, "siege", "polis thebai", "die 3")
    assert s.battle is not None and s.battle.area == area(s, "megaris")
    s = play(deal(s, *SPARTA_HAND, *ATHENS_HAND), "retreat")
    assert s.battle is None
    assert s.current_player == "sparta" and s.pending.kind == "turn"


# --- battle.order -----------------------------------------------------------------------------


def test_battle_order():
    """Ed1 · Schlachten: with battles in Boiotia and the Kyklades after Athens' turn, Athens picks the
    order; the other battle follows, then Sparta takes its turn."""
    s = end_turn(pos(units={"boiotia": (4, 4), "kyklades": (4, 4)}, turn_actions=["train"]))
    assert s.pending.kind == "battle-order" and s.current_player == "athens"
    assert {str(a) for a in pn.legal_actions(s)} == {"battle boiotia", "battle kyklades"}
    s = play(s, "battle kyklades")
    assert "battle.order" in rule_ids(s)
    assert s.battle.area == area(s, "kyklades")
    # Athens attacks first at sea and asks first: it fights, Sparta retreats
    s = play(deal(s, *["elite-trireme:periplous"] * 4, *["trireme:periplous"] * 4), "fight", "retreat")
    assert s.battle is not None and s.battle.area == area(s, "boiotia")
    s = play(deal(s, *SPARTA_HAND, *ATHENS_HAND), "retreat")
    assert s.battle is None
    assert s.current_player == "sparta"


def test_battle_order__refused_for_a_quiet_area():
    """Ed1 · Schlachten: only areas where a battle is due can be chosen."""
    s = end_turn(pos(units={"boiotia": (4, 4), "kyklades": (4, 4)}, turn_actions=["train"]))
    refused(s, "battle attika")


# --- battle.hands -----------------------------------------------------------------------------


def test_battle_hands():
    """Ed1 · Schlachten: the shuffled deck deals one card per own unit (5 to Sparta, 3 to Athens),
    one chance decision per card, each type with its share of the remaining cards."""
    s = land_battle(3, 5, round="5a")
    assert "battle.hands" in rule_ids(s)
    probs = dict((str(a), p) for a, p in pn.chance_outcomes(s))
    assert probs["card phalanx:advance"] == Fraction(5, 24)
    assert probs["card salpinx:ambush"] == Fraction(1, 24)
    assert sum(probs.values()) == 1
    draws = 0
    while s.pending.kind == "draw-card":
        s = play(s, "card phalanx:advance" if draws < 5 else "card cavalry:advance")
        draws += 1
    assert draws == 8
    assert [sum(h) for h in s.battle.hands] == [3, 5]
    assert sum(s.battle.deck) == 24 - 8


def test_battle_hands__probabilities_follow_the_deck():
    """Ed1 · Schlachten: after a Salpinx is dealt it cannot be dealt again in this battle."""
    s = deal(land_battle(), "salpinx:ambush")
    outs = dict((str(a), p) for a, p in pn.chance_outcomes(s))
    assert "card salpinx:ambush" not in outs
    assert outs["card phalanx:othismos"] == Fraction(3, 23)
    refused(s, "card salpinx:ambush")


# --- battle.first-attacker --------------------------------------------------------------------


def test_battle_first_attacker__land():
    """Ed1 · Schlachten: Sparta attacks first on land; after one exchange Athens attacks."""
    s = land_battle()
    assert "battle.first-attacker" in rule_ids(s)
    assert s.battle.attacker == SPARTA
    s = ready(s)
    assert s.current_player == "sparta" and s.pending.kind == "battle-attack"
    s = play(s, "play phalanx:othismos archers:shoot", "answer phalanx:advance archers:advance")
    assert s.battle.attacker == ATHENS


def test_battle_first_attacker__sea():
    """Ed1 · Schlachten: Athens attacks first at sea."""
    s = sea_battle()
    assert "battle.first-attacker" in rule_ids(s)
    assert s.battle.attacker == ATHENS
    s = play(deal(s, *["triacontor:kyklos"] * 3, "trireme:kyklos", *["trireme:periplous"] * 4), "fight", "fight")
    assert s.current_player == "athens" and s.pending.kind == "battle-attack"


# --- battle.exchange --------------------------------------------------------------------------


def test_battle_exchange():
    """Ed1 · Schlachten: the attacker lays out two of its cards, then the defender answers each with one
    of its own; four cards leave the hands."""
    s = ready(land_battle())
    s1 = play(s, "play phalanx:othismos archers:shoot")
    assert "battle.exchange" in rule_ids(s1)
    assert s1.current_player == "athens" and s1.pending.kind == "battle-defend"
    assert sum(s1.battle.hands[SPARTA]) == 2
    s2 = play(s1, "answer phalanx:advance archers:advance")
    assert sum(s2.battle.hands[ATHENS]) == 2
    assert s2.battle.exchanges == 1


def test_battle_exchange__refused_cards_not_held():
    """Ed1 · Schlachten: neither side can play a card it does not hold."""
    s = ready(land_battle())
    assert "battle.exchange" in refused(s, "play phalanx:advance cavalry:hold").rule_ids
    s1 = play(s, "play phalanx:othismos archers:shoot")
    assert "battle.exchange" in refused(s1, "answer phalanx:othismos archers:advance").rule_ids


# --- battle.formation -------------------------------------------------------------------------


def test_battle_formation__matched():
    """Ed1 · Schlachten (first example): Phalanx-Othismos and Archers-Shoot are both matched; no unit
    is lost and Sparta gains only the difference 2 − 1 = 1 prestige."""
    s = ready(land_battle())
    s2 = play(s, "play phalanx:othismos archers:shoot", "answer phalanx:advance archers:advance")
    assert "battle.formation" in rule_ids(s2)
    assert s2.units[area(s, "boiotia")] == (4, 4)
    assert s2.prestige == (3, 4)


def test_battle_formation__unmatched():
    """Ed1 · Schlachten (third example): Mercenaries stop the Phalanx (Sparta gains 2 − 0), Cavalry
    fails against Archers (Athens loses a unit, Sparta gains the card's 1)."""
    s = ready(land_battle(), sparta=["phalanx:othismos", "archers:advance", "peltasts:hold", "cavalry:hold"],
              athens=["mercenaries:hold", "cavalry:advance", "peltasts:hold", "phalanx:advance"])
    s2 = play(s, "play phalanx:othismos archers:advance", "answer mercenaries:hold cavalry:advance")
    assert {"battle.formation", "battle.mercenaries"} <= rule_ids(s2)
    assert s2.units[area(s, "boiotia")] == (3, 4)
    assert s2.prestige == (3, 6)


def test_battle_formation__no_gain_when_defender_higher():
    """Ed1 · Schlachten: a matched card with the lower value gives the attacker nothing (never less)."""
    s = ready(land_battle())
    s2 = play(s, "play cavalry:hold peltasts:hold", "answer cavalry:advance peltasts:hold")
    assert s2.prestige == (3, 3)
    assert s2.units[area(s, "boiotia")] == (4, 4)


# --- battle.mercenaries -----------------------------------------------------------------------


def test_battle_mercenaries__attacking_never_hurts():
    """Ed1 · Schlachten: Mercenaries played by the attacker are matched by any card and cause no loss."""
    s = ready(land_battle(), sparta=["mercenaries:hold", "peltasts:hold", "cavalry:hold", "archers:shoot"],
              athens=["phalanx:advance", "archers:advance", "cavalry:advance", "peltasts:hold"])
    s2 = play(s, "play peltasts:hold mercenaries:hold", "answer peltasts:hold phalanx:advance")
    assert "battle.mercenaries" in rule_ids(s2)
    assert s2.units[area(s, "boiotia")] == (4, 4)
    assert s2.prestige == (3, 3)


def test_battle_mercenaries__defending_match_anything_but_salpinx():
    """Ed1 · Schlachten: defending Mercenaries stop any formation, but not the Salpinx."""
    s = ready(land_battle(), sparta=["cavalry:advance", "salpinx:ambush", "peltasts:hold", "archers:shoot"],
              athens=["mercenaries:hold", "archers:advance", "phalanx:advance", "peltasts:hold"])
    s2 = play(s, "play cavalry:advance peltasts:hold", "answer mercenaries:hold peltasts:hold")
    assert "battle.mercenaries" in rule_ids(s2)
    assert s2.units[area(s, "boiotia")] == (4, 4)
    assert s2.prestige == (3, 4)  # 1 − 0 for the matched Cavalry
    s3 = play(s, "play peltasts:hold salpinx:ambush", "answer peltasts:hold mercenaries:hold")
    assert s3.units[area(s, "boiotia")] == (3, 4)


# --- battle.salpinx ---------------------------------------------------------------------------


def test_battle_salpinx__attacking():
    """Ed1 · Schlachten (second example, at sea): Trireme-Kyklos is matched for nothing, the Salpinx
    cannot be matched: Sparta loses a galley and Athens pays 1 prestige."""
    s = sea_battle()
    s = play(deal(s, "trireme:kyklos", "salpinx:ambush", "bireme:kyklos", "triacontor:kyklos",
                  "trireme:periplous", "elite-trireme:diekplous", "bireme:periplous", "triacontor:kyklos"),
             "fight", "fight")
    s2 = play(s, "play trireme:kyklos salpinx:ambush", "answer trireme:periplous elite-trireme:diekplous")
    assert "battle.salpinx" in rule_ids(s2)
    assert s2.units[area(s, "kyklades")] == (4, 3)
    assert s2.prestige == (2, 3)


def test_battle_salpinx__defending_matches_nothing():
    """Ed1 · Schlachten: a defender's Salpinx costs nothing but matches no formation."""
    s = ready(land_battle(), sparta=["phalanx:advance", "cavalry:advance", "peltasts:hold", "archers:shoot"],
              athens=["salpinx:ambush", "cavalry:advance", "peltasts:hold", "archers:advance"])
    s2 = play(s, "play phalanx:advance cavalry:advance", "answer salpinx:ambush cavalry:advance")
    assert s2.units[area(s, "boiotia")] == (3, 4)
    assert s2.prestige == (3, 4)


def test_battle_salpinx__refused_without_prestige_when_not_forced():
    """Ed1 · Schlachten / Spielende: an attacker without prestige may not choose the Salpinx while
    other pairs of cards are in hand."""
    s = land_battle(prestige={"athens": 3, "sparta": 0})
    s = play(deal(s, "salpinx:ambush", "phalanx:advance", "cavalry:hold", "archers:shoot", *ATHENS_HAND), "fight")
    assert s.pending.kind == "battle-attack"
    e = refused(s, "play phalanx:advance salpinx:ambush")
    assert "battle.salpinx" in e.rule_ids
    assert all("salpinx:ambush" not in a.args for a in pn.legal_actions(s))


# --- battle.salpinx-unpayable -----------------------------------------------------------------


def _forced_salpinx(sparta_answer: str) -> pn.State:
    """Sparta (no prestige) is worn down to two units and two cards, one of them the Salpinx."""
    s = land_battle(prestige={"athens": 3, "sparta": 0})
    s = deal(s, "salpinx:ambush", "peltasts:hold", "cavalry:hold", "archers:shoot",
             "phalanx:advance", "phalanx:advance", "cavalry:advance", "archers:advance")
    assert s.pending == pn.Pending("battle-retreat", ATHENS)  # Sparta, without prestige, is not asked
    s = play(s, "fight", "play cavalry:hold archers:shoot", "answer cavalry:advance archers:advance", "fight")
    s = deal(s, "phalanx:othismos", "phalanx:othismos", "cavalry:advance", "cavalry:advance")
    s = play(s, "play cavalry:advance cavalry:advance", sparta_answer, "fight")
    s = deal(s, "peltasts:hold", "peltasts:hold")
    assert s.pending.kind == "battle-attack" and s.current_player == "sparta"
    assert s.units[area(s, "boiotia")] == (4, 2)
    return s


def test_battle_salpinx_unpayable():
    """Ed1 · Schlachten / Spielende: Sparta must play the Salpinx, has no prestige and wins none with its
    other card: the game ends at once and Sparta loses."""
    s = _forced_salpinx("answer phalanx:othismos phalanx:othismos")
    assert [str(a) for a in pn.legal_actions(s)] == ["play peltasts:hold salpinx:ambush"]
    s2 = play(s, "play peltasts:hold salpinx:ambush", "answer peltasts:hold phalanx:advance")
    assert "battle.salpinx-unpayable" in rule_ids(s2)
    assert s2.is_terminal and s2.current_player == "terminal"
    o = pn.outcome(s2)
    assert o.winner == "athens" and "battle.salpinx-unpayable" in o.rules
    assert pn.legal_actions(s2) == ()


def test_battle_salpinx_unpayable__paid_by_other_card():
    """Ed1 · Schlachten: if the other card wins the prestige, the forced Salpinx is paid with it and the
    battle goes on."""
    s = _forced_salpinx("answer phalanx:othismos peltasts:hold")
    assert [str(a) for a in pn.legal_actions(s)] == ["play phalanx:othismos salpinx:ambush"]
    s2 = play(s, "play phalanx:othismos salpinx:ambush", "answer phalanx:advance peltasts:hold")
    assert "battle.salpinx-unpayable" not in rule_ids(s2)
    assert not s2.is_terminal
    assert s2.prestige[SPARTA] == 0  # +1 from Othismos against Advance, −1 for the Salpinx
    assert s2.units[area(s, "boiotia")] == (3, 2)


# --- battle.redraw ----------------------------------------------------------------------------


def test_battle_redraw__after_loss():
    """Ed1 · Schlachten: after an exchange costing Athens one unit, Sparta draws 2 and Athens 2 − 1 = 1."""
    s = ready(land_battle())
    s = play(s, "play phalanx:othismos archers:shoot", "answer cavalry:advance archers:advance", "fight", "fight")
    assert "battle.redraw" in rule_ids(s)
    assert s.battle.draws == (SPARTA, SPARTA, ATHENS)
    n = 0
    while s.pending.kind == "draw-card":
        s = play(s, "card phalanx:advance")
        n += 1
    assert n == 3
    assert [sum(h) for h in s.battle.hands] == [3, 4]
    assert s.units[area(s, "boiotia")] == (3, 4)


def test_battle_redraw__after_two_losses():
    """Ed1 · Schlachten: a defender who lost two units draws nothing; the attacker still draws 2."""
    s = ready(land_battle())
    s = play(s, "play phalanx:othismos archers:shoot", "answer cavalry:advance peltasts:hold", "fight", "fight")
    assert s.battle.draws == (SPARTA, SPARTA)


def test_battle_redraw__no_retreat_after_drawing():
    """Ed1 · Schlachten: once new cards are drawn the next exchange follows at once; there is no retreat
    window after drawing."""
    s = ready(land_battle())
    s = play(s, "play phalanx:othismos archers:shoot", "answer phalanx:advance archers:advance", "fight", "fight")
    s = deal(s, "phalanx:advance", "phalanx:advance", "phalanx:advance", "phalanx:advance")
    assert s.pending.kind == "battle-attack" and s.current_player == "athens"
    refused(s, "retreat")


# --- battle.retreat ---------------------------------------------------------------------------


def test_battle_retreat__before_first_exchange():
    """Ed1 · Schlachten: right after the deal the attacker, then the defender, may retreat; Sparta
    retreats, pays Athens 1 prestige and its units stay where they are."""
    s = deal(land_battle(), *SPARTA_HAND, *ATHENS_HAND)
    assert s.pending == pn.Pending("battle-retreat", SPARTA)
    assert {str(a) for a in pn.legal_actions(s)} == {"fight", "retreat"}
    s2 = play(s, "retreat")
    assert {"battle.retreat", "battle.end"} <= rule_ids(s2)
    assert s2.prestige == (4, 2)
    assert s2.units[area(s, "boiotia")] == (4, 4)
    assert s2.battle is None


def test_battle_retreat__between_exchanges():
    """Ed1 · Schlachten: after an exchange, before drawing, the next attacker is asked first; Athens
    retreats and pays Sparta."""
    s = ready(land_battle())
    s = play(s, "play phalanx:othismos archers:shoot", "answer phalanx:advance archers:advance")
    assert s.pending == pn.Pending("battle-retreat", ATHENS)
    s2 = play(s, "retreat")
    assert "battle.retreat" in rule_ids(s2)
    assert s2.prestige == (2, 5)
    assert s2.battle is None


def test_battle_retreat__needs_prestige():
    """Ed1 · Schlachten: a player without prestige cannot pay for a retreat and is not asked."""
    s = deal(land_battle(prestige={"athens": 0, "sparta": 3}), *SPARTA_HAND, *ATHENS_HAND)
    s = play(s, "fight")
    assert s.pending.kind == "battle-attack"
    assert "retreat" not in {str(a) for a in pn.legal_actions(s)}
    refused(s, "retreat")


# --- battle.end -------------------------------------------------------------------------------


def test_battle_end__defender_below_two():
    """Ed1 · Schlachten: Athens, down from 3 to 1 unit after one exchange, can fight no longer: the
    battle ends at once though eight units had met."""
    s = land_battle(3, 5, round="5a")
    s = deal(s, "phalanx:othismos", "archers:shoot", "peltasts:hold", "cavalry:hold", "cavalry:advance",
             "peltasts:hold", "peltasts:hold", "phalanx:advance")
    s = play(s, "fight", "fight", "play phalanx:othismos archers:shoot")
    s2 = play(s, "answer peltasts:hold peltasts:hold")
    assert "battle.end" in rule_ids(s2)
    assert s2.battle is None
    assert s2.units[area(s, "boiotia")] == (1, 5)
    assert s2.current_player == "sparta"


def test_battle_end__on_retreat():
    """Ed1 · Schlachten: a retreat ends the battle with all units still in place."""
    s = play(deal(land_battle(), *SPARTA_HAND, *ATHENS_HAND), "fight", "retreat")
    assert "battle.end" in rule_ids(s)
    assert s.battle is None and s.units[area(s, "boiotia")] == (4, 4)


# A whole land battle in round 4 (4 against 4) fought until the deck runs dry; found by search and
# replayed verbatim: 8 cards dealt, five exchanges without losses, 4 cards drawn after each of the first four.
LONG_BATTLE = [
    "card phalanx:advance", "card archers:advance", "card cavalry:hold", "card phalanx:othismos",
    "card peltasts:hold", "card cavalry:advance", "card archers:shoot", "card phalanx:advance",
    "fight", "fight",
    "play phalanx:advance archers:advance", "answer phalanx:advance archers:shoot", "fight", "fight",
    "card phalanx:advance", "card phalanx:othismos", "card phalanx:othismos", "card archers:advance",
    "play phalanx:othismos cavalry:advance", "answer phalanx:advance cavalry:hold", "fight", "fight",
    "card cavalry:advance", "card phalanx:advance", "card peltasts:hold", "card cavalry:advance",
    "play phalanx:othismos peltasts:hold", "answer phalanx:advance peltasts:hold", "fight", "fight",
    "card archers:shoot", "card archers:advance", "card cavalry:advance", "card phalanx:advance",
    "play phalanx:advance cavalry:advance", "answer phalanx:othismos cavalry:advance", "fight", "fight",
    "card peltasts:hold", "card mercenaries:hold", "card cavalry:hold", "card salpinx:ambush",
    "play archers:advance archers:shoot", "answer archers:advance mercenaries:hold",
]


def test_battle_end__deck_exhausted():
    """Ed1 · Schlachten: when the deck can no longer give both players their new cards, the battle ends
    even though both sides still have four units."""
    s = land_battle()
    s, ids = play_ids(s, *LONG_BATTLE[:-1])
    assert sum(s.battle.deck) == 0
    s2 = play(s, LONG_BATTLE[-1])
    assert "battle.end" in rule_ids(s2)
    assert any("too few" in e.text for e in s2.log)
    assert s2.battle is None
    assert s2.units[area(s, "boiotia")] == (4, 4)
    assert s2.current_player == "sparta"


def test_battle_flow_round_4():
    """Ed1 · Schlachten: the whole course of a 4-against-4 land battle in round 4: one chance decision per
    card dealt, a retreat window (attacker first) before each exchange, roles swapping, 2 + 2 cards
    redrawn after loss-free exchanges, and the end when the deck runs out."""
    s = land_battle()
    kinds = []
    draws_between = []
    n = 0
    for text in LONG_BATTLE:
        kinds.append((s.pending.kind, s.current_player))
        if s.pending.kind == "draw-card":
            n += 1
        elif n:
            draws_between.append(n)
            n = 0
        s = play(s, text)
    assert kinds[:8] == [("draw-card", "chance")] * 8
    assert kinds[8:10] == [("battle-retreat", "sparta"), ("battle-retreat", "athens")]
    attackers = [p for k, p in kinds if k == "battle-attack"]
    assert attackers == ["sparta", "athens", "sparta", "athens", "sparta"]
    windows = [p for k, p in kinds if k == "battle-retreat"]
    assert windows == ["sparta", "athens"] + ["athens", "sparta", "sparta", "athens"] * 2
    assert draws_between == [8, 4, 4, 4, 4]
    assert s.battle is None and not s.is_terminal


def test_battle_retreat__not_in_the_middle_of_an_exchange():
    """Ed1 · Schlachten: a retreat is only announced between exchanges; asked mid-exchange, the
    explanation cites the retreat rule rather than a generic refusal."""
    from polis_nb.rules.battle import start_battle

    s = pn.settle(start_battle(pn.position(seed=1, round="4", to_move="athens", units={"boiotia": (4, 4)}), 1, []))
    while s.pending.kind == "battle-retreat":
        s = pn.apply(s, "fight")
    assert s.pending.kind == "battle-attack"
    e = pn.explain(s, "retreat")
    assert not e.legal and e.rule_ids == ("battle.retreat",)
