"""Words for text a person reads, for the layers below render: how a decision is named, how a kernel
sentence reads, how rules are cited.

The record and analysis layers print decisions, reasons and citations (a Node's repr, the commentary,
an analysis table, a review's comments), but the wording lives above them, in
:mod:`polis_nb.render.text`, which the widgets use too. So render registers its wording here when it
is imported (:func:`set_words`; ``import polis_nb`` imports render), and the lower layers ask this
module:

``action_words(state, action)``
    a decision at ``state`` in words, as the widgets name it ("Besiege Pydna", "Tribute: 3 hoplites
    on the silver row", "The market die shows 4").
``text_words(text, components)``
    a kernel sentence as a reader should see it (combat cards by their names, "1 cube").
``cite_sections(rule_ids, edition)``
    (in words, as printed) the rulebook sections that state some rules, without rule ids.

Without render (the record layer imported on its own), the fallbacks still give words, plainer
ones: a decision is named by the kernel's own first sentence for it ("Sparta will move hoplites to
Arkadia"), or, when it logs none or cannot be applied, by its notation in quotes ('end'); kernel
sentences stay as the kernel wrote them; a citation is each section as the rulebook prints it
("Ed1 · Aktionen › g. Polis belagern").
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from ..i18n import Phrase, get_language, message, render, resolve
from ..rules import RULES, Action, Outcome, State, Topology, apply, names_for

ActionWords = Callable[[State, Action], str]
TextWords = Callable[[str, "str | None"], str]
CiteSections = Callable[[Iterable[str], str], "tuple[str, str]"]


QUOTED = message("record.quoted", "'{action}'")


def say(msg: "str | Phrase", args: Mapping[str, Any] | None = None, components: str | None = None,
        lang: str | None = None) -> str:
    """A message (or a phrase: a message with its arguments) of the layers above the kernel in ``lang``
    (None: the current language), its terms named as the component set ``components`` names them in
    English."""
    if isinstance(msg, Phrase):
        return render(msg.msg, {**msg.args, **(args or {})}, resolve(lang), names_for(components))
    return render(msg, args or {}, resolve(lang), names_for(components))


def english() -> bool:
    """Whether words are said in English now (where the layers keep their English code paths)."""
    return get_language() == "en"


def _kernel_action_words(s: State, a: Action) -> str:
    try:
        log = apply(s, a).log
    except ValueError:
        log = ()
    if not log:
        return say(QUOTED, {"action": str(a)})
    return log[0].text if english() else log[0].words()


def _kernel_text(text: str, components: str | None = None) -> str:
    return text


def _printed_sections(rule_ids: Iterable[str], edition: str = "ed1") -> tuple[str, str]:
    secs = "; ".join(dict.fromkeys(RULES[r].section(edition) for r in rule_ids if r in RULES))
    return secs, secs


_FALLBACK: dict[str, Any] = {"action": _kernel_action_words, "text": _kernel_text, "sections": _printed_sections}
_WORDS: dict[str, Any] = dict(_FALLBACK)


def set_words(*, action: ActionWords | None = None, text: TextWords | None = None,
              sections: CiteSections | None = None) -> None:
    """Register the wording of the layers above (:mod:`polis_nb.render.text` does, on import):
    ``action(state, action)``, ``text(kernel_sentence, components)``, ``sections(rule_ids, edition)``.
    A function left out keeps what was registered before; ``None`` for all three changes nothing."""
    given = {key: fn for key, fn in (("action", action), ("text", text), ("sections", sections)) if fn is not None}
    for key, fn in given.items():  # all checked before any is kept
        if not callable(fn):
            raise TypeError(f"set_words({key}=...) needs a function, not {type(fn).__name__}")
    _WORDS.update(given)


def reset_words() -> None:
    """Forget the registered wording and use the fallbacks (for tests of the layers below render)."""
    _WORDS.clear()
    _WORDS.update(_FALLBACK)


def action_words(state: State, action: Action | str) -> str:
    """The decision ``action`` at position ``state`` (where it is taken), in words."""
    a = action if isinstance(action, Action) else Action.from_text(action)
    return _WORDS["action"](state, a)


def text_words(text: str, components: str | None = None) -> str:
    """A kernel sentence as a reader should see it (``components``: the component set, for card names)."""
    return _WORDS["text"](text, components)


def cite_sections(rule_ids: Iterable[str], edition: str = "ed1") -> tuple[str, str]:
    """(in words, as printed) the rulebook sections of ``edition`` that state the rules, each once,
    without rule ids; ("", "") for rules the index does not know."""
    return _WORDS["sections"](tuple(rule_ids), edition)


# --- outcomes, places and marks (no wording of render needed) --------------------------------------
OFFER = message("record.offer", "{market} offer {n}")
ARROW = message("record.mark-arrow", "arrow from {place_from} to {place_to} ({colour})")
MARK = message("record.mark", "{kind} on {places} ({colour})")
NOTHING = message("record.mark-nothing", "nothing")
MARK_KINDS = {"arrow": message("record.mark-kind-arrow", "arrow"),
              "highlight": message("record.mark-kind-highlight", "highlight"),
              "": message("record.mark-kind-mark", "mark")}
COLOUR_WORDS = {"green": message("record.colour-green", "green"), "red": message("record.colour-red", "red"),
                "blue": message("record.colour-blue", "blue"), "yellow": message("record.colour-yellow", "yellow")}


def outcome_words(o: Outcome) -> str:
    """How a game ended, in words and without rule ids: "Athens wins (7–5, Athens–Sparta): Athens has
    the higher score" (in the current language)."""
    if not english() and o.msg is not None:
        return o.words()
    who = o.winner.capitalize() + " wins" if o.winner else "Shared result"
    sc = f" ({o.scores[0]}–{o.scores[1]}, Athens–Sparta)" if o.scores else ""
    return f"{who}{sc}: {o.reason}"


def target_name(b: Topology, t: str) -> str:
    """Plain name of a mark target (area, polis, market or offer id) in the current language; unknown
    ids as given."""
    if not english():
        return _target_words(b, t)
    if t in b.area_index:
        return b.comp.areas[b.area_index[t]].name
    if t in b.polis_index:
        return b.comp.poleis[b.polis_index[t]].name
    if t in b.market_index:
        return b.comp.markets[b.market_index[t]].name
    if t in b.offer_index:
        m, slot = t.split(".")
        return f"{b.comp.markets[b.market_index[m]].name} offer {int(slot) + 1}"
    return t


def mark_words(b: Topology, m) -> str:
    """A mark in words, e.g. "arrow from Lakedaimon to Arkadia (red)"; marks are duck-typed
    (``.kind``, ``.targets``, ``.colour``)."""
    kind = str(getattr(m, "kind", ""))
    targets = tuple(str(t) for t in getattr(m, "targets", ()))
    colour = str(getattr(m, "colour", "green"))
    names = [target_name(b, t) for t in targets]
    if english():
        if kind == "arrow" and len(names) >= 2:
            return f"arrow from {names[0]} to {names[1]} ({colour})"
        return f"{kind or 'mark'} on {', '.join(names) or 'nothing'} ({colour})"
    said_colour = say(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour
    if kind == "arrow" and len(names) >= 2:
        return say(ARROW, {"place_from": names[0], "place_to": names[1], "colour": said_colour})
    said_kind = say(MARK_KINDS[kind]) if kind in MARK_KINDS else kind
    return say(MARK, {"kind": said_kind, "places": ", ".join(names) or say(NOTHING), "colour": said_colour})


def _target_words(b: Topology, t: str) -> str:
    """:func:`target_name` in a language other than English (its terms from the term table)."""
    comp = b.comp.name if hasattr(b.comp, "name") else None
    for kind, index in (("area", b.area_index), ("polis", b.polis_index), ("market", b.market_index)):
        if t in index:
            return say("{%s}" % kind, {kind: t}, comp)
    if t in b.offer_index:
        m, slot = t.split(".")
        return say(OFFER, {"market": m, "n": int(slot) + 1}, comp)
    return t
