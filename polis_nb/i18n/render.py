"""Putting a message in words: its template in a language, its arguments written in."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from . import catalog as _catalog
from .messages import OR, TERM_KINDS, Either, Message, Phrase, Sentences, kind_of, placeholders
from .terms import form as term_form

#: ``names(kind, id, form)``: a term as the component set in play names it (English), or None
Names = Callable[[str, str, "str | None"], "str | None"]

_PARTS: dict[str, tuple] = {}


def _parts(template: str) -> tuple:
    """A template cut into literal text and (name, kind, form) placeholders (cut once per template)."""
    parts = _PARTS.get(template)
    if parts is None:
        out: list = []
        rest = template
        for name, form in placeholders(template):
            token = "{" + name + (":" + form if form else "") + "}"
            before, _, rest = rest.partition(token)
            if before:
                out.append(before)
            out.append((name, kind_of(name), form))
        if rest:
            out.append(rest)
        parts = _PARTS[template] = tuple(out)
    return parts


def template(msg: str, args: Mapping[str, Any], lang: str) -> str:
    """The template of ``msg`` in ``lang`` for these arguments (English where the catalogue lacks it; a
    plain str, no Message, is its own template in every language)."""
    if not isinstance(msg, Message):
        return msg
    n = args.get(msg.count_arg) if msg.count_arg else None
    if lang == "en" or (cat := _catalog.load(lang)) is None:
        return msg.plural if msg.plural and n != 1 else str(msg)
    if msg.plural:
        found = cat.ntext(msg.id, str(msg), int(n or 0), msg.plural)
        return found if found is not None else (msg.plural if n != 1 else str(msg))
    found = cat.text(msg.id, str(msg))
    return found if found is not None else str(msg)


def term(kind: str, ident: str, form: str | None, lang: str, names: Names | None) -> str:
    """A term in ``lang``: from the term table, else as the component set names it, else its id."""
    if lang == _catalog.PSEUDO:
        shown = term(kind, ident, form, "en", names)
        return shown if shown.startswith("⟦") else _catalog.pseudo(shown)
    if lang != "en":
        found = term_form(lang, kind, ident, form)
        if found is not None:
            return found
        if kind == "card" and ":" in ident:  # a combat card: its formation and manoeuvre, as named in lang
            formation, _, manoeuvre = ident.partition(":")
            return f"{term('formation', formation, form, lang, names)}/{term('manoeuvre', manoeuvre, form, lang, names)}"
    if names is not None:
        found = names(kind, ident, form)
        if found is not None:
            return found
    found = term_form("en", kind, ident, form)
    return found if found is not None else ident


def value(v: Any, kind: str, form: str | None, lang: str, names: Names | None) -> str:
    if isinstance(v, Phrase):
        return render(v.msg, v.args, lang, names)
    if isinstance(v, Sentences):
        return "".join(value(x, kind, form, lang, names) for x in v)
    if isinstance(v, Either):
        return render(OR, {}, lang, names).join(value(x, kind, form, lang, names) for x in v)
    if isinstance(v, (tuple, list)):
        return ", ".join(value(x, kind, form, lang, names) for x in v)
    if isinstance(v, str) and kind in TERM_KINDS:
        return term(kind, v, form, lang, names)
    return str(v)


def render(msg: str, args: Mapping[str, Any], lang: str = "en", names: Names | None = None) -> str:
    """``msg`` with ``args`` in the language ``lang``; ``names`` gives the component set's own names
    (the English words, and what a language says for a term its table lacks)."""
    out = []
    for part in _parts(template(msg, args, lang)):
        if isinstance(part, str):
            out.append(part)
        else:
            name, kind, form = part
            if name not in args:
                raise KeyError(f"message {getattr(msg, 'id', msg)!r} needs the argument {name!r}")
            out.append(value(args[name], kind, form, lang, names))
    return "".join(out)
