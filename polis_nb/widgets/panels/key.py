"""The key panel: what the map's symbols mean (:func:`...render.key.symbol_key`), sent once, in the
widget's ``key`` trait (it does not change with the position)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...render.key import symbol_key
from .panel import Panel

if TYPE_CHECKING:
    from ..board import Board


class KeyPanel(Panel["Board"]):
    name = "key"
    js = "makeKey"

    def start(self, ctx: Board) -> None:
        ctx.key = symbol_key(ctx.state.components)
