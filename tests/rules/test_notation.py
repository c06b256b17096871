"""Action notation, position notation and JSON: exact round trips and precise errors."""
import json
import random
import re

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
        pn.State.from_notation(text.replace(f"prestige=[{s.prestige[0]},{s.prestige[1]}]", "prestige=[3,"))
    d = s.to_dict()
    d["bogus"] = 1
    with pytest.raises(pn.NotationError, match="bogus"):
        pn.State.from_dict(d)
    d = s.to_dict()
    d["units"][0] = [9, 0]
    with pytest.raises(pn.NotationError, match="stacking limit"):
        pn.State.from_dict(d)


# --- hostile and corrupted positions (issue 12): refused with NotationError naming the field ------------

def _dict(edition="ed1", seed=1):
    return pn.settle(pn.new_game(edition, seed=seed)).to_dict()


def _phoros(edition="ed1"):
    """A position at a Phoros decision (played from a seeded game)."""
    rng = random.Random(0)
    s = pn.new_game(edition, seed=4)
    while s.pending.kind != "phoros":
        s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
    return s


@pytest.mark.parametrize("field,value,needle", [
    ("pending", {"kind": "fly", "player": 0, "data": []}, "pending.kind: unknown decision 'fly'"),
    ("pending", {"kind": "turn", "player": 7, "data": []}, "pending.player"),
    ("pending", {"kind": "turn", "player": -1, "data": []}, "pending.player"),
    ("pending", {"kind": "turn", "player": True, "data": []}, "pending.player"),
    ("pending", {"kind": "turn"}, "pending: needs kind and player"),
    ("pending", "turn", "pending: expected an object"),
    ("display", ["atlantis"], "display[0]: unknown project tile 'atlantis'"),
    ("pile", ["zeus", "zeus"], "pile"),
    ("goods", [[float("nan")] * 6, [0] * 6], "goods[0][0]: expected a whole number, got the decimal number nan"),
    ("goods", [[4.0] * 6, [0] * 6], "goods[0][0]: expected a whole number, got the decimal number 4.0"),
    ("goods", [[4] * 5, [0] * 6], "goods[0]: expected 6 entries, got 5"),
    ("prestige", [True, 3], "prestige[0]: expected a whole number, got the boolean true"),
    ("prestige", [-1, 3], "prestige[0]: -1 is outside 0..999"),
    ("prestige", [10**6, 3], "prestige[0]: 1000000 is outside 0..999"),
    ("prestige", [10**5000, 3], "prestige[0]: (about 5001 digits) is outside"),
    ("units", [[-1, 0]] + [[0, 0]] * 16, "units[0][0]: -1 is outside"),
    ("units", "attika:3/0", "units: expected a list, got the text"),
    ("owner", [0] * 17 + [5], "owner[17]: 5 is outside -1..1"),
    ("round", "4", "round: expected a whole number, got the text '4'"),
    ("round", 9, "round: 9 is outside 0..3"),
    ("phase", "lunch", "phase: unknown phase 'lunch'"),
    ("seed", 2**80, "seed"),
    ("event", "armageddon", "event: unknown event card 'armageddon'"),
    ("options", [["spoilage", "rot"]], "options[0][1]: unknown value of option spoilage 'rot'"),
    ("battle", {"area": 0}, "battle: missing key(s) kind, attacker, hands, deck"),
    ("siege_discs", [[5, 0]], "siege_discs: the ed1 edition has no siege discs"),
    ("covered", [1], "covered: component set 'ed1-default' has no black cubes"),
    ("outcome", {"winner": "rome", "scores": None, "reason": "", "rules": []}, "outcome.winner: unknown side"),
])
def test_notation_hostile_field_is_refused_naming_the_field(field, value, needle):
    d = _dict()
    d[field] = value
    with pytest.raises(pn.NotationError) as e:
        pn.State.from_dict(d)
    assert needle in str(e.value)


def test_notation_refuses_an_ed2_state_on_ed1_components():
    d = _dict("ed2")
    d["components"] = "ed1-default"
    with pytest.raises(pn.NotationError, match="components: component set 'ed1-default' is for ed1, not ed2"):
        pn.State.from_dict(d)


def test_notation_refuses_a_decision_that_does_not_fit_the_position():
    d = _dict()
    d["pending"] = {"kind": "battle-attack", "player": 0, "data": []}  # no battle in progress
    with pytest.raises(pn.NotationError, match="does not belong to the 'actions' phase"):
        pn.State.from_dict(d)
    d = _dict()
    d["pending"] = {"kind": "train-pay", "player": d["pending"]["player"], "data": [99, 0]}
    with pytest.raises(pn.NotationError, match=r"pending \(train-pay\)"):
        pn.State.from_dict(d)
    d = _dict()
    d["pending"] = {"kind": "siege-die", "player": -1, "data": [0, 6]}  # no siege under way
    with pytest.raises(pn.NotationError, match=r"pending \(siege-die\)"):
        pn.State.from_dict(d)


def test_notation_prestige_beyond_the_track_at_phoros_is_refused_not_listed():
    """A million prestige at a Phoros decision once listed a million choices; the track ends at 999."""
    s = _phoros()
    d = s.to_dict()
    p = s.pending.player
    d["prestige"][p] = 10**6
    with pytest.raises(pn.NotationError, match=rf"prestige\[{p}\]: 1000000 is outside 0..999"):
        pn.State.from_dict(d)
    with pytest.raises(pn.PositionError, match="beyond the track"):
        pn.position(prestige={"athens": 10**6})
    d["prestige"][p] = 999  # the end of the track still plays
    assert len(pn.legal_actions(pn.State.from_dict(d))) == 1000


def test_notation_text_refuses_foreign_digits_repeats_and_deep_nesting():
    text = pn.settle(pn.new_game(seed=1)).to_notation()
    for bad, needle in [
        (text.replace("athenai:A5", "athenai:A٥"), "poleis= (column"),
        (text.replace("athenai:A5", "athenai:A²"), "bad population"),
        (text.replace("attika:3/0", "attika:٣/0"), "units= (column"),
        (text.replace("attika:3/0", "attika:3/0,attika:1/0"), "repeated entry"),
        (text + " round=0", "field round= is given twice"),
        (text + " pop=[]", "unknown field 'pop'"),
        (text.replace("round=0", "round=" + "[" * 100000), "nested deeper than"),
        (text.replace("round=0", "round=0.0"), "round: expected a whole number"),
        (text.replace("round=0", "round=NaN"), "round: expected a whole number, got the decimal number nan"),
        (text.replace("polis/1 ", "polis/1  "), "field without '='"),
        ("polis/12 round=0", "must start with 'polis/1'"),
    ]:
        with pytest.raises(pn.NotationError) as e:
            pn.State.from_notation(bad)
        assert needle in str(e.value), (bad[:60], str(e.value))


def test_notation_wrong_argument_types_raise_type_error():
    s = pn.settle(pn.new_game(seed=1))
    calls = [(pn.State.from_dict, ([],), "needs a dict"), (pn.State.from_notation, (None,), "position text"),
             (pn.apply, (None, "pass"), "apply needs a State"), (pn.apply, (s, 5), "Action or its text"),
             (pn.apply, (s, pn.Action("to", (5,))), "arguments are text"),
             (pn.explain, (s, ["pass"]), "explain needs an Action"), (pn.explain, ("x", "pass"), "needs a State"),
             (pn.parse_action, (s, b"pass"), "action text (str)"), (pn.legal_actions, (s.to_dict(),), "State"),
             (pn.chance_outcomes, (None,), "State"), (pn.sample_chance, (s, 7), "random.Random"),
             (pn.settle, (s, "seed"), "random.Random"), (pn.new_game, (["ed1"],), "edition must be text")]
    for fn, args, needle in calls:
        with pytest.raises(TypeError, match=re.escape(needle)):
            fn(*args)
    assert pn.legal_actions(s) and pn.apply(s, "pass") is not s  # the checks change nothing for good input
