"""The catalogues stay whole: the template is as the code says, German and Polish translate every message,
none fuzzy or empty, with the English placeholders and their languages' plural forms (Polish: three)."""
import shutil

import pytest

from polis_nb.i18n import catalog as cat_mod
from polis_nb.i18n.catalog import load, read_mo, read_po

from .helpers import tool


def test_template_is_fresh():
    assert tool().stale() == [], "run: python scripts/i18n.py extract (then update and translate)"


def test_catalogues_are_complete():
    assert tool().problems() == []


def test_catalogues_have_the_languages_plural_forms():
    t = tool()
    assert {lang: t.read(lang).num_plurals for lang in t.languages()} == {"de": 2, "pl": 3}
    pl = load("pl")
    assert [pl.plural(n) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 104, 112)] == [0, 1, 1, 2, 2, 2, 2, 2, 1, 2, 1, 2]
    de = load("de")
    assert [de.plural(n) for n in (0, 1, 2)] == [1, 0, 1]


@pytest.fixture
def broken(tmp_path, monkeypatch):
    """A copy of the locale folder to break, which the tool then checks."""
    t = tool()
    shutil.copytree(t.LOCALE, tmp_path / "locale")
    monkeypatch.setattr(t, "LOCALE", tmp_path / "locale")
    monkeypatch.setattr(t, "POT", tmp_path / "locale" / "polis_nb.pot")
    return t, tmp_path / "locale"


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_catalogue_checks_find_each_fault(broken):
    t, loc = broken
    de, pl = loc / "de/LC_MESSAGES/polis_nb.po", loc / "pl/LC_MESSAGES/polis_nb.po"
    _edit(de, 'msgstr "{side} passt"', 'msgstr ""')
    _edit(de, 'msgctxt "turn.chooses"', '#, fuzzy\nmsgctxt "turn.chooses"')
    _edit(de, 'msgstr "Runde {round} beginnt"', 'msgstr "Runde {runde} beginnt"')
    _edit(pl, 'msgstr[2] "{side} mają w {area:loc} jeszcze {n} jednostek; bitwa się kończy"\n', '')
    _edit(pl, 'msgctxt "turn.passes"\nmsgid "{side} passes"\nmsgstr "{side} pasują"\n', '')
    _edit(pl, 'msgstr "{side} pasują i', 'msgstr "{side:abl} pasują i')
    found = "\n".join(t.problems())
    assert "de/LC_MESSAGES/polis_nb.po: turn.passes is not translated" in found
    assert "de/LC_MESSAGES/polis_nb.po: turn.chooses is fuzzy" in found
    assert "round.begins: placeholders ['runde']" in found
    assert "pl/LC_MESSAGES/polis_nb.po: battle.units-left is not translated" in found  # a missing plural form
    assert "pl/LC_MESSAGES/polis_nb.po: lacks turn.passes" in found
    assert "turn.passes-first: unknown forms ['abl']" in found


def test_a_message_the_template_lacks_is_found(broken):
    t, loc = broken
    _edit(loc / "polis_nb.pot", 'msgctxt "turn.passes"\nmsgid "{side} passes"\nmsgstr ""\n', '')
    assert "template lacks turn.passes: '{side} passes'" in t.stale()


def test_compiled_catalogue_says_what_its_source_says(tmp_path):
    t = tool()
    for written in t.compile_all(tmp_path):
        lang = written.parent.parent.name
        entries, header = read_mo(written)
        po_entries, po_header, fuzzy = read_po(t.LOCALE / lang / "LC_MESSAGES" / "polis_nb.po")
        assert entries == po_entries and fuzzy == []
        assert "Plural-Forms" in header


def test_a_stale_compiled_catalogue_gives_way_to_its_source(tmp_path, monkeypatch):
    """A source checkout reads the .po; a .mo older than its .po is not used."""
    t = tool()
    shutil.copytree(t.LOCALE, tmp_path / "locale")
    t.compile_all(tmp_path / "locale")
    mo = tmp_path / "locale/de/LC_MESSAGES/polis_nb.mo"
    po = mo.with_suffix(".po")
    _edit(po, 'msgstr "{side} passt"', 'msgstr "{side} passt jetzt"')
    import os
    os.utime(mo, (1, 1))
    monkeypatch.setattr(cat_mod, "LOCALE", tmp_path / "locale")
    monkeypatch.setattr(cat_mod, "_LOADED", {})
    assert load("de").text("turn.passes", "{side} passes") == "{side} passt jetzt"
