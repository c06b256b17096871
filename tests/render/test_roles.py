"""Roles and names of the board (issue 28): on a widget's map where a click does something the board is a
group of controls, each named with the words it shows (as axe-core's label-content-name-mismatch reads
them: the visible words, brackets left out, form a run of the name's words); everywhere else (``svg``,
the exported pages, the Viewer stepping through a record) it is a picture with nothing focusable in it;
every part that carries a name has a role. (Which widget's map is which: tests/widgets/test_map_roles.py.)"""
from __future__ import annotations

import random
import re
import unicodedata
import xml.etree.ElementTree as ET

import pytest

import polis_nb as pn
from polis_nb.analysis import sensible_policy
from polis_nb.render import svg
from polis_nb.render.svg import join_layers, still, svg_layers
from polis_nb.render.viewmodel import board_view, view_svg
from polis_nb.rules.state import tset
from polis_nb.rules.topology import topology_of

NS = "{http://www.w3.org/2000/svg}"


def words(text: str) -> list[str]:
    """The words of ``text`` as axe-core compares a label with a name: bracketed parts left out,
    anything but letters and digits a break, case ignored."""
    text = unicodedata.normalize("NFKD", text)
    while True:
        cut = re.sub(r"\([^()]*\)", "", text)
        if cut == text:
            break
        text = cut
    return re.sub(r"[^\w]|_", " ", text).lower().split()


def shown(e: ET.Element) -> str:
    """The text an element shows on screen, in document order (titles are tooltips, not shown)."""
    out = []

    def walk(x: ET.Element) -> None:
        if x.tag == NS + "title":
            return
        out.append(x.text or "")
        for c in x:
            walk(c)
            out.append(c.tail or "")

    walk(e)
    return "".join(out)


def run_of(needle: list[str], hay: list[str]) -> bool:
    return any(hay[i:i + len(needle)] == needle for i in range(len(hay) - len(needle) + 1))


def live(s, **kw) -> ET.Element:
    return ET.fromstring(join_layers(*svg_layers(s, interactive=True, **kw)))


def positions() -> list[pn.State]:
    """Starts of both editions, positions along a seeded game, and Ed2 offers in every state (taken,
    closed, not offered yet, covered, several goods accepted)."""
    out = [pn.settle(pn.new_game("ed1", 0)), pn.settle(pn.new_game("ed2", 1))]
    s, rng = out[0], random.Random(4)
    for k in range(120):
        if s.is_terminal:
            break
        s = pn.apply_unchecked(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
        if k % 30 == 29:
            out.append(s)
    s2 = out[1]
    b = topology_of(s2)
    out.append(s2.evolve(offers=tset(tset(s2.offers, b.offer_index["persis.0"], 0), b.offer_index["thrake.0"], 1),
                         closed=("persis",)))
    return out


POSITIONS = positions()


def controls(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("role") == "button"]


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_every_control_on_the_map_is_named_with_the_words_it_shows(k):
    s = POSITIONS[k]
    root = live(s, highlight=[t.split(":")[1] for t in board_view(s)["targets"]])
    b = topology_of(s)
    got = controls(root)
    assert len(got) == len(b.comp.areas) + len(b.comp.poleis) + len(b.offers)
    with_words = 0
    for e in got:
        name, text = e.get("aria-label") or "", shown(e)
        assert words(name), e.attrib
        if words(text):
            with_words += 1
            assert run_of(words(text), words(name)), (text, name)
    assert with_words == len(b.comp.poleis) + len(b.offers)  # the areas' names are in a layer of their own


def test_a_polis_shows_and_says_its_name_then_its_value():
    s = POSITIONS[0]
    g = next(e for e in controls(live(s)) if e.get("data-polis") == "athenai")
    assert " ".join(shown(g).split()) == "Athenai 5/5"
    assert g.get("aria-label").startswith("Athenai 5/5 (Attika): Athens, population 5 of base 5")


def test_offers_say_what_they_show_in_that_order():
    ed1 = {e.get("data-offer"): e.get("aria-label") for e in controls(live(POSITIONS[0]))}
    assert ed1["persis.2"] == "Persis offer 3: 5 silver for 5 wine from 5α, not offered yet this round"
    labels = {e.get("data-offer"): e.get("aria-label") for e in controls(live(POSITIONS[-1]))}
    assert labels["thrake.0"].endswith(", taken by Sparta")
    assert labels["persis.0"] == "Persia offer 1: 3 wheat for 3 3 (3 iron or 3 wine), taken by Athens"


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_a_picture_of_the_board_has_no_control(k):
    s = POSITIONS[k]
    lit = [t.split(":")[1] for t in board_view(s)["targets"]]
    for text in (svg(s), svg(s, highlight=lit), view_svg(board_view(s))):
        root = ET.fromstring(text)
        assert root.get("role") == "img" and root.get("aria-label")
        assert "choosing" not in root.get("class").split()
        assert [e.attrib for e in root.iter() if e.get("tabindex") is not None] == []
        assert {e.get("role") for e in root.iter() if e.get("role")} <= {"img", "group"}


def test_the_picture_of_a_widget_map_is_the_picture_svg_draws():
    s = POSITIONS[2]
    lit = [t.split(":")[1] for t in board_view(s)["targets"]]
    assert lit
    assert join_layers(*still(*svg_layers(s, highlight=lit, interactive=True))) == svg(s, highlight=lit)


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_the_map_of_a_widget_is_a_named_group_of_controls_none_inside_another(k):
    root = live(POSITIONS[k])
    assert root.get("role") == "group" and root.get("aria-label")
    for e in root.iter():
        if e.get("tabindex") is not None:
            assert e.get("role") == "button" and e.get("tabindex") == "0"
    for c in controls(root):
        inner = [x for x in c.iter() if x is not c and (x.get("role") == "button" or x.get("tabindex") is not None)]
        assert inner == []


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_every_named_part_of_the_board_has_a_role(k):
    for root in (live(POSITIONS[k]), ET.fromstring(svg(POSITIONS[k]))):
        unnamed_role = [e.attrib for e in root.iter() if e.get("aria-label") and not e.get("role")]
        assert unnamed_role == []


def test_what_only_repeats_a_name_is_hidden_from_screen_readers():
    root = live(POSITIONS[0])
    layer = next(g for g in root.iter(NS + "g") if g.get("data-layer") == "labels")
    assert [g.get("aria-hidden") for g in layer] == ["true"]
    badges = [g for g in root.iter(NS + "g") if g.get("class") == "units"]
    assert badges and {g.get("aria-hidden") for g in badges} == {"true"}
