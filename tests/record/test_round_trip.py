"""Round trips of whole records through the .polis text and the JSON form (property based).

Records come from seeded random games (random and sensible bots), with what-if branches, other
decisions played at random earlier nodes, and comments full of the formats' own delimiters."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import polis_nb as pn

from .builders import TRICKY, random_record, states_along

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True)

tricky_text = st.lists(st.one_of(st.sampled_from(TRICKY), st.text(max_size=6)), max_size=6).map("".join)
seeds = st.integers(min_value=0, max_value=10**6)


def assert_same_trees(a: pn.Game, b: pn.Game) -> None:
    assert a.same_record(b)
    sa, sb = states_along(a), states_along(b)
    assert [p for p, _ in sa] == [p for p, _ in sb]
    for (path, x), (_, y) in zip(sa, sb):
        assert x == y, f"the position after {' ; '.join(path)} differs"


@SETTINGS
@given(seed=seeds, texts=st.lists(tricky_text, max_size=8), names=st.lists(tricky_text, max_size=4))
def test_record_text_round_trip_random_games(seed, texts, names):
    g = random_record(seed, texts=texts, names=names)
    text = g.to_text()
    back = pn.Game.from_text(text, strict=True)
    assert back.errors == []
    assert_same_trees(g, back)
    assert back.to_text() == text  # writing again changes nothing
    assert back.replay() == []


@SETTINGS
@given(seed=seeds, texts=st.lists(tricky_text, max_size=8), names=st.lists(tricky_text, max_size=4))
def test_record_json_round_trip_random_games(seed, texts, names):
    g = random_record(seed, texts=texts, names=names)
    d = g.to_json()
    dumped = json.dumps(d, ensure_ascii=False)
    back = pn.Game.from_json(dumped, strict=True)
    assert back.errors == []
    assert_same_trees(g, back)
    assert back.to_json() == d
    assert json.dumps(back.to_json(), ensure_ascii=False) == dumped
    # and across formats: JSON → text → JSON
    assert pn.Game.from_text(back.to_text(), strict=True).to_json() == d


@SETTINGS
@given(seed=seeds, texts=st.lists(tricky_text, max_size=5), names=st.lists(tricky_text, min_size=1, max_size=3),
       reorders=st.integers(1, 6))
def test_record_round_trip_after_promote_demote(seed, texts, names, reorders):
    """Names and comments before a variation stay with their node when it is promoted to the main line."""
    g = random_record(seed, plies=60, variations=4, texts=texts, names=names, reorders=reorders)
    back = pn.Game.from_text(g.to_text(), strict=True)
    assert_same_trees(g, back)
    assert back.to_text() == g.to_text()
    assert_same_trees(g, pn.Game.from_json(g.to_json(), strict=True))


@settings(max_examples=10, deadline=None, derandomize=True)
@given(seed=seeds, texts=st.lists(tricky_text, max_size=5))
def test_record_save_load_round_trip_files(tmp_path_factory, seed, texts):
    g = random_record(seed, plies=50, variations=3, texts=texts)
    d = tmp_path_factory.mktemp("rec")
    for name in ("game.polis", "game.json"):
        g.save(d / name)
        back = pn.Game.load(d / name, strict=True)
        assert_same_trees(g, back)
        back.save(d / ("again-" + name))
        assert (d / ("again-" + name)).read_bytes() == (d / name).read_bytes()


@SETTINGS
@given(values=st.lists(tricky_text, min_size=3, max_size=3))
def test_record_round_trip_keeps_headers(values):
    g = pn.Game(edition="ed1", seed=11, headers={"Athens": 'Perikles "the Olympian" \\ Ἀθῆναι' + values[0],
                                                  "Event": values[1], "X-Engine": values[2]})
    g.play("pass")
    text = g.to_text()
    assert text.split("\n\n")[0].count("\n") == len(g.headers) - 1  # one line per header
    back = pn.Game.from_text(text, strict=True)
    assert back.headers == g.headers and back.same_record(g)
    assert pn.Game.from_json(g.to_json(), strict=True).headers == g.headers


def test_record_round_trip_options_and_an_unsettled_game():
    g = pn.Game(edition="ed1", seed=5, spoilage="printed-de")
    assert g.headers["Options"] == "spoilage=printed-de"
    back = pn.Game.from_text(g.to_text(), strict=True)
    assert back.same_record(g) and back.root.state == g.root.state and back.root.state.options == g.root.state.options
    empty = pn.Game(edition="ed1", seed=5, settle=False)
    assert empty.root.variations == []
    for other in (pn.Game.from_text(empty.to_text(), strict=True), pn.Game.from_json(empty.to_json(), strict=True)):
        assert other.same_record(empty) and other.root.variations == []
    empty.comment("{only} a comment \\", node=empty.root)
    empty.highlight("attika", node=empty.root)
    for other in (pn.Game.from_text(empty.to_text(), strict=True), pn.Game.from_json(empty.to_json(), strict=True)):
        assert other.same_record(empty) and other.root.marks == [pn.Mark.highlight("attika")]


def test_record_round_trip_full_games_every_position():
    """Whole games to the end, written and read again: every node's position is identical."""
    for seed in (1, 2, 5):
        g = random_record(seed, plies=400, variations=2)
        assert any(n.state.is_terminal for n in g.root.walk())
        assert_same_trees(g, pn.Game.from_text(g.to_text(), strict=True))
