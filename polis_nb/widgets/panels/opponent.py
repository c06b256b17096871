"""The opponent panel of the Board: which bot plays which side, its reply (worked out here and now, or
in the background: a thread, or slices of the search on the event loop, :mod:`..background`), Cancel,
and undo (back to before the user's last decision; after a resignation, it takes it back)."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generator

from ...i18n import message
from ...record import Node
from ...render.playview import reply_marks, reply_view
from ...render.say import say, side_name
from ...render.widgetwords import BOT_NAMES
from ...rules import State
from ..background import Background, way as background_way
from ..intents import IntentError
from ..opponent import BOTS, Opponent, Plan, last_reply, undo_target
from .panel import Intent, Panel

if TYPE_CHECKING:
    from ...analysis.review_job import ReviewJob
    from ..board import Board


THINKING = message("board.opponent.thinking", "{side} is thinking…")
_WORDS = {
    "wait": message("board.opponent.wait", "{side} is thinking: wait for its answer, or press Cancel"),
    "nothing-to-cancel": message("board.opponent.nothing-to-cancel", "nothing to cancel, the bot has already answered."),
    "cancelled": message("board.opponent.cancelled", "Cancelled: {side} plays the best choice it has found so far…"),
    "unknown": message("board.opponent.unknown", "unknown opponent {bot} or side {choice}"),
    "against": message("board.opponent.against", "You play {side} against the {bot} bot."),
    "no-bot": message("board.opponent.no-bot", "No bot: you play both sides."),
    "no-undo": message("board.opponent.no-undo", "Nothing to undo here."),
    "undone": message("board.opponent.undone", "Back to before your last decision (what was played stays in the "
                                                "record as a line)."),
    "failed": message("board.opponent.failed", "Refused: the bot failed to answer ({error}: {why}); this is a bug, "
                                                "please report it"),
    "unplayable": message("board.opponent.unplayable", "Refused: the bot's reply could not be played ({error}); this "
                                                        "is a bug"),
    "cut-short": message("board.opponent.cut-short", "You cancelled the search: {side} played the best choices it had "
                                                      "found so far."),
}


@dataclass
class Job:
    """Work in the background (:mod:`..background`): the bot's reply to ``state`` (at ``node``) or a review."""

    state: State
    node: Node | None
    opponent: Opponent | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.time)
    runner: Background | None = None
    review: ReviewJob | None = None

    @property
    def thread(self) -> threading.Thread | None:
        """The thread it runs in (None on an event loop, in a Python without threads)."""
        return self.runner.thread if self.runner is not None else None


class OpponentPanel(Panel["Board"]):
    name = "opponent"
    js = "makeOpponent"
    widgets = {"board": 30}
    intents = (Intent("opponent", ("bot", "side"), drops_question=True),
               Intent("cancel"),
               Intent("undo", drops_question=True))

    def __init__(self) -> None:
        self.opp = Opponent()
        self.job: Job | None = None  # the bot's reply being worked out
        self.trail: list[Any] = []  # a Board on a State: the bot's last reply (as last_reply gives it)
        self.after_user: list[Any] = []  # ... and the chance steps after the user's last decision
        self.last: tuple[object, Plan] | None = None  # (node or state, plan) of the last reply played

    @property
    def bot(self) -> str:
        """The bot's side, in words ("Sparta")."""
        return side_name(self.opp.bot_side)

    def refuses(self, ctx: Board, spec: Intent) -> str | None:
        if self.job is not None and "thinking" in spec.refused_while:
            return say(_WORDS["wait"], side=self.opp.bot_side)
        return None

    # --- intents -------------------------------------------------------------------------------------
    def on_cancel(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        if self.job is None:
            raise IntentError(say(_WORDS["nothing-to-cancel"]))
        self.job.cancel.set()
        return None, say(_WORDS["cancelled"], side=self.opp.bot_side)

    def on_opponent(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        if intent["bot"] not in dict(BOTS) or intent["side"] not in ("athens", "sparta"):
            raise IntentError(say(_WORDS["unknown"], bot=repr(intent["bot"]), choice=repr(intent["side"])))
        self.opp = Opponent(intent["bot"], intent["side"])
        self.start(ctx)
        return None, (say(_WORDS["against"], side=intent["side"], bot=say(BOT_NAMES[intent["bot"]]))
                      if self.opp.active else say(_WORDS["no-bot"]))

    def on_undo(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        from .game_over import GameOverPanel

        over = ctx.panel(GameOverPanel)
        if over.resigned_here(ctx) is not None:
            return None, over.take_back(ctx)
        back = undo_target(ctx.node, self.opp) if ctx.game is not None else None
        if back is None:
            return None, say(_WORDS["no-undo"])
        ctx.moved(back)
        return None, say(_WORDS["undone"])

    # --- the reply -----------------------------------------------------------------------------------
    def start(self, ctx: Board) -> None:
        """Let the bot answer if it is to move: here and now, or in the background."""
        from .game_over import GameOverPanel

        self.stop()
        if not self.opp.to_move(ctx.state) or ctx.panel(GameOverPanel).resigned_here(ctx) is not None:
            return
        wanted = self.opp.thinks if ctx._threaded is None else ctx._threaded
        if not (wanted and background_way() is not None):
            self._play(ctx, self.opp, self.opp.plan(ctx.state))
            return
        job = Job(ctx.state, ctx.node, self.opp)
        job.runner = Background(lambda sliced: self._think(job, sliced),
                                lambda plan, error: self._answer(ctx, job, plan, error), "polis_nb bot reply")
        self.job = job
        job.runner.start()

    def stop(self) -> None:
        """Drop the reply being worked out (its search stops soon; its result is thrown away)."""
        job, self.job = self.job, None
        if job is not None:
            job.cancel.set()

    @staticmethod
    def _think(job: Job, sliced: bool) -> Generator[None, None, Plan]:
        assert job.opponent is not None
        if sliced:
            return (yield from job.opponent.planning(job.state, job.cancel))
        return job.opponent.plan(job.state, job.cancel)

    def _answer(self, ctx: Board, job: Job, plan: Plan | None, error: Exception | None) -> None:
        """The reply planned (or the bug that stopped it): play it if it still fits the position shown."""
        with ctx._lock:
            if self.job is not job:
                return  # undo, another opponent, a new game or a move from Python came first
            self.job = None
            if error is None and (ctx.node is not job.node or ctx.state != job.state):
                return
            if error is not None or plan is None or job.opponent is None:
                ctx._bug(error or RuntimeError("no plan"), None)
                ctx._show(note=say(_WORDS["failed"], error=type(error).__name__, why=str(error)))
                return
            try:
                self._play(ctx, job.opponent, plan)
            except Exception as e:
                ctx._bug(e, None)
                ctx._show(note=say(_WORDS["unplayable"], error=type(e).__name__))
                return
            ctx._show(note=say(_WORDS["cut-short"], side=self.opp.bot_side) if plan.cut_short else "")

    def _play(self, ctx: Board, opponent: Opponent, plan: Plan) -> None:
        opponent.play(ctx._ctl, plan)
        if ctx.game is None:
            self.trail, self.after_user = self.after_user + plan.steps, []
        self.last = (ctx.node if ctx.game is not None else ctx.state, plan)
        ctx.broadcast("replied")

    def reply(self, ctx: Board) -> dict | None:
        """The bot's last reply on the line shown (it stays until the bot answers again)."""
        if not self.opp.active:
            return None
        end: object
        if ctx.game is not None:
            steps, end = last_reply(ctx.node, self.opp.user)
        else:
            steps, end = self.trail, (self.last[0] if self.last is not None else None)
        if not steps:
            return None
        plan = self.last[1] if self.last is not None and end is not None and self.last[0] is end else None
        return reply_view(steps, self.opp.bot_side, cut_short=bool(plan and plan.cut_short),
                          seconds=plan.seconds if plan else None)

    # --- hooks ---------------------------------------------------------------------------------------
    def played(self, ctx: Board) -> None:
        if ctx.game is None:
            self.after_user = ctx._ctl.last_steps[1:]
        self.start(ctx)

    def reset(self, ctx: Board) -> None:
        self.stop()
        self.trail, self.after_user, self.last = [], [], None

    def _shown_reply(self, ctx: Board) -> dict | None:
        from .review import GameReviewPanel

        return None if self.job is not None or ctx.panel(GameReviewPanel).focused() else self.reply(ctx)

    def marks(self, ctx: Board) -> tuple[Any, ...]:
        return tuple(reply_marks(self._shown_reply(ctx)))

    def view(self, ctx: Board) -> dict[str, Any]:
        from .game_over import GameOverPanel

        resigned = ctx.panel(GameOverPanel).resigned_here(ctx)
        thinking = self.job is not None
        return {"opponent": self.opp.view(), "reply": self._shown_reply(ctx),
                "can_undo": resigned is not None or (ctx.game is not None
                                                     and undo_target(ctx.node, self.opp) is not None),
                "thinking": {"side": self.opp.bot_side, "text": say(THINKING, side=self.opp.bot_side),
                             "cancelling": self.job.cancel.is_set()} if self.job is not None else None}
