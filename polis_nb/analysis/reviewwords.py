"""A review's own words as messages (:mod:`polis_nb.i18n`): its table, its lines, the judgements'
names and the paragraph it writes into a judged decision's comment. :mod:`.review` says them; the
English templates are the words it always printed.

The paragraph is written into the record in the language of the moment of the review (a comment is the
record's text); :func:`prefixes` knows how it starts in every language, so a later review replaces it."""
from __future__ import annotations

import functools

from ..i18n import available, message, plural
from ..record.words import say

#: a judgement's name, by glyph: in a line ("blunder") and heading its paragraph ("Blunder")
NAMES = {"??": message("review.blunder", "blunder"), "?": message("review.mistake", "mistake"),
         "?!": message("review.inaccuracy", "inaccuracy")}
HEADS = {"??": message("review.blunder-head", "Blunder"), "?": message("review.mistake-head", "Mistake"),
         "?!": message("review.inaccuracy-head", "Inaccuracy")}
#: "where the review finds a blunder"
FINDS = {"??": message("review.finds-blunder", "a blunder"), "?": message("review.finds-mistake", "a mistake"),
         "?!": message("review.finds-inaccuracy", "an inaccuracy")}

STEP_SIDE = message("review.step-side", "{title} · {side}")
CHANCE = message("review.chance", "{side:gen} chance {before} → {after}")
LINE = message("review.line", "{place}: {decision} ({chance})")
LINE_JUDGED = message("review.line-judged", "{place}: {decision} {glyph} ({name}; {chance})")
LINE_KEPT = message("review.line-kept", "{place}: {decision} {glyph} ({name}; {chance}, the author's {glyphs} kept)")
INACCURACIES = plural("review.inaccuracies", "{n} inaccuracy", "{n} inaccuracies")
MISTAKES = plural("review.mistakes", "{n} mistake", "{n} mistakes")
BLUNDERS = plural("review.blunders", "{n} blunder", "{n} blunders")
DECISIONS = plural("review.decisions", "{n} decision", "{n} decisions")
SUMMARY = message("review.summary", "{side}: accuracy {accuracy}, {inaccuracies}, {mistakes}, {blunders} in {decisions}")
REPR = message("review.repr", "<Review {decisions}: {sides} (?!/?/??)>")
REPR_SIDE = message("review.repr-side", "{side} {accuracy} ({inaccuracies}/{mistakes}/{blunders})")
TITLE = message("review.title", "Review of {decisions} ({basis}; win 1, shared 1/2, loss 0)")
TITLE_HTML = message("review.title-html", "Review of {decisions} ({basis})")
COLUMNS = (message("review.column-side", "side"), message("review.column-accuracy", "accuracy"),
           message("review.column-inaccuracies", "inaccuracies"), message("review.column-mistakes", "mistakes"),
           message("review.column-blunders", "blunders"), message("review.column-decisions", "decisions"))
KEPT = message("review.kept", "Kept the author's glyph {glyphs} at decision {place} ({decision}), where the review "
                              "finds {finding}.")
KEPT_HTML = message("review.kept-html", "(the author's {glyphs} kept)")
NONE_FLAGGED = message("review.none-flagged", "No inaccuracies, mistakes or blunders.")
BASIS = plural("review.basis", "up to {n} playouts per position", "up to {n} playouts per position")
BASIS_PROVEN = message("review.basis-proven", "every value proven")

# the paragraph of a judged decision
PARAGRAPH = message("review.paragraph", "{head}: {what}.{better}")
WHAT_PROVEN = message("review.what-proven", "this {reason}")
WHAT_LOSES_NOW = message("review.what-loses-now", "this loses at once: {reason}")
WHAT_ENDS = message("review.what-ends", "this ends the game: {reason}")
WHAT_LOSES = message("review.what-loses", "this loses by force")
WHAT_FALLS = message("review.what-falls", "{side:gen} share of the engine's playouts falls from {before} to {after}")
WHAT_FALLS_ENDING = message("review.what-falls-ending", "{side:gen} share of the engine's playouts falls from {before} "
                                                        "to {after}; most of its playouts after this end by the rule: "
                                                        "{ending}")
BETTER_PROVEN = message("review.better-proven", " Better: {choice}, which {reason}.")
BETTER_HOLDS = message("review.better-holds", " Better: {choice}, which holds {reason}.")
BETTER_SHARE = message("review.better-share", " Better: {choice} ({side} wins {share} of the engine's playouts).")
BETTER = message("review.better", " Better: {choice}.")


def count(msg: str, n: int) -> str:
    return say(msg, {"n": n})


@functools.lru_cache(maxsize=None)
def prefixes() -> tuple[str, ...]:
    """How the review's paragraph starts in each language ("Blunder: ", "Grober Fehler: ", ...)."""
    out: list[str] = []
    for lang in available():
        for head in HEADS.values():
            said = say(head, lang=lang) + ": "
            if said not in out:
                out.append(said)
    return tuple(out)
