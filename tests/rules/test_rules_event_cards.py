"""Per-rule tests for the event cards of rounds 4, 5α and 5β (prototype-data.md §2.6, the designer's
prototype; Ed1 · Rundenanfang › 2. Ereigniskarte ausführen for how cards are read). A card is either
revealed from a position waiting for the round's event ("event betrayal") or set in force with the
position editor (``event="mercenaries"``). Cards whose effect no source states are tested to change
nothing."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import polis_nb as pn
from polis_nb.rules.topology import topology_of
from polis_nb.data import packaged_components
from polis_nb.rules.events import describe_card

from .helpers import legal, play, play_ids, pop, prestige, refused, refused_for, rule_ids, units

ATHENS, SPARTA = 0, 1
FED = {"athens": {"wheat": 20}, "sparta": {"wheat": 20}}  # enough to feed every polis at round end


def pos(components: pn.Components | None = None, **kw) -> pn.State:
    """A position of the first edition (``components``: a loaded set; default ed1-default)."""
    kw.setdefault("to_move", "athens")
    return pn.edit(pn.settle(pn.new_game("ed1", seed=1, components=components)), **kw)


def at_event(**kw) -> pn.State:
    """A position (see :func:`pos`) waiting for its round's event card to be drawn."""
    return pos(**kw).evolve(phase="start", pending=pn.Pending("draw-event", -1), start_player=-1)


def supply(s: pn.State, p: int) -> int:
    return topology_of(s).supply(s, p)


def finish_round(s: pn.State) -> pn.State:
    """Both sides pass; the round end runs until a decision other than feeding or growing is asked."""
    while s.pending.kind == "turn":
        s = play(s, "pass")
    return s


def overlay(tmp_path: Path, **sections) -> pn.Components:
    doc = {"format": "polis_nb.components/1", "name": f"test-{tmp_path.name}", "extends": "ed1-default", **sections}
    path = tmp_path / "overlay.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return pn.load_components(path)


# --- event.unknown-effect -------------------------------------------------------------------------


def test_event_unknown_effect():
    """polis-data.md §8, prototype-data.md §2.6: Peasant Revolts is known only by its theme; revealed, it
    changes nothing and says that no source states its effect."""
    s0 = at_event(round="4")
    s, ids = play_ids(s0, "event peasant-revolts")
    assert "event.unknown-effect" in ids and "event.effects" not in ids
    assert (s.prestige, s.goods, s.units, s.owner) == (s0.prestige, s0.goods, s0.units, s0.owner)
    assert s.event == "peasant-revolts" and s.pending.kind == "turn"
    card = describe_card(topology_of(s).comp, "peasant-revolts")
    assert card["effect_unknown"] and card["text"] == "effect unknown" and "Messenia" in card["note"]
    assert card["provenance"] == "prototype" and card["rules"] == ["event.unknown-effect"]


def test_event_unknown_effect__every_unknown_card_has_no_effects():
    """prototype-data.md §2.6: the cards the prototype names without mechanics carry no invented effect."""
    comp = pn.default_components()
    unknown = {e.id for e in comp.events if e.effect_unknown}
    assert unknown == {"peasant-revolts", "pericles", "long-walls", "enemies-of-greece", "plague",
                       "freedom-of-slaves", "hermenfrevel"}
    assert all(not e.effects for e in comp.events if e.effect_unknown)


# --- describe_card --------------------------------------------------------------------------------


def test_describe_card__round_three_cards_say_what_they_do():
    """polis-data.md §8 (W1 card sheet): the round-3 cards have effects, and describe_card shows their
    one-line texts, never "no effect"; No Event says that nothing happens."""
    comp = pn.default_components()
    texts = {e.id: describe_card(comp, e.id) for e in comp.events if e.deck == "3"}
    assert texts["no-event"]["text"] == "Nothing happens."
    assert "Persis" in texts["xerxes"]["text"] and "Athens" in texts["leotychidas"]["text"]
    assert "Ionion" in texts["earthquake"]["text"] and "Messenia" in texts["earthquake"]["text"]
    for cid, d in texts.items():
        assert d["text"] not in ("no effect", "effect unknown") and not d["composed"], cid
    assert describe_card(packaged_components("ed2-default"), "xerxes")["text"] == "Persia takes no trade this round."


def test_describe_card__effects_without_text_are_composed(tmp_path):
    """A card a user adds with effects but no text is described from its effects, never as "no effect"."""
    card = {"id": "hermenfrevel", "name": "Hermenfrevel", "deck": "5b", "copies": 1, "timing": "end-of-turn",
            "effects": [{"op": "lose", "player": "athens", "args": ["prestige", 1], "when": "end-of-turn"}],
            "provenance": "stated", "source": "my card"}
    d = describe_card(overlay(tmp_path, events=[card]), "hermenfrevel")
    assert d["composed"] and d["text"] == "At the end of every turn, Athens loses 1 prestige."
    assert d["rules"] == ["event.effects", "event.end-of-turn"]


@pytest.mark.parametrize("name", ["ed1-default", "ed2-default"])
def test_describe_card__every_effect_can_be_composed(name):
    """Every packaged card with effects, its text taken away, still gets a sentence from its effects that
    names the places its effects name."""
    comp = packaged_components(name)
    bare = dataclasses.replace(comp, events=tuple(dataclasses.replace(e, text="") for e in comp.events))
    for e in comp.events:
        d = describe_card(bare, e.id)
        if e.effects:
            assert d["composed"] and d["text"] not in ("", "no effect") and d["text"].endswith("."), e.id
            for x in e.effects:
                for arg in x.args:
                    if str(arg) in {a.id for a in comp.areas}:
                        assert board_name(comp, str(arg)) in d["text"], (e.id, arg)
        else:
            assert not d["composed"] and d["text"] == ("effect unknown" if e.effect_unknown else "no effect")


def board_name(comp: pn.Components, area: str) -> str:
    return next(a.name for a in comp.areas if a.id == area)


# --- event.hermenfrevel ---------------------------------------------------------------------------


def test_event_hermenfrevel():
    """Ed1 · Rundenanfang › 2. (yucata note): Hermenfrevel's timing is every turn's end; its effect itself is
    unknown, so revealing it keeps it in force for the turn ends and changes nothing."""
    s0 = at_event(round="5b", goods=FED)
    s, ids = play_ids(s0, "event hermenfrevel")
    assert {"event.unknown-effect", "event.hermenfrevel"} <= ids
    assert s.triggers == ("hermenfrevel",)
    assert topology_of(s).comp.events[[e.id for e in topology_of(s).comp.events].index("hermenfrevel")].timing == "end-of-turn"
    s2 = play(s, "pass")
    assert s2.prestige == s.prestige and s2.goods == s.goods


def test_event_hermenfrevel__an_effect_added_acts_every_turn(tmp_path):
    """Ed1 · Rundenanfang › 2. (yucata note): a user who knows the card's effect adds it with the errata's
    timing; it then acts at the end of every turn, not once at the round's end."""
    card = {"id": "hermenfrevel", "name": "Hermenfrevel", "deck": "5b", "copies": 1, "timing": "end-of-turn",
            "effects": [{"op": "lose", "player": "athens", "args": ["prestige", 1], "when": "end-of-turn"}],
            "provenance": "stated", "source": "my card"}
    s = pn.apply(at_event(components=overlay(tmp_path, events=[card]), round="5b", goods=FED), "event hermenfrevel")
    a = s.prestige[ATHENS]
    s = play(s, "pass")
    assert s.prestige[ATHENS] == a - 1 and "event.end-of-turn" in rule_ids(s)
    s = play(s, "pass")
    assert s.prestige[ATHENS] == a - 2


def test_event_hermenfrevel__other_timing_refused(tmp_path):
    """Ed1 · Rundenanfang › 2. (yucata note): an effect timed at the round's end contradicts the card's
    stated timing; the component file is refused."""
    card = {"id": "hermenfrevel", "name": "Hermenfrevel", "deck": "5b", "copies": 1, "timing": "end-of-turn",
            "effects": [{"op": "lose", "player": "athens", "args": ["prestige", 1], "when": "end-of-round"}],
            "provenance": "stated", "source": "the German print"}
    with pytest.raises(pn.ComponentError) as err:
        overlay(tmp_path, events=[card])
    assert any("act at 'end-of-turn'" in p for p in err.value.problems)


# --- event.betrayal -------------------------------------------------------------------------------


def test_event_betrayal():
    """prototype-data.md §2.6 (J round4_betrayal): each side loses a one-cube polis other than its capital
    to the rival, who picks it, with its finished projects; the polis just received cannot go back."""
    s0 = at_event(round="4")
    chalkis = topology_of(s0).polis_index["chalkis"]
    s0 = s0.evolve(done=(("aphrodite", chalkis),))
    sup = (supply(s0, ATHENS), supply(s0, SPARTA))
    s = pn.apply(s0, "event betrayal")  # equal prestige: Athens reads; Sparta picks from Athens' poleis
    assert s.pending.kind == "event-cede" and s.current_player == "sparta"
    assert legal(s) == {"take chalkis"}  # Chios holds two cubes, Athenai is the capital
    s, ids = play_ids(s, "take chalkis")
    assert {"event.betrayal", "project.follows-polis"} <= ids
    assert s.owner[chalkis] == SPARTA and pop(s, "chalkis") == 1 and ("aphrodite", chalkis) in s.done
    assert s.current_player == "athens" and legal(s) == {"take gytheion"}  # not Chalkis, just given away
    refused_for(s, "take chalkis", "event.betrayal")
    s = play(s, "take gytheion")
    assert owner_of(s, "gytheion") == "athens" and s.pending.kind == "turn"
    assert (supply(s, ATHENS), supply(s, SPARTA)) == sup  # one cube each way


def owner_of(s, polis):
    return ("athens", "sparta")[s.owner[topology_of(s).polis_index[polis]]]


def test_event_betrayal__nothing_to_give():
    """prototype-data.md §2.6: a side without a one-cube polis besides its capital loses nothing."""
    s = pn.apply(at_event(round="4", poleis={"chalkis": ("athens", 2), "gytheion": ("sparta", 2)}), "event betrayal")
    assert "event.betrayal" in rule_ids(s) and s.pending.kind == "turn"


# --- event.units-abroad ---------------------------------------------------------------------------


def test_event_units_abroad():
    """prototype-data.md §2.6 (J round5a_murderOfThePersianKing): before the round each side may send
    hoplites to Persis for 2 prestige each; at round end all come back, placed one at a time by the
    sides in turn where the stacking limit allows."""
    s0 = at_event(round="4", goods=FED)
    s = pn.apply(s0, "event persian-king")
    assert s.pending.kind == "event-send" and s.current_player == "athens"
    assert legal(s) == {"send attika", "send ionia", "end"}  # hoplites only; sending none is allowed
    sup = supply(s, ATHENS)
    s, ids = play_ids(s, "send attika", "send attika")
    assert "event.units-abroad" in ids and units(s, "attika") == (1, 0)
    assert prestige(s, "athens") == prestige(s0, "athens") + 4 and supply(s, ATHENS) == sup  # away, not in supply
    s = play(s, "end", "send lakedaimon", "end")
    assert prestige(s, "sparta") == prestige(s0, "sparta") + 2 and s.pending.kind == "turn"
    s = finish_round(s)
    assert s.pending.kind == "event-return" and s.current_player == "athens"  # more prestige reads first
    s = play(s, "place boiotia")
    assert s.current_player == "sparta" and "place lakedaimon" in legal(s)
    s = play(s, "place lakedaimon")
    assert s.current_player == "athens"
    s, ids = play_ids(s, "place boiotia")
    assert units(s, "boiotia") == (2, 0) and units(s, "lakedaimon") == (0, 3) and "event.units-abroad" in ids
    assert s.event_data == () and s.pending.kind != "event-return"


def test_event_units_abroad__cannot_send_costs_prestige():
    """prototype-data.md §2.6 (Egypt): Athens must send two galleys; for each it cannot send it loses a
    prestige."""
    s0 = at_event(round="4", units={"kyklades": (0, 0), "noties": (1, 0)})
    s = pn.apply(s0, "event egypt")
    assert legal(s) == {"send noties"}  # 'end' only once two have gone
    refused_for(s, "end", "event.units-abroad")
    s, ids = play_ids(s, "send noties")
    assert "event.units-abroad" in ids and s.pending.kind == "turn"
    assert prestige(s, "athens") == prestige(s0, "athens") - 1
    assert any(e.text.endswith("Athens cannot send 1 more galley and loses 1 prestige") for e in s.log)


def test_event_units_abroad__log_wording():
    """The log agrees in number and writes "Athens'" (Ed1 · Spielablauf › Aufrunden for the rounding):
    one galley of one sent comes back, and one hoplite of one."""
    s0 = at_event(round="4", units={"kyklades": (0, 0), "noties": (1, 0)}, goods=FED)
    s = finish_round(play(s0, "event egypt", "send noties"))
    texts = [e.text for e in s.log]
    assert ("Egypt Rebels Against Persia: 1 of Athens' 1 galley abroad comes back, half rounded up in Athens' "
            "favour; 0 lost") in texts
    s = at_event(round="4", goods=FED)
    s = finish_round(play(s, "event persian-king", "end", "send lakedaimon", "end"))
    assert "Murder of the Persian King: 1 of Sparta's 1 hoplite abroad comes back" in [e.text for e in s.log]
    s = play(s, "place lakedaimon")
    assert "Murder of the Persian King: Sparta's hoplite comes back to Lakedaimon" in [e.text for e in s.log]
    assert not any("Athens's" in e.text for e in s.log)


# --- event.egypt-rounding -------------------------------------------------------------------------


def test_event_egypt_rounding():
    """Ed1 · Spielablauf › Aufrunden: of three galleys sent to Aigyptos two come back, half rounded up in
    Athens' favour (the card is one of the rule's two exceptions); the third is lost."""
    s0 = at_event(round="4", goods=FED)
    s = play(s0, "event egypt", "send kyklades", "send kyklades", "send noties")  # no galley left: done
    assert s.pending.kind == "turn" and topology_of(s).supply(s, ATHENS) == topology_of(s0).supply(s0, ATHENS)
    s = finish_round(s)
    assert "event.egypt-rounding" in rule_ids(s)
    assert s.pending.kind == "event-return" and s.current_player == "athens"
    s = play(s, "place kyklades")
    assert s.pending.kind == "event-return" and s.current_player == "athens"  # Sparta has none to place
    s = play(s, "place noties")
    assert units(s, "kyklades")[0] + units(s, "noties")[0] == 2 and s.event_data == ()
    assert topology_of(s).supply(s, ATHENS) == topology_of(s0).supply(s0, ATHENS) + 1  # the lost galley's cube is back


# --- event.treasury -------------------------------------------------------------------------------


def test_event_treasury():
    """prototype-data.md §2.6 (Transfer of the Treasury): each side may give prestige for two silver each."""
    s0 = at_event(round="4")
    s = pn.apply(s0, "event treasury")
    assert legal(s) == {f"sell {n}" for n in range(prestige(s0, "athens") + 1)}
    refused_for(s, f"sell {prestige(s0, 'athens') + 1}", "event.treasury")
    s, ids = play_ids(s, "sell 2", "sell 0")
    assert "event.treasury" in ids and s.pending.kind == "turn"
    assert prestige(s, "athens") == prestige(s0, "athens") - 2
    assert s.goods[ATHENS][4] == s0.goods[ATHENS][4] + 4 and s.goods[SPARTA] == s0.goods[SPARTA]


# --- event.free-trade -----------------------------------------------------------------------------


def test_event_free_trade():
    """prototype-data.md §2.6 (Free Trade with Persia): Sparta, holding the Noties Sporades and the Myrtoon
    Pelagos, ends its turn with Athens cut off from Persis and Aigyptos and loses 1 prestige."""
    s = pos(round="5a", event="free-trade", to_move="sparta", units={"noties": (0, 2)})
    p0 = prestige(s, "sparta")
    s, ids = play_ids(s, "pass")
    assert {"event.free-trade", "event.end-of-turn"} <= ids and prestige(s, "sparta") == p0 - 1


def test_event_free_trade__ten_galleys_exempt():
    """prototype-data.md §2.6: a side with ten galleys in the Ionion and the Thrakikon pays nothing."""
    s = pos(round="5a", event="free-trade", to_move="sparta",
            units={"noties": (0, 2), "ionion": (0, 5), "thrakikon": (0, 5)})
    p0 = prestige(s, "sparta")
    s, ids = play_ids(s, "pass")
    assert "event.free-trade" in ids and prestige(s, "sparta") == p0


def test_event_free_trade__open_routes_cost_nothing():
    """prototype-data.md §2.6: while the rival's routes stay open nothing happens."""
    s = pos(round="5a", event="free-trade", to_move="sparta", units={"noties": (1, 0), "myrtoon": (0, 0)})
    s2, ids = play_ids(s, "pass")
    assert "event.free-trade" not in ids and s2.prestige == s.prestige


# --- event.great-commanders and event.superstition (battles) --------------------------------------

SPARTA_HAND = ["phalanx:othismos", "archers:shoot", "peltasts:hold", "cavalry:hold"]
ATHENS_HAND = ["phalanx:advance", "archers:advance", "cavalry:advance", "peltasts:hold"]


def battle(event: str | None, sparta=SPARTA_HAND, athens=ATHENS_HAND, **kw) -> pn.State:
    """Athens ends a turn with four hoplites against four in Boiotia; the cards are dealt (Sparta's,
    the attacker's, first) and both fight."""
    kw.setdefault("round", "5a")
    s = pos(event=event, units={"boiotia": (4, 4)}, turn_actions=["train"], **kw)
    s = play(s, "proxenos", "polis chalkis by land")
    return play(s, *(f"card {c}" for c in sparta + athens), "fight", "fight")


def test_event_great_commanders():
    """prototype-data.md §2.6 (Great Commanders): when a battle ends, a side that won prestige in it may
    double it, once this round."""
    s = battle("great-commanders")
    p0 = prestige(s, "sparta")
    s = play(s, "play phalanx:othismos archers:shoot", "answer phalanx:advance archers:advance")  # Sparta +1
    s = play(s, "retreat")  # Athens retreats and pays Sparta 1
    assert s.pending.kind == "event-double" and s.current_player == "sparta"
    s, ids = play_ids(s, "double")
    assert "event.great-commanders" in ids and prestige(s, "sparta") == p0 + 1 + 1 + 1
    assert ("doubled", SPARTA, 1) in s.event_data and s.battle is None


def test_event_great_commanders__kept_for_later():
    """prototype-data.md §2.6: a side may keep the doubling for a later battle of the round."""
    s = battle("great-commanders")
    p0 = prestige(s, "sparta")
    s = play(s, "play phalanx:othismos archers:shoot", "answer phalanx:advance archers:advance", "retreat", "keep")
    assert prestige(s, "sparta") == p0 + 2 and not any(k == "doubled" for k, _, _ in s.event_data)


TIED_SPARTA = ["cavalry:hold", "peltasts:hold", "phalanx:othismos", "archers:shoot"]
TIED_ATHENS = ["cavalry:hold", "peltasts:hold", "phalanx:advance", "archers:advance"]


def test_event_superstition():
    """prototype-data.md §2.6 (Superstition): an exchange whose cards tie (both attacking cards matched by
    cards of equal value) is fought again: Sparta attacks once more instead of Athens."""
    s = battle("superstition", TIED_SPARTA, TIED_ATHENS, round="5b")
    s, ids = play_ids(s, "play cavalry:hold peltasts:hold", "answer cavalry:hold peltasts:hold")
    assert "event.superstition" in ids and s.battle.attacker == SPARTA
    s = play(s, "fight", "fight", *(f"card {c}" for c in ["phalanx:advance"] * 4))
    assert s.pending.kind == "battle-attack" and s.current_player == "sparta"


def test_event_superstition__only_a_tie():
    """prototype-data.md §2.6: a matched card of lower value is no tie; roles change as usual."""
    s = battle("superstition", TIED_SPARTA, ["cavalry:advance", "peltasts:hold", "phalanx:advance",
                                              "archers:advance"], round="5b")
    s, ids = play_ids(s, "play cavalry:hold peltasts:hold", "answer cavalry:advance peltasts:hold")
    assert "event.superstition" not in ids and s.battle.attacker == ATHENS


def test_event_superstition__not_without_the_card():
    """Ed1 · Schlachten: without the card roles change after every exchange, tied or not."""
    s = battle(None, TIED_SPARTA, TIED_ATHENS, round="5b")
    s, ids = play_ids(s, "play cavalry:hold peltasts:hold", "answer cavalry:hold peltasts:hold")
    assert "event.superstition" not in ids and s.battle.attacker == ATHENS


# --- event.alcibiades -----------------------------------------------------------------------------


def test_event_alcibiades():
    """prototype-data.md §2.6 (Alcibiades Flees to Sparta): this round seven units in an area fight."""
    s = pos(round="5b", event="alcibiades", units={"boiotia": (4, 3)}, turn_actions=["train"])
    s, ids = play_ids(s, "proxenos", "polis chalkis by land")
    assert {"battle.trigger", "event.alcibiades"} <= ids and s.battle is not None
    s = pos(round="5b", units={"boiotia": (4, 3)}, turn_actions=["train"])
    assert play(s, "proxenos", "polis chalkis by land").battle is None


# --- event.mercenaries ----------------------------------------------------------------------------


def test_event_mercenaries():
    """prototype-data.md §2.6 (J round5a_mercenaries): a hoplite or galley may be hired for 2 silver, its
    cube coming from the supply, so even Chalkis with its single cube can field units."""
    s = pos(round="5a", event="mercenaries", goods={"athens": {"silver": 4}})
    sup = supply(s, ATHENS)
    s1 = play(s, "train", "polis chalkis")
    assert legal(s1) == {"hire"}  # the last cube of a polis never becomes a unit, but a mercenary may come
    s1, ids = play_ids(s1, "hire")
    assert "event.mercenaries" in ids and pop(s1, "chalkis") == 1 and units(s1, "attika") == (4, 0)
    assert supply(s1, ATHENS) == sup - 1 and s1.goods[ATHENS][4] == 2
    s2 = play(s1, "end", "galleys", "polis chalkis", "hire kyklades")
    assert units(s2, "kyklades") == (3, 0) and s2.goods[ATHENS][4] == 0 and pop(s2, "chalkis") == 1


def test_event_mercenaries__not_without_the_card():
    """Ed1 · Aktionen › a.: without the card a polis with one cube trains nobody and nothing is hired."""
    s = pos(round="5a", goods={"athens": {"silver": 4}})
    refused_for(play(s, "train"), "polis chalkis", "polis.last-cube")
    refused_for(play(s, "train", "polis athenai"), "hire", "event.mercenaries")


# --- event.pacifism -------------------------------------------------------------------------------


def test_event_pacifism():
    """prototype-data.md §2.6 (Pacifism): tribute in the home region may put hoplites, up to the capital's
    population, on the pacifists for 1 prestige each instead of on the goods rows."""
    s = pos(round="5a", event="pacifism", units={"attika": (3, 0)})
    p0 = prestige(s, "athens")
    s1 = play(s, "tribute", "area attika")
    assert {"rows pacifists:3", "rows wine:1,pacifists:2"} <= legal(s1)
    s2, ids = play_ids(s1, "rows pacifists:3")
    assert {"event.pacifism", "tribute.home-free"} <= ids | rule_ids(s1) and prestige(s2, "athens") == p0 + 3
    other = play(pos(round="5a", event="pacifism", units={"sikelia": (3, 0)}, poleis={"gela": ("athens", 3)}),
                 "tribute", "area sikelia")
    assert not any("pacifists" in a for a in legal(other))  # only in the home region


# --- event.carthage -------------------------------------------------------------------------------


@pytest.mark.parametrize("before, after, taxed", [((2, 3), (2, 1), True), ((2, 2), (0, 0), False),
                                                   ((0, 1), (0, 0), False)])
def test_event_carthage(before, after, taxed):
    """prototype-data.md §2.6 (Carthage Lands in Sicily): the stronger side in Sikelia loses up to two
    hoplites, both sides on a tie; an emptied Sikelia pays no tribute this round."""
    s, ids = play_ids(at_event(round="5b", units={"sikelia": before}), "event carthage")
    assert "event.carthage" in ids and units(s, "sikelia") == after
    assert (topology_of(s).area_index["sikelia"] not in s.tribute_done) == taxed


# --- event.etna -----------------------------------------------------------------------------------


def test_event_etna():
    """prototype-data.md §2.6 (Etna): at most three hoplites collect tribute in Sikelia this round."""
    s = pos(round="5b", event="etna", to_move="sparta", units={"sikelia": (0, 5)}, poleis={"gela": ("sparta", 3)})
    s1 = play(s, "tribute", "area sikelia")
    counts = {sum(int(x.split(":")[1]) for x in a.split()[1].split(",")) for a in legal(s1)}
    assert counts == {3}
    e = refused_for(s1, "rows oil:5", "event.etna")
    assert "3 hoplites" in e.text
    assert "event.etna" in rule_ids(play(s1, "rows oil:3"))


# --- data.reconstructed and data.prototype -------------------------------------------------------


def test_data_reconstructed(tmp_path):
    """polis-data.md §13: a value no source gives, marked reconstructed in the user's file, is cited as
    such in the log and in explanations."""
    rows = {"rows": [{"good": "oil", "amounts": [1, 3]}], "provenance": "reconstructed", "source": "a guess",
            "basis": "test"}
    s = pos(components=overlay(tmp_path, tribute={"attika": rows}), units={"attika": (1, 0)})
    s1 = play(s, "tribute", "area attika")
    e = pn.explain(s1, "rows oil:1")
    assert e.legal and "data.reconstructed" in e.rule_ids and "reconstructed" in e.text
    assert "data.reconstructed" in rule_ids(play(s1, "rows oil:1"))


def test_data_prototype__explain():
    """prototype-data.md §2: explanations name the values taken from the designer's prototype."""
    s1 = play(pos(units={"attika": (1, 0)}), "tribute", "area attika")
    e = pn.explain(s1, "rows oil:1")
    assert "data.prototype" in e.rule_ids and "prototype" in e.text and "data.reconstructed" not in e.rule_ids
