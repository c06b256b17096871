"""Helpers of notebook 09 (battles): forced deals, card names in words, hands, and every answer to an
attack with its price."""
from __future__ import annotations

from typing import Iterable

from ..record import Game
from ..render.text import plain
from ..rules import Battle, State, apply, card_names, legal_actions

SIDES = ("athens", "sparta")
CARDS = "ed1-default"  # the component set whose card names the words use


def deal(g: Game, *cards: str) -> None:
    """Force the next card draws (chance decisions) of the record ``g``, in the order the kernel deals
    them. Cards are written in notation, formation:manoeuvre, as ``play`` and ``answer`` take them."""
    g.play([f"card {c}" for c in cards], settle=False)


def words(text: object, components: str = CARDS) -> str:
    """Kernel text with the cards named as the cards (and the Combat widget) name them."""
    return plain(str(text), components)


def say(entries: Iterable) -> None:
    """Print log entries, the cards in words."""
    for entry in entries:
        print(words(entry))


def _fought(s: State) -> Battle:
    if s.battle is None:
        raise ValueError("no battle is being fought in this position")
    return s.battle


def hand(s: State, side: str) -> str:
    """The cards one side holds, in words. In a game only that side may look (``rules.visibility``)."""
    bt = _fought(s)
    names = card_names(s.components, bt.kind)
    held = bt.hands[SIDES.index(side)]
    return ", ".join(words(names[i], s.components) if k == 1 else f"{k}x {words(names[i], s.components)}"
                     for i, k in enumerate(held) if k)


def answers(s: State) -> None:
    """Print every answer the defender may give to the two cards on the table, cheapest first, with
    the units it loses and the prestige the attacker gains."""
    bt = _fought(s)
    area, att = bt.area, bt.attacker
    dfn = 1 - att
    rows = []
    for a in legal_actions(s):
        t = apply(s, a)
        rows.append((s.units[area][dfn] - t.units[area][dfn], t.prestige[att] - s.prestige[att], a))
    names = card_names(s.components, bt.kind)
    attack = [words(names[i], s.components) for i in bt.played]
    who, other = SIDES[dfn].capitalize(), SIDES[att].capitalize()
    whose = "Athens'" if who == "Athens" else "Sparta's"
    print(f"{other} attacks with {attack[0]} and {attack[1]}. {whose} answers, cheapest first:")
    print(f"  {'against ' + attack[0]:34}{'against ' + attack[1]:34}{who + ' loses':14}{other} gains")
    for lost, gain, a in sorted(rows, key=lambda r: (r[0], r[1])):
        print(f"  {words(a.args[0], s.components):34}{words(a.args[1], s.components):34}{lost:<14}{gain:+d}")
