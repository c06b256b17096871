"""The language layer: the kernel's words in English, German and Polish (ARCHITECTURE §10).

The kernel records *what happened* as a message and its arguments (:class:`Phrase`: ids and
numbers); a language is a rendering of it. English is the messages' own templates, so the English
words never change (``LogEntry.text``, ``str(entry)``, ``Explanation.text``, ``Outcome.reason``
are English, always); ``words()`` on a log entry, an explanation or an outcome says it in the
current language, or in the one asked for (``words("pl")``).

    >>> import polis_nb as pn
    >>> pn.set_language("de")          # for the notebook; POLIS_LANG, then the locale, by default
    >>> with pn.language("pl"): ...    # for a block

This package sits between ``data`` and ``rules`` (it imports neither): the kernel declares its
messages with :func:`message` and :func:`plural`; ``polis_nb/locale/<lang>/LC_MESSAGES/polis_nb.po``
holds each language's catalogue; ``terms.json`` the names with their case forms.
"""
from __future__ import annotations

import contextlib
import contextvars
import locale as _locale
import os
from typing import Iterator

from .catalog import PSEUDO, available
from .messages import MESSAGES, TERM_KINDS, Either, Message, Phrase, Sentences, message, plural
from .render import Names, render, term

__all__ = ["Either", "MESSAGES", "Message", "Names", "PSEUDO", "Phrase", "Sentences", "TERM_KINDS", "available", "get_language",
           "language", "message", "plural", "render", "resolve", "set_language", "term"]


def _supported(lang: str) -> bool:
    return lang == PSEUDO or lang in available()


def _from_environment() -> str:
    """``POLIS_LANG``, else the locale's language, where polis_nb has words in it; else English."""
    for raw in (os.environ.get("POLIS_LANG"), _locale_language()):
        if raw:
            lang = raw.replace("-", "_").split("_")[0].split(".")[0].lower()
            if _supported(lang):
                return lang
    return "en"


def _locale_language() -> str | None:
    try:
        return _locale.getlocale(_locale.LC_MESSAGES)[0]
    except (AttributeError, ValueError):  # no LC_MESSAGES on some platforms
        return None


# The language now: a block's (``with language(...)``), else the one set for the process. The block's is a
# context variable, so a block in one thread or task leaves the others alone; a new thread starts outside
# every block (in the language set), and work a widget starts in the background carries the context it was
# started from (``widgets/background.py``: the widget's own language).
_block: contextvars.ContextVar[str] = contextvars.ContextVar("polis_nb_language")
_chosen: list[str] = []  # the language set for the process (set_language), made from the environment at first


def get_language() -> str:
    """The language words are said in now: ``"en"``, ``"de"`` or ``"pl"``."""
    lang = _block.get(None)
    if lang is not None:
        return lang
    if not _chosen:
        _chosen.append(_from_environment())
    return _chosen[0]


def resolve(lang: str | None) -> str:
    """``lang`` checked (None: the current language)."""
    if lang is None:
        return get_language()
    if not isinstance(lang, str) or not _supported(lang):
        raise ValueError(f"no words in language {lang!r}; polis_nb speaks {', '.join(available())}")
    return lang


def set_language(lang: str | None) -> str:
    """Say words in ``lang`` from now on (``"en"``, ``"de"``, ``"pl"``; None: as the environment
    says, ``POLIS_LANG`` or the locale, else English), in every thread. Inside a ``with language(...)``
    block it holds after the block too. Returns the language set."""
    chosen = _from_environment() if lang is None else resolve(lang)
    _chosen[:] = [chosen]
    if _block.get(None) is not None:
        _block.set(chosen)  # (the block ends by going back to what was before it: unset, so the language set)
    return chosen


@contextlib.contextmanager
def language(lang: str) -> Iterator[str]:
    """Say words in ``lang`` inside a ``with`` block (in this thread or task only), then go back to the
    language before."""
    chosen = resolve(lang)
    token = _block.set(chosen)
    try:
        yield chosen
    finally:
        _block.reset(token)
