"""The analysis's own words as messages (:mod:`polis_nb.i18n`): an analysis table's headings and figures, the
evaluation bar, how playouts ended, a proven choice's reason. :mod:`.evaluate` says them; the English
templates are the words it always printed.

A proven choice's reason keeps its English text (``ChoiceValue.reason``, made once by the analysis); in
another language it is said from the proof (:func:`proof_said`): the choice's result and the outcome that
ends its line, the outcome's reason in that language."""
from __future__ import annotations

from typing import Any

from ..i18n import Phrase, message, plural
from ..record.words import say

HEADING = message("analysis.heading", "Analysis for {side}")
HEADING_CHANCE = message("analysis.heading-chance", "Analysis of a chance step")
HEADING_OVER = message("analysis.heading-over", "Analysis of a finished game")

BAR = {"win": message("analysis.bar-win", "Athens wins by force"),
       "loss": message("analysis.bar-loss", "Sparta wins by force"),
       "shared": message("analysis.bar-shared", "a shared result by force")}
BAR_EXACT = message("analysis.bar-exact", "Athens wins with probability exactly {value}")
NOT_EVALUATED = message("analysis.not-evaluated", "not evaluated")
BAR_ESTIMATE = message("analysis.bar-estimate", "Athens wins {share} of the engine's playouts")
BAR_INTERVAL = message("analysis.bar-interval", "Athens wins {share} of the engine's playouts (95% interval {low}–{high})")

REPR = message("analysis.repr", "<{heading}, {n} playouts: {bar}>")
REPR_BEST = message("analysis.repr-best", "<{heading}, {n} playouts: best “{choice}”, {figure}>")
TITLE = message("analysis.title", "{heading}: {n} playouts, seed {seed}; {bar}")
TITLE_HTML = message("analysis.title-html", "{heading}: {n} playouts; {bar}")
COLUMN_CHOICE = message("analysis.column-choice", "choice")
COLUMN_PLAYOUTS = message("analysis.column-playouts", "playouts")
COLUMN_VALUE = message("analysis.column-value", "value")
BEST_LINE = message("analysis.best-line", "best line:")
BEST_LINE_HTML = message("analysis.best-line-html", "Best line:")
ENDED_BY = message("analysis.ended-by", "playouts ended by: {ended}")
ENDED_BY_HTML = message("analysis.ended-by-html", "Playouts ended by: {ended}")
LINE_HIDDEN = message("analysis.line-hidden", "… (the line goes on with cards this analysis cannot see)")
STEP = message("analysis.line-step", "{who}: {decision}")
CHANCE = message("analysis.chance", "Chance")

PAY_WITH = message("analysis.pay-with", "{choice} (pay with {goods})")
OR_WITH = message("analysis.or-with", "{choice} (or with {goods})")
SILVER_FOR = message("analysis.silver-for", "silver for {goods}")
IN_KIND = message("analysis.in-kind", "the goods asked")
LIST_OR = message("analysis.list-or", "{items} or {last}")
LIST_AND = message("analysis.list-and", "{items} and {last}")

EXACT = message("analysis.exact", "wins with probability exactly {value} (chance decides)")
# (the English templates say "playouts" after any number, as the analysis always did)
FEW = plural("analysis.few-playouts", "{share} of {n} playouts won (too few for an interval)",
             "{share} of {n} playouts won (too few for an interval)")
INTERVAL = message("analysis.interval", "{share} of playouts won [{low}, {high}]")
STOPPED = message("analysis.stopped-early", "stopped early and estimated {share}")
ENDING_SHARE = message("analysis.ending-share", "{ending} {share}")
ANOTHER_RULE = message("analysis.another-rule", "another rule")

END_WORDS = {"end.score": message("analysis.end-score", "the final scoring"),
             "end.tie-break": message("analysis.end-tie-break", "a tie broken on goods"),
             "end.ostracism": message("analysis.end-ostracism", "ostracism"),
             "end.ostracism-ed2": message("analysis.end-ostracism", "ostracism"),
             "end.capital-unfed": message("analysis.end-capital-unfed", "an unfed capital"),
             "end.capital-unfed-ed2": message("analysis.end-capital-unfed", "an unfed capital"),
             "end.prestige-owed": message("analysis.end-prestige-owed", "prestige owed"),
             "battle.salpinx-unpayable": message("analysis.end-salpinx", "an unpaid Salpinx")}

#: a proven result, by label and by whether it comes at once (no choice left) or by force
PROOF = {("win", True): message("analysis.proof-win-now", "wins at once: {why}{rules}"),
         ("win", False): message("analysis.proof-win", "wins by force: {why}{rules}"),
         ("loss", True): message("analysis.proof-loss-now", "loses at once: {why}{rules}"),
         ("loss", False): message("analysis.proof-loss", "loses by force: {why}{rules}"),
         ("shared", True): message("analysis.proof-shared-now", "a shared result at once: {why}{rules}"),
         ("shared", False): message("analysis.proof-shared", "a shared result by force: {why}{rules}"),
         ("is-shared", True): message("analysis.proof-is-shared-now", "is a shared result at once: {why}{rules}"),
         ("is-shared", False): message("analysis.proof-is-shared", "is a shared result by force: {why}{rules}")}
PROOF_EXACT = message("analysis.proof-exact", "wins with probability exactly {value} (chance decides; e.g. {why}){rules}")
FINAL_SCORING = message("analysis.final-scoring",
                        "{reason} at the final scoring, {score_athens}–{score_sparta} (Athens–Sparta)")
ESTIMATE = plural("analysis.estimate", "{side} wins {share} of the engine's {n} playouts through it",
                  "{side} wins {share} of the engine's {n} playouts through it", count="n")
TOO_FEW = plural("analysis.too-few", "not evaluated ({n} playouts: too few)", "not evaluated ({n} playouts: too few)")
THIN = plural("analysis.thin", "not evaluated: {n} playout through it, too few for an estimate (it takes {least})",
              "not evaluated: {n} playouts through it, too few for an estimate (it takes {least})")
UNTRIED = message("analysis.untried", "not evaluated: the search never tried it")

NUMBERS_NOTE = message(
    "analysis.numbers-note",
    "What these numbers mean: 'by force' is proven — the result with best play by both sides, "
    "over every die and card. A percentage is an estimate: the share of the engine's playouts won "
    "(a playout stopped early counts the evaluation's estimate of how it would end), with a 95% "
    "interval; it takes 30 playouts. 'Not evaluated': the search tried that choice fewer times, or never.")


def listed(items: list[str], last_word: str = "or") -> str:
    """Items as a list in words, "a, b or c" ("and" as ``last_word``: "a, b and c")."""
    if len(items) == 1:
        return items[0]
    return say(LIST_AND if last_word == "and" else LIST_OR, {"items": ", ".join(items[:-1]), "last": items[-1]})


def why_phrase(proof: Any) -> Any:
    """Why a proof's line ends as it does, as a phrase: the outcome's reason (with the final score)."""
    o = proof.end
    reason = Phrase(o.msg, o.args or {}) if o.msg is not None else o.reason
    if o.scores is not None:
        return Phrase(FINAL_SCORING, {"reason": reason, "score_athens": o.scores[0], "score_sparta": o.scores[1]})
    return reason


def proof_phrase(lab: str | None, now: bool, why: Any, rules: str, value: Any, sentence: bool = False) -> Phrase:
    """A proven choice's result as a phrase (``lab``: its label for the side deciding, None when chance
    decides; ``now``: no choice is left before the end)."""
    if lab is None:
        return Phrase(PROOF_EXACT, {"value": value, "why": why, "rules": rules})
    key = "is-shared" if lab == "shared" and sentence else lab
    return Phrase(PROOF[(key, now)], {"why": why, "rules": rules})


def pc(x: float) -> str:
    return f"{100 * x:.0f}%"
