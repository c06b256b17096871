"""pn.analyse: every legal choice with a win probability and an honest 95% interval, the best line,
the rules that ended the playouts; the same result whatever runs the tasks (this process, one
Dask worker or two); the table, the plot and the comparison of two branches."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import polis_nb as pn
from polis_nb.analysis import Analysis, analyse, sensible_policy
from polis_nb.analysis.cluster import run_tasks, task_rng


def _late(edition: str) -> pn.State:
    """A player's turn late in a seeded game of sensible bots, with at least four choices (short
    playouts keep the statistical tests quick)."""
    for seed in range(20):
        rng = random.Random(seed)
        s = pn.new_game(edition, seed=seed)
        turns = []
        while not s.is_terminal:
            if not s.is_chance and s.pending.kind == "turn" and len(pn.legal_actions(s)) >= 4:
                turns.append(s)
            s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
        if len(turns) >= 6:
            return turns[-5]
    raise AssertionError("no seeded game had a late turn with four choices")


@pytest.fixture(scope="module")
def late():
    return _late("ed2")


@pytest.fixture(scope="module")
def small(late):
    return analyse(late, budget=120, chunk=40, seed=5, client="serial")


def test_analyse_lists_every_legal_choice_with_an_interval(late, small):
    a = small
    assert isinstance(a, Analysis) and a.player == late.current_player
    assert sorted(str(c.action) for c in a.choices) == sorted(str(x) for x in pn.legal_actions(late))
    assert a.iterations == 120 and a.tasks == 3
    assert sum(c.visits for c in a.choices) == 120
    for c in a.choices:
        assert c.wins + c.shared + c.losses == c.visits
        assert 0.0 <= c.low <= c.p <= c.high <= 1.0
        if c.visits:
            assert c.p == pytest.approx((c.wins + c.shared / 2) / c.visits)
            assert sum(c.ends.values()) == c.visits and all(r in pn.RULES for k in c.ends for r in k)
    visits = [c.visits for c in a.choices]
    assert visits == sorted(visits, reverse=True) and a.best is a.choices[0]


def test_analyse_counts_the_rules_that_ended_the_playouts(small):
    expected: dict[str, int] = {}
    for c in small.choices:
        for rules, n in c.ends.items():
            for r in rules:
                expected[r] = expected.get(r, 0) + n
    assert dict(small.decided_by) == expected
    assert any(r.startswith("end.") for r in small.decided_by)


def test_the_best_line_starts_with_the_best_choice(small, late):
    line = small.line
    assert line and line[0].text == str(small.best.action) and line[0].who == late.current_player
    assert line[0].visits == small.best.visits
    assert all(x.who in ("athens", "sparta", "chance") for x in line)
    assert all((x.p is None) == (x.who == "chance") for x in line)


def test_athens_view_of_the_position(small, late):
    p, lo, hi = small.athens_interval
    b = small.best
    if late.current_player == "athens":
        assert (p, lo, hi) == (b.p, b.low, b.high)
    else:
        assert (p, lo, hi) == pytest.approx((1 - b.p, 1 - b.high, 1 - b.low))
    d = small.to_dict()
    assert d["athens"]["p"] == p and [c["action"] for c in d["choices"]] == [str(c.action) for c in small.choices]


def test_same_seed_same_analysis_and_another_seed_differs(late, small):
    again = analyse(late, budget=120, chunk=40, seed=5, client="serial")
    assert again.to_dict() == small.to_dict()
    other = analyse(late, budget=120, chunk=40, seed=6, client="serial")
    assert other.to_dict()["choices"] != small.to_dict()["choices"]


@pytest.fixture(scope="module")
def dask_clients():
    distributed = pytest.importorskip("distributed")
    clients = []
    for n in (1, 2):
        cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=False, dashboard_address=":0")
        clients.append(distributed.Client(cluster))
    yield clients
    for c in clients:
        cluster = c.cluster
        c.close()
        cluster.close()


def test_the_result_does_not_depend_on_the_workers(late, small, dask_clients):
    for c in dask_clients:
        assert analyse(late, budget=120, chunk=40, seed=5, client=c).to_dict() == small.to_dict()


def test_tasks_are_seeded_by_index_not_by_worker(dask_clients):
    tasks = [("t", 3, i) for i in range(6)]
    serial = run_tasks(_draw, tasks, client="serial")
    assert serial == [task_rng("t", 3, i).random() for i in range(6)]
    for c in dask_clients:
        assert run_tasks(_draw, tasks, client=c) == serial


def _draw(kind, seed, index):
    return task_rng(kind, seed, index).random()


def test_one_task_runs_here_without_starting_a_cluster(monkeypatch, late):
    from polis_nb.analysis import cluster

    def refuse(*a, **k):
        raise AssertionError("a cluster was started for one task")

    monkeypatch.setattr(cluster, "local_client", refuse)
    a = analyse(late, budget=30, chunk=30, seed=1)
    assert a.tasks == 1 and a.iterations == 30


def test_intervals_are_honest(late):
    """Across independent small runs, the 95% interval of each well-tried choice holds the value a
    run ten times larger converges to (same tree size per task) about 95% of the time; intervals
    half as wide would hold it about 70% of the time and fail this test."""
    ref = analyse(late, budget=1000, chunk=25, seed=1000, client="serial")
    hits = total = 0
    for k in range(12):
        a = analyse(late, budget=100, chunk=25, seed=k, client="serial")
        for c in a.choices:
            if c.visits >= 8:
                total += 1
                hits += c.low <= ref.choice(c.action).p <= c.high
    assert total >= 30
    assert hits / total >= 0.85, (hits, total)


def test_target_runs_waves_until_the_interval_is_narrow_enough(late):
    a = analyse(late, budget=2000, chunk=20, target=0.2, seed=2, client="serial")
    assert a.best.half_width <= 0.2 and a.iterations < 2000 and a.iterations % 20 == 0


def test_a_finished_game_and_a_chance_step():
    rng = random.Random(4)
    s = pn.new_game("ed1", seed=4)
    while not s.is_terminal:
        s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
    done = analyse(s, client="serial")
    w = s.outcome.winner
    v = 0.5 if w is None else 1.0 if w == "athens" else 0.0
    assert done.athens_interval == (v, v, v) and done.best is None and done.iterations == 0
    assert set(done.decided_by) == set(s.outcome.rules)
    chance = pn.new_game("ed1", seed=4)
    a = analyse(chance, budget=20, seed=1, client="serial")
    assert a.player == "chance" and a.best is None and a.iterations == 20
    p, lo, hi = a.athens_interval
    assert 0 <= lo <= p <= hi <= 1 and a.line and a.line[0].who == "chance"


def test_bad_arguments_are_refused_before_any_work():
    s = pn.settle(pn.new_game("ed1", seed=3))
    for kw, what in (({"budget": 0}, "budget"), ({"budget": 2.5}, "budget"), ({"chunk": 0}, "chunk"),
                     ({"target": 0.7}, "target"), ({"seconds": -1}, "seconds"), ({"view": "persia"}, "view"),
                     ({"rollout": "oracle"}, "rollout"), ({"client": "nowhere"}, "client")):
        with pytest.raises(ValueError, match=what):
            analyse(s, **kw)
    with pytest.raises(TypeError, match="State"):
        analyse("hoplites")


def test_table_and_plot(small):
    text = str(small)
    assert text.startswith(f"Analysis for {small.player.capitalize()}: 120 playouts")
    assert "best line:" in text and "games ended by:" in text
    assert repr(small).startswith(f"<Analysis {small.player}, 120 playouts: best {small.best.action} ")
    h = small._repr_html_()
    assert h.count("<tr>") == len(small.choices) + 1 and "<script" not in h
    svg = small.plot()
    root = ET.fromstring(svg)  # well-formed SVG
    assert root.tag.endswith("svg") and svg._repr_svg_() == str(svg)
    labels = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert all(str(c.action) in labels for c in small.choices)
    with pytest.raises(ValueError, match="width"):
        small.plot(width=50)


def test_comparing_two_branches_with_an_evaluation():
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; end")
    a = g.node
    b = g.root.next()
    plain = g.compare(a, b)
    assert plain.evaluations is None and "Evaluation" not in str(plain)
    ev = plain.evaluate(budget=30, seed=1, client="serial")
    assert ev.differences == plain.differences and len(ev.evaluations) == 2
    assert all(isinstance(x, Analysis) and x.iterations == 30 for x in ev.evaluations)
    lines = [x for x in str(ev).splitlines() if x.startswith("Evaluation of")]
    assert len(lines) == 2 and lines[0].startswith("Evaluation of A: Athens wins")
    assert "Evaluation of B" in ev._repr_html_()
    from polis_nb.record.compare import Comparison

    direct = Comparison(a.state, b.state, evaluate={"budget": 30, "seed": 1, "client": "serial"})
    assert [x.to_dict() for x in direct.evaluations] == [x.to_dict() for x in ev.evaluations]
    with pytest.raises(TypeError, match="evaluate"):
        Comparison(a.state, b.state, evaluate="lots")
