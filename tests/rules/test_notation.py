"""Action notation, position notation and JSON: exact round trips and precise errors."""
import json
import random

import pytest

import polis_nb as pn
from polis_nb.analysis import sensible_policy


def _positions(seed=5, every=3):
    rng = random.Random(seed)
    s = pn.new_game(seed=seed)
    out = []
    while not s.is_terminal:
        if s.ply % every == 0:
            out.append(s)
        a = pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng)
        s = pn.apply(s, a)
    return out + [s]


def test_notation_action_round_trip_over_a_game():
    for s in _positions():
        for a in pn.legal_actions(s):
            assert pn.parse_action(s, str(a)) == a
            assert pn.Action.from_text(str(a)) == a
            assert pn.Action.from_dict(json.loads(json.dumps(a.to_dict()))) == a
            assert eval(repr(a), {"Action": pn.Action}) == a  # the repr is the constructor call


def test_notation_action_errors_say_where():
    s = pn.settle(pn.new_game(seed=1))
    with pytest.raises(pn.InvalidActionError) as e:
        pn.parse_action(s, "to thess<alia")
    assert e.value.column == 8 and "column 9" in str(e.value)
    with pytest.raises(pn.InvalidActionError):
        pn.parse_action(s, "   ")
    with pytest.raises(pn.IllegalActionError) as e:
        pn.parse_action(s, "fly athenai")
    assert "decision.wrong-kind" in e.value.explanation.rule_ids


def test_notation_position_and_json_round_trip_exactly():
    for s in _positions(seed=8, every=5):
        text = s.to_notation()
        assert "\n" not in text and text.startswith("polis/1 ")
        assert pn.State.from_notation(text) == s
        d = json.loads(json.dumps(s.to_dict()))
        assert pn.State.from_dict(d) == s
        assert pn.State.from_dict(d).to_notation() == text


def test_notation_round_trip_keeps_play_identical():
    s = _positions(seed=2, every=40)[2]
    t = pn.State.from_notation(s.to_notation())
    assert pn.legal_actions(t) == pn.legal_actions(s)
    a = pn.legal_actions(s)[-1]
    assert pn.apply(t, a) == pn.apply(s, a)


@pytest.mark.parametrize("bad,needle", [
    ("chess 1", "polis/1"),
    ("polis/1 round=0", "component set"),
    ('polis/1 components="nope"', "component set"),
])
def test_notation_bad_position_text_is_refused(bad, needle):
    with pytest.raises(pn.NotationError) as e:
        pn.State.from_notation(bad)
    assert needle in str(e.value)


def test_notation_bad_fields_name_the_field():
    s = pn.settle(pn.new_game(seed=1))
    text = s.to_notation()
    with pytest.raises(pn.NotationError, match="poleis="):
        pn.State.from_notation(text.replace("athenai:A5", "athenai:X5"))
    with pytest.raises(pn.NotationError, match="units="):
        pn.State.from_notation(text.replace("attika:3/0", "atlantis:3/0"))
    with pytest.raises(pn.NotationError, match="prestige"):
        pn.State.from_notation(text.replace("prestige=[3,3]", "prestige=[3,"))
    d = s.to_dict()
    d["bogus"] = 1
    with pytest.raises(pn.NotationError, match="bogus"):
        pn.State.from_dict(d)
    d = s.to_dict()
    d["units"][0] = [9, 0]
    with pytest.raises(pn.NotationError, match="stacking limit"):
        pn.State.from_dict(d)
