"""The lesson panel of the Viewer (its lesson mode): a guess-the-move lesson (lichess's "interactive lesson") over a record whose
author marked some decisions as questions (:meth:`polis_nb.Game.quiz`).

The Viewer stops before each question, shows the position, and offers the choices of that decision as
in play mode. What the student picks is checked here against the record's decision
(:func:`polis_nb.record.node.judge`: a choice that differs from it only in how it is paid counts as
found). A wrong try shows the author's hint, the next one the author's comment (the node's comment,
without the paragraph a game review added), and only then may the answer be shown. A click on a place that is no choice now is explained as in
play mode and is no try. Nothing is played into the record: a found (or shown) question moves the
Viewer to the record's own node.

Nothing of the record past an open question reaches the Viewer's view: the student cannot go past it
(nor into a variation that branches off where it is asked), the list of the record stops at the node
shown, and the step shown is counted only up to the lesson's :meth:`Lesson.horizon`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...record import Node, RecordError
from ...record.node import judge as verdict_of
from ...render.questions import find_words, own_comment
from ...i18n import message, plural
from ...render.say import say, side_name
from ...render.text import action_words
from ...rules import Action, State
from ..control import Judge
from ..base import refusal_words
from ..intents import IntentError
from .panel import Intent, Panel

NO_QUESTION = message("lesson.no-question", "This record holds no question: an author marks decisions with "
                                            "g.quiz(node, hint=...).")
DONE = plural("lesson.done", "Lesson done: {found} of {n} question found ({first} at the first try){shown}.",
              "Lesson done: {found} of {n} questions found ({first} at the first try){shown}.")
SHOWN = message("lesson.shown", ", {shown} shown")
STEP_ON = message("lesson.step-on", "Step on (→) to the next question.")
PROMPT = message("lesson.prompt", "Question {number} of {count}: what did {who} decide here? {find}")
THE_ANSWER = message("lesson.the-answer", "The answer: {who} chose “{answer}”.")
SEVERAL = message("lesson.several", "Several choices there: pick one of them")
NOT_THIS = message("lesson.not-this", "Not this one: {choice}.")
RIGHT = message("lesson.right", "Right: {who} chose “{answer}”.{paid}")
PAID = message("lesson.paid", " You chose “{choice}”: the same choice, paid another way, which counts as found.")
CHANCE = message("lesson.chance", "Chance")
ANSWER_MODE = message("lesson.refused.answer-mode", "'answer' shows the answer to a question of a lesson "
                                                   "(now {mode} mode)")
TRY_FIRST = message("lesson.refused.try-first", "try first: the answer comes after a wrong try")
TRY_FIRST_HINTS = message("lesson.refused.try-first-hints", "try first: the answer comes after a wrong try and "
                                                           "the author's hints")
NO_OPEN = message("lesson.refused.no-question", "no question is open here: step on (→) to the next one")
OFF = message("lesson.refused.off", "{kind} is off in a lesson")

if TYPE_CHECKING:
    from ..viewer import Viewer


class Lesson:
    """What a lesson remembers: which questions are done, the tries at each, the last feedback."""

    def __init__(self) -> None:
        self.done: dict[int, str] = {}  # id(question node) -> "first try", "found", "shown"
        self.tries: dict[int, int] = {}
        self.feedback: tuple[int, str] | None = None  # (id of the question node, what its last try said)
        self.choices: list[tuple[str, str]] = []  # (action, words): a place clicked that holds several choices
        self.choices_at = 0  # id of the question node they answer
        self.result: tuple[int, str] | None = None  # (id of the question node, what was said when it was done)

    def key(self) -> tuple[Any, ...]:
        """Everything a refused intent must leave as it was (for the tests)."""
        return dict(self.done), dict(self.tries), self.feedback, list(self.choices), self.choices_at, self.result

    # --- where the questions are ----------------------------------------------------------------
    def question(self, node: Node) -> Node | None:
        """The open question at ``node``: its main continuation, if that is a question not done yet."""
        q = node.next()
        if q is not None and q.quiz is not None and id(q) not in self.done:
            return q
        return None

    def stop(self, start: Node, to: Node) -> Node:
        """``to`` (a node down the main continuation of ``start``), or the position before the first
        open question on the way there."""
        n = start
        while n is not to:
            if self.question(n) is not None:
                return n
            nxt = n.next()
            if nxt is None:
                return n
            n = nxt
        return to

    def blocked(self, to: Node) -> int:
        """The number of the first open question on the way to ``to`` (0 if none): going there would show
        it, or a variation that branches off where it is asked (an alternative to its answer)."""
        for m in to.path():
            if m.quiz is not None and id(m) not in self.done:
                return self._number(m)[0]
            q = self.question(m.parent)  # type: ignore[arg-type]
            if q is not None and q is not m:
                return self._number(q)[0]
        return 0

    def horizon(self, node: Node) -> Node:
        """The last node down the main continuation of ``node`` the lesson may show: the position before
        its next open question (or the end of the line)."""
        return self.stop(node, node.end())

    def _number(self, q: Node) -> tuple[int, int]:
        line = q.path() + list(q.mainline())
        asked = [m for m in line if m.quiz is not None]
        return asked.index(q) + 1, len(asked)

    # --- the panel ------------------------------------------------------------------------------
    def view(self, node: Node) -> dict[str, Any]:
        """The lesson's panel at ``node``: ``{open, number, count, side, prompt, tries, feedback, hint,
        comment, can_answer, choices: [{action, label}], result, text, found, shown}``."""
        line = node.path() + list(node.mainline())
        asked = [m for m in line if m.quiz is not None]
        found = sum(1 for m in asked if self.done.get(id(m)) in ("first try", "found"))
        first = sum(1 for m in asked if self.done.get(id(m)) == "first try")
        shown_ = sum(1 for m in asked if self.done.get(id(m)) == "shown")
        out: dict[str, Any] = {"open": False, "number": 0, "count": len(asked), "side": None, "prompt": "", "tries": 0,
               "feedback": "", "hint": None, "comment": None, "can_answer": False, "choices": [], "result": None,
               "found": found, "shown": shown_, "text": ""}
        q = self.question(node)
        if self.result is not None and self.result[0] == id(node):
            out["result"] = self.result[1]
        if q is None:
            if not asked:
                out["text"] = say(NO_QUESTION)
            elif all(id(m) in self.done for m in asked):
                out["text"] = say(DONE, found=found, n=len(asked), first=first,
                                  shown=say(SHOWN, shown=shown_) if shown_ else "")
            else:
                out["text"] = say(STEP_ON)
            return out
        number, count = asked.index(q) + 1, len(asked)
        s = node.state
        who = _who(s)
        tries = self.tries.get(id(q), 0)
        hint, comment = q.quiz.hint, own_comment(q)  # type: ignore[union-attr]
        levels = [x for x in (hint, comment) if x]
        feedback = self.feedback[1] if self.feedback is not None and self.feedback[0] == id(q) else ""
        out.update(open=True, number=number, side=s.current_player, tries=tries, feedback=feedback,
                   prompt=say(PROMPT, number=number, count=count, who=who, find=find_words(s)),
                   hint=hint if hint and tries >= 1 else None,
                   comment=comment if comment and tries >= (2 if hint else 1) else None,
                   can_answer=tries >= max(1, len(levels)),
                   choices=[{"action": a, "label": w} for a, w in self.choices] if self.choices_at == id(q) else [])
        return out


class LessonPanel(Panel["Viewer"]):
    """The lesson as a panel of the Viewer: on in its mode "lesson" (its state, the widgets' "lesson",
    refuses what would change the record or give an answer away), its judge the play panel's hook
    there, ``answer`` (show the answer, after the tries the author's hints ask for)."""

    name = "lesson"
    js = "makeLesson"
    widgets = {"viewer": 60}
    intents = (Intent("answer"),)

    def __init__(self) -> None:
        self.lesson = Lesson()

    def holds(self, ctx: Viewer, state: str) -> bool:
        return state == "lesson" and ctx.mode == "lesson"

    def refuses(self, ctx: Viewer, spec: Intent) -> str | None:
        if "lesson" in spec.refused_while and self.holds(ctx, "lesson"):
            return say(ctx.owner(spec.kind).refusals.get("lesson", OFF), kind=repr(spec.kind))
        return None

    def asking(self, ctx: Viewer) -> bool:
        """Whether a question is open at the position shown (its choices are then offered)."""
        return ctx.mode == "lesson" and self.lesson.question(ctx.here) is not None

    def on_answer(self, ctx: Viewer, intent: dict) -> tuple[Any, str]:
        if ctx.mode != "lesson":
            raise IntentError(say(ANSWER_MODE, mode=ctx.mode))
        q = self._open(ctx)
        tries = self.lesson.tries.get(id(q), 0)
        levels = [x for x in (q.quiz.hint, own_comment(q)) if x]  # type: ignore[union-attr]
        if tries < max(1, len(levels)):
            raise IntentError(say(TRY_FIRST_HINTS if levels else TRY_FIRST))
        s = ctx.state
        assert q.action is not None
        self._finish(ctx, q, "shown", say(THE_ANSWER, who=_who(s), answer=action_words(s, q.action)))
        return None, ""

    def _open(self, ctx: Viewer) -> Node:
        q = self.lesson.question(ctx.here)
        if q is None:
            raise IntentError(say(NO_OPEN))
        return q

    def judging(self, ctx: Viewer) -> Judge:
        """The play panel's judge hook in a lesson: a try is judged against the record's decision
        (:func:`polis_nb.record.node.judge`: a choice that differs from it only in how it is paid counts
        as found), never played."""
        panel, lesson = self, self.lesson

        class Try(Judge):
            sides = False  # the student answers for the side the author asks about

            def ready(self, s: State) -> None:
                panel._open(ctx)

            def several(self, s: State, here: list[Action]) -> Action | str:
                q = panel._open(ctx)
                assert q.action is not None
                verdicts = {verdict_of(s, q.action, a) for a in here}
                if not (verdicts <= {"right", "paid"}) and not verdicts == {"wrong"}:
                    lesson.choices = [(str(a), action_words(s, a, viewer=ctx._ctl.viewer)) for a in here]
                    lesson.choices_at = id(q)
                    lesson.feedback = None
                    return say(SEVERAL)
                return next((a for a in here if verdict_of(s, q.action, a) == "right"), here[0])

            def judge(self, s: State, given: Action) -> bool:
                q = panel._open(ctx)
                assert q.action is not None
                lesson.choices = []
                verdict = verdict_of(s, q.action, given)
                if verdict == "wrong":
                    lesson.tries[id(q)] = lesson.tries.get(id(q), 0) + 1
                    lesson.feedback = (id(q), say(NOT_THIS, choice=action_words(s, given, viewer=ctx._ctl.viewer)))
                    return True
                said = say(RIGHT, who=_who(s), answer=action_words(s, q.action),
                           paid=say(PAID, choice=action_words(s, given, viewer=ctx._ctl.viewer)) if verdict == "paid" else "")
                panel._finish(ctx, q, "first try" if not lesson.tries.get(id(q)) else "found", said)
                return True

        return Try()

    def _finish(self, ctx: Viewer, q: Node, how: str, said: str) -> None:
        lesson = self.lesson
        lesson.done[id(q)] = how
        lesson.feedback, lesson.choices = None, []
        lesson.result = (id(q), said)
        try:
            ctx._ctl.goto(q)
        except RecordError as e:  # the node left the record meanwhile
            raise IntentError(refusal_words(e)) from None

    def view(self, ctx: Viewer) -> dict[str, Any]:
        return {"lesson": self.lesson.view(ctx.here) if ctx.mode == "lesson" else None}


def _who(s: State) -> str:
    return side_name(("athens", "sparta")[s.pending.player]) if s.pending.player in (0, 1) else say(CHANCE)
