"""A record's headers: which names and values they may hold, and the start of the game they describe.

A header name is an ASCII letter followed by ASCII letters, digits, ``-`` or ``_`` (the ``.polis``
format writes it bare inside ``[...]``); names outside :data:`KNOWN_HEADERS` start with ``X-``. A
value is any text that can be saved as UTF-8 (no lone surrogates): the ``.polis`` writer escapes
``"``, ``\\``, line breaks and carriage returns, so every accepted header comes back exactly from
both file formats. Names or values that break these rules are refused when set, never dropped
when saved.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Self

from ..data.safeio import check_text
from ..rules import (EDITIONS, NotationError, State, chance_outcomes, components_named, legal_actions,
                     new_game)
from .node import RecordError

KNOWN_HEADERS = ("Edition", "Seed", "Components", "Options", "Position", "Athens", "Sparta", "Event", "Site",
                 "Date", "Annotator", "Result", "Title")
#: the headers that describe the start of the game: fixed when the record is made
GAME_HEADERS = ("Edition", "Seed", "Components", "Options", "Position")
SEED = re.compile(r"-?[0-9]{1,20}", re.ASCII)  # a seed of the kernel: 64 bits at most (checked again)
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def name_problem(key: str) -> str | None:
    """Why ``key`` cannot be a header name (the ``.polis`` format could not carry it), or None."""
    if _NAME.fullmatch(key):
        return None
    bad = sorted({c for c in key if c not in _NAME_CHARS})
    if not key:
        why = "it is empty"
    elif bad:
        why = "the characters " + " ".join(repr(c) for c in bad) + " are not allowed"
    else:
        why = f"it must start with a letter, not {key[0]!r}"
    return (f"header name {key!r} cannot be written in a .polis file: {why} (a header name is an ASCII letter "
            "followed by ASCII letters, digits, '-' or '_')")


def check_header(key: object, value: object) -> None:
    """Raise ``TypeError`` (not text) or ``ValueError`` (a name the format cannot carry, an unknown
    name without ``X-``, a value with a lone surrogate) unless ``key: value`` can be a header."""
    if not isinstance(key, str):
        raise TypeError(f"a header name must be text (str), not {type(key).__name__}")
    problem = name_problem(key)
    if problem:
        raise ValueError(problem)
    if key not in KNOWN_HEADERS and not key.startswith("X-"):
        raise ValueError(f"unknown header {key!r}: own headers start with 'X-' (known: {', '.join(KNOWN_HEADERS)})")
    check_text(value, f"the header {key}")


class Headers(dict[str, str]):
    """The headers of a record: a dict of text, checked whenever something is set (see the module
    docstring). The headers that describe the start of the game (:data:`GAME_HEADERS`) cannot be
    changed or removed: that raises :class:`RecordError`. A refused change leaves every header as it was."""

    __slots__ = ("_fixed",)

    def __init__(self, items: Mapping[str, str] | None = None, fixed: tuple[str, ...] = ()):
        super().__init__(items or {})
        self._fixed = {k: self[k] for k in fixed if k in self}

    def fresh(self, items: Mapping[str, str]) -> "Headers":
        """Headers of the same game (the same fixed headers, first) with ``items`` for the others."""
        h = Headers({k: v for k, v in self.items() if k in self._fixed}, tuple(self._fixed))
        h.update(items)
        return h

    def _checked(self, key: object, value: object) -> None:
        check_header(key, value)
        if key in self._fixed and value != self._fixed[key]:
            raise RecordError(f"the header {key} {value!r} contradicts the game ({self._fixed[key]!r}); "
                              "pass the edition, seed, components, options or position themselves")

    def _fixed_key(self, key: object) -> None:
        if key in self._fixed:
            raise RecordError(f"the header {key} describes the start of the game and cannot be removed")

    def __setitem__(self, key: str, value: str) -> None:
        self._checked(key, value)
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self._fixed_key(key)
        super().__delitem__(key)

    def update(self, *args, **kwargs) -> None:
        """Like ``dict.update``; every pair is checked before any is set."""
        items = list(dict(*args, **kwargs).items())
        for k, v in items:
            self._checked(k, v)
        for k, v in items:
            super().__setitem__(k, v)

    def __ior__(self, other: Any) -> Self:  # type: ignore[override, misc]  # mypy holds it to dict.__or__
        self.update(other)
        return self

    def setdefault(self, key: str, default: str | None = None) -> str:
        if key not in self:
            self[key] = default  # type: ignore[assignment]
        return self[key]

    def pop(self, key: str, *default):
        if key in self:
            self._fixed_key(key)
        return super().pop(key, *default)

    def popitem(self) -> tuple[str, str]:
        if self:
            self._fixed_key(next(reversed(self)))
        return super().popitem()

    def clear(self) -> None:
        for k in self:
            self._fixed_key(k)
        super().clear()

    def _load(self, items: Mapping[str, str]) -> None:
        """Take the headers read from a file, in the file's order: the reader has checked the names
        and values, and reports an unknown name instead of refusing it. The headers of the game's
        start keep the game's own values (those the file lacks come first)."""
        read = [(k, self._fixed.get(k, v)) for k, v in items.items()]
        missing = [(k, v) for k, v in self._fixed.items() if k not in items]
        super().clear()
        super().update(missing + read)


def header_error(message: str, header: str) -> RecordError:
    e = RecordError(message)
    e.header = header  # type: ignore[attr-defined]
    return e


def start_position(headers: Mapping[str, str]) -> State:
    """The start of the game (no chance settled) that the headers of a record describe: a new game for
    the Edition, Seed, Components and Options headers, or the position of a Position header, checked to
    agree with them. A header that describes no game raises :class:`RecordError` whose ``header`` names
    it. (:meth:`polis_nb.Game.from_headers` makes the record; the readers play a file's decisions from
    here.)"""
    for key in GAME_HEADERS:  # a header as read from a file is text (TypeError naming it otherwise)
        if key in headers:
            check_text(headers[key], f"the header {key}")
    edition = headers.get("Edition", "ed1")
    if edition not in EDITIONS:
        raise header_error(f"this reader does not know edition {edition!r} (known: {', '.join(EDITIONS)})",
                           "Edition")
    text = headers.get("Seed", "0")
    seed = int(text) if SEED.fullmatch(text) else None
    if seed is None or not -2**63 <= seed < 2**64:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise header_error(f"Seed must be a whole number of at most 64 bits, not {shown!r}", "Seed")
    comp_name = headers.get("Components", EDITIONS[edition].component_set)
    try:
        comp = components_named(comp_name)
    except KeyError:
        raise header_error(f"the record uses component set {comp_name!r}, which is not loaded here; load it with "
                           "pn.load_components(path) first", "Components") from None
    if comp.edition != edition:
        raise header_error(f"the component set {comp_name!r} is for {comp.edition}, but the Edition header says "
                           f"{edition}", "Components")
    options = _options(headers.get("Options", ""), edition)
    if "Position" in headers:
        return _position(headers["Position"], edition, seed, comp.name, options)
    return new_game(edition, seed, components=comp, **options)


def _options(text: str, edition: str) -> dict[str, str]:
    known = EDITIONS[edition].options
    options = {}
    for part in filter(None, (x.strip() for x in text.split(","))):
        k, _, v = part.partition("=")
        if k not in known or v not in known[k]:
            raise header_error(f"unknown option {part!r} for {edition} (known: "
                               + (", ".join(f"{k}={v}" for k, vs in known.items() for v in vs) or "none") + ")",
                               "Options")
        options[k] = v
    return options


def _position(text: str, edition: str, seed: int, comp: str, options: dict[str, str]) -> State:
    """The start position of a Position header, checked to agree with the other headers and to be
    one the kernel can go on from."""
    try:
        start = State.from_notation(text)
    except NotationError as e:
        raise header_error(f"the Position header is not a valid position: {e}", "Position") from None
    except Exception as e:  # the header comes from a file: whatever the notation reader meets is the file's fault
        raise header_error(f"the Position header is not a valid position ({type(e).__name__}: {e})",
                           "Position") from None
    if (start.edition, start.seed, start.components, dict(start.options)) != (edition, seed, comp, options):
        raise header_error("the Position header disagrees with the Edition, Seed, Components or Options "
                           "headers", "Position")
    try:
        if not start.is_terminal:
            chance_outcomes(start) if start.is_chance else legal_actions(start)
    except Exception as e:  # an accepted position the kernel cannot go on from
        raise header_error(f"the game cannot go on from the Position header ({type(e).__name__}: {e})",
                           "Position") from None
    return start
