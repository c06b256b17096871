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


class IntentError(ValueError):
    """A malformed, unknown or stale intent; the message is shown in the widget."""


def shown(value: Any, limit: int = 40) -> str:
    """``value`` for a message: its repr, cut to about ``limit`` characters (text from the browser may be
    huge, and an int too long to print would itself raise)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** limit:
        return f"a number of more than {limit} digits"
    if isinstance(value, str):
        text = repr(value[:limit + 1])
    elif isinstance(value, (dict, list, tuple)):
        return f"a {type(value).__name__} of {len(value)} item(s)"
    else:
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def text_problem(value: Any, limit: int = MAX_FIELD) -> str | None:
    """Why ``value`` is no usable text field (not a str, empty, too long, unsavable), or None."""
    if not isinstance(value, str):
        return f"must be text, not {type(value).__name__}"
    if not value:
        return "must not be empty"
    if len(value) > limit:
        return f"is longer than {limit} characters"
    i = lone_surrogate(value)
    if i is not None:
        return f"holds a lone surrogate (U+{ord(value[i]):04X}), which is no character"
    return None


def check_intent(content: Any, kinds: dict[str, tuple[str, ...]], rev: int) -> dict:
    """Validate an intent: a dict whose ``kind`` is known, with the text fields that kind needs (in
    their shape, see :data:`FORMATS`) and the current revision. Returns the intent; raises
    IntentError saying what is wrong."""
    if not isinstance(content, dict):
        raise IntentError(f"an intent must be an object, not {type(content).__name__}")
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise IntentError(f"unknown intent kind {shown(kind)}; expected one of {', '.join(sorted(kinds))}")
    r = content.get("rev")
    if not isinstance(r, int) or isinstance(r, bool):
        raise IntentError(f"intent {kind!r} lacks its revision number")
    if r != rev:
        raise IntentError(f"that {kind} was made on an older position (revision {shown(r)}, now {rev}); "
                          f"nothing changed")
    for field in kinds[kind]:
        v = content.get(field)
        bad = text_problem(v)
        if bad is not None:
            raise IntentError(f"field {field!r} of intent {kind!r} {bad}" if field in content
                              else f"intent {kind!r} needs a text field {field!r}")
        pattern, what = FORMATS.get(field, (None, ""))
        if pattern is not None and isinstance(v, str) and not pattern.fullmatch(v):
            raise IntentError(f"{field} {shown(v)} is not {what}")
    return content


def node_index(ident: str) -> int:
    """The k of a node id ``n<k>`` (ASCII digits); IntentError for anything else."""
    m = NODE_ID.fullmatch(ident) if isinstance(ident, str) else None
    if m is None:
        raise IntentError(f"unknown node {shown(ident)}")
    return int(m.group(1))


def plain_note(note: str, limit: int = 1000) -> str:
    """A note fit for the view model: at most ``limit`` characters, and UTF-8 (a lone surrogate that
    slipped into a message is written as ``\\udXXX``)."""
    note = note if len(note) <= limit else note[:limit] + "…"
    return note.encode("utf-8", "backslashreplace").decode("utf-8")
