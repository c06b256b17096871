"""Actions (decisions) as values, their text notation, and the kernel's error types."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..data.types import picklable
from .index import RULES, RuleRef


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One decision: a keyword and its arguments, e.g. ``Action("to", ("thessalia",))``.

    ``str(action)`` is its notation (``"to thessalia"``); :func:`parse_action` reads it back.
    """

    kind: str
    args: tuple[str, ...]

    def __init__(self, kind: str, args: tuple[str, ...] = ()) -> None:  # as the dataclass's (see state.Pending)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)

    def __str__(self) -> str:
        return " ".join((self.kind,) + self.args)

    def __repr__(self) -> str:
        return f"Action.from_text({str(self)!r})"

    @classmethod
    def from_text(cls, text: str) -> "Action":
        toks = tokenize(text)
        return cls(toks[0], tuple(toks[1:]))

    def to_dict(self) -> dict:
        return {"kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_dict(cls, d: dict) -> "Action":
        return cls(str(d["kind"]), tuple(str(a) for a in d.get("args", ())))


_SHARED: dict[tuple[str, tuple[str, ...]], Action] = {}


def shared(kind: str, args: tuple[str, ...] = ()) -> Action:
    """``Action(kind, args)``, made once and then shared (actions are immutable values): the option
    lists of the kernel name the same few hundred choices of a component set again and again."""
    a = _SHARED.get((kind, args))
    if a is None:
        a = _SHARED[kind, args] = Action(kind, args)
    return a


def only_end(options: list[Action]) -> bool:
    """Whether the only choice left is "end" (a step of an action with nothing more to do)."""
    return len(options) == 1 and options[0].kind == "end" and not options[0].args


_EACH: dict[tuple[str, tuple[str, ...], tuple[str, ...]], tuple[Action, ...]] = {}


def shared_each(kind: str, ids: tuple[str, ...], tail: tuple[str, ...] = ()) -> tuple[Action, ...]:
    """``shared(kind, (x, *tail))`` for every ``x`` of ``ids``, in the order of ``ids`` (made once for the
    same ids, so that a listing picks its choices by index)."""
    key = (kind, ids, tail)
    got = _EACH.get(key)
    if got is None:
        got = _EACH[key] = tuple(shared(kind, (x, *tail)) for x in ids)
    return got


@dataclass(frozen=True, slots=True)
class Explanation:
    """Whether a choice is legal here, and why, in rule ids and our own words."""

    legal: bool
    rules: tuple[RuleRef, ...]
    text: str

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.rules)

    def __str__(self) -> str:
        head = "Legal" if self.legal else "Illegal"
        cites = ", ".join(self.rule_ids)
        return f"{head}: {self.text}" + (f" [{cites}]" if cites else "")

    @classmethod
    def of(cls, legal: bool, text: str, *rule_ids: str) -> "Explanation":
        return cls(legal, tuple(RULES[r] for r in rule_ids), text)


picklable(Action, Explanation)


class PolisError(ValueError):
    """Base class of the kernel's errors."""


class InvalidActionError(PolisError):
    """Action text that is malformed; ``.column`` is the 0-based position of the fault."""

    def __init__(self, text: str, column: int, problem: str):
        self.text, self.column, self.problem = text, column, problem
        pointer = " " * column + "^"
        super().__init__(f"{problem} at column {column + 1}:\n  {text}\n  {pointer}")


class IllegalActionError(PolisError):
    """A well-formed action that is not allowed in this position; carries the explanation."""

    def __init__(self, action: Action, explanation: Explanation):
        self.action, self.explanation = action, explanation
        super().__init__(f"illegal action {str(action)!r}: {explanation}")


_CLEAN = re.compile(r"\s*[\w\-.:,+/]+(?:\s+[\w\-.:,+/]+)*\s*", re.ASCII)


def tokenize(text: object) -> list[str]:
    if not isinstance(text, str):
        raise InvalidActionError(repr(text), 0, "action text must be a string")
    toks = text.split()
    if toks and _CLEAN.fullmatch(text):
        return toks
    if not toks:
        raise InvalidActionError(text, 0, "empty action text")
    col = 0
    for tok in toks:
        col = text.index(tok, col)
        for j, ch in enumerate(tok):
            if not ((ch.isascii() and ch.isalnum()) or ch in "-.:,+_/"):  # ids are ASCII: no "²" or "٣"
                raise InvalidActionError(text, col + j, f"unexpected character {ch!r}")
        col += len(tok)
    return toks
