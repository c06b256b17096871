"""What a click or a typed choice gets refused with (widgets/control.py: the intent on the wrong side's
decision, a place that is not on the map, malformed action text, several choices at one place, a place
that lies in another, a position removed from the record) says its words in the widget's language."""
from __future__ import annotations

import pytest

import polis_nb as pn
from polis_nb.rules import new_game
from polis_nb.widgets.control import Controller, Judge
from polis_nb.widgets.intents import IntentError

from .helpers import english_left

LANGS = ["de", "pl", "qps"]


def refusals() -> list[str]:
    s = new_game("ed1", seed=2)
    out = []
    wrong_side = Controller(s, "athens" if s.current_player == "sparta" else "sparta")
    out.append(wrong_side.act({"kind": "choose", "action": "pass"})[1])
    mine = Controller(s, None)
    out.append(mine.act({"kind": "choose", "action": "zzz ^"})[1])
    for target in ("polis:nowhere", "area:nowhere", "offer:nowhere", "nowhere"):
        with pytest.raises(IntentError) as e:
            mine.act({"kind": "click", "target": target})
        out.append(str(e.value))
    out.append(Judge().several(s, []))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_leave_no_english(lang):
    with pn.language(lang):
        found = refusals()
    # the ids the learner typed and the place syntax (area:<id>) are quoted as given, not words
    left = {t: english_left(t.replace("nowhere", "").replace("zzz", "").replace("area:<id>", "")
                            .replace("polis:<id>", "").replace("offer:<id>", ""), lang) for t in found}
    assert all(found) and not any(left.values()), left


def test_refusals_in_english_are_as_before():
    found = refusals()
    assert found[0] == "Refused: it is not Sparta's decision" or found[0] == "Refused: it is not Athens' decision"
    assert found[1].startswith("Refused: ")
    assert found[2:6] == ["there is no polis 'nowhere' on this map", "there is no area 'nowhere' on this map",
                          "there is no market offer 'nowhere' on this map",
                          "'nowhere' is no place on the map (area:<id>, polis:<id> or offer:<id>)"]
    assert found[6] == "Several choices there: pick one of the buttons that name it"
