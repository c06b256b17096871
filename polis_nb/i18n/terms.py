"""Terms: the names of places, pieces, goods, cards, actions and sides in each language, with the
case forms the messages ask for (``{polis:gen}``, ``{area:loc}``).

The table is ``terms.json`` beside this module: ``{lang: {kind: {id: {form: name}}}}``. German
names are the first edition's (the rules as yucata plays them), Polish names the second edition's
(Devir 2020), as ``tutorials/glossary.md`` lists them; ``tests/i18n/test_terms.py`` checks the table
against the glossary and the component data. A form a term lacks falls back to its nominative
(``nom``; ``nom.pl`` for the plural forms); a term the table lacks (a component set of one's own)
is written as the component set names it.
"""
from __future__ import annotations

import json
import pathlib
from functools import lru_cache

PATH = pathlib.Path(__file__).with_name("terms.json")


@lru_cache(maxsize=1)
def table() -> dict[str, dict[str, dict[str, dict[str, str]]]]:
    return json.loads(PATH.read_text(encoding="utf-8"))


def form(lang: str, kind: str, ident: str, case: str | None) -> str | None:
    """The name of term ``ident`` of ``kind`` in ``lang`` in the form ``case`` (None: the
    nominative), or None if the table has no such term."""
    forms = table().get(lang, {}).get(kind, {}).get(ident)
    if forms is None:
        return None
    case = case or "nom"
    for c in _fallbacks(case):
        if c in forms:
            return forms[c]
    return None


def _fallbacks(case: str) -> tuple[str, ...]:
    """The forms to try for ``case``: itself, then without the article ("ind.acc" -> "acc"), then the
    nominative of its number."""
    bare = case[4:] if case.startswith("ind.") else case
    return (case, bare, "nom.pl" if bare.endswith(".pl") else "nom", "nom")
