"""Wrong argument types at the public entry points (issue 12): each raises ``TypeError`` saying what it
expected and what it got — never an ``AttributeError`` or ``KeyError`` from deep inside — and changes
nothing. The finer cases of the Game methods are in tests/record/test_hostile_input.py."""
from __future__ import annotations

import pathlib

import pytest

import polis_nb as pn

STATE = pn.settle(pn.new_game(seed=1))
ACTION = pn.legal_actions(STATE)[0]
WRONG = [None, 5, 2.5, True, b"bytes", ["x"], {"kind": "pass"}, (1, 2), object(), pn.Game(seed=1)]


def _ids(values):
    return [type(v).__name__ for v in values]


ENTRY = {  # entry point -> (call with the wrong value x, values that must be refused with a TypeError)
    "apply(state, x)": (lambda x: pn.apply(STATE, x), WRONG + [STATE]),
    "apply(x, action)": (lambda x: pn.apply(x, ACTION), WRONG + ["polis/1", ACTION]),
    "explain(state, x)": (lambda x: pn.explain(STATE, x), WRONG + [STATE]),
    "explain(x, action)": (lambda x: pn.explain(x, ACTION), WRONG + ["polis/1", ACTION]),
    "legal_actions(x)": (lambda x: pn.legal_actions(x), WRONG + ["polis/1", ACTION]),
    "parse_action(state, x)": (lambda x: pn.parse_action(STATE, x), WRONG + [ACTION]),
    "chance_outcomes(x)": (lambda x: pn.chance_outcomes(x), WRONG + ["polis/1"]),
    "settle(x)": (lambda x: pn.settle(x), WRONG + ["polis/1"]),
    "new_game(edition=x)": (lambda x: pn.new_game(edition=x), WRONG),
    "new_game(seed=x)": (lambda x: pn.new_game(seed=x), [v for v in WRONG if type(v) is not int] + ["7"]),
    "Game(seed=x)": (lambda x: pn.Game(seed=x), [v for v in WRONG if type(v) is not int] + ["7"]),
    "position(edition=x)": (lambda x: pn.position(x), WRONG),
    "State.from_notation(x)": (lambda x: pn.State.from_notation(x), WRONG),
    "State.from_dict(x)": (lambda x: pn.State.from_dict(x), [v for v in WRONG if not isinstance(v, dict)]),
    "Game.from_text(x)": (lambda x: pn.Game.from_text(x), WRONG),
    "Game.from_json(x)": (lambda x: pn.Game.from_json(x), [v for v in WRONG if not isinstance(v, dict)]),
    "Game.load(x)": (lambda x: pn.Game.load(x), WRONG),
    "Game.play(x)": (lambda x: pn.Game(seed=1).play(x), [v for v in WRONG if not isinstance(v, (list, tuple))]),
    "Game.play([x])": (lambda x: pn.Game(seed=1).play(["hoplites", x]), WRONG),
    "load_components(x)": (lambda x: pn.load_components(x), WRONG),
}
CASES = [(name, x) for name, (_, values) in ENTRY.items() for x in values]


@pytest.mark.parametrize("name, x", CASES, ids=[f"{n}-{type(x).__name__}" for n, x in CASES])
def test_wrong_type_is_a_type_error_naming_it(name, x):
    call, _ = ENTRY[name]
    before = STATE.to_dict()
    with pytest.raises(TypeError) as err:
        call(x)
    assert type(x).__name__ in str(err.value), str(err.value)  # "..., not int"
    assert STATE.to_dict() == before


def test_missing_files_are_os_errors_not_crashes(tmp_path):
    with pytest.raises(FileNotFoundError):
        pn.Game.load(tmp_path / "none.polis")
    with pytest.raises(FileNotFoundError):
        pn.load_components(tmp_path / "none.json")
    with pytest.raises(IsADirectoryError):
        pn.load_components(tmp_path)


def test_a_path_object_is_as_good_as_its_text(tmp_path):
    path = tmp_path / "g.polis"
    pn.Game(seed=1).save(path)
    assert pn.Game.load(pathlib.PurePath(str(path))).to_text() == pn.Game.load(str(path)).to_text()


# pn.edit and pn.position take a state and mappings; outcome takes a state
EDIT = [
    ("edit(x)", lambda x: pn.edit(x), [None, 5, "polis/1", pn.Game(seed=1)]),
    ("edit(state, units=x)", lambda x: pn.edit(STATE, units=x), [5, "x", ["attika"]]),
    ("edit(state, prestige=x)", lambda x: pn.edit(STATE, prestige=x), [5, "x"]),
    ("edit(state, goods={'athens': x})", lambda x: pn.edit(STATE, goods={"athens": x}), [5, "x", None]),
    ("position(units=x)", lambda x: pn.position(units=x), [5, "x"]),
    ("outcome(x)", lambda x: pn.outcome(x), [None, 5, "polis/1"]),
]
EDIT_CASES = [(name, call, x) for name, call, values in EDIT for x in values]


@pytest.mark.parametrize("name, call, x", EDIT_CASES, ids=[f"{n}-{type(x).__name__}" for n, _, x in EDIT_CASES])
def test_edit_wrong_type_is_a_type_error(name, call, x):
    with pytest.raises(TypeError) as err:
        call(x)
    assert type(x).__name__ in str(err.value)
