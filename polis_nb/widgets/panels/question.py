"""The question panel of the Board (the guard-rail): a choice that loses the game at once is not played
but asked about first ("Yes, play it" sends ``confirm``; "Cancel" sends ``decline``). Its
:meth:`QuestionPanel.judge` is the play panel's judge hook."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...analysis.guard import question as guard_question
from ...i18n import message
from ...render.choiceview import question_view
from ...render.say import say
from ...rules import Action, State
from ..control import Judge
from ..intents import IntentError
from .panel import Intent, Panel

if TYPE_CHECKING:
    from ..board import Board

PLAY_ON = message("board.question.play-on", "You play on: nobody resigned.")
NO_QUESTION = message("board.question.none", "there is no question about that choice to answer: nothing was played")
CANCELLED = message("board.question.cancelled", "Cancelled: nothing was played.")


class QuestionPanel(Panel["Board"]):
    name = "question"
    js = "makeQuestion"
    widgets = {"board": 60}
    intents = (Intent("confirm", ("action",), refused_while=("thinking", "resigned")),
               Intent("decline", drops_question=True))

    def __init__(self) -> None:
        self.question: tuple[State, object, Action, dict] | None = None  # (position, node, choice, question)

    def before(self, ctx: Board, spec: Intent) -> None:
        if spec.drops_question:
            self.question = None

    def judging(self, ctx: Board) -> Judge:
        """The play panel's judge hook: the guard-rail's question before a losing choice is played."""
        panel = self

        class Guard(Judge):
            def judge(self, s: State, a: Action) -> bool:
                return panel.judge(ctx, s, a)

        return Guard()

    def judge(self, ctx: Board, s: State, a: Action) -> bool:
        """Keep ``a`` to ask about it if it loses the game at once (True: not played now)."""
        loss = guard_question(s, a)
        if loss is None:
            return False
        self.question = (s, ctx.node, a, question_view(s, a, loss))
        return True

    def here(self, ctx: Board) -> tuple[State, object, Action, dict] | None:
        """The question asked on the position shown (None once the position changed)."""
        q = self.question
        if q is None or q[0] != ctx.state or q[1] is not ctx.node:
            return None
        return q

    def on_confirm(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        from .play import PlayPanel

        q = self.here(ctx)
        if q is None or str(q[2]) != intent["action"]:
            raise IntentError(say(NO_QUESTION))
        self.question = None
        return ctx.panel(PlayPanel).play(ctx, {"kind": "choose", "action": intent["action"]}, judged=False)

    def on_decline(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        from .game_over import GameOverPanel

        if ctx.panel(GameOverPanel).asked is not None:
            return None, say(PLAY_ON)
        return None, say(CANCELLED)

    def view(self, ctx: Board) -> dict[str, Any]:
        from .opponent import OpponentPanel

        q = None if ctx.panel(OpponentPanel).job is not None else self.here(ctx)
        return {"confirm": q[3] if q else None}
