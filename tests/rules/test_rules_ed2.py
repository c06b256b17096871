"""Per-rule tests for the second edition (Devir 2020, Polish rulebook): one test per rule id the
second edition adds or replaces (``polis_nb.rules.index._RULES_ED2``).

Each test states an Ed2 position with ``pn.position("ed2", ...)``, plays the decisions with
``pn.apply`` (chance forced, e.g. ``"die 2"`` or ``"roll 3"``) and checks the state, the rule ids the
log or the explanation cites (the Ed2 id, never the Ed1 one it replaces) and, where it is cheap,
that the same situation in the first edition still follows the Ed1 rule. Docstrings name the Ed2
rulebook section by its Polish title.

Every Ed2 seed draws the only known Alpha event (Xerxes: Persia closed), and Epsilon and Omega have
no known events; ``fresh`` clears that event so edited positions in later rounds start clean.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

import polis_nb as pn
from polis_nb.rules.topology import topology_of
from polis_nb.rules.index import _RULES_ED2

from .helpers import (good, legal, marker, owner, play, play_ids, pop, prestige, refused, refused_for, rule_ids,
                      units)

SEED = 1
ATHENS, SPARTA = 0, 1
B = topology_of(pn.position("ed2", SEED))
B1 = topology_of(pn.position("ed1", SEED))


# --- small local helpers ------------------------------------------------------------------------

def fresh(**kw) -> pn.State:
    """An Ed2 position with every area emptied first (``units`` then places only what is given) and
    no event in force."""
    units = {a: (0, 0) for a in B.area_ids}
    units.update(kw.pop("units", {}))
    kw.setdefault("round", "epsilon")
    return pn.position("ed2", SEED, units=units, **kw).evolve(closed=(), event=None)


def fresh1(**kw) -> pn.State:
    """The same for the first edition (seed 1 has no event in round 3)."""
    units = {a: (0, 0) for a in B1.area_ids}
    units.update(kw.pop("units", {}))
    kw.setdefault("round", "4")
    return pn.position("ed1", SEED, units=units, **kw)


def pidx(polis: str) -> int:
    return B.polis_index[polis]


def no_ed1_variant(ids) -> None:
    """None of the first-edition ids the second edition replaces is cited."""
    replaced = set(pn.RULES) - {r for r in pn.RULES if "ed2" in pn.RULES[r].editions}
    assert not (set(ids) & replaced), set(ids) & replaced


# the starting poleis hold Athens 8 cubes, Sparta 7: exactly this wheat feeds them, none left to grow
FED = {"athens": {"wheat": 8}, "sparta": {"wheat": 7}}


def round_end(first: str = "athens", **kw) -> pn.State:
    """Both players pass, ``first`` first: the round end begins."""
    second = "sparta" if first == "athens" else "athens"
    kw.setdefault("goods", FED)
    return play(fresh(to_move=second, passed=[first], **kw), "pass")


def finish(s: pn.State, **answers: str) -> tuple[pn.State, set[str], list[pn.LogEntry]]:
    """Play on until a player's turn or the game's end: chance by the game's own sampling, the
    round-end decisions answered plainly (no growth, no Phoros, the first project tile removed)
    unless ``answers`` maps a decision kind to a choice. Returns the state, every rule id cited and
    every log entry."""
    log = list(s.log)
    while not s.is_terminal and s.pending.kind != "turn":
        if s.is_chance:
            s = pn.apply(s, pn.sample_chance(s))
        else:
            k = s.pending.kind
            text = answers.get(k) or {"feed": "feed prestige", "grow": "end", "phoros": "phoros 0"}.get(k)
            s = pn.apply(s, text if text in legal(s) else pn.legal_actions(s)[0])
        log.extend(s.log)
    return s, {r for e in log for r in e.rules}, log


def test_every_ed2_rule_is_tested_here():
    """The rule index's second-edition ids each have a test in this module."""
    names = set(globals())
    missing = [rid for rid, _, _ in _RULES_ED2 if "test_" + rid.replace(".", "_").replace("-", "_") not in names]
    assert not missing, missing


# =================================================================================================
# game and setup
# =================================================================================================

def test_game_rounds_ed2():
    """Ed2 · Jak przebiega gra; Podstawowe pojęcia: three rounds, Alpha, Epsilon and Omega, with
    stacking limits 3, 4 and 5 shown on the round marker."""
    comp = B.comp
    assert [(r.label, r.stacking) for r in comp.rounds] == [("alpha", 3), ("epsilon", 4), ("omega", 5)]
    s = pn.new_game("ed2", SEED)
    assert "game.rounds-ed2" in rule_ids(s) and "game.rounds" not in rule_ids(s)
    # the first edition keeps its four rounds and its own id
    s1 = pn.new_game("ed1", SEED)
    assert "game.rounds" in rule_ids(s1) and len(B1.comp.rounds) == 4
    # the Ed1 round labels mean nothing here
    with pytest.raises(pn.PositionError) as err:
        fresh(round="4")
    assert "alpha, epsilon, omega" in str(err.value)


def test_game_rounds_ed2__stacking_limits():
    """Ed2 · Akcje › Limit kumulacji: 3 units a side per area in Alpha, 4 in Epsilon, 5 in Omega."""
    for label, n in (("alpha", 3), ("epsilon", 4), ("omega", 5)):
        fresh(round=label, units={"boiotia": (n, n)})
        with pytest.raises(pn.PositionError) as err:
            fresh(round=label, units={"boiotia": (n + 1, 0)})
        assert any("stack.limit" in p for p in err.value.problems)


def test_game_rounds_ed2__epsilon_follows_alpha_and_omega_is_last():
    """Ed2 · Jak przebiega gra: after Alpha comes Epsilon (its start cited by the Ed2 id); Omega is
    the last round, after which the game ends."""
    s, ids, _ = finish(round_end(round="alpha"))
    assert s.round == 1 and B.comp.rounds[s.round].label == "epsilon"
    assert "game.rounds-ed2" in ids
    no_ed1_variant(ids)
    s, ids, _ = finish(round_end(round="omega"))
    assert s.is_terminal and pn.outcome(s).scores is not None


def test_game_discs_limit():
    """Ed2 · Podstawowe pojęcia; Komponenty: 25 discs a side mark owned poleis, tribute and sieges;
    an action that needs a disc cannot be taken without one.

    Athens owns its three starting poleis and has 22 discs on other duties (held here as tribute
    discs): a siege of Thebai, a tribute in Attika and a civil war are all refused.
    """
    s = fresh(to_move="athens", units={"boiotia": (3, 0), "attika": (1, 0)}, proxenos={"athens": "pydna"},
              goods={"athens": {"silver": 10}})
    assert B.discs_free(s, ATHENS) == 25 - 3
    full = pn.edit(s, tribute_discs={"athens": 22})
    assert B.discs_free(full, ATHENS) == 0
    assert "game.discs-limit" in pn.explain(full, "siege").rule_ids
    assert "tribute" not in legal(full)
    assert pn.explain(full, "tribute").rule_ids[0] == "game.discs-limit"
    assert "game.discs-limit" in pn.explain(full, "civilwar").rule_ids
    # a failed siege puts down the last disc
    failed = play(s.evolve(tribute_discs=(21, 0)), "siege", "polis thebai", "die 1")
    assert failed.siege_discs and B.discs_free(failed, ATHENS) == 0
    # with one disc spare everything is allowed again
    assert {"siege", "tribute", "civilwar"} <= legal(s.evolve(tribute_discs=(21, 0)))
    # the editor refuses a position using more discs than there are
    with pytest.raises(pn.PositionError) as err:
        pn.edit(full, siege_discs={"thebai": "athens"})
    assert any("game.discs-limit" in p for p in err.value.problems)
    # the first edition does not count discs
    assert B1.discs_free(fresh1(), ATHENS) is None


def test_setup_player_board():
    """Ed2 · Przygotowanie do gry; Podstawowe pojęcia: each side starts with four of every resource
    and 3 prestige, except Sparta without wheat and Athens without silver; the starting poleis,
    hoplites, galleys, a merchant in port and the proxenos in the capital."""
    assert pn.RULES["setup.player-board"].editions == ("ed2",)
    s = pn.settle(pn.new_game("ed2", SEED))
    assert B.comp.goods == ("iron", "wood", "wine", "silver", "wheat")
    assert {g: good(s, "athens", g) for g in B.comp.goods} == {"iron": 4, "wood": 4, "wine": 4, "silver": 0,
                                                               "wheat": 4}
    assert {g: good(s, "sparta", g) for g in B.comp.goods} == {"iron": 4, "wood": 4, "wine": 4, "silver": 4,
                                                               "wheat": 0}
    assert s.prestige == (3, 3)
    assert {p: (owner(s, p), pop(s, p)) for p in ("athenai", "chalkis", "chios", "sparta", "gytheion", "pylos")} == {
        "athenai": ("athens", 5), "chalkis": ("athens", 1), "chios": ("athens", 2),
        "sparta": ("sparta", 4), "gytheion": ("sparta", 1), "pylos": ("sparta", 2)}
    assert units(s, "attika") == (3, 0) and units(s, "ionia") == (2, 0) and units(s, "lakedaimon") == (0, 3)
    assert units(s, "kyklades") == (2, 0) and units(s, "noties") == (1, 0)
    assert units(s, "ionion") == (0, 1) and units(s, "myrtoon") == (0, 2)
    assert s.ships_port == (1, 1)
    assert s.proxenos == (pidx("athenai"), pidx("sparta"))
    # the first edition has other goods (metal and oil)
    assert {"metal", "oil"} <= set(B1.comp.goods)


# =================================================================================================
# round start: projects, event
# =================================================================================================

def test_round_projects_ed2():
    """Ed2 · Przygotowanie do gry (Ⓒ): Alpha shows three project tiles drawn from the face-down
    pile; their draws cite the Ed2 id."""
    s = pn.new_game("ed2", SEED)
    assert s.pending.kind == "draw-project"
    ids = set()
    for _ in range(3):
        assert s.pending.kind == "draw-project"
        s = pn.apply(s, pn.sample_chance(s))
        ids |= rule_ids(s)
    assert s.pending.kind == "draw-event" and len(s.display) == 3 and len(s.pile) == 11
    assert "round.projects-ed2" in ids and "round.projects" not in ids


@pytest.mark.parametrize("start, drawn, kept", [("alpha", 5, 4), ("epsilon", 6, 5)])
def test_round_projects_ed2__later_rounds(start, drawn, kept):
    """Ed2 · Koniec rundy › 7. Przygotowanie do Następnej Rundy: after Alpha five tiles are drawn,
    after Epsilon the six that remain; one of them leaves the game. Tiles left unused leave too."""
    # tiles of earlier rounds already gone: the pile holds exactly what the rulebook expects
    display = ["apollo", "zeus", "koilon"]
    s = round_end(round=start, display=display)
    if start == "epsilon":  # 3 tiles went in Alpha and 5 were drawn for Epsilon: 6 remain
        s = s.evolve(pile=s.pile[:6])
    pile = len(s.pile)
    assert pile == (11 if start == "alpha" else 6)
    s, ids, log = finish(s)
    assert sum(1 for e in log if "is put on display" in e.text) == drawn
    assert len(s.display) == kept and len(s.pile) == pile - drawn
    assert not set(display) & set(s.display + s.pile)  # the unused tiles left the game
    assert "round.projects-ed2" in ids


def test_round_event_ed2():
    """Ed2 · Przygotowanie do gry (Ⓓ); Karty Wydarzeń: one event per round lies in a pile; the side
    with more prestige reads it first, Athens on a tie. The only known Alpha card (Xerxes) closes
    Persia."""
    s = pn.new_game("ed2", SEED)
    while s.pending.kind == "draw-project":
        s = pn.apply(s, pn.sample_chance(s))
    assert s.pending.kind == "draw-event"
    assert [str(a) for a, _ in pn.chance_outcomes(s)] == ["event xerxes"]
    tie = pn.apply(s, "event xerxes")
    read = next(e for e in tie.log if "reveals the event" in e.text)
    assert read.player == "athens" and "round.event-ed2" in read.rules and "round.event" not in read.rules
    assert tie.closed == ("persis",)
    richer = pn.apply(s.evolve(prestige=(2, 4)), "event xerxes")
    assert next(e for e in richer.log if "reveals the event" in e.text).player == "sparta"


def test_round_event_ed2__no_known_card():
    """Ed2 · Karty Wydarzeń: no Epsilon card is known to the kernel; the round starts without one,
    citing the Ed2 rule."""
    s, ids, log = finish(round_end(round="alpha"))
    assert s.round == 1 and s.event is None
    assert any("no event" in e.text and "round.event-ed2" in e.rules for e in log)


def test_project_draft():
    """Ed2 · Koniec rundy › 7: of the tiles drawn for Epsilon, the side with less prestige removes
    one from the game."""
    s = round_end(round="alpha", prestige={"athens": 5, "sparta": 3})
    while s.pending.kind != "project-remove":
        s = pn.apply(s, pn.sample_chance(s)) if s.is_chance else pn.apply(
            s, {"grow": "end", "phoros": "phoros 0"}[s.pending.kind])
    assert s.current_player == "sparta" and len(s.display) == 5
    assert "project.draft" in rule_ids(s)
    gone = s.display[0]
    absent = next(t for t in B.project_index if t not in s.display)
    refused_for(s, f"remove {absent}", "project.draft")
    s2 = play(s, f"remove {gone}")
    assert gone not in s2.display + s2.pile and len(s2.display) == 4
    assert "project.draft" in rule_ids(s2)


def test_project_draft__tie_goes_to_first_passer():
    """Ed2 · Koniec rundy › 7: on equal prestige the side that passed first in the round that ended
    removes the tile."""
    for first in ("athens", "sparta"):
        s = round_end(first=first, round="alpha")
        while s.pending.kind != "project-remove":
            s = pn.apply(s, pn.sample_chance(s)) if s.is_chance else pn.apply(
                s, {"grow": "end", "phoros": "phoros 0"}[s.pending.kind])
        assert s.prestige[0] == s.prestige[1] and s.current_player == first


def test_project_draft__not_in_alpha_nor_ed1():
    """Ed2 · Przygotowanie do gry: the first round simply shows three tiles, nobody removes one;
    the first edition never removes a tile."""
    s = pn.settle(pn.new_game("ed2", SEED))
    assert len(s.display) == 3 and s.pending.kind == "turn"
    s1 = fresh1(round="3", to_move="sparta", passed=["athens"], goods={"athens": {"wheat": 8}, "sparta": {"wheat": 7}})
    s1 = play(s1, "pass")
    kinds = set()
    while not s1.is_terminal and s1.pending.kind != "turn":
        kinds.add(s1.pending.kind)
        s1 = pn.apply(s1, pn.sample_chance(s1)) if s1.is_chance else pn.apply(
            s1, {"grow": "end", "phoros": "phoros 0"}.get(s1.pending.kind) or pn.legal_actions(s1)[0])
    assert "project-remove" not in kinds


def test_project_face_down():
    """Ed2 · Akcje › 4. Opracowanie Projektu: a started tile lies face down on its polis (off the
    display, out of the other side's reach) until the round end turns it and pays its prestige."""
    s = fresh(to_move="athens", passed=["sparta"], display=["myron", "apollo", "efebos"],
              goods={"athens": {"wood": 2, "silver": 3, "wheat": 8}, "sparta": {"wheat": 7}})
    s = play(s, "project +iron", "tile myron", "polis athenai", "pay")
    assert ("myron", pidx("athenai")) in s.started and "myron" not in s.display
    p0 = prestige(s, "athens")
    s, ids, log = finish(play(s, "pass"))
    done = next(e for e in log if "completes" in e.text)
    assert "project.face-down" in done.rules and "project.complete" in done.rules
    assert ("myron", pidx("athenai")) in s.done and prestige(s, "athens") == p0 + 2
    # the first edition has no face-down tiles
    s1 = fresh1(to_move="athens", passed=["sparta"], display=["sokrates"],
                goods={"athens": {"silver": 6, "wheat": 8}, "sparta": {"wheat": 7}})
    s1, ids1 = play_ids(s1, "project +wood", "tile sokrates", "polis athenai", "pay", "pass")
    assert "project.complete" in ids1 and "project.face-down" not in ids1


# =================================================================================================
# actions: proxenos, siege, tribute
# =================================================================================================

def test_proxenos_ransom_ed2():
    """Ed2 · Akcje › 7. Oblężenie Polis: the captured proxenos is freed at any time of its owner's
    turn for 2 silver paid to the captor; this is no action, so both actions of the turn remain."""
    s = fresh(to_move="athens", proxenos={"athens": None}, goods={"athens": {"silver": 3}, "sparta": {"silver": 1}})
    assert "ransom" in legal(s)
    assert pn.explain(s, "ransom").rule_ids == ("proxenos.ransom-ed2",)
    s, ids = play_ids(s, "ransom")
    assert s.proxenos[ATHENS] == pidx("athenai")
    assert good(s, "athens", "silver") == 1 and good(s, "sparta", "silver") == 3
    assert s.turn_actions == () and s.pending == pn.Pending("turn", ATHENS)
    assert "proxenos.ransom-ed2" in ids and "proxenos.ransom" not in ids
    # two actions still follow in the same turn
    s = play(s, "proxenos", "polis chalkis by land")
    assert s.current_player == "athens" and s.turn_actions == ("proxenos",)


def test_proxenos_ransom_ed2__after_an_action():
    """Ed2 · Akcje › 7: the ransom may come between the two actions of a turn."""
    s = fresh(to_move="athens", proxenos={"athens": None}, goods={"athens": {"silver": 3}})
    s = play(s, "train", "polis athenai", "pay iron", "end")
    assert s.turn_actions == ("train",) and "ransom" in legal(s)
    s = play(s, "ransom")
    assert s.turn_actions == ("train",) and s.current_player == "athens"
    s = play(s, "galleys", "polis athenai", "pay wood kyklades", "end")
    assert s.current_player == "sparta"


def test_proxenos_ransom_ed2__no_extra_good_when_alone():
    """Ed2 · Akcje › 7: being no action, the ransom costs no extra good after the opponent passed."""
    s = fresh(to_move="athens", passed=["sparta"], proxenos={"athens": None}, goods={"athens": {"silver": 2}})
    assert "ransom" in legal(s) and not any(a.startswith("ransom +") for a in legal(s))
    e = refused_for(s, "ransom +wood", "proxenos.ransom-ed2")
    assert "no action" in e.text
    before = sum(s.goods[ATHENS])
    s = play(s, "ransom")
    assert sum(s.goods[ATHENS]) == before - 2 and s.current_player == "athens"


def test_proxenos_ransom_ed2__ed1_counts_as_action():
    """Ed1 · Aktionen › k.: the first edition's ransom is one of the turn's two actions."""
    s = fresh1(to_move="athens", proxenos={"athens": None}, goods={"athens": {"silver": 3}})
    s, ids = play_ids(s, "ransom")
    assert s.turn_actions == ("ransom",) and "proxenos.ransom" in ids


def test_proxenos_ransom_ed2__refused():
    """Ed2 · Akcje › 7: a free proxenos needs no ransom; without 2 silver none can be paid."""
    s = fresh(to_move="athens", goods={"athens": {"silver": 5}})
    refused_for(s, "ransom", "proxenos.ransom-ed2")
    s = fresh(to_move="athens", proxenos={"athens": None}, goods={"athens": {"silver": 1}})
    e = refused_for(s, "ransom", "proxenos.ransom-ed2")
    assert "proxenos.ransom" not in e.rule_ids


def _thebai_failed(**kw) -> pn.State:
    """Epsilon: Athens, with 3 hoplites in Boiotia, besieges neutral Thebai and rolls a 2."""
    kw.setdefault("units", {"boiotia": (3, 0), "megaris": (2, 0)})
    s = fresh(to_move="athens", prestige={"athens": 6}, **kw)
    return play(s, "siege", "polis thebai", "die 2")


def test_siege_discs():
    """Ed2 · Akcje › 7. Oblężenie Polis: a failed siege leaves a disc of the besieger beside the
    polis; each own disc in that territory adds 1 to later siege rolls."""
    s = _thebai_failed()
    assert s.siege_discs == ((pidx("thebai"), ATHENS),)
    assert "siege.discs" in rule_ids(s) and "siege.failure" in rule_ids(s)
    assert units(s, "boiotia") == (2, 0) and owner(s, "thebai") == "neutral"
    # next turn, back to three hoplites: a 2 now succeeds (2 + 1 ≥ 3)
    s = play(pn.edit(s, to_move="athens", turn_actions=[]), "hoplites", "to boiotia", "from megaris", "end", "siege",
             "polis thebai")
    assert "siege.discs" in rule_ids(s) and "+1" in s.log[-1].text
    s, ids = play_ids(s, "die 2")
    assert owner(s, "thebai") == "athens" and "2 + 1" in next(e.text for e in s.log if "succeeds" in e.text)


def test_siege_discs__each_disc_counts():
    """Ed2 · Akcje › 7: two failures give +2; a 1 then reaches Thebai's fortification 3."""
    s = fresh(to_move="athens", units={"boiotia": (4, 0)}, siege_discs={"thebai": ["athens", "athens"]})
    # two discs of one side at one polis are a real position: the position readers take them back
    assert pn.State.from_dict(s.to_dict()) == s and pn.State.from_notation(s.to_notation()) == s
    s = play(s, "siege", "polis thebai")
    assert "+2" in s.log[-1].text
    s = play(s, "die 1")
    assert owner(s, "thebai") == "athens"


def test_siege_discs__any_polis_of_the_territory():
    """Ed2 · Akcje › 7: the bonus counts own discs in the territory, so a disc left at Gela helps
    a siege of Syrakousai (the kernel reads "na tym terytorium" literally)."""
    s = fresh(round="omega", to_move="sparta", units={"sikelia": (0, 4)}, siege_discs={"gela": "sparta"})
    s = play(s, "siege", "polis syrakousai", "die 3")
    assert owner(s, "syrakousai") == "sparta"


def test_siege_discs__opponent_discs_do_not_help():
    """Ed2 · Akcje › 7: only the besieger's own discs count."""
    s = fresh(to_move="sparta", units={"boiotia": (1, 4)}, siege_discs={"thebai": "athens"})
    s = play(s, "siege", "polis thebai")
    assert "+1" not in s.log[-1].text
    s = play(s, "die 2")
    assert owner(s, "thebai") == "neutral"


def test_siege_discs__not_in_ed1():
    """Ed1 · Aktionen › g.: the first edition has no siege discs; the editor refuses them."""
    s = play(fresh1(to_move="athens", units={"boiotia": (3, 0)}), "siege", "polis thebai", "die 2")
    assert s.siege_discs == () and "siege.discs" not in rule_ids(s)
    with pytest.raises(pn.PositionError) as err:
        fresh1(units={"boiotia": (3, 0)}, siege_discs={"thebai": "athens"})
    assert any("siege.discs" in p for p in err.value.problems)


def test_siege_discs_removal():
    """Ed2 · Akcje › 7: siege discs leave at once when their owner moves all its hoplites out of
    the territory."""
    s = pn.edit(_thebai_failed(), to_move="athens")
    s, ids = play_ids(s, "hoplites", "to attika", "from boiotia", "from boiotia")
    assert units(s, "boiotia") == (0, 0) and s.siege_discs == ()
    assert "siege.discs-removal" in ids
    removal = next(e for e in s.log if "siege.discs-removal" in e.rules)
    assert "Thibae" in removal.text and removal.player == "athens"


def test_siege_discs_removal__units_lost():
    """Ed2 · Akcje › 7: ... or when it loses them: Athens' four hoplites in Boiotia, beside its disc
    at Thebai, all fall in a battle against Sparta, and the disc goes with the last of them."""
    s = fresh(to_move="sparta", turn_actions=["train"], units={"boiotia": (4, 3), "megaris": (0, 1)},
              siege_discs={"thebai": "athens"}, prestige={"athens": 5, "sparta": 5})
    s = play(s, "hoplites", "to boiotia", "from megaris")
    s = play(s, *("card " + c for c in ["phalanx:othismos", "cavalry:hold", "peltasts:hold", "peltasts:hold",
                                        "archers:advance", "archers:advance", "phalanx:advance", "cavalry:advance"]))
    # Sparta attacks and both Athenian answers miss: two hoplites fall
    s = play(s, "fight", "fight", "play phalanx:othismos cavalry:hold", "answer archers:advance archers:advance")
    assert units(s, "boiotia") == (2, 4) and s.siege_discs == ((pidx("thebai"), ATHENS),)
    # Athens attacks with its last two cards (Sparta draws two first) and Sparta matches both
    s = play(s, "fight", "fight", "card phalanx:advance", "card cavalry:advance",
             "play phalanx:advance cavalry:advance", "answer phalanx:advance cavalry:advance")
    # Sparta attacks again; Athens' two new cards miss both: its last hoplites fall
    s = play(s, "fight", "fight", "card archers:shoot", "card archers:shoot", "card phalanx:othismos",
             "card phalanx:othismos", "play phalanx:othismos phalanx:othismos")
    s, ids = play_ids(s, "answer archers:shoot archers:shoot")
    assert units(s, "boiotia") == (0, 4) and s.battle is None
    assert s.siege_discs == () and "siege.discs-removal" in ids


def test_siege_discs_removal__opponent_besieges_the_neutral_polis():
    """Ed2 · Akcje › 7: the discs leave when the other side besieges that neutral polis."""
    s = fresh(to_move="sparta", units={"boiotia": (1, 4)}, siege_discs={"thebai": "athens"}, prestige={"sparta": 5})
    s, ids = play_ids(s, "siege", "polis thebai")
    assert s.siege_discs == () and "siege.discs-removal" in ids
    s = play(s, "die 1")  # Sparta fails: now its own disc stands there
    assert s.siege_discs == ((pidx("thebai"), SPARTA),)


def test_siege_discs_removal__round_end():
    """Ed2 · Akcje › 7; Koniec rundy › 7: at the round end every siege disc leaves the map."""
    s = round_end(round="alpha", units={"boiotia": (2, 0), "sikelia": (0, 2)},
                  siege_discs={"thebai": "athens", "gela": "sparta"})
    s, ids, log = finish(s)
    assert s.round == 1 and s.siege_discs == ()
    assert any("siege.discs-removal" in e.rules for e in log)


def test_siege_discs_removal__success_takes_its_disc_back():
    """Ed2 · Akcje › 7: the winner of a siege takes its siege discs back."""
    s = fresh(to_move="athens", units={"boiotia": (3, 0)}, siege_discs={"thebai": "athens"})
    s, ids = play_ids(s, "siege", "polis thebai", "die 3")
    assert owner(s, "thebai") == "athens" and s.siege_discs == ()
    assert "siege.discs-removal" in ids
    assert B.discs_free(s, ATHENS) == 25 - 4  # three starting poleis and Thebai


def test_tribute_rows_ed2():
    """Ed2 · Akcje › 8. Zebranie Daniny: the player chooses how many hoplites go on the tribute rows,
    and on which, each row filled from the top; the rest stay idle."""
    s = fresh(round="omega", to_move="sparta", poleis={"syrakousai": ("sparta", 4)}, units={"sikelia": (0, 5)},
              goods={"sparta": {"wine": 0, "wheat": 0}})
    s = play(s, "tribute", "area sikelia")
    assert {"rows wine:1", "rows wine:3", "rows wine:5", "rows wine:3,wheat:2", "rows wheat:1"} <= legal(s)
    s2, ids = play_ids(s, "rows wine:3")
    assert good(s2, "sparta", "wine") == 6 and units(s2, "sikelia") == (0, 5)
    assert "tribute.rows-ed2" in ids and "tribute.rows" not in ids
    # more hoplites than stand there (or more than a row holds) are refused, citing the Ed2 rule
    e = refused_for(s, "rows wine:5,wheat:1", "tribute.rows-ed2")
    assert "from 1 to 5" in e.text


def test_tribute_rows_ed2__ed1_places_every_hoplite():
    """Ed1 · Aktionen › h.: the first edition puts every hoplite of the territory on the rows."""
    s = fresh1(round="5a", to_move="sparta", poleis={"syrakousai": ("sparta", 4)}, units={"sikelia": (0, 5)})
    s = play(s, "tribute", "area sikelia")
    e = refused_for(s, "rows wine:3", "tribute.rows")
    assert "All 5 hoplites" in e.text


# =================================================================================================
# trade
# =================================================================================================

def _trading(**kw) -> pn.State:
    kw.setdefault("to_move", "athens")
    return play(fresh(**kw), "trade")


def test_trade_offer_ed2():
    """Ed2 · Akcje › 9. Handel: a merchant takes a free offer that no black cube covers; an offer may
    accept several goods, so an exchange names the good: 'offer persis.2 exchange wood'."""
    s = _trading(round="omega", covered=["persis.2"], goods={"athens": {"iron": 9, "wood": 9, "wine": 9}})
    e = refused_for(s, "offer persis.2 exchange wood", "trade.offer-ed2", "trade.black-cubes")
    assert "black cube" in e.text and "trade.offer" not in e.rule_ids
    s = _trading(round="omega", covered=[], goods={"athens": {"iron": 9, "wood": 9, "wine": 9}})
    assert {"offer persis.2 exchange iron", "offer persis.2 exchange wood", "offer persis.2 exchange wine"} <= legal(s)
    e = refused_for(s, "offer persis.2 exchange", "trade.exchange-ed2")
    assert "name the good" in e.text
    s, ids = play_ids(s, "offer persis.2 exchange wood")
    assert "trade.offer-ed2" in ids and "trade.offer" not in ids


def test_trade_offer_ed2__taken_offer():
    """Ed2 · Akcje › 9: an offer holding a merchant is closed for the rest of the round."""
    s = fresh(round="omega", to_move="athens", covered=[], ships_port={"athens": 2},
              goods={"athens": {"iron": 20, "wine": 20}})
    s = play(s, "trade", "offer persis.0 exchange iron", "roll 1")
    s = pn.edit(s, to_move="athens", turn_actions=[])
    s = play(s, "trade")
    refused_for(s, "offer persis.0 exchange wine", "trade.offer-ed2")


def test_trade_offer_ed2__ed1_opens_by_round():
    """Ed1 · Aktionen › i.: the first edition opens loads by round instead of black cubes."""
    s = play(fresh1(round="3", to_move="athens", goods={"athens": {"oil": 9, "wine": 9}}), "trade")
    e = refused_for(s, "offer persis.1 exchange", "trade.offer")
    assert "trade.black-cubes" not in e.rule_ids


def test_trade_black_cubes():
    """Ed2 · Przygotowanie do gry (Ⓔ): black cubes cover every foreign-market offer of 4 or 5."""
    s = pn.settle(pn.new_game("ed2", SEED))
    covered = {B.offer_ids[i] for i in s.covered}
    assert covered == {o.id for o in B.offers if o.load >= 4}
    assert len(covered) == 8  # 11 black cubes, 3 of them on the market-value tracks


def test_trade_black_cubes__round_end_lifts_the_topmost():
    """Ed2 · Koniec rundy › 7: at each round end the topmost black cube leaves every market that
    still has one, citing trade.black-cubes."""
    s = round_end(round="alpha")
    before = {B.offer_ids[i] for i in s.covered}
    s, ids, log = finish(s)
    after = {B.offer_ids[i] for i in s.covered}
    assert before - after == {"euxeinos.1", "persis.1", "illyria.1", "thrake.1", "aigyptos.1"}
    assert after == {"euxeinos.2", "persis.2", "aigyptos.2"}
    assert any("trade.black-cubes" in e.rules for e in log)
    s, ids, log = finish(play(pn.edit(s, to_move="sparta", passed=["athens"], goods=FED), "pass"))
    assert s.round == 2 and s.covered == ()


def test_trade_black_cubes__not_in_ed1():
    """Ed1: no black cubes cover offers; the editor refuses them there."""
    assert pn.settle(pn.new_game("ed1", SEED)).covered == ()
    with pytest.raises(pn.PositionError) as err:
        fresh1(covered=["persis.1"])
    assert any("trade.black-cubes" in p for p in err.value.problems)


def test_trade_exchange_ed2():
    """Ed2 · Akcje › 9. Handel: an exchange pays the market value of the good chosen among those the
    offer accepts (Omega, Persia's 5 silver: 5 iron at 0, 6 wood at 1 or 7 wine at 3)."""
    for g, n in (("iron", 5), ("wood", 6), ("wine", 7)):
        s = _trading(round="omega", covered=[], markers={"iron": 0, "wood": 1, "wine": 3},
                     goods={"athens": {g: n, "silver": 0}})
        s, ids = play_ids(s, f"offer persis.2 exchange {g}")
        assert good(s, "athens", g) == 0 and good(s, "athens", "silver") == 5
        assert "trade.exchange-ed2" in ids and "trade.exchange" not in ids
        assert s.pending.data[1] == g  # the market value of that good moves


def test_trade_exchange_ed2__not_enough():
    """Ed2 · Akcje › 9: a good held below its market value cannot pay."""
    s = _trading(round="omega", covered=[], markers={"wine": 3}, goods={"athens": {"wine": 6, "iron": 5}})
    assert "offer persis.2 exchange wine" not in legal(s)
    refused_for(s, "offer persis.2 exchange wine", "trade.exchange-ed2")


def test_trade_market_value_ed2():
    """Ed2 · Akcje › 9. Handel: after an exchange two d4 are rolled and the lower moves the good's
    marker right; the lower of two d4 is k with probability (9 - 2k)/16."""
    s = _trading(covered=["persis.2"], markers={"wine": 2}, goods={"athens": {"wine": 5}})
    s = play(s, "offer persis.1 exchange")
    outs = {str(a): p for a, p in pn.chance_outcomes(s)}
    assert outs == {f"roll {k}": Fraction(9 - 2 * k, 16) for k in range(1, 5)}
    assert outs == {"roll 1": Fraction(7, 16), "roll 2": Fraction(5, 16), "roll 3": Fraction(3, 16),
                    "roll 4": Fraction(1, 16)}
    s, ids = play_ids(s, "roll 3")
    assert marker(s, "wine") == 5
    assert "trade.market-value-ed2" in ids and "trade.market-value" not in ids
    assert "lower of two dice" in s.log[0].text


def test_trade_market_value_ed2__buying_wheat_one_die_per_good():
    """Ed2 · Akcje › 9: buying wheat with silver rolls one d4 for each good the offer accepts, one
    after the other, and each marker moves left by its own die."""
    s = _trading(round="omega", covered=[], markers={"iron": 3, "wine": 4}, goods={"athens": {"silver": 3}})
    s = play(s, "offer persis.0 buy")
    assert good(s, "athens", "wheat") == 4 + 3 and good(s, "athens", "silver") == 0
    assert s.pending.data[:3] == (ATHENS, "iron", "buy-each")
    assert {str(a): p for a, p in pn.chance_outcomes(s)} == {f"roll {k}": Fraction(1, 4) for k in range(1, 5)}
    s, ids = play_ids(s, "roll 2")
    assert marker(s, "iron") == 1 and s.current_player == "chance" and s.pending.data[1] == "wine"
    s, ids2 = play_ids(s, "roll 4")
    assert marker(s, "wine") == 0 and s.current_player == "athens"
    assert "trade.market-value-ed2" in ids | ids2


def test_trade_market_value_ed2__ed1_one_die():
    """Ed1 · Aktionen › i.: the first edition rolls one die after an exchange."""
    s = play(fresh1(to_move="athens", goods={"athens": {"oil": 9}}), "trade", "offer persis.1 exchange")
    assert {str(a): p for a, p in pn.chance_outcomes(s)} == {f"roll {k}": Fraction(1, 4) for k in range(1, 5)}
    assert "trade.market-value" in rule_ids(play(s, "roll 1"))


# =================================================================================================
# battle
# =================================================================================================

def _battle(**kw) -> pn.State:
    """Epsilon: Sparta's second action brings a fourth hoplite into Boiotia next to four Athenians;
    the deal is forced and Sparta, the first attacker on land, is asked first about retreating."""
    s = fresh(to_move="sparta", turn_actions=["train"], units={"boiotia": (4, 3), "megaris": (0, 1)},
              prestige={"athens": 5, "sparta": 5}, **kw)
    s = play(s, "hoplites", "to boiotia", "from megaris")
    for c in ["phalanx:othismos", "archers:shoot", "peltasts:hold", "cavalry:hold",
              "phalanx:advance", "archers:advance", "cavalry:advance", "peltasts:hold"]:
        s = pn.apply(s, "card " + c)
    return s


def test_battle_retreat_ed2():
    """Ed2 · Walka › Toczenie bitwy: a retreat costs the retreating side 1 prestige and gives the
    opponent 1; its units stay. (The kernel asks before the first exchange, after the hands are
    dealt, and between exchanges before the redraw; the rulebook's "before cards are drawn" is
    read as the redraw.)"""
    s = _battle()
    assert s.pending == pn.Pending("battle-retreat", SPARTA)
    p_sp, p_at = prestige(s, "sparta"), prestige(s, "athens")
    s2, ids = play_ids(s, "retreat")
    assert prestige(s2, "sparta") == p_sp - 1 and prestige(s2, "athens") == p_at + 1
    assert units(s2, "boiotia") == (4, 4) and s2.battle is None
    assert "battle.retreat-ed2" in ids and "battle.retreat" not in ids
    assert "loses 1 prestige" in next(e.text for e in s2.log if "retreats" in e.text)


def test_battle_retreat_ed2__between_exchanges():
    """Ed2 · Walka › Toczenie bitwy: after an exchange, before any card is redrawn, the next
    attacker may retreat."""
    s = play(_battle(), "fight", "fight", "play phalanx:othismos archers:shoot", "answer phalanx:advance archers:advance")
    assert s.pending == pn.Pending("battle-retreat", ATHENS) and s.battle.draws == ()
    p_at = prestige(s, "athens")
    s, ids = play_ids(s, "retreat")
    assert prestige(s, "athens") == p_at - 1 and "battle.retreat-ed2" in ids


def test_battle_retreat_ed2__needs_prestige():
    """Ed2 · Walka › Toczenie bitwy: without prestige a side cannot retreat and is not asked."""
    s = fresh(to_move="sparta", turn_actions=["train"], units={"boiotia": (4, 3), "megaris": (0, 1)},
              prestige={"athens": 0, "sparta": 1})
    s = play(s, "hoplites", "to boiotia", "from megaris")  # Sparta spends its last prestige
    for c in ["phalanx:othismos", "archers:shoot", "peltasts:hold", "cavalry:hold",
              "phalanx:advance", "archers:advance", "cavalry:advance", "peltasts:hold"]:
        s = pn.apply(s, "card " + c)
    assert s.pending.kind == "battle-attack"  # nobody could pay for a retreat
    refused(s, "retreat")


def test_battle_retreat_ed2__ed1_wording():
    """Ed1 · Schlachten: the first edition's retreater pays the opponent, citing battle.retreat."""
    s = fresh1(to_move="sparta", turn_actions=["train"], units={"boiotia": (4, 3), "megaris": (0, 1)},
               prestige={"athens": 5, "sparta": 5})
    s = play(s, "hoplites", "to boiotia", "from megaris")
    for c in ["phalanx:othismos", "archers:shoot", "peltasts:hold", "cavalry:hold",
              "phalanx:advance", "archers:advance", "cavalry:advance", "peltasts:hold"]:
        s = pn.apply(s, "card " + c)
    s, ids = play_ids(s, "retreat")
    assert "battle.retreat" in ids and "battle.retreat-ed2" not in ids
    assert prestige(s, "sparta") == 5 - 1 - 1 and prestige(s, "athens") == 6


# =================================================================================================
# round end
# =================================================================================================

STEP_RULES = ("project.complete", "roundend.feeding", "roundend.growth", "roundend.megalopolis",
              "roundend.spoilage-ed2", "roundend.phoros-ed2", "roundend.preparation-ed2")


def test_roundend_order_ed2():
    """Ed2 · Koniec rundy: seven steps, one after the other (projects, feeding, growth, Megalopolis,
    spoilage, Phoros, preparation); the side that passed first does each step first."""
    s = fresh(round="alpha", to_move="athens", passed=["sparta"], poleis={"chios": ("athens", 3), "pylos": ("sparta", 3)},
              display=["apollo", "efebos"], goods={"athens": {"wheat": 9 + 1}, "sparta": {"wheat": 8 + 1}})
    # Athens started Myron in Athinae this round (Chios and Pylos have grown beyond their base)
    s = play(s.evolve(started=(("myron", pidx("athenai")),)), "pass")
    begin = next(e for e in s.log if "roundend.order-ed2" in e.rules)
    assert "Sparta passed first" in begin.text and "roundend.order" not in begin.rules
    s, ids, log = finish(s)
    no_ed1_variant(ids)
    for rule in ("roundend.feeding", "roundend.growth", "roundend.megalopolis", "roundend.spoilage-ed2",
                 "roundend.phoros-ed2"):
        assert [e.player for e in log if rule in e.rules] == ["sparta", "athens"], rule
    firsts = [next(i for i, e in enumerate(log) if r in e.rules) for r in STEP_RULES]
    assert firsts == sorted(firsts)


def test_roundend_order_ed2__four_steps_after_omega():
    """Ed2 · Koniec rundy: after the last round only projects, feeding, growth and Megalopolis are
    done; no spoilage, no Phoros, no preparation."""
    s = round_end(round="omega", goods={"athens": {"wheat": 8, "wine": 6}, "sparta": {"wheat": 7, "wine": 6}})
    s, ids, log = finish(s)
    assert s.is_terminal
    assert not ids & {"roundend.spoilage-ed2", "roundend.phoros-ed2", "roundend.preparation-ed2"}
    assert good(s, "athens", "wine") == 6


def test_roundend_spoilage_ed2():
    """Ed2 · Koniec rundy › 5. Dostosowanie Zasobów: wine and wheat are halved, rounded up; iron,
    wood and silver keep."""
    s = round_end(round="alpha", goods={"athens": {"wheat": 8 + 5, "wine": 5, "iron": 7, "wood": 7, "silver": 7},
                                        "sparta": {"wheat": 7, "wine": 0}})
    s, ids, log = finish(s)
    assert (good(s, "athens", "wine"), good(s, "athens", "wheat")) == (3, 3)
    assert (good(s, "athens", "iron"), good(s, "athens", "wood"), good(s, "athens", "silver")) == (7, 7, 7)
    assert "roundend.spoilage-ed2" in ids and "roundend.spoilage" not in ids


def test_roundend_spoilage_ed2__no_printed_option():
    """Ed2 · Koniec rundy › 5: the Ed1 rounding option does not exist in the second edition."""
    with pytest.raises(ValueError):
        pn.new_game("ed2", SEED, spoilage="printed-de")


def to_phoros(s: pn.State) -> pn.State:
    """Answer the round end plainly up to the first Phoros decision."""
    while s.pending.kind != "phoros":
        s = pn.apply(s, "end") if s.pending.kind == "grow" else pn.apply(s, pn.legal_actions(s)[0])
    return s


def test_roundend_phoros_ed2():
    """Ed2 · Koniec rundy › 6. Phoros: once, 1 prestige for 1 silver or 2 prestige for 3 silver."""
    s = to_phoros(round_end(round="alpha", prestige={"athens": 5, "sparta": 5}))
    assert s.current_player == "athens"
    assert legal(s) == {"phoros 0", "phoros 1", "phoros 2"}
    e = refused_for(s, "phoros 3", "roundend.phoros-ed2")
    assert "roundend.phoros" not in e.rule_ids
    s, ids = play_ids(s, "phoros 2")
    assert prestige(s, "athens") == 3 and good(s, "athens", "silver") == 3
    assert "roundend.phoros-ed2" in ids and "roundend.phoros" not in ids
    s = play(s, "phoros 1")
    assert prestige(s, "sparta") == 4 and good(s, "sparta", "silver") == 4 + 1


def test_roundend_phoros_ed2__one_prestige():
    """Ed2 · Koniec rundy › 6: with 1 prestige only 0 or 1 can be given."""
    s = to_phoros(round_end(round="alpha", prestige={"athens": 1}))
    assert legal(s) == {"phoros 0", "phoros 1"}
    refused_for(s, "phoros 2", "roundend.phoros-ed2")


def test_roundend_phoros_ed2__needs_a_polis_besides_the_capital():
    """Ed2 · Koniec rundy › 6: a side owning only its capital collects no Phoros."""
    s = round_end(round="alpha", poleis={"chalkis": "neutral", "chios": "neutral"},
                  goods={"athens": {"wheat": 5}, "sparta": {"wheat": 7}})
    s, ids, log = finish(s)
    skip = next(e for e in log if "collects none" in e.text)
    assert skip.player == "athens" and "roundend.phoros-ed2" in skip.rules
    assert [e.player for e in log if "Phoros:" in e.text] == ["athens", "sparta"]


def test_roundend_phoros_ed2__ed1_any_amount():
    """Ed1 · Rundenende › 6. Phoros: the first edition trades any number of prestige 1 : 1."""
    s = fresh1(to_move="sparta", passed=["athens"], prestige={"athens": 5},
               goods={"athens": {"wheat": 8}, "sparta": {"wheat": 7}})
    s = to_phoros(play(s, "pass"))
    assert "phoros 5" in legal(s)
    s, ids = play_ids(s, "phoros 3")
    assert "roundend.phoros" in ids


def test_roundend_preparation_ed2():
    """Ed2 · Koniec rundy › 7. Przygotowanie do Następnej Rundy: tribute and siege discs leave,
    merchants come home, unused project tiles leave the game, the next round begins."""
    s = fresh(round="alpha", to_move="athens", units={"attika": (1, 0), "boiotia": (2, 0)},
              siege_discs={"thebai": "athens"}, covered=["persis.2"], display=["apollo", "zeus", "koilon"],
              goods={"athens": {"wheat": 8, "iron": 9}, "sparta": {"wheat": 7}})
    s = play(s, "tribute", "area attika", "rows wine:1", "trade", "offer persis.0 exchange iron", "roll 1")
    assert s.tribute_discs == (1, 0) and s.ships_port == (0, 1)
    s = play(pn.edit(s, to_move="sparta", turn_actions=[]), "pass", "pass")
    s, ids, log = finish(s)
    assert s.round == 1
    assert s.tribute_done == () and s.tribute_discs == (0, 0) and s.siege_discs == ()
    assert s.ships_port == (1, 1) and all(o < 0 for o in s.offers)
    assert not {"apollo", "zeus", "koilon"} & set(s.display + s.pile)
    assert "roundend.preparation-ed2" in ids
    no_ed1_variant(ids)


def test_end_capital_unfed_ed2():
    """Ed2 · Koniec gry: a side owning only its capital that cannot feed it with wheat and prestige
    loses at once."""
    s = round_end(round="alpha", poleis={"gytheion": "neutral", "pylos": "neutral", "sparta": ("sparta", 5)},
                  prestige={"sparta": 2}, goods={"athens": {"wheat": 8}, "sparta": {"wheat": 2}})
    s, ids, log = finish(s)
    assert s.is_terminal and pn.outcome(s).winner == "athens"
    assert pn.outcome(s).rules == ("end.capital-unfed-ed2",)
    assert "end.capital-unfed-ed2" in ids and "end.capital-unfed" not in ids


def test_end_capital_unfed_ed2__prestige_covers():
    """Ed2 · Koniec rundy › 2. Żywienie: wheat and prestige together may feed the capital."""
    s = round_end(round="alpha", poleis={"gytheion": "neutral", "pylos": "neutral", "sparta": ("sparta", 5)},
                  prestige={"sparta": 4}, goods={"athens": {"wheat": 8}, "sparta": {"wheat": 2}})
    s, ids, log = finish(s)
    # 4 - 3 for the shortfall, + 1 for Megalopolis (Sparti holds 5 > 4); no Phoros without a league
    assert not s.is_terminal and prestige(s, "sparta") == 2


def test_end_ostracism_ed2():
    """Ed2 · Koniec gry; Podstawowe pojęcia: a side left without prestige after all the round-end
    steps loses at once."""
    s = round_end(round="alpha", prestige={"sparta": 0})
    s, ids, log = finish(s)
    assert s.is_terminal and pn.outcome(s).winner == "athens"
    assert pn.outcome(s).rules == ("end.ostracism-ed2",)
    assert "end.ostracism-ed2" in ids and "end.ostracism" not in ids


def test_end_ostracism_ed2__by_phoros():
    """Ed2 · Koniec gry: giving the last prestige at Phoros ostracises too."""
    s = round_end(round="alpha", prestige={"athens": 1})
    s, ids, log = finish(s, phoros="phoros 1")
    assert s.is_terminal and pn.outcome(s).winner == "sparta"


def test_end_ostracism_ed2__both():
    """Ed2 · Koniec gry: both sides without prestige: nobody wins."""
    s = round_end(round="alpha", prestige={"athens": 0, "sparta": 0})
    s, ids, log = finish(s)
    assert s.is_terminal and pn.outcome(s).winner is None and "end.ostracism-ed2" in pn.outcome(s).rules


def test_end_ostracism_ed2__not_after_the_last_round():
    """Ed2 · Koniec gry: after Omega the game ends after Megalopolis and is scored; the kernel
    does not apply the prestige check there (no new round follows)."""
    s = round_end(round="omega", prestige={"sparta": 0})
    s, ids, log = finish(s)
    assert s.is_terminal and pn.outcome(s).scores is not None
    assert "end.ostracism-ed2" not in ids


def _tied(athens_goods: dict, sparta_goods: dict) -> pn.State:
    """Omega: Athens (Athinae 5) and Sparta (Sparti 4, Gythion 1) each score 5 cubes + 3 prestige;
    feeding takes exactly their wheat."""
    s = round_end(round="omega", poleis={"chalkis": "neutral", "chios": "neutral", "pylos": "neutral"},
                  goods={"athens": {"wheat": 5, **athens_goods}, "sparta": {"wheat": 5, **sparta_goods}})
    s, _, _ = finish(s)
    return s


def test_end_tie_break_ed2():
    """Ed2 · Koniec gry › Określenie Zwycięzcy: on equal scores more resources left (iron, wood,
    wine, silver and wheat) win."""
    s = _tied({"iron": 5, "wood": 4, "wine": 4, "silver": 4}, {"iron": 4, "wood": 4, "wine": 4, "silver": 4})
    o = pn.outcome(s)
    assert o.scores == (8, 8) and o.winner == "athens"
    assert "end.tie-break-ed2" in o.rules
    no_ed1_variant(o.rules)


def test_end_tie_break_ed2__shared():
    """Ed2 · Koniec gry › Określenie Zwycięzcy: equal again, both share the result (winner None)."""
    s = _tied({"iron": 4, "wood": 4, "wine": 4, "silver": 4}, {"iron": 4, "wood": 4, "wine": 4, "silver": 4})
    o = pn.outcome(s)
    assert o.scores == (8, 8) and o.winner is None
    assert "end.tie-break-ed2" in o.rules
    assert "Shared result" in str(o)
