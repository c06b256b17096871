"""The JSON form of a record: headers plus a flat list of nodes (parent index first, so deep lines
never hit recursion limits). Exact round trip with the text format and the tree.

The reader trusts no field: each must have its documented type (text, a list, an index, a bool), and
whatever breaks a node leaves that node (and what hangs below it) out, reported with the node's index
and, for JSON text, the line and column of the field at fault.

A node may hold the engine's evaluation of its position (:class:`~polis_nb.record.node.Evaluation`)::

    "eval": {"athens": 0.713, "playouts": 400, "best": "trade +metal"}
    "eval": {"athens": 0.0, "proven": "loss"}

``athens`` (Athens' expected result, 0 to 1) is required; ``proven`` ("win", "loss", "shared"),
``playouts`` (a whole number) and ``best`` (a legal choice at the node's position) are optional. A
bad evaluation is left out and reported; the node stays.

A node whose decision is a question of a guess-the-move lesson (:class:`~polis_nb.record.node.Quiz`)
holds ``"quiz": {"hint": "Look at Athenai's wheat"}`` (or ``"quiz": {}``); a bad one is left out and
reported, the node stays.

A node where a side resigned (:attr:`~polis_nb.record.node.Node.resigned`) holds ``"resigned":
"athens"`` (or ``"sparta"``); a bad one is left out and reported, the node stays.
"""
from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Mapping

from ..data.safeio import JSONDepthError, JSONNumberError, loads_json, number_words
from .headers import GAME_HEADERS, KNOWN_HEADERS, name_problem, start_position
from .node import (GLYPHS, MAX_PLAYOUTS, PROVEN, Evaluation, Mark, Node, Quiz, RecordError, check_mark,
                   quiz_problem, resign_problem, SIDES)
from .reading import line_col, play_recorded, replace_surrogates, unix_lines

FORMAT = "polis_nb.record/1"
_TEXT_FIELDS = ("comment", "starting_comment", "name")


class _Short(reprlib.Repr):
    """Bounded: no huge or deeply nested value is copied into a message. A whole number too long to
    show is described by its length (Python refuses to write one of more than 4,300 digits)."""

    def repr_int(self, x: int, level: int) -> str:
        return number_words(x) if x.bit_length() > 128 else super().repr_int(x, level)

    def repr_instance(self, x: object, level: int) -> str:
        if isinstance(x, int) and x.bit_length() > 128:  # a subclass of int
            return number_words(int(x))
        return super().repr_instance(x, level)


_REPR = _Short()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlist, _REPR.maxdict = 2, 40, 40, 4, 4
_short = _REPR.repr


def to_json(headers: Mapping[str, str], root: Node) -> dict:
    """The JSON form of a record: its headers and the tree below ``root``."""
    nodes: list[dict] = []
    index: dict[int, int] = {}
    for n in root.walk():
        d: dict = {"parent": index[id(n.parent)] if n.parent is not None else None,
                   "action": str(n.action) if n.action is not None else None}
        if n.auto:
            d["auto"] = True
        for key in _TEXT_FIELDS:
            if getattr(n, key):
                d[key] = getattr(n, key)
        if n.glyphs:
            d["glyphs"] = list(n.glyphs)
        if n.marks:
            d["marks"] = [m.to_dict() for m in n.marks]
        if n.evaluation is not None:
            d["eval"] = n.evaluation.to_dict()
        if n.quiz is not None:
            d["quiz"] = n.quiz.to_dict()
        if n.resigned is not None:
            d["resigned"] = n.resigned
        index[id(n)] = len(nodes)
        nodes.append(d)
    return {"format": FORMAT, "headers": dict(headers), "nodes": nodes}


def parse(text: str) -> tuple[str, object]:
    """JSON text (a byte order mark, CRLF or CR line ends allowed) → (the text with LF line ends,
    the value). Text that is not JSON, or nests deeper than any record, raises RecordError with the
    line and column."""
    text = unix_lines(text.removeprefix("\ufeff"))
    try:
        return text, loads_json(text, bounded_ints=True)
    except JSONDepthError as e:
        raise RecordError(f"JSON nested deeper than {e.limit} levels; no record nests that deep",
                          e.line, e.column) from None
    except JSONNumberError as e:
        raise RecordError(f"not valid JSON for a record: {str(e).split(': ', 1)[1]}", e.line, e.column) from None
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg}", e.lineno, e.colno) from None
    except ValueError as e:  # e.g. a number too long to convert
        raise RecordError(f"not valid JSON: {e}") from None


class _Errors:
    """Problems of a JSON record, each with the path of the part at fault (("nodes", 3, "auto")); for
    JSON text, turned into line and column at the end."""

    def __init__(self, text: str | None):
        self.text = text
        self.found: list[tuple[str, tuple]] = []

    def add(self, message: str, *path) -> None:
        self.found.append((message, path))

    def error(self, message: str, *path) -> RecordError:
        """One problem that stops the reading, with its place."""
        return self._placed([(message, path)])[0]

    def errors(self) -> list[RecordError]:
        """Every problem found, with its place."""
        return self._placed(self.found)

    def _placed(self, found: list[tuple[str, tuple]]) -> list[RecordError]:
        if self.text is None or not found:
            return [RecordError(m) for m, _ in found]
        places = _places(self.text)
        out = []
        for message, path in found:
            while path and path not in places:  # the nearest part the text holds
                path = path[:-1]
            out.append(RecordError(message, *line_col(self.text, places.get(path, 0))))
        return out


def from_json(data: object, *, text: str | None = None) -> tuple[dict[str, str], Node, list[RecordError]]:
    """Read the JSON form leniently: (the headers, the root of the tree, the problems). Invalid nodes
    (and what hangs below them) are left out and reported in the problems, which name the node index
    (and, given the JSON ``text`` the data was parsed from, say the line and column). Data that holds
    no record, or headers that describe no game, raise :class:`RecordError`."""
    errs = _Errors(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise errs.error(f"not a polis_nb record (expected format {FORMAT!r})", "format")
    headers = data.get("headers")
    nodes = data.get("nodes")
    if not isinstance(headers, dict) or not isinstance(nodes, list) or not nodes:
        raise errs.error("a record needs 'headers' (object) and 'nodes' (non-empty list)",
                         "headers" if not isinstance(headers, dict) else "nodes")
    kept = _headers(headers, errs)
    try:
        root = Node(None, None, start_position(kept))
    except RecordError as e:
        raise errs.error(e.message, "headers", getattr(e, "header", "")) from None
    guarded = "Position" in headers
    built: list[Node | None] = [root]
    if not isinstance(nodes[0], dict) or nodes[0].get("parent") is not None or nodes[0].get("action") is not None:
        raise errs.error("node 0 must be the root (no parent, no action)", "nodes", 0)
    root.comment = _text(nodes[0], "comment", "node 0", errs, ("nodes", 0))
    _marks(nodes[0], root, 0, errs)
    _evaluation(nodes[0], root, 0, errs)
    _quiz(nodes[0], root, 0, errs)
    _resigned(nodes[0], root, 0, errs)
    for i, d in enumerate(nodes[1:], start=1):
        built.append(None)
        where = f"node {i}"
        if not isinstance(d, dict):
            errs.add(f"{where}: not an object", "nodes", i)
            continue
        p = d.get("parent")
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < i:
            errs.add(f"{where}: parent must be the index of an earlier node", "nodes", i, "parent")
            continue
        parent = built[p]
        if parent is None:
            continue  # below an invalid node
        action = d.get("action")
        if not isinstance(action, str):
            errs.add(f"{where}: action must be text like \"hoplites\", not {_short(action)}", "nodes", i, "action")
            continue
        auto = d.get("auto", False)
        if not isinstance(auto, bool):
            errs.add(f"{where}: auto must be true or false, not {_short(auto)}", "nodes", i, "auto")
            auto = False
        node, new, problems = play_recorded(parent, action, auto, marker='"auto": true', guarded=guarded)
        for field, msg in problems:
            errs.add(f"{where}: {msg}", "nodes", i, field)
        if node is None:
            continue
        built[i] = node
        if not new:
            errs.add(f"{where}: duplicate of an earlier sibling", "nodes", i)
            continue
        for key in _TEXT_FIELDS:
            setattr(node, key, _text(d, key, where, errs, ("nodes", i)))
        _glyphs(d, node, i, errs)
        _marks(d, node, i, errs)
        _evaluation(d, node, i, errs)
        _quiz(d, node, i, errs)
        _resigned(d, node, i, errs)
    return kept, root, errs.errors()


def _headers(raw: dict, errs: _Errors) -> dict[str, str]:
    """The headers that can be kept; the others are reported (an unknown name is kept, like the
    text reader does)."""
    out: dict[str, str] = {}
    for k, v in raw.items():
        problem = name_problem(k)
        if problem:
            errs.add(problem, "headers", k)
            continue
        if not isinstance(v, str):
            if k in GAME_HEADERS:  # without it the record describes no game (as in the text reader)
                raise errs.error(f"the header {k} must be text, not {_short(v)}", "headers", k)
            errs.add(f"the header {k} must be text, not {_short(v)}", "headers", k)
            continue
        if k not in KNOWN_HEADERS and not k.startswith("X-"):
            errs.add(f"unknown header {k!r} (own headers start with 'X-')", "headers", k)
        out[k] = _clean(v, f"the header {k}", errs, ("headers", k))
    return out


def _clean(v: str, what: str, errs: _Errors, path: tuple) -> str:
    v, bad = replace_surrogates(v)
    if bad:
        errs.add(f"{what} holds a lone surrogate, which cannot be saved as UTF-8 (replaced by U+FFFD)", *path)
    return v


def _text(d: dict, key: str, where: str, errs: _Errors, path: tuple) -> str:
    v = d.get(key, "")
    if not isinstance(v, str):
        errs.add(f"{where}: {key} must be text, not {_short(v)}", *path, key)
        return ""
    return _clean(v, f"{where}: {key}", errs, path + (key,))


def _glyphs(d: dict, node: Node, i: int, errs: _Errors) -> None:
    glyphs = d.get("glyphs", [])
    if not isinstance(glyphs, list):
        errs.add(f"node {i}: glyphs must be a list like [\"!?\"], not {_short(glyphs)}", "nodes", i, "glyphs")
        return
    for g in glyphs:
        if isinstance(g, str) and g in GLYPHS:
            if g not in node.glyphs:
                node.glyphs.append(g)
        else:
            errs.add(f"node {i}: unknown glyph {_short(g)}", "nodes", i, "glyphs")


def _marks(d: dict, node: Node, i: int, errs: _Errors) -> None:
    marks = d.get("marks", [])
    if not isinstance(marks, list):
        errs.add(f"node {i}: marks must be a list, not {_short(marks)}", "nodes", i, "marks")
        return
    for k, m in enumerate(marks):
        try:
            mk = _mark(m)
            check_mark(node.root().state, mk)
        except RecordError as e:
            errs.add(f"node {i}: bad mark {_short(m)}: {e.message}", "nodes", i, "marks", k)
            continue
        if mk not in node.marks:
            node.marks.append(mk)


def _evaluation(d: dict, node: Node, i: int, errs: _Errors) -> None:
    if "eval" not in d:
        return
    raw = d["eval"]
    path = ("nodes", i, "eval")
    if not isinstance(raw, dict):
        errs.add(f"node {i}: eval must be an object like {{\"athens\": 0.62, \"playouts\": 400}}, "
                 f"not {_short(raw)}", *path)
        return
    athens, proven, best, playouts = (raw.get("athens"), raw.get("proven"), raw.get("best"),
                                      raw.get("playouts", 0))
    # (the range test also refuses NaN and infinities, and compares a whole number of any length)
    if not isinstance(athens, (int, float)) or isinstance(athens, bool) or not 0 <= athens <= 1:
        errs.add(f"node {i}: eval athens must be Athens' expected result, a number from 0 to 1, not "
                 f"{_short(athens)}", *path, "athens")
        return
    if proven is not None and (not isinstance(proven, str) or proven not in PROVEN):
        errs.add(f"node {i}: eval proven must be one of {', '.join(PROVEN)}, not {_short(proven)}", *path, "proven")
        return
    if not isinstance(playouts, int) or isinstance(playouts, bool) or not 0 <= playouts <= MAX_PLAYOUTS:
        errs.add(f"node {i}: eval playouts must be a whole number from 0 to {MAX_PLAYOUTS}, not {_short(playouts)}",
                 *path, "playouts")
        return
    if best is not None and not isinstance(best, str):
        errs.add(f"node {i}: eval best must be action text like \"trade +metal\", not {_short(best)}", *path, "best")
        return
    try:
        node.evaluation = Evaluation(athens, proven, best, playouts).checked(node.state)
    except RecordError as e:
        errs.add(f"node {i}: {e.message}", *path, "best" if best is not None else "athens")
    except Exception as e:  # the kernel on a position from a Position header: the file's fault
        errs.add(f"node {i}: the evaluation cannot be checked here ({type(e).__name__}: {e})", *path)


def _quiz(d: dict, node: Node, i: int, errs: _Errors) -> None:
    if "quiz" not in d:
        return
    raw = d["quiz"]
    path = ("nodes", i, "quiz")
    if not isinstance(raw, dict):
        errs.add(f"node {i}: quiz must be an object like {{\"hint\": \"Look at Athenai's wheat\"}} (or {{}}), "
                 f"not {_short(raw)}", *path)
        return
    hint = raw.get("hint", "")
    if not isinstance(hint, str):
        errs.add(f"node {i}: quiz hint must be text, not {_short(hint)}", *path, "hint")
        return
    unknown = [k for k in raw if k != "hint"]
    if unknown:
        errs.add(f"node {i}: unknown field {_short(unknown[0])} in quiz (known: hint)", *path)
    bad = quiz_problem(node)
    if bad is not None:
        errs.add(f"node {i}: {bad}", *path)
        return
    node.quiz = Quiz(_clean(hint, f"node {i}: quiz hint", errs, path + ("hint",)))


def _resigned(d: dict, node: Node, i: int, errs: _Errors) -> None:
    if "resigned" not in d:
        return
    side = d["resigned"]
    if side not in SIDES:
        errs.add(f"node {i}: resigned must be \"athens\" or \"sparta\", not {_short(side)}", "nodes", i, "resigned")
        return
    bad = resign_problem(node, side)
    if bad is not None:
        errs.add(f"node {i}: {bad}", "nodes", i, "resigned")
        return
    node.resigned = side


def _mark(m: object) -> Mark:
    if not isinstance(m, dict):
        raise RecordError("a mark is an object like {\"kind\": \"arrow\", \"targets\": [\"attika\", \"boiotia\"]}")
    kind, targets, colour = m.get("kind"), m.get("targets"), m.get("colour", "green")
    if not isinstance(kind, str) or not isinstance(colour, str):
        raise RecordError("kind and colour must be text")
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise RecordError("targets must be a list of area, polis or market ids")
    return Mark(kind, tuple(targets), colour)


# --- where things stand in JSON text ----------------------------------------------------------------

_JTOK = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}:,]|[^\s\[\]{}:,"]+', re.S)


def _places(text: str) -> dict[tuple, int]:
    """Offsets of a record's parts in its JSON text: each header name (("headers", name)), each node
    (("nodes", i)), each key of a node (("nodes", i, key)) and each mark (("nodes", i, "marks", k)).
    A single pass over the tokens, no recursion (the text is known to be valid JSON)."""
    places: dict[tuple, int] = {}
    stack: list[list] = []  # per open container: [is_object, its path, current key or index, expecting a key]
    for m in _JTOK.finditer(text):
        tok = m.group()
        top = stack[-1] if stack else None
        if tok == ",":
            if top is not None:
                if top[0]:
                    top[3] = True
                else:
                    top[2] += 1
            continue
        if tok == ":":
            continue
        if tok in "]}":
            if stack:
                stack.pop()
            continue
        if top is not None and top[0] and top[3]:  # a key
            try:
                key = json.loads(tok)
            except ValueError:
                key = tok
            top[2], top[3] = key, False
            here = top[1] + (key,)
            if len(here) <= 4:
                places[here] = m.start()  # the last of duplicate keys is the one json keeps
            continue
        here = top[1] + (top[2],) if top is not None else ()
        if top is not None and not top[0] and len(here) <= 4:
            places[here] = m.start()
        if tok in "[{":
            stack.append([tok == "{", here, None if tok == "{" else 0, tok == "{"])
    return places
