"""The Viewer widget's view model: the record as rows (rounds, turns, decisions, variations), the
board at the current node, and the commentary of that node and its turn."""
from __future__ import annotations

from ..record import Game, Node
from ..record.commentary import sentence
from ..rules.board import board
from ..rules.state import PLAYERS
from .viewmodel import board_view

MAX_ROWS = 3000


def node_ids(game: Game) -> list[Node]:
    """Every node in a fixed order (depth first, main line first); a node's id is 'n<index>'."""
    return list(game.root.walk())


def _label(n: Node, viewer: str | None) -> str:
    parent = n.parent.state if n.parent is not None else None
    if parent is None or not parent.is_chance:
        return str(n.action)
    bt = parent.battle
    if viewer is not None and parent.pending.kind == "draw-card" and bt is not None and bt.draws \
            and PLAYERS[bt.draws[0]] != viewer:
        return f"chance: card for {PLAYERS[bt.draws[0]].capitalize()} (hidden)"
    return "chance: " + str(n.action)


def rows(game: Game, index: dict[int, str], viewer: str | None = None) -> tuple[list[dict], bool]:
    """Display rows in reading order: each variation right after the decision it replaces."""
    out: list[dict] = []
    current = game.node
    on_line = {id(n) for n in current.path()}

    def emit(n: Node, depth: int, starts: bool) -> None:
        ps = n.parent.state  # type: ignore[union-attr]
        if ps.pending.kind == "turn" and not ps.turn_actions and depth == 0:
            rnd = board(ps).comp.rounds[ps.round].name
            out.append({"heading": True, "text": f"Round {rnd} · {PLAYERS[ps.pending.player].capitalize()}",
                        "depth": 0})
        out.append({"id": index[id(n)], "text": _label(n, viewer), "depth": depth, "glyphs": "".join(n.glyphs),
                    "comment": n.comment, "name": n.name if starts else "", "current": n is current,
                    "on_line": id(n) in on_line, "variation": starts, "auto": n.auto})

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
                explanation=None, arrow_from: str | None = None) -> dict:
    nodes = node_ids(game)
    index = {id(n): f"n{i}" for i, n in enumerate(nodes)}
    node = game.node
    bv = board_view(node.state, viewer=viewer, marks=tuple(node.marks), explanation=explanation, rev=rev, note=note)
    if mode != "play":
        bv["targets"], bv["buttons"] = {}, []
    rws, cut = rows(game, index, viewer)
    siblings = node.parent.variations if node.parent is not None else [node]
    k = siblings.index(node)
    path = node.path()
    start = max([k for k, n in enumerate(path) if n.parent.state.pending.kind == "turn"  # type: ignore[union-attr]
                 and not n.parent.state.turn_actions] or [0])  # type: ignore[union-attr]
    turn = [{"decision": _label(n, viewer), "sentences": [sentence(e) for e in n.state.log], "comment": n.comment}
            for n in path[start:]]
    return {
        "rev": rev,
        "mode": mode,
        "board": bv,
        "rows": rws,
        "rows_cut": cut,
        "current": index[id(node)],
        "node": {"id": index[id(node)], "decision": _label(node, viewer) if node.action else "start",
                 "comment": node.comment, "starting_comment": node.starting_comment,
                 "can_comment_before": node.starts_variation(), "glyphs": list(node.glyphs), "name": node.name,
                 "marks": [str(m) for m in node.marks],
                 "sentences": [sentence(e) for e in node.state.log]},
        "turn": turn,
        "nav": {"back": node.parent is not None, "forward": bool(node.variations),
                "up": k > 0, "down": k < len(siblings) - 1},
        "arrow_from": arrow_from,
        "headers": dict(game.headers),
    }
