"""The exported page in a language (issue 26): ``Game.to_html(path, language=...)`` writes the page in it,
``<html lang>`` saying which, whatever the notebook's language; by default the current language; a
language polis_nb has no words in is refused before anything is written."""
from __future__ import annotations

import json
import re

import pytest

import polis_nb as pn
from polis_nb.record.node import quiz_problem
from polis_nb.render.text import plain


@pytest.fixture(autouse=True)
def english_notebook():
    before = pn.get_language()
    pn.set_language("en")
    yield
    pn.set_language(before)


def game() -> pn.Game:
    g = pn.Game(seed=3)
    for _ in range(4):
        g.play(pn.legal_actions(g.state)[0])
    return g


def page(tmp_path, g, **kw) -> str:
    path = tmp_path / "game.html"
    g.to_html(path, **kw)
    return path.read_text(encoding="utf-8")


def logged(text: str) -> list[str]:
    """The kernel's sentences in the page's data (``nodes[k].log``: ``[text, citation]``)."""
    data = json.loads(re.search(r'id="polis-game-data">(.*?)</script>', text, re.S).group(1))
    return [line[0] for node in data["nodes"] for line in node.get("log", [])]


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_the_page_says_its_language(tmp_path, lang):
    g = game()
    text = page(tmp_path, g, language=lang)
    assert text.startswith(f'<!DOCTYPE html>\n<html lang="{lang}">')
    assert pn.get_language() == "en"  # the notebook's language is left as it was
    assert page(tmp_path, g).startswith('<!DOCTYPE html>\n<html lang="en">')  # by default: the current one
    with pn.language(lang):
        assert page(tmp_path, g) == text
    worksheet = tmp_path / "w.html"
    g.quiz(next(n for n in g.node.path() if quiz_problem(n) is None))
    g.to_html(worksheet, worksheet=True, language=lang)
    assert f'<html lang="{lang}">' in worksheet.read_text(encoding="utf-8")


def test_a_language_without_words_is_refused_before_writing(tmp_path):
    path = tmp_path / "game.html"
    with pytest.raises(ValueError, match=r"no words in language 'fr'; polis_nb speaks en, de, pl"):
        game().to_html(path, language="fr")
    assert not path.exists()


def test_the_page_in_polish_holds_the_kernels_log_in_polish(tmp_path):
    g = game()
    polish = logged(page(tmp_path, g, language="pl"))
    expected = [plain(e.words("pl"), n.state.components) for n in g.node.path() for e in n.state.log]
    assert polish and polish != logged(page(tmp_path, g)) and set(expected) <= set(polish)
