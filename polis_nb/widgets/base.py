"""What every polis_nb widget shares: the browser module and styles, the synced view model, the
revision number, and the checked path from an intent to a redraw."""
from __future__ import annotations

import anywidget
import traitlets

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
