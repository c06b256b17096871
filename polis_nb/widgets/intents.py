"""Checking intents that arrive from the browser before anything acts on them.

An intent is a JSON object with a ``kind``; it carries the ``rev`` (revision) of the view it was
made on, so a click made against an older position is refused instead of acting on the new one.
"""
from __future__ import annotations

from typing import Any


class IntentError(ValueError):
    """A malformed, unknown or stale intent; the message is shown in the widget."""


def check_intent(content: Any, kinds: dict[str, tuple[str, ...]], rev: int) -> dict:
    """Validate an intent: a dict whose ``kind`` is known, with the string fields that kind needs and
    the current revision. Returns the intent; raises IntentError saying what is wrong."""
    if not isinstance(content, dict):
        raise IntentError(f"an intent must be an object, not {type(content).__name__}")
    kind = content.get("kind")
    if kind not in kinds:
        raise IntentError(f"unknown intent kind {kind!r}; expected one of {', '.join(sorted(kinds))}")
    r = content.get("rev")
    if not isinstance(r, int) or isinstance(r, bool):
        raise IntentError(f"intent {kind!r} lacks its revision number")
    if r != rev:
        raise IntentError(f"that {kind} was made on an older position (revision {r}, now {rev}); nothing changed")
    for field in kinds[kind]:
        v = content.get(field)
        if not isinstance(v, str) or not v or len(v) > 500:
            raise IntentError(f"intent {kind!r} needs a text field {field!r}")
    return content
