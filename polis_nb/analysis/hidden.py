"""Determinisation: a full position consistent with what one side may see.

Polis hides only battle hands (:mod:`polis_nb.rules.visibility`): a side sees its own hand, the
size of the other hand and the size of the draw pile. Project tiles and event cards are not hidden
in a position: the kernel draws them at chance steps with exact probabilities, so a search samples
them there (:func:`polis_nb.sample_chance`) and needs no guess about their order.

:func:`determinise` deals the unseen cards (the other hand plus the pile) anew, uniformly, keeping
every hand size: the information-set search plays each iteration on one such deal.
"""
from __future__ import annotations

import random
from dataclasses import replace

from ..rules import PLAYERS, State


def viewer_index(viewer: str | int | None) -> int | None:
    """0 (Athens), 1 (Sparta) or None (a spectator, who sees neither hand) from a name or index."""
    if viewer is None or viewer in (0, 1):
        return viewer
    if viewer in PLAYERS:
        return PLAYERS.index(viewer)
    raise ValueError(f"viewer must be 'athens', 'sparta' or None, not {viewer!r}")


def hidden_from(s: State, viewer: int | None) -> tuple[int, ...]:
    """The players whose battle hand ``viewer`` cannot see in ``s`` (empty outside battles)."""
    bt = s.battle
    if bt is None:
        return ()
    return tuple(p for p in (0, 1) if p != viewer and sum(bt.hands[p]) > 0)


def determinise(s: State, viewer: str | int | None, rng: random.Random) -> State:
    """``s`` with the hands ``viewer`` cannot see dealt again at random from the cards it cannot
    see (those hands plus the draw pile), each hand keeping its size. Outside battles, or when
    nothing is hidden, ``s`` itself."""
    who = hidden_from(s, viewer_index(viewer))
    bt = s.battle
    if bt is None or not who:
        return s
    pool = list(bt.deck)
    for p in who:
        for t, n in enumerate(bt.hands[p]):
            pool[t] += n
    cards = [t for t, n in enumerate(pool) for _ in range(n)]
    hands = list(bt.hands)
    for p in who:
        k = sum(bt.hands[p])
        picked = rng.sample(cards, k)
        hand = [0] * len(pool)
        for t in picked:
            hand[t] += 1
            cards.remove(t)
        hands[p] = tuple(hand)
    deck = [0] * len(pool)
    for t in cards:
        deck[t] += 1
    return s.evolve(battle=replace(bt, hands=(hands[0], hands[1]), deck=tuple(deck)))
