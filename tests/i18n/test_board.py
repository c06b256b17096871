"""The Board's own words in German, Polish and the pseudo-language (issue 26): every key of its ``view`` and
``words`` traits over seeded games of both editions (against a bot, a "why?" on places, a click on a place
that is no choice, the guard-rail's question, Resign? and its answer, the end of the game) leaves no English of
the Board's own files.

Words the Board takes from other layers are neutralised (made "Ω", which no scan reads as English): the map
engineer's (render/text.py's decisions, controllers, prices, offers' states, retreat, citations and rules,
render/placeview.py's places, render/key.py's key, the SVG, the board in words), the views engineer's
(render/playview.py's reply and end of the game, the engine's and review's slices) and the kernel's own
sentences (translated in their catalogue: tests/i18n/test_words.py scans them). What is left is what the
Board's files say themselves: render/viewmodel.py, announce.py, choiceview.py, the Board's panels,
widgets/base.py, intents.py, board.py and render/widgetwords.py's board_words."""
from __future__ import annotations

import random
import re

import pytest

import polis_nb as pn
from polis_nb.render import announce, choiceview, viewmodel
from polis_nb.widgets import Board
from polis_nb.widgets.panels import game_over as game_over_panel, opponent as opponent_panel

from .helpers import english_left
from .test_views import N, texts

LANGS = ["de", "pl", "qps"]
# keys of the Board's view that hold ids, numbers, notation or markup, or another layer's words (neutralised by
# leaving them out): the map (places, neighbours, map keys, the SVG, the board in words: render/placeview.py,
# svg.py, text.py), the engine and review slices and the end of the game's and the reply's words (the views'),
# the battle's state (ids and counts)
SKIP = frozenset({"action", "kind", "side", "id", "ids", "rules", "player", "decision", "viewer", "svg_attrs",
                  "svg_layers", "places", "neighbours", "description", "engine", "engine_words", "review",
                  "battle", "map_box", "band_box", "bot", "bots", "what", "target", "winner", "loser", "source_original",
                  "cite_original", "game_over", "reply", "rev", "index", "goods", "sides", "steps", "cubes"})


@pytest.fixture
def neutral(monkeypatch):
    """The map engineer's and the views engineer's words made "Ω" where the Board's files call them."""
    def words(*a, **k):
        return N

    for mod in (viewmodel, choiceview, announce):
        for name in ("action_words", "controller_words", "price_words", "offer_status_words", "retreat_words"):
            if hasattr(mod, name):
                monkeypatch.setattr(mod, name, words)
        for name in ("cite_words", "cite_sections"):
            if hasattr(mod, name):
                monkeypatch.setattr(mod, name, lambda *a, **k: (N, N))
    monkeypatch.setattr(viewmodel, "rule_json", lambda rid, edition="ed1": {"id": rid, "source": N,
                                                                            "source_original": N, "summary": N})
    monkeypatch.setattr(opponent_panel, "reply_view", lambda *a, **k: None)
    real = game_over_panel.game_over_view

    def game_over_view(*a, **k):  # the end of the game in words is the views engineer's
        out = real(*a, **k)
        return None if out is None else dict(out, title=N, text=N, scores=[], rule=None)

    monkeypatch.setattr(game_over_panel, "game_over_view", game_over_view)


def _places(v: dict) -> list[str]:
    return sorted(v.get("tips", {}))


def board_views(edition: str, seed: int, lang: str, decisions: int = 40) -> list[dict]:
    """The Board's views and words along a seeded game against the random bot: each decision a random choice,
    a "why?" on a place and a click on one, the guard-rail's question and Resign? on the way, and the end."""
    rng = random.Random(seed)
    g = pn.Game(edition, seed)
    b = Board(g, opponent="random", side="athens", threaded=False, language=lang)
    out = [dict(b.view), dict(b.words)]

    def send(kind, **fields):
        b.handle_intent(dict(fields, kind=kind, rev=b.rev))
        out.append(dict(b.view))

    for k in range(decisions):
        v = b.view
        if v["player"] == "terminal":
            break
        places = _places(v)
        if places and not k % 3:
            send("why", target=rng.choice([p for p in places if not p.startswith("market:")]))
            send("click", target=rng.choice([p for p in places if not p.startswith("market:")]))
        if k == 5:
            send("resign")
            send("decline")
        v = b.view
        if v.get("confirm"):
            send("decline")
            v = b.view
        choices = [c["action"] for c in v["buttons"]] + [c["action"] for t in v["targets"].values() for c in t]
        if not choices:
            break
        send("choose", action=rng.choice(choices))
    send("undo")
    send("cancel")
    send("resign")
    send("resign-confirm")  # the end of the game (for the record)
    send("save")  # (refused in a folder where it can't, or saved: either is said)
    send("undo")
    end = pn.new_game(edition, seed=seed)
    while not end.is_terminal:
        end = pn.apply(end, rng.choice(pn.legal_actions(end)))
    out.append(dict(Board(end, language=lang).view))
    return out


#: the ids the words trait pairs its words with (the opponent menu's bots and sides)
IDS = frozenset({"none", "random", "sensible", "greedy", "search", "athens", "sparta"})


def found_in(views: list[dict]) -> list[str]:
    """The texts of the views and, whole, of the words trait (the second of ``views``)."""
    view_texts = texts(views[:1] + views[2:], skip=SKIP)
    word_texts = (t for t in texts(views[1], skip=frozenset({"index"})) if t not in IDS)
    return [t for t in (*view_texts, *word_texts) if t and t != N]


def left_in(found: list[str], lang: str) -> dict[str, set[str]]:
    out = {}
    for t in found:
        words = english_left(t, lang)
        if words:
            out[t] = words
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition,seed", [("ed1", 3), ("ed2", 5)])
def test_a_boards_view_and_words_leave_no_english(lang, edition, seed, neutral, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pn.language(lang):
        views = board_views(edition, seed, lang)
    saved = re.compile(re.escape(str(tmp_path.resolve())) + r"/game-[0-9-]+\.polis")  # (the file saved)
    found = [saved.sub(N, x) for x in found_in(views)]
    assert len(found) > 200
    left = left_in(found, lang)
    assert not left, "\n".join(f"{sorted(w)} in {t!r}" for t, w in list(left.items())[:20])


def test_the_scan_finds_an_entry_left_in_english(neutral, tmp_path, monkeypatch):
    """The scan can fail: with one Board message said in English (its German entry blanked), it is found."""
    from polis_nb.i18n import catalog

    monkeypatch.chdir(tmp_path)
    german = catalog.load("de")
    assert german is not None
    real = german.text
    monkeypatch.setattr(german, "text", lambda ctx, msgid: None if ctx == "view.tip.fortification" else real(ctx, msgid))
    with pn.language("de"):
        views = board_views("ed1", 3, "de", decisions=2)
    left = left_in(found_in(views), "de")
    assert any(t.startswith("Fortification ") for t in left), sorted(left)[:5]


def test_english_board_words_are_the_templates():
    b = Board(pn.Game(seed=3), language="en")
    assert b.words["why"] == "Why?" and b.words["game_over"]["columns"][1:] == ["Cubes in its poleis", "Prestige",
                                                                              "Projects", "Score"]
    forms = b.words["places"]
    assert forms["forms"][forms["index"][1]] == "{n} place on the map is a choice (outlined in gold)"
    with pn.language("pl"):
        forms = Board(pn.Game(seed=3)).words["places"]
    pick = [forms["forms"][forms["index"][n]] for n in (1, 2, 5, 22, 25)]
    assert pick[0] != pick[1] != pick[2] and pick[3] == pick[1] and pick[4] == pick[2], pick


def test_a_switch_of_language_sends_the_boards_words_again():
    b = Board(pn.Game(seed=3), language="en")
    assert (b.words["why"], b.view["map_words"]["fit"]) == ("Why?", "Fit")
    b.language = "de"
    german = (b.words["why"], b.words["opponent"]["sides"], b.view["map_words"]["fit"], b.view["prompt"])
    assert german == ("Warum?", [["athens", "du spielst Athen"], ["sparta", "du spielst Sparta"]], "Ganz",
                      "Sparta: eine Aktion wählen oder passen")
