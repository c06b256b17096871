"""The worked examples of the second-edition rulebook (Devir 2020, Polish text), one test each.

Every test states its position with ``pn.position("ed2", ...)`` on an otherwise empty map, plays the
decisions of the example with ``pn.apply`` (chance outcomes forced, e.g. ``"die 2"``, ``"roll 3"``),
and checks both the resulting state and the rule ids the kernel logged. Docstrings name the
rulebook section by its Polish title and retell the example in our own words.

Every Ed2 seed draws the only known Alpha event (Xerxes closes Persia); ``fresh`` clears it, so an
edited position in any round starts without an event. Card ids stay the first edition's
(``phalanx:othismos``, ``archers:shoot``, ``mercenaries:hold``); the Greek names of the Ed2 cards are
their ``formation_name`` and ``manoeuvre_name``.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

import polis_nb as pn
from polis_nb.rules.battle import card_types, start_battle
from polis_nb.rules.topology import topology_of

from .helpers import (controller, first_exchange, good, ids_of, legal, marker, owner, play, play_ids, play_log,
                      pop, prestige, refused, units)

SEED = 1
_B = topology_of(pn.position("ed2", SEED))


# --- small local helpers ------------------------------------------------------------------------

def fresh(**kw) -> pn.State:
    """An Ed2 ``pn.position`` with every area emptied first (``units`` then places only what is
    given) and no event in force."""
    units = {a: (0, 0) for a in _B.area_ids}
    units.update(kw.pop("units", {}))
    return pn.position("ed2", SEED, units=units, **kw).evolve(closed=(), event=None)


def covered_after(round_ends: int) -> list[str]:
    """The offers still under a black cube after ``round_ends`` round ends (setup covers every load
    of 4 or 5; each round end lifts the topmost cube of every market)."""
    out = []
    for m in _B.comp.markets:
        cov = [o for o in m.offers if o.load >= 4]
        out += [o.id for o in cov[round_ends:]]
    return out


def card_label(kind: str, card_id: str) -> str:
    """'Formation/Manoeuvre' as printed on the Ed2 card with the kernel's ``card_id``."""
    t = next(t for t in card_types(_B.comp.name, kind)[0] if f"{t.formation}:{t.manoeuvre}" == card_id)
    return f"{t.formation_name}/{t.manoeuvre_name}"


def finish(s: pn.State, **answers: str) -> tuple[pn.State, list[pn.LogEntry]]:
    """Play the round end on (chance by the game's own sampling; no growth, no Phoros unless
    ``answers`` says otherwise) until a player's turn or the game's end."""
    log = list(s.log)
    while not s.is_terminal and s.pending.kind != "turn":
        if s.is_chance:
            s = pn.apply(s, pn.sample_chance(s))
        else:
            text = answers.get(s.pending.kind) or {"grow": "end", "phoros": "phoros 0"}.get(s.pending.kind)
            s = pn.apply(s, text if text in legal(s) else pn.legal_actions(s)[0])
        log.extend(s.log)
    return s, log


# =================================================================================================
# Setup and basic notions
# =================================================================================================

def test_example_ed2_player_boards_at_setup():
    """Ed2 · Podstawowe pojęcia (reading the player board after setup).

    The setup cubes cover the 3 of each track (prestige the 2): Sparta then has four of everything
    but wheat, none of which it holds, and 3 prestige; Athens likewise, but without silver.
    """
    s = pn.settle(pn.new_game("ed2", SEED))
    assert [good(s, "sparta", g) for g in ("iron", "wood", "wine", "silver", "wheat")] == [4, 4, 4, 4, 0]
    assert [good(s, "athens", g) for g in ("iron", "wood", "wine", "silver", "wheat")] == [4, 4, 4, 0, 4]
    assert s.prestige == (3, 3)


def test_example_ed2_stacking_limit_by_round():
    """Ed2 · Akcje › Limit kumulacji, example.

    In Alpha a side may have at most 3 units in one area, so 6 together and never the 8 a battle
    needs; the limit rises to 4 in Epsilon (8 together: battles become possible) and 5 in Omega.
    """
    fresh(round="alpha", units={"boiotia": (3, 3)})
    with pytest.raises(pn.PositionError) as err:
        fresh(round="alpha", units={"boiotia": (4, 0)})
    assert any("stack.limit" in p for p in err.value.problems)
    fresh(round="epsilon", units={"boiotia": (4, 4)})
    fresh(round="omega", units={"kyklades": (5, 5)})
    with pytest.raises(pn.PositionError):
        fresh(round="omega", units={"kyklades": (0, 6)})
    # a turn ending with 3 + 3 in Alpha starts no battle
    s = fresh(round="alpha", to_move="athens", turn_actions=["train"], units={"boiotia": (2, 3), "attika": (1, 0)})
    s = play(s, "hoplites", "to boiotia", "from attika")
    assert units(s, "boiotia") == (3, 3) and s.battle is None and s.current_player == "sparta"
    # in Epsilon 4 + 4 does
    s = fresh(round="epsilon", to_move="athens", turn_actions=["train"], units={"boiotia": (3, 4), "attika": (1, 0)})
    s, log = play_log(s, "hoplites", "to boiotia", "from attika")
    assert s.battle is not None and "battle.trigger" in ids_of(log)


# =================================================================================================
# I. Development actions
# =================================================================================================

def test_example_ed2_train_hoplites_in_pylos():
    """Ed2 · Akcje › 1. Tworzenie Hoplity, example.

    Sparta holds Pylos, grown to 3 cubes in Alpha. In Epsilon (limit 4) it trains as many hoplites
    there as it can: Messinia already holds two Spartans, so two more fill it. Two iron pay for
    them, and two cubes leave Pylos for Messinia.
    """
    s = fresh(round="epsilon", to_move="sparta", poleis={"pylos": ("sparta", 3)}, units={"messenia": (0, 2)},
              goods={"sparta": {"iron": 4, "silver": 0}})
    s, log = play_log(s, "train", "polis pylos", "pay iron", "pay iron")
    assert units(s, "messenia") == (0, 4)
    assert pop(s, "pylos") == 1
    assert good(s, "sparta", "iron") == 2
    # the action ended by itself: Messinia is full (and Pylos is down to its last cube)
    assert s.pending.kind == "turn" and s.current_player == "sparta" and s.turn_actions == ("train",)
    assert {"train.polis", "train.cost"} <= ids_of(log)
    later = play(pn.edit(s, to_move="sparta", turn_actions=[]), "train")
    assert "polis.last-cube" in refused(later, "polis pylos").rule_ids


def test_example_ed2_build_galley_in_chalkis():
    """Ed2 · Akcje › 2. Tworzenie Galery, example.

    Athens holds Chalkis at its maximum of 2 cubes in Epsilon and builds a galley: one wood, one
    cube from Chalkis to the Kyklades, which reach the limit of 4.
    """
    s = fresh(round="epsilon", to_move="athens", poleis={"chalkis": ("athens", 2)}, units={"kyklades": (3, 0)},
              goods={"athens": {"wood": 4, "silver": 0}})
    s, log = play_log(s, "galleys", "polis chalkis", "pay wood kyklades")
    assert units(s, "kyklades") == (4, 0)
    assert pop(s, "chalkis") == 1
    assert good(s, "athens", "wood") == 3
    assert s.pending.kind == "turn" and s.turn_actions == ("galleys",)
    assert "galley.cost" in ids_of(log)
    later = play(pn.edit(s, to_move="athens", turn_actions=[]), "galleys")
    assert "polis.last-cube" in refused(later, "polis chalkis").rule_ids
    assert "stack.limit" in refused(later, "polis athenai").rule_ids


def _myron(round_: str) -> tuple[pn.State, list[pn.LogEntry], int]:
    """Athens starts Myron in Athinae, then both pass; the wheat held feeds the cubes exactly."""
    s = fresh(round=round_, to_move="athens", display=["myron", "apollo", "dionysos"],
              goods={"athens": {"wood": 2, "silver": 3, "wheat": 8}, "sparta": {"wheat": 7}})
    s = play(s, "project")
    # of the three tiles shown only the artist fits Athinae (a temple and a festival do not)
    assert legal(s) == {"tile myron"}
    assert "project.polis" in refused(s, "tile apollo").rule_ids
    p0 = prestige(s, "athens")
    s, log = play_log(s, "tile myron", "polis athenai", "pay")
    assert good(s, "athens", "wood") == 0 and good(s, "athens", "silver") == 0
    # the tile lies face down on Athinae: started, off the display
    assert ("myron", _B.polis_index["athenai"]) in s.started and "myron" not in s.display
    assert "project.cost" in ids_of(log)
    s, log2 = play_log(s, "pass", "pass")
    return s, log + log2, p0


def test_example_ed2_project_myron():
    """Ed2 · Akcje › 4. Opracowanie Projektu, example; Koniec rundy › 1. Projekty, example.

    Athens wants a project in Athinae; of the three tiles on display only the sculptor Myron may go
    there. It pays 2 wood and 3 silver and lays the tile face down on Athinae. At the round end the
    tile is turned face up and Athens gains its 2 prestige.
    """
    s, log, p0 = _myron("alpha")
    done = next(e for e in log if "completes" in e.text)
    assert {"project.complete", "project.face-down"} <= set(done.rules)
    assert ("myron", _B.polis_index["athenai"]) in s.done and not s.started
    assert prestige(s, "athens") == p0 + 2
    assert not s.is_terminal


def test_example_ed2_project_myron_game_end():
    """Ed2 · Akcje › 4. Opracowanie Projektu, example (continued); Koniec gry › Określenie Zwycięzcy.

    Completed in Omega, Myron gives its 2 prestige at the round end and, when the game is scored,
    another 3 for the finished tile in Athinae.
    """
    s, log, p0 = _myron("omega")
    assert s.is_terminal
    assert prestige(s, "athens") == p0 + 2
    cubes = sum(n for o, n in zip(s.owner, s.pop) if o == 0)
    assert pn.score(s, 0) == cubes + prestige(s, "athens") + 3
    assert pn.outcome(s).scores[0] == pn.score(s, 0)
    assert "end.score" in ids_of(log)


# =================================================================================================
# II. Military actions
# =================================================================================================

def _five_hoplites(**extra_units) -> pn.State:
    """Omega: Athens has 1 hoplite in Ionia, 2 in Attika, 2 in Boiotia facing 2 Spartans there, and
    holds the Kyklades; Thessalia is empty."""
    u = {"ionia": (1, 0), "attika": (2, 0), "boiotia": (2, 2), "kyklades": (2, 0)}
    u.update(extra_units)
    return fresh(round="omega", to_move="athens", units=u)


def test_example_ed2_move_hoplites_to_thessalia():
    """Ed2 · Akcje › 5. Ruch Hoplity, example (five hoplites to Thessalia in Omega).

    One action, one destination. The Ionian hoplite can only sail: through the Noties sporades
    (nobody's) and the Athenian Kyklades. The two from Attika march across Boiotia, held by nobody
    at 2 against 2. Then the two in Boiotia leave; after the first Sparta holds Boiotia, but the
    second still goes, because Boiotia is where its move starts, not an area it crosses.
    """
    s = _five_hoplites()
    p0 = prestige(s, "athens")
    s, log = play_log(s, "hoplites", "to thessalia", "from ionia")
    assert prestige(s, "athens") == p0 - 1
    moved = [e for e in log if "moves a hoplite" in e.text]
    assert "by sea" in moved[-1].text and "Noties sporades" in moved[-1].text and "Kyklades" in moved[-1].text
    assert {"action.military-cost", "move.one-at-a-time", "move.land-or-sea"} <= ids_of(log)
    for _ in range(2):
        s, log = play_log(s, "from attika")
        assert "by land" in log[-1].text and "Boiotia" in log[-1].text
    s = play(s, "from boiotia")
    assert units(s, "boiotia") == (1, 2) and controller(s, "boiotia") == "sparta"
    assert "from boiotia" in legal(s)
    s = play(s, "from boiotia")
    assert units(s, "thessalia") == (5, 0) and units(s, "boiotia") == (0, 2)
    assert s.pending.kind == "turn" and s.turn_actions == ("hoplites",)  # Thessalia is full: the action ended


def test_example_ed2_move_hoplites_wrong_order():
    """Ed2 · Akcje › 5. Ruch Hoplity, example (the warning about order).

    Had a Boiotian hoplite gone before the two from Attika, Sparta would hold Boiotia and they
    would need another way, such as crossing the Kyklades by sea.
    """
    s = play(_five_hoplites(), "hoplites", "to thessalia", "from ionia", "from boiotia")
    assert controller(s, "boiotia") == "sparta"
    s, log = play_log(s, "from attika")
    assert "by sea" in log[-1].text and "Kyklades" in log[-1].text and "Boiotia" not in log[-1].text
    # with the Kyklades Spartan as well, no way is left
    s = fresh(round="omega", to_move="athens", units={"attika": (2, 0), "boiotia": (2, 2), "kyklades": (0, 1)})
    s = play(s, "hoplites", "to thessalia", "from boiotia")
    assert "move.no-passing-through-controlled" in refused(s, "from attika").rule_ids


def test_example_ed2_move_hoplites_sea_then_no_land():
    """Ed2 · Akcje › 5. Ruch Hoplity (example: Makedonia by sea to Attika, not on to Arcadia).

    A hoplite may sail from Makedonia across the Thrakiko pelagos and the Kyklades to Attika, but
    not land there and march on to Arcadia in the same move: Attika must be its destination, and
    Arcadia needs a later action. (Sparta holds Thessalia and the Myrtoon pelagos here, so no all-land
    or all-sea way to Arcadia exists.)
    """
    s = fresh(round="epsilon", to_move="athens", units={"makedonia": (1, 0), "thessalia": (0, 1), "myrtoon": (0, 1)})
    s = play(s, "hoplites")
    assert "to attika" in legal(s)
    assert "move.land-or-sea" in refused(s, "to arkadia").rule_ids
    s, log = play_log(s, "to attika", "from makedonia")
    assert units(s, "attika") == (1, 0)
    assert "by sea" in log[-1].text and "Thrakiko pelagos" in log[-1].text and "Kyklades" in log[-1].text
    later = play(pn.edit(s, to_move="athens", turn_actions=[]), "hoplites")
    assert "to arkadia" in legal(later)


def test_example_ed2_move_hoplites_not_through_full_area():
    """Ed2 · Akcje › 5. Ruch Hoplity (example: Megaris through Boiotia and Thessalia to Makedonia).

    In Omega a hoplite cannot march from Megaris across Boiotia and Thessalia to Makedonia while
    its side already has 5 units in Thessalia. Galleys at sea never stop a hoplite crossing it.
    (Sparta holds the Kyklades in the first case, so no sea way round exists.)
    """
    s = fresh(round="omega", to_move="athens", units={"megaris": (1, 0), "thessalia": (5, 0), "kyklades": (0, 1)})
    s = play(s, "hoplites", "to makedonia")
    assert "from thessalia" in legal(s)
    assert "move.no-passing-through-full" in refused(s, "from megaris").rule_ids
    s = fresh(round="omega", to_move="athens", units={"megaris": (1, 0), "boiotia": (0, 1), "kyklades": (5, 0)})
    s, log = play_log(s, "hoplites", "to makedonia", "from megaris")
    assert units(s, "makedonia") == (1, 0) and "by sea" in log[-1].text and "Kyklades" in log[-1].text


def test_example_ed2_no_siege_of_korinthos_in_alpha():
    """Ed2 · Akcje › 7. Oblężenie Polis (Korinthos and Syrakousae cannot fall in Alpha).

    Their fortification 4 exceeds the 3 hoplites a side may gather in an area in Alpha.
    """
    s = play(fresh(round="alpha", to_move="athens", units={"megaris": (3, 0), "sikelia": (3, 0)}), "siege")
    assert legal(s) == {"polis gela"}  # Gela's fortification is 3
    for polis in ("korinthos", "syrakousai"):
        assert "siege.requirements" in refused(s, f"polis {polis}").rule_ids
    s = fresh(round="epsilon", to_move="athens", units={"megaris": (4, 0)})
    assert "polis korinthos" in legal(play(s, "siege"))


def test_example_ed2_siege_naupaktos():
    """Ed2 · Akcje › 7. Oblężenie Polis, Przykład 1.

    In Alpha Athens moves three hoplites into Thessalia, where two Spartans stand, and so controls
    it (one prestige), then besieges neutral Naupaktos (another). Its fortification is 1 and no
    die can roll lower: the siege succeeds without a roll, Athens annexes the polis with one cube
    and gains one prestige.
    """
    s = fresh(round="alpha", to_move="athens", units={"attika": (3, 0), "thessalia": (0, 2)})
    p0 = prestige(s, "athens")
    s = play(s, "hoplites", "to thessalia", "from attika", "from attika", "from attika")
    assert units(s, "thessalia") == (3, 2) and controller(s, "thessalia") == "athens"
    s, ids = play_ids(s, "siege", "polis naupaktos")
    assert s.current_player != "chance"
    assert owner(s, "naupaktos") == "athens" and pop(s, "naupaktos") == 1
    assert prestige(s, "athens") == p0 - 2 + 1
    assert {"action.military-cost", "siege.fortification", "siege.success"} <= ids
    assert s.siege_discs == ()


def _thebai_first_try(**kw) -> pn.State:
    """Przykład 2: Epsilon, no Spartans in Boiotia; Athens moves in three hoplites (the minimum for
    fortification 3), besieges neutral Thebai and rolls a 2."""
    s = fresh(round="epsilon", to_move="athens", units={"attika": (3, 0), "megaris": (2, 0)}, **kw)
    s = play(s, "hoplites", "to boiotia", "from attika", "from attika", "from attika", "end")
    assert units(s, "boiotia") == (3, 0)
    s = play(s, "siege", "polis thebai")
    assert dict((str(a), p) for a, p in pn.chance_outcomes(s)) == {f"die {k}": Fraction(1, 4) for k in range(1, 5)}
    return s


def test_example_ed2_siege_thebai_fails():
    """Ed2 · Akcje › 7. Oblężenie Polis, Przykład 2.

    Athens spends a prestige to move three hoplites into empty Boiotia and another to besiege
    Thebai; the die shows 2, short of fortification 3. Athens loses one of its hoplites there and
    puts a siege disc beside Thebai, which, being neutral, loses no population.
    """
    s = _thebai_first_try(prestige={"athens": 5})
    s, ids = play_ids(s, "die 2")
    assert units(s, "boiotia") == (2, 0)
    assert owner(s, "thebai") == "neutral"
    assert prestige(s, "athens") == 5 - 2
    assert s.siege_discs == ((_B.polis_index["thebai"], 0),)
    assert {"siege.failure", "siege.discs"} <= ids


def test_example_ed2_siege_thebai_retried_with_disc():
    """Ed2 · Akcje › 7. Oblężenie Polis, the retry after the failure.

    In its next turn Athens brings two more hoplites into Boiotia and besieges Thebai again (two
    more prestige). The die shows 2 again, but the siege disc adds 1 and 3 meets the fortification:
    Thebai joins Athens with 3 cubes, Athens gains 3 prestige and takes its disc back.

    The rulebook prints this retry right after Przykład 1, but it continues Przykład 2: two hoplites
    are left in Boiotia, and two more make four, which only Epsilon's limit allows.
    """
    s = play(_thebai_first_try(prestige={"athens": 5}), "die 2")
    s = pn.edit(s, to_move="athens", turn_actions=[])  # Athens' next turn (Sparta's in between skipped)
    assert "siege.requirements" in refused(s, "siege").rule_ids  # two hoplites are too few
    s = play(s, "hoplites", "to boiotia", "from megaris", "from megaris")
    assert units(s, "boiotia") == (4, 0)
    s, log = play_log(s, "siege", "polis thebai")
    assert "siege.discs" in ids_of(log) and "+1" in log[-1].text
    s, log2 = play_log(s, "die 2")
    assert owner(s, "thebai") == "athens" and pop(s, "thebai") == 3
    assert "die 2 + 1" in next(e.text for e in log2 if "succeeds" in e.text)
    assert prestige(s, "athens") == 5 - 4 + 3
    assert s.siege_discs == () and "siege.discs-removal" in ids_of(log2)


def test_example_ed2_siege_thebai_four_hoplites_at_once():
    """Ed2 · Akcje › 7. Oblężenie Polis, the closing remark on the retry.

    Moving all four hoplites in the first turn would have saved a prestige: after the failed siege
    three remain, enough to besiege again next turn without another move.
    """
    s = fresh(round="epsilon", to_move="athens", units={"attika": (2, 0), "megaris": (2, 0)}, prestige={"athens": 5})
    s = play(s, "hoplites", "to boiotia", "from attika", "from attika", "from megaris", "from megaris")
    s = play(s, "siege", "polis thebai", "die 2")
    assert units(s, "boiotia") == (3, 0)
    s = play(pn.edit(s, to_move="athens", turn_actions=[]), "siege", "polis thebai", "die 2")
    assert owner(s, "thebai") == "athens"
    assert prestige(s, "athens") == 5 - 3 + 3  # one prestige more than the retry above leaves


def _sparta_before_thebai() -> pn.State:
    """Omega: Athenian Thebai with 2 cubes (and a finished theatre) and 2 Athenian hoplites in
    Boiotia; Sparta has moved 4 hoplites in from Lakedaemon and is about to besiege."""
    s = fresh(round="omega", to_move="sparta", poleis={"thebai": ("athens", 2)},
              units={"boiotia": (2, 0), "lakedaimon": (0, 4)})
    s = s.evolve(done=(("koilon", _B.polis_index["thebai"]),))
    s = play(s, "hoplites", "to boiotia", *["from lakedaimon"] * 4)
    assert units(s, "boiotia") == (2, 4)
    return s


def test_example_ed2_siege_thebai_taken_from_athens():
    """Ed2 · Akcje › 7. Oblężenie Polis, Przykład 3.

    In Omega Sparta moves four hoplites into Boiotia, beside two Athenians guarding Athenian
    Thebai (2 cubes; the population does not matter, the fortification 3 does), and besieges it:
    two prestige in all. A 4 wins: Sparta swaps the 2 blue cubes for 2 red ones from its supply,
    takes the polis with its projects and gains 3 prestige.
    """
    s = _sparta_before_thebai()
    p_sp, p_at = prestige(s, "sparta"), prestige(s, "athens")
    s, ids = play_ids(s, "siege", "polis thebai", "die 4")
    assert owner(s, "thebai") == "sparta" and pop(s, "thebai") == 2
    assert prestige(s, "sparta") == p_sp - 1 + 3 and prestige(s, "athens") == p_at
    assert units(s, "boiotia") == (2, 4)
    assert ("koilon", _B.polis_index["thebai"]) in s.done and pn.score(s, 1) >= 2 + 2  # the theatre went along
    assert {"siege.fortification", "siege.success", "project.follows-polis"} <= ids


@pytest.mark.parametrize("second_roll, final_owner, final_pop", [(1, "neutral", 0), (2, "sparta", 1),
                                                                  (4, "sparta", 1)])
def test_example_ed2_siege_thebai_failures_empty_it(second_roll, final_owner, final_pop):
    """Ed2 · Akcje › 7. Oblężenie Polis, Przykład 3 (had the siege failed).

    A failure costs Sparta a hoplite and Thebai an Athenian cube, and leaves a Spartan siege disc.
    With three hoplites left Sparta may try again next turn, and Athens loses Thebai either way: a
    second failure takes its last cube and it turns neutral; a success gives it to Sparta with one
    cube. In the second edition the disc makes a 2 enough the second time.
    """
    s = play(_sparta_before_thebai(), "siege", "polis thebai")
    s, ids = play_ids(s, "die 2")
    assert units(s, "boiotia") == (2, 3)
    assert owner(s, "thebai") == "athens" and pop(s, "thebai") == 1
    assert s.siege_discs == ((_B.polis_index["thebai"], 1),)
    assert {"siege.failure", "siege.discs"} <= ids
    s = pn.edit(s, to_move="sparta", turn_actions=[])  # Sparta's next turn
    s = play(s, "siege", "polis thebai", f"die {second_roll}")
    assert owner(s, "thebai") == final_owner and pop(s, "thebai") == final_pop


@pytest.mark.parametrize("rows, wine, wheat", [("wine:3,wheat:2", 6, 3), ("wine:5", 15, 0)])
def test_example_ed2_tribute_sicelia(rows, wine, wheat):
    """Ed2 · Akcje › 8. Zebranie Daniny, example.

    Sicelia yields up to 15 wine and 6 wheat. In Omega Sparta collects there with its five
    hoplites: three on the wine column and two on the wheat column bring 6 wine and 3 wheat; all
    five on wine would bring 15. Outside its home region this costs a prestige; the hoplites go
    back to the territory and a disc marks Sicelia as done for the round.
    """
    s = fresh(round="omega", to_move="sparta", poleis={"syrakousai": ("sparta", 4)}, units={"sikelia": (0, 5)},
              goods={"sparta": {"wine": 0, "wheat": 0}})
    p0 = prestige(s, "sparta")
    s, ids = play_ids(s, "tribute", "area sikelia", f"rows {rows}")
    assert good(s, "sparta", "wine") == wine and good(s, "sparta", "wheat") == wheat
    assert prestige(s, "sparta") == p0 - 1
    assert units(s, "sikelia") == (0, 5)
    assert _B.area_index["sikelia"] in s.tribute_done and s.tribute_discs == (0, 1)
    assert {"action.military-cost", "tribute.rows-ed2"} <= ids


@pytest.mark.parametrize("hoplites, wine", [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15)])
def test_example_ed2_tribute_row_steps(hoplites, wine):
    """Ed2 · Akcje › 8. Zebranie Daniny (example: 1 to 5 hoplites on Sicelia's wine give 1/3/6/10/15)."""
    s = fresh(round="omega", to_move="sparta", poleis={"gela": ("sparta", 3)}, units={"sikelia": (0, 5)},
              goods={"sparta": {"wine": 0}})
    s = play(s, "tribute", "area sikelia", f"rows wine:{hoplites}")
    assert good(s, "sparta", "wine") == wine


# =================================================================================================
# III. Political actions
# =================================================================================================

def test_example_ed2_persian_market_by_round():
    """Ed2 · Akcje › 9. Handel (the Persian market).

    Persia trades 3 wheat for iron or wine, 4 wheat for wine, and 5 silver for iron, wood or wine.
    In Alpha only the top offer is open; the middle one opens in Epsilon, the bottom one in Omega
    (the black cubes on them leave one per round end).
    """
    m = _B.comp.markets[_B.market_index["persis"]]
    assert [(o.load, o.demand, o.receive) for o in m.offers] == [
        (3, ("iron", "wine"), "wheat"), (4, ("wine",), "wheat"), (5, ("iron", "wood", "wine"), "silver")]
    goods = {"athens": {"iron": 20, "wood": 20, "wine": 20, "silver": 0, "wheat": 8}, "sparta": {"wheat": 7}}
    s = play(fresh(round="alpha", to_move="athens", goods=goods), "trade")
    assert {a.split()[1] for a in legal(s) if a.startswith("offer persis")} == {"persis.0"}
    s, _ = finish(play(fresh(round="alpha", to_move="athens", passed=["sparta"], goods=goods), "pass"))
    s = play(pn.edit(s, to_move="athens", goods=goods), "trade")
    assert {a.split()[1] for a in legal(s) if a.startswith("offer persis")} == {"persis.0", "persis.1"}
    s, _ = finish(play(pn.edit(s, to_move="athens", passed=["sparta"], goods=goods), "pass"))
    s = play(pn.edit(s, to_move="athens", goods=goods), "trade")
    assert {a.split()[1] for a in legal(s) if a.startswith("offer persis")} == {"persis.0", "persis.1", "persis.2"}


def test_example_ed2_trade_persis_wine_for_wheat():
    """Ed2 · Akcje › 9. Handel, example (exchange) and its continuation (the dice).

    In Epsilon Athens' merchant sails through the Kyklades and the Noties sporades, neither held by
    Sparta, to Persia's free middle offer: 4 wheat for wine. At the current wine value Athens hands
    over 5 wine. Then two d4 show 4 and 3: the lower, 3, moves the wine marker three spaces right.
    """
    s = fresh(round="epsilon", to_move="athens", covered=covered_after(1), markers={"wine": 2},
              goods={"athens": {"wine": 5, "wheat": 0}})
    assert _B.comp.market_table[4][marker(s, "wine")] == 5
    s, log = play_log(s, "trade", "offer persis.1 exchange")
    assert good(s, "athens", "wine") == 0 and good(s, "athens", "wheat") == 4
    assert "via Kyklades, Noties sporades" in next(e.text for e in log if "exchanges" in e.text)
    assert s.ships_port[0] == 0 and s.offers[_B.offer_index["persis.1"]] == 0
    # dice 4 and 3 are one of the three pairs whose lower die is 3: probability 3/16
    outs = {str(a): p for a, p in pn.chance_outcomes(s)}
    assert outs["roll 3"] == Fraction(3, 16) and sum(outs.values()) == 1
    s, log2 = play_log(s, "roll 3")
    assert marker(s, "wine") == 5
    assert {"trade.route", "trade.offer-ed2", "trade.exchange-ed2", "trade.market-value-ed2"} <= ids_of(log + log2)
    assert s.pending.kind == "turn" and s.current_player == "athens"


@pytest.mark.parametrize("g, n", [("iron", 5), ("wood", 6), ("wine", 7)])
def test_example_ed2_trade_persis_five_silver(g, n):
    """Ed2 · Akcje › 9. Handel (the second example: Persia's bottom offer in Omega).

    For the 5 silver of the bottom row Athens may hand over 5 iron, or 6 wood, or 7 wine: the
    market track reads each good's value in the row for 5. (The markers stand where the kernel's
    table gives exactly these values: iron at 0, wood at 1, wine at 3.)
    """
    s = fresh(round="omega", to_move="athens", covered=covered_after(2), markers={"iron": 0, "wood": 1, "wine": 3},
              goods={"athens": {"iron": 5, "wood": 6, "wine": 7, "silver": 0}})
    assert [_B.comp.market_table[5][marker(s, x)] for x in ("iron", "wood", "wine")] == [5, 6, 7]
    s = play(s, "trade")
    assert {"offer persis.2 exchange iron", "offer persis.2 exchange wood", "offer persis.2 exchange wine"} <= legal(s)
    s, ids = play_ids(s, f"offer persis.2 exchange {g}")
    assert good(s, "athens", g) == 0 and good(s, "athens", "silver") == 5
    assert "trade.exchange-ed2" in ids


def test_example_ed2_trade_persis_buy_wheat():
    """Ed2 · Akcje › 9. Handel (paying silver for wheat).

    Instead of wine Athens may pay as much silver as the wheat it gets, 4 for 4, whatever the market
    value. Demand for the good that could have paid then rises: one d4 for wine, the only good this
    offer takes, moves its marker left.
    """
    s = fresh(round="epsilon", to_move="athens", covered=covered_after(1), markers={"wine": 4},
              goods={"athens": {"wine": 9, "wheat": 0, "silver": 4}})
    s, log = play_log(s, "trade", "offer persis.1 buy")
    assert good(s, "athens", "silver") == 0 and good(s, "athens", "wheat") == 4 and good(s, "athens", "wine") == 9
    assert {str(a): p for a, p in pn.chance_outcomes(s)} == {f"roll {k}": Fraction(1, 4) for k in range(1, 5)}
    s, log2 = play_log(s, "roll 3")
    assert marker(s, "wine") == 1 and s.current_player == "athens"
    assert {"trade.buy-wheat", "trade.market-value-ed2"} <= ids_of(log + log2)


@pytest.mark.parametrize("mode, bribe", [("land", 4), ("sea", 1)])
def test_example_ed2_proxenos_athinae_to_potidaea(mode, bribe):
    """Ed2 · Akcje › 11. Wywołaj Wojnę Domową (the proxenos example beside it).

    Athens' proxenos goes from Athinae to Potidaea. The direct way overland through Thessalia to
    Makedonia bribes the four Spartan units there: 4 silver. Crossing the sea past the one Spartan
    galley in the Thrakiko pelagos costs 1 silver, the wiser choice.
    """
    s = fresh(round="epsilon", to_move="athens", units={"thessalia": (0, 2), "makedonia": (0, 2), "thrakikon": (0, 1)},
              goods={"athens": {"silver": 5}})
    p0 = prestige(s, "athens")
    s, log = play_log(s, "proxenos", f"polis poteidaia by {mode}")
    assert s.proxenos[0] == _B.polis_index["poteidaia"]
    assert good(s, "athens", "silver") == 5 - bribe and good(s, "sparta", "silver") == 4  # bribes go to nobody
    assert prestige(s, "athens") == p0
    assert {"proxenos.route", "proxenos.bribe"} <= ids_of(log)
    travel = next(e for e in log if "proxenos travels" in e.text)
    assert f"bribing {bribe} silver" in travel.text
    if mode == "sea":
        assert "Kyklades" in travel.text and "Thrakiko pelagos" in travel.text
    else:
        assert "Thessalia" in travel.text and "Makedonia" in travel.text


# =================================================================================================
# Battles
# =================================================================================================

def test_example_ed2_combat_card_table():
    """Ed2 · Walka › Opis karty walki (example: the Phalanx manoeuvres).

    The Phalanx may perform Othismos, worth 2 prestige, on 3 cards, or Proothisi, worth 1, on 5.
    """
    types, counts = card_types(_B.comp.name, "land")
    table = {(t.formation_name, t.manoeuvre_name): (t.value, n) for t, n in zip(types, counts)}
    assert table[("Phalanx", "Othismos")] == (2, 3)
    assert table[("Phalanx", "Proothisi")] == (1, 5)
    assert sum(counts) == 24 and table[("Salpinx", "Enedra")] == (-1, 1)


def test_example_ed2_battle_hand_size():
    """Ed2 · Walka › Toczenie bitwy (example: five hoplites, five cards in the opening hand)."""
    s = fresh(round="omega", to_move="sparta", units={"boiotia": (3, 5)})
    s = start_battle(s, _B.area_index["boiotia"], [])
    assert s.battle.draws == (1,) * 5 + (0,) * 3


def test_example_ed2_land_battle_matched_formations():
    """Ed2 · Walka › Toczenie bitwy, first battle example (land).

    The attacker lays Phalanx/Othismos and Toxotis/Voli; the defender matches both formations with a
    Phalanx and a Toxotis, so loses no unit, but Othismos (2) beats the defender's Proothisi (1):
    the attacker gains 2 - 1 = 1 prestige.

    The battle is triggered for real: Sparta, on its second action in Epsilon, brings a fourth
    hoplite into Boiotia next to four Athenians; on land Sparta attacks first.
    """
    s = fresh(round="epsilon", to_move="sparta", turn_actions=["train"], units={"boiotia": (4, 3), "megaris": (0, 1)},
              prestige={"athens": 5, "sparta": 5})
    s, log = play_log(s, "hoplites", "to boiotia", "from megaris")
    assert {"battle.trigger", "battle.first-attacker", "battle.hands"} <= ids_of(log)
    assert s.battle.attacker == 1 and s.battle.kind == "land"
    assert [card_label("land", c) for c in ("phalanx:othismos", "archers:shoot", "phalanx:advance",
                                            "archers:advance")] == [
        "Phalanx/Othismos", "Toxotis/Voli", "Phalanx/Proothisi", "Toxotis/Proothisi"]
    s, ids, (p_at, p_sp) = first_exchange(
        s, ["phalanx:othismos", "archers:shoot", "peltasts:hold", "cavalry:hold"],
        ["phalanx:advance", "archers:advance", "cavalry:advance", "peltasts:hold"],
        "play phalanx:othismos archers:shoot", "answer phalanx:advance archers:advance")
    assert units(s, "boiotia") == (4, 4)
    assert prestige(s, "sparta") == p_sp + 1 and prestige(s, "athens") == p_at
    assert "battle.formation" in ids
    assert s.battle is not None and s.battle.attacker == 0  # the roles swap


def test_example_ed2_sea_battle_salpinx():
    """Ed2 · Walka › Toczenie bitwy, second battle example (sea).

    The attacker plays Treeris/Kyklos and the Salpinx; the defender answers with a Treeris and an
    Anotera Treeris/Diekplous. The Treeris is matched: no loss, and no prestige, its value being the
    lower. The Salpinx cannot be matched: the defender loses a unit and the attacker pays a
    prestige for sounding it.

    At sea Athens attacks first; the battle starts after Athens brings a fourth galley into the
    Kyklades beside four Spartan ones.
    """
    s = fresh(round="epsilon", to_move="athens", turn_actions=["train"], units={"kyklades": (3, 4), "noties": (1, 0)},
              prestige={"athens": 5, "sparta": 5})
    s, log = play_log(s, "fleet", "to kyklades", "from noties")
    assert s.battle.kind == "sea" and s.battle.attacker == 0
    assert [card_label("sea", c) for c in ("trireme:kyklos", "salpinx:ambush", "trireme:periplous",
                                           "elite-trireme:diekplous")] == [
        "Treeris/Kyklos", "Salpinx/Enedra", "Treeris/Periplous", "Anotera Treeris/Diekplous"]
    s, ids, (p_at, p_sp) = first_exchange(
        s, ["trireme:kyklos", "salpinx:ambush", "bireme:kyklos", "triacontor:kyklos"],
        ["trireme:periplous", "elite-trireme:diekplous", "bireme:periplous", "triacontor:kyklos"],
        "play trireme:kyklos salpinx:ambush", "answer trireme:periplous elite-trireme:diekplous")
    assert units(s, "kyklades") == (4, 3)
    assert prestige(s, "athens") == p_at - 1 and prestige(s, "sparta") == p_sp
    assert {"battle.formation", "battle.salpinx"} <= ids


def test_example_ed2_land_battle_misthoforos_and_ippiko():
    """Ed2 · Walka › Toczenie bitwy, third battle example (land).

    The attacker lays Phalanx/Othismos and Toxotis/Proothisi. The defender stops the Phalanx with
    the Misthoforos, the joker: no loss, yet the attacker gains 2 - 0 = 2 prestige. Against the
    Toxotis it can only lay an Ippiko, the wrong formation: it loses a unit and the attacker gains
    the Toxotis' 1 prestige as well.
    """
    s = fresh(round="epsilon", to_move="sparta", units={"boiotia": (4, 4)}, prestige={"athens": 5, "sparta": 5})
    s = start_battle(s, _B.area_index["boiotia"], [])
    assert s.battle.attacker == 1
    assert [card_label("land", c) for c in ("archers:advance", "mercenaries:hold", "cavalry:advance")] == [
        "Toxotis/Proothisi", "Misthoforos/Antistasi", "Ippiko/Proothisi"]
    s, ids, (p_at, p_sp) = first_exchange(
        s, ["phalanx:othismos", "archers:advance", "peltasts:hold", "cavalry:hold"],
        ["mercenaries:hold", "cavalry:advance", "phalanx:advance", "peltasts:hold"],
        "play phalanx:othismos archers:advance", "answer mercenaries:hold cavalry:advance")
    assert units(s, "boiotia") == (3, 4)
    assert prestige(s, "sparta") == p_sp + 2 + 1 and prestige(s, "athens") == p_at
    assert {"battle.formation", "battle.mercenaries"} <= ids


# =================================================================================================
# Round end
# =================================================================================================

def test_example_ed2_spoilage_five_wine():
    """Ed2 · Koniec rundy › 5. Dostosowanie Zasobów, example.

    Before the step Sparta holds 5 wine and no wheat; halving and rounding up leaves 3 wine and
    still no wheat.
    """
    s = fresh(round="epsilon", to_move="athens", passed=["sparta"],
              goods={"athens": {"wheat": 8}, "sparta": {"wine": 5, "wheat": 7}})
    s, log = play_log(s, "pass")
    assert s.pending.kind == "phoros"
    assert good(s, "sparta", "wine") == 3 and good(s, "sparta", "wheat") == 0
    assert "roundend.spoilage-ed2" in ids_of(log)


def test_example_ed2_growth_sparti():
    """Ed2 · Koniec rundy › 3. Przyrost Populacji, example; 4. Megalopolis.

    With wheat to spare, Sparta may add at most three cubes to Sparti at one round end, one wheat
    each. Grown from 4 to 7 it exceeds its base population, worth a prestige in the Megalopolis
    step.
    """
    s = fresh(round="epsilon", to_move="athens", passed=["sparta"], poleis={"pylos": "neutral"},
              goods={"athens": {"wheat": 8}, "sparta": {"wheat": 5 + 5}})
    p0 = prestige(s, "sparta")
    s, ids = play_ids(s, "pass", "grow sparta", "grow sparta", "grow sparta")
    assert pop(s, "sparta") == 7
    assert "grow sparta" not in legal(s) and "grow gytheion" in legal(s)
    s, ids2 = play_ids(s, "end")
    assert s.pending.kind == "phoros"
    assert prestige(s, "sparta") == p0 + 1
    assert {"roundend.feeding", "roundend.growth", "roundend.megalopolis"} <= ids | ids2


def test_example_ed2_growth_sparti_never_beyond_eight():
    """Ed2 · Koniec rundy › 3. Przyrost Populacji, example: growth stops at Sparti's maximum of 8."""
    s = fresh(round="epsilon", to_move="athens", passed=["sparta"],
              poleis={"sparta": ("sparta", 6), "pylos": "neutral"}, goods={"athens": {"wheat": 8}, "sparta": {"wheat": 7 + 5}})
    s = play(s, "pass", "grow sparta", "grow sparta")
    assert pop(s, "sparta") == 8
    assert "grow sparta" not in legal(s)


@pytest.mark.parametrize("cubes, bonus", [(4, 0), (5, 1), (6, 1), (7, 1), (8, 1)])
def test_example_ed2_megalopolis_sparti(cubes, bonus):
    """Ed2 · Koniec rundy › 4. Megalopolis, example.

    Sparti's base population is 4: with 5, 6, 7 or 8 cubes Sparta gains a prestige, with 4 none.
    (Sparta holds only its capital and the wheat to feed it, so nothing grows.)
    """
    s = fresh(round="epsilon", to_move="athens", passed=["sparta"],
              poleis={"sparta": ("sparta", cubes), "gytheion": "neutral", "pylos": "neutral"},
              goods={"athens": {"wheat": 8}, "sparta": {"wheat": cubes}})
    p0 = prestige(s, "sparta")
    s, ids = play_ids(s, "pass")
    assert pop(s, "sparta") == cubes
    assert prestige(s, "sparta") == p0 + bonus
    assert ("roundend.megalopolis" in ids) == bool(bonus)
