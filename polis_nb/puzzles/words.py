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

from ..analysis.evaluate import proof_said, proof_words as engine_proof_words
from ..analysis.solver import Proof
from ..i18n import Message, message
from ..record.words import action_words, cite_sections, english, say, text_words
from ..rules import (PLAYERS, RULES, Action, State, topology_of, describe_pending, is_last_round, paid_with,
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


CONTEXT_ROUND = message("puzzle.round", "{round}")
CONTEXT_LAST = message("puzzle.last-round", "{round}, the last round")
CONTEXT_END = message("puzzle.context-roundend", "The end of round {where}: {side} is to {what}.")
CONTEXT_BATTLE = message("puzzle.context-battle", "Round {where}, a battle in {area:loc}: {side} is to {what}.")
CONTEXT_ALONE = message("puzzle.context-alone", "Round {where}: {side_other} has passed, so {side} acts alone and pays "
                                                "one good before each action ({section}); {side} is to {what}.")
CONTEXT = message("puzzle.context", "Round {where}: {side} is to {what}.")


def context(s: State) -> str:
    """Where the puzzle stands, in one sentence."""
    p = s.pending.player
    label = topology_of(s).comp.rounds[s.round].label
    rn = say(CONTEXT_LAST if is_last_round(s) else CONTEXT_ROUND, {"round": label}, s.components)
    prompt = describe_pending(s)  # the decision's own prompt (rules/decisions.py)
    what = say(prompt) if isinstance(prompt, Message) and not prompt.fields() else prompt
    args = {"where": rn, "side": PLAYERS[p], "side_other": PLAYERS[1 - p], "what": what}
    if s.phase == "roundend":
        return say(CONTEXT_END, args)
    if s.phase == "battles" and s.battle is not None:
        return say(CONTEXT_BATTLE, {**args, "area": topology_of(s).comp.areas[s.battle.area].id}, s.components)
    if s.passed and s.passed[0] != p:
        return say(CONTEXT_ALONE, {**args, "section": section_name('turn.alone', s.edition)})
    return say(CONTEXT, args)


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def summaries(rules: Iterable[str], edition: str = "ed1", limit: int = 5) -> str:
    """The first ``limit`` rules (known ids only) as sentences, each with its rulebook section in
    words: "On equal scores the player with more goods left wins (End of the game)."."""
    out = []
    for r in [r for r in rules if r in RULES][:limit]:
        sec = section_name(r, edition)
        summary = (RULES[r].summary if english() else RULES[r].words()).rstrip(".")
        out.append(say(SUMMARY_SECTION if sec else SUMMARY, {"summary": summary, "section": sec}))
    return " ".join(out)


SUMMARY = message("puzzle.summary", "{summary}.")
SUMMARY_SECTION = message("puzzle.summary-section", "{summary} ({section}).")
THE_EVENT_CARD = message("puzzle.the-event-card", "the event card")
LEADS_TO = message("puzzle.leads-to", "leads to {result}")
REASON = message("puzzle.reason", "{choice} {verdict}.")
REASON_RULES = message("puzzle.reason-rules", "{choice} {verdict}. {rules}")


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
        return say(THE_EVENT_CARD)
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
    if not english():
        lab, said = proof_said(proof, p)
        text = say(said, components=None if s is None else s.components)
        return say(LEADS_TO, {"result": text}) if lab == "shared" else text
    text = engine_proof_words(proof, p)[1]
    if text.startswith("a shared result"):
        text = "leads to " + text
    return plain_text(s, text) if s is not None else text


def reason_sentence(s: State, a: Action, proof: Proof, p: int, name: str | None = None) -> str:
    """Why choice ``a`` at ``s`` is worth what it is, in full sentences: the choice in words, its
    proven result, then the rules that end the game that way, with their sections in words."""
    rules = summaries([r for r in proof.end.rules if r not in QUIET_RULES], s.edition)
    args = {"choice": name or choice_name(s, a), "verdict": verdict_phrase(proof, p, s), "rules": rules}
    return say(REASON_RULES if rules else REASON, args)


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
    me, them = PLAYERS[p], PLAYERS[1 - p]
    capital = comp.poleis[b.capital[p]].id
    cubes = sum(n for o, n in zip(s.owner, s.pop) if o == p)
    wheat = s.goods[p][-1]
    own = tuple(comp.poleis[i].id for i, o in enumerate(s.owner) if o == p)
    args = {"side": me, "side_other": them, "polis": capital, "wheat": wheat, "n": cubes}
    out: list[str] = []
    for t in themes:
        if t in HINTS:
            out.append(say(HINTS[t], args, s.components))
        elif t == "events":
            ev = next((e.id for e in comp.events if e.id == s.event), None)
            if ev:
                out.append(say(HINT_EVENT, {"event": ev}, s.components))
    if is_last_round(s) and s.outcome is None:
        a, sp = score(s, 0), score(s, 1)
        short = tuple(say(SHORT, {"side": PLAYERS[q], "n": n}) for q in (0, 1) for n in [_shortfall(s, q)]
                      if n and s.phase != "roundend")
        msg = (SCORE_SHORT_END if short else SCORE_END) if s.phase == "roundend" else (SCORE_SHORT if short else SCORE)
        out.append(say(msg, {"score_athens": a, "score_sparta": sp, "short": say(AND, {"a": short[0], "b": short[1]})
                             if len(short) > 1 else short[0] if short else ""}))
    if len(own) > 1:
        out.append(say(OWNS, {"side": me, "polis": own}, s.components))
    out.append(say(WORK_OUT))
    return out


HINTS = {
    "starvation": message("hint.starvation", "Look at {side:gen} wheat: {wheat} against the {n} cubes of its poleis, and "
                                             "remember what happens to a side that cannot feed {polis}."),
    "growth": message("hint.growth", "Before the final count, ask which of {side:gen} poleis gains more than one cube's "
                                     "worth from growing: a polis above its base population also gives Megalopolis "
                                     "prestige."),
    "phoros": message("hint.phoros", "A side left without prestige after Phoros is ostracised: count the prestige "
                                     "{side_other} and {side} keep."),
    "siege": message("hint.siege", "Which polis could {side:gen} hoplites still take before the game is scored, and what "
                                   "would it be worth?"),
    "tribute": message("hint.tribute", "Look at the territories where {side:gen} hoplites stand: which tribute would "
                                       "bring what {side} lacks?"),
    "trade": message("hint.trade", "What does {side} lack, and which market could supply it?"),
    "proxenos": message("hint.proxenos", "Where can {side:gen} proxenos still make a difference, and at what price?"),
    "battle": message("hint.battle", "Count the units each answer leaves in the battle, and the prestige the cards win."),
}
HINT_EVENT = message("hint.event", "Re-read this round's event, {event}: it changes what the usual choice is worth.")
SHORT = message("hint.short", "{side} lacks {n} wheat for its cubes and pays for it in prestige or poleis")
AND = message("hint.and", "{a} and {b}")
SCORE_END = message("hint.score-roundend", "As things stand Athens has {score_athens} points and Sparta {score_sparta} "
                                           "(cubes, prestige, finished projects); on equal scores the goods left decide.")
SCORE_SHORT_END = message("hint.score-roundend-short", "As things stand Athens has {score_athens} points and Sparta "
                                                       "{score_sparta} (cubes, prestige, finished projects), but {short} "
                                                       "at the round end; on equal scores the goods left decide.")
SCORE = message("hint.score", "As things stand, before the round end, Athens has {score_athens} points and Sparta "
                              "{score_sparta} (cubes, prestige, finished projects); on equal scores the goods left decide.")
SCORE_SHORT = message("hint.score-short", "As things stand, before the round end, Athens has {score_athens} points and "
                                          "Sparta {score_sparta} (cubes, prestige, finished projects), but {short} at the "
                                          "round end; on equal scores the goods left decide.")
OWNS = message("hint.owns", "{side} owns {polis}.")
WORK_OUT = message("hint.work-out", "Work out what each choice leads to with best play by both sides; the obvious one "
                                    "is not always right.")
