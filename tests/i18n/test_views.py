"""The views' own words in German, Polish and the pseudo-language (issue 26): the Viewer's, Combat's and the
PuzzleBoard's controls, the engine and review slices, the Viewer's record, the puzzles, a battle, and the
exported pages (a game page, a worksheet, its answer key) leave no English of the views' own.

Words the views take from other layers are neutralised here (made "Ω", which no scan reads as English): a
decision in words and the prompts (render/text.py, render/viewmodel.py), the kernel's sentences as cleaned
for the screen, the rulebook sections, the marks in words, the step sentences of render/playview.py's
group_sentence, the analysis's and the puzzles' reasons, the review's paragraphs and the engine's choice; what is left is what the views say themselves."""
from __future__ import annotations

import random
import re

import pytest

import polis_nb as pn
import polis_nb.widgets  # noqa: F401 - declares every message of the widgets
from polis_nb.analysis import analyse
from polis_nb.puzzles import check as check_try
from polis_nb.render import (analysisview, combatsvg, combatview, htmlpage, playview, puzzleview, questions,
                             recordview, worksheet)
from polis_nb.render.htmlgame import game_html
from polis_nb.render.widgetwords import combat_words, engine_words, puzzle_words, review_words, viewer_words
from polis_nb.widgets.viewer import MODES

from ..render.records import quizzed, reviewed_quizzed
from .helpers import english_left

LANGS = ["de", "pl", "qps"]
N = "Ω"  # what another layer's words are made: no Latin letter, so no scan reads it


@pytest.fixture
def neutral(monkeypatch):
    """Other layers' words made "Ω" where the views call them."""
    def words(*a, **k):
        return N

    for mod in (analysisview, combatview, htmlpage, puzzleview, questions, recordview, worksheet, combatsvg):
        for name in ("action_words", "plain", "mark_words", "reason_words", "end_words", "describe_pending",
                     "outcome_words"):
            if hasattr(mod, name):
                monkeypatch.setattr(mod, name, words)
        for name in ("cite_sections", "cite_words"):
            if hasattr(mod, name):
                monkeypatch.setattr(mod, name, lambda *a, **k: (N, N))
    monkeypatch.setattr(combatview, "decision_prompt", words)
    monkeypatch.setattr(puzzleview, "decision_prompt", words)
    monkeypatch.setattr(htmlpage, "prompt", words)
    monkeypatch.setattr(worksheet, "prompt", words)
    monkeypatch.setattr(recordview, "group_sentence", words)
    monkeypatch.setattr(recordview, "sentences", lambda n: [])
    real = worksheet.review_view

    def review_view(*a, **k):  # the review's paragraph and the engine's choice are the analysis layer's words
        out = real(*a, **k)
        for d in [out["focus"], *out["flagged"]]:
            if d:
                d.update(text=N, better=N if d["better"] else "")
        return out

    monkeypatch.setattr(worksheet, "review_view", review_view)


def texts(x, skip=frozenset()):
    """Every text in a view (dicts, lists), the values of the keys in ``skip`` left out."""
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            if k not in skip:
                yield from texts(v, skip)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from texts(v, skip)


def left_in(found, lang: str) -> dict[str, set[str]]:
    """The English words each text holds in ``lang`` (in the pseudo-language every English word: its
    templates come out accented)."""
    out: dict[str, set[str]] = {}
    for t in found:
        words = english_left(t, lang)
        if words:
            out[t] = words
    return out


def check(found, lang):
    left = left_in(list(found), lang)
    assert not left, "\n".join(f"{sorted(w)} in {t!r}" for t, w in list(left.items())[:15])


# the keys of the view models that hold ids, notation, markup or the user's own text, not words
IDS = frozenset({"action", "name", "side", "id", "kind", "formation", "manoeuvre", "mode", "decision", "player",
                 "svg_attrs", "svg_layers", "rules", "glyph", "glyphs", "dir", "by", "theme", "chart", "board",
                 "target", "proven", "colour", "current", "area_id", "text_notation", "node", "nodes", "verb",
                 "steps", "headers", "comment", "starting_comment", "cards", "edition", "cause", "attacker",
                 "defender", "winner", "rule", "marks", "hint", "answer", "verdict", "themes", "choice_action",
                 "side_name", "map_box", "band_box", "targets", "tips", "explanation", "places", "neighbours",
                 "map_keys", "buttons", "label_id", "quiz", "num", "turn", "area", "viewer", "gate_side", "who",
                 "words", "label", "text"})


@pytest.mark.parametrize("lang", LANGS)
def test_controls_leave_no_english(lang):
    """The words traits of the Viewer, Combat and the PuzzleBoard, and the engine's and review's words."""
    with pn.language(lang):
        found = list(texts([viewer_words(MODES), combat_words(), puzzle_words(), engine_words(), review_words()],
                           skip=frozenset({"dir", "by", "mode", "glyph", "colour", "index"})))
    assert found
    check([t for t in found if not re.fullmatch(r"[«»◀▶↑↓!?]+", t)], lang)


def test_controls_in_english_are_the_templates():
    words = viewer_words(MODES)
    assert words["navigate"]["decision"] == "Decision {num}"
    assert words["navigate"]["decisions"]["forms"][words["navigate"]["decisions"]["index"][2]] == "{count} decisions"
    with pn.language("pl"):
        forms = combat_words()["hand"]["hidden"]
    # Polish has three forms: 1 karta, 2-4 karty, 5 kart (and 22 karty, 25 kart)
    pick = [forms["forms"][forms["index"][n]] for n in (1, 2, 5, 22, 25)]
    assert pick[0] != pick[1] != pick[2] and pick[3] == pick[1] and pick[4] == pick[2], pick


@pytest.mark.parametrize("lang", LANGS)
def test_the_viewer_record_leaves_no_english(lang, neutral):
    g = quizzed()
    with pn.language(lang):
        rows = [{k: r[k] for k in ("title", "text") if k in r and (k == "title" or r.get("heading"))}
                for r in recordview.record_view(g, mode="view", rev=0, node=list(g.root.mainline())[-1])["rows"]]
        pos = recordview.record_view(g, mode="view", rev=0, node=list(g.root.mainline())[-1])["position"]
        lesson = [questions.find_words(q.before) for q in questions.questions(g)]
        lesson += [questions.answer_room_words(q.before) for q in questions.questions(g)]
    assert rows and pos
    check(list(texts(rows)) + [pos["title"]] + lesson, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_engine_and_review_slices_leave_no_english(lang, neutral, monkeypatch):
    s = pn.new_game(seed=3)
    while s.is_chance:
        s = pn.apply(s, pn.legal_actions(s)[0])
    a = analyse(s, budget=300, seed=1)
    g, _ = reviewed_quizzed()
    review = g.review_result()
    with pn.language(lang):
        en = analysisview.analysis_view(a)
        rv = playview.review_view(review, current=review.decisions[0].node_id)
        over = playview.game_over_view(list(g.root.mainline())[-1].state)
    found = [en["summary"]] + [t for r in en["choices"] for t in (r["value"], r["pay"], r["ended_by"])
                                if not r["proven"]]
    found += [rv["basis"]] + [x["text"] for x in rv["summary"]] + [x["name"] for x in rv["flagged"]]
    found += list(texts(rv["words"]))
    if over is not None:
        found += [over["title"]]
    check([t for t in found if t], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_puzzles_leave_no_english(lang, neutral):
    p = pn.puzzles()[0]
    with pn.language(lang):
        open_ = puzzleview.puzzle_view(p)
        shown = puzzleview.puzzle_view(p, status="shown")
        right = puzzleview.verdict_words(p, check_try(p, p.accepted[0]))
    found = [open_["title"], open_["prompt"], shown["solution"]["text"], shown["solution"]["line_text"]]
    found += [x["who"] for x in shown["solution"]["line"]]
    found.append(right["text"])
    check(found, lang)


def _battle_views(lang):
    from polis_nb.widgets import Combat

    rng = random.Random(4)
    views = []
    with pn.language(lang):
        w = Combat.setup(odds=False)
        for _ in range(200):
            v = w.view
            views.append(v)
            if v["over"]:
                break
            if v["gate"]:
                w.handle_intent({"kind": "reveal", "side": v["gate"]["side"], "rev": v["rev"]})
                continue
            ch = v["choice"]
            action = "fight" if ch["kind"] == "window" else rng.choice(ch["options"])["action"]
            w.handle_intent({"kind": "choose", "action": action, "rev": v["rev"]})
        svgs = [combatsvg.combat_svg(v) for v in views]
    return views, svgs


@pytest.mark.parametrize("lang", LANGS)
def test_a_battle_leaves_no_english(lang, neutral):
    views, svgs = _battle_views(lang)
    assert views[-1]["over"]
    found = []
    for v in views:
        found += [v["title"], v["prompt"]]
        if v["gate"]:
            found.append(v["gate"]["label"])
        r = v.get("retreat") or {}
        found += [r.get("reason", ""), r.get("paying", "")]
        ch = v.get("choice") or {}
        found += [ch.get("label", ""), (ch.get("fight") or {}).get("label", "")]
        if v.get("reveal"):
            found += [p["text"] for p in v["reveal"]["pairs"]]
        if v.get("end"):
            found += [v["end"]["cause_text"], v["end"]["next"]]
    for svg in svgs:  # the picture's words: its text and its name, the markup and styles left out
        found += re.findall(r">([^<>]+)<", re.sub(r"<style>.*?</style>", "", svg))
        found += re.findall(r'aria-label="([^"]*)"', svg)
    check([t for t in found if t and t.strip()], lang)


def _page_words(page: str) -> list[str]:
    """A page's words: its text and its attributes' words, without the script, the styles, the boards
    and the user's own text (the record's headers and comments)."""
    page = re.sub(r"<script>.*?</script>|<style>.*?</style>|<svg.*?</svg>|<dl class=\"headers\">.*?</dl>"
                  r"|<h1>.*?</h1>|<title>.*?</title>", "", page, flags=re.S)
    data = re.search(r'<script type="application/json" id="polis-game-data">(.*?)</script>', page, flags=re.S)
    page = re.sub(r'<script type="application/json".*?</script>', "", page, flags=re.S)
    found = re.findall(r">([^<>]+)<", page)
    found += re.findall(r'(?:aria-label|title|data-open|data-fold)="([^"]*)"', page)
    if data:
        import json

        d = json.loads(data.group(1))
        found += list(texts(d["words"]))
        found += list(d["glyphs"].values())
        found += [t for n in d["nodes"] for t in (n["who"], n["where"], n["next"])]
    # a turn's label ("3.A2": round 3, Athens' second turn) is the record's notation
    return [t for t in found if t.strip() and not re.fullmatch(r"\s*[0-9a-zαβΛΣΩ]+\.[AS][0-9]+\s*", t)]


@pytest.mark.parametrize("lang", LANGS)
def test_exported_pages_leave_no_english(lang, neutral):
    g = quizzed()
    r, _ = reviewed_quizzed()
    with pn.language(lang):
        pages = [game_html(g), game_html(g, worksheet=True), game_html(r, worksheet=True, answers=True)]
    found = [t for p in pages for t in _page_words(p)]
    assert len(found) > 50
    # the user's own texts of the record (its comments, hints, variation names) are theirs
    own = {n.comment for n in g.root.walk()} | {n.quiz.hint for n in g.root.walk() if n.quiz} | \
          {n.comment for n in r.root.walk()} | {n.quiz.hint for n in r.root.walk() if n.quiz} | \
          {n.name for n in g.root.walk()} | {n.name for n in r.root.walk()}
    check([t for t in found if t.strip() not in own and not any(o and o in t for o in own if len(o) > 12)], lang)
    assert f'<html lang="{lang}">' in pages[0]


def test_exported_page_in_english_is_as_before():
    page = game_html(quizzed())
    assert '<html lang="en">' in page and "Move through the record" in page and "Start of the game" in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_battle_odds_leave_no_english(lang):
    from polis_nb.widgets import Combat

    with pn.language(lang):
        odds = Combat.setup(odds=True, odds_samples=40, mode="bot", side="athens").view["odds"]
    assert odds["available"] and odds["groups"] and odds["figures"]
    found = [odds["method"], odds["known"]]
    found += [t for t in texts(odds["groups"]) if not t.replace(".", "").isdigit()]
    found += [f["label"] for f in odds["figures"]]
    # the policies are the bots' names (ids a user passes as bot=...), the rest of the line is words
    found.append(odds["policies"].replace("greedy", ""))
    check([t for t in found if t.strip()], lang)


def test_the_battle_odds_in_english_are_as_the_result_says():
    from polis_nb.analysis.battle_odds import battle_odds_setup

    res = battle_odds_setup("land", units=(4, 4), samples=1200, engine="model", rng=random.Random(2))
    out = combatview.odds_json(res)
    assert out["method"] == res.method() == "Monte Carlo, 1,200 samples (model engine); 95% Wilson intervals"
    assert out["policies"] == res.policy_text()
