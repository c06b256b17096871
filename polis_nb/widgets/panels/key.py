"""The key panel: what the map's symbols mean (:func:`...render.key.symbol_key`), sent once, in the
widget's ``key`` trait (it does not change with the position)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...render.key import symbol_key
from .panel import Panel

if TYPE_CHECKING:
    from ..base import MapWidget


class KeyPanel(Panel["MapWidget"]):
    name = "key"
    js = "makeKey"
    widgets = {"board": 70, "viewer": 70}

    def start(self, ctx: MapWidget) -> None:
        ctx.key = symbol_key(ctx.state.components)
