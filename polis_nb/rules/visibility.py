"""What each side may see. Battle hands are hidden information: a side sees its own hand, only the
size of the opponent's, and only the size of the draw pile (whose split between pile and opponent's
hand it cannot know). Everything else in Polis is open."""
from __future__ import annotations

from .state import PLAYERS, State

HIDDEN = "hidden"


def view(s: State, viewer: object) -> dict:
    """``s.to_dict()`` as ``viewer`` ("athens", "sparta", or None for a spectator) may see it."""
    if viewer is not None and viewer not in PLAYERS:
        raise ValueError(f"viewer must be 'athens', 'sparta' or None, not {viewer!r}")
    d = s.to_dict()
    bt = d.get("battle")
    if bt is not None:
        me = PLAYERS.index(viewer) if isinstance(viewer, str) else -1
        hands = bt["hands"]
        bt["hand_sizes"] = [sum(h) for h in hands]
        bt["hands"] = [h if i == me else HIDDEN for i, h in enumerate(hands)]
        bt["deck_size"] = sum(bt["deck"])
        bt["deck"] = HIDDEN
    return d
