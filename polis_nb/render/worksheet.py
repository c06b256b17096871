"""A record's guess-the-move lesson (the decisions marked with :meth:`polis_nb.Game.quiz`) as a page to
hand out, and its answer key as a second page for the teacher.

**The worksheet** (``game_html(game, worksheet=True)``) keeps its secrets in the file itself, not by
hiding them: it holds the record only up to the first question of the main line (the lead-in, to step
through as on the full page, without variations: a line branching off before a question may play its
answer), then one block per question: its number, the prompt in words ("Round 3 · Sparta, turn 1:
what should Sparta do?"), the decision asked ("Sparta: choose the destination"), the position as a
picture with the choices highlighted, how to answer (a place on the map, or the choices offered as
buttons, named), the teacher's hint folded away, and room to write the answer. Nothing after the
first question reaches the page as text: no decision, comment, glyph, mark, engine line, review or
evaluation (a later question's picture shows its position, which the game reached by the decisions
before it). Printed, each question takes its own page; the buttons and the stepping controls stay
off the paper, and a hint is printed only when it was opened.

**The answer key** (``answers=True`` as well) shows, per question, the same prompt and position, the
answer in words as the widgets word a decision, the whole turn it belongs to, the hint, the glyphs
and the teacher's comment, and — when the record holds a review (:meth:`polis_nb.Game.review`) — the
engine's judgement, its figures before and after the decision, its choice and its line, in words.

Questions are those of the main line (a lesson asks those of the line it is on; questions in
variations are left out). A record without any is refused with a :class:`ValueError`.
"""
from __future__ import annotations

import re

from ..analysis.review import VARIATION_NAME, Review
from ..record import Game, Node
from ..record.turns import step_last
from ..i18n import message, plural
from .htmlpage import GLYPH_MESSAGES, document, e, headers_html, stepper
from .say import field, say
from .playview import review_view
from .questions import answer_room_words, answer_words, asker, highlights, own_comment, questions
from .recordview import Steps, rows
from .svg import svg
from .text import action_words
from .viewmodel import prompt

#: the most decisions of the engine's line the answer key names
LINE_MAX = 12
QUESTIONS = plural("sheet.questions", "{n} question", "{n} questions")
KEY_INTRO = message("sheet.key-intro", "The answer key to the worksheet of {questions}: for the teacher, not to hand out.")
KEY_KIND = message("sheet.key-kind", "Answer key · {questions}")
KEY_TITLE = message("sheet.key-title", "{title} · answer key")
SHEET_INTRO = message("sheet.intro", "A worksheet of {questions}. Each shows the position before a decision of the game: "
                                     "find what the player should do. The game up to the first question is below; what "
                                     "follows it is not in this page.")
FIRST_ASKS = message("sheet.first-asks", "Question 1 below asks what {who} should do here.")
LEAD_BOARD = message("sheet.lead-board", "Board before question 1")
LEAD_TITLE = message("sheet.lead-title", "The game up to question 1")
SHEET_KIND = message("sheet.kind", "Worksheet · {questions}")
SHEET_TITLE = message("sheet.title", "{title} · worksheet")
QUESTION = message("sheet.question", "Question {k} of {count}")
WHAT_SHOULD = message("sheet.what-should", "{step}: what should {who} do?")
DECISION = message("sheet.decision", "{prompt}.")
SO_FAR = message("sheet.so-far", "So far this turn: {words}.")
LIT = message("sheet.lit", "; the places to choose from are highlighted")
CAPTION = message("sheet.caption", "The position before {who}'s decision{lit}.")
HINT = message("sheet.hint", "Hint")
YOUR_ANSWER = message("sheet.your-answer", "Your answer:")
WHY = message("sheet.why", "Why?")
ANSWER = message("sheet.answer", "Answer")
CHOSE = message("sheet.chose", "{who} chose “{answer}”.")
WHOLE_TURN = message("sheet.whole-turn", "The whole turn")
SENTENCE = message("sheet.sentence", "{words}.")
MARKED = message("sheet.marked", "Marked")
THE_HINT = message("sheet.the-hint", "The hint")
COMMENT = message("sheet.comment", "Comment")
FIGURES = message("sheet.figures", "The engine's figures")
EXPECTED = message("sheet.expected", "{who}'s expected result by the engine: {before}% before this decision, {after}% "
                                     "after it.")
THE_REVIEW = message("sheet.review", "The review")
ENGINE_CHOICE = message("sheet.engine-choice", "The engine's choice")
SAME = message("sheet.same", "the same decision")
ENGINE_LINE = message("sheet.engine-line", "The engine's line")
THEN = message("sheet.then", ", then ")
TOOLS_SHEET = message("sheet.tools", "The worksheet")
OPEN_HINTS = message("sheet.open-hints", "Open all hints")
FOLD_HINTS = message("sheet.fold-hints", "Fold all hints")
PRINT = message("sheet.print", "Print")
PRINT_NOTE = message("sheet.print-note", "Printed, each question takes a page; a hint is printed only when it is open.")
TOOLS_KEY = message("sheet.tools-key", "The answer key")
_ID = re.compile(r'\bid="')


def worksheet_html(game: Game, title: str, *, answers: bool = False) -> str:
    """The worksheet (or with ``answers`` its answer key) of ``game``'s questions as one HTML document."""
    qs = questions(game)
    if not qs:
        raise ValueError("the record holds no question on its main line: mark decisions with "
                         "g.quiz(node, hint=...) first")
    st = Steps(game, None)
    count = len(qs)
    plural = say(QUESTIONS, n=count)
    if answers:
        review = game.review_result()
        blocks = "".join(_key_block(game, q, k, count, st, review) for k, q in enumerate(qs, start=1))
        intro = f'<p class="sheet-intro">{e(say(KEY_INTRO, questions=plural))}</p>'
        body = (f'<header class="top">\n<h1>{e(title)}</h1>\n<p class="sheet-kind">{e(say(KEY_KIND, questions=plural))}</p>\n'
                f'{headers_html(game)}\n{intro}\n{_tools_key()}</header>\n<main>\n<section class="questions">{blocks}</section>\n'
                '</main>\n')
        return document(say(KEY_TITLE, title=title), body, kind="answer-key", script=True)
    lead = [game.root] + _parent(qs[0]).path()
    blocks = "".join(_question_block(q, k, count, st) for k, q in enumerate(qs, start=1))
    intro = f'<p class="sheet-intro">{e(say(SHEET_INTRO, questions=plural))}</p>'
    lead_in, data = "", None
    if len(lead) > 1:
        ids = {id(n): f"n{k}" for k, n in enumerate(lead)}
        rws, cut = rows(game, ids, current=lead[-1], steps="decision", upto=True, known=st)
        end = say(FIRST_ASKS, who=asker(qs[0]))
        markup, data = stepper(lead, rws, cut, ends={id(lead[-1]): end}, label=say(LEAD_BOARD), tag="div")
        lead_in = (f'<section class="lead-in" aria-labelledby="lead-h">\n<h2 id="lead-h">{e(say(LEAD_TITLE))}'
                   f'</h2>\n{markup}</section>\n')
    body = (f'<header class="top">\n<h1>{e(title)}</h1>\n<p class="sheet-kind">{e(say(SHEET_KIND, questions=plural))}</p>\n'
            f'{headers_html(game, skip=("Result",))}\n{intro}\n{_tools_sheet()}</header>\n<main>\n{lead_in}'
            f'<section class="questions">{blocks}</section>\n</main>\n')
    return document(say(SHEET_TITLE, title=title), body, kind="worksheet", data=data, script=True)


def _parent(q: Node) -> Node:
    """The node whose position question ``q`` asks about (a record never asks at its start)."""
    if q.parent is None:
        raise ValueError("a question is asked at a decision of the game, never at its start")
    return q.parent


def _picture(q: Node, k: int) -> str:
    """The position asked at ``q`` as a still picture: its choices highlighted, no marks (those belong
    to the record), ids made unique in the page, and no place focusable (nothing here is clicked)."""
    s = q.before
    markup = svg(s, highlight=highlights(s))
    return _ID.sub(f'id="q{k}-', markup)


def _asked(q: Node, k: int, count: int, st: Steps, *, so_far: bool) -> str:
    """The question's heading, prompt, decision and (``so_far``) the turn up to it, and its picture."""
    s = q.before
    who = asker(q)
    info = st.of(q)
    out = [f'<h2 id="q{k}-h">{e(say(QUESTION, k=k, count=count))}</h2>',
           f'<p class="prompt">{e(say(WHAT_SHOULD, step=st.title(q), who=who))}</p>',
           f'<p class="decision">{e(say(DECISION, prompt=prompt(s)))}</p>']
    if so_far and info.first is not q:
        out.append(f'<p class="sofar">{e(say(SO_FAR, words=st.words(info.first, _parent(q))))}</p>')
    out = ['<div class="asked-head">', *out, "</div>"]
    lit = say(LIT) if highlights(s) else ""
    out.append(f'<figure class="qboard">{_picture(q, k)}<figcaption>{e(say(CAPTION, who=who, lit=lit))}'
               "</figcaption></figure>")
    return "".join(out)


def _question_block(q: Node, k: int, count: int, st: Steps) -> str:
    s = q.before
    hint = q.quiz.hint if q.quiz is not None else ""
    folded = (f'<details class="hint"><summary>{e(say(HINT))}</summary><p>{e(hint)}</p></details>' if hint else "")
    lines = '<span class="line"></span>'
    return (f'<article class="question" id="q{k}" aria-labelledby="q{k}-h">'
            f'{_asked(q, k, count, st, so_far=k == 1)}'
            f'<div class="asked-notes"><p class="how">{e(answer_room_words(s))}</p>{folded}'
            f'<div class="answer-room"><p>{e(say(YOUR_ANSWER))}</p>{lines * 3}<p>{e(say(WHY))}</p>{lines * 2}</div></div>'
            "</article>")


def _key_block(game: Game, q: Node, k: int, count: int, st: Steps, review) -> str:
    who = asker(q)
    info = st.of(q)
    items = [(say(ANSWER), say(CHOSE, who=who, answer=answer_words(q))),
             (say(WHOLE_TURN), say(SENTENCE, words=st.words(info.first, step_last(q))))]
    if q.glyphs:
        items.append((say(MARKED), "; ".join(f"{g} {say(GLYPH_MESSAGES[g]) if g in GLYPH_MESSAGES else ''}".strip()
                                             for g in q.glyphs)))
    if q.quiz is not None and q.quiz.hint:
        items.append((say(THE_HINT), q.quiz.hint))
    comment = own_comment(q)
    if comment:
        items.append((say(COMMENT), comment))
    items += _engine(game, q, review)
    rows_ = "".join(f'<dt>{e(t)}</dt><dd>{e(x)}</dd>' for t, x in items)
    return (f'<article class="question key" id="q{k}" aria-labelledby="q{k}-h">{_asked(q, k, count, st, so_far=True)}'
            f'<dl class="answers">{rows_}</dl></article>')


def _engine(game: Game, q: Node, review: Review | None) -> list[tuple[str, str]]:
    """What the record's review says of the decision at ``q``, in words (nothing without a review)."""
    if review is None:
        return []
    d = next((d for d in review.decisions if d.node is q), None)
    if d is None:
        return []
    focus = review_view(review, current=d.node_id)["focus"]
    side = focus["who"]
    out = [(say(FIGURES), say(EXPECTED, who=side, before=focus["before"], after=focus["after"]))]
    if focus["glyph"]:
        out.append((say(THE_REVIEW), focus["text"] or f"{focus['glyph']} {focus['name']}"))
    if focus["better"]:
        out.append((say(ENGINE_CHOICE), focus["better"]))
    elif d.best is not None and d.best == d.action:
        out.append((say(ENGINE_CHOICE), say(SAME)))
    line = _engine_line(_parent(q))
    if line:
        out.append((say(ENGINE_LINE), line))
    return out


def _engine_line(at: Node) -> str:
    """The engine's line the review added at ``at`` (its variation named "engine"), in words."""
    var = next((c for c in at.variations[1:] if c.name == VARIATION_NAME), None)
    if var is None:
        return ""
    nodes = [var] + list(var.mainline())
    said = [action_words(n.before, n.decision) for n in nodes[:LINE_MAX]]
    return say(THEN).join(said) + (" …" if len(nodes) > LINE_MAX else ".")


def _tools_sheet() -> str:
    """The worksheet's toolbar; the hints button carries the words the script says when it is pressed."""
    return (f'<div class="sheet-tools" role="toolbar" aria-label="{e(say(TOOLS_SHEET))}">'
            f'<button type="button" data-sheet="hints" data-open="{e(field(OPEN_HINTS))}" '
            f'data-fold="{e(field(FOLD_HINTS))}">{e(say(OPEN_HINTS))}</button>'
            f'<button type="button" data-sheet="print">{e(say(PRINT))}</button>'
            f'<span class="sheet-note">{e(say(PRINT_NOTE))}</span></div>')


def _tools_key() -> str:
    return (f'<div class="sheet-tools" role="toolbar" aria-label="{e(say(TOOLS_KEY))}">'
            f'<button type="button" data-sheet="print">{e(say(PRINT))}</button></div>')
