"""One self-contained HTML page of an annotated game: what a tutorial author publishes.

``game_html(game)`` holds the board at every node of the record, the commentary (the narrated decisions
with the rulebook sections they follow, comments, glyphs, marks in words), the record as the Viewer
lists it — in words, turn by turn (``3.A2``: round 3, Athens' second turn, then that turn's decisions),
each variation after the turn it branches from — to click through, and keyboard navigation (←/→
steps, ↑/↓ switches between variations, Home/End). It needs no kernel, no network and no CDN: the
page carries its own script and styles (``widgets/htmlgame.js``, ``widgets/htmlgame.css``, beside the
widgets' browser files, inlined) and opens from ``file://``. The page is in words: no notation and no
rule id (see :mod:`.htmlpage`, which it shares with the worksheet).

``game_html(game, worksheet=True)`` is the record's guess-the-move lesson as a worksheet to hand out,
and ``answers=True`` with it its answer key: see :mod:`.worksheet`.
"""
from __future__ import annotations

from ..record import Game
from .htmlpage import LayerTable, default_title, document, e, headers_html, pieces, stepper
from .recordview import Steps, node_ids, rows
from .worksheet import worksheet_html

__all__ = ["game_html", "pieces", "LayerTable"]


def game_html(game: Game, *, title: str | None = None, worksheet: bool = False, answers: bool = False) -> str:
    """The whole record of ``game`` as one HTML document (a string); see the module docstring.
    ``worksheet=True``: the worksheet of its questions instead; with ``answers=True``, their answer key."""
    if not isinstance(game, Game):
        raise TypeError(f"game_html needs a Game, not {type(game).__name__}")
    for name, value in (("worksheet", worksheet), ("answers", answers)):
        if not isinstance(value, bool):
            raise TypeError(f"{name} must be True or False, not {type(value).__name__}")
    if answers and not worksheet:
        raise ValueError("answers=True writes the answer key of a worksheet: pass worksheet=True with it")
    page_title = title if title is not None else default_title(game)
    if worksheet:
        return worksheet_html(game, page_title, answers=answers)
    nodes = node_ids(game)
    ids = {id(n): f"n{k}" for k, n in enumerate(nodes)}
    rws, cut = rows(game, ids, current=game.root, steps="decision", known=Steps(game, None))
    markup, data = stepper(nodes, rws, cut)
    body = f'<header class="top">\n<h1>{e(page_title)}</h1>\n{headers_html(game)}\n</header>\n{markup}'
    return document(page_title, body, kind="game", data=data)
