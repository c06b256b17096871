"""pn.analyse: every legal choice valued — proven ones exactly, estimates with a 95% interval only when
enough playouts back them, untried ones "not evaluated" — the best line, how the playouts ended, the
payment variants grouped as one row; one tree that deepens with the budget; the same result
wherever the playouts run; the table, the plot and the comparison of two branches. Positions whose
answer is known from the rules are in test_known_answers.py."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import polis_nb as pn
from polis_nb.analysis import Analysis, analyse, sensible_policy
from polis_nb.analysis.evaluate import MIN_INTERVAL, NUMBERS_NOTE, _interval, line_words
from polis_nb.analysis.odds import setup_state
from polis_nb.analysis.search import Tree
from polis_nb.render.text import action_words
from polis_nb.rules import is_legal, paid_with


def _late(edition: str) -> pn.State:
    """A player's turn late in a seeded game of sensible bots, with at least four choices."""
    for seed in range(20):
        rng = random.Random(seed)
        s = pn.new_game(edition, seed=seed)
        turns = []
        while not s.is_terminal:
            if not s.is_chance and s.pending.kind == "turn" and len(pn.legal_actions(s)) >= 4 and not s.passed:
                turns.append(s)
            s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
        if len(turns) >= 6:
            return turns[len(turns) // 2]
    raise AssertionError("no seeded game had a late turn with four choices")


def _alone() -> pn.State:
    """A turn of a side acting alone with goods of several kinds (its actions come in payment
    variants), from a seeded game of sensible bots."""
    for seed in range(40):
        rng = random.Random(seed)
        s = pn.new_game("ed1", seed=seed)
        while not s.is_terminal:
            if (not s.is_chance and s.pending.kind == "turn" and s.passed
                    and sum(1 for a in pn.legal_actions(s) if len(a.args) == 1 and a.args[0].startswith("+")) >= 4):
                return s
            s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
    raise AssertionError("no seeded game had a side acting alone with payment variants")


@pytest.fixture(scope="module")
def late():
    return _late("ed2")


@pytest.fixture(scope="module")
def small(late):
    return analyse(late, budget=160, seed=5)


def test_every_legal_choice_is_valued_honestly(late, small):
    a = small
    assert isinstance(a, Analysis) and a.player == late.current_player
    assert sorted(str(c.action) for c in a.choices) == sorted(str(x) for x in pn.legal_actions(late))
    assert a.iterations == 160 and sum(c.visits for c in a.choices) <= 160
    for c in a.choices:
        if c.proven is not None:
            assert c.p == {"win": 1.0, "loss": 0.0, "shared": 0.5}[c.proven] == c.low == c.high
        elif c.visits == 0:
            assert (c.p, c.low, c.high) == (None, None, None) and c.reason.startswith("not evaluated")
        elif c.visits < MIN_INTERVAL:  # no estimate from fewer playouts than an interval takes
            assert (c.p, c.low, c.high) == (None, None, None) and c.reason.startswith("not evaluated")
            assert f"{c.visits} playout" in c.reason
        else:
            assert 0.0 <= c.low <= c.p <= c.high <= 1.0
            assert "playouts" in c.reason
        assert sum(c.ends.values()) == c.visits or c.proven is not None
    assert a.best is a.choices[0] and a.best.p is not None


def test_no_estimate_from_fewer_playouts_than_an_interval_takes(late, small):
    """ARCHITECTURE §9: an estimate reads as a playout share with enough playouts behind it. Where the
    budget allows, every row (a choice, up to how it is paid) not proven gets MIN_INTERVAL playouts;
    where it does not, as many rows as it allows do, and the other choices are "not evaluated"
    (their playouts counted, no number shown)."""
    enough = analyse(late, budget=MIN_INTERVAL * len(small.groups) + len(small.choices), seed=5)
    rows = enough.groups
    assert all(g.best.proven is not None or (g.best.visits >= MIN_INTERVAL and g.best.low is not None) for g in rows), \
        [(g.what, g.best.visits) for g in rows]
    budget = MIN_INTERVAL * 2 + len(small.choices)  # two rows' worth after every choice's first playout
    a = analyse(late, budget=budget, seed=5)
    shown = [g for g in a.groups if g.best.p is not None and g.best.proven is None]
    assert len(shown) == 2 and all(g.best.visits >= MIN_INTERVAL and g.best.low is not None for g in shown), str(a)
    for c in a.choices:
        if c.p is None:
            assert c.visits < MIN_INTERVAL and "not evaluated" in c.reason
    assert "not evaluated" in str(a)
    assert a.athens_interval[0] is not None  # the position still has its value (the best choice's share)


def test_rows_before_payment_variants_get_their_playouts():
    """Ed1 · Aktionen (acting alone, an action paid with a good of one's choice): the variants of one
    choice share a row, shown by its best; the playouts an estimate needs go to every row first, so
    passing is valued beside the moves even when the three ways to pay for each could not all be."""
    s = _alone()
    acts = pn.legal_actions(s)
    kinds = {pw[0] if (pw := paid_with(s, a)) else str(a) for a in acts}
    assert len(kinds) < len(acts)
    rows = pn.analyse(s, budget=MIN_INTERVAL * len(kinds) + len(acts), seed=3).groups  # just enough for the rows
    assert len(rows) == len(kinds)
    assert all(g.best.proven is not None or g.best.visits >= MIN_INTERVAL for g in rows), \
        [(g.what, [c.visits for c in g.choices]) for g in rows]


def test_untried_choices_are_not_evaluated_rather_than_zero(late):
    a = analyse(late, budget=2, seed=1)
    untried = [c for c in a.choices if c.visits == 0 and c.proven is None]
    assert untried and all(c.p is None for c in untried)
    assert "not evaluated" in str(a)


def test_the_counts_of_how_playouts_ended(small):
    expected: dict[str, int] = {}
    cut = 0
    for c in small.choices:
        for rules, n in c.ends.items():
            if rules == ("cut off",):
                cut += n
                continue
            for r in rules:
                expected[r] = expected.get(r, 0) + n
    assert dict(small.decided_by) == expected and small.cut == cut
    assert all(r in pn.RULES for r in small.decided_by)


def test_the_best_line_starts_with_the_best_choice(small, late):
    line = small.line
    assert line and line[0].text == str(small.best.action) and line[0].who == late.current_player
    assert all(x.who in ("athens", "sparta", "chance") for x in line)
    assert all((x.p is None) == (x.who == "chance") for x in line)


def test_choices_and_the_best_line_in_words_numbered_as_the_widgets(small, late):
    """Each choice and each step of the best line carries its words (the widgets' name for it) beside
    its notation; the line's decisions are numbered as the widgets number them (the position's next
    decision is its ply + 1) and said one a row, the side first."""
    assert all(c.words == action_words(late, c.action) and c.notation == str(c.action) for c in small.choices)
    s = late
    for k, x in enumerate(small.line):
        assert x.number == late.ply + 1 + k and x.notation == x.text
        a = pn.parse_action(s, x.text)
        assert x.words == action_words(s, a) and str(x) == f"{x.who.capitalize()}: {x.words}"
        s = pn.apply(s, a)
    said = small.line_said()
    assert said[0] == f"{late.ply + 1}. {late.current_player.capitalize()}: {small.best.words}"
    assert "\n  best line:\n    " + "\n    ".join(said) in str(small)
    assert f"<ol start='{late.ply + 1}'>" in small._repr_html_()


def test_a_line_through_a_hidden_hand_is_said_up_to_it():
    """Sparta attacks (exercise 09): the search, seeing only Sparta's hand, answers with Athenian cards
    of its own guess; the line is said up to there and then says why it stops."""
    from polis_nb.lessons import start

    s = start("09-sure-loss")
    a = analyse(s, budget=60, seed=1)
    assert [x.who for x in a.line[:2]] == ["sparta", "athens"] and a.line[0].words and not a.line[1].words
    assert not is_legal(pn.apply(s, a.line[0].text), pn.Action.from_text(a.line[1].text))
    assert a.line_said() == [f"{s.ply + 1}. Sparta: {a.line[0].words}",
                             "… (the line goes on with cards this analysis cannot see)"]


def test_a_line_is_said_only_as_far_as_it_stays_in_the_game():
    s = pn.settle(pn.new_game("ed1", seed=3))
    moves = [pn.Action.from_text(x) for x in ("hoplites", "to arkadia", "polis argos", "end")]
    assert line_words(s, moves) == ["Move hoplites", "To Arkadia", "", ""]  # 'polis argos' is no choice there


def test_athens_view_of_the_position(small, late):
    p, lo, hi = small.athens_interval
    b = small.best
    if late.current_player == "athens":
        assert (p, lo, hi) == (b.p, b.low, b.high)
    else:
        assert p == pytest.approx(1 - b.p)
        assert (lo is None) == (b.high is None)
    d = small.to_dict()
    assert d["athens"]["p"] == p and [c["action"] for c in d["choices"]] == [str(c.action) for c in small.choices]
    assert small.bar_text().startswith("Athens wins") and "playouts" in small.bar_text()


def test_same_seed_same_analysis_and_another_seed_differs(late, small):
    assert analyse(late, budget=160, seed=5).to_dict() == small.to_dict()
    assert analyse(late, budget=160, seed=6).to_dict()["choices"] != small.to_dict()["choices"]


def test_one_tree_deepens_with_the_budget(late):
    """A larger budget grows the same tree further: the first waves are the same, and later ones
    add nodes below them rather than starting new trees."""
    t = Tree(late)
    rng = random.Random(1)
    t.run(rng, 64, seed=1)
    first = {str(a): n.visits for a, n in t.root.children.items()}
    nodes_before = _count(t.root)
    t.run(rng, 256, seed=1)
    assert t.iterations == 320
    assert all(t.root.children[pn.parse_action(late, a)].visits >= v for a, v in first.items())
    assert _count(t.root) > nodes_before + 200
    assert _depth(t.root) > 3


def _count(node) -> int:
    return 1 + sum(_count(c) for c in node.children.values())


def _depth(node) -> int:
    return 1 + max((_depth(c) for c in node.children.values()), default=0)


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


def test_the_result_does_not_depend_on_where_playouts_run(late, small, dask_clients):
    for c in dask_clients:
        assert analyse(late, budget=160, seed=5, client=c).to_dict() == small.to_dict()


def test_by_default_everything_runs_here(monkeypatch, late):
    from polis_nb.analysis import cluster

    def refuse(*a, **k):
        raise AssertionError("a cluster was started without being asked for")

    monkeypatch.setattr(cluster, "local_client", refuse)
    a = analyse(late, budget=48, seed=1)
    assert a.iterations == 48


def test_the_interval_covers_the_mean_about_95_percent_of_the_time():
    """The interval of a choice is a normal 95% interval of its playout scores (wins, shared
    results and evaluations in [0, 1]): over many samples of a known distribution it holds the true
    mean about 95% of the time, and halves when the playouts quadruple."""
    rng = random.Random(7)
    for dist, mean in ((lambda: float(rng.random() < 0.3), 0.3), (lambda: rng.choice((0.0, 0.5, 0.9, 1.0)), 0.6),
                       (lambda: rng.betavariate(2, 5), 2 / 7)):
        hits = 0
        for _ in range(400):
            xs = [dist() for _ in range(60)]
            _, lo, hi = _interval(sum(xs), sum(x * x for x in xs), len(xs))
            hits += lo <= mean <= hi
        assert 0.91 <= hits / 400 <= 0.985, hits
    _, lo1, hi1 = _interval(30, 30 * 0.5, 100)
    _, lo4, hi4 = _interval(120, 120 * 0.5, 400)
    assert (hi4 - lo4) == pytest.approx((hi1 - lo1) / 2, rel=0.05)
    assert _interval(5, 5, MIN_INTERVAL - 1)[1:] == (None, None)


def test_target_stops_once_the_best_choice_is_known_closely_enough(late):
    a = analyse(late, budget=3000, target=0.1, seed=2)
    assert a.best.half_width <= 0.1 and a.iterations < 3000


def test_a_finished_game_and_a_chance_step():
    rng = random.Random(4)
    s = pn.new_game("ed1", seed=4)
    while not s.is_terminal:
        s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
    done = analyse(s)
    w = s.outcome.winner
    v = 0.5 if w is None else 1.0 if w == "athens" else 0.0
    assert done.athens_interval == (v, v, v) and done.best is None and done.iterations == 0
    assert done.athens_proven == ("shared" if w is None else "win" if w == "athens" else "loss")
    assert set(done.decided_by) == set(s.outcome.rules)
    chance = pn.new_game("ed1", seed=4)
    a = analyse(chance, budget=32, seed=1)
    assert a.player == "chance" and a.best is None and a.iterations == 32
    p, lo, hi = a.athens_interval
    assert 0 <= lo <= p <= hi <= 1 and a.line and a.line[0].who == "chance"


def _battle_cards(edition: str) -> pn.State:
    comp = pn.default_components(edition).name
    s = pn.settle(setup_state("land", (4, 3), (3, 3), components=comp), random.Random(2))
    while s.pending.kind not in ("battle-attack", "battle-defend"):
        s = pn.settle(pn.apply(s, pn.legal_actions(s)[0]), random.Random(2))
    return s


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
@pytest.mark.parametrize("view", [None, "other", "mover", "athens", "sparta"])
def test_any_view_at_a_battle_card_decision(edition, view):
    """Regression: a spectator's analysis (view=None), or the side not to move, at a battle card
    decision raised KeyError; every view now values exactly the legal choices."""
    s = _battle_cards(edition)
    if view == "other":
        view = ("athens", "sparta")[1 - s.pending.player]
    a = analyse(s, budget=48, seed=3, view=view)
    assert sorted(str(c.action) for c in a.choices) == sorted(str(x) for x in pn.legal_actions(s))
    assert a.proven is None  # hidden cards: nothing is proven
    assert all(c.proven is None for c in a.choices)


def test_payment_variants_are_one_row():
    """Acting alone, every action is listed once per good that could pay for it; the analysis keeps
    them as choices but shows one row per action with its payments."""
    s = pn.position("ed1", 3, round="4")
    while not (s.pending.kind == "turn" and s.passed):
        acts = pn.legal_actions(s)
        s = pn.settle(pn.apply(s, "pass" if pn.Action("pass") in acts else acts[0]), random.Random(1))
    a = analyse(s, budget=40, seed=1)
    rows = a.groups
    assert len(rows) < len(a.choices)
    assert sum(len(g.choices) for g in rows) == len(a.choices)
    paid = [g for g in rows if len(g.choices) > 1]
    assert paid and all(len(g.payments) == len(g.choices) and all(p.startswith("+") for p in g.payments)
                        for g in paid)
    assert all(str(c.action).startswith(g.what + " +") for g in paid for c in g.choices)
    text = str(a)
    assert "(pay with " in text and "+" not in text.split("best line")[0]
    trade = next(g for g in rows if g.what == "trade")
    assert trade.words == f"Trade (pay with {', '.join(p[1:] for p in trade.payments[:-1])} or {trade.payments[-1][1:]})"
    assert text.count("\n  Trade") == 1 and trade.notation == "trade"


def test_bad_arguments_are_refused_before_any_work():
    s = pn.settle(pn.new_game("ed1", seed=3))
    for kw, what in (({"budget": 0}, "budget"), ({"budget": 2.5}, "budget"), ({"wave": 0}, "wave"),
                     ({"target": 0.7}, "target"), ({"seconds": -1}, "seconds"), ({"view": "persia"}, "view"),
                     ({"rollout": "oracle"}, "rollout"), ({"client": "nowhere"}, "client")):
        with pytest.raises(ValueError, match=what):
            analyse(s, **kw)
    with pytest.raises(TypeError, match="State"):
        analyse("hoplites")


def test_table_and_plot(small):
    text = str(small)
    assert text.startswith(f"Analysis for {small.player.capitalize()}: 160 playouts")
    assert "best line:" in text and NUMBERS_NOTE in text
    assert repr(small).startswith(f"<Analysis for {small.player.capitalize()}, 160 playouts: "
                                  f"best “{small.best.words}”, ")
    h = small._repr_html_()
    assert h.count("<tr>") == len(small.groups) + 1 and "<script" not in h and "What these numbers mean" in h
    svg = small.plot()
    root = ET.fromstring(svg)  # well-formed SVG
    assert root.tag.endswith("svg") and svg._repr_svg_() == str(svg)
    labels = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert all((g.what if g.payments else str(g.best.action)) in labels for g in small.groups)
    with pytest.raises(ValueError, match="width"):
        small.plot(width=50)


def test_comparing_two_branches_with_an_evaluation():
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; end")
    a = g.node
    b = g.root.next()
    plain = g.compare(a, b)
    assert plain.evaluations is None and "Evaluation" not in str(plain)
    ev = plain.evaluate(budget=32, seed=1)
    assert ev.differences == plain.differences and len(ev.evaluations) == 2
    assert all(isinstance(x, Analysis) and x.iterations == 32 for x in ev.evaluations)
    lines = [x for x in str(ev).splitlines() if x.startswith("Evaluation of")]
    assert len(lines) == 2 and lines[0].startswith("Evaluation of A: Athens wins")
    assert "Evaluation of B" in ev._repr_html_()
    from polis_nb.record.compare import Comparison

    direct = Comparison(a.state, b.state, evaluate={"budget": 32, "seed": 1})
    assert [x.to_dict() for x in direct.evaluations] == [x.to_dict() for x in ev.evaluations]
    with pytest.raises(TypeError, match="evaluate"):
        Comparison(a.state, b.state, evaluate="lots")


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_positions_after_a_battle_are_fixed_by_the_public_decisions(edition, monkeypatch):
    """Below a card the analysing side cannot see, tree nodes merge many positions; once the battle is
    over the position depends only on the decisions everyone saw, so such nodes are exact again (and
    may be proven). Every deal that reaches such a node must meet the very same position."""
    monkeypatch.setattr(Tree, "check_exact", True)
    s = _battle_cards(edition)
    t = Tree(s)
    t.run(random.Random(4), 2000, seed=4)  # (the prior keeps the tree narrow: it takes this many to see a battle end)
    assert not t.root.exact and _exact_below(t.root) > 0


def _exact_below(node) -> int:
    return sum((c.exact and not node.exact) + _exact_below(c) for c in node.children.values())
