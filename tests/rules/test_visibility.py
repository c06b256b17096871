"""Hidden information: a side never sees the other side's battle hand (Ed1 · Schlachten)."""
import json

import polis_nb as pn
from polis_nb.rules.battle import start_battle
from polis_nb.rules.visibility import view


def _battle():
    s = pn.position(round="4", to_move="athens", units={"boiotia": (4, 4)})
    s = start_battle(s, 1, [])
    return pn.settle(s)


def test_visibility_hands_are_hidden_per_viewer():
    s = _battle()
    assert s.battle is not None and sum(s.battle.hands[0]) == 4 and sum(s.battle.hands[1]) == 4
    for viewer, me in (("athens", 0), ("sparta", 1)):
        v = view(s, viewer)
        assert v["battle"]["hands"][me] == list(s.battle.hands[me])
        assert v["battle"]["hands"][1 - me] == "hidden"
        assert v["battle"]["deck"] == "hidden" and v["battle"]["deck_size"] == 16
        assert v["battle"]["hand_sizes"] == [4, 4]
        assert json.dumps(v)  # JSON-safe
    spectator = view(s, None)["battle"]
    assert spectator["hands"] == ["hidden", "hidden"]


def test_visibility_open_information_is_unchanged():
    s = pn.position()
    assert view(s, "athens") == s.to_dict() == view(s, None)
