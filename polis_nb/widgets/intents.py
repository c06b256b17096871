"""Checking intents that arrive from the browser before anything acts on them.

An intent is a JSON object with a ``kind``; it carries the ``rev`` (revision) of the view it was
made on, so a click made against an older position is refused instead of acting on the new one.
Fields an intent's kind does not use are ignored. Text fields are short strings that can be saved as
UTF-8; actions, node ids and map places have a fixed shape in ASCII (``"n²"`` and ``"n٣"`` are no
node ids, though Python's ``str.isdigit`` would take them).
"""
from __future__ import annotations

import re
from typing import Any

from ..data.safeio import lone_surrogate
from ..i18n import get_language, message, plural, render

#: The longest text field an intent may carry (comments have their own, larger limit).
MAX_FIELD = 500
#: Node ids of the Viewer: ``n<k>``, k in ASCII digits.
NODE_ID = re.compile(r"n(0|[1-9][0-9]{0,8})", re.ASCII)  # the ids the view gives: no leading zeros ("n01")
#: Places on the map: ``area:<id>``, ``polis:<id>``, ``offer:<market>.<slot>`` (ids as in the component files).
PLACE = re.compile(r"(area|polis|offer):([A-Za-z0-9][A-Za-z0-9_-]{0,63}(?:\.[0-9]{1,3})?)", re.ASCII)
#: Action notation is printable ASCII (keywords and component ids are; the kernel's tokenizer would take
#: other scripts' letters and digits, which no action holds).
ACTION = re.compile(r"[ -~]+", re.ASCII)
# field -> (pattern it must match, what it is, in words)
FORMATS = {
    "action": (ACTION, "action notation in plain ASCII, like 'to thessalia'"),
    "node": (NODE_ID, "a node id like 'n12'"),
    "target": (PLACE, "a place like 'area:attika', 'polis:thebai' or 'offer:persis.0'"),
}


#: a refused intent's note, whatever refused it (the widget's router, the controller, Combat's trail)
REFUSED = message("widget.refused", "Refused: {why}")

_SAID = {
    "number": message("intent.number", "a number of more than {limit} digits"),
    "items": plural("intent.items", "a {type} of {n} item(s)", "a {type} of {n} item(s)"),
    "not-text": message("intent.not-text", "must be text, not {type}"),
    "empty": message("intent.empty", "must not be empty"),
    "long": message("intent.long", "is longer than {limit} characters"),
    "surrogate": message("intent.surrogate", "holds a lone surrogate (U+{code}), which is no character"),
    "not-object": message("intent.not-object", "an intent must be an object, not {type}"),
    "unknown-kind": message("intent.unknown-kind", "unknown intent kind {kind}; expected one of {kinds}"),
    "no-rev": message("intent.no-rev", "intent {kind} lacks its revision number"),
    "stale": message("intent.stale", "that {kind} was made on an older position (revision {rev}, now {now}); nothing "
                                     "changed"),
    "bad-field": message("intent.bad-field", "field {field} of intent {kind} {problem}"),
    "no-field": message("intent.no-field", "intent {kind} needs a text field {field}"),
    "format": message("intent.format", "{field} {value} is not {what}"),
    "node": message("intent.node", "unknown node {node}"),
    "action": message("intent.format.action", "action notation in plain ASCII, like 'to thessalia'"),
    "node-id": message("intent.format.node", "a node id like 'n12'"),
    "target": message("intent.format.target", "a place like 'area:attika', 'polis:thebai' or 'offer:persis.0'"),
}


def _say(key: str, **args: Any) -> str:
    return render(_SAID[key], args, get_language())

_FORMAT_WORDS = {"action": "action", "node": "node-id", "target": "target"}


class IntentError(ValueError):
    """A malformed, unknown or stale intent; the message is shown in the widget."""


def shown(value: Any, limit: int = 40) -> str:
    """``value`` for a message: its repr, cut to about ``limit`` characters (text from the browser may be
    huge, and an int too long to print would itself raise)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** limit:
        return _say("number", limit=limit)
    if isinstance(value, str):
        text = repr(value[:limit + 1])
    elif isinstance(value, (dict, list, tuple)):
        return _say("items", type=type(value).__name__, n=len(value))
    else:
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def text_problem(value: Any, limit: int = MAX_FIELD) -> str | None:
    """Why ``value`` is no usable text field (not a str, empty, too long, unsavable), or None."""
    if not isinstance(value, str):
        return _say("not-text", type=type(value).__name__)
    if not value:
        return _say("empty")
    if len(value) > limit:
        return _say("long", limit=limit)
    i = lone_surrogate(value)
    if i is not None:
        return _say("surrogate", code=f"{ord(value[i]):04X}")
    return None


def check_intent(content: Any, kinds: dict[str, tuple[str, ...]], rev: int) -> dict:
    """Validate an intent: a dict whose ``kind`` is known, with the text fields that kind needs (in
    their shape, see :data:`FORMATS`) and the current revision. Returns the intent; raises
    IntentError saying what is wrong."""
    if not isinstance(content, dict):
        raise IntentError(_say("not-object", type=type(content).__name__))
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise IntentError(_say("unknown-kind", kind=shown(kind), kinds=", ".join(sorted(kinds))))
    r = content.get("rev")
    if not isinstance(r, int) or isinstance(r, bool):
        raise IntentError(_say("no-rev", kind=repr(kind)))
    if r != rev:
        raise IntentError(_say("stale", kind=kind, rev=shown(r), now=rev))
    for field in kinds[kind]:
        v = content.get(field)
        bad = text_problem(v)
        if bad is not None:
            raise IntentError(_say("bad-field", field=repr(field), kind=repr(kind), problem=bad) if field in content
                              else _say("no-field", kind=repr(kind), field=repr(field)))
        pattern, what = FORMATS.get(field, (None, ""))
        if pattern is not None and isinstance(v, str) and not pattern.fullmatch(v):
            raise IntentError(_say("format", field=field, value=shown(v), what=_say(_FORMAT_WORDS[field])))
    return content


def node_index(ident: str) -> int:
    """The k of a node id ``n<k>`` (ASCII digits); IntentError for anything else."""
    m = NODE_ID.fullmatch(ident) if isinstance(ident, str) else None
    if m is None:
        raise IntentError(_say("node", node=shown(ident)))
    return int(m.group(1))


def plain_note(note: str, limit: int = 1000) -> str:
    """A note fit for the view model: at most ``limit`` characters, and UTF-8 (a lone surrogate that
    slipped into a message is written as ``\\udXXX``)."""
    note = note if len(note) <= limit else note[:limit] + "…"
    return note.encode("utf-8", "backslashreplace").decode("utf-8")
