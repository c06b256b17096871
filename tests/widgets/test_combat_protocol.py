"""Combat widget protocol: the messages the browser sends, and what Python answers (no browser)."""
import json
import random

import pytest

import polis_nb as pn
from polis_nb.rules.topology import topology_of
from polis_nb.analysis import sensible_policy
from polis_nb.render.combatview import Step, combat_view, odds_function, odds_view
from polis_nb.rules.battle import card_name, card_types
from polis_nb.widgets import Combat
from polis_nb.widgets.combat import battle_position

from .helpers import send, with_hands

LAND = [card_name(t) for t in card_types("ed1-default", "land")[0]]


def setup(**kw):
    """Combat.setup without the odds panel (the odds tests turn it on)."""
    kw.setdefault("odds", False)
    return Combat.setup(**kw)


def combat(source, **kw):
    kw.setdefault("odds", False)
    return Combat(source, **kw)


def dealt(seed=0, **kw):
    """A land battle after the deal (Sparta's retreat window first)."""
    return pn.settle(battle_position(seed=seed, **kw))


def battle_game(seed=2):
    """A Game (sensible play from the first seed >= ``seed`` whose game has one) whose current node
    is inside a battle."""
    for k in range(seed, seed + 50):
        g = pn.Game(seed=k)
        rng = random.Random(k)
        while g.state.battle is None and not g.state.is_terminal:
            g.play(sensible_policy(g.state, rng))
        if g.state.battle is not None:
            return g
    raise AssertionError(f"no sensible game from seeds {seed}-{seed + 49} reaches a battle")


def open_gate(w):
    if w.view["gate"]:
        send(w, kind="reveal", side=w.view["gate"]["side"])


def step(w, rng):
    """One click as a user would make it: open the gate, fight on, or a legal pair."""
    v = w.view
    if v["gate"]:
        open_gate(w)
        return
    ch = v["choice"]
    assert ch is not None, v["prompt"]
    if ch["kind"] == "window":
        send(w, kind="choose", action="fight")
    else:
        send(w, kind="choose", action=rng.choice(ch["options"])["action"])
    assert not w.view["note"], w.view["note"]


def play_any(w, rng, limit=200):
    """Click through to the end of the battle."""
    for _ in range(limit):
        if w.view["over"]:
            return
        step(w, rng)
    raise AssertionError("the battle did not end")


# --- the view ---------------------------------------------------------------------------------

def test_combat_setup_shows_roles_units_and_pile():
    w = setup(units=(4, 5), prestige=(2, 3), seed=1)
    v = w.view
    json.dumps(v)  # plain JSON
    assert v["kind"] == "land" and v["area"] == "Boiotia" and v["title"] == "Land battle in Boiotia"
    ath, spa = v["sides"]
    assert (ath["role"], spa["role"]) == ("defender", "attacker")  # Sparta attacks first on land
    assert (ath["units"], spa["units"], ath["prestige"], spa["prestige"]) == (4, 5, 2, 3)
    assert (ath["hand_size"], spa["hand_size"]) == (4, 5)
    assert v["deck_size"] == 24 - 9
    # rule ids for links; on screen the rulebook section in words, once, without the ids
    assert v["log"][0]["rules"] == ["battle.first-attacker", "battle.hands"]
    assert v["log"][0]["cite"].endswith("Battles") and "battle.first-attacker" not in v["log"][0]["cite"]
    assert v["log"][1]["count"] == 5  # the deal, one line per side
    sea = setup(kind="sea", units=(3, 3)).view
    assert sea["kind"] == "sea" and sea["area"] == "Kyklades"
    assert [s["role"] for s in sea["sides"]] == ["attacker", "defender"]  # Athens attacks first at sea


def test_sea_battle_played_to_its_end():
    w = setup(kind="sea", units=(5, 3), prestige=(1, 0), seed=14)
    assert w.view["gate"]["side"] == "athens"  # Athens attacks first at sea, and is asked first
    play_any(w, random.Random(14))
    v = w.view
    assert v["over"] and v["kind"] == "sea" and v["end"]["reasons"]
    sea = {card_name(t) for t in card_types("ed1-default", "sea")[0]}
    assert all({p["attack"]["name"], p["answer"]["name"]} <= sea for p in v["reveal"]["pairs"])


def test_combat_setup_rejects_bad_battles():
    with pytest.raises(ValueError):
        setup(kind="air")
    with pytest.raises(ValueError):
        setup(units=(1, 4))
    with pytest.raises(ValueError):
        setup(kind="land", area="kyklades")
    with pytest.raises(ValueError):
        combat(pn.new_game(seed=1))  # not in a battle
    with pytest.raises(TypeError):
        combat("a battle")
    with pytest.raises(ValueError):
        setup(mode="chess")
    with pytest.raises(ValueError):
        setup(mode="hotseat", side="athens")
    with pytest.raises(TypeError):
        setup(mode="replay")  # a State has no record to replay


# --- hot seat -----------------------------------------------------------------------------------

def test_hotseat_hides_both_hands_until_the_gate():
    w = setup(seed=2)
    s = w.state
    v = w.view
    assert v["gate"] == {"side": "sparta", "label": "Sparta: show my hand"}
    assert v["sides"][0]["hand"] is None and v["sides"][1]["hand"] is None and v["choice"] is None
    assert not any(name in json.dumps(v) for name in LAND), "a card name leaked before the gate"
    # deciding before showing the hand, or showing the wrong hand, is refused and changes nothing
    send(w, kind="choose", action="fight")
    assert w.state == s and "show Sparta's hand first" in w.view["note"]
    send(w, kind="reveal", side="athens")
    assert w.state == s and w.view["note"].startswith("Refused") and w.view["sides"][0]["hand"] is None
    send(w, kind="reveal", side="sparta")
    v = w.view
    assert v["gate"] is None and v["viewer"] == "sparta"
    assert len(v["sides"][1]["hand"]) == 4 and v["sides"][0]["hand"] is None
    assert v["choice"]["kind"] == "window" and v["retreat"]["enabled"]
    send(w, kind="choose", action="fight")  # Athens decides next: the screen is passed, hands hidden again
    v = w.view
    assert v["gate"]["side"] == "athens" and v["sides"][1]["hand"] is None and v["sides"][0]["hand"] is None


def test_hotseat_hand_stays_while_the_same_side_decides_and_can_be_hidden():
    w = setup(seed=2)
    open_gate(w)
    send(w, kind="choose", action="fight")  # Sparta fights on
    open_gate(w)
    send(w, kind="choose", action="fight")  # Athens fights on: Sparta attacks next
    open_gate(w)
    assert w.view["choice"]["kind"] == "attack"
    send(w, kind="hide")
    assert w.view["gate"]["side"] == "sparta" and w.view["sides"][1]["hand"] is None


def test_hotseat_plays_a_whole_battle_with_reveals_and_an_end():
    w = setup(seed=1)
    rng = random.Random(1)
    reveals = set()
    for _ in range(200):
        if w.view["over"]:
            break
        step(w, rng)
        r = w.view["reveal"]
        if r is not None:
            reveals.add(r["exchange"])
            assert len(r["pairs"]) == 2 and all(p["cite"].endswith("Battles") for p in r["pairs"])
            assert any("battle.formation" in e["rules"] for e in r["log"])
    v = w.view
    assert v["over"] and v["end"]["cause"] in ("defender-broken", "deck-exhausted", "attacker-out-of-cards")
    assert v["end"]["reasons"][0]["rules"] == ["battle.end"] and v["end"]["reasons"][0]["cite"].endswith("Battles")
    assert reveals == set(range(1, v["exchanges"] + 1)) and v["exchanges"] >= 1
    assert w.state.battle is None and w.view["choice"] is None and not w.view["retreat"]["enabled"]
    start = w.trail[0].state
    assert v["end"]["prestige"] == {"athens": w.state.prestige[0] - start.prestige[0],
                                    "sparta": w.state.prestige[1] - start.prestige[1]}
    before = w.state
    send(w, kind="choose", action="fight")
    assert w.state == before and "over" in w.view["note"]


def test_cards_may_be_named_in_any_order():
    w = combat(with_hands(dealt(prestige=(0, 0)), ["phalanx:othismos", "cavalry:hold", "archers:shoot", "peltasts:hold"],
                          ["phalanx:advance", "cavalry:advance", "archers:advance", "mercenaries:hold"]))
    open_gate(w)
    assert w.view["choice"]["kind"] == "attack"  # no prestige: no retreat windows
    send(w, kind="choose", action="play archers:advance phalanx:advance")  # not in deck order
    assert not w.view["note"] and w.state.battle.played == (LAND.index("phalanx:advance"), LAND.index("archers:advance"))


def test_reveal_shows_salpinx_and_mercenaries_with_rules():
    s = with_hands(dealt(prestige=(2, 2)), ["phalanx:advance", "cavalry:advance", "archers:advance", "mercenaries:hold"],
                   ["salpinx:ambush", "cavalry:hold", "phalanx:othismos", "peltasts:hold"])
    w = combat(s)
    for _ in range(2):
        open_gate(w)
        send(w, kind="choose", action="fight")
    open_gate(w)
    send(w, kind="choose", action="play phalanx:othismos salpinx:ambush")
    open_gate(w)
    assert [c["name"] for c in w.view["table"]["cards"]] == ["phalanx:othismos", "salpinx:ambush"]
    send(w, kind="choose", action="answer mercenaries:hold phalanx:advance")
    r = w.view["reveal"]
    first, second = r["pairs"]
    assert first["result"] == "match" and first["mercenaries"] and first["rule"] == "battle.mercenaries"
    assert first["gain"] == 2  # othismos (2) against mercenaries (0)
    assert second["result"] == "salpinx" and second["loss"] == 1 and second["rule"] == "battle.salpinx"
    assert r["salpinx"] and r["mercenaries"]
    assert r["losses"] == {"athens": 1, "sparta": 0}
    assert r["prestige"] == {"athens": 0, "sparta": 2 - 1}  # +2 won, 1 paid for the Salpinx
    rules = {x for e in r["log"] for x in e["rules"]}
    assert {"battle.formation", "battle.mercenaries", "battle.salpinx"} <= rules
    assert all("Battles" in e["cite"] and "rule battle." not in e["cite"] for e in r["log"])


def test_redraw_follows_the_reveal():
    w = combat(with_hands(dealt(prestige=(0, 0)), ["phalanx:othismos", "cavalry:hold", "archers:shoot", "peltasts:hold"],
                          ["phalanx:advance", "cavalry:advance", "archers:advance", "mercenaries:hold"]))
    open_gate(w)
    send(w, kind="choose", action="play phalanx:advance cavalry:advance")
    open_gate(w)
    send(w, kind="choose", action="answer cavalry:hold peltasts:hold")  # both fail: Athens loses 2, Sparta +2
    r = w.view["reveal"]
    assert r["losses"]["athens"] == 2 and r["prestige"] == {"athens": 0, "sparta": 2} and r["redraw"] is None
    assert w.view["gate"]["side"] == "sparta"  # now Sparta can pay: a retreat window before the redraw
    open_gate(w)
    send(w, kind="choose", action="fight")
    r = w.view["reveal"]
    assert r["exchange"] == 1 and r["redraw"]["rules"] == ["battle.redraw"]
    assert r["redraw"]["text"] == "Sparta draws 2 cards, Athens draws 0"
    assert w.view["sides"][1]["hand_size"] == 4 and w.view["sides"][0]["hand_size"] == 2


# --- retreat ------------------------------------------------------------------------------------

def test_retreat_enabled_only_at_a_window_and_ends_the_battle():
    w = setup(prestige=(1, 2), seed=3)
    open_gate(w)
    r = w.view["retreat"]
    assert r["enabled"] and r["rule"]["id"] == "battle.retreat"
    send(w, kind="choose", action="fight")
    open_gate(w)
    send(w, kind="choose", action="fight")
    open_gate(w)  # Sparta attacks: no window now
    r = w.view["retreat"]
    assert not r["enabled"] and "only at a retreat window" in r["reason"]
    before = w.state
    send(w, kind="choose", action="retreat")
    assert w.state == before and w.view["explanation"] and not w.view["explanation"]["legal"]
    # after the exchange, the next window: retreat (Athens attacks next, asked first)
    send(w, kind="choose", action=w.view["choice"]["options"][0]["action"])
    open_gate(w)
    send(w, kind="choose", action=w.view["choice"]["options"][0]["action"])
    v = w.view
    if v["over"]:
        pytest.skip("this deal ended the battle in one exchange")
    open_gate(w)
    who = w.view["choice"]["side"]
    p = ("athens", "sparta").index(who)
    pres = w.state.prestige
    send(w, kind="choose", action="retreat")
    v = w.view
    assert v["over"] and v["end"]["cause"] == "retreat"
    assert w.state.prestige[p] == pres[p] - 1 and w.state.prestige[1 - p] == pres[1 - p] + 1
    assert "battle.retreat" in v["end"]["reasons"][0]["rules"]


def test_retreat_disabled_when_unaffordable():
    w = setup(prestige=(0, 0), seed=4)
    open_gate(w)  # nobody can pay: no windows, Sparta attacks at once
    v = w.view
    assert v["choice"]["kind"] == "attack"
    assert not v["retreat"]["enabled"] and v["retreat"]["reason"].startswith("Sparta has 0 prestige")
    assert v["retreat"]["rule"]["id"] == "battle.retreat"


def test_salpinx_without_prestige_is_blocked_with_the_reason():
    w = combat(with_hands(dealt(prestige=(0, 0)), ["phalanx:othismos", "cavalry:hold", "archers:shoot", "peltasts:hold"],
                          ["salpinx:ambush", "cavalry:advance", "archers:advance", "mercenaries:hold"]))
    open_gate(w)
    ch = w.view["choice"]
    assert all("salpinx:ambush" not in o["cards"] for o in ch["options"])
    blocked = [b for b in ch["blocked"] if b["cards"] == ["salpinx:ambush", "cavalry:advance"]]
    assert blocked and "battle.salpinx" in blocked[0]["rules"]
    before = w.state
    send(w, kind="choose", action="play cavalry:advance salpinx:ambush")
    ex = w.view["explanation"]
    assert w.state == before and ex and not ex["legal"] and "battle.salpinx" in [r["id"] for r in ex["rules"]]


# --- against a bot ------------------------------------------------------------------------------

def test_bot_mode_plays_the_other_side_at_once_and_is_seeded():
    w = setup(mode="bot", side="athens", bot="sensible", seed=5)
    v = w.view
    assert v["gate"] is None and v["viewer"] == "athens"
    assert v["sides"][1]["bot"] == "sensible" and v["sides"][1]["hand"] is None
    assert v["choice"]["side"] == "athens" or v["over"]
    assert any("(bot: sensible)" in label for label in v["steps"])  # Sparta's window (and attack) already done
    rng = random.Random(5)
    play_any(w, rng)
    assert w.view["over"] and w.view["end"]
    # the same seed and the same clicks give the same battle
    w2 = setup(mode="bot", side="athens", bot="sensible", seed=5)
    play_any(w2, random.Random(5))
    assert w2.state == w.state and w2.view["log"] == w.view["log"]


def test_bot_mode_refuses_gate_and_bad_bots():
    w = setup(mode="bot", side="sparta", bot="random", seed=6)
    assert w.view["sides"][0]["bot"] == "random"
    before = w.state
    send(w, kind="reveal", side="athens")
    assert w.state == before and w.view["note"].startswith("Refused") and w.view["sides"][0]["hand"] is None
    with pytest.raises(ValueError):
        setup(mode="bot")  # which side do you play?
    with pytest.raises(ValueError):
        setup(mode="bot", side="athens", bot="genius")


def test_bot_mode_accepts_a_policy_function():
    def first(s, rng):
        return pn.legal_actions(s)[0]

    w = setup(mode="bot", side="sparta", bot=first, seed=7)
    assert w.view["sides"][0]["bot"] == "first"
    play_any(w, random.Random(7))
    assert w.over


# --- a Game ----------------------------------------------------------------------------------

def test_hotseat_on_a_game_writes_the_record():
    g = battle_game()
    area = g.state.battle.area
    start = g.node
    n0 = sum(1 for _ in g.root.walk())
    w = combat(g)
    assert w.view["area_id"] == topology_of(g.state).area_ids[area] and w.trail[0].state.battle.area == area
    assert w.trail[-1].state is g.state and w.view["log"][0]["rules"][0] == "battle.first-attacker"
    play_any(w, random.Random(9))
    assert w.over and not (g.state.battle is not None and g.state.battle.area == area)
    assert sum(1 for _ in g.root.walk()) > n0 and start in g.node.path()
    assert w.view["end"]["next"].startswith(("The game goes on", "Game over"))


def test_bot_on_a_game_marks_its_decisions():
    g = battle_game()
    w = combat(g, mode="bot", side="athens", bot="random", seed=1)
    play_any(w, random.Random(2))
    assert any("(bot: random)" in label for label in w.view["steps"])
    assert g.state.battle is None or g.state.battle.area != w.trail[0].state.battle.area


def test_combat_stays_where_it_was_when_python_plays_on():
    g = battle_game()
    w = combat(g)
    who, before = g.state.current_player, w.view["log"]
    g.play("fight")  # a later cell
    w.refresh()
    assert w.view["player"] == who and w.view["decision"] == "battle-retreat" and w.view["log"] == before
    assert w.node is not g.node and w.node is g.node.parent


# --- replay ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def recorded():
    """A record with a whole battle in it: its text, and the ply where the battle opened."""
    g = battle_game()
    opened = g.node
    while opened.parent is not None and opened.parent.state.battle is not None:
        opened = opened.parent
    rng = random.Random(3)
    area = g.state.battle.area
    while g.state.battle is not None and g.state.battle.area == area:
        g.play(rng.choice(pn.legal_actions(g.state)))
    return g.to_text(), opened.ply


def test_replay_steps_back_and_forward_over_the_battle(recorded):
    text, ply = recorded
    g = pn.Game.from_text(text)
    g.goto(ply + 3)
    node = g.node
    w = combat(g, mode="replay")
    nav = w.view["nav"]
    assert nav["position"] == 3 and nav["back"] and nav["forward"]
    assert w.view["retreat"]["enabled"] is False and w.view["choice"] is None
    assert w.view["open_hands"] and all(s["hand"] is not None for s in w.view["sides"])  # a spectator sees all
    send(w, kind="nav", dir="start")
    assert w.view["nav"]["position"] == 0 and not w.view["nav"]["back"] and len(w.view["steps"]) == 1
    assert w.view["log"][0]["rules"][0] == "battle.first-attacker" and w.view["reveal"] is None
    send(w, kind="nav", dir="back")  # already at the start: stays
    assert w.view["nav"]["position"] == 0
    send(w, kind="nav", dir="forward")
    assert w.view["nav"]["position"] == 1 and w.view["steps"][-1].startswith("Chance: Card for")
    send(w, kind="nav", dir="end")
    v = w.view
    assert v["over"] and v["end"] and not v["nav"]["forward"] and v["nav"]["position"] == v["nav"]["count"] - 1
    assert g.node is node  # replay does not move the record's current node
    before = g.to_text()
    send(w, kind="choose", action="fight")
    assert w.view["note"].startswith("Refused") and g.to_text() == before


def test_replay_for_one_side_hides_the_other(recorded):
    text, ply = recorded
    g = pn.Game.from_text(text)
    g.goto(ply)
    w = combat(g, mode="replay", side="athens")
    seen_own = False
    while w.view["nav"]["forward"]:
        send(w, kind="nav", dir="forward")
        v = w.view
        assert v["sides"][1]["hand"] is None and not v["open_hands"]
        assert not any(s.startswith("Chance: Card for Sparta:") for s in v["steps"])
        seen_own = seen_own or bool(v["sides"][0]["hand"])
    assert seen_own and any(s.startswith("Chance: Card for Athens:") for s in w.view["steps"])
    assert any(s == "Chance: A card for Sparta (hidden)" for s in w.view["steps"])


def test_replay_finds_the_battle_from_its_end_or_from_before_it(recorded):
    text, ply = recorded
    g = pn.Game.from_text(text)
    g.goto(g.node.end())  # the node that ended the battle
    assert combat(g, mode="replay").view["over"]
    g.goto(g.root)  # the first battle on the line
    w = combat(g, mode="replay")
    assert w.view["nav"]["position"] == 0 and w.node.ply == ply
    with pytest.raises(ValueError):
        combat(pn.Game(seed=1), mode="replay")  # no battle in this record


# --- robustness ----------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [
    "not a dict", {"kind": "teleport"}, {"kind": "choose"}, {"kind": "choose", "rev": True, "action": "fight"},
    {"kind": "choose", "action": 5}, {"kind": "choose", "action": ""}, {"kind": "choose", "action": "x" * 600},
    {"kind": "reveal", "side": "persia"}, {"kind": "reveal"}, {"kind": "nav", "dir": "back"},
    {"kind": "choose", "action": "play phalanx:othismos"}, {"kind": "choose", "action": "answer <b>x</b> y"},
    {"kind": "choose", "action": "fi<ght"},
])
def test_malformed_intents_are_refused_visibly_and_change_nothing(bad):
    w = setup(seed=8)
    open_gate(w)
    before, hand = w.state, w.view["sides"][1]["hand"]
    if isinstance(bad, dict) and "rev" not in bad:
        bad = dict(bad, rev=w.rev)
    w.handle_intent(bad)
    assert w.state == before and w.view["sides"][1]["hand"] == hand
    v = w.view
    assert v["note"].startswith("Refused") or (v["explanation"] and not v["explanation"]["legal"])
    json.dumps(v)


def test_stale_intent_is_refused():
    w = setup(seed=8)
    old = w.rev
    open_gate(w)
    before = w.state
    w.handle_intent({"kind": "choose", "action": "fight", "rev": old})
    assert w.state == before and "older position" in w.view["note"]
    w.handle_intent({"kind": "reveal", "side": "sparta", "rev": w.rev + 5})
    assert "older position" in w.view["note"]


def test_view_for_one_side_does_not_depend_on_the_other_hand():
    """Swap Sparta's hand for other cards from the pile: Athens' view must not change at all."""
    s = with_hands(dealt(prestige=(2, 2)), ["phalanx:othismos", "cavalry:hold", "archers:shoot", "peltasts:hold"],
                   ["phalanx:advance", "cavalry:advance", "archers:advance", "mercenaries:hold"])
    s = pn.apply(pn.apply(s, "fight"), "fight")  # Sparta attacks next, Athens looks on
    t = with_hands(s, ["phalanx:othismos", "cavalry:hold", "archers:shoot", "peltasts:hold"],
                   ["salpinx:ambush", "phalanx:advance", "cavalry:advance", "cavalry:advance"])
    assert s.battle.hands[1] != t.battle.hands[1] and s.battle.deck != t.battle.deck
    for viewer in ("athens", None):
        a = combat_view([Step(s)], area=1, mode="hotseat", viewer=viewer)
        b = combat_view([Step(t)], area=1, mode="hotseat", viewer=viewer)
        assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True), viewer
    sparta = combat_view([Step(s)], area=1, mode="hotseat", viewer="sparta")
    assert [c["name"] for c in sparta["sides"][1]["hand"]] == ["phalanx:advance", "cavalry:advance", "archers:advance",
                                                               "mercenaries:hold"]
    with pytest.raises(ValueError):
        combat_view([Step(s)], area=1, mode="hotseat", viewer="athens", acting="sparta")


def test_no_view_ever_holds_the_pile_or_the_hidden_hand():
    w = setup(mode="bot", side="sparta", seed=9)
    rng = random.Random(9)
    while not w.over:
        v = w.view
        assert v["sides"][0]["hand"] is None and "deck" not in v and isinstance(v["deck_size"], int)
        assert not any(s.startswith("chance: card for Athens:") for s in v["steps"])
        ch = v["choice"]
        send(w, kind="choose", action="fight" if ch["kind"] == "window" else rng.choice(ch["options"])["action"])


def test_text_is_plain_and_repr_is_stable():
    w = setup(seed=10)
    r = repr(w)
    assert r == repr(setup(seed=10)) and "0x" not in r
    assert r.startswith("Combat(hotseat, state: Land battle in Boiotia, exchange 0: Sparta decides")
    send(w, kind="choose", action="<script>alert(1)</script>")
    assert w.view["note"].startswith("Refused") and repr(w) == r
    b = setup(mode="bot", side="athens", seed=10)
    assert repr(b).startswith("Combat(bot, state, side=athens: Land battle in Boiotia")


def test_odds_panel_uses_only_what_the_viewer_knows():
    w = Combat.setup(seed=11, odds_samples=100)
    o = w.view["odds"]
    if odds_function() is None:
        assert o["available"] is False and "odds" in o["note"]
        return
    assert o["available"] is False and "once a hand is shown" in o["note"]  # hot seat, before the gate
    open_gate(w)
    o = w.view["odds"]
    assert o["available"] and o["known"] == "Sparta's hand only" and "greedy" in o["policies"]
    ends = next(g for g in o["groups"] if g["title"] == "How it ends")
    assert abs(sum(r["p"] for r in ends["rows"]) - 1) < 1e-9
    assert any(g["title"] == "Units lost" for g in o["groups"]) and o["figures"]
    json.dumps(o)
    # Sparta's odds do not change when Athens holds other cards (same pile + hand)
    s = w.state
    t = with_hands(s, ["phalanx:othismos", "phalanx:othismos", "cavalry:hold", "peltasts:hold"],
                   [c["name"] for c in w.view["sides"][1]["hand"]])
    assert t.battle.hands[0] != s.battle.hands[0]
    a = odds_view(s, 1, "sparta", samples=60)
    b = odds_view(t, 1, "sparta", samples=60)
    assert a["groups"] == b["groups"] and a["figures"] == b["figures"]
    assert Combat.setup(seed=11, odds=False).view["odds"] is None


def test_odds_are_updated_after_each_exchange_in_bot_mode():
    w = Combat.setup(mode="bot", side="athens", bot="greedy", seed=13, odds_samples=50)
    if odds_function() is None:
        pytest.skip("no battle-odds module in this version")
    seen = []
    rng = random.Random(13)
    while not w.over:
        o = w.view["odds"]
        assert o["available"] and not o.get("pending") and o["known"] == "Athens' hand only"
        seen.append(json.dumps(o["groups"]))
        step(w, rng)
    assert len(set(seen)) > 1 and w.view["odds"]["available"] is False
    assert w.view["sides"][1]["bot"] == "greedy"


def test_python_can_play_the_decision_too():
    w = setup(mode="bot", side="sparta", seed=12)
    rev = w.rev
    w.play("fight" if w.view["choice"]["kind"] == "window" else w.view["choice"]["options"][0]["action"])
    assert w.rev > rev
    with pytest.raises(pn.IllegalActionError):
        w.play("retreat" if w.view["choice"]["kind"] != "window" else "play salpinx:ambush salpinx:ambush")
