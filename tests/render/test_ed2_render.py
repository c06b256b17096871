"""The second edition drawn and described: Ed2 names only, iron, three rounds, siege discs, black
cubes on covered offers, merchants; the view models' Ed2 decisions (project removal, free ransom,
Phoros rates). The first edition is checked not to show any of it."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import polis_nb as pn
from polis_nb.analysis import random_policy, sensible_policy
from polis_nb.render import describe, svg
from polis_nb.render import geometry as geo
from polis_nb.render.svg import BLACK_CUBE, GOOD_COLOURS, SIDE_COLOUR
from polis_nb.render.viewmodel import board_view, label_of, target_of
from polis_nb.rules import Action
from polis_nb.rules.topology import topology_of, components_named
from polis_nb.rules.state import Pending, tset

NS = "{http://www.w3.org/2000/svg}"
ED1, ED2 = components_named("ed1-default"), components_named("ed2-default")
SIDES = {"Athens", "Sparta"}  # the players keep these names in both editions


def ed1_only_names() -> set[str]:
    """Display names of the first edition that the second edition spells differently."""
    out = set()
    for sec in ("areas", "poleis", "markets", "projects"):
        new = {x.id: x.name for x in getattr(ED2, sec)}
        out |= {x.name for x in getattr(ED1, sec) if new.get(x.id) != x.name}
    return out - SIDES - {x.name for sec in ("areas", "poleis", "markets", "projects") for x in getattr(ED2, sec)}


def words_shown(root: ET.Element) -> str:
    """Everything a person sees or hears: text, titles and aria-labels (not ids or data attributes)."""
    parts = [e.text or "" for e in root.iter() if e.tag in (NS + "text", NS + "title")]
    parts += [e.get("aria-label") for e in root.iter() if e.get("aria-label")]
    return "\n".join(parts)


def has_word(text: str, word: str) -> bool:
    return re.search(r"(?<![\w])" + re.escape(word) + r"(?![\w])", text) is not None


def by_class(root: ET.Element, cls: str, tag: str = "g") -> list[ET.Element]:
    return [e for e in root.iter(NS + tag) if cls in (e.get("class") or "").split()]


@pytest.fixture(scope="module")
def start2():
    return pn.settle(pn.new_game("ed2", 1))


@pytest.fixture(scope="module")
def start1():
    return pn.settle(pn.new_game("ed1", 1))


def besieged(s):
    """``s`` with three siege discs: Athens and Sparta beside Thibae, Athens beside Argos."""
    return pn.edit(s, siege_discs={"thebai": ["athens", "sparta"], "argos": "athens"},
                   units={"boiotia": (2, 1), "arkadia": (1, 0)}, to_move="athens")


def ed2_positions(seed: int, every: int = 6) -> list[pn.State]:
    rng = random.Random(seed)
    s = pn.new_game("ed2", seed)
    pol = sensible_policy if seed % 2 else random_policy
    out, n = [], 0
    while not s.is_terminal and n < 5000:
        if n % every == 0:
            out.append(s)
        s = pn.apply_unchecked(s, pn.sample_chance(s, rng) if s.is_chance else pol(s, rng))
        n += 1
    return out + [s]


# --- names ---------------------------------------------------------------------------------------
def test_ed2_svg_uses_ed2_names_and_no_ed1_names(start2):
    shown = words_shown(ET.fromstring(svg(besieged(start2))))
    for name in ("Athinae", "Sparti", "Thibae", "Lakedaemon", "Persia", "Euxinos", "Alpha", "Omega"):
        assert name in shown, name
    assert not has_word(shown, "Athenai") and not has_word(shown, "Persis") and not has_word(shown, "Thebai")
    leaked = sorted(n for n in ed1_only_names() if has_word(shown, n))
    assert not leaked, leaked
    for good in ("metal", "oil"):  # ed1 goods
        assert not has_word(shown, good), good
    assert "Merchants:" in shown and "Trade ships" not in shown


def test_ed2_description_uses_ed2_names_and_terms(start2):
    text = describe(start2)
    assert "Athinae" in text and "Lakedaemon" in text and "merchants" in text
    assert not has_word(text, "Athenai") and "trade ships" not in text
    leaked = sorted(n for n in ed1_only_names() if has_word(text, n))
    assert not leaked, leaked


def test_ed1_svg_keeps_its_names(start1):
    shown = words_shown(ET.fromstring(svg(start1)))
    assert "Athenai" in shown and not has_word(shown, "Athinae") and "Trade ships:" in shown


# --- goods and rounds --------------------------------------------------------------------------
def test_iron_has_its_colour(start2):
    root = ET.fromstring(svg(start2))
    iron = GOOD_COLOURS["iron"]
    assert iron not in (GOOD_COLOURS["silver"], GOOD_COLOURS["wood"], GOOD_COLOURS["wine"], GOOD_COLOURS["wheat"])
    goods = [g for g in root.iter(NS + "g") if g.get("class") == "good"]
    assert [g.get("data-good") for g in goods][:5] == ["iron", "wood", "wine", "silver", "wheat"]
    swatch = goods[0].findall(NS + "rect")[1]
    assert swatch.get("fill") == iron
    assert "#999" not in {r.get("fill") for g in goods for r in g.iter(NS + "rect")}  # every good has a colour


def test_round_track_has_three_cells_and_marks_the_current_one(start2):
    for k, label in enumerate(("alpha", "epsilon", "omega")):
        root = ET.fromstring(svg(start2.evolve(round=k)))
        cells = [g for g in root.iter(NS + "g") if (g.get("class") or "").split()[:1] == ["round"]]
        assert [g.get("data-round") for g in cells] == ["alpha", "epsilon", "omega"]
        assert [g.get("data-round") for g in cells if "current" in g.get("class").split()] == [label]
        names = [t.text for g in cells for t in g.iter(NS + "text")]
        assert names == [r.name.split(" ")[0] for r in ED2.rounds]  # "Alpha (Λ)" is shown as "Alpha"
        right = [float(g.find(NS + "rect").get("x")) + float(g.find(NS + "rect").get("width")) for g in cells]
        assert right[-1] <= geo.TRACK[0] + geo.TRACK_W  # inside the track


def test_ed1_round_track_keeps_four_cells(start1):
    root = ET.fromstring(svg(start1))
    cells = [g for g in root.iter(NS + "g") if (g.get("class") or "").split()[:1] == ["round"]]
    assert [g.get("data-round") for g in cells] == ["3", "4", "5a", "5b"]
    assert {g.find(NS + "rect").get("width") for g in cells} == {"46"}


# --- siege discs ---------------------------------------------------------------------------------
def test_siege_discs_are_drawn_beside_their_polis(start2):
    s = besieged(start2)
    root = ET.fromstring(svg(s))
    discs = by_class(root, "siege-disc")
    assert len(discs) == len(s.siege_discs) == 3
    assert sorted((d.get("data-siege"), d.get("data-player")) for d in discs) == [
        ("argos", "athens"), ("thebai", "athens"), ("thebai", "sparta")]
    for d in discs:
        side = ("athens", "sparta").index(d.get("data-player"))
        assert d.find(NS + "circle").get("fill") == SIDE_COLOUR[side]
        assert d.get("pointer-events") == "none"  # clicks reach the polis or the area below
        label = d.get("aria-label")
        assert d.find(NS + "title").text == label and "siege disc beside" in label and "+1" in label
    thebai = next(e for e in root.iter(NS + "g") if e.get("id") == "polis-thebai")
    assert "Athenian siege disc beside Thibae" in thebai.get("aria-label")
    assert not by_class(ET.fromstring(svg(start2)), "siege-disc")


def test_describe_lists_siege_discs(start2):
    text = describe(besieged(start2))
    line = next(x for x in text.splitlines() if x.startswith("Siege discs: "))
    assert "Athenian siege disc beside Thibae (+1 to later Athenian siege rolls in Boiotia)" in line
    assert "Spartan siege disc beside Thibae" in text and "Athenian siege disc beside Argos" in text
    assert "Siege discs" not in describe(start2)


# --- black cubes -----------------------------------------------------------------------------------
def _offers(root):
    return {g.get("data-offer"): g for g in root.iter(NS + "g") if g.get("class", "").split()[:1] == ["offer"]}


def test_black_cubes_cover_the_covered_offers(start2):
    b = topology_of(start2)
    assert len(start2.covered) == 8
    root = ET.fromstring(svg(start2))
    cubes = by_class(root, "black-cube", "rect")
    assert len(cubes) == len(start2.covered)
    assert {c.get("fill") for c in cubes} == {BLACK_CUBE}
    covered = {b.offers[i].id for i in start2.covered}
    for oid, g in _offers(root).items():
        has_cube = bool(by_class(g, "black-cube", "rect"))
        assert has_cube == (oid in covered), oid
        assert ("covered by a black cube" in g.get("aria-label")) == (oid in covered), oid
    # a cube lifted at the round end opens its offer
    opened = start2.evolve(covered=start2.covered[1:])
    root = ET.fromstring(svg(opened))
    assert len(by_class(root, "black-cube", "rect")) == 7
    assert _offers(root)[b.offers[start2.covered[0]].id].get("aria-label").endswith(", open")


def test_covered_offer_of_a_closed_market_keeps_its_cube(start2):
    s = start2.evolve(closed=("persis",))
    g = _offers(ET.fromstring(svg(s)))["persis.1"]
    assert g.get("aria-label").endswith("closed this round, covered by a black cube")
    assert len(by_class(g, "black-cube", "rect")) == 1


def test_offers_accepting_several_goods_show_each_price(start2):
    b = topology_of(start2)
    s = start2.evolve(offers=tset(start2.offers, b.offer_index["persis.0"], 0))
    g = _offers(ET.fromstring(svg(s)))["persis.0"]
    # the name says what the offer shows ("3 wheat for ■3 ■3"), then the goods in words
    assert g.get("aria-label") == "Persia offer 1: 3 wheat for 3 3 (3 iron or 3 wine), taken by Athens"
    fills = [r.get("fill") for r in g.iter(NS + "rect")]
    assert GOOD_COLOURS["iron"] in fills and GOOD_COLOURS["wine"] in fills


def test_describe_says_which_offers_are_covered(start2):
    text = describe(start2)
    assert "8 offers covered" in text
    assert text.count("covered by a black cube") == 8
    assert "2) 4 wheat for 4 iron or 4 wine, covered by a black cube" in text  # Euxinos
    assert "1) 3 wheat for 3 iron, open; 2) 4 silver for 4 wood, covered by a black cube" in text  # Thraki
    assert "not offered yet" not in text


def test_ed1_has_no_cubes_no_discs_and_loads_by_round(start1):
    root = ET.fromstring(svg(start1))
    assert not by_class(root, "black-cube", "rect") and not by_class(root, "siege-disc")
    text = describe(start1)
    assert "covered" not in text and "loads up to 3" in text and "trade ships" in text


# --- whole games, escaping -----------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2])
def test_every_position_of_ed2_games_draws_and_describes(seed):
    for s in ed2_positions(seed):
        root = ET.fromstring(svg(s))
        assert len([e for e in root.iter() if (e.get("class") or "").startswith("area ")]) == 17
        assert len(by_class(root, "black-cube", "rect")) == len(s.covered)
        assert len(by_class(root, "siege-disc")) == len(s.siege_discs)
        assert describe(s)


def test_ed2_text_stays_escaped(start2):
    evil = '<script>alert("x")</script> & "quotes"'
    text = svg(besieged(start2), title=evil)
    assert "<script>" not in text
    assert ET.fromstring(text).get("aria-label") == evil


# --- view models ------------------------------------------------------------------------------------
def test_project_removal_is_offered_as_buttons_naming_the_tile(start2):
    s = start2.evolve(pending=Pending("project-remove", 0), display=("socrates", "zeus", "nemea"))
    v = board_view(s)
    assert v["targets"] == {}
    labels = {x["action"]: x["label"] for x in v["buttons"]}
    assert labels == {"remove socrates": "Remove Socrates from the game", "remove zeus": "Remove Zeus from the game",
                      "remove nemea": "Remove Nemea from the game"}
    assert target_of(Action("remove", ("socrates",)), "project-remove") is None
    assert target_of(Action("remove", ("attika",)), "event-remove") == "area:attika"


def test_free_ransom_and_phoros_rates_are_labelled(start2):
    s = pn.edit(start2, proxenos={"athens": None}, goods={"athens": {"silver": 3}}, to_move="athens")
    labels = {x["action"]: x["label"] for x in board_view(s)["buttons"]}
    assert labels["ransom"] == "Ransom the proxenos (free: no action)"
    assert labels["ships"] == "Hire merchants"
    phoros = start2.evolve(pending=Pending("phoros", 0))
    assert label_of(Action("phoros", ("2",)), phoros) == "Phoros: 2 prestige → 3 silver"
    ed1 = pn.settle(pn.new_game("ed1", 1))
    ed1_phoros = ed1.evolve(pending=Pending("phoros", 0))
    assert label_of(Action("phoros", ("2",)), ed1_phoros) == "Phoros: 2 prestige → silver"
    assert label_of(Action("ships"), ed1) == "Build trade ships"


def test_ed2_board_view_is_plain_json_with_ed2_goods(start2):
    import json

    v = board_view(besieged(start2))
    json.dumps(v)
    assert list(v["players"][0]["goods"]) == ["iron", "wood", "wine", "silver", "wheat"]
    assert "Siege discs:" in v["description"]
