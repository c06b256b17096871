"""Which map is a group of controls (issue 28): a widget's map is one where a click on a place does
something — the Board, the PuzzleBoard, the Viewer in play and draw mode and at a lesson's open question
— and a picture everywhere else: the Viewer stepping through a record, and every widget's static picture
(the ``image/svg+xml`` of its output)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import polis_nb as pn
from polis_nb.render.svg import join_layers
from polis_nb.widgets import Board, PuzzleBoard, Viewer


def _map(board_view: dict) -> ET.Element:
    return ET.fromstring(join_layers(board_view["svg_attrs"], [tuple(x) for x in board_view["svg_layers"]]))


def _controls(root: ET.Element) -> int:
    return sum(1 for e in root.iter() if e.get("role") == "button" and e.get("tabindex") == "0")


def _record() -> pn.Game:
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; end")
    g.goto(next(n for n in g.root.walk() if str(n.action) == "hoplites").parent)
    return g


@pytest.mark.parametrize("mode, controls", [("view", False), ("play", True), ("draw", True)])
def test_the_viewers_map_has_controls_only_where_a_click_does_something(mode, controls):
    v = Viewer(_record(), mode=mode)
    root = _map(v.view["board"])
    assert root.get("role") == ("group" if controls else "img")
    assert (_controls(root) > 0) == controls
    pic = ET.fromstring(v.static_svg())
    assert pic.get("role") == "img" and _controls(pic) == 0


def test_the_board_and_the_puzzle_board_have_maps_of_controls():
    b = Board(pn.Game(seed=3))
    p = PuzzleBoard(pn.puzzles(edition="ed1")[:1], seed=0)
    for view in (b.view, p.view["board"]):
        root = _map(view)
        assert root.get("role") == "group" and root.get("aria-label")
        assert _controls(root) > 40
    pic = ET.fromstring(b.static_svg())
    assert pic.get("role") == "img" and _controls(pic) == 0
