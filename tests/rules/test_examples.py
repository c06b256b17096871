"""The worked examples of the first-edition rulebook (German, as played on yucata.de), one test each.

Every test states its position with ``pn.position`` on an otherwise empty map, plays the decisions
of the example with ``pn.apply`` (chance outcomes forced, e.g. ``"die 2"``), and checks both the
resulting state and the rule ids the kernel logged. Docstrings name the rulebook section and retell
the example in our own words.

Seed 1 is used throughout: its round-3 event card is "No Event", so no event effect leaks into the
edited positions.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

import polis_nb as pn
from polis_nb.rules.battle import start_battle
from polis_nb.rules.topology import topology_of

from .helpers import (controller, first_exchange, good, ids_of, legal, marker, owner, play, play_ids, play_log,
                      pop, prestige, refused, units)

SEED = 1
_B = topology_of(pn.position(seed=SEED))


# --- small local helpers ------------------------------------------------------------------------

def fresh(**kw) -> pn.State:
    """``pn.position`` with every area emptied first; ``units`` then places only what is given."""
    units = {a: (0, 0) for a in _B.area_ids}
    units.update(kw.pop("units", {}))
    return pn.position(seed=SEED, units=units, **kw)


# =================================================================================================
# I. Development actions
# =================================================================================================

def test_example_train_hoplites_in_pylos():
    """Ed1 · Aktionen › a. Hopliten ausbilden, Beispiel.

    Sparta owns Pylos at its maximum of 3 cubes in round 4 (limit 4 per area) and already has two
    hoplites in Messenia. Training there yields only two hoplites for two metal: the territory is
    then full, and Pylos keeps its last cube, which may never become a unit.
    """
    s = fresh(round="4", to_move="sparta", poleis={"pylos": ("sparta", 3)}, units={"messenia": (0, 2)},
              goods={"sparta": {"metal": 4, "silver": 0}})
    s = play(s, "train", "polis pylos", "pay metal")
    assert units(s, "messenia") == (0, 3) and "pay metal" in legal(s)
    s, log = play_log(s, "pay metal")
    assert units(s, "messenia") == (0, 4)
    assert pop(s, "pylos") == 1
    assert good(s, "sparta", "metal") == 2
    # the action ended by itself: Sparta is back at the turn decision for its second action
    assert s.pending.kind == "turn" and s.current_player == "sparta" and s.turn_actions == ("train",)
    assert "train.cost" in ids_of(log)

    # a later turn: Pylos has one cube left and Messenia is full, so Pylos cannot train at all
    later = play(pn.edit(s, to_move="sparta", turn_actions=[]), "train")
    e = refused(later, "polis pylos")
    assert "polis.last-cube" in e.rule_ids


def test_example_train_hoplites_each_limit_alone():
    """Ed1 · Aktionen › a. Hopliten ausbilden, Beispiel (the two limits of the example, separately).

    With Messenia empty, Pylos (3 cubes) still gives only two hoplites, as its last cube stays; with
    three hoplites already in Messenia in round 4, it gives only one, as the area limit is reached.
    """
    s = fresh(round="4", to_move="sparta", poleis={"pylos": ("sparta", 3)}, goods={"sparta": {"metal": 4}})
    s = play(s, "train", "polis pylos", "pay metal", "pay metal")
    assert units(s, "messenia") == (0, 2) and pop(s, "pylos") == 1 and s.pending.kind == "turn"

    s = fresh(round="4", to_move="sparta", poleis={"pylos": ("sparta", 3)}, units={"messenia": (0, 3)},
              goods={"sparta": {"metal": 4}})
    s = play(s, "train", "polis pylos", "pay metal")
    assert units(s, "messenia") == (0, 4) and pop(s, "pylos") == 2 and s.pending.kind == "turn"
    later = play(pn.edit(s, to_move="sparta", turn_actions=[]), "train")
    assert "stack.limit" in refused(later, "polis pylos").rule_ids


def test_example_chalkis_belongs_to_attika():
    """Ed1 · Der Spielplan (example: the island with Chalkis is part of Attika).

    A hoplite trained in Chalkis stands in Attika.
    """
    s = fresh(round="4", to_move="athens", poleis={"chalkis": ("athens", 2)}, goods={"athens": {"metal": 1}})
    s = play(s, "train", "polis chalkis", "pay metal")
    assert units(s, "attika") == (1, 0) and pop(s, "chalkis") == 1


def test_example_build_galleys_in_chalkis():
    """Ed1 · Aktionen › b. Galeeren bauen, Beispiel.

    Athens owns Chalkis at its maximum of 2 cubes in round 4 and has three galleys in the Kyklades.
    One wood buys one galley, which fills the Kyklades to the limit of 4; no further galley can be
    built there (Chalkis is down to its last cube, and Athenai's port sea is full too).
    """
    s = fresh(round="4", to_move="athens", poleis={"chalkis": ("athens", 2)}, units={"kyklades": (3, 0)},
              goods={"athens": {"wood": 4, "silver": 0}})
    s, log = play_log(s, "galleys", "polis chalkis", "pay wood kyklades")
    assert units(s, "kyklades") == (4, 0)
    assert pop(s, "chalkis") == 1
    assert good(s, "athens", "wood") == 3
    assert s.pending.kind == "turn" and s.current_player == "athens" and s.turn_actions == ("galleys",)
    assert "galley.cost" in ids_of(log)

    # a later turn: neither Chalkis (last cube) nor Athenai (Kyklades full) can add a galley there
    later = play(pn.edit(s, to_move="athens", turn_actions=[]), "galleys")
    assert "polis.last-cube" in refused(later, "polis chalkis").rule_ids
    assert "stack.limit" in refused(later, "polis athenai").rule_ids


def _sokrates_round(round_: str) -> tuple[pn.State, list[pn.LogEntry], int]:
    """Athens starts Sokrates in Athenai, then both pass; feeding uses exactly the wheat held."""
    s = fresh(round=round_, to_move="athens", display=["sokrates"],
              goods={"athens": {"silver": 6, "wheat": 8}, "sparta": {"wheat": 7}})
    p0 = prestige(s, "athens")
    s, log = play_log(s, "project", "tile sokrates", "polis athenai", "pay")
    assert good(s, "athens", "silver") == 0
    assert ("sokrates", _B.polis_index["athenai"]) in s.started
    assert "sokrates" not in s.display
    assert "project.cost" in ids_of(log)
    s, log2 = play_log(s, "pass", "pass")  # Athens gives up its second action, then Sparta passes
    return s, log + log2, p0


def test_example_project_only_sokrates_fits_athenai():
    """Ed1 · Aktionen › d. Neues Projekt beginnen, Beispiel (the choice).

    Of the two tiles still on display, Athens can take only the philosopher Sokrates for Athenai; the
    other (here the temple of Zeus, which only Syrakousai and Sparta may build) fits no Athenian polis.
    """
    s = fresh(round="4", to_move="athens", display=["sokrates", "zeus"],
              goods={"athens": {"silver": 9, "wood": 4, "metal": 4}})
    s = play(s, "project")
    assert legal(s) == {"tile sokrates"}
    assert "project.polis" in refused(s, "tile zeus").rule_ids
    s = play(s, "tile sokrates")
    assert legal(s) == {"polis athenai"}  # philosophers go to Athenai or Syrakousai only


@pytest.mark.parametrize("polis, tile", [("abdera", "efebos"), ("samos", "dionysia")])
def test_example_project_types_per_polis(polis, tile):
    """Ed1 · Aktionen › d. Neues Projekt beginnen (example: statues in Abdera, festivals in Samos)."""
    s = fresh(round="4", to_move="sparta", poleis={polis: ("sparta", 1)}, display=[tile],
              goods={"sparta": {"wood": 4, "wine": 5}})
    s, ids = play_ids(s, "project", f"tile {tile}", f"polis {polis}", "pay")
    assert (tile, _B.polis_index[polis]) in s.started and "project.cost" in ids


def test_example_project_sokrates_round_end():
    """Ed1 · Aktionen › d. Neues Projekt beginnen, Beispiel; Rundenende › 1. Projekte.

    Athens hires the philosopher Sokrates for Athenai, paying six silver. When the round ends the
    project completes and Athens gains its four unbracketed prestige; the bracketed two are not
    prestige yet.
    """
    s, log, p0 = _sokrates_round("4")
    assert s.pending.kind == "phoros"  # the round end ran up to Phoros
    assert ("sokrates", _B.polis_index["athenai"]) in s.done
    assert prestige(s, "athens") == p0 + 4
    assert "project.complete" in ids_of(log)
    assert not s.is_terminal


def test_example_project_sokrates_game_end():
    """Ed1 · Aktionen › d. Neues Projekt beginnen, Beispiel; Spielende.

    Played in the last round (5β): the round end gives Athens the four prestige of Sokrates, and the
    final score adds the bracketed two for the completed project in Athenai, on top of cubes and
    prestige.
    """
    s, log, p0 = _sokrates_round("5b")
    assert s.is_terminal and pn.outcome(s) is not None
    assert prestige(s, "athens") == p0 + 4
    cubes = sum(n for o, n in zip(s.owner, s.pop) if o == 0)
    assert pn.score(s, 0) == cubes + prestige(s, "athens") + 2
    assert pn.outcome(s).scores[0] == pn.score(s, 0)
    assert {"project.complete", "end.score"} <= ids_of(log)
    # Athens passed first, so it goes first in each round-end step
    assert [e.player for e in log if "roundend.feeding" in e.rules] == ["athens", "sparta"]


# =================================================================================================
# II. Military actions
# =================================================================================================

def _five_hoplites(**extra_units) -> pn.State:
    """Round 5α: Athens has 1 hoplite in Ionia, 2 in Attika, 2 in Boiotia facing 2 Spartans there,
    and controls the Kyklades; Thessalia is empty."""
    u = {"ionia": (1, 0), "attika": (2, 0), "boiotia": (2, 2), "kyklades": (2, 0)}
    u.update(extra_units)
    return fresh(round="5a", to_move="athens", units=u)


def test_example_move_hoplites_order_through_boiotia():
    """Ed1 · Aktionen › e. Hopliten bewegen, Beispiel (five hoplites to Thessalia).

    Athens sends five hoplites to Thessalia in one action. The Ionian one must sail, through the
    Noties Sporades and the Athenian-held Kyklades. Then the two from Attika march by land across
    Boiotia, which nobody controls (2 against 2). Last, the two Boiotian hoplites leave: after the
    first of them Sparta controls Boiotia, yet the second may still go, since Boiotia is where it
    starts, not an area it passes through.
    """
    s = _five_hoplites()
    p0 = prestige(s, "athens")
    s, log = play_log(s, "hoplites", "to thessalia", "from ionia")
    assert prestige(s, "athens") == p0 - 1
    assert units(s, "thessalia") == (1, 0) and units(s, "ionia") == (0, 0)
    moved = [e for e in log if "moves a hoplite" in e.text]
    assert "by sea" in moved[-1].text and "Noties Sporades" in moved[-1].text and "Kyklades" in moved[-1].text
    assert {"action.military-cost", "move.one-at-a-time", "move.land-or-sea"} <= ids_of(log)

    for _ in range(2):
        s, log = play_log(s, "from attika")
        assert "by land" in log[-1].text and "Boiotia" in log[-1].text
    assert units(s, "thessalia") == (3, 0) and units(s, "attika") == (0, 0)

    s = play(s, "from boiotia")
    assert units(s, "boiotia") == (1, 2) and controller(s, "boiotia") == "sparta"
    assert "from boiotia" in legal(s)  # its start area may be enemy-held
    s = play(s, "from boiotia")
    assert units(s, "thessalia") == (5, 0) and units(s, "boiotia") == (0, 2)
    # Thessalia is at the round-5 limit: the action ended by itself
    assert s.pending.kind == "turn" and s.turn_actions == ("hoplites",)


def test_example_move_hoplites_wrong_order_blocks_boiotia():
    """Ed1 · Aktionen › e. Hopliten bewegen, Beispiel (the ordering warning).

    Had Athens moved a Boiotian hoplite before the two from Attika, Sparta would control Boiotia and
    the Attika hoplites could no longer march through it: they would need another way, such as the
    sea route through the Kyklades.
    """
    s = play(_five_hoplites(), "hoplites", "to thessalia", "from ionia", "from boiotia")
    assert controller(s, "boiotia") == "sparta"
    s, log = play_log(s, "from attika")
    assert units(s, "thessalia") == (3, 0)
    assert "by sea" in log[-1].text and "Kyklades" in log[-1].text and "Boiotia" not in log[-1].text


def test_example_move_hoplites_wrong_order_no_way_left():
    """Ed1 · Aktionen › e. Hopliten bewegen, Beispiel (the ordering warning, no sea way either).

    If Sparta also holds the Kyklades, moving a Boiotian hoplite first leaves the Attika hoplites no
    path to Thessalia at all, while the last Boiotian hoplite may still leave its own start area.
    """
    s = fresh(round="5a", to_move="athens", units={"attika": (2, 0), "boiotia": (2, 2), "kyklades": (0, 1)})
    s = play(s, "hoplites", "to thessalia")
    assert {"from attika", "from boiotia"} <= legal(s)  # before: Boiotia is contested, not controlled
    s = play(s, "from boiotia")
    assert controller(s, "boiotia") == "sparta"
    e = refused(s, "from attika")
    assert "move.no-passing-through-controlled" in e.rule_ids
    s = play(s, "from boiotia")
    assert units(s, "thessalia") == (2, 0) and units(s, "attika") == (2, 0) and units(s, "boiotia") == (0, 2)


def test_example_control_majority():
    """Ed1 · Aktionen › e. Hopliten bewegen (example: 3 Athenian hoplites against 1 Spartan unit).

    With more units of its own in an area, Athens controls it, and a Spartan hoplite may start its
    move there but not pass through it. (An Athenian galley holds the Kyklades, the only sea off
    Attika, so the Spartan hoplite in Attika has no sea way either.)
    """
    s = fresh(round="4", to_move="sparta", units={"boiotia": (3, 1), "attika": (0, 1), "kyklades": (1, 0)})
    assert controller(s, "boiotia") == "athens"
    s = play(s, "hoplites", "to thessalia")
    assert "from boiotia" in legal(s)  # starting in an enemy-held area is allowed
    assert "move.no-passing-through-controlled" in refused(s, "from attika").rule_ids


def test_example_move_hoplites_sea_then_no_land():
    """Ed1 · Aktionen › e. Hopliten bewegen (example: Attika by sea to Makedonia, not on to Akarnania).

    A hoplite may sail from Attika through the Kyklades and the Thrakikon Pelagos to Makedonia, but
    it may not land there and march on to Akarnania in the same move: a path is all land or all sea,
    so Makedonia has to be the destination. (Here Sparta holds Boiotia and the Myrtoon Pelagos, so no
    pure land or pure sea path to Akarnania exists.)
    """
    s = fresh(round="4", to_move="athens", units={"attika": (1, 0), "boiotia": (0, 1), "myrtoon": (0, 1)})
    s = play(s, "hoplites")
    assert "to makedonia" in legal(s)
    e = refused(s, "to akarnania")
    assert "move.land-or-sea" in e.rule_ids
    s, log = play_log(s, "to makedonia", "from attika")
    assert units(s, "makedonia") == (1, 0) and units(s, "attika") == (0, 0)
    assert "by sea" in log[-1].text and "Kyklades" in log[-1].text and "Thrakikon Pelagos" in log[-1].text
    assert "move.land-or-sea" in ids_of(log)
    # only a later, separate move may march on from Makedonia by land
    later = play(pn.edit(s, to_move="athens", turn_actions=[]), "hoplites")
    assert "to akarnania" in legal(later)


def test_example_move_hoplites_not_through_full_area():
    """Ed1 · Aktionen › e. Hopliten bewegen (example: Boiotia through Thessalia to Makedonia).

    In the fourth round (5β, limit 5) a hoplite cannot march from Boiotia through Thessalia to
    Makedonia while its side already has five units in Thessalia. Own galleys, by contrast, never
    stop a hoplite at sea, however many there are. (Sparta holds the Kyklades in the first case, so
    the hoplite has no sea way round either.)
    """
    s = fresh(round="5b", to_move="athens", units={"boiotia": (1, 0), "thessalia": (5, 0), "kyklades": (0, 1)})
    s = play(s, "hoplites", "to makedonia")
    assert "from thessalia" in legal(s)  # the Thessalian hoplites themselves may go on
    e = refused(s, "from boiotia")
    assert "move.no-passing-through-full" in e.rule_ids

    # five Athenian galleys in the Kyklades do not block an Athenian hoplite sailing through it
    s = fresh(round="5b", to_move="athens", units={"attika": (1, 0), "boiotia": (0, 1), "kyklades": (5, 0)})
    s, log = play_log(s, "hoplites", "to thessalia", "from attika")
    assert units(s, "thessalia") == (1, 0) and "by sea" in log[-1].text


def test_example_stacking_limit_by_round():
    """Ed1 · Spielablauf › Allgemeines, Beispiel.

    The round's number is the most units a side may have in one area: 3 each in round 3 (so at most
    6 together and no battle yet), 4 each in round 4 (8 together, enough for a battle), 5 each in
    the last two rounds.
    """
    with pytest.raises(pn.PositionError) as err:
        fresh(round="3", units={"boiotia": (4, 0)})
    assert any("stack.limit" in p for p in err.value.problems)
    fresh(round="3", units={"boiotia": (3, 3)})
    fresh(round="4", units={"boiotia": (4, 4)})
    fresh(round="5a", units={"kyklades": (5, 5)})
    with pytest.raises(pn.PositionError):
        fresh(round="5b", units={"kyklades": (0, 6)})
    # a turn ending with 3 + 3 in round 3 starts no battle
    s = fresh(round="3", to_move="athens", turn_actions=["train"], units={"boiotia": (2, 3), "attika": (1, 0)})
    s = play(s, "hoplites", "to boiotia", "from attika")
    assert units(s, "boiotia") == (3, 3) and s.battle is None and s.current_player == "sparta"


def test_example_siege_naupaktos():
    """Ed1 · Aktionen › g. Polis belagern, Beispiel 1.

    In round 3 Athens moves three hoplites into Thessalia, where two Spartans stand (one prestige),
    then besieges neutral Naupaktos (another prestige). Its fortification is 1, so no die is rolled:
    Athens annexes it with one cube from supply and gains one prestige.
    """
    s = fresh(round="3", to_move="athens", units={"attika": (3, 0), "thessalia": (0, 2)})
    p0 = prestige(s, "athens")
    s = play(s, "hoplites", "to thessalia", "from attika", "from attika", "from attika")
    assert units(s, "thessalia") == (3, 2) and controller(s, "thessalia") == "athens"
    s, ids = play_ids(s, "siege", "polis naupaktos")
    assert s.current_player != "chance"  # no roll
    assert owner(s, "naupaktos") == "athens" and pop(s, "naupaktos") == 1
    assert prestige(s, "athens") == p0 - 2 + 1
    assert units(s, "thessalia") == (3, 2)
    assert {"action.military-cost", "siege.fortification", "siege.success"} <= ids


def test_example_siege_thebai_two_turns():
    """Ed1 · Aktionen › g. Polis belagern, Beispiel 2.

    Round 4, no Spartans in Boiotia. Athens moves in three hoplites (the minimum for fortification 3)
    and besieges neutral Thebai, but rolls a 2: the siege fails and one hoplite is lost. Next turn it
    brings two more hoplites and besieges again; a 3 succeeds, and Athens annexes Thebai with three
    cubes and three prestige. Four prestige were spent on two moves and two sieges, so the net is -1
    (winning at the first try would have been +1).
    """
    s = fresh(round="4", to_move="athens", units={"attika": (3, 0), "megaris": (2, 0)}, prestige={"athens": 5})
    p0 = prestige(s, "athens")
    s = play(s, "hoplites", "to boiotia", "from attika", "from attika", "from attika", "end")
    assert units(s, "boiotia") == (3, 0)
    s = play(s, "siege", "polis thebai")
    assert s.current_player == "chance"
    assert dict((str(a), p) for a, p in pn.chance_outcomes(s)) == {f"die {k}": Fraction(1, 4) for k in range(1, 5)}
    s, ids = play_ids(s, "die 2")
    assert units(s, "boiotia") == (2, 0)
    assert owner(s, "thebai") == "neutral"
    assert prestige(s, "athens") == p0 - 2
    assert "siege.failure" in ids

    # Athens' next turn (Sparta's turn in between is skipped by editing the position)
    s = pn.edit(s, to_move="athens")
    e = refused(s, "siege")  # two hoplites are fewer than the fortification of 3
    assert "siege.requirements" in e.rule_ids
    s = play(s, "hoplites", "to boiotia", "from megaris", "from megaris")
    assert units(s, "boiotia") == (4, 0)
    s, ids = play_ids(s, "siege", "polis thebai", "die 3")
    assert owner(s, "thebai") == "athens" and pop(s, "thebai") == 3
    assert prestige(s, "athens") == p0 - 4 + 3
    assert {"siege.fortification", "siege.success"} <= ids


def test_example_siege_thebai_first_try_balance():
    """Ed1 · Aktionen › g. Polis belagern, Beispiel 2 (the closing remark).

    Taking Thebai at the first attempt costs one move and one siege and gains three prestige: +1.
    """
    s = fresh(round="4", to_move="athens", units={"attika": (3, 0)})
    p0 = prestige(s, "athens")
    s = play(s, "hoplites", "to boiotia", "from attika", "from attika", "from attika", "siege", "polis thebai",
             "die 3")
    assert owner(s, "thebai") == "athens" and pop(s, "thebai") == 3
    assert prestige(s, "athens") == p0 + 1


def _sparta_before_thebai() -> pn.State:
    """Round 5β: Athenian Thebai with 2 cubes and 2 Athenian hoplites in Boiotia; Sparta has moved
    4 hoplites in from Lakedaimon and is about to besiege."""
    s = fresh(round="5b", to_move="sparta", poleis={"thebai": ("athens", 2)},
              units={"boiotia": (2, 0), "lakedaimon": (0, 4)})
    s = play(s, "hoplites", "to boiotia", *["from lakedaimon"] * 4)
    assert units(s, "boiotia") == (2, 4)
    return s


def test_example_siege_thebai_taken_from_athens():
    """Ed1 · Aktionen › g. Polis belagern, Beispiel 3.

    In round 5β Sparta moves four hoplites into Boiotia, where two Athenians guard Athenian Thebai
    (two cubes), and besieges it: two prestige in all. Only the fortification 3 matters, not the
    population. A 4 wins: Sparta swaps the two Athenian cubes for two of its own and gains three
    prestige.
    """
    s = _sparta_before_thebai()
    p_sp, p_at = prestige(s, "sparta"), prestige(s, "athens")
    s, ids = play_ids(s, "siege", "polis thebai", "die 4")
    assert owner(s, "thebai") == "sparta" and pop(s, "thebai") == 2
    assert prestige(s, "sparta") == p_sp - 1 + 3 and prestige(s, "athens") == p_at
    assert units(s, "boiotia") == (2, 4)
    assert {"siege.fortification", "siege.success"} <= ids


@pytest.mark.parametrize("second_roll, final_owner, final_pop", [(1, "neutral", 0), (4, "sparta", 1)])
def test_example_siege_thebai_failures_empty_it(second_roll, final_owner, final_pop):
    """Ed1 · Aktionen › g. Polis belagern, Beispiel 3 (the failure case).

    Had Sparta's roll failed, Sparta would lose a hoplite and Thebai an Athenian cube. With three
    hoplites left Sparta may try again next turn; whatever that roll, Athens loses Thebai: a second
    failure removes its last cube and it turns neutral, a success hands it to Sparta with one cube.
    """
    s = play(_sparta_before_thebai(), "siege", "polis thebai")
    s, ids = play_ids(s, "die 2")
    assert units(s, "boiotia") == (2, 3)
    assert owner(s, "thebai") == "athens" and pop(s, "thebai") == 1
    assert "siege.failure" in ids

    s = pn.edit(s, to_move="sparta")  # Sparta's next turn
    s = play(s, "siege", "polis thebai", f"die {second_roll}")
    assert owner(s, "thebai") == final_owner and pop(s, "thebai") == final_pop


@pytest.mark.parametrize("rows, wine, oil", [("wine:3,oil:2", 6, 3), ("oil:5", 0, 15)])
def test_example_tribute_sikelia(rows, wine, oil):
    """Ed1 · Aktionen › h. Tribut einfordern, Beispiel.

    Sikelia yields up to 15 wine, 15 oil and 6 wheat. In round 5α Sparta, owning a polis there,
    collects with five hoplites: three on the wine row and two on the oil row bring 6 wine and 3 oil;
    all five on oil bring 15 oil. Outside its home region this costs one prestige, and the hoplites
    stay in Sikelia.
    """
    s = fresh(round="5a", to_move="sparta", poleis={"syrakousai": ("sparta", 4)}, units={"sikelia": (0, 5)},
              goods={"sparta": {"wine": 0, "oil": 0}})
    p0 = prestige(s, "sparta")
    s, ids = play_ids(s, "tribute", "area sikelia", f"rows {rows}")
    assert good(s, "sparta", "wine") == wine and good(s, "sparta", "oil") == oil
    assert prestige(s, "sparta") == p0 - 1
    assert units(s, "sikelia") == (0, 5)
    assert _B.area_index["sikelia"] in s.tribute_done
    assert {"action.military-cost", "tribute.rows"} <= ids


@pytest.mark.parametrize("hoplites, wine", [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15)])
def test_example_tribute_row_steps(hoplites, wine):
    """Ed1 · Aktionen › h. Tribut einfordern (example: 1/3/6/10/15 wine for 1 to 5 hoplites).

    A row pays the number under its rightmost hoplite; shown on Sikelia's wine row.
    """
    s = fresh(round="5a", to_move="sparta", poleis={"gela": ("sparta", 3)}, units={"sikelia": (0, hoplites)},
              goods={"sparta": {"wine": 0}})
    s = play(s, "tribute", "area sikelia", f"rows wine:{hoplites}")
    assert good(s, "sparta", "wine") == wine


def test_example_tribute_all_hoplites_placed():
    """Ed1 · Aktionen › h. Tribut einfordern (action steps): all hoplites of the territory are placed."""
    s = fresh(round="5a", to_move="sparta", poleis={"syrakousai": ("sparta", 4)}, units={"sikelia": (0, 5)})
    s = play(s, "tribute", "area sikelia")
    refused(s, "rows wine:3")


def test_example_tribute_home_region_free():
    """Ed1 · Aktionen › h. Tribut einfordern: tribute in one's own home region costs no prestige.

    Sparta collecting in Lakedaimon keeps its prestige; in Sikelia (previous test) it pays one.
    """
    s = fresh(round="5a", to_move="sparta", units={"lakedaimon": (0, 2)})
    p0 = prestige(s, "sparta")
    s, log = play_log(s, "tribute", "area lakedaimon")
    assert prestige(s, "sparta") == p0
    assert "tribute.home-free" in ids_of(log)
    row = next(a for a in sorted(legal(s)) if a.startswith("rows "))
    s = play(s, row)
    assert prestige(s, "sparta") == p0 and _B.area_index["lakedaimon"] in s.tribute_done


# =================================================================================================
# III. Political actions
# =================================================================================================

def test_example_trade_persis_exchange_oil():
    """Ed1 · Aktionen › i. Handel treiben, Beispiel (exchange).

    In round 4 Athens sails through the Kyklades and the Noties Sporades, neither held by Sparta, to
    Persis' middle offer (4 wheat for oil). At the current oil value it hands over 5 oil. Then a die
    is rolled for the oil market: a 2 moves the oil marker two steps right. (The example states no
    marker position; on the market table of ed1-default, the prototype's, 4 wheat cost 5 oil at
    positions 1 to 4, so the oil marker stands at 1 here.)
    """
    s = fresh(round="4", to_move="athens", markers={"oil": 1}, goods={"athens": {"oil": 5, "wheat": 0, "silver": 0}})
    assert _B.comp.market_table[4][marker(s, "oil")] == 5
    s, log = play_log(s, "trade", "offer persis.1 exchange")
    assert good(s, "athens", "oil") == 0 and good(s, "athens", "wheat") == 4
    assert s.ships_port[0] == 0 and s.offers[_B.offer_index["persis.1"]] == 0
    assert s.current_player == "chance"
    assert {str(a): p for a, p in pn.chance_outcomes(s)} == {f"roll {k}": Fraction(1, 4) for k in range(1, 5)}
    s, log2 = play_log(s, "roll 2")
    assert marker(s, "oil") == 3
    assert {"trade.route", "trade.exchange", "trade.market-value"} <= ids_of(log + log2)
    assert s.pending.kind == "turn" and s.current_player == "athens"


def test_example_trade_marker_moves_as_far_as_possible():
    """Ed1 · Aktionen › i. Handel treiben: the marker moves by the roll, or as far as the track allows."""
    s = fresh(round="4", to_move="athens", markers={"oil": 6}, goods={"athens": {"oil": 20}})
    s = play(s, "trade", "offer persis.1 exchange", "roll 4")
    assert marker(s, "oil") == len(_B.comp.market_table[4]) - 1
    s = fresh(round="4", to_move="athens", markers={"oil": 1}, goods={"athens": {"silver": 4}})
    s = play(s, "trade", "offer persis.1 buy", "roll 3")
    assert marker(s, "oil") == 0


def test_example_trade_persis_buy_wheat():
    """Ed1 · Aktionen › i. Handel treiben, Beispiel (buying instead).

    Instead of exchanging, Athens could buy the 4 wheat for 4 silver, whatever the oil value. Demand
    for oil then rises: two dice are rolled and the oil marker moves left by the higher one, so a k
    comes up with probability (2k-1)/16.
    """
    s = fresh(round="4", to_move="athens", markers={"oil": 4}, goods={"athens": {"oil": 5, "wheat": 0, "silver": 4}})
    s, log = play_log(s, "trade", "offer persis.1 buy")
    assert good(s, "athens", "silver") == 0 and good(s, "athens", "wheat") == 4 and good(s, "athens", "oil") == 5
    outs = {str(a): p for a, p in pn.chance_outcomes(s)}
    assert outs == {f"roll {k}": Fraction(2 * k - 1, 16) for k in range(1, 5)}
    assert sum(outs.values()) == 1
    s, log2 = play_log(s, "roll 3")
    assert marker(s, "oil") == 1
    assert {"trade.buy-wheat", "trade.market-value"} <= ids_of(log + log2)


def test_example_trade_persis_middle_offer_not_in_round_3():
    """Ed1 · Aktionen › i. Handel treiben: Persis offers only its left load in round 3, the middle one
    from round 4 (which is why the example is set in round 4)."""
    s = fresh(round="3", to_move="athens", goods={"athens": {"oil": 5, "wine": 5, "silver": 4}})
    s = play(s, "trade")
    assert "trade.offer" in refused(s, "offer persis.1 exchange").rule_ids


@pytest.mark.parametrize("mode, bribe", [("land", 4), ("sea", 1)])
def test_example_proxenos_naupaktos_to_poteidaia(mode, bribe):
    """Ed1 · Aktionen › j. Proxenos bewegen, Beispiel.

    Athens' proxenos travels from Naupaktos to Poteidaia. Overland through Thessalia and Makedonia it
    would have to bribe the four Spartan units standing there, four silver; by sea it passes only
    one Spartan galley, in the Myrtoon Pelagos, and pays one silver.
    """
    s = fresh(round="4", to_move="athens", proxenos={"athens": "naupaktos"},
              units={"thessalia": (0, 2), "makedonia": (0, 2), "myrtoon": (0, 1)},
              goods={"athens": {"silver": 5}})
    p0 = prestige(s, "athens")
    s, log = play_log(s, "proxenos", f"polis poteidaia by {mode}")
    assert s.proxenos[0] == _B.polis_index["poteidaia"]
    assert good(s, "athens", "silver") == 5 - bribe
    assert prestige(s, "athens") == p0  # not a military action
    assert {"proxenos.route", "proxenos.bribe"} <= ids_of(log)
    travel = next(e for e in log if "proxenos travels" in e.text)
    assert f"bribing {bribe} silver" in travel.text
    if mode == "sea":
        assert "Myrtoon Pelagos" in travel.text
    else:
        assert "Thessalia" in travel.text and "Makedonia" in travel.text


# =================================================================================================
# Battles
# =================================================================================================

def test_example_land_battle_matched_formations():
    """Ed1 · Schlachten, Beispiel 1 (land).

    The attacker lays a Phalanx (Othismos, worth 2) and Archers (Shoot, worth 0); the defender
    answers with a Phalanx (Advance, 1) and Archers (Advance, 1). Both formations are matched, so
    nobody loses a unit, but Othismos outvalues Advance: the attacker gains 2 - 1 = 1 prestige.

    The battle is triggered for real: Sparta, on its second action of round 4, brings a fourth
    hoplite into Boiotia next to four Athenians; Sparta attacks first on land.
    """
    s = fresh(round="4", to_move="sparta", turn_actions=["train"], units={"boiotia": (4, 3), "megaris": (0, 1)},
              prestige={"athens": 5, "sparta": 5})
    s, log = play_log(s, "hoplites", "to boiotia", "from megaris")
    assert units(s, "boiotia") == (4, 4)
    assert {"battle.trigger", "battle.first-attacker", "battle.hands"} <= ids_of(log)
    assert s.battle is not None and s.battle.attacker == 1 and s.battle.kind == "land"
    s, ids, (p_at, p_sp) = first_exchange(
        s, ["phalanx:othismos", "archers:shoot", "peltasts:hold", "cavalry:hold"],
        ["phalanx:advance", "archers:advance", "cavalry:advance", "peltasts:hold"],
        "play phalanx:othismos archers:shoot", "answer phalanx:advance archers:advance")
    assert units(s, "boiotia") == (4, 4)
    assert prestige(s, "sparta") == p_sp + 1 and prestige(s, "athens") == p_at
    assert "battle.formation" in ids
    assert s.battle is not None and s.battle.attacker == 0  # roles swap


def test_example_sea_battle_salpinx():
    """Ed1 · Schlachten, Beispiel 2 (sea).

    The attacker plays a Trireme (Kyklos, 0) and the Call of the Salpinx; the defender answers with a
    Trireme (Periplous, 1) and an Elite trireme (Diekplous). The trireme attack is matched: no loss,
    and no prestige as 0 is lower. The Salpinx cannot be matched: the defender loses one unit, and
    the attacker pays one prestige for playing it.

    Athens attacks first at sea; the battle starts after Athens' turn brings a fourth galley into
    the Kyklades next to four Spartan ones.
    """
    s = fresh(round="4", to_move="athens", turn_actions=["train"], units={"kyklades": (3, 4), "noties": (1, 0)},
              prestige={"athens": 5, "sparta": 5})
    s, log = play_log(s, "fleet", "to kyklades", "from noties")
    assert units(s, "kyklades") == (4, 4) and "battle.trigger" in ids_of(log)
    assert s.battle.kind == "sea" and s.battle.attacker == 0
    s, ids, (p_at, p_sp) = first_exchange(
        s, ["trireme:kyklos", "salpinx:ambush", "bireme:kyklos", "triacontor:kyklos"],
        ["trireme:periplous", "elite-trireme:diekplous", "bireme:periplous", "triacontor:kyklos"],
        "play trireme:kyklos salpinx:ambush", "answer trireme:periplous elite-trireme:diekplous")
    assert units(s, "kyklades") == (4, 3)
    assert prestige(s, "athens") == p_at - 1 and prestige(s, "sparta") == p_sp
    assert {"battle.formation", "battle.salpinx"} <= ids


def test_example_land_battle_mercenaries_and_cavalry():
    """Ed1 · Schlachten, Beispiel 3 (land).

    The attacker lays a Phalanx (Othismos, 2) and Archers (Advance, 1). The defender stops the
    Phalanx with the Mercenaries, the joker: no loss, but the attacker gains 2 - 0 = 2 prestige. The
    Cavalry it lays against the Archers is the wrong formation: the defender loses a unit and the
    attacker gains the Archers' 1 prestige as well.

    Built directly with ``start_battle`` on a position with four hoplites each in Boiotia.
    """
    s = fresh(round="4", to_move="sparta", units={"boiotia": (4, 4)}, prestige={"athens": 5, "sparta": 5})
    s = start_battle(s, _B.area_index["boiotia"], [])
    assert s.battle.attacker == 1  # Sparta attacks first on land
    s, ids, (p_at, p_sp) = first_exchange(
        s, ["phalanx:othismos", "archers:advance", "peltasts:hold", "cavalry:hold"],
        ["mercenaries:hold", "cavalry:advance", "phalanx:advance", "peltasts:hold"],
        "play phalanx:othismos archers:advance", "answer mercenaries:hold cavalry:advance")
    assert units(s, "boiotia") == (3, 4)
    assert prestige(s, "sparta") == p_sp + 2 + 1 and prestige(s, "athens") == p_at
    assert {"battle.formation", "battle.mercenaries"} <= ids
    # after the exchange the roles swap; once both decline to retreat, the old attacker draws two
    # cards and the defender, having lost one unit, only one
    assert s.battle.attacker == 0 and s.pending.kind == "battle-retreat"
    s, ids = play_ids(s, "fight", "fight")
    assert s.battle.draws == (1, 1, 0) and "battle.redraw" in ids


# =================================================================================================
# Round end
# =================================================================================================

def _round_end(s: pn.State, *answers: str) -> tuple[pn.State, set[str]]:
    """Athens passes after Sparta (so Sparta goes first in every step), then the given answers."""
    return play_ids(s, "pass", *answers)


@pytest.mark.parametrize("option, kept", [(None, 3), ("printed-de", 2)])
def test_example_spoilage_five_wheat(option, kept):
    """Ed1 · Spielablauf › Zwei wichtige Hinweise (rounding example); Rundenende › 5. Lagerhaltung.

    Half of the perishable stock spoils at round end. Five wheat (or wine, or oil) keep three under the
    original rule that yucata follows; the printed German text, which rounds the spoiled half up,
    would leave two (option ``spoilage="printed-de"``).
    """
    base = pn.settle(pn.new_game("ed1", seed=SEED, **({"spoilage": option} if option else {})))
    s = pn.edit(base, round="4", to_move="athens", passed=["sparta"],
                units={a: (0, 0) for a in _B.area_ids},
                goods={"athens": {"wine": 5, "oil": 5, "wheat": 8 + 5}, "sparta": {"wine": 0, "oil": 0, "wheat": 7}})
    s, ids = _round_end(s, "end")  # Athens declines to grow with its spare wheat
    assert s.pending.kind == "phoros"
    assert (good(s, "athens", "wine"), good(s, "athens", "oil"), good(s, "athens", "wheat")) == (kept,) * 3
    assert ("roundend.spoilage-printed" if option else "roundend.spoilage") in ids


def test_example_growth_sparta():
    """Ed1 · Rundenende › 3. Wachstum; 4. Megalopolis.

    With wheat to spare after feeding, Sparta (base 4, growth 3, maximum 8) may add up to three cubes
    per round end at one wheat each. Grown from 4 to 7 it now exceeds its base, which gives one
    prestige in the Megalopolis step.
    """
    s = fresh(round="4", to_move="athens", passed=["sparta"], poleis={"pylos": "neutral"},
              goods={"athens": {"wheat": 8}, "sparta": {"wheat": 5 + 5}})
    p0 = prestige(s, "sparta")
    s, ids = _round_end(s, "grow sparta", "grow sparta", "grow sparta")
    assert pop(s, "sparta") == 7
    assert s.pending.kind == "grow" and s.current_player == "sparta"
    assert "grow sparta" not in legal(s) and "grow gytheion" in legal(s)
    s, ids2 = play_ids(s, "end")
    assert s.pending.kind == "phoros"
    assert prestige(s, "sparta") == p0 + 1
    assert good(s, "sparta", "wheat") == 1  # 2 left after growth, half kept (rounded up)
    assert {"roundend.feeding", "roundend.growth", "roundend.megalopolis"} <= ids | ids2


def test_example_growth_sparta_never_beyond_eight():
    """Ed1 · Rundenende › 3. Wachstum: growth stops at Sparta's maximum of 8, even with wheat to spare."""
    s = fresh(round="4", to_move="athens", passed=["sparta"], poleis={"sparta": ("sparta", 6), "pylos": "neutral"},
              goods={"athens": {"wheat": 8}, "sparta": {"wheat": 7 + 5}})
    s = play(s, "pass", "grow sparta", "grow sparta")
    assert pop(s, "sparta") == 8
    assert "grow sparta" not in legal(s)


@pytest.mark.parametrize("cubes, bonus", [(4, 0), (5, 1), (6, 1), (7, 1), (8, 1)])
def test_example_megalopolis_sparta(cubes, bonus):
    """Ed1 · Rundenende › 4. Megalopolis, Beispiel.

    Sparta's base population is 4: with 5, 6, 7 or 8 cubes it earns one prestige at round end, with
    4 none. (Sparta holds only its capital here and exactly the wheat to feed it, so nothing grows.)
    """
    s = fresh(round="4", to_move="athens", passed=["sparta"],
              poleis={"sparta": ("sparta", cubes), "gytheion": "neutral", "pylos": "neutral"},
              goods={"athens": {"wheat": 8}, "sparta": {"wheat": cubes}})
    p0 = prestige(s, "sparta")
    s, ids = _round_end(s)
    assert s.pending.kind == "phoros" and pop(s, "sparta") == cubes
    assert prestige(s, "sparta") == p0 + bonus
    assert ("roundend.megalopolis" in ids) == bool(bonus)
