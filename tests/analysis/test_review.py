"""Game review (issue 17): the engine judges each player decision of a record's main line, marks
inaccuracies, mistakes and blunders, explains them in words, adds the better line as a variation,
and keeps its evaluations in the record so that a saved and reloaded game gives the same review.

The records are built by hand from the rules so the answer is known: at Phoros, selling all one's
prestige is ostracism (``end.ostracism``), and passing in the last round without the wheat to feed
the capital loses at once (``end.capital-unfed``)."""
from __future__ import annotations

import json
import math
import sys
import xml.etree.ElementTree as ET

import pytest

import polis_nb as pn
from polis_nb.render.text import action_words
from polis_nb.analysis.review import (DecisionReview, Review, accuracy, judge, position_seed, review,
                                      stored_review)
from polis_nb.analysis.review_job import plan
from polis_nb.record.node import Evaluation
from polis_nb.render.recordview import node_ids

review_job = sys.modules["polis_nb.analysis.review_job"]
analysis_of = review_job.analysis_of  # the analysis of a searched position

SVG = "{http://www.w3.org/2000/svg}"
BUDGET = 60


def phoros_game() -> pn.Game:
    """Round 5a has ended with both sides passed; Sparta (3 prestige) decides Phoros first. Sparta
    ends its growth, then sells all three prestige ('phoros 3'): with none left after Phoros it is
    ostracised unless Athens sells all of its own too, so Athens keeps one and wins at once."""
    s = pn.position("ed1", 3, round="5a", to_move="athens", passed=["sparta"], prestige={"athens": 2, "sparta": 3},
                    goods={"athens": {"wheat": 8}, "sparta": {"wheat": 8}})
    g = pn.Game.from_state(pn.apply(s, "pass"))  # from Sparta's growth at round end
    g.play("end; phoros 3; phoros 1")
    o = pn.outcome(g.state)
    assert o.winner == "athens" and o.rules == ("end.ostracism",)
    return g


def unfed_game() -> pn.Game:
    """Round 5b (the last), Sparta has passed; Athens holds only Athenai (5 cubes) with 4 wheat and no
    prestige, and leads on score. Passing ends the round: Athenai is not fed and Athens loses."""
    s = pn.position("ed1", 3, round="5b", to_move="athens", passed=["sparta"], prestige={"athens": 0, "sparta": 1},
                    poleis={"chalkis": None, "chios": None, "gytheion": None, "pylos": None,
                            "sparta": ("sparta", 1)},
                    goods={"athens": {"wheat": 4, "metal": 2}, "sparta": {"wheat": 8}})
    g = pn.Game.from_state(s)
    g.play("pass")
    assert pn.outcome(g.state).rules == ("end.capital-unfed",)
    return g


def played(g: pn.Game, text: str) -> pn.Node:
    return next(n for n in g.root.mainline() if str(n.action) == text)


@pytest.fixture(scope="module")
def reviewed():
    g = phoros_game()
    return g, g.review(budget=BUDGET, seed=2, client="serial")


# --- the verdicts -------------------------------------------------------------------------------------

def test_thresholds_and_accuracy_are_lichess_s():
    assert judge(0.0999) is None and judge(0.10) == "?!" and judge(0.1999) == "?!"
    assert judge(0.20) == "?" and judge(0.30) == "??" and judge(0.9) == "??"
    # a game not proven lost that becomes a proven loss is a blunder, whatever the numbers say
    assert judge(0.0, None, "loss") == judge(0.0, "win", "loss") == judge(0.0, "shared", "loss") == "??"
    assert judge(0.0, "loss", "loss") is None
    assert accuracy(0) == pytest.approx(100, abs=1e-3) and accuracy(-0.2) == accuracy(0)
    assert accuracy(0.1) == pytest.approx(103.1668 * math.exp(-0.04354 * 10) - 3.1669)
    assert accuracy(1) == 0 and 0 < accuracy(0.3) < accuracy(0.2) < accuracy(0.1) < 100
    assert position_seed(1, 6) == position_seed(1, 6) != position_seed(1, 7) != position_seed(2, 6)


def test_a_review_read_from_hand_set_evaluations():
    """The judgement follows from the evaluations alone: no engine needed to check the arithmetic."""
    g = phoros_game()
    end, sold, kept = (played(g, t) for t in ("end", "phoros 3", "phoros 1"))
    g.root.evaluation = Evaluation(0.25, best="end", playouts=100)  # Sparta: 75%
    end.evaluation = Evaluation(0.3, best="phoros 1", playouts=100)  # Sparta: 70%
    sold.evaluation = Evaluation(1.0, "win", "phoros 0", 100)  # Athens wins by force
    kept.evaluation = Evaluation(1.0, "win")  # the end: exact
    r = g.review_result()
    assert [(d.who, d.action, d.judgement) for d in r.decisions] == [
        ("sparta", "end", None), ("sparta", "phoros 3", "??"), ("athens", "phoros 1", None)]
    d = r.decisions[1]
    assert (d.before, d.after, d.loss) == (0.7, 0.0, 0.7) and d.accuracy == round(accuracy(0.7), 2)
    assert (d.athens_before, d.athens_after, d.proven_before, d.proven_after) == (0.3, 1.0, None, "win")
    assert r.decisions[0].loss == 0 and r.decisions[0].accuracy == 100  # the engine's own choice loses nothing
    sparta = r.summary["sparta"]
    assert (sparta.decisions, sparta.blunders, sparta.mistakes, sparta.inaccuracies) == (2, 1, 0, 0)
    assert sparta.accuracy == round((100 + round(accuracy(0.7), 2)) / 2, 2)
    assert r.summary["athens"].accuracy == pytest.approx(100, abs=1e-3)
    assert sold.glyphs == [] and sold.comment == ""  # reading a review writes nothing
    sold.evaluation = Evaluation(0.5, playouts=100)  # an estimate, no proof: Sparta 70% to 50%, a mistake
    assert g.review_result().decisions[1].judgement == "?"


# --- running a review ------------------------------------------------------------------------------

def test_a_blunder_is_marked_explained_and_answered_with_the_better_line(reviewed):
    g, r = reviewed
    sold = played(g, "phoros 3")
    assert sold.glyphs == ["??"]
    d = next(x for x in r.decisions if x.node is sold)
    assert d.judgement == "??" and d.who == "sparta" and d.before - d.after >= 0.3 and d.loss >= 0.3
    # the engine's choice, with its line, as a variation at the position before (not promoted)
    parent = sold.parent
    assert parent.variations[0] is sold and len(parent.variations) == 2
    better = parent.variations[1]
    assert str(better.action) in ("phoros 0", "phoros 1", "phoros 2") and better.name == "engine"
    assert str(better.action) == d.best == parent.evaluation.best
    assert pn.apply(parent.state, better.action).prestige[1] >= 1  # the saving choice keeps prestige
    # the comment in words: what the choice does and what is better; no rule ids or marks
    assert sold.comment.startswith("Blunder: ") and f"Better: {action_words(better.parent.state, better.action)}" in sold.comment
    assert "end." not in sold.comment and "[%" not in sold.comment and "%" in sold.comment
    assert g.replay() == []
    assert r.flagged == (d,) or d in r.flagged


def test_a_decision_that_loses_at_once_is_a_blunder_with_the_rule_in_words():
    g = unfed_game()
    r = g.review(budget=BUDGET, seed=1, client="serial")
    node = played(g, "pass")
    assert node.glyphs == ["??"] and [d.judgement for d in r.decisions] == ["??"]
    assert node.evaluation == Evaluation(0.0, "loss")  # the end of the game has its exact value
    # the engine's reason when it proves the choice, else the game's own end ("could not feed its capital")
    assert node.comment.startswith("Blunder: this loses at once: Athens c") and "feed its capital" in node.comment
    better = g.root.variations[1]
    assert str(better.action) != "pass"
    assert f"Better: {action_words(better.parent.state, better.action)}" in node.comment  # in words, not notation
    assert not pn.apply(g.root.state, better.action).is_terminal
    assert r.summary["athens"].blunders == 1 and r.summary["sparta"].decisions == 0
    assert r.summary["sparta"].accuracy is None


def test_chance_steps_and_forced_decisions_are_not_reviewed():
    g = pn.Game(seed=3)  # the seeded draws of the first round come first
    g.play("hoplites; to arkadia; from lakedaimon")
    r = g.review(budget=8, seed=5, workers=1)
    nodes = list(g.root.mainline())
    assert [d.node for d in r.decisions] == [n for n in nodes if not n.parent.state.is_chance
                                           and len(pn.legal_actions(n.parent.state)) > 1]
    assert all(not d.node.auto for d in r.decisions) and len(r.decisions) >= 2
    # every position before or after a reviewed decision is analysed (and keeps its evaluation), no other
    decisions, places, paths = plan(g)
    assert decisions == [d.node for d in r.decisions]
    assert {id(p) for p in places} == {id(x) for d in r.decisions for x in (d.node.parent, d.node)}
    assert [id(n) for n in g.root.walk() if n.evaluation is not None] == [id(p) for p in places]
    # each path leads from one analysed position to the next along the main line
    s = places[0].state
    for p, path in zip(places[1:], paths[1:]):
        for a in path:
            s = pn.apply(s, a)
        assert s == p.state


def test_the_same_seed_gives_the_same_review_and_record(reviewed):
    g, r = reviewed
    again = phoros_game()
    r2 = again.review(budget=BUDGET, seed=2, client="serial")
    assert r2 == r and str(r2) == str(r) and again.to_text() == g.to_text()
    other = phoros_game()
    other.review(budget=BUDGET, seed=3, client="serial")
    assert [n.evaluation for n in other.root.walk()] != [n.evaluation for n in g.root.walk()]


def test_reviewing_again_replaces_the_review_s_own_marks():
    g = phoros_game()
    g.review(budget=BUDGET, seed=2, client="serial")
    first = g.to_text()
    g.review(budget=BUDGET, seed=2, client="serial")
    assert g.to_text() == first  # no second paragraph, glyph or variation


def test_the_author_s_glyph_and_comment_are_kept():
    g = phoros_game()
    sold = played(g, "phoros 3")
    g.glyph("!?", node=sold)
    g.comment("A bold sale.", node=sold)
    r = g.review(budget=BUDGET, seed=2, client="serial")
    assert sold.glyphs == ["!?"]
    assert sold.comment.startswith("A bold sale.\n\nBlunder: ")
    d = next(x for x in r.decisions if x.node is sold)
    assert d.judgement == "??" and d.kept_glyph and r.kept == (d,)
    assert f"Kept the author's glyph !? at decision {d.num}. End of round 5α · Sparta" in str(r) and "a blunder" in str(r)
    assert r.summary["sparta"].blunders >= 1  # the verdict counts, the glyph stays the author's
    g.review(budget=BUDGET, seed=2, client="serial")
    assert sold.glyphs == ["!?"] and sold.comment.count("Blunder: ") == 1


# --- saving and reloading ----------------------------------------------------------------------------

def test_the_review_saves_and_reloads_with_the_record(reviewed, tmp_path):
    g, r = reviewed
    for name in ("reviewed.polis", "reviewed.json"):
        g.save(tmp_path / name)
        back = pn.Game.load(tmp_path / name, strict=True)
        assert back.same_record(g)  # glyphs, comments, variations and evaluations
        again = back.review_result()
        assert again == r and str(again) == str(r) and repr(again) == repr(r)
        assert again.summary == r.summary and str(again.chart()) == str(r.chart())
    text = g.to_text()
    assert '[%eval ' in text and 'best="' in text and "proven=win" in text  # the game's end, exact
    data = json.loads(json.dumps(g.to_json()))
    assert any("eval" in d for d in data["nodes"])


def test_a_record_without_a_review_has_no_review_result():
    g = phoros_game()
    assert g.review_result() is None
    assert pn.Game(seed=3).review_result() is None


# --- showing it ---------------------------------------------------------------------------------------

def test_summary_table_and_html(reviewed):
    g, r = reviewed
    assert repr(r).startswith(f"<Review {len(r.decisions)} decisions: Athens ")
    text = str(r)
    assert r.playouts > 0 and text.startswith(f"Review of {len(r.decisions)} decisions (up to {r.playouts} playouts "
                                              "per position")
    # each flagged decision in words, numbered and placed as the widgets show it, never in notation
    sold = next(d for d in r.decisions if d.action == "phoros 3")
    assert f"  {sold.num}. End of round 5α · Sparta: {sold.words} ?? (blunder; Sparta's chance " in text
    assert sold.num == sold.ply + 1 and sold.notation == "phoros 3" and "phoros 3" not in text
    assert "ply" not in text and "phoros 3" not in r._repr_html_() and "<code>" not in r._repr_html_()
    h = r._repr_html_()
    assert "<script" not in h and h.count("<tr>") == 3 and "<svg" in h and "Blunder: " in h
    d = r.to_dict()
    assert set(d["summary"]) == {"athens", "sparta"} and len(d["decisions"]) == len(r.decisions)
    json.dumps(d)


def test_the_chart_has_one_point_per_decision_that_a_page_can_jump_to(reviewed):
    g, r = reviewed
    chart = r.chart()
    assert chart._repr_svg_() == str(chart)
    root = ET.fromstring(str(chart))  # well-formed SVG
    points = [c for c in root.iter(f"{SVG}g") if c.get("data-node")]
    assert len(points) == len(r.decisions)
    ids = {f"n{k}": n for k, n in enumerate(node_ids(g))}  # the ids of the Viewer and the HTML page
    assert [ids[p.get("data-node")] for p in points] == [d.node for d in r.decisions]
    assert [p.get("data-glyph") for p in points] == [d.judgement or "" for d in r.decisions]
    ys = [float(p.find(f"{SVG}circle").get("cy")) for p in points]
    assert all(28 <= y <= 240 - 30 for y in ys)  # inside the plot, 0 to 1
    assert "??" in [t.text for t in root.iter(f"{SVG}text")]


def test_chart_text_is_escaped():
    g = phoros_game()
    node = played(g, "phoros 3")
    fake = DecisionReview(node, 'n1"><script>', 6, "sparta", "<script>alert(1)</script>", 0.2, 0.9, None, None,
                          "phoros 0", 0.7, 10.0, "??", ())
    svg = str(Review(g, [fake]).chart())
    ET.fromstring(svg)
    assert "<script" not in svg and "&lt;script&gt;" in svg


# --- bad input -------------------------------------------------------------------------------------------

def test_bad_arguments_are_refused_before_anything_changes():
    g = phoros_game()
    before = g.to_text()
    for kw, err, words in (({"budget": 0}, ValueError, "at least 1"), ({"budget": -5}, ValueError, "at least 1"),
                           ({"budget": 2.5}, TypeError, "budget"), ({"budget": "lots"}, TypeError, "budget"),
                           ({"budget": True}, TypeError, "budget"), ({"seed": "x"}, TypeError, "seed"),
                           ({"progress": "yes"}, TypeError, "progress"), ({"workers": 0}, ValueError, "workers")):
        with pytest.raises(err, match=words):
            g.review(**kw)
    with pytest.raises(TypeError, match="Game"):
        review("a game")
    with pytest.raises(TypeError, match="Game"):
        stored_review(None)
    assert g.to_text() == before
    r = Review(g, [])
    with pytest.raises(ValueError, match="width"):
        r.chart(width=10)
    with pytest.raises(ValueError, match="height"):
        r.chart(height=True)
    assert r.summary["athens"].accuracy is None and "0 decisions" in repr(r)


def test_progress_line(capsys, monkeypatch):
    """Outside a notebook: a line rewritten in place when asked (progress=True), nothing by default."""
    g = unfed_game()
    g.review(budget=BUDGET, seed=1, workers=1, progress=True)
    out = capsys.readouterr().out
    assert out.startswith("\rReviewing the game: 0 of 1 decisions [") and out.endswith("\n")
    assert out.split("\r")[-1].rstrip() == "Reviewed 1 decision."
    seen = []
    unfed_game().review(budget=BUDGET, seed=1, workers=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (1, 1) and all(t == 1 for _, t in seen)
    unfed_game().review(budget=BUDGET, seed=1, workers=1, progress=False)
    unfed_game().review(budget=BUDGET, seed=1, workers=1)  # not in a notebook: nothing shows
    assert capsys.readouterr().out == ""


def test_progress_in_a_notebook_ends_as_it_began(monkeypatch):
    """In a kernel the registered display shows the progress by default (polis_nb.notebook: one output
    updated in place), and its last form is its first: the stored cell output is the same every run."""
    import polis_nb.notebook as notebook

    shown = []

    class Handle:
        def update(self, data, raw):
            shown.append(data)

    def display(data, raw, display_id):
        shown.append(data)
        return Handle()

    monkeypatch.setattr("IPython.display.display", display)
    monkeypatch.setattr(review_job, "_NOTEBOOK", [lambda: True, notebook.progress])
    sensible = pn.Game(seed=3)
    sensible.play("hoplites; to arkadia; from lakedaimon")
    r = sensible.review(budget=4, seed=1, workers=1)
    n = len(r.decisions)
    assert shown[0] == shown[-1] == notebook.bundle(n) and shown[0]["text/plain"] == f"Review of {n} decisions"
    during = [d["text/plain"] for d in shown[1:-1]]
    assert during and during[-1] == f"Review of {n} decisions: {n} judged"
    assert "<progress max='%d' value='%d'" % (n, n) in shown[-2]["text/html"]
    assert notebook.in_kernel() is False  # (pytest is no kernel)


# --- proofs from the engine ---------------------------------------------------------------------------

class Proving:
    """An analysis with the engine's proofs (``Analysis.athens_proven`` or ``.proven`` for the side to
    move, ``ChoiceValue.proven`` and ``.reason``) around a real one: the review reads them when the
    engine gives them (here the analyses a review's search makes, in this process: workers=1)."""

    def __init__(self, a, fields: dict, choices: dict):
        self._a, self._choices = a, choices
        self.__dict__.update(fields)

    def __getattr__(self, name):
        return getattr(self._a, name)

    def choice(self, action):
        from types import SimpleNamespace

        c = self._a.choice(action)
        return SimpleNamespace(action=c.action, p=c.p, visits=c.visits, **self._choices.get(str(c.action), {}))

    @property
    def best(self):
        return None if self._a.best is None else self.choice(self._a.best.action)


@pytest.mark.parametrize("how", ["athens_proven", "proven", "choice"])
def test_the_engine_s_proofs_make_exact_values_and_its_reasons_the_words(monkeypatch, how):
    g = phoros_game()
    sold = played(g, "phoros 3")
    reason = {"phoros 3": {"proven": "loss", "reason": "loses at once: Sparta has no prestige after Phoros"}}
    after = {"athens_proven": {"athens_proven": "win"}, "proven": {"proven": "win"}, "choice": {}}[how]

    def proving(s, tree, seed, view, seconds):
        a = analysis_of(s, tree, seed, view, seconds)
        if s == sold.parent.state:
            return Proving(a, {}, reason)
        return Proving(a, after if s == sold.state else {}, {})

    monkeypatch.setattr(review_job, "analysis_of", proving)
    g.review(budget=BUDGET, seed=2, workers=1)
    assert sold.evaluation.proven == "win" and sold.evaluation.athens == 1.0  # exact once proven
    assert sold.glyphs == ["??"]
    assert sold.comment.startswith("Blunder: this loses at once: Sparta has no prestige after Phoros. Better: ")
    d = next(x for x in g.review_result().decisions if x.node is sold)
    assert (d.proven_after, d.after, d.judgement) == ("win", 0.0, "??")
