"""Messages: the kernel's sentences as an id and an English template, declared once at module level.

A message is declared where it is said, e.g. in ``rules/military.py``::

    SIEGE_FAILS = message("siege.fails", "Siege of {polis} fails ({die} < {fortification})")

and said with its arguments, ids and numbers only (``polis="thebai"``, ``die=2``). A
:class:`Message` *is* its English template (a ``str``), so code that shows an English title or
prompt keeps working; other languages find its translation in the catalogue by its id (the
gettext context) and template (the msgid). ``plural(...)`` declares one with a singular and a
plural template chosen by a count argument (gettext's ``ngettext``; Polish has three forms).

Placeholders are ``{name}`` or ``{name:form}``. The *kind* of an argument is its name up to the first
``_`` without trailing digits (``polis``, ``area_from``, ``side2``); an argument of a term kind
(:data:`TERM_KINDS`) is an id rendered as the term's name in the form asked for (``{polis:gen}``,
see :mod:`polis_nb.i18n.terms`); a number is written as it is; a :class:`Phrase` is a message
within a message, a tuple of phrases a list.
"""
from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any, Mapping

#: argument kinds whose values are ids of terms (names as each language and edition prints them)
TERM_KINDS = frozenset({"side", "polis", "area", "market", "good", "unit", "project", "event", "card",
                        "formation", "manoeuvre", "round", "ptype"})

#: the forms a template may ask a term for: the cases (German four, Polish seven), their plurals, and, for
#: German, the cases with the indefinite article ("ind.acc": einen Hopliten, eine Galeere). In English "gen"
#: is the possessive (Athens', Sparta's). A form a term lacks falls back as :func:`.terms.form` says.
FORMS = ("nom", "gen", "dat", "acc", "ins", "loc", "voc", "nom.pl", "gen.pl", "dat.pl", "acc.pl", "ins.pl",
         "loc.pl", "ind.nom", "ind.gen", "ind.dat", "ind.acc")

_FIELD = re.compile(r"\{([a-z][a-z0-9_]*)(?::([a-z.]+))?\}")

MESSAGES: dict[str, "Message"] = {}


class Message(str):
    """A message: its English template (the string itself), its ``id`` and, for a message with
    plural forms, the English ``plural`` template and the name of its count argument (``count_arg``)."""

    id: str
    plural: str | None
    count_arg: str | None  # the argument whose number chooses the plural form

    def __new__(cls, id: str, text: str, plural: str | None = None, count: str | None = None) -> "Message":
        m = super().__new__(cls, text)
        m.id, m.plural, m.count_arg = id, plural, count
        return m

    def __reduce__(self) -> tuple:  # pickled by id: the same Message object comes back in any process
        return (_by_id, (self.id,))

    def __repr__(self) -> str:
        return f"<Message {self.id}: {str.__repr__(self)}>"

    def fields(self) -> tuple[str, ...]:
        """The argument names its templates use, in order of first use."""
        return fields(str(self) + (self.plural or ""))


def _by_id(id: str) -> Message:
    return MESSAGES[id]


def fields(template: str) -> tuple[str, ...]:
    """The argument names a template uses, in order of first use."""
    return tuple(dict.fromkeys(m.group(1) for m in _FIELD.finditer(template)))


def placeholders(template: str) -> tuple[tuple[str, str | None], ...]:
    """The ``(name, form)`` of every placeholder of a template, in order."""
    return tuple((m.group(1), m.group(2)) for m in _FIELD.finditer(template))


def kind_of(name: str) -> str:
    """The kind of an argument from its name: ``area_from`` -> ``area``, ``side2`` -> ``side``."""
    return name.split("_", 1)[0].rstrip("0123456789")


def _register(m: Message) -> Message:
    old = MESSAGES.get(m.id)
    if old is not None and (str(old), old.plural, old.count_arg) != (str(m), m.plural, m.count_arg):
        raise ValueError(f"message id {m.id!r} declared twice with different words")
    for t in (str(m),) + ((m.plural,) if m.plural else ()):
        if _FIELD.sub("", t).count("{") or _FIELD.sub("", t).count("}"):
            raise ValueError(f"message {m.id!r}: a brace that is not a placeholder in {t!r}")
        for name, form in placeholders(t):
            if form is not None and form not in FORMS:
                raise ValueError(f"message {m.id!r}: unknown form {form!r} of {{{name}}}")
    MESSAGES[m.id] = old if old is not None else m
    return MESSAGES[m.id]


def message(id: str, text: str) -> Message:
    """Declare the message ``id`` with its English template ``text``."""
    return _register(Message(id, text))


def plural(id: str, one: str, other: str, count: str = "n") -> Message:
    """Declare the message ``id`` whose words follow the number in the argument ``count``: ``one`` and
    ``other`` are its English templates (a catalogue gives each language's forms)."""
    return _register(Message(id, one, other, count))


class Phrase:
    """A message with its arguments, to be put in words later in any language (an argument of another
    message, or what :class:`~polis_nb.rules.LogEntry` and its kin keep)."""

    __slots__ = ("msg", "args")

    def __init__(self, msg: str, args: Mapping[str, Any] = MappingProxyType({})):
        # msg: a Message (a plain str is a template said as it is); args: kept as given, never changed
        self.msg = msg
        self.args = args

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and self.msg == other.msg and self.args == other.args

    def __hash__(self) -> int:
        return hash((str(self.msg), freeze(self.args)))

    def __repr__(self) -> str:
        return f"Phrase({getattr(self.msg, 'id', self.msg)!r}, {self.args!r})"

    def __reduce__(self) -> tuple:
        return (Phrase, (self.msg, dict(self.args)))


class Sentences(tuple):
    """Phrases written one after the other, each with its own leading space ("A. B. C.")."""

    __slots__ = ()


class Either(tuple):
    """Alternatives, written "a or b or c" (the separator is the message ``list.or``)."""

    __slots__ = ()


OR = message("list.or", " or ")


def freeze(args: Mapping[str, Any]) -> tuple:
    """Arguments as a hashable value."""
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in args.items())
