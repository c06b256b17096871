"""The worksheet (``Game.to_html(path, worksheet=True)``) and its answer key (``answers=True`` too): the
worksheet's file holds nothing of the record after its first question — no later decision, comment,
glyph, mark, variation, review paragraph, engine line or evaluation, in the markup, the data or the
attributes — and asks each question by its position, its prompt in words, the hint folded and room to
answer; the key gives each answer in words with the comment and the review. (In a real browser and in
print: tests/browser/test_static_export.py.)"""
from __future__ import annotations

import json
import re

import pytest

import polis_nb as pn
from polis_nb.render import svg
from polis_nb.render.htmlgame import game_html
from polis_nb.render.questions import highlights
from polis_nb.render.text import action_words

from .records import BEFORE, LATER, quizzed, reviewed_quizzed
from .test_htmlgame import page_data


def articles(page: str) -> list[str]:
    return re.findall(r'<article class="question[^"]*" id="q\d+".*?</article>', page, re.S)


def test_worksheet_holds_nothing_of_the_record_after_the_first_question():
    g = quizzed()
    page = game_html(g, worksheet=True)
    for what, words in LATER.items():
        assert words not in page, what
    assert "RESULT-SECRET" not in page  # the game's result is not told either
    for what, words in BEFORE.items():
        assert words in page, what
    # the stepper holds the line up to question 1 and nothing else: the start, the round's draws,
    # Sparta's choice of action
    q1 = g.questions(g.root.end())[0]
    data = page_data(page)
    assert len(data["nodes"]) == len([g.root] + q1.parent.path()) == 6
    assert [d["c"] for d in data["nodes"]] == [[1], [2], [3], [4], [5], []]
    assert data["nodes"][-1]["next"] == "Question 1 below asks what Sparta should do here."


def test_worksheet_asks_each_question_by_its_position_prompt_hint_and_room_to_answer():
    g = quizzed()
    page = game_html(g, worksheet=True)
    qs = g.questions(g.root.end())
    blocks = articles(page)
    assert len(blocks) == 2
    one, two = blocks
    assert "Question 1 of 2" in one and "Round 3 · Sparta, turn 1: what should Sparta do?" in one
    assert "Sparta: choose the destination." in one and "So far this turn: Sparta is moving hoplites." in one
    assert "Answer with a highlighted place on the map." in one
    assert '<details class="hint"><summary>Hint</summary><p>Which area borders Argos?</p></details>' in one
    assert one.count('<span class="line"></span>') == 5
    # question 2 is answered with a button: its choices are named; nothing of the turn after question 1
    assert "Question 2 of 2" in two and "Answer with one of: Pay 1 metal; Pay 1 silver." in two
    assert "So far" not in two and "Metal or silver: which does Sparta need less?" in two
    # each picture is the position before the decision, its choices highlighted, no marks, still
    for k, (q, block) in enumerate(zip(qs, blocks), start=1):
        s = q.parent.state
        want = svg(s, highlight=highlights(s)).replace('id="', f'id="q{k}-').replace(' role="button" tabindex="0"', "")
        assert want in block
    assert highlights(qs[0].parent.state) and "arkadia" in highlights(qs[0].parent.state)
    assert highlights(qs[1].parent.state) == []
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "every id once in the page"


def test_worksheet_of_a_reviewed_record_holds_no_review_or_engine_line_after_the_question():
    g, (q1, q2) = reviewed_quizzed()
    page = game_html(g, worksheet=True)
    assert "Count the prestige." in page and "Question 2 of 2" in page
    later = [n for n in g.root.walk() if n is q1 or q1 in n.path() or (n.parent is not None and n.parent is q1.parent)]
    assert any(n.name == "engine" for n in later), "the review left an engine variation at the question"
    comments = {n.comment for n in later if n.comment}
    assert len(comments) >= 2
    for c in comments:
        assert c not in page and c.split("\n\n")[-1] not in page
    for marker in ("Blunder:", "Mistake:", "Inaccuracy:", "Better:", "engine"):
        assert marker not in page
    # the engine's first step at question 1 and the answer, in words, are nowhere but where the page
    # names every choice alike (how to answer) or the record before the question names them (the lead-in
    # and its data, whose nodes are checked below)
    line = [n for n in later if n.name == "engine" and n.parent is q1.parent][0]
    rest = re.sub(r'<section class="lead-in".*?(?=<section class="questions">)|<p class="how">.*?</p>'
                  r'|<script type="application/json".*?</script>', "", page, flags=re.S)
    assert action_words(q1.parent.state, line.action) not in rest
    assert action_words(q1.parent.state, q1.action) not in rest
    data = page_data(page)
    assert len(data["nodes"]) == len(q1.parent.path()) + 1
    assert not any(d["g"] for d in data["nodes"]) and all(not d["cm"] for d in data["nodes"])


def test_answer_key_gives_each_answer_the_turn_the_hint_and_the_comment():
    g = quizzed()
    page = game_html(g, worksheet=True, answers=True)
    one, two = articles(page)
    assert "<dt>Answer</dt><dd>Sparta chose “To Arkadia”.</dd>" in one
    assert "Arkadia borders Argos: the siege can follow. ZEBRA-SECRET" in one and "Which area borders Argos?" in one
    assert ("<dt>The whole turn</dt><dd>Sparta moved 2 hoplites from Lakedaimon to Arkadia; then trained 1 hoplite "
            "in Sparta, paying 1 metal.</dd>") in one
    assert "<dt>Answer</dt><dd>Sparta chose “Pay 1 metal”.</dd>" in two and "WOMBAT-SECRET" in two
    assert "engine" not in page  # no review in this record, no engine
    assert "<title>Quiz &lt;test&gt; · answer key</title>" in page


def test_answer_key_of_a_reviewed_record_names_the_engines_judgement_figures_and_line():
    g, (q1, q2) = reviewed_quizzed()
    page = game_html(g, worksheet=True, answers=True)
    review = g.review_result()
    for q, block in zip((q1, q2), articles(page)):
        d = next(d for d in review.decisions if d.node is q)
        who = d.who.capitalize()
        assert f"<dd>{who} chose “{action_words(q.parent.state, q.action)}”.</dd>" in block
        assert (f"{who}&#x27;s expected result by the engine: {round(100 * d.before)}% before this decision, "
                f"{round(100 * d.after)}% after it.") in block
        paragraph = q.comment.split("\n\n")[-1].split(" Better: ")[0]
        assert paragraph.startswith(("Blunder:", "Mistake:", "Inaccuracy:")) and paragraph in block.replace("&#x27;", "'")
        line = next(n for n in q.parent.variations if n.name == "engine")
        words = ", then ".join(action_words(n.parent.state, n.action) for n in [line] + list(line.mainline()))
        assert f"<dt>The engine&#x27;s line</dt><dd>{words}" in block


def test_worksheet_data_holds_no_evaluation_or_rule_id():
    g, (q1, _) = reviewed_quizzed()
    page = game_html(g, worksheet=True)
    data = json.dumps(page_data(page))
    assert q1.parent.evaluation is not None and q1.parent.evaluation.best  # the engine's choice there ...
    assert "eval" not in data and "playouts" not in data  # ... is not in the page


def test_to_html_writes_the_worksheet_and_the_key(tmp_path):
    g = quizzed()
    g.to_html(tmp_path / "sheet.html", worksheet=True)
    g.to_html(tmp_path / "key.html", worksheet=True, answers=True)
    sheet = (tmp_path / "sheet.html").read_text(encoding="utf-8")
    key = (tmp_path / "key.html").read_text(encoding="utf-8")
    assert sheet == game_html(g, worksheet=True) and key == game_html(g, worksheet=True, answers=True)
    assert 'data-kind="worksheet"' in sheet and 'data-kind="answer-key"' in key
    assert sheet == game_html(quizzed(), worksheet=True)  # deterministic


def test_worksheet_refuses_a_record_without_questions_and_a_key_without_worksheet(tmp_path):
    g = quizzed()
    with pytest.raises(ValueError, match="pass worksheet=True with it"):
        g.to_html(tmp_path / "key.html", answers=True)
    with pytest.raises(TypeError, match="answers"):
        g.to_html(tmp_path / "key.html", worksheet=True, answers="yes")
    for q in g.questions(g.root.end()):
        g.unquiz(q)
    with pytest.raises(ValueError, match="no question on its main line"):
        g.to_html(tmp_path / "sheet.html", worksheet=True)
    assert list(tmp_path.iterdir()) == []


def test_questions_in_a_variation_are_left_out():
    g = quizzed()
    var = next(n for n in g.root.walk() if n.name == "XENON-PLAN")
    g.quiz(var)
    page = game_html(g, worksheet=True)
    assert len(articles(page)) == 2 and "XENON" not in page


def test_worksheet_whose_first_question_is_the_first_decision_has_no_lead_in():
    g = pn.Game.from_state(pn.settle(pn.new_game(seed=3)))  # the record starts at Sparta's choice of action
    g.play("hoplites; to arkadia")
    g.quiz(g.root.variations[0])
    page = game_html(g, worksheet=True)
    assert 'id="polis-game-data"' not in page and "The game up to question 1" not in page
    (block,) = articles(page)
    assert "Question 1 of 1" in block and "Answer with one of: " in block and "Move hoplites" in block
    assert "To Arkadia" not in page
