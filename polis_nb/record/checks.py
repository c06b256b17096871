"""Checks at the edges of the record API: a wrong argument type raises ``TypeError`` naming the
argument; text that cannot be saved (a lone surrogate) raises ``ValueError`` naming the field. Both
happen before anything changes."""
from __future__ import annotations

import os
from typing import cast

from ..data.safeio import check_text, lone_surrogate
from .headers import check_header
from .node import Node, RecordError

TEXT_FIELDS = ("comment", "starting_comment", "name")
_WORDS = {"comment": "comment", "starting_comment": "comment before", "name": "variation name"}


def need(value: object, types: type | tuple[type, ...], what: str) -> None:
    """Raise ``TypeError`` unless ``value`` is one of ``types`` (a bool is no int here)."""
    types = types if isinstance(types, tuple) else (types,)
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        names = " or ".join(t.__name__ for t in types)
        raise TypeError(f"{what} must be {names}, not {type(value).__name__}")


def need_path(path: object, what: str) -> None:
    """Raise ``TypeError`` unless ``path`` names a file (text or a path-like object)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"{what} needs a file path (str or pathlib.Path), not {type(path).__name__}")


def own_node(game, node: object, what: str = "node") -> Node:
    """``node`` if it is a node of ``game``'s record: ``TypeError`` for another type, ``RecordError``
    for a node of another record."""
    need(node, Node, what)
    n = cast(Node, node)  # need() lets only a Node through
    if n.root() is not game.root:
        raise RecordError("that node belongs to another record")
    return n


def where(node: Node) -> str:
    """A node in words, for messages: the start of the game, or its decision and ply."""
    if node.parent is None:
        return "the start of the game"
    return f"the decision '{node.action}' at ply {node.parent.ply}"


def check_savable(game) -> None:
    """Raise ``TypeError`` / ``ValueError`` naming the node and field if a header, comment or name of
    the record is not text that can be saved as UTF-8 (they can be set on nodes directly)."""
    for k, v in game.headers.items():
        if not isinstance(k, str) or not isinstance(v, str) or lone_surrogate(k) is not None:
            check_header(k, v)
        elif v and lone_surrogate(v) is not None:
            check_text(v, f"the header {k}")
    for n in game.root.walk():
        for f in TEXT_FIELDS:
            v = getattr(n, f)
            if v.__class__ is not str:
                raise TypeError(f"the {_WORDS[f]} of {where(n)} must be text (str), not {type(v).__name__}")
            if v and lone_surrogate(v) is not None:
                check_text(v, f"the {_WORDS[f]} of {where(n)}")
        if n.quiz is not None and n.quiz.hint and lone_surrogate(n.quiz.hint) is not None:
            check_text(n.quiz.hint, f"the question's hint at {where(n)}")
