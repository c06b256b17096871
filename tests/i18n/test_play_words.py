"""The sentences of render/playview.py (issue 26): what the bot's reply, the Viewer's record and the exported game
page say for each action (builds, moves, battles, round starts with their event, sieges, tribute, trade, the
proxenos, civil war, feeding, growth, phoros, removed projects, events, passing), and the end of the game, leave
no English in German, Polish and the pseudo-language, over seeded games of both editions.

Other layers' words are neutralised where playview calls them (render/text.py's decisions in words, made "Ω",
which no scan reads as English); the kernel's sentences it quotes are said in the language, as the kernel says
them, and scanned too."""
from __future__ import annotations

import functools
import random

import pytest

import polis_nb as pn
from polis_nb.analysis.bots import sensible_policy
from polis_nb.render import playview
from polis_nb.render.say import say

from .helpers import english_left

LANGS = ["de", "pl", "qps"]
SEEDS = range(12)
#: the kinds of action every edition's games must hold, so that the scan reads each kind of sentence
KINDS = {"train", "galleys", "ships", "project", "hoplites", "fleet", "siege", "tribute", "trade", "proxenos",
         "civilwar", "pass", "battle", "round-start", "feed", "grow", "phoros"}
EDITION_KINDS = {"ed1": {"event-send", "event-return", "event-sell", "event-cede", "event-remove"},
                 "ed2": {"project-remove"}}


@functools.lru_cache(maxsize=None)
def played(edition: str, seed: int) -> tuple:
    """A seeded game as its steps (position before, decision, position after): the sensible bot, with random
    choices in every other game, so that rarer actions come up."""
    rng = random.Random(seed)
    s = pn.new_game(edition=edition, seed=seed)
    steps = []
    while not s.is_terminal:
        if s.is_chance:
            a = pn.sample_chance(s, rng)
        elif seed % 2 or rng.random() < 0.7:
            a = sensible_policy(s, rng)
        else:
            a = rng.choice(pn.legal_actions(s))
        t = pn.apply(s, a)
        steps.append((s, a, t))
        s = t
    return tuple(steps)


def replies(steps: tuple) -> list[dict]:
    """Sparta's replies to each decision of Athens (the dice of Athens' action come first: the reply's "before")."""
    cut = [i for i, (s, _, _) in enumerate(steps) if s.pending.player == 0 and not s.is_chance]
    out = []
    for i, j in zip(cut, cut[1:]):
        v = playview.reply_view(list(steps[i + 1:j]), "sparta")
        if v:
            out.append(v)
    return out


@pytest.fixture
def neutral(monkeypatch):
    """render/text.py's decisions in words made "Ω" where playview calls them."""
    monkeypatch.setattr(playview, "action_words", lambda *a, **k: "Ω")


def said(edition: str) -> tuple[set[str], list[str]]:
    """(the kinds of action, every sentence) of the edition's seeded games in the current language."""
    kinds: set[str] = set()
    found: list[str] = []
    for seed in SEEDS:
        steps = played(edition, seed)
        for g in playview.group_steps(list(steps)):
            kinds.add(g.kind)
            found.append(playview.group_sentence(g))
        for v in replies(steps):
            found += [v["title"]] + [x["text"] for x in v["sentences"] + v["before"]]
        over = playview.game_over_view(steps[-1][2])
        assert over is not None
        found += [over["title"], over["text"]] + [r["name"] for r in over["scores"]]
    return kinds, found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_the_sentences_of_a_game_leave_no_english(edition, lang, neutral):
    with pn.language(lang):
        kinds, found = said(edition)
    assert KINDS | EDITION_KINDS[edition] <= kinds, sorted(KINDS | EDITION_KINDS[edition] - kinds)
    left = {t: english_left(t, lang) for t in dict.fromkeys(found)}
    left = {t: w for t, w in left.items() if w}
    assert not left, "\n".join(f"{sorted(w)} in {t!r}" for t, w in list(left.items())[:15])


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_every_sentence_is_said_in_the_language(lang):
    """No sentence comes out as in English (one made of names and numbers only would pass the scan)."""
    groups = playview.group_steps(list(played("ed1", 3)))
    english = [playview.group_sentence(g) for g in groups]
    with pn.language(lang):
        other = [playview.group_sentence(g) for g in groups]
    assert [a for a, b in zip(english, other) if a == b] == []


@pytest.mark.parametrize("n, word", [(1, "Hoplitę"), (3, "Hoplitów"), (5, "Hoplitów"), (22, "Hoplitów")])
def test_polish_counts_take_their_form(n, word):
    """A count chooses the plural form: 1 Hoplitę, 3 and 22 Hoplitów (the few form), 5 Hoplitów (the many)."""
    with pn.language("pl"):
        text = say(playview.MOVED["hoplite"][0], side="athens", n=n, area_from="attika",
                                 area_to="boiotia")
    assert text == f"Ateńczycy przesunęli {n} {word} z Attiki do Boiotii"
    with pn.language("pl"):
        galleys = [say(playview.MOVED["galley"][2], n=k, area_from="kyklades", area_to="ionion")
                   for k in (1, 3, 5)]
    assert [x.split()[1] for x in galleys] == ["Galerę", "Galery", "Galer"]


@pytest.mark.parametrize("lang, head", [("en", "Blunder: "), ("de", "Grober Fehler: "), ("pl", "Błąd rażący: ")])
def test_the_review_panel_shows_the_paragraph_the_review_wrote(lang, head):
    """A review written in a language gives the panel its paragraph (without the "Better: ..." part)."""
    from tests.analysis.test_review import phoros_game

    g = phoros_game()
    with pn.language(lang):
        flagged = playview.review_view(g.review(budget=60, seed=2, client="serial"))["flagged"]
    assert flagged and all(f["text"].startswith(head) for f in flagged), flagged
    assert not any(word in f["text"] for f in flagged for word in ("Better:", "Besser:", "Lepiej:"))
