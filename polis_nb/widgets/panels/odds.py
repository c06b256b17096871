"""The odds panel of Combat (``odds=True``; ``odds_samples``, ``odds_policies``): the chances of the
battle's ends from the position as the side on screen knows it (:func:`...render.combatview.odds_view`).
They are worked out right after each view is sent (same ``rev``), so they never delay the reveal."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...render.combatview import odds_view
from .panel import Panel

if TYPE_CHECKING:
    from ..combat import Combat


class OddsPanel(Panel["Combat"]):
    name = "odds"
    js = "makeOdds"
    widgets = {"combat": 40}

    def __init__(self) -> None:
        self.on = True
        self.samples = 200
        self.policies: tuple[str, str] = ("greedy", "greedy")
        self.cache: dict[tuple[Any, ...], dict] = {}

    def _key(self, ctx: Combat) -> tuple[Any, ...]:
        from .hand import HandPanel

        viewer, open_hands, _, _ = ctx.panel(HandPanel).seen(ctx)
        s = ctx.state
        return (s, s.ply, viewer, open_hands)

    def view(self, ctx: Combat) -> dict[str, Any]:
        """The odds now: from the cache, or {"pending": True} until :meth:`fill` runs."""
        if not self.on:
            return {"odds": None}
        got = self.cache.get(self._key(ctx))
        return {"odds": got if got is not None else {"available": True, "pending": True}}

    def fill(self, ctx: Combat) -> None:
        """Work out the pending odds after the view went out, so the reveal does not wait for them."""
        from .hand import HandPanel

        key = self._key(ctx)
        if not self.on or key in self.cache:
            return
        if len(self.cache) > 256:
            self.cache.clear()
        viewer, open_hands, _, _ = ctx.panel(HandPanel).seen(ctx)
        rev = ctx.rev
        got = self.cache[key] = odds_view(ctx.state, ctx.area, viewer, open_hands=open_hands, seed=ctx.seed,
                                          samples=self.samples, policies=self.policies)
        if ctx.rev == rev:
            ctx.view = dict(ctx.view, odds=got)  # same rev: the position did not change
