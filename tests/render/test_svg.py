"""The static board: well-formed, the widget contract, colours and counts follow the state,
escaping, determinism, highlight, no external references, and the plain-text description."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

import polis_nb as pn
from polis_nb.analysis import random_policy, sensible_policy
from polis_nb.render import describe, geometry, svg
from polis_nb.render.svg import LAND_COLOUR, SIDE_COLOUR, join_layers, svg_layers
from polis_nb.rules.topology import topology_of
from polis_nb.rules.state import tset

NS = "{http://www.w3.org/2000/svg}"
ATHENS_BLUE, SPARTA_RED = SIDE_COLOUR
ATHENS_LAND, SPARTA_LAND = LAND_COLOUR


@dataclass(frozen=True)
class M:
    """A mark, duck-typed like polis_nb.record.node.Mark."""

    kind: str
    targets: tuple
    colour: str = "green"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def live(s, **kw) -> str:
    """The board as a widget's map draws it (its places are controls)."""
    return join_layers(*svg_layers(s, interactive=True, **kw))


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("id"): e for e in root.iter() if e.get("id")}


def texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(NS + "text")]


@pytest.fixture(scope="module")
def start():
    return pn.settle(pn.new_game(seed=0))


def game_positions(seed: int, every: int = 7) -> list[pn.State]:
    rng = random.Random(seed)
    s = pn.new_game(seed=seed)
    out = []
    pol = sensible_policy if seed % 2 else random_policy
    n = 0
    while not s.is_terminal:
        if n % every == 0:
            out.append(s)
        a = pn.sample_chance(s, rng) if s.is_chance else pol(s, rng)
        s = pn.apply_unchecked(s, a)
        n += 1
    out.append(s)
    return out


# --- well-formed ---------------------------------------------------------------------------
def test_svg_is_well_formed_standalone_document(start):
    text = svg(start)
    root = parse(text)
    assert root.tag == NS + "svg"
    assert root.get("viewBox") == f"0 0 {geometry.WIDTH} {geometry.HEIGHT}"
    assert root.get("role") == "img" and root.get("aria-label")
    assert root.find(NS + "title") is not None
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and text.endswith("</svg>")


@pytest.mark.parametrize("seed", [1, 2])
def test_svg_parses_for_positions_of_whole_games(seed):
    for s in game_positions(seed):
        root = parse(svg(s))
        assert len([e for e in root.iter() if (e.get("class") or "").startswith("area ")]) == 17


def test_size_sets_pixel_width_and_height(start):
    root = parse(svg(start, size=600))
    assert (root.get("width"), root.get("height")) == ("600", str(round(600 * geometry.HEIGHT / geometry.WIDTH)))
    assert parse(svg(start)).get("width") is None


def test_repr_svg_is_the_board(start):
    assert start._repr_svg_() == svg(start)


# --- the widget contract -----------------------------------------------------------------------
def test_every_area_keeps_the_contract(start):
    s = pn.edit(start, units={"boiotia": (2, 1), "kyklades": (0, 3)}, to_move="athens")
    b = topology_of(s)
    ids = by_id(parse(live(s)))
    expect = {"boiotia": "Boiotia: Athens controls, Athens 2, Sparta 1",
              "kyklades": "Kyklades: Sparta controls, Athens 0, Sparta 3",
              "achaia": "Achaia: no one controls, Athens 0, Sparta 0"}
    for i, a in enumerate(b.comp.areas):
        e = ids[f"area-{a.id}"]
        assert e.get("class") == ("area sea" if a.kind == "sea" else "area land")
        assert e.get("data-area") == a.id
        assert e.get("role") == "button" and e.get("tabindex") == "0"
        n_a, n_s = s.units[i]
        label = e.get("aria-label")
        assert label.startswith(a.name + ": ") and label.endswith(f", Athens {n_a}, Sparta {n_s}")
        if a.id in expect:
            assert label == expect[a.id]


def test_every_polis_market_offer_and_panel_keeps_the_contract(start):
    b = topology_of(start)
    root = parse(live(start))
    ids = by_id(root)
    for p in b.comp.poleis:
        g = ids[f"polis-{p.id}"]
        assert g.tag == NS + "g" and g.get("class") == "polis" and g.get("data-polis") == p.id
        assert g.get("role") == "button" and g.get("tabindex") == "0"
        assert g.get("aria-label").startswith(p.name)
    for m in b.comp.markets:
        g = ids[f"market-{m.id}"]
        assert g.tag == NS + "g" and g.get("class") == "market" and g.get("data-market") == m.id
        offers = [e for e in g.iter(NS + "g") if e.get("class") == "offer"]
        assert [e.get("data-offer") for e in offers] == [f"{m.id}.{o.slot}" for o in m.offers]
        for e in offers:
            assert e.get("role") == "button" and e.get("tabindex") == "0"
            assert e.get("aria-label").startswith(m.name + " offer ")
    panels = [e for e in root.iter(NS + "g") if e.get("class") == "panel"]
    assert [e.get("data-player") for e in panels] == ["athens", "sparta"]


# --- the picture follows the state ------------------------------------------------------------
def _fill(ids, key):
    e = ids[key]
    return e.get("fill") if e.tag == NS + "path" else e.find(NS + "circle").get("fill")


def test_owner_and_controller_colours_follow_the_state():
    s = pn.position(poleis={"thebai": ("athens", 2)}, units={"boiotia": (2, 0)}, to_move="athens")
    ids = by_id(parse(svg(s)))
    assert _fill(ids, "polis-thebai") == ATHENS_BLUE and _fill(ids, "area-boiotia") == ATHENS_LAND
    assert _fill(ids, "polis-sparta") == SPARTA_RED and _fill(ids, "area-lakedaimon") == SPARTA_LAND
    s2 = pn.edit(s, poleis={"thebai": ("sparta", 2)}, units={"boiotia": (0, 1)})
    ids = by_id(parse(svg(s2)))
    assert _fill(ids, "polis-thebai") == SPARTA_RED and _fill(ids, "area-boiotia") == SPARTA_LAND
    s3 = pn.edit(s, poleis={"thebai": "neutral"}, units={"boiotia": (1, 1)})
    ids = by_id(parse(svg(s3)))
    assert _fill(ids, "polis-thebai") not in (ATHENS_BLUE, SPARTA_RED)
    assert _fill(ids, "area-boiotia") not in (ATHENS_LAND, SPARTA_LAND)
    assert ids["area-boiotia"].get("aria-label") == "Boiotia: no one controls, Athens 1, Sparta 1"


def _units(root, area, player):
    for g in root.iter(NS + "g"):
        if g.get("class") == "units" and g.get("data-area") == area and g.get("data-player") == player:
            return texts(g)
    return None


def test_counts_are_shown():
    s = pn.position(round="4", to_move="athens", units={"boiotia": (3, 2), "kyklades": (4, 0)},
                    poleis={"thebai": ("athens", 2)}, prestige={"athens": 7, "sparta": 5},
                    goods={"athens": {"oil": 6}}, ships_port={"sparta": 2})
    root = parse(svg(s))
    ids = by_id(root)
    assert _units(root, "boiotia", "athens") == ["3"] and _units(root, "boiotia", "sparta") == ["2"]
    assert _units(root, "kyklades", "athens") == ["4"] and _units(root, "kyklades", "sparta") is None
    assert "2/3" in texts(ids["polis-thebai"]) and "5/5" in texts(ids["polis-athenai"])
    assert "3" in texts(ids["polis-argos"])  # neutral: its base
    panels = {g.get("data-player"): texts(g) for g in root.iter(NS + "g") if g.get("class") == "panel"}
    assert "prestige 7" in panels["athens"] and "prestige 5" in panels["sparta"]
    assert "6" in panels["athens"]  # oil
    ports = {g.get("data-player"): texts(g) for g in root.iter(NS + "g") if g.get("class") == "port"}
    assert ports["sparta"] == ["×2"]
    rounds = [g for g in root.iter(NS + "g") if (g.get("class") or "").startswith("round")]
    assert [g.get("data-round") for g in rounds if "current" in g.get("class")] == ["4"]


def test_offers_show_taken_closed_and_later(start):
    b = topology_of(start)
    offers = tset(start.offers, b.offer_index["thrake.0"], 0)
    s = start.evolve(offers=offers, closed=("illyria",))
    root = parse(svg(s))
    labels = {g.get("data-offer"): g.get("aria-label") for g in root.iter(NS + "g") if g.get("class") == "offer"}
    assert labels["thrake.0"].endswith("taken by Athens")
    assert labels["illyria.0"].endswith("closed this round")
    assert "not offered yet" in labels["persis.2"]  # load 5 in round 3
    assert labels["persis.0"].endswith("open")
    thrake0 = next(g for g in root.iter(NS + "g") if g.get("data-offer") == "thrake.0")
    assert thrake0.find(NS + "rect").get("fill") == ATHENS_BLUE


def test_tribute_proxenos_and_captured(start):
    s = pn.edit(start, tribute_done=["attika"], proxenos={"athens": None, "sparta": "thebai"}, to_move="athens")
    root = parse(svg(s))
    assert [g.get("data-area") for g in root.iter(NS + "g") if g.get("class") == "tribute"] == ["attika"]
    prox = {g.get("data-player"): g.get("aria-label") for g in root.iter(NS + "g") if g.get("class") == "proxenos"}
    assert prox == {"sparta": "Spartan proxenos in Thebai"}
    panel = next(g for g in root.iter(NS + "g") if g.get("data-player") == "athens" and g.get("class") == "panel")
    assert "Proxenos: captured" in texts(panel)


# --- escaping ------------------------------------------------------------------------------------
def test_title_and_marks_are_escaped(start):
    evil = '<script>alert("x")</script> & co'
    text = svg(start, title=evil, marks=[M("arrow", ("<b>&", "attika"), "<script>"),
                                         M("highlight", ("thebai",), 'red" onload="x')])
    assert "<script" not in text and "<b>" not in text and 'onload="x' not in text
    assert "&lt;script&gt;" in text and "&amp; co" in text
    root = parse(text)
    assert root.get("aria-label") == evil and root.find(NS + "title").text == evil
    marks = [g for g in root.iter(NS + "g") if g.get("class") == "mark"]
    assert [g.get("data-colour") for g in marks] == ["<script>", 'red" onload="x']


def test_marks_are_drawn_on_top(start):
    marks = [M("arrow", ("lakedaimon", "arkadia"), "red"), M("highlight", ("thebai",), "yellow"),
             M("highlight", ("persis.1",), "blue"), M("highlight", ("megaris",), "green")]
    root = parse(svg(start, marks=marks))
    layer = [g for g in root.iter(NS + "g") if g.get("class") == "marks"]
    last = list(root)[-1]  # the last layer drawn, wrapped as <g data-layer="marks">
    assert len(layer) == 1 and last.get("data-layer") == "marks" and list(last) == [layer[0]]
    drawn = [g for g in layer[0] if g.get("class") == "mark"]
    assert [g.find(NS + "title").text for g in drawn] == [
        "arrow from Lakedaimon to Arkadia (red)", "highlight on Thebai (yellow)",
        "highlight on Persis offer 2 (blue)", "highlight on Megaris (green)"]
    assert all(len(list(g)) > 1 for g in drawn)  # something drawn besides the title


# --- determinism ---------------------------------------------------------------------------------
def test_output_is_deterministic(start):
    s = game_positions(5, every=40)[3]
    assert svg(s) == svg(s)
    assert svg(pn.State.from_notation(s.to_notation())) == svg(s)
    assert svg(pn.settle(pn.new_game(seed=0))) == svg(start)


def test_output_does_not_depend_on_the_hash_seed(start):
    code = ("import hashlib, polis_nb as pn; from polis_nb.render import svg, describe; "
            "s = pn.settle(pn.new_game(seed=0)); "
            "print(hashlib.sha256((svg(s, highlight={'boiotia', 'thebai', 'persis.0', 'kyklades'}) "
            "+ describe(s)).encode()).hexdigest())")
    root = Path(__file__).resolve().parents[2]
    outs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)}
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                check=True).stdout)
    assert len(outs) == 1


def test_floats_have_at_most_one_decimal(start):
    import re

    text = svg(start, marks=[M("arrow", ("sikelia", "ionia"), "blue")])
    assert not re.search(r"\d\.\d\d", text)


# --- highlight -----------------------------------------------------------------------------------
def test_highlight_adds_class_legal(start):
    root = parse(svg(start, highlight={"boiotia", "kyklades", "thebai", "persis.0", "euxeinos"}))
    ids = by_id(root)
    assert ids["area-boiotia"].get("class") == "area land legal"
    assert ids["area-kyklades"].get("class") == "area sea legal"
    assert ids["area-attika"].get("class") == "area land"
    assert ids["polis-thebai"].get("class") == "polis legal"
    assert ids["polis-athenai"].get("class") == "polis"
    assert ids["market-euxeinos"].get("class") == "market legal"
    offers = {g.get("data-offer"): g.get("class") for g in root.iter(NS + "g") if g.get("data-offer")}
    assert offers["persis.0"] == "offer legal" and offers["persis.1"] == "offer"


# --- no external references ---------------------------------------------------------------------
def test_no_external_references(start):
    text = svg(start, marks=[M("arrow", ("attika", "persis"), "blue")], title="t")
    assert text.count("http") == 1 and 'xmlns="http://www.w3.org/2000/svg"' in text
    for bad in ("href", "url(", "@import", "<image", "<script", "@font-face"):
        assert bad not in text
    assert "font-family:sans-serif" in text


# --- geometry ------------------------------------------------------------------------------------
def test_geometry_covers_every_component(start):
    b = topology_of(start)
    for a in b.comp.areas:
        assert a.id in geometry.AREAS and all(len(p) >= 3 for p in geometry.AREAS[a.id])
        assert a.id in geometry.LABELS and a.id in geometry.UNITS
    for p in b.comp.poleis:
        x, y = geometry.POLEIS[p.id]
        assert 0 < x < geometry.WIDTH and 0 < y < geometry.MAP_BOTTOM
    boxes = []
    for m in b.comp.markets:
        corner, orient = geometry.MARKETS[m.id]
        x, y, w, h = geometry.market_box(corner, orient, len(m.offers))
        assert 0 <= x and x + w <= geometry.WIDTH and 0 <= y and y + h <= geometry.MAP_BOTTOM
        for (x2, y2, w2, h2) in boxes:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y, m.id
        boxes.append((x, y, w, h))
    assert set(geometry.TRADE_PORTS) == {"athens", "sparta"}
    assert set(geometry.WILD) == {"illyris", "thrake", "asia"}


# --- the plain-text description -------------------------------------------------------------------
def test_describe_mentions_every_area_the_players_and_marks(start):
    b = topology_of(start)
    text = describe(start, marks=[M("arrow", ("lakedaimon", "arkadia"), "red")])
    for a in b.comp.areas:
        assert f"\n  {a.name}" in text
    assert "Athens: prestige 5" in text and "Sparta: prestige 4" in text  # 4 each, +1 Athens from the event
    assert "Attika (home of Athens): Athens controls; hoplites Athens 3, Sparta 0" in text
    assert "Event: Persian Fleet Destruction" in text
    assert "Projects on display: Festival of Dionysus, Isthmian Games, Democritus" in text
    assert "Marks: arrow from Lakedaimon to Arkadia (red)" in text
    assert describe(start) == describe(pn.State.from_notation(start.to_notation()))
    assert "Marks" not in describe(start)


def test_describe_handles_every_position_of_a_game():
    for s in game_positions(4, every=25):
        text = describe(s)
        assert "Territories:" in text and "Markets:" in text


def test_the_round_event_carries_its_card_text():
    """The round track names the event; hovering it (or a screen reader) gives the card's text."""
    s = pn.position("ed1", 3, round="4", event="treasury")
    root = parse(svg(s))
    ev = next(g for g in root.iter(NS + "g") if g.get("class") == "event")
    assert ev.get("data-event") == "treasury"
    assert ev.find(NS + "title").text.startswith("Transfer of the Treasury (4): ")
    assert "".join(ev.find(NS + "text").itertext()) == "Event: Transfer of the Treasury"
    assert not [g for g in parse(svg(pn.position("ed1", 3, round="4", event=None))).iter(NS + "g")
                if g.get("class") == "event"]
