"""The kernel's words in German, Polish and a pseudo-language, over seeded games of both editions: every log
entry, explanation and outcome is a message, English is unchanged, and the other languages leave no English
(ARCHITECTURE §10)."""
import re

import pytest

import polis_nb as pn
from polis_nb.i18n import render

from .helpers import GAMES, english_left, said, text_arguments, words_of


@pytest.mark.parametrize("game", GAMES, ids=lambda g: "-".join(map(str, g)))
def test_every_kernel_sentence_is_a_message(game):
    plain = {type(o).__name__ + ": " + (o.text if hasattr(o, "text") else o.reason)
             for _, o, _ in said(*game) if o.msg is None}
    assert not plain, sorted(plain)[:10]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: "-".join(map(str, g)))
def test_text_arguments_are_terms_or_notation(game):
    """A message's text arguments are ids of terms or notation; words come from messages, never from text
    made by the code (numbers and symbols such as " + 1" aside)."""
    found = set()
    for _, o, _ in said(*game):
        text_arguments(o.args or {}, found)
    assert {(k, v) for k, v in found if any(c.isalpha() for c in v)} == set()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: "-".join(map(str, g)))
def test_english_words_are_the_english_text(game):
    for kind, o, s in said(*game):
        if kind == "outcome":
            assert o.words("en") == str(o).rsplit(" [", 1)[0]
            assert o.reason_words("en") == o.reason
        else:
            assert o.words("en") == o.text, (o.msg.id, o.args)


@pytest.mark.parametrize("lang", ["de", "pl"])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: "-".join(map(str, g)))
def test_no_english_left(game, lang):
    left = {}
    for kind, o, s in said(*game):
        text = words_of(o, lang, s)
        found = english_left(text, lang)
        if found:
            left.setdefault(o.msg.id, (sorted(found), text))
    assert not left, "\n".join(f"{k}: {w} in {t!r}" for k, (w, t) in sorted(left.items())[:20])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: "-".join(map(str, g)))
def test_pseudo_language_leaves_no_english(game):
    """In the pseudo-language every template and every term comes out accented between ⟦ ⟧: an English
    word left is one that bypassed the catalogue or the term table."""
    left = {}
    for kind, o, s in said(*game):
        text = words_of(o, "qps", s)
        assert text.startswith("⟦"), text
        found = english_left(text, "qps")
        if found:
            left.setdefault(o.msg.id, (sorted(found), text))
    assert not left, "\n".join(f"{k}: {w} in {t!r}" for k, (w, t) in sorted(left.items())[:20])


def test_languages_say_the_same_numbers_and_names():
    """A German or Polish sentence keeps the arguments: the numbers of the English one, and the places as
    each language names them."""
    for kind, o, s in said("ed1", 3, "sensible"):
        if kind != "log" or not o.args:
            continue
        for lang in ("de", "pl"):
            text = o.words(lang)
            for v in o.args.values():
                if isinstance(v, int):
                    assert str(v) in text, (o.msg.id, lang, text)


def test_words_follow_the_current_language():
    entry = said("ed1", 1, "random")[0][1]
    with pn.language("de"):
        assert entry.words() == entry.words("de") == "Runde 3 beginnt"
    with pn.language("pl"):
        assert entry.words() == "Zaczyna się runda 3"
    assert str(entry) == "Round 3 begins [game.rounds]"  # the English text never changes


def test_errors_say_their_words_in_a_language():
    s = pn.new_game(seed=1)
    s = pn.settle(s, None)
    with pytest.raises(pn.IllegalActionError) as e:
        pn.apply(s, "siege")
    assert str(e.value).startswith("illegal action 'siege': Illegal:")
    de = e.value.words("de")
    assert de.startswith("unzulässige Aktion 'siege': Unzulässig:")
    assert not english_left(re.sub(r"\[[^\]]*\]|'[^']*'", "", de), "de")  # rule ids and notation aside
    with pytest.raises(pn.InvalidActionError) as bad:
        pn.parse_action(s, "to attika!")
    assert bad.value.words("pl").startswith("nieoczekiwany znak '!' w kolumnie 10:")
    assert bad.value.words("en") == str(bad.value)


def test_a_card_is_named_by_its_formation_and_manoeuvre():
    from polis_nb.i18n import message

    m = message("test.card-name", "{card}")
    assert render(m, {"card": "phalanx:advance"}, "de") == "Phalanx/Vorrücken"
    assert render(m, {"card": "phalanx:advance"}, "pl") == "Phalanx/Proothisi"
    assert render(m, {"card": "phalanx:advance"}, "en") == "phalanx:advance"  # English shows the notation


@pytest.mark.parametrize("lang", ["de", "pl", "qps"])
@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_event_cards_composed_from_their_effects_leave_no_english(edition, lang):
    """A card whose file gives no text is described from its effects (``effects_text``) in any language."""
    from polis_nb.rules.events import effects_text

    comp = pn.default_components(edition)
    said_ = {e.id: effects_text(comp, e, lang) for e in comp.events if e.effects}
    assert said_ and all(t.endswith(".") or t.endswith(".⟧") for t in said_.values())
    left = {k: (sorted(english_left(t, lang)), t) for k, t in said_.items() if english_left(t, lang)}
    assert not left, left
    assert effects_text(comp, next(e for e in comp.events if e.effects)) == effects_text(comp, next(
        e for e in comp.events if e.effects), "en")


@pytest.mark.parametrize("lang", ["de", "pl", "qps"])
def test_a_position_in_words_leaves_no_english(lang):
    """``s.words(lang)`` describes a position in the language; ``str(s)`` stays English."""
    left = {}
    for game in GAMES[::3]:
        for kind, _, s in said(*game)[::25]:
            text = s.words(lang)
            found = english_left(re.sub(r"\(ed[12]\)", "", text), lang)
            if found:
                left[text.splitlines()[0]] = sorted(found)
            assert str(s) == s.words("en")
    assert not left, left


@pytest.mark.parametrize("lang", ["de", "pl", "qps"])
def test_rule_summaries_leave_no_english(lang):
    """Every rule's summary (``RuleRef.words``) is translated; the English summary is unchanged."""
    left = {r.id: sorted(english_left(r.words(lang), lang)) for r in pn.RULES.values()
            if english_left(re.sub(r"'[^']*'", "", r.words(lang)), lang)}
    assert not left, left
    assert all(r.words("en") == r.summary for r in pn.RULES.values())
