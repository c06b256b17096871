"""The Board's choices in words: choices that differ only in how they are paid as one entry with a
"pay with" picker, the question a choice that loses at once asks first, explanations without
notation, and each rulebook section cited once. Plain JSON for the widgets; nothing here decides a
rule (the payments come from :func:`polis_nb.rules.payment.paid_with`, the losses from
:mod:`polis_nb.analysis.guard`). Pure Python; no widget library.
"""
from __future__ import annotations

import re

from ..analysis.guard import QuickLoss
from ..i18n import get_language, message
from ..record.words import outcome_words
from ..rules import ACTIONS, RULES, Action, Explanation, PolisError, State, topology_of, paid_with
from .say import say
from .text import action_words, cite_sections, edition_words, plain, target_name

_PAY = {"galley": message("view.pay.galley", "A galley into {sea}"),
        "silver": message("view.pay.silver", "silver instead of {goods}"),
        "and": message("view.pay.and", " and "),
        "good": message("view.pay.good", "{good}"),
        "one": message("view.pay.one", "1 {good}"),
        "in-kind": message("view.pay.in-kind", "the goods themselves"),
        "title": message("view.pay.title", "{label}: pay with"),
        "tip": message("view.pay.tip", "{label}: choose what to pay with")}


# --- one button per choice, a "pay with" picker for its payments -------------------------------------

def _what_words(s: State, what: str, first: Action) -> str:
    """The choice a group of payments pays for, in words: "Trade", "A galley into the Myrtoon Pelagos"."""
    comp = topology_of(s).comp
    kw = what.split()[0]
    if s.pending.kind == "turn" and kw in ACTIONS:
        return edition_words(comp, say(ACTIONS[kw].title, components=s.components))
    if kw == "pay" and len(what.split()) == 2:  # galley-pay: into which sea
        return say(_PAY["galley"], sea=target_name(topology_of(s), what.split()[1]))
    return action_words(s, first)


def _how_words(s: State, how: str) -> str:
    """A payment in words: "1 metal" (acting alone, a hoplite, a galley), "silver instead of wine"."""
    how = how.lstrip("+")
    if how.startswith("silver-for:"):
        goods = [say(_PAY["good"], components=s.components, good=g) for g in how.split(":", 1)[1].split(",")]
        return say(_PAY["silver"], goods=say(_PAY["and"]).join(goods))
    if how == "in kind":
        return say(_PAY["in-kind"])
    if " " not in how and how in topology_of(s).comp.goods:
        return say(_PAY["one"], components=s.components, good=how)
    return how


def choice_groups(s: State, buttons: list[dict]) -> list[dict]:
    """The buttons of a board view (``[{action, label, kind}]``) with those that differ only in how
    they are paid joined into one entry: ``{label, kind, pay_title, pay: [{action, label}]}`` (the
    picker's options, in the buttons' order). Other buttons stay as they are. Payments are joined only
    where there is more than one thing to pay for (acting alone: every action, once per good; a galley
    into one of several seas); where the decision itself is the payment (train a hoplite: metal or
    silver) every way to pay stays a button of its own."""
    parts = []
    for b in buttons:
        try:
            a = Action.from_text(b["action"])
        except (ValueError, PolisError):
            a = None
        parts.append((b, a, paid_with(s, a) if a is not None else None))
    whats = {pw[0] for _, _, pw in parts if pw is not None}
    if len(whats) < 2:
        return [dict(b) for b in buttons]
    out: list[dict] = []
    groups: dict[str, dict] = {}
    for b, a, pw in parts:
        if pw is None or a is None:  # (an action is paid with something only where there is one)
            out.append(dict(b))
            continue
        what, how = pw
        g = groups.get(what)
        if g is None:
            g = groups[what] = {"label": _what_words(s, what, a), "kind": b.get("kind", ""), "what": what,
                                "pay": []}
            out.append(g)
        g["pay"].append({"action": b["action"], "label": _how_words(s, how), "full": b["label"]})
    for k, g in enumerate(out):
        if "pay" not in g:
            continue
        if len(g["pay"]) == 1:  # one way to pay: a plain button that says how
            only = g["pay"][0]
            out[k] = {"action": only["action"], "label": only["full"], "kind": g["kind"]}
            continue
        g["pay_title"] = say(_PAY["title"], label=g["label"])
        g["pay_tip"] = say(_PAY["tip"], label=g["label"])
        for p in g["pay"]:
            p.pop("full", None)
    return out


# --- the question before a choice that loses at once -------------------------------------------------

_QUESTION = {"text": message("view.question.text", "This loses the game at once. {why}."),
             "question": message("view.question.question", "Play it anyway?"),
             "play": message("board.question.play", "Play anyway"), "cancel": message("board.question.cancel", "Cancel"),
             "title": message("view.question.title", "{action} loses the game for {side}")}

def question_view(s: State, a: Action, loss: QuickLoss) -> dict:
    """What the Board asks before playing ``a``, which loses at once (``loss``): ``{action, label,
    text, question, play, cancel, cite, cite_original, rules}``, all in words."""
    comp = topology_of(s).comp
    if get_language() == "en":
        why = plain(edition_words(comp, loss.why), comp.name).rstrip(".")
        why = re.sub(r"(:| and| ) ?(it )?loses( the game)?$", "", why)  # "loses" is said once, in the text below
    else:  # the outcome's own reason, said in the language
        why = plain(loss.outcome.reason_words(), comp.name).rstrip(".")
    cite, original = cite_sections(loss.rules, s.edition)
    return {"action": str(a), "label": action_words(s, a), "loser": loss.loser,
            "text": say(_QUESTION["text"], why=why[:1].upper() + why[1:]),
            "question": say(_QUESTION["question"]), "play": say(_QUESTION["play"]), "cancel": say(_QUESTION["cancel"]),
            "title": say(_QUESTION["title"], action=action_words(s, a), side=loss.loser),
            "cite": cite, "cite_original": original, "rules": list(loss.rules)}


# --- explanations and outcomes in words --------------------------------------------------------------

_QUOTED = re.compile(r"'([a-z][a-z0-9 .:,+_-]*)'")
_LIST = re.compile(r"((?:legal choices|Legal): )([^.]*?)( …)?(?=\.?$|\. )")
_HINT = re.compile(r"(?:^|(?<=\. ))Write '[^']*'[^.]*\.?")  # how to write notation: the screen has buttons
_NAME_GOOD = re.compile(r"; name the good, e\.g\. '[^']*'\.?")
# rules of the kernel's own bookkeeping ("polis_nb kernel", no rulebook section): the words say it all
_KERNEL = frozenset({"decision.wrong-kind", "decision.wrong-player", "decision.game-over"})


def _words_of(s: State, text: str) -> str | None:
    try:
        a = Action.from_text(text.strip())
    except (ValueError, PolisError):
        return None
    try:
        words = action_words(s, a)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):  # an illegal action may name nothing real
        return None
    return None if words == str(a) else words


def notation_words(s: State, text: str) -> str:
    """``text`` (a kernel sentence) with the action notation it quotes in words: "'from boiotia' is
    not among the legal choices: from attika, from lakedaimon" → "“A hoplite from Boiotia” is not
    among the legal choices: A hoplite from Attika, A hoplite from Lakedaimon"; hints on how to write
    notation ("Write 'release <polis>' …") are left out, for the screen has buttons."""
    def listed(m: re.Match) -> str:
        items = [x.strip() for x in m.group(2).split(",")]
        words = [w for w in (_words_of(s, x) for x in items) if w is not None]
        if len(words) < len(items):
            return m.group(0)
        return m.group(1) + ", ".join(words) + (" …" if m.group(3) else "")

    def quoted(m: re.Match) -> str:
        w = _words_of(s, m.group(1))
        return f"“{w}”" if w is not None else m.group(0)

    out = _HINT.sub("", text)
    out = _NAME_GOOD.sub(": click it, then pick the good to pay with.", out)
    out = _LIST.sub(listed, out)
    out = _QUOTED.sub(quoted, out)
    out = out.replace(" is not among the legal choices: ", " is not one of the choices now; they are: ")
    return re.sub(r"\s{2,}", " ", out).replace(" .", ".").strip(" ;")


_NOT_A_CHOICE = message("view.why.not-a-choice", "That is not one of the choices now: the buttons and the places "
                                                 "outlined in gold are.")


def explanation_words(s: State, e: Explanation | None) -> Explanation | None:
    """An explanation for the screen: its notation in words (:func:`notation_words`), the kernel's
    bookkeeping rules left out of the citations where a rulebook rule is cited too (or the words are
    all there is), and each rule once."""
    if e is None:
        return None
    text = notation_words(s, e.words())
    if not text:
        text = say(_NOT_A_CHOICE)
    rules = tuple(dict.fromkeys(r for r in e.rules if r.id not in _KERNEL))
    return Explanation(e.legal, rules, text)


def dedupe_sections(ex: dict | None) -> dict | None:
    """An explanation's JSON (``explanation_json``) with each rulebook section listed once: the rules
    of one section become one entry (``id`` the first, ``ids`` all of them, their summaries joined)."""
    if not ex or not ex.get("rules"):
        return ex
    merged: dict[str, dict] = {}
    for r in ex["rules"]:
        key = r.get("source") or r.get("id")
        m = merged.get(key)
        if m is None:
            merged[key] = dict(r, ids=[r["id"]])
        else:
            m["ids"].append(r["id"])
            if r.get("summary") and r["summary"] not in m.get("summary", ""):
                m["summary"] = (m.get("summary", "") + " " + r["summary"]).strip()
    return dict(ex, rules=list(merged.values()))


def rule_free(text: str, s: State) -> str:
    """``text`` with ``str(s.outcome)`` (which ends in its rule ids) replaced by :func:`outcome_words`."""
    if s.outcome is None:
        return text
    return text.replace(str(s.outcome), outcome_words(s.outcome))


