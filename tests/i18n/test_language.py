"""Choosing the language words are said in: pn.set_language, the language() block, POLIS_LANG and the
locale, English by default."""
import pytest

import polis_nb as pn
from polis_nb import i18n


@pytest.fixture(autouse=True)
def restore():
    before = pn.get_language()
    yield
    pn.set_language(before)


def test_set_language_and_the_block():
    assert pn.set_language("de") == "de" and pn.get_language() == "de"
    with pn.language("pl") as lang:
        assert lang == "pl" and pn.get_language() == "pl"
        with pn.language("en"):
            assert pn.get_language() == "en"
        assert pn.get_language() == "pl"
    assert pn.get_language() == "de"


def test_set_language_inside_a_block_holds_after_it():
    with pn.language("pl"):
        pn.set_language("de")
    assert pn.get_language() == "de"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="no words in language 'fr'; polis_nb speaks en, de, pl"):
        pn.set_language("fr")
    with pytest.raises(ValueError):
        with pn.language("xx"):
            pass
    assert i18n.available() == ("en", "de", "pl")


def test_default_from_polis_lang_then_locale_then_english(monkeypatch):
    monkeypatch.setenv("POLIS_LANG", "pl_PL.UTF-8")
    assert pn.set_language(None) == "pl"
    monkeypatch.setenv("POLIS_LANG", "fr")  # no words in French: the locale, else English
    monkeypatch.setattr(i18n, "_locale_language", lambda: "de_AT")
    assert pn.set_language(None) == "de"
    monkeypatch.setattr(i18n, "_locale_language", lambda: None)
    monkeypatch.delenv("POLIS_LANG")
    assert pn.set_language(None) == "en"
