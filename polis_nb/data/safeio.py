"""Reading and writing user files safely: JSON with a nesting limit, text without lone surrogates, and
writes that never leave a half-written file behind.

Every reader of the package (component files, records, position text, widget intents) goes through
:func:`loads_json` instead of :func:`json.loads`, so hostile input such as ``"[" * 100000`` is refused
with a clear message instead of a ``RecursionError``; every writer of a user's file goes through
:func:`write_text_atomic`, so a failed write (a full disk, text that cannot be encoded) leaves the old
file as it was.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any, Callable

#: Deepest nesting of arrays and objects any polis_nb file needs is below 10; 64 leaves room for
#: users' own files while staying far from Python's recursion limit.
MAX_JSON_DEPTH = 64

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.S)
_SURROGATE = re.compile("[\ud800-\udfff]")


MAX_INT_DIGITS = 40  # no value a record or component file holds is longer; Python would stop at 4,300
_LONG_INT = re.compile(r"-?[0-9]{%d,}" % (MAX_INT_DIGITS + 1))


class JSONNumberError(ValueError):
    """A JSON integer with more than :data:`MAX_INT_DIGITS` digits; carries its line and column."""

    def __init__(self, line: int, column: int) -> None:
        self.line, self.column = line, column
        super().__init__(f"line {line}, column {column}: a number with more than {MAX_INT_DIGITS} digits")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JSONNumberError(0, 0)  # placed by loads_json, which has the whole text
    return int(text)


class JSONDepthError(ValueError):
    """JSON nested deeper than :data:`MAX_JSON_DEPTH`; carries the line and column where it went too deep."""

    def __init__(self, limit: int, line: int, column: int) -> None:
        self.limit, self.line, self.column = limit, line, column
        super().__init__(f"line {line}, column {column}: JSON nested deeper than {limit} levels")


def json_depth_error(text: str, limit: int = MAX_JSON_DEPTH) -> JSONDepthError | None:
    """The place where ``text`` first nests arrays/objects deeper than ``limit``, or None.
    Strings are skipped, so brackets inside them do not count."""
    depth = 0
    for m in _TOKENS.finditer(text):
        tok = m.group()
        if tok in "[{":
            depth += 1
            if depth > limit:
                pos = m.start()
                line = text.count("\n", 0, pos) + 1
                return JSONDepthError(limit, line, pos - (text.rfind("\n", 0, pos) + 1) + 1)
        elif tok in "]}":
            depth -= 1
    return None


def loads_json(text: str, *, limit: int = MAX_JSON_DEPTH,
               object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
               bounded_ints: bool = False) -> Any:
    """:func:`json.loads` that refuses nesting deeper than ``limit`` (:class:`JSONDepthError`, a
    ``ValueError``, with the line and column) and integers longer than :data:`MAX_INT_DIGITS` digits
    (:class:`JSONNumberError`, likewise) when ``bounded_ints``; other faults raise
    :class:`json.JSONDecodeError` as usual.

    The depth is checked before parsing, so no parser ever recurses that deep: a parser's stack runs
    out at a depth that depends on the platform (in Pyodide, JSON about 20,000 deep overflows the
    WebAssembly stack and stops the interpreter for good instead of raising ``RecursionError``)."""
    if text.count("[") + text.count("{") > limit:
        err = json_depth_error(text, limit)
        if err is not None:
            raise err
    try:
        return json.loads(text, object_pairs_hook=object_pairs_hook, parse_int=_bounded_int if bounded_ints else None)
    except RecursionError:  # only reachable if the parser itself ran out of stack below the limit
        raise JSONDepthError(limit, 1, 1) from None
    except JSONNumberError:
        m = _long_number(text)
        pos = m.start() if m else 0
        raise JSONNumberError(text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1) + 1) from None


def _long_number(text: str) -> re.Match[str] | None:
    """The first over-long integer of ``text`` outside strings."""
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|' + _LONG_INT.pattern, text, re.S):
        if not m.group().startswith('"'):
            return m
    return None


def number_words(n: int) -> str:
    """A whole number for a message: itself, or a huge one by its size (Python refuses to write one of
    more than 4,300 digits, and a message has no room for it)."""
    if -10**18 < n < 10**18:
        return str(n)
    return f"{'-' if n < 0 else ''}(about {int(n.bit_length() * 0.30103) + 1} digits)"


def lone_surrogate(text: str) -> int | None:
    """Index of the first lone surrogate code point in ``text`` (it cannot be written as UTF-8), or None."""
    m = _SURROGATE.search(text)
    return None if m is None else m.start()


def check_text(text: object, what: str) -> str:
    """Return ``text`` if it can be saved as UTF-8; otherwise raise ``ValueError`` naming ``what``."""
    if not isinstance(text, str):
        raise TypeError(f"{what} must be text (str), not {type(text).__name__}")
    i = lone_surrogate(text)
    if i is not None:
        raise ValueError(f"{what} holds a lone surrogate (U+{ord(text[i]):04X}) at character {i + 1}; "
                         "it cannot be saved as UTF-8")
    return text


def write_text_atomic(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and an atomic rename:
    if encoding or writing fails, the file at ``path`` is left exactly as it was."""
    path = Path(path)
    data = text.encode(encoding)  # fails before anything on disk is touched
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = path.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _umask() -> int:
    m = os.umask(0)
    os.umask(m)
    return m
