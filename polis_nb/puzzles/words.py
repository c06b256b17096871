"""What a puzzle says: its themes, its difficulty, its explanation and its hint, in plain words.

**Themes** (:data:`THEMES`) come from the solution and from the rules that decide the puzzle,
never from an estimate:

* the decision at the position and the solving side's decisions along the solution line, by kind:
  feeding → starvation, growth → growth, Phoros → phoros, tribute → tribute, trade → trade, siege →
  siege, proxenos, ransom and civil war → proxenos, battle decisions → battle, event decisions →
  events;
* the rule ids cited by the log of the solution line (what the solution itself does, e.g.
  ``siege.success``, ``event.free-trade``), and the rule ids that end the proofs of the solution and
  of every other choice (e.g. an alternative that loses by ``end.capital-unfed`` makes a starvation
  puzzle; one that ends in ostracism after Phoros, ``end.ostracism``, a phoros puzzle), by family:
  see :data:`RULE_THEMES`.

**Difficulty** is 1 (easy) to 5 (hard), from a score::

    score = log2(groups) + 2 * tempting + 0.5 * (steps - 1) + 0.2 * min(depth, 10)
    difficulty = 1 + (the thresholds of DIFFICULTY_STEPS = 2.6, 3.0, 3.34, 4.3 that the score reaches)

``groups``: the answers to choose from (choices up to payment variants); ``tempting``: the share of
its choices the playout bot (:func:`polis_nb.analysis.playout.prior`, the chance
:func:`~polis_nb.analysis.sensible_policy` takes each) gives to wrong answers, 0 to 1; ``steps``:
the solving side's own decisions with more than one option in the solution line (sub-decisions to
get right too); ``depth``: the decisions with more than one option along the solver's line of best
play after the solution (how far ahead one must count). A lone choice between two answers that the
bot already gets right scores about 1; eight answers that the bot usually gets wrong, with a
sub-decision and a long count, score 5 and more. Most shipped puzzles have a tempting wrong answer
(event and Phoros studies need none), so scores start near 1.6; the thresholds were set on the
shipped set of generator version 2 (and today's playout policy) so that every difficulty holds a
fair share of it: about a fifth at 1, a tenth at 2, and the rest spread over 3 to 5.
"""
from __future__ import annotations

import math
import re
from typing import Iterable

from ..analysis.evaluate import proof_words as engine_proof_words
from ..analysis.solver import Proof
from ..record.words import action_words, cite_sections, text_words
from ..rules import (PLAYERS, RULES, Action, State, topology_of, describe_pending, is_last_round, paid_with, round_name,
                     score)

THEMES = ("starvation", "siege", "tribute", "trade", "battle", "phoros", "growth", "events", "proxenos")

KIND_THEMES = {
    "feed": "starvation", "grow": "growth", "phoros": "phoros",
    "tribute": "tribute", "tribute-area": "tribute", "tribute-rows": "tribute",
    "trade": "trade", "trade-offer": "trade",
    "siege": "siege", "siege-polis": "siege",
    "proxenos": "proxenos", "proxenos-dest": "proxenos", "ransom": "proxenos", "civilwar": "proxenos",
    "battle-retreat": "battle", "battle-attack": "battle", "battle-defend": "battle", "battle-order": "battle",
    "event-remove": "events", "event-cede": "events", "event-send": "events", "event-sell": "events",
    "event-return": "events", "event-double": "events",
}

#: rule-id prefixes (or whole ids) and the theme they stand for
RULE_THEMES = (
    ("end.capital-unfed", "starvation"), ("roundend.no-single-cubes", "starvation"),
    ("trade.buy-wheat", "starvation"),
    ("end.ostracism", "phoros"), ("roundend.phoros", "phoros"),
    ("roundend.growth", "growth"), ("roundend.megalopolis", "growth"),
    ("siege.", "siege"), ("tribute.", "tribute"), ("trade.", "trade"), ("proxenos.", "proxenos"),
    ("civilwar.", "proxenos"), ("battle.", "battle"), ("event.", "events"),
)

#: rules too general to be worth a line of an explanation
QUIET_RULES = frozenset({"roundend.order", "roundend.order-ed2", "decision.wrong-player", "decision.wrong-kind",
                         "decision.game-over", "roundend.last-round"})

TEMPTING = 0.15  # a wrong answer the playout bot picks at least this often is "tempting"


def rule_theme(rid: str) -> str | None:
    """The theme a rule id stands for, if any."""
    for prefix, theme in RULE_THEMES:
        if rid == prefix or (prefix.endswith(".") and rid.startswith(prefix)) or rid.startswith(prefix + "-"):
            return theme
    return None


def themes_of(kinds: Iterable[str], line_rules: Iterable[str], end_rules: Iterable[str]) -> tuple[str, ...]:
    """The themes of a puzzle (in :data:`THEMES` order) from the decision kinds of its position and
    solution line (and the solution's action kinds), the rules its solution line cites, and the rules
    that end the proofs of its choices."""
    found = {KIND_THEMES[k] for k in kinds if k in KIND_THEMES}
    for r in (*line_rules, *end_rules):
        t = rule_theme(r)
        if t is not None:
            found.add(t)
    return tuple(t for t in THEMES if t in found)


DIFFICULTY_STEPS = (2.6, 3.0, 3.34, 4.3)  # the scores at which difficulty 2, 3, 4 and 5 begin


def difficulty_of(groups: int, tempting: float, steps: int, depth: int) -> tuple[int, float]:
    """(difficulty 1–5, the score behind it); see the module docstring for the formula."""
    raw = round(math.log2(max(groups, 1)) + 2 * tempting + 0.5 * max(steps - 1, 0) + 0.2 * min(depth, 10), 3)
    return 1 + sum(raw >= x for x in DIFFICULTY_STEPS), raw


# --- the explanation ---------------------------------------------------------------------------

def side(p: int) -> str:
    return PLAYERS[p].capitalize()


def sides(p: int) -> str:
    """The side's name as a possessive: "Athens'", "Sparta's"."""
    me = side(p)
    return me + ("'" if me.endswith("s") else "'s")


def context(s: State) -> str:
    """Where the puzzle stands, in one sentence."""
    p = s.pending.player
    rn = round_name(s) + (", the last round" if is_last_round(s) else "")
    what = describe_pending(s)  # the decision's own prompt (rules/decisions.py)
    if s.phase == "roundend":
        return f"The end of round {rn}: {side(p)} is to {what}."
    if s.phase == "battles" and s.battle is not None:
        return f"Round {rn}, a battle in {topology_of(s).name(s.battle.area)}: {side(p)} is to {what}."
    if s.passed and s.passed[0] != p:
        return (f"Round {rn}: {side(1 - p)} has passed, so {side(p)} acts alone and pays one good before each "
                f"action ({section_name('turn.alone', s.edition)}); {side(p)} is to {what}.")
    return f"Round {rn}: {side(p)} is to {what}."


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def summaries(rules: Iterable[str], edition: str = "ed1", limit: int = 5) -> str:
    """The first ``limit`` rules (known ids only) as sentences, each with its rulebook section in
    words: "On equal scores the player with more goods left wins (End of the game)."."""
    out = []
    for r in [r for r in rules if r in RULES][:limit]:
        sec = section_name(r, edition)
        out.append(RULES[r].summary.rstrip(".") + (f" ({sec})." if sec else "."))
    return " ".join(out)


# --- words ------------------------------------------------------------------------------------------
# Decisions, rulebook sections and kernel sentences are worded by the render layer (above this one),
# through the record's one wording hook (polis_nb.record.words), which render fills on import.

_PAY = re.compile(r" \(pay 1 [^)]*\)$")
_ORDINAL = re.compile(r"^(?:[0-9]+|[a-z]|[IVX]+)\. ")


def choice_name(s: State, a: Action) -> str:
    """A choice at ``s`` in words, as the widgets say it ("Grow Chalkis", "Move the proxenos (pay 1
    silver)")."""
    return action_words(s, a)


def answer_name(s: State, a: Action) -> str:
    """The answer (group) that choice ``a`` belongs to, in words and without its payment: "Move the
    proxenos". Two puzzles give the same answer when these words (and the decision) are the same."""
    words = choice_name(s, a)
    return _PAY.sub("", words) if paid_with(s, a) else words


def section_name(rid: str, edition: str) -> str:
    """A rule's rulebook section in words, without the edition and the numbering: "End of the round ›
    Feeding"; "the event card" for an event's own rule, "" for a rule the rulebooks do not state."""
    ref = RULES.get(rid)
    if ref is None:
        return ""
    src = ref.section(edition)
    if rid.startswith("event.") and not src.startswith(("Ed1 ·", "Ed2 ·")):
        return "the event card"
    if not src.startswith(("Ed1 ·", "Ed2 ·")):
        return ""
    words = cite_sections((rid,), edition)[0].split("; ")[0].split(" · ", 1)[-1]
    parts = [_ORDINAL.sub("", x).strip() for x in words.split(" › ")]
    return " › ".join(x for x in parts if x and not x.isdigit() and x != "rounds")


def plain_text(s: State, text: str) -> str:
    """A kernel sentence as a reader sees it (combat cards by their names)."""
    return text_words(text, s.components)


def verdict_phrase(proof: Proof, p: int, s: State | None = None) -> str:
    """What a proven choice achieves for side ``p``, to follow its name, in the engine's words
    (:func:`polis_nb.analysis.evaluate.proof_words`): "wins by force: Athens has the higher score at
    the final scoring, 7–6 (Athens–Sparta)", "leads to a shared result at once: ..."."""
    text = engine_proof_words(proof, p)[1]
    if text.startswith("a shared result"):
        text = "leads to " + text
    return plain_text(s, text) if s is not None else text


def reason_sentence(s: State, a: Action, proof: Proof, p: int, name: str | None = None) -> str:
    """Why choice ``a`` at ``s`` is worth what it is, in full sentences: the choice in words, its
    proven result, then the rules that end the game that way, with their sections in words."""
    first = f"{name or choice_name(s, a)} {verdict_phrase(proof, p, s)}."
    rules = summaries([r for r in proof.end.rules if r not in QUIET_RULES], s.edition)
    return f"{first} {rules}" if rules else first


# --- the hint ----------------------------------------------------------------------------------

def _words(text: str) -> str:
    return re.sub(r"[^a-z0-9α-ω+]+", " ", text.lower()).strip()


def leaks(text: str, forbidden: Iterable[str]) -> bool:
    """Whether ``text`` names any of ``forbidden`` (action texts, place ids and names) as whole
    words, ignoring case."""
    t = f" {_words(text)} "
    return any(f" {_words(f)} " in t for f in forbidden if _words(f))


def _shortfall(s: State, q: int) -> int:
    """The wheat side ``q`` lacks to feed the cubes of its poleis at the round end."""
    return max(0, sum(n for o, n in zip(s.owner, s.pop) if o == q) - s.goods[q][-1])


def hint_sentences(s: State, themes: tuple[str, ...]) -> list[str]:
    """Nudges for a puzzle at ``s`` with ``themes``, most specific first (the caller drops those
    that would name the answer)."""
    b = topology_of(s)
    comp = b.comp
    p = s.pending.player
    me, them = side(p), side(1 - p)
    mine = sides(p)
    capital = comp.poleis[b.capital[p]].name
    cubes = sum(n for o, n in zip(s.owner, s.pop) if o == p)
    wheat = s.goods[p][-1]
    own = [comp.poleis[i].name for i, o in enumerate(s.owner) if o == p]
    out: list[str] = []
    for t in themes:
        if t == "starvation":
            out.append(f"Look at {mine} wheat: {wheat} against the {cubes} cubes of its poleis, and remember "
                       f"what happens to a side that cannot feed {capital}.")
        elif t == "growth":
            out.append(f"Before the final count, ask which of {mine} poleis gains more than one cube's worth "
                       f"from growing: a polis above its base population also gives Megalopolis prestige.")
        elif t == "phoros":
            out.append(f"A side left without prestige after Phoros is ostracised: count the prestige {them} and "
                       f"{me} keep.")
        elif t == "siege":
            out.append(f"Which polis could {mine} hoplites still take before the game is scored, and what "
                       f"would it be worth?")
        elif t == "tribute":
            out.append(f"Look at the territories where {mine} hoplites stand: which tribute would bring what "
                       f"{me} lacks?")
        elif t == "trade":
            out.append(f"What does {me} lack, and which market could supply it?")
        elif t == "proxenos":
            out.append(f"Where can {mine} proxenos still make a difference, and at what price?")
        elif t == "battle":
            out.append("Count the units each answer leaves in the battle, and the prestige the cards win.")
        elif t == "events":
            ev = next((e.name for e in comp.events if e.id == s.event), None)
            if ev:
                out.append(f"Re-read this round's event, {ev}: it changes what the usual choice is worth.")
    if is_last_round(s) and s.outcome is None:
        a, sp = score(s, 0), score(s, 1)
        when = "As things stand" if s.phase == "roundend" else "As things stand, before the round end,"
        short = [f"{side(q)} lacks {n} wheat for its cubes and pays for it in prestige or poleis"
                 for q in (0, 1) for n in [_shortfall(s, q)] if n and s.phase != "roundend"]
        out.append(f"{when} Athens has {a} points and Sparta {sp} (cubes, prestige, finished projects)"
                   + (f", but {' and '.join(short)} at the round end" if short else "")
                   + "; on equal scores the goods left decide.")
    if len(own) > 1:
        out.append(f"{me} owns {', '.join(own)}.")
    out.append("Work out what each choice leads to with best play by both sides; the obvious one is "
               "not always right.")
    return out
