"""Seeded games in both editions, and what they say: log entries, explanations of every legal choice and of
refused ones, outcomes and errors; and a scan for English words in what another language says."""
from __future__ import annotations

import functools
import importlib.util
import pathlib
import random
import re

import polis_nb as pn
from polis_nb.analysis.bots import sensible_policy
from polis_nb.i18n import MESSAGES, TERM_KINDS, Phrase, render
from polis_nb.i18n.messages import kind_of
from polis_nb.i18n.terms import table
from polis_nb.rules.words import names_for

ROOT = pathlib.Path(__file__).resolve().parents[2]
# refused choices a learner may type anywhere: malformed, of the wrong decision, naming what is not there
PROBES = ("pass x", "foo", "to", "to nowhere", "polis nowhere", "pay gold", "pay wood", "train +gold", "retreat",
          "!!", "tile zzz", "offer persis.9 exchange", "rows wine:9", "from kyklades", "hire", "end", "sell 99",
          "release athenai", "grow sparta", "phoros 9", "double", "play phalanx:othismos phalanx:othismos")


def tool():
    """scripts/i18n.py, the catalogues' tool."""
    spec = importlib.util.spec_from_file_location("polis_i18n_tool", ROOT / "scripts" / "i18n.py")
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


@functools.lru_cache(maxsize=None)
def said(edition: str, seed: int, policy: str) -> tuple:
    """Everything one seeded game says, as (kind, object, state) triples: "log" entries, "explain"
    explanations (every legal choice, the choices of the decision before, and PROBES), "outcome"."""
    rng = random.Random(seed)
    s = pn.new_game(edition=edition, seed=seed)
    out: list = []
    before: list[str] = []
    while True:
        out += [("log", e, s) for e in s.log]
        if s.is_terminal:
            out.append(("outcome", s.outcome, s))
            out += [("explain", pn.explain(s, t), s) for t in PROBES[:3]]
            return tuple(out)
        acts = pn.legal_actions(s)
        if not s.is_chance:
            out += [("explain", pn.explain(s, a), s) for a in acts]
            out += [("explain", pn.explain(s, t), s) for t in before + list(PROBES) if t not in {str(a) for a in acts}]
        before = [str(a) for a in acts][:15]
        if s.is_chance:
            a = pn.sample_chance(s, rng)
        else:
            a = sensible_policy(s, rng) if policy == "sensible" else rng.choice(acts)
        s = pn.apply(s, a)


GAMES = [(ed, seed, policy) for ed in ("ed1", "ed2") for seed, policy in ((1, "random"), (2, "random"), (3, "sensible"),
                                                                            (4, "sensible"))]


#: the arguments that are notation, the same in every language: what the player types (an action, a keyword,
#: choices, an example, tile ids, a good's id in a payment's notation), the rule ids cited
NOTATION = frozenset({"action", "keyword", "choices", "example", "tiles", "text", "kinds", "seas", "offer_id", "char",
                      "pointer", "rules"})


def neutral(args: dict) -> dict:
    """``args`` with every notation argument (:data:`NOTATION`) replaced by "X", so that what is left is the
    message's own words and the terms. Any other text argument stays, so English passed as an argument
    instead of a message shows."""
    def walk(v, name):
        if isinstance(v, Phrase):
            return Phrase(v.msg, neutral(v.args))
        if isinstance(v, (tuple, list)):
            return type(v)(walk(x, name) for x in v) if type(v) is not list else [walk(x, name) for x in v]
        if isinstance(v, str) and name in NOTATION:
            return "X"
        return v
    return {k: walk(v, k) for k, v in args.items()}


def text_arguments(args: dict, found: set) -> set:
    """The names of the text arguments that are neither terms nor notation (nor empty), recursively."""
    for k, v in args.items():
        items = v if isinstance(v, (tuple, list)) else (v,)
        for x in items:
            if isinstance(x, Phrase):
                text_arguments(x.args, found)
            elif isinstance(x, str) and x and kind_of(k) not in TERM_KINDS and k not in NOTATION:
                found.add((k, x))
    return found


def words_of(obj, lang: str, state) -> str:
    """What a log entry, explanation or outcome says in ``lang``, its notation arguments neutralised."""
    if obj.msg is None:
        return obj.text if hasattr(obj, "text") else obj.reason
    return render(obj.msg, neutral(obj.args or {}), lang, names_for(state.components))


_WORD = re.compile(r"[^\W\d_]+")


def vocabulary(text: str) -> set[str]:
    """The words of a text, lower case (placeholders and words without a Latin letter, such as α, left out)."""
    return {w.lower() for w in _WORD.findall(re.sub(r"\{[^}]*\}", " ", text)) if re.search("[a-zA-Z]", w)}


@functools.lru_cache(maxsize=None)
def english_words() -> frozenset[str]:
    """The words of every English template and of the first edition's English names."""
    words: set[str] = set()
    for m in MESSAGES.values():
        words |= vocabulary(str(m) + " " + (m.plural or ""))
    comp = pn.default_components("ed1")
    for group in (comp.poleis, comp.areas, comp.markets, comp.projects, comp.events):
        for x in group:
            words |= vocabulary(x.name)
    return frozenset(words)


@functools.lru_cache(maxsize=None)
def allowed_words(lang: str) -> frozenset[str]:
    """Words a language's catalogue and term table use themselves (proper names, Greek terms, and words
    spelled alike in both languages, such as "Prestige" or "in")."""
    words: set[str] = set()
    if lang not in table():  # the pseudo-language: nothing of English is its own
        return frozenset()
    tool_ = tool()
    for m in tool_.read(lang):
        if m.id:
            for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
                words |= vocabulary(s)
    for kind in table()[lang].values():
        for forms in kind.values():
            for name in forms.values():
                words |= vocabulary(name)
    return frozenset(words)


def english_left(text: str, lang: str) -> set[str]:
    """The English words ``text`` holds that ``lang`` does not use itself."""
    return (vocabulary(text) & english_words()) - allowed_words(lang)
