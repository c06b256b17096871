"""Shared helpers for the widget protocol tests."""
from __future__ import annotations

from polis_nb.rules.battle import _with, card_name, card_types


def send(w, **intent):
    """Send an intent to widget ``w`` at its current revision (unless the intent names one)."""
    intent.setdefault("rev", w.rev)
    w.handle_intent(intent)


def with_hands(s, athens, sparta):
    """``s`` with the two hands replaced (cards taken from / returned to the draw pile)."""
    bt = s.battle
    names = [card_name(t) for t in card_types(s.components, bt.kind)[0]]
    pool = [d + a + b for d, a, b in zip(bt.deck, *bt.hands)]
    hands = []
    for cards in (athens, sparta):
        h = [0] * len(names)
        for c in cards:
            h[names.index(c)] += 1
            pool[names.index(c)] -= 1
        hands.append(tuple(h))
    assert min(pool) >= 0
    return s.evolve(battle=_with(bt, hands=tuple(hands), deck=tuple(pool)))
