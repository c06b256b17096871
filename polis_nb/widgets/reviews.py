"""The review a record holds (:meth:`polis_nb.Game.review_result`), for the Board and the Viewer:
read from the record's evaluations again only when the record changed (new nodes, evaluations,
glyphs or comments), so the node ids of the review always match the widget's."""
from __future__ import annotations

from ..analysis.review import stored_review


class StoredReview:
    def __init__(self):
        self._key: tuple | None = None
        self._value = None

    def get(self, game):
        """The Review of ``game``'s main line, or None when it holds no evaluations."""
        main = tuple((id(n), n.evaluation, tuple(n.glyphs), n.comment) for n in game.root.mainline())
        key = (id(game), tuple(id(n) for n in game.root.walk()), main)
        if key != self._key:
            self._key = key
            self._value = stored_review(game) if any(m[1] is not None for m in main) else None
        return self._value
