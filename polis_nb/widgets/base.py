"""What every polis_nb widget shares: the browser module and styles, the synced view model, the
revision number, the checked path from an intent to a redraw, and the static picture a notebook keeps
for readers without a kernel."""
from __future__ import annotations

import anywidget
import traitlets

from ..render.combatsvg import combat_svg
from ..render.viewmodel import view_svg
from ._assets import asset
from .intents import IntentError, check_intent


class IntentWidget(anywidget.AnyWidget):
    """An anywidget whose browser half sends intents and draws ``view``. Subclasses set ``KINDS``
    (intent kind → required text fields), implement ``_act(intent) -> (explanation, note)`` and
    ``_refresh(explanation=None, note="")``, which must bump ``self._rev``."""

    _esm = asset("polis_nb.js")
    _css = asset("polis_nb.css")
    view = traitlets.Dict().tag(sync=True)
    KINDS: dict[str, tuple[str, ...]] = {}
    REFUSED: tuple[type[Exception], ...] = (IntentError,)  # errors shown as a refusal, changing nothing

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._rev = 0
        self.on_msg(self._on_msg)

    @property
    def rev(self) -> int:
        """Revision of the view; every redraw bumps it, so stale intents can be told apart."""
        return self._rev

    def static_svg(self) -> str:
        """What the widget shows now as one standalone SVG document: the board (Board, Viewer) or the
        battle (Combat). Deterministic: the same view gives the same bytes."""
        return static_svg(getattr(self, "_kind", "board"), self.view)

    def _repr_mimebundle_(self, **kwargs):
        """The live widget plus a static fallback in one output: ``text/plain`` (the repr) and
        ``image/svg+xml`` (:meth:`static_svg`, taken when the cell ran).

        Each front end draws one type of a bundle. JupyterLab ranks the widget view first (its
        renderer is registered above every standard one), so it shows the live widget and never the
        picture beside it; nbconvert's HTML exporter (and GitHub and nbviewer, which use it) skips
        the widget view when the notebook holds no widget state and takes the next type in its
        priority, the SVG (the bundle has no text/html or markdown that would come first)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "image/svg+xml": self.static_svg()}, metadata

    def _on_msg(self, _widget, content, _buffers) -> None:
        self.handle_intent(content)

    def handle_intent(self, content) -> None:
        """Act on one intent as the browser sends it (tests call this directly)."""
        try:
            intent = check_intent(content, self.KINDS, self._rev)
            explanation, note = self._act(intent)
        except self.REFUSED as e:
            self._refresh(note=f"Refused: {e}")
            return
        self._refresh(explanation=explanation, note=note)

    def _act(self, intent: dict):
        raise NotImplementedError

    def _refresh(self, explanation=None, note: str = "") -> None:
        raise NotImplementedError


def static_svg(kind: str, view: dict) -> str:
    """The picture of a widget's view model: ``kind`` is the widget's ``_kind`` (board, viewer, combat)."""
    if kind == "combat":
        return combat_svg(view)
    return view_svg(view["board"] if kind == "viewer" else view)
