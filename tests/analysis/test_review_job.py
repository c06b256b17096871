"""The review as a job (issue 23): searches that go on from the tree of the position before, verdicts
known from the rules whatever the budget, the same review on any number of worker processes, progress
counted in decisions, and a record that changes only when the job is complete.

The rule-made answers come from the hand-built records of test_review.py: selling all one's prestige
at Phoros is ostracism (``end.ostracism``), passing in the last round without the wheat to feed the
capital loses at once (``end.capital-unfed``)."""
from __future__ import annotations

import random
import re

import pytest

import polis_nb as pn
from polis_nb.analysis import workers as workers_module
from polis_nb.analysis.bots import make_bot
from polis_nb.analysis.review_job import ReviewJob, plan, stretches
from polis_nb.analysis.search import Tree
from polis_nb.render.playview import review_view

from .test_review import phoros_game, played, unfed_game


def sensible_game(plies: int = 45) -> pn.Game:
    """A game of the sensible bot, cut after ``plies`` steps: 29 reviewed decisions, 40 positions in
    three stretches (so that two workers share the work)."""
    bot, g, rng = make_bot("sensible"), pn.Game(seed=3), random.Random(1)
    while g.state.ply < plies:
        g.play(bot.choose(g.state, rng))
    return g


# --- the tree goes along the line ---------------------------------------------------------------------

def test_a_search_goes_on_from_the_subtree_of_the_position_reached():
    s = pn.settle(pn.new_game(seed=3))
    tree = Tree(s)
    tree.run(random.Random(1), 64, seed=1)
    a, child = max(tree.root.children.items(), key=lambda ac: ac[1].visits)
    after = pn.apply(s, a)
    visits = child.visits
    assert visits > 1
    t2 = tree.follow([a], after)
    assert t2 is not None and t2.root is child and t2.state == after and t2.iterations == 0
    assert t2.root.visits == visits  # what the first search learnt there is kept
    t2.run(random.Random(2), 16, seed=2)
    assert t2.root.visits == visits + 16 and t2.iterations == 16
    # a line the tree does not hold, or a position that is not where the line leads: no tree
    other = next(b for b in pn.legal_actions(s) if b != a)
    assert tree.follow([other], after) is None
    assert Tree(s).follow([a], after) is None  # never searched


# --- verdicts the rules decide, whatever the budget ---------------------------------------------------------

@pytest.mark.parametrize("budget", [1, 4, 40])
def test_a_decision_that_loses_at_once_is_a_blunder_whatever_the_budget(budget):
    g = unfed_game()
    g.review(budget=budget, seed=1, workers=1)
    node = played(g, "pass")
    assert node.glyphs == ["??"] and node.evaluation == pn.record.node.Evaluation(0.0, "loss")
    assert node.comment.startswith("Blunder: this loses at once: Athens c") and "feed its capital" in node.comment
    g = phoros_game()
    r = g.review(budget=budget, seed=2, workers=1)
    sold, kept = played(g, "phoros 3"), played(g, "phoros 1")
    assert sold.glyphs == ["??"] and sold.comment.startswith("Blunder: this loses by force: Sparta has no prestige "
                                                             "after Phoros and is ostracised")
    assert sold.evaluation.proven == "win"  # for Athens: proven once Sparta has sold its last prestige
    # Athens keeps a prestige and wins at once: the proven best choice is never marked
    d = next(x for x in r.decisions if x.node is kept)
    assert d.judgement is None and d.loss == 0 and kept.glyphs == [] and kept.evaluation.proven == "win"


# --- the same review anywhere ----------------------------------------------------------------------------

def test_the_same_review_in_this_process_and_on_worker_processes():
    if not workers_module.available():
        pytest.skip("no subprocesses here")
    one, two, again = sensible_game(), sensible_game(), sensible_game()
    assert len(stretches(len(plan(one)[1]))) == 3
    r1 = one.review(budget=4, seed=7, workers=1)
    r2 = two.review(budget=4, seed=7, workers=2)
    r3 = again.review(budget=4, seed=7, workers=1)
    assert r1 == r2 == r3 and str(r1) == str(r2)
    assert one.to_text() == two.to_text() == again.to_text()
    other = sensible_game()
    other.review(budget=4, seed=8, workers=1)
    assert other.to_text() != one.to_text()


# --- the job: progress, the record only at the end, cancel ----------------------------------------------

def test_the_job_counts_decisions_and_writes_the_record_only_at_the_end():
    g = sensible_game()
    before = g.to_text()
    job = ReviewJob(g, 4, seed=1, workers=1)
    decisions, places, _ = plan(g)
    assert job.total == len(decisions) == 29 and job.done == 0 and not job.finished
    with pytest.raises(RuntimeError, match="not finished"):
        job.result()
    seen, steps = [], 0
    while job.step():
        steps += 1
        seen.append(job.done)
        assert g.to_text() == before  # nothing written yet
    assert steps >= len(places) - 1  # one chunk per position at least: a browser can draw between them
    assert seen == sorted(seen) and seen[0] < job.total and job.done == job.total and job.finished
    assert not job.step()
    r = job.result()
    assert job.result() is r and len(r.decisions) == job.total
    assert g.to_text() != before and g.review_result() == r
    fresh = sensible_game()
    assert fresh.review(budget=4, seed=1, workers=1) == r  # g.review() drives the same job


@pytest.mark.parametrize("workers", [1, 2])
def test_a_cancelled_job_leaves_the_record_as_it_was(workers):
    if workers > 1 and not workers_module.available():
        pytest.skip("no subprocesses here")
    g = sensible_game()
    before = g.to_text()
    job = ReviewJob(g, 4, seed=1, workers=workers)
    for _ in range(3):
        job.step()
    job.cancel()
    assert job.cancelled and g.to_text() == before
    assert all(n.evaluation is None for n in g.root.walk())
    with pytest.raises(RuntimeError, match="cancelled"):
        job.step()
    with pytest.raises(RuntimeError, match="not finished"):
        job.result()


def test_bad_arguments_are_refused():
    g = phoros_game()
    for kw, err in (({"budget": 0}, ValueError), ({"budget": 1.5}, TypeError), ({"seed": None}, TypeError),
                    ({"workers": 0}, ValueError), ({"workers": True}, ValueError)):
        with pytest.raises(err):
            ReviewJob(g, **kw)
    with pytest.raises(TypeError, match="progress"):
        ReviewJob(g, 4, workers=1).run(progress="yes")
    assert g.root.evaluation is None


# --- words --------------------------------------------------------------------------------------------

NOTATION = re.compile(r"\b[a-z]+ [a-z]+[.:]\d|\b[a-z]+:\d|\[(?:[a-z-]+\.)+[a-z-]+\]|\bply\b")


def test_the_review_reads_as_words_and_its_chart_says_what_a_click_does():
    g = sensible_game()
    r = g.review(budget=4, seed=1, workers=1)
    text, page = str(r), r._repr_html_()
    for d in r.decisions:
        shown = str(d)
        assert shown.startswith(f"{d.num}. Round ") and d.words in shown and d.num == d.ply + 1
        assert " " not in d.action or d.action not in shown
    assert not NOTATION.search(text) and not NOTATION.search(page), NOTATION.search(text + page)
    for d in r.flagged:  # the comment paragraphs: words, never the notation of what was played or preferred
        said = d.node.comment
        assert not NOTATION.search(said)
        assert all(x not in said for x in (d.action, d.best or "") if " " in x)
    static = str(r.chart())
    assert "opens its decision" not in static and 'role="button"' not in static
    live = review_view(r)["chart"]  # the Board, the Viewer and the exported page open a decision on a click
    assert "a point opens its decision" in live and 'role="button"' in live


def test_a_review_while_another_holds_the_workers_runs_in_its_own_process():
    """The Board's review in its thread and a review in a cell at once: the second finds the shared
    workers busy and runs here, with the same result."""
    if not workers_module.available():
        pytest.skip("no subprocesses here")
    held = workers_module.pool(2)
    try:
        assert held is not None and workers_module.pool(2) is None
        g = sensible_game()
        r = g.review(budget=4, seed=7, workers=2)
    finally:
        held._busy = False  # (the run that reserved it never started: free it by hand)
    assert r == sensible_game().review(budget=4, seed=7, workers=1)
    assert workers_module.pool(2) is held  # free again, and the same workers
    held._busy = False
