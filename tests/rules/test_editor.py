"""The position editor: custom positions in a few lines; invariant breaks are refused with reasons."""
import pytest

import polis_nb as pn
from polis_nb.rules.topology import topology_of


def test_editor_states_a_custom_position():
    s = pn.position(round="4", to_move="athens", units={"boiotia": (3, 1)}, poleis={"thebai": ("athens", 2)},
                    goods={"athens": {"oil": 6}}, prestige={"athens": 3, "sparta": 5}, markers={"oil": 2})
    assert s.current_player == "athens" and s.pending.kind == "turn" and s.round == 1
    assert s.units[1] == (3, 1) and s.pop[6] == 2 and s.owner[6] == 0
    assert s.goods[0][3] == 6 and s.prestige == (3, 5) and s.markers[3] == 2
    assert "Thebai 2" in str(s)


def test_editor_refuses_broken_positions_with_every_reason():
    with pytest.raises(pn.PositionError) as e:
        pn.position(round="3", units={"boiotia": (4, 0), "atlantis": (1, 1)}, poleis={"athenai": "neutral"},
                    goods={"athens": {"oil": -1}})
    text = " | ".join(e.value.problems)
    assert "stacking limit" in text and "atlantis" in text and "capital" in text and "negative" in text


def test_editor_leaves_the_input_untouched():
    s = pn.position()
    before = s.to_notation()
    with pytest.raises(pn.PositionError):
        pn.edit(s, poleis={"chalkis": ("athens", 9)})
    assert s.to_notation() == before


def test_editor_refuses_too_many_cubes():
    with pytest.raises(pn.PositionError, match="cubes"):
        pn.position(round="5b", poleis={p: "athens" for p in ("thebai", "argos", "korinthos", "gela", "syrakousai")},
                    units={a: (5, 0) for a in ("boiotia", "megaris", "arkadia", "achaia", "akarnania")})


def test_changing_the_round_drops_the_event_and_sets_the_black_cubes_of_that_round():
    # seed 3 draws Xerxes (Persis closed) for the first round of both editions; a position moved to a
    # later round must not keep an event of a round that is over
    s1 = pn.position("ed1", 3)
    assert s1.event == "xerxes" and s1.closed == ("persis",)
    later = pn.position("ed1", 3, round="4")
    assert later.event is None and later.closed == () and later.triggers == ()
    assert pn.position("ed1", 3, round="3").event == "xerxes"  # the same round keeps it
    b = topology_of(pn.position("ed2", 3))
    start = pn.position("ed2", 3)
    assert [b.offer_ids[i] for i in start.covered] == [b.offer_ids[i] for i in b.initial_covers()]
    eps = pn.position("ed2", 3, round="epsilon")
    assert eps.event is None and eps.closed == ()
    assert eps.covered == b.lift_covers(start.covered)[0] and len(eps.covered) == len(start.covered) - 5
    omega = pn.position("ed2", 3, round="omega")
    assert omega.covered == b.lift_covers(eps.covered)[0]
    assert pn.position("ed2", 3, round="epsilon", covered=["persis.2"]).covered == (b.offer_index["persis.2"],)
