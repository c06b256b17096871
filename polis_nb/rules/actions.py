"""Actions (decisions) as values, their text notation, and the kernel's error types."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..data.types import picklable
from ..i18n import Phrase, message, render, resolve
from .index import RULES, RuleRef
from .words import english, words

HEADS = {True: message("explain.head-legal", "Legal: {text}"), False: message("explain.head-illegal", "Illegal: {text}")}
CITES = message("explain.cites", "{text} [{rules}]")


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


class Explanation:
    """Whether a choice is legal here, and why, in rule ids and our own words.

    ``text`` is the English; an explanation that says a message (``msg`` and its ``args``, in the names of
    the component set ``components``; see :mod:`polis_nb.i18n`) makes it the first time it is read, so the
    refusals the kernel works out while it lists the legal choices cost no words. ``words(lang)`` says it
    in a language. An explanation made from plain text is the same in every language."""

    __slots__ = ("legal", "rules", "_text", "msg", "args", "components")

    def __init__(self, legal: bool, rules: tuple[RuleRef, ...], text: str | None = None, msg: str | None = None,
                 args: dict | None = None, components: str | None = None):
        self.legal, self.rules, self._text = legal, rules, text
        self.msg, self.args, self.components = msg, args, components

    @property
    def text(self) -> str:
        t = self._text
        if t is None:
            t = self._text = english(self.msg, self.args or {}, self.components)  # type: ignore[arg-type]
        return t

    def with_words(self, rules: tuple[RuleRef, ...], text: str) -> "Explanation":
        """The same explanation citing ``rules``, its English ``text`` as given."""
        return Explanation(self.legal, rules, text, self.msg, self.args, self.components)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Explanation):
            return NotImplemented
        return (self.legal, self.rules, self.text) == (other.legal, other.rules, other.text)

    def __hash__(self) -> int:
        return hash((self.legal, self.rules, self.text))

    def __repr__(self) -> str:
        return f"Explanation(legal={self.legal!r}, rules={self.rules!r}, text={self.text!r})"

    def __reduce__(self):
        return (Explanation, (self.legal, self.rules, self.text, self.msg, self.args, self.components))

    def words(self, lang: str | None = None) -> str:
        """The text in ``lang`` (None: the current language)."""
        if self.msg is None:
            return self.text
        return words(self.msg, self.args or {}, self.components, lang)  # type: ignore[arg-type]

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.rules)

    def __str__(self) -> str:
        head = "Legal" if self.legal else "Illegal"
        cites = ", ".join(self.rule_ids)
        return f"{head}: {self.text}" + (f" [{cites}]" if cites else "")

    def summary(self, lang: str | None = None) -> str:
        """``str(explanation)`` in ``lang`` (None: the current language): legal or not, why, the rule ids."""
        lang = resolve(lang)
        text = render(HEADS[self.legal], {"text": self.words(lang)}, lang)
        return render(CITES, {"text": text, "rules": ", ".join(self.rule_ids)}, lang) if self.rules else text

    @classmethod
    def of(cls, legal: bool, text: str, *rule_ids: str) -> "Explanation":
        return cls(legal, tuple(RULES[r] for r in rule_ids), text)

    @classmethod
    def said(cls, legal: bool, msg, args: dict, components: str | None, *rule_ids: str) -> "Explanation":
        """An explanation saying the message ``msg`` with ``args`` (its English made when first read)."""
        return cls(legal, tuple(RULES[r] for r in rule_ids), None, msg, args, components)


picklable(Action)  # (an Explanation pickles by its own __reduce__)


class PolisError(ValueError):
    """Base class of the kernel's errors."""


INVALID = message("action.invalid", "{problem} at column {column}:\n  {text}\n  {pointer}")
NOT_A_STRING = message("action.not-a-string", "action text must be a string")
EMPTY = message("action.empty", "empty action text")
UNEXPECTED = message("action.unexpected-character", "unexpected character {char}")
ILLEGAL = message("action.illegal", "illegal action '{action}': {explanation}")


class InvalidActionError(PolisError):
    """Action text that is malformed; ``.column`` is the 0-based position of the fault. ``problem`` is
    what is wrong, a message (``msg`` and ``params`` say the whole error as a message; ``words(lang)``
    in a language)."""

    def __init__(self, text: str, column: int, problem, **params):
        problem_text = render(problem, params) if hasattr(problem, "id") else problem
        self.text, self.column, self.problem = text, column, problem_text
        pointer = " " * column + "^"
        self.msg = INVALID
        self.params = {"problem": Phrase(problem, params) if hasattr(problem, "id") else problem_text,
                       "column": column + 1, "text": text, "pointer": pointer}
        super().__init__(f"{problem_text} at column {column + 1}:\n  {text}\n  {pointer}")

    def words(self, lang: str | None = None) -> str:
        return render(self.msg, self.params, resolve(lang))


class IllegalActionError(PolisError):
    """A well-formed action that is not allowed in this position; carries the explanation
    (``words(lang)`` says the error in a language)."""

    def __init__(self, action: Action, explanation: Explanation):
        self.action, self.explanation = action, explanation
        super().__init__(f"illegal action {str(action)!r}: {explanation}")

    def words(self, lang: str | None = None) -> str:
        lang = resolve(lang)
        return render(ILLEGAL, {"action": str(self.action), "explanation": self.explanation.summary(lang)}, lang)


_CLEAN = re.compile(r"\s*[\w\-.:,+/]+(?:\s+[\w\-.:,+/]+)*\s*", re.ASCII)


def tokenize(text: object) -> list[str]:
    if not isinstance(text, str):
        raise InvalidActionError(repr(text), 0, NOT_A_STRING)
    toks = text.split()
    if toks and _CLEAN.fullmatch(text):
        return toks
    if not toks:
        raise InvalidActionError(text, 0, EMPTY)
    col = 0
    for tok in toks:
        col = text.index(tok, col)
        for j, ch in enumerate(tok):
            if not ((ch.isascii() and ch.isalnum()) or ch in "-.:,+_/"):  # ids are ASCII: no "²" or "٣"
                raise InvalidActionError(text, col + j, UNEXPECTED, char=repr(ch))
        col += len(tok)
    return toks
