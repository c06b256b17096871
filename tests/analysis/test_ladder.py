"""The round-robin ladder: every pair plays both editions and both colours, results with 95%
Wilson intervals, the same table on any number of Dask workers; the search bot plays in it."""
from __future__ import annotations

from collections import Counter

import pytest

import polis_nb as pn
from polis_nb.analysis import SearchBot, ladder
from polis_nb.analysis.battle_result import wilson


@pytest.fixture(scope="module")
def lad():
    return ladder(["random", "sensible", "greedy"], games=8, seed=3, client="serial")


def test_every_pair_plays_both_editions_and_both_colours(lad):
    assert [(p.a, p.b) for p in lad.pairs] == [("random", "sensible"), ("random", "greedy"), ("sensible", "greedy")]
    assert len(lad.games) == 24 and all(p.games == 8 for p in lad.pairs)
    for p in lad.pairs:
        games = [g for g in lad.games if {g.athens, g.sparta} == {p.a, p.b}]
        as_athens = Counter((g.edition, g.athens) for g in games)
        assert as_athens == {(ed, bot): 2 for ed in ("ed1", "ed2") for bot in (p.a, p.b)}
    assert len({g.index for g in lad.games}) == 24


def test_results_add_up_with_wilson_intervals(lad):
    for p in lad.pairs:
        assert p.wins + p.shared + p.losses == p.games == sum(p.ended_by.values())
        assert p.interval == wilson(p.wins + p.shared / 2, p.games)
        assert p.interval[0] <= p.score <= p.interval[1]
        games = [g for g in lad.games if {g.athens, g.sparta} == {p.a, p.b}]
        assert p.wins == sum(g.winner == p.a for g in games) and p.losses == sum(g.winner == p.b for g in games)
    per_edition = [lad.table(ed) for ed in ("ed1", "ed2")]
    for k, p in enumerate(lad.pairs):
        assert p.wins == sum(t[k].wins for t in per_edition) and p.games == sum(t[k].games for t in per_edition)
    assert sorted(n for n, _, _ in lad.standings()) == ["greedy", "random", "sensible"]


def test_same_table_with_one_or_two_workers(lad):
    distributed = pytest.importorskip("distributed")
    for n in (1, 2):
        with distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=False,
                                      dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
            again = ladder(["random", "sensible", "greedy"], games=8, seed=3, client=c)
        assert again.to_dict()["games"] == [g | {"seconds": x["seconds"]} for g, x in
                                            zip(lad.to_dict()["games"], again.to_dict()["games"])]
        assert again.to_dict()["pairs"] == lad.to_dict()["pairs"]


def test_table_text_and_html(lad):
    text = str(lad)
    assert text.startswith("Ladder, 24 games (ed1, ed2, colours alternated), seed 3")
    assert " ed1:" in text and " ed2:" in text and "random v sensible" in text and "standings:" in text
    assert lad._repr_html_().count("<tr>") == 4 and repr(lad) == "<Ladder random, sensible, greedy: 24 games>"


def test_bad_ladders_are_refused():
    with pytest.raises(ValueError, match="at least two bots"):
        ladder(["random"], client="serial")
    with pytest.raises(ValueError, match="two bots are named 'random'"):
        ladder(["random", "random"], client="serial")
    with pytest.raises(ValueError, match="unknown edition 'ed3'"):
        ladder(["random", "sensible"], editions=("ed3",), client="serial")
    with pytest.raises(ValueError, match="games"):
        ladder(["random", "sensible"], games=0, client="serial")
    with pytest.raises(ValueError, match="unknown bot"):
        ladder(["random", "stockfish"], client="serial")


def test_the_search_bot_plays_in_a_ladder():
    """The search bot plays whole games in a ladder (both editions, both colours). Its strength is
    measured by bench/search.py (4N iterations against N) and bench/ladder.py, not here: a handful
    of games proves nothing; its choices at positions whose answer the rules decide are checked in
    test_known_answers.py."""
    lad = ladder({"search": SearchBot(iterations=8), "sensible": "sensible"}, games=4, seed=0)
    p = lad.pairs[0]
    assert (p.a, p.b, p.games) == ("search", "sensible", 4)
    assert p.wins + p.shared + p.losses == 4 == len(lad.games)
    assert {g.edition for g in lad.games} == {"ed1", "ed2"} and {g.athens for g in lad.games} == {"search", "sensible"}
    assert all(r in pn.RULES for rules in p.ended_by for r in rules)


def test_the_ladder_reports_how_games_ended(lad):
    n = len(lad.games)
    scored = sum(1 for g in lad.games if "end.score" in g.rules)
    line = str(lad).splitlines()[-1]
    assert line.startswith(f" how the games ended: final scoring {scored}/{n} ")
    deaths = [g for g in lad.games if "end.score" not in g.rules]
    assert all(g.rules[0] in line for g in deaths)
