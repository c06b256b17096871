"""The review a record holds (:meth:`polis_nb.Game.review_result`), for the Board and the Viewer:
read from the record's evaluations again only when the record changed (new nodes, evaluations,
glyphs or comments), so the node ids of the review always match the widget's."""
from __future__ import annotations

from typing import Any

from ..analysis.review import Review, stored_review
from ..record import Game


class StoredReview:
    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._value: Review | None = None

    def get(self, game: Game) -> Review | None:
        """The Review of ``game``'s main line, or None when it holds no evaluations."""
        main = tuple((id(n), n.evaluation, tuple(n.glyphs), n.comment) for n in game.root.mainline())
        key = (id(game), tuple(id(n) for n in game.root.walk()), main)
        if key != self._key:
            self._key = key
            self._value = stored_review(game) if any(m[1] is not None for m in main) else None
        return self._value
