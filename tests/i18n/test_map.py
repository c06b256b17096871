"""The map and the static board in German, Polish and the pseudo-language (issue 26): the SVG of a position
(as ``svg()``, ``State._repr_svg_`` and docs/board.svg draw it: its names, labels, titles and accessible
names), the board in words (``describe``, in lines and in sentences), the key to the map's symbols, the
places a keyboard reaches and the decisions in words leave no English, in several positions of both editions
(a game's start, a battle, siege discs, the end of a game); English stays the templates' own words.

Words of other layers the map shows are the kernel's (prompts, outcomes) and the record's (marks, event
cards), translated by them; nothing is neutralised here."""
from __future__ import annotations

import functools
import random
import re

import pytest

import polis_nb as pn
from polis_nb.analysis.bots import sensible_policy
from polis_nb.render import svg
from polis_nb.render.key import symbol_key
from polis_nb.render.placeview import map_keys, place_entries
from polis_nb.render.text import action_words, describe
from polis_nb.rules import topology_of

from .helpers import english_left

LANGS = ["de", "pl", "qps"]


class Mark:
    def __init__(self, kind, targets, colour):
        self.kind, self.targets, self.colour = kind, targets, colour


@functools.lru_cache(maxsize=None)
def positions() -> tuple:
    """Positions of seeded games of both editions (the sensible bot): the start, every 40th ply, the first
    battle, the first with siege discs, the end."""
    out = []
    for edition in ("ed1", "ed2"):
        for seed in (3, 4):
            rng = random.Random(seed)
            s = pn.new_game(edition=edition, seed=seed)
            picked = {"battle": None, "discs": None}
            ply = 0
            while not s.is_terminal:
                if ply % 40 == 0:
                    out.append(s)
                if s.battle is not None and picked["battle"] is None:
                    picked["battle"] = s
                if s.siege_discs and picked["discs"] is None:
                    picked["discs"] = s
                a = pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng)
                s = pn.apply(s, a)
                ply += 1
            out += [x for x in picked.values() if x is not None] + [s]
    return tuple(out)


def svg_words(doc: str) -> list[str]:
    """The picture's words: its text, titles and accessible names (the markup and its style sheet left out)."""
    found = re.findall(r">([^<>]+)<", re.sub(r"<style>.*?</style>", "", doc, flags=re.S))
    found += re.findall(r'aria-label="([^"]*)"', doc)
    return [t for t in found if t.strip() and not re.fullmatch(r"⟦?[A-Z]⟧?", t)]  # a letter is a symbol ("T")


def left_in(found, lang: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for t in found:
        words = english_left(t, lang)
        if words:
            out[t] = words
    return out


def check(found, lang):
    left = left_in(found, lang)
    assert not left, "\n".join(f"{sorted(w)} in {t!r}" for t, w in list(left.items())[:15])


def _marks(s):
    b = topology_of(s)
    return [Mark("arrow", (b.area_ids[0], b.area_ids[1]), "red"), Mark("highlight", (b.polis_ids[0],), "blue")]


def test_the_positions_cover_a_battle_siege_discs_and_an_end():
    ps = positions()
    assert any(s.battle is not None for s in ps) and any(s.siege_discs for s in ps)
    assert any(s.is_terminal for s in ps) and {s.edition for s in ps} == {"ed1", "ed2"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_static_board_leaves_no_english(lang):
    found = []
    with pn.language(lang):
        for s in positions():
            b = topology_of(s)
            highlight = (b.area_ids[2], b.polis_ids[3], b.comp.markets[0].offers[0].id)
            found += svg_words(svg(s))
            found += svg_words(svg(s, marks=_marks(s), highlight=highlight))
    check(found, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_in_words_leaves_no_english(lang):
    found = []
    with pn.language(lang):
        for s in positions():
            found += describe(s, marks=_marks(s)).splitlines() + describe(s, sentences=True).splitlines()
    check(found, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_key_the_places_and_the_decisions_leave_no_english(lang):
    found = []
    with pn.language(lang):
        for components in ("ed1-default", "ed2-default"):
            found += [t for k in symbol_key(components) for t in (k["words"], k["list"], *svg_words(k["svg"]))]
        found.append(map_keys())
        for s in positions():
            acts = [] if s.is_terminal else pn.legal_actions(s)
            found += [action_words(s, a) for a in acts]
            b = topology_of(s)
            targets = {"area:" + b.area_ids[0]: [{"label": "Ω"}, {"label": "Ω"}],
                       "polis:" + b.polis_ids[0]: [{"label": "Ω"}]}
            found += [t for e in place_entries(s, targets) for t in (e["label"], e["name"])]
    check(found, lang)


def test_the_places_names_are_the_editions_in_each_language():
    """German names are the first edition's, Polish the second's, on the map of either edition."""
    s = pn.new_game(edition="ed1", seed=3)
    with pn.language("pl"):
        pl = svg(s)
    with pn.language("de"):
        de = svg(s)
    assert ">Athinae<" in pl and ">Athenai<" in de and ">Athenai<" in svg(s)


def test_english_is_the_templates_own():
    s = positions()[0]
    with pn.language("en"):
        assert svg(s) == pn.render.svg(s) and describe(s) == str(describe(s))
    assert "Polis board, round 3: Athens prestige" in svg(s)
