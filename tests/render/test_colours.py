"""Colour that carries meaning twice (issue 28, WCAG 2.1 AA): the board's colours checked by the WCAG
contrast of relative luminances and by CIE lightness L*. The sides differ in lightness as well as in
hue (so the map reads in greyscale); the outline of a choice stands out at 3:1 against every colour a
place can sit next to; while a place is being chosen the others are dimmed by colour, never by opacity,
and every word on them keeps 4.5:1. (tests/browser/test_axe.py measures the same on the rendered page.)"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import polis_nb as pn
from polis_nb.render import svg
from polis_nb.render.svg import (CHOICE, DIM_COLOUR, DIM_INK, GOLD, HATCH_OPACITY, INK, LAND_BASE, LAND_COLOUR,
                                 LATER_CELL, NEUTRAL_LAND, SIDE_COLOUR, STYLE, WATER, WILD_LAND, join_layers, svg_layers)

WHITE, MARKET_BOX, MUTE = "#ffffff", "#fbf7ee", "#5f5648"
CLOSED_CELL, COVERED_CELL = "#cbd2d9", "#e2e6ea"
DIMMED_LAND = .5  # the fill-opacity of a territory that is no choice while a place is being chosen


def rgb(c: str) -> tuple[float, float, float]:
    c = c.lstrip("#")
    return tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def over(fg: str, bg: str, alpha: float) -> str:
    """``fg`` at ``alpha`` over ``bg``."""
    return "#" + "".join(f"{round(255 * (alpha * a + (1 - alpha) * b)):02x}" for a, b in zip(rgb(fg), rgb(bg)))


def luminance(c: str) -> float:
    lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb(c)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lightness(c: str) -> float:
    y = luminance(c)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else 24389 / 27 * y


ATHENS, SPARTA = 0, 1


def test_white_type_reads_on_both_sides_colours():
    # unit counts, polis values, the panels' headings and a taken offer's words are white on the side's colour
    for c in SIDE_COLOUR:
        assert contrast(WHITE, c) >= 4.5, c


def test_athens_and_sparta_differ_in_lightness_as_well_as_hue():
    # units and poleis, the territories, the seas' stripes: Athens darker than Sparta, by a step one sees in grey
    stripes = [over(SIDE_COLOUR[p], WATER, float(HATCH_OPACITY[p])) for p in (ATHENS, SPARTA)]
    for athens, sparta, step in ((*SIDE_COLOUR, 15), (*LAND_COLOUR, 10), (*stripes, 10)):
        assert lightness(sparta) - lightness(athens) >= step, (athens, sparta)
    # a territory either side controls is darker than one no one controls
    assert lightness(NEUTRAL_LAND) - lightness(LAND_COLOUR[SPARTA]) >= 10
    # dimmed, the sides keep their order in lightness
    dim_land = [over(c, LAND_BASE, DIMMED_LAND) for c in LAND_COLOUR]
    assert lightness(dim_land[SPARTA]) > lightness(dim_land[ATHENS])
    assert lightness(DIM_COLOUR[SPARTA]) - lightness(DIM_COLOUR[ATHENS]) >= 5


def test_the_outline_of_a_choice_stands_out_against_every_colour_beside_it():
    beside = [*LAND_COLOUR, NEUTRAL_LAND, WATER, WILD_LAND, LAND_BASE, MARKET_BOX, WHITE,
              *(over(c, LAND_BASE, DIMMED_LAND) for c in (*LAND_COLOUR, NEUTRAL_LAND))]
    worst = min(contrast(CHOICE, c) for c in beside)
    assert worst >= 3.0, worst
    assert contrast(GOLD, CHOICE) >= 3.0  # the gold line inside the dark edge
    assert contrast(GOLD, SIDE_COLOUR[ATHENS]) >= 3.0  # a polis disc's gold edge on its colour


def test_dimmed_words_keep_their_contrast():
    pairs = [(DIM_INK, c) for c in (*DIM_COLOUR, WHITE, "#fffdf6", LATER_CELL, CLOSED_CELL, COVERED_CELL)]
    pairs += [(MUTE, LATER_CELL), (INK, LATER_CELL)]
    for ink, bg in pairs:
        assert contrast(ink, bg) >= 4.5, (ink, bg)


def test_nothing_on_the_board_is_dimmed_by_opacity():
    assert re.search(r"(?<![-\w])opacity\s*:", STYLE) is None
    s = pn.settle(pn.new_game(seed=3))
    lit = ["arkadia", "lakedaimon", "argos"]
    for text in (svg(s, highlight=lit), join_layers(*svg_layers(s, highlight=lit, interactive=True))):
        root = ET.fromstring(text)
        faded = [e.attrib for e in root.iter()
                 if e.get("opacity") not in (None, "1") and e.find("{http://www.w3.org/2000/svg}text") is not None]
        assert faded == []


def test_only_an_interactive_map_that_asks_for_a_place_dims_the_others():
    s = pn.settle(pn.new_game(seed=3))
    lit = ["arkadia"]
    assert "choosing" in svg_layers(s, highlight=lit, interactive=True)[0]["class"].split()
    assert "choosing" not in svg_layers(s, highlight=lit)[0]["class"].split()  # a picture keeps its colours
    assert "choosing" not in svg_layers(s, interactive=True)[0]["class"].split()
    assert ".polis-board.choosing .polis:not(.legal) text" in STYLE
