"""The Viewer widget's view model: the record as rows (rounds, turns, decisions, variations), the
board at the node shown, and the commentary of that node and its turn — all in plain words: decisions
by what they do ("To Arkadia", not "to arkadia"), marks by what they point at, rulebook sections in
English (the printed title rides along for a tooltip)."""
from __future__ import annotations

from ..record import Game, Node
from ..rules.board import board
from ..rules.index import RULES
from ..rules.state import PLAYERS
from .text import action_words, cite_words, mark_words, plain
from .viewmodel import board_view

MAX_ROWS = 3000


def node_ids(game: Game) -> list[Node]:
    """Every node in a fixed order (depth first, main line first); a node's id is 'n<index>'."""
    return list(game.root.walk())


def _label(n: Node, viewer: str | None) -> str:
    """The decision that led to ``n``, in words (a card drawn for a side ``viewer`` may not see is hidden)."""
    parent = n.parent.state if n.parent is not None else None
    if parent is None or n.action is None:
        return "Start"
    return action_words(parent, n.action, viewer=viewer)


def _notation(n: Node, viewer: str | None) -> str:
    """The decision that led to ``n`` in notation ("to arkadia"; "chance: die 4"; a card drawn for a
    side ``viewer`` may not see is hidden), for pages that show the record's own text."""
    parent = n.parent.state if n.parent is not None else None
    if parent is None or not parent.is_chance:
        return str(n.action)
    bt = parent.battle
    if viewer is not None and parent.pending.kind == "draw-card" and bt is not None and bt.draws \
            and PLAYERS[bt.draws[0]] != viewer:
        return f"chance: card for {PLAYERS[bt.draws[0]].capitalize()} (hidden)"
    return "chance: " + str(n.action)


def sentences(n: Node) -> list[dict]:
    """What the decision at ``n`` did: ``{text, cite, cite_original}`` per log entry."""
    s = n.state
    out = []
    for e in s.log:
        cite, original = cite_words(tuple(r for r in e.rules if r in RULES), s.edition)
        out.append({"text": plain(e.text, s.components), "cite": cite, "cite_original": original})
    return out


def rows(game: Game, index: dict[int, str], viewer: str | None = None, current: Node | None = None
         ) -> tuple[list[dict], bool]:
    """Display rows in reading order: each variation right after the decision it replaces."""
    out: list[dict] = []
    current = game.node if current is None else current
    on_line = {id(n) for n in current.path()}

    def emit(n: Node, depth: int, starts: bool) -> None:
        ps = n.parent.state  # type: ignore[union-attr]
        if ps.pending.kind == "turn" and not ps.turn_actions and depth == 0:
            rnd = board(ps).comp.rounds[ps.round].name
            out.append({"heading": True, "text": f"Round {rnd} · {PLAYERS[ps.pending.player].capitalize()}",
                        "depth": 0})
        out.append({"id": index[id(n)], "num": ps.ply + 1, "text": _notation(n, viewer), "words": _label(n, viewer),
                    "depth": depth,
                    "glyphs": "".join(n.glyphs), "comment": n.comment, "name": n.name if starts else "",
                    "current": n is current, "on_line": id(n) in on_line, "variation": starts, "auto": n.auto,
                    "chance": ps.is_chance})

    # PGN order: a decision, then each alternative to it (with its continuation), then the main
    # line goes on. An explicit stack keeps long lines free of recursion.
    stack: list[tuple[str, Node, int]] = [("cont", game.root, 0)]
    while stack and len(out) < MAX_ROWS:
        kind, n, depth = stack.pop()
        if kind == "line":
            emit(n, depth, True)
            stack.append(("cont", n, depth))
            continue
        if not n.variations:
            continue
        main = n.variations[0]
        emit(main, depth, False)
        stack.append(("cont", main, depth))
        for var in reversed(n.variations[1:]):
            stack.append(("line", var, depth + 1))
    return out, len(out) >= MAX_ROWS


def viewer_view(game: Game, *, mode: str, rev: int, viewer: str | None = None, note: str = "",
                explanation=None, arrow_from: str | None = None, node: Node | None = None,
                engine: dict | None = None, engine_marks=()) -> dict:
    """The Viewer's view model at ``node`` (by default the Game's current node); ``engine`` is the
    engine panel for that position (see :mod:`.analysisview`), drawn with ``engine_marks``."""
    nodes = node_ids(game)
    index = {id(n): f"n{i}" for i, n in enumerate(nodes)}
    node = game.node if node is None else node
    bv = board_view(node.state, viewer=viewer, marks=tuple(node.marks) + tuple(engine_marks), explanation=explanation,
                    rev=rev, note=note)
    if mode != "play":
        bv["targets"], bv["buttons"] = {}, []
    rws, cut = rows(game, index, viewer, node)
    siblings = node.parent.variations if node.parent is not None else [node]
    k = siblings.index(node) if node in siblings else 0
    path = node.path()
    start = max([k for k, n in enumerate(path) if n.parent.state.pending.kind == "turn"  # type: ignore[union-attr]
                 and not n.parent.state.turn_actions] or [0])  # type: ignore[union-attr]
    turn = [{"decision": _label(n, viewer), "num": n.parent.state.ply + 1,  # type: ignore[union-attr]
             "sentences": sentences(n), "comment": n.comment} for n in path[start:]]
    b = board(node.state)
    return {
        "rev": rev,
        "mode": mode,
        "board": bv,
        "rows": rws,
        "rows_cut": cut,
        "current": index[id(node)],
        "node": {"id": index[id(node)], "num": node.parent.state.ply + 1 if node.parent is not None else 0,
                 "decision": _label(node, viewer),
                 "comment": node.comment, "starting_comment": node.starting_comment,
                 "can_comment_before": node.starts_variation(), "glyphs": list(node.glyphs), "name": node.name,
                 "marks": [mark_words(b, m) for m in node.marks],
                 "sentences": sentences(node)},
        "turn": turn,
        "nav": {"back": node.parent is not None, "forward": bool(node.variations),
                "up": k > 0, "down": k < len(siblings) - 1},
        "arrow_from": arrow_from,
        "headers": dict(game.headers),
        "engine": engine,
    }
