"""Combat for a screen reader (issue 28): the view's ``announce`` (the announcements panel, as on the
Board): after each decision its result, the deal and the bot's reply, each once with its own id; a hand
shown or hidden (hot seat) is announced without its cards; nothing is announced again by a redraw, a
refused intent or the odds. Hidden information stays hidden: an announcement names no card but those
played on the table or in answer by the decisions it reports (the cards dealt are counted, never named),
over whole battles in hot seat and against the bot, both editions, land and sea."""
from __future__ import annotations

import random
import re

import pytest

from polis_nb.render.announce import deal_words
from polis_nb.render.combatview import card_label
from polis_nb.rules.battle import card_name, card_types
from polis_nb.widgets import Combat
from polis_nb.widgets.panels.odds import OddsPanel

from .helpers import send


def setup(**kw):
    kw.setdefault("odds", False)
    return Combat.setup(**kw)


def decide(w, rng):
    """One decision as a user makes it: show the hand (hot seat), fight on, or a legal pair."""
    v = w.view
    if v["gate"]:
        send(w, kind="reveal", side=v["gate"]["side"])
    elif v["choice"]["kind"] == "window":
        send(w, kind="choose", action="retreat" if v["retreat"]["enabled"] and rng.random() < 0.05 else "fight")
    else:
        send(w, kind="choose", action=rng.choice(v["choice"]["options"])["action"])


def test_combat_announces_a_hand_shown_and_hidden_without_its_cards():
    w = setup(units=(4, 4), seed=3)
    assert w.view["announce"] == []  # the deal before the widget was shown is not announced
    send(w, kind="reveal", side="sparta")
    items = w.view["announce"]
    assert [(x["kind"], x["text"]) for x in items] == [("hand", "Sparta's hand is on screen: 4 cards.")]
    send(w, kind="hide")
    again = w.view["announce"]
    assert [(x["kind"], x["text"]) for x in again] == [("hand", "Sparta's hand is hidden.")]
    assert again[0]["id"] > items[0]["id"]


def test_combat_announces_each_decision_once_in_hot_seat():
    w = setup(units=(4, 4), seed=3)
    send(w, kind="reveal", side="sparta")
    send(w, kind="choose", action="fight")
    first = w.view["announce"]
    assert [(x["kind"], x["text"]) for x in first] == [("move", "Sparta fights on.")]
    w.refresh()  # a redraw announces nothing new
    assert w.view["announce"] == first
    send(w, kind="choose", action="fight")  # refused: Athens has not shown its hand
    assert w.view["note"].startswith("Refused")
    assert w.view["announce"] == first
    send(w, kind="reveal", side="athens", rev=w.rev - 1)  # stale: refused, nothing new
    assert w.view["announce"] == first


def test_combat_announces_your_move_then_the_deal_and_the_bots_reply():
    w = setup(units=(4, 4), prestige=(1, 1), seed=3, mode="bot", side="athens")
    assert w.view["announce"] == []
    rng = random.Random(1)
    seen, kinds = set(), []
    while not w.view["over"]:
        decide(w, rng)
        items = w.view["announce"]
        assert items[0]["kind"] == "move" and items[0]["text"].startswith("Your move: Athens "), items
        assert all(x["kind"] in ("chance", "reply") for x in items[1:]), items
        assert all(x["text"] for x in items)
        assert not seen & {x["id"] for x in items}  # each item is new: announced once
        seen |= {x["id"] for x in items}
        kinds += [x["kind"] for x in items]
    assert "reply" in kinds and "chance" in kinds
    replies = [x for x in w.view["announce"] if x["kind"] == "reply"]
    assert all(x["text"].startswith("Sparta's reply: Sparta ") for x in replies)


def test_combat_odds_announce_nothing():
    w = Combat.setup(units=(4, 4), seed=3, mode="bot", side="athens", odds=True, odds_samples=20)
    decide(w, random.Random(0))
    before = w.view["announce"]
    assert before and w.view["odds"]["available"]  # the odds came after the view, with the same rev
    w.panel(OddsPanel).cache.clear()
    w.panel(OddsPanel).fill(w)
    assert w.view["announce"] == before


def test_deal_words_count_the_cards_never_name_them():
    w = setup(units=(4, 4), seed=3)
    s = w.trail[0].state
    steps = [(st.before, st.action, st.state) for st in w.trail[1:] if st.before is not None and st.before.is_chance]
    assert steps, "the deal drew cards"
    words = deal_words(steps)
    assert words == "Cards dealt: 4 to Sparta, 4 to Athens."
    assert all(card_label(t) not in words for t in card_types(s.components, "land")[0])


def _named(text: str, labels: dict[str, str]) -> set[str]:
    """The cards (their notation) that ``text`` names, by label or by notation."""
    return {name for name, label in labels.items()
            if re.search(rf"(?<![\w(]){re.escape(label)}", text) or name in text}


@pytest.mark.parametrize("edition,kind", [("ed1", "land"), ("ed1", "sea"), ("ed2", "land")])
@pytest.mark.parametrize("mode", ["hotseat", "bot"])
def test_combat_announcements_never_name_a_hidden_card(edition, kind, mode):
    """Each batch of announcements names only cards that have been played or answered (those lie face up
    on the table); the cards dealt, in no one's sight but their holder's, are never named. The battles
    deal cards that nobody has played yet, and the announcements do name the cards on the table (else
    the check could not fail)."""
    dealt_unplayed = named = 0
    for seed in range(6):
        kw = {"mode": "bot", "side": ("athens", "sparta")[seed % 2]} if mode == "bot" else {}
        w = setup(kind=kind, units=(5, 5), prestige=(2, 2), seed=seed, edition=edition, **kw)
        s = w.state
        labels = {card_name(t): card_label(t) for t in card_types(s.components, kind)[0]}
        rng = random.Random(seed)
        last = 0
        public: set[str] = set()  # the cards played or answered so far: face up on the table
        while not w.view["over"]:
            before = len(w.trail)
            decide(w, rng)
            new = w.trail[before:]
            public |= {x for st in new if st.action is not None and st.action.kind in ("play", "answer")
                       for x in st.action.args}
            drawn = {st.action.args[0] for st in new if st.before is not None and st.before.pending.kind == "draw-card"}
            dealt_unplayed += bool(drawn - public)
            items = [x for x in w.view["announce"] if x["id"] > last]
            last = max([last] + [x["id"] for x in w.view["announce"]])
            for x in items:
                named += len(_named(x["text"], labels))
                leaked = _named(x["text"], labels) - public
                assert not leaked, f"{x['text']!r} names {sorted(leaked)}, not on the table"
    assert dealt_unplayed > 0 and named > 0  # (the cards on the table are named, in the edition's words)

