"""The JSON form of a record: headers plus a flat list of nodes (parent index first, so deep lines
never hit recursion limits). Exact round trip with the text format and the tree."""
from __future__ import annotations

from ..rules import IllegalActionError, InvalidActionError, apply_unchecked, chance_rng, parse_action, sample_chance
from .node import GLYPHS, Mark, Node, RecordError

FORMAT = "polis_nb.record/1"


def to_json(game) -> dict:
    nodes: list[dict] = []
    index: dict[int, int] = {}
    for n in game.root.walk():
        d: dict = {"parent": index[id(n.parent)] if n.parent is not None else None,
                   "action": str(n.action) if n.action is not None else None}
        if n.auto:
            d["auto"] = True
        for key in ("comment", "starting_comment", "name"):
            if getattr(n, key):
                d[key] = getattr(n, key)
        if n.glyphs:
            d["glyphs"] = list(n.glyphs)
        if n.marks:
            d["marks"] = [m.to_dict() for m in n.marks]
        index[id(n)] = len(nodes)
        nodes.append(d)
    return {"format": FORMAT, "headers": dict(game.headers), "nodes": nodes}


def from_json(data: dict, *, game_factory):
    """Read the JSON form leniently: invalid nodes (and what hangs below them) are left out and
    reported in the returned errors, which name the node index."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a polis_nb record (expected format {FORMAT!r})")
    headers = data.get("headers")
    nodes = data.get("nodes")
    if not isinstance(headers, dict) or not isinstance(nodes, list) or not nodes:
        raise RecordError("a record needs 'headers' (object) and 'nodes' (non-empty list)")
    game = game_factory({str(k): str(v) for k, v in headers.items()})
    errors: list[RecordError] = []
    built: list[Node | None] = [game.root]
    if not isinstance(nodes[0], dict) or nodes[0].get("parent") is not None or nodes[0].get("action") is not None:
        raise RecordError("node 0 must be the root (no parent, no action)")
    if not isinstance(nodes[0].get("comment", ""), str):
        errors.append(RecordError("node 0: comment must be text"))
    else:
        game.root.comment = nodes[0].get("comment", "")
    _marks(nodes[0], game.root, "node 0", errors)
    for i, d in enumerate(nodes[1:], start=1):
        built.append(None)
        where = f"node {i}"
        if not isinstance(d, dict):
            errors.append(RecordError(f"{where}: not an object"))
            continue
        p = d.get("parent")
        if not isinstance(p, int) or not 0 <= p < i:
            errors.append(RecordError(f"{where}: parent must be the index of an earlier node"))
            continue
        parent = built[p]
        if parent is None:
            continue  # below an invalid node
        s = parent.state
        try:
            a = parse_action(s, str(d.get("action")))
        except (InvalidActionError, IllegalActionError) as e:
            errors.append(RecordError(f"{where}: '{d.get('action')}' cannot be played at ply {s.ply}: {e}"))
            continue
        auto = bool(d.get("auto", False))
        if auto and sample_chance(s, chance_rng(s)) != a:
            errors.append(RecordError(f"{where}: '{a}' is marked as drawn from the seed, but seed {s.seed} gives "
                                      f"'{sample_chance(s, chance_rng(s))}': another seed or component set"))
            auto = False
        if parent.child(a) is not None:
            errors.append(RecordError(f"{where}: duplicate of an earlier sibling"))
            built[i] = parent.child(a)
            continue
        node = Node(parent, a, apply_unchecked(s, a), auto=auto)
        parent.variations.append(node)
        built[i] = node
        for key in ("comment", "starting_comment", "name"):
            v = d.get(key, "")
            if not isinstance(v, str):
                errors.append(RecordError(f"{where}: {key} must be text"))
                continue
            setattr(node, key, v)
        glyphs = d.get("glyphs", [])
        if not isinstance(glyphs, list):
            errors.append(RecordError(f"{where}: glyphs must be a list like [\"!?\"]"))
            glyphs = []
        for g in glyphs:
            if g in GLYPHS and g not in node.glyphs:
                node.glyphs.append(g)
            elif g not in GLYPHS:
                errors.append(RecordError(f"{where}: unknown glyph {g!r}"))
        _marks(d, node, where, errors)
    game.node = game.root
    return game, errors


def _marks(d: dict, node: Node, where: str, errors: list) -> None:
    from .game import check_mark

    marks = d.get("marks", [])
    if not isinstance(marks, list):
        errors.append(RecordError(f"{where}: marks must be a list"))
        return
    for m in marks:
        try:
            mk = Mark(str(m["kind"]), tuple(str(x) for x in m["targets"]), str(m.get("colour", "green")))
            check_mark(node.root().state, mk)
            if mk not in node.marks:
                node.marks.append(mk)
        except (KeyError, TypeError, AttributeError, RecordError) as e:
            errors.append(RecordError(f"{where}: bad mark {m!r}: {e}"))
