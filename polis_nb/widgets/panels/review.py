"""The review panels: the review a record holds (:class:`ReviewPanel`, the Viewer: accuracy per side, the
marked decisions and the win-chance chart, whose points open their decision, ``chart``), and the Board's
(:class:`GameReviewPanel`): review the finished game in the background (a bar of the decisions judged
so far, Cancel), then the same panel, a point of the chart opening the position where that decision
was taken; ``review-end`` goes back to where the review was asked. Both are off in a lesson."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generator, TypeVar

from ...analysis.review_job import BUDGET, ReviewJob
from ...record import Game, Node
from ...record.node import Mark
from ...render.playview import review_view
from ...render.recordview import node_ids
from ...rules import Action, target_of
from ..background import Background, way as background_way
from ..control import attached
from ..intents import IntentError, node_index
from ..reviews import StoredReview
from .opponent import Job
from .panel import Intent, Panel
from ...i18n import message, plural
from ...render.say import say
from .engine import OFF_IN_LESSON
from .navigate import UNKNOWN_NODE

RUNNING = message("review.note.running", "The review is already running.")
CANCELLED = message("review.note.cancelled", "Cancelled the review: the record is as it was.")
NOTHING = message("review.note.nothing", "There was no decision with a choice to review.")
DONE = message("review.note.done", "The review is done: click a point of the chart or a marked decision to see it. "
                                   "Viewer(g) shows the same review with the whole record.")
PROGRESS = plural("review.note.progress", "Reviewing the game: {done} of {n} decision…",
                  "Reviewing the game: {done} of {n} decisions…")
NO_REVIEW_HELD = message("review.refused.no-review", "this record holds no review: run g.review(...) first, then "
                                                    "refresh the viewer")
NOT_REVIEWED = plural("review.refused.not-reviewed", "{node} is no decision of the review (its chart has {n} point)",
                      "{node} is no decision of the review (its chart has {n} points)")
NO_RECORD = message("review.refused.no-record", "a Board on a position has no record to review; make the Board "
                                              "from a Game")
NOT_FINISHED = message("review.refused.not-finished", "the review is for a finished game: play it to its end first")
NO_REVIEW_YET = message("review.refused.not-yet", "there is no review of this game yet: press 'Review this game' "
                                                 "first")
NO_REVIEWED = message("review.refused.no-reviewed", "there is no reviewed game to go back to")
FAILED = message("review.refused.failed", "Refused: the review failed ({error}: {why}); this is a bug")
NOTHING_TO_CANCEL = message("review.refused.no-cancel", "no review is running: there is nothing to cancel")

if TYPE_CHECKING:
    from ..base import MapWidget
    from ..board import Board

M = TypeVar("M", bound="MapWidget")
REVIEW_BUDGET = BUDGET  # the review the Board runs: g.review()'s default budget
REVIEW_SEED = 1


class ReviewPanel(Panel[M]):
    """The review the record holds (:meth:`polis_nb.Game.review_result`), with the decision shown as its
    current one; a point of its chart goes to that decision."""

    name = "review"
    js = "makeReview"
    widgets = {"viewer": 40}
    intents: ClassVar[tuple[Intent, ...]] = (
        Intent("chart", ("node",), refused_while=("thinking", "lesson"), drops_question=True),)
    refusals = {"lesson": OFF_IN_LESSON}

    def __init__(self) -> None:
        self.reviews = StoredReview()
        self.rv: dict | None = None  # the panel's view, worked out before each redraw

    def here(self, ctx: M) -> Any:
        """The review of the record shown (read from the record, so its node ids are the record's own)."""
        return self.reviews.get(ctx.game) if ctx.game is not None else None

    def on_chart(self, ctx: M, intent: dict) -> tuple[Any, str]:
        r = self.here(ctx)
        if r is None:
            raise IntentError(say(NO_REVIEW_HELD))
        if intent["node"] not in {d.node_id for d in r.decisions}:
            raise IntentError(say(NOT_REVIEWED, node=intent["node"], n=len(r.decisions)))
        assert ctx.game is not None  # (a review is of a Game)
        nodes = node_ids(ctx.game)
        k = node_index(intent["node"])
        if k >= len(nodes):
            raise IntentError(say(UNKNOWN_NODE, node=repr(intent["node"]), n=len(nodes)))
        ctx._ctl.goto(nodes[k])
        return None, ""

    def prepare(self, ctx: M) -> None:
        review = None if ctx.holds("lesson") else self.here(ctx)
        current = None
        if review is not None and ctx.game is not None:
            current = next(f"n{i}" for i, n in enumerate(node_ids(ctx.game)) if n is ctx.node)
        self.rv = review_view(review, current=current)

    def view(self, ctx: M) -> dict[str, Any]:
        return {"review": self.rv}


class GameReviewPanel(ReviewPanel["Board"]):
    """The Board's review: of the game it played, run when asked (see the module's docstring)."""

    widgets = {"board": 40}
    intents = (Intent("review", refused_while=("thinking",)),
               Intent("review-cancel"),
               Intent("chart", ("node",), refused_while=("thinking",), drops_question=True),
               Intent("review-end", refused_while=("thinking",), drops_question=True))

    def __init__(self) -> None:
        super().__init__()
        self.reviewing: Job | None = None  # the review being run
        self.review: tuple[Game, Node] | None = None  # (the record reviewed here, where the review was asked)
        self.focus: str | None = None  # the reviewed decision shown (its node id), after a click on the chart

    # --- intents -------------------------------------------------------------------------------------
    def on_review(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        from .game_over import GameOverPanel

        g = ctx.game
        if g is None:
            raise IntentError(say(NO_RECORD))
        if not ctx.state.is_terminal and ctx.panel(GameOverPanel).resigned_here(ctx) is None:
            raise IntentError(say(NOT_FINISHED))
        if self.reviewing is not None:
            return None, say(RUNNING)
        job = Job(ctx.state, ctx.node, review=ReviewJob(g, REVIEW_BUDGET, seed=REVIEW_SEED))
        assert job.review is not None
        # a review takes a while with any bot: in the background unless told (or nothing can run there)
        if ctx._threaded is not False and background_way() is not None:
            job.runner = Background(lambda _sliced: self._run(ctx, job),
                                    lambda _done, error: self._reviewed(ctx, job, g, error), "polis_nb review")
            self.reviewing = job
            ctx.review_progress = {"done": 0, "total": job.review.total}
            job.runner.start()
            return None, ""
        return None, self._finish(job, g, job.review.run(progress=False))

    def on_review_cancel(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        return None, self.cancel(ctx)

    def on_chart(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        ident = intent["node"]
        r = self.here(ctx)
        if r is None:
            raise IntentError(say(NO_REVIEW_YET))
        k = node_index(ident)
        if ident not in {d.node_id for d in r.decisions}:
            raise IntentError(say(NOT_REVIEWED, node=ident, n=len(r.decisions)))
        assert ctx.game is not None  # (a review is of a Game)
        nodes = node_ids(ctx.game)
        parent = nodes[k].parent if k < len(nodes) else None
        if parent is None:
            raise IntentError(say(UNKNOWN_NODE, node=repr(ident), n=len(nodes)))
        ctx._ctl.goto(parent)  # the position where the decision was taken: try another one there
        self.focus = ident
        return None, ""

    def on_review_end(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        if self.review is None or ctx.game is None or not attached(self.review[1], ctx.game.root):
            raise IntentError(say(NO_REVIEWED))
        ctx._ctl.goto(self.review[1])
        self.focus = None
        return None, ""

    # --- the review running --------------------------------------------------------------------------
    def _run(self, ctx: Board, job: Job) -> Generator[None, None, None]:
        """The work in the background: the review in chunks (each a slice on an event loop), its
        progress shown after each; it stops at the first chunk after a cancel."""
        rj = job.review
        assert rj is not None
        shown = -1
        while rj.step():
            if job.cancel.is_set():
                rj.cancel()
                return
            if rj.done != shown:
                shown = rj.done
                with ctx._lock:
                    if self.reviewing is job:
                        ctx.review_progress = {"done": shown, "total": rj.total}
            yield

    def _reviewed(self, ctx: Board, job: Job, g: Game, error: Exception | None) -> None:
        """The review ran to its end (or failed): the record gets it only now, and only if nobody
        cancelled it (or started a rematch) meanwhile."""
        rj = job.review
        assert rj is not None
        with ctx._lock:
            if self.reviewing is not job or job.cancel.is_set():
                return  # cancelled, or a rematch came first: the record stays as it was
            self.reviewing = None
            ctx.review_progress = {}
            result = None
            if error is None:
                try:
                    result = rj.result()
                except Exception as e:
                    error = e
            if error is not None:
                ctx._bug(error, None)
                ctx._show(note=say(FAILED, error=type(error).__name__, why=str(error)))
                return
            ctx._show(note=self._finish(job, g, result))

    def cancel(self, ctx: Board) -> str:
        job, self.reviewing = self.reviewing, None
        if job is None:
            raise IntentError(say(NOTHING_TO_CANCEL))
        job.cancel.set()
        ctx.review_progress = {}
        return say(CANCELLED)

    def _finish(self, job: Job, g: Game, result: Any) -> str:
        end = job.node if job.node is not None else g.node
        self.review = (g, end)
        if result is None or not result.decisions:
            return say(NOTHING)
        return say(DONE)

    def here(self, ctx: Board) -> Any:
        """The review of the Board's record (read from the record, so its node ids are the record's
        own), if the Board reviewed it."""
        if self.review is None or ctx.game is None or self.review[0] is not ctx.game:
            return None
        return self.reviews.get(ctx.game)

    def progress(self) -> dict | None:
        """The review running, for the end-of-game panel: ``{text, done, total}`` or None."""
        job = self.reviewing
        if job is None or job.review is None:
            return None
        total = job.review.total
        return {"text": say(PROGRESS, done=job.review.done, n=total), "done": job.review.done,
                "total": total}

    def focused(self) -> bool:
        """Whether a reviewed decision is shown (the bot's reply is then not)."""
        return bool(self.rv and self.rv["focus"])

    # --- hooks ---------------------------------------------------------------------------------------
    def played(self, ctx: Board) -> None:
        self.focus = None

    def reset(self, ctx: Board) -> None:
        if self.reviewing is not None:
            self.cancel(ctx)
        self.focus = None

    def prepare(self, ctx: Board) -> None:
        review = self.here(ctx)
        if review is None:
            self.focus = None
        self.rv = review_view(review, current=self.focus) if review is not None else None
        if self.rv is not None:
            end = self.review[1] if self.review is not None else None
            self.rv["at_end"] = (end is None or end is ctx.node or ctx.game is None
                                 or not attached(end, ctx.game.root))

    def marks(self, ctx: Board) -> tuple[Any, ...]:
        """The reviewed decision shown: where it acted (its side's colour) and the engine's choice (green)."""
        focus = self.rv["focus"] if self.rv else None
        decision = self._focus_node(ctx)
        if not focus or decision is None or decision.parent is not ctx.node or ctx.node is None:
            return ()
        here = ctx.node.state
        out: list[Mark] = []
        colour = "blue" if focus["side"] == "athens" else "red"
        for a, col in ((decision.action, colour), (self._best_at(ctx), "green")):
            t = target_of(a, here.pending.kind) if a is not None else None
            if t is not None and not t.startswith("offer:"):
                m = Mark.highlight(t.split(":", 1)[1], col)
                if m not in out:
                    out.append(m)
        return tuple(out)

    def _focus_node(self, ctx: Board) -> Node | None:
        if self.focus is None or ctx.game is None:
            return None
        nodes = node_ids(ctx.game)
        k = node_index(self.focus)
        return nodes[k] if k < len(nodes) else None

    @staticmethod
    def _best_at(ctx: Board) -> Action | None:
        ev = ctx.node.evaluation if ctx.node is not None else None
        try:
            return Action.from_text(ev.best) if ev is not None and ev.best else None
        except ValueError:
            return None

