"""The kernel's words: its messages put in English with the names of a component set, or in another
language (:mod:`polis_nb.i18n`), and the English names of the terms the messages' arguments name.

A handler says what happened as a message and its arguments (``say(log, SIEGE_FAILS, rule,
polis="thebai", die=2)``); the sentence is made only when someone reads it (``LogEntry.text``), so
applying a decision costs no words."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from ..i18n import Message, Names, Phrase, message, render, resolve
from .topology import components_named

DEFAULT_COMPONENTS = "ed1-default"


@lru_cache(maxsize=32)
def _table(components: str) -> dict[tuple[str, str], str]:
    return _table_of(components_named(components))


def _table_of(comp) -> dict[tuple[str, str], str]:
    t: dict[tuple[str, str], str] = {}
    t.update({("polis", p.id): p.name for p in comp.poleis})
    t.update({("area", a.id): a.name for a in comp.areas})
    t.update({("market", m.id): m.name for m in comp.markets})
    t.update({("project", p.id): p.name for p in comp.projects})
    t.update({("event", e.id): e.name for e in comp.events})
    t.update({("round", r.label): r.name for r in comp.rounds})
    return t


@lru_cache(maxsize=32)
def names_for(components: str | None) -> Names:
    """``names(kind, id, form)``: the English name of a term in the component set ``components``
    (the first edition's when None); None for a term the set does not name (the term table's
    English words then apply: sides, goods, units)."""
    return _names(_table(components or DEFAULT_COMPONENTS))


def names_of(comp) -> Names:
    """:func:`names_for` of a component set given as such (one not registered, such as a file being read)."""
    return _names(_table_of(comp))


def _names(table: dict[tuple[str, str], str]) -> Names:
    def names(kind: str, ident: str, form: str | None) -> str | None:
        name = table.get((kind, ident))
        if name is not None and form == "gen":
            return name + ("'" if name.endswith("s") else "'s")
        return name

    return names


def english(msg: Message, args: Mapping[str, Any], components: str | None) -> str:
    """The English sentence of ``msg`` (in the component set's own terms: merchants in the second
    edition where the first builds trade ships)."""
    text = render(msg, args, "en", names_for(components))
    if "trade ship" in text:
        text = components_named(components or DEFAULT_COMPONENTS).words(text)
    return text


def words(msg: Message, args: Mapping[str, Any], components: str | None, lang: str | None = None) -> str:
    """``msg`` in ``lang`` (None: the current language)."""
    lang = resolve(lang)
    if lang == "en":
        return english(msg, args, components)
    return render(msg, args, lang, names_for(components))


WINS = message("outcome.wins", "{side} wins")
SHARED = message("outcome.shared", "Shared result")
SCORES = message("outcome.scores", "{who} ({score_athens}–{score_sparta}, {side_athens}–{side_sparta})")
WITH_REASON = message("outcome.reason", "{who}: {reason}")


OUTCOME = message("explain.outcome", "{who}: {reason} [{rules}]")


def _who(o) -> Phrase:
    who = Phrase(WINS, {"side": o.winner}) if o.winner else Phrase(SHARED)
    if o.scores:
        who = Phrase(SCORES, {"who": who, "score_athens": o.scores[0], "score_sparta": o.scores[1],
                              "side_athens": "athens", "side_sparta": "sparta"})
    return who


def outcome_phrase(o) -> Phrase | str:
    """``str(o)`` of an Outcome as a phrase (its reason in words where it has a message)."""
    if o.msg is None:
        return str(o)
    return Phrase(OUTCOME, {"who": _who(o), "reason": Phrase(o.msg, o.args or {}), "rules": ", ".join(o.rules)})


def outcome_words(o, lang: str | None = None) -> str:
    """An Outcome in ``lang``: who won, the scores and why (``str(outcome)`` without its rule ids)."""
    lang = resolve(lang)
    return render(WITH_REASON, {"who": _who(o), "reason": o.reason_words(lang)}, lang, None)
