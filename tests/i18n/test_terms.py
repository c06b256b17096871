"""The term table agrees with the glossary (tutorials/glossary.md) and the component data: German names are
the first edition's, Polish names the second edition's, and every term the data names has a name in each
language, in the forms the table may give."""
import re

import pytest

import polis_nb as pn
from polis_nb.i18n.messages import FORMS
from polis_nb.i18n.terms import table

from .helpers import ROOT, tool

GLOSSARY = (ROOT / "tutorials" / "glossary.md").read_text(encoding="utf-8")
KINDS = {"polis": "poleis", "area": "areas", "market": "markets", "project": "projects", "event": "events"}


def rows(section: str) -> list[list[str]]:
    """The table rows of a glossary section, cells stripped of markup."""
    body = GLOSSARY.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    out = []
    for line in body.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            cells = [re.sub(r"<a id=\"[^\"]*\"></a>|`", "", c).strip() for c in line.strip("|").split("|")]
            out.append(cells)
    return out[1:]


def names(cell: str) -> set[str]:
    """A glossary cell's names: "Hoplit (Hopliten)" -> {"Hoplit", "Hopliten"}, "Żelazo (iron)" -> ..."""
    return {x.strip() for x in re.split(r"[()/]", cell) if x.strip()}


def term(lang, kind, ident, form="nom"):
    return table()[lang][kind][ident].get(form)


GOODS = {"metal": "metal", "wood": "wood", "wine": "wine", "oil": "oil", "silver": "silver", "wheat": "wheat"}
UNITS = {"hoplite": "hoplite", "galley": "galley", "trade ship / merchant": "ship"}


def test_goods_and_units_as_the_glossary_names_them():
    checked = 0
    for english, de, pl, *_ in rows("Goods") + rows("Units and pieces"):
        ident = GOODS.get(english) or UNITS.get(english)
        if ident is None:
            continue
        kind = "good" if english in GOODS else "unit"
        for lang, cell in (("de", de), ("pl", pl)):
            if cell == "—":
                continue
            assert term(lang, kind, ident) in names(cell), (lang, english, cell)
            if kind == "unit" and "(" in cell:  # the plural the glossary gives
                assert term(lang, kind, ident, "nom.pl") in names(cell), (lang, english, cell)
            checked += 1
    assert checked == 17  # six goods in German, five in Polish (no oil), three pieces in each


def test_combat_cards_as_the_glossary_names_them():
    checked = 0
    for english, de, pl, value, ids in rows("Combat cards"):
        first = ids.split(",")[0].strip()
        formation, manoeuvre = first.replace("…", "x").split(":")
        kind, ident = ("formation", formation) if value == "—" else ("manoeuvre", manoeuvre)
        for lang, cell in (("de", de), ("pl", pl)):
            assert term(lang, kind, ident) in names(cell), (lang, english, cell)
            checked += 1
    assert checked == 32


def test_action_titles_as_the_glossary_names_them():
    t = tool()
    titles = {lang: {m.context: m.string for m in t.read(lang) if m.context and m.context.startswith("action.")}
              for lang in ("de", "pl")}
    checked = 0
    for english, de, pl, rule, keyword in rows("Actions"):
        key = keyword.split(";")[0].strip()
        if f"action.{key}" not in titles["de"] or english.endswith("action"):
            continue
        for lang, cell in (("de", de), ("pl", pl)):
            if cell != "—":
                assert titles[lang][f"action.{key}"] == cell, (lang, english)
                checked += 1
    assert checked == 23  # twelve actions in German, eleven in Polish (Ed2 has no ransom action)


def test_places_are_named_as_each_edition_prints_them():
    """German place names are the first edition's components' names, Polish the second edition's; the
    glossary's table of second-edition names says the same."""
    ed1, ed2 = pn.default_components("ed1"), pn.default_components("ed2")
    for kind in ("polis", "area", "market"):
        for lang, comp in (("de", ed1), ("pl", ed2)):
            for x in getattr(comp, KINDS[kind]):
                assert term(lang, kind, x.id) == x.name, (lang, kind, x.id)
    for ident, first, second, what in rows("Second-edition names"):
        kind = next((k for k in ("polis", "territory", "sea", "market") if what.startswith(k)), None)
        if kind is None:
            continue
        kind = {"territory": "area", "sea": "area"}.get(kind, kind)
        assert term("de", kind, ident) == first and term("pl", kind, ident) == second, ident


def test_second_edition_tiles_keep_their_printed_names_in_polish():
    for p in pn.default_components("ed2").projects:
        assert term("pl", "project", p.id) == p.name


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
@pytest.mark.parametrize("lang", ["de", "pl"])
def test_every_term_of_the_data_has_a_name(edition, lang):
    comp = pn.default_components(edition)
    missing = [(kind, x.id) for kind, attr in KINDS.items() for x in getattr(comp, attr)
               if x.id not in table()[lang][kind]]
    missing += [("good", g) for g in comp.goods if g not in table()[lang]["good"]]
    missing += [("round", r.label) for r in comp.rounds if r.label not in table()[lang]["round"]]
    missing += [("project type", p.type) for p in comp.projects if p.type not in table()[lang]["ptype"]]
    for card in comp.combat_cards:
        for half in (card.land, card.sea):
            missing += [("formation", half.formation)] if half.formation not in table()[lang]["formation"] else []
            missing += [("manoeuvre", half.manoeuvre)] if half.manoeuvre not in table()[lang]["manoeuvre"] else []
    assert missing == []


def test_term_forms_are_known_forms():
    bad = [(lang, kind, ident, form) for lang, kinds in table().items() if lang != "_about"
           for kind, terms in kinds.items() for ident, forms in terms.items() for form in forms if form not in FORMS]
    assert bad == []


def test_project_types_as_the_glossary_names_them():
    types = {"philosopher", "artist", "temple", "theatre", "statue", "festival", "games"}
    checked = 0
    for english, de, pl, *_ in rows("Projects"):
        if english in types:
            assert term("de", "ptype", english) in names(de) and term("pl", "ptype", english) in names(pl), english
            checked += 1
    assert checked == len(types)
