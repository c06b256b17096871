"""The widgets on the second edition: Board, Viewer and Combat construct, draw Ed2 names, take intents
and keep stable reprs; the combat view names the cards in the edition's words (no browser)."""
import json
import random

import pytest

import polis_nb as pn
from polis_nb.render.combatview import Step, combat_view
from polis_nb.widgets import Board, Combat, Viewer
from polis_nb.widgets.combat import battle_position

from .helpers import send, with_hands


def open_gate(w):
    if w.view["gate"]:
        send(w, kind="reveal", side=w.view["gate"]["side"])


# --- Board ----------------------------------------------------------------------------------------
def test_board_on_an_ed2_state_constructs_and_draws_ed2_names():
    w = Board(pn.new_game("ed2", 1))
    v = w.view
    json.dumps(v)
    assert "Athinae" in w.svg and "Athenai" not in w.svg
    assert "merchants" in v["description"] and "black cube" in v["description"]
    assert {"action": "ships", "label": "Hire merchants", "kind": "ships"} in v["buttons"]
    assert repr(w) == repr(w) and repr(w).startswith("Board(state, decision ")


def test_board_ed2_click_moves_a_hoplite_into_the_record():
    g = pn.Game(edition="ed2", seed=1)
    w = Board(g)
    side = w.view["player"]
    send(w, kind="choose", action="hoplites")
    assert not w.view["note"], w.view["note"]
    targets = sorted(t for t in w.view["targets"] if t.startswith("area:"))
    assert targets
    ply = g.state.ply
    send(w, kind="click", target=targets[0])
    assert not w.view["note"], w.view["note"]
    assert g.state.ply > ply and str(g.node.action).startswith("to ")
    assert w.view["player"] == side  # still choosing where the units come from
    assert repr(w).startswith("Board(game, decision ")


def test_board_ed2_free_ransom_is_a_button():
    s = pn.position("ed2", seed=1, proxenos={"athens": None}, goods={"athens": {"silver": 3}}, to_move="athens")
    w = Board(s)
    assert {"action": "ransom", "label": "Ransom the proxenos (free: no action)", "kind": "ransom"} in w.view["buttons"]
    send(w, kind="choose", action="ransom")
    assert not w.view["note"], w.view["note"]
    assert w.state.proxenos[0] >= 0 and w.state.pending.kind == "turn" and w.state.current_player == "athens"


def test_board_ed2_project_removal_by_button():
    s = pn.new_game("ed2", 1)
    rng = random.Random(1)
    from polis_nb.analysis import sensible_policy

    while s.pending.kind != "project-remove":  # play on to the second round's draft
        s = pn.apply(s, pn.sample_chance(s, rng) if s.is_chance else sensible_policy(s, rng))
        assert not s.is_terminal
    w = Board(s)
    assert w.view["targets"] == {}
    first = w.view["buttons"][0]
    assert first["label"].startswith("Remove ") and first["action"].startswith("remove ")
    n = len(s.display)
    send(w, kind="choose", action=first["action"])
    assert not w.view["note"] and len(w.state.display) == n - 1


# --- Viewer ---------------------------------------------------------------------------------------
def test_viewer_on_an_ed2_game_plays_a_click():
    g = pn.Game(edition="ed2", seed=2)
    w = Viewer(g, mode="play")
    json.dumps(w.view)
    assert repr(w) == repr(w) and repr(w).startswith("Viewer(mode=play, decision ")
    send(w, kind="choose", action="hoplites")
    t = sorted(x for x in w.view["board"]["targets"] if x.startswith("area:"))[0]
    send(w, kind="click", target=t)
    assert not w.view["board"]["note"], w.view["board"]["note"]
    rows = [r for r in w.view["rows"] if not r.get("heading")]
    assert rows[-1]["kind"] == "turn" and rows[-1]["text"].startswith("hoplites; to ")  # one row per turn
    heads = [r["text"] for r in w.view["rows"] if r.get("heading")]
    assert heads and heads[0].startswith("Round Alpha (Λ)")
    assert "Athinae" in w.view["board"]["description"]


# --- Combat ---------------------------------------------------------------------------------------
def _names(view):
    return {(c["name"], c["formation_name"], c["manoeuvre_name"]) for s in view["sides"] for c in s["hand"] or []}


def _open_view(s):
    return combat_view([Step(s)], area=s.battle.area, mode="hotseat", open_hands=True)


def test_combat_view_names_cards_in_greek_for_ed2_and_english_for_ed1():
    hands = (["cavalry:advance", "mercenaries:hold", "phalanx:othismos"],
             ["archers:shoot", "peltasts:hold", "salpinx:ambush"])
    ed2 = with_hands(pn.settle(battle_position(units=(3, 3), edition="ed2")), *hands)
    names = _names(_open_view(ed2))
    assert ("cavalry:advance", "Ippiko", "Proothisi") in names
    assert ("mercenaries:hold", "Misthoforos", "Antistasi") in names
    assert ("archers:shoot", "Toxotis", "Voli") in names
    ed1 = with_hands(pn.settle(battle_position(units=(3, 3))), *hands)
    names = _names(_open_view(ed1))
    assert ("cavalry:advance", "Cavalry", "Advance") in names
    assert ("mercenaries:hold", "Mercenaries", "Hold position") in names
    assert all(c["label"] == f'{c["formation_name"]} ({c["manoeuvre_name"]})'
               for s in _open_view(ed2)["sides"] for c in s["hand"])


def test_combat_setup_ed2_plays_an_exchange_with_greek_reveal():
    s = with_hands(pn.settle(battle_position(units=(4, 4), prestige=(0, 0), edition="ed2")),
                   ["phalanx:othismos", "cavalry:hold", "archers:shoot", "peltasts:hold"],
                   ["phalanx:advance", "cavalry:advance", "archers:advance", "mercenaries:hold"])
    w = Combat(s, odds=False)
    assert w.state.edition == "ed2"
    assert repr(w) == repr(w) and repr(w).startswith("Combat(hotseat, state: Land battle in Boiotia")
    open_gate(w)
    assert w.view["choice"]["kind"] == "attack" and w.view["choice"]["side"] == "sparta"
    send(w, kind="choose", action="play cavalry:advance mercenaries:hold")
    assert not w.view["note"], w.view["note"]
    assert [c["formation_name"] for c in w.view["table"]["cards"]] == ["Ippiko", "Misthoforos"]
    open_gate(w)
    send(w, kind="choose", action="answer cavalry:hold peltasts:hold")
    assert not w.view["note"], w.view["note"]
    r = w.view["reveal"]
    assert r["pairs"][0]["text"].startswith("Ippiko (Antistasi) matches Ippiko (Proothisi)")
    assert "(Misthoforos)" in r["pairs"][1]["text"]
    json.dumps(w.view)


def test_combat_setup_ed2_defaults_and_whole_battle():
    w = Combat.setup(units=(5, 4), edition="ed2", odds=False, seed=3)
    assert w.state.round == 2  # Omega: room for five
    assert Combat.setup(units=(3, 3), edition="ed2", odds=False).state.round == 1  # Epsilon
    sea = Combat.setup(kind="sea", units=(3, 3), edition="ed2", odds=False)
    assert sea.view["area"] == "Kyklades" and sea.view["kind"] == "sea"
    rng = random.Random(0)
    for _ in range(200):
        if w.view["over"]:
            break
        if w.view["gate"]:
            open_gate(w)
            continue
        ch = w.view["choice"]
        send(w, kind="choose", action="fight" if ch["kind"] == "window" else rng.choice(ch["options"])["action"])
        assert not w.view["note"], w.view["note"]
    assert w.view["over"] and w.view["end"]["cause_text"]


def test_combat_setup_refuses_an_unknown_edition():
    with pytest.raises(ValueError, match="edition"):
        Combat.setup(edition="ed9")
