"""The Board widget: the map of a Game or a State; clicks become decisions, checked by the kernel.

    board = Board(game)                    # plays into the record
    board = Board(state)                   # a free-standing position
    board = Board(game, viewer="athens")   # hides what only Sparta may see
    board = Board(game, opponent="search", side="athens")  # a whole game against a bot, with undo

A board on a Game shows its own node of the record: the one current when it was made, until you play
on it (clicks extend the record from that node, and the Game's current node follows) or call
:meth:`Board.goto`. Later cells that play or step in the Game do not move it.

**Against a bot** (``opponent``: "random", "sensible", "greedy" or "search"; ``side``: the side the
user plays), the bot answers every decision of the user until the user is to decide again (its
*reply*, :mod:`.opponent`); on a Game its decisions go into the record. The reply is named above the
map, one sentence per action ("Sparta moved 3 hoplites from Lakedaimon to Arkadia"), and marked on
it (an arrow for a move, a ring around the places it acted on). The search bot thinks in the
background (``threaded``: None, the default, does so for the search bot only, and for the review;
False answers before the intent returns, as scripts and tests want): the widget says "Sparta is
thinking…" with a Cancel button, and the kernel stays free for that click. The background is a
thread, or, in a Python where none can start (the offline site's, Pyodide), slices of the search on
the event loop, a wave at a time (:mod:`.background`). A reply is played only if the position is
still the one the bot searched: undo, another opponent or a new game while it thinks throw it away.
:meth:`wait` blocks until the bot (and a running review) is done (without threads: it does the
work left at once).

**Resign** (the Resign button, then "Yes" in the question it asks): the side to decide (against a
bot: the user's side) gives up and the other side wins. On a Game the resignation goes into the
record (:meth:`polis_nb.Game.resign`: it saves with it, and ``Viewer(g)`` shows it); the position
itself goes on, so the Board refuses further choices until Undo (which takes the resignation back)
or Rematch.

**At the end of the game** the Board shows the score in words and three buttons: review the game
(``g.review`` in the background, with a bar of the decisions judged so far and a Cancel button
(:attr:`review_progress`), then accuracy per side, the marked decisions and the win-chance chart,
whose points open their decision), save the record (``game-<seed>.polis`` in ``save_dir``, by
default the working directory, never over an existing file) and a rematch (a new game, the same bot
and side, the next seed; :attr:`game` is then the new record).

The engine panel evaluates the position shown on request (:mod:`.engine`).

Intents from the browser (``{"kind": ..., "rev": n, ...}``): ``choose`` (``action``: notation),
``click`` (``target``: "area:<id>", "polis:<id>", "offer:<id>"), ``why`` (``target``: explain what
forbids it), ``analyse`` (run the engine here), ``opponent`` (``bot``, ``side``), ``undo`` (back to
the position before the user's last decision; after a resignation, take it back), ``cancel`` (stop
the bot's search: it plays the best choice found so far), ``review``, ``review-cancel`` (stop the
review running: the record stays as it was), ``save``, ``rematch``, ``resign`` (asks "Resign?"),
``resign-confirm`` (yes: the side resigns), ``decline`` (no; or "Cancel" to a question about a losing
choice), ``chart`` (``node``: a reviewed decision's id, "n<k>") and ``review-end`` (back to where the
review was asked). Anything else, or anything made on an older view, is refused visibly and changes
nothing.
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import traitlets

from ..record import Game, Node
from ..analysis.guard import question as guard_question
from ..analysis.review_job import BUDGET, ReviewJob
from ..render.key import symbol_key
from ..render.choiceview import choice_groups, dedupe_sections, question_view, rule_free
from ..render.playview import game_over_view, reply_marks, reply_view, review_view
from ..render.recordview import node_ids
from ..render.text import SIDE_NAME, describe
from ..render.viewmodel import board_view, view_svg
from ..rules import PLAYERS, Action, State, topology_of, new_game, settle, target_of
from ._assets import css, esm
from .background import Background, way as background_way
from .base import IntentWidget
from .control import Controller, attached
from .engine import Engine
from .intents import IntentError, node_index
from .opponent import BOTS, Opponent, Plan, last_reply, undo_target
from .reviews import StoredReview

KINDS = {"choose": ("action",), "click": ("target",), "why": ("target",), "analyse": (), "opponent": ("bot", "side"),
         "undo": (), "cancel": (), "review": (), "save": (), "rematch": (), "chart": ("node",), "review-end": (),
         "confirm": ("action",), "decline": (), "resign": (), "resign-confirm": (), "review-cancel": ()}
REVIEW_BUDGET = BUDGET  # the review the Board runs: g.review()'s default budget
REVIEW_SEED = 1
# what may not happen while the bot thinks (the position is about to change)
_WHILE_THINKING = frozenset({"choose", "click", "why", "analyse", "review", "chart", "review-end", "confirm",
                             "resign", "resign-confirm"})
# what leaves a question about a losing choice unanswered (the user went on to something else)
_DROPS_QUESTION = frozenset({"choose", "click", "opponent", "undo", "rematch", "chart", "review-end", "decline"})
# what a resignation stops (undo takes it back; rematch starts a new game)
_AFTER_RESIGNING = frozenset({"choose", "click", "confirm", "resign"})


@dataclass
class _Job:
    """Work in the background (:mod:`.background`): the bot's reply to ``state`` (at ``node``) or a review."""

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


class Board(IntentWidget):
    _kind = traitlets.Unicode("board").tag(sync=True)
    key = traitlets.List().tag(sync=True)  # the key to the map's symbols (render/key.py), sent once
    review_progress = traitlets.Dict().tag(sync=True)  # {done, total} decisions while a review runs, else {}
    _esm, _css = esm("board"), css("board")  # widgets/core.js + widgets/board.js (and the .css)
    KINDS = KINDS

    def __init__(self, source: Game | State, *, viewer: str | None = None, opponent: "str | Opponent" = "none",
                 side: str = "athens", threaded: bool | None = None, save_dir=None, guard: bool = True, **kwargs):
        self._ctl = Controller(source, viewer)  # validates before the widget exists
        self._opp = opponent if isinstance(opponent, Opponent) else Opponent(opponent, side)
        if threaded not in (None, True, False):
            raise TypeError(f"threaded must be True, False or None, not {threaded!r}")
        if save_dir is not None and not isinstance(save_dir, (str, os.PathLike)):
            raise TypeError(f"save_dir must be a folder (str or path), not {type(save_dir).__name__}")
        if guard not in (True, False):
            raise TypeError(f"guard must be True or False, not {guard!r}")
        self._threaded = threaded
        self._save_dir = save_dir
        self._guard = guard
        self._question: tuple[State, object, Action, dict] | None = None  # (position, node, choice, question)
        self._engine = Engine()
        self._lock = threading.RLock()
        self._job: _Job | None = None  # the bot's reply being searched
        self._reviewing: _Job | None = None  # the review being run
        self._review: tuple[Game, Node] | None = None  # (the record reviewed here, where the review was asked)
        self._reviews = StoredReview()
        self._trail: list = []  # a Board on a State: the bot's last reply (as last_reply gives it)
        self._after_user: list = []  # ... and the chance steps after the user's last decision
        self._last: tuple[object, Plan] | None = None  # (node or state, plan) of the last reply played
        self._saved = ""
        self._resigning: tuple[State, object, str] | None = None  # "Resign?" asked: (position, node, side)
        self._resigned: tuple[State, str] | None = None  # a Board on a State: (position, side that resigned)
        self._focus: str | None = None  # the reviewed decision shown (its node id), after a click on the chart
        super().__init__(**kwargs)
        self.key = symbol_key(self.state.components)
        with self._lock:
            self._start_reply()  # the bot moves first when its side is to decide
            self._refresh()

    # --- the public surface ------------------------------------------------------------------------
    @property
    def opponent(self) -> Opponent:
        """The bot playing against the user (``opponent.active`` is False when there is none)."""
        return self._opp

    @property
    def thinking(self) -> bool:
        """Whether the bot is working out its reply (in the background)."""
        return self._job is not None

    def play_against(self, bot: str, side: str = "athens") -> None:
        """Play ``side`` against ``bot`` from here ("none": both sides are yours again)."""
        with self._lock:
            self._opp = Opponent(bot, side)
            self._start_reply()
            self._refresh()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the bot has answered and a running review is done (scripts and tests); False
        if ``timeout`` seconds passed first."""
        end = None if timeout is None else time.monotonic() + timeout
        for attr in ("_job", "_reviewing"):
            job = getattr(self, attr)
            if job is not None and job.runner is not None:  # (on an event loop: the work left runs now)
                job.runner.wait(None if end is None else max(0.0, end - time.monotonic()))
        return self._job is None and self._reviewing is None

    @property
    def game(self) -> Game | None:
        return self._ctl.game

    @property
    def state(self) -> State:
        """The position shown."""
        return self._ctl.state

    @property
    def node(self):
        """The record's node shown (None on a State)."""
        return self._ctl.node

    def goto(self, node=None) -> None:
        """Show ``node`` of the record (by default the Game's current node); the Game's current node
        follows. The one way for Python to move a board (a reply the bot is working out is dropped)."""
        if self.game is None:
            raise ValueError("a Board on a State has no record to move in")
        with self._lock:
            self._stop_reply()
            self._focus = None
            self._ctl.goto(self.game.node if node is None else node)
            self._refresh()

    @property
    def svg(self) -> str:
        """The board as drawn now (one SVG document)."""
        return view_svg(self.view)

    def describe(self) -> str:
        """The board as plain text (for terminals and screen readers)."""
        return describe(self.state, marks=self._ctl.marks())

    def refresh(self) -> None:
        """Redraw the node shown (e.g. after marks were added from Python); it stays at its node: to
        show another one, use :meth:`goto`."""
        with self._lock:
            self._refresh()

    def handle_intent(self, content) -> None:
        with self._lock:
            if isinstance(content, dict) and content.get("kind") == "cancel" and self._job is None:
                # also when the click crossed the reply on its way (its revision is then an old one)
                self._show(note="Refused: nothing to cancel, the bot has already answered.")
                return
            super().handle_intent(content)

    # --- the bot's reply ---------------------------------------------------------------------------
    def _background(self) -> bool:
        wanted = self._opp.thinks if self._threaded is None else self._threaded
        return wanted and background_way() is not None

    def _start_reply(self) -> None:
        """Let the bot answer if it is to move: here and now, or in the background (a thread, or
        slices on the event loop where no thread can start)."""
        self._stop_reply()
        if not self._opp.to_move(self.state) or self._resigned_here() is not None:
            return
        if not self._background():
            self._play(self._opp, self._opp.plan(self.state))
            return
        job = _Job(self.state, self._ctl.node, self._opp)
        job.runner = Background(lambda sliced: self._think(job, sliced),
                                lambda plan, error: self._answer(job, plan, error), "polis_nb bot reply")
        self._job = job
        job.runner.start()

    def _stop_reply(self) -> None:
        """Drop the reply being worked out (its search stops soon; its result is thrown away)."""
        job, self._job = self._job, None
        if job is not None:
            job.cancel.set()

    def _think(self, job: _Job, sliced: bool):
        """The work in the background: plan the reply on the positions (in slices on an event loop)."""
        if sliced:
            return (yield from job.opponent.planning(job.state, job.cancel))  # type: ignore[union-attr]
        return job.opponent.plan(job.state, job.cancel)  # type: ignore[union-attr]

    def _answer(self, job: _Job, plan: Plan | None, error: Exception | None) -> None:
        """The reply planned (or the bug that stopped it): play it if it still fits the position shown."""
        with self._lock:
            if self._job is not job:
                return  # undo, another opponent, a new game or a move from Python came first
            self._job = None
            if error is None and (self._ctl.node is not job.node or self.state != job.state):
                return
            if error is not None:
                self._bug(error, None)
                self._show(note=f"Refused: the bot failed to answer ({type(error).__name__}: {error}); this is a "
                                "bug, please report it")
                return
            try:
                self._play(job.opponent, plan)  # type: ignore[arg-type]
            except Exception as e:
                self._bug(e, None)
                self._show(note=f"Refused: the bot's reply could not be played ({type(e).__name__}); this is a bug")
                return
            self._show(note=self._reply_note(plan))  # type: ignore[arg-type]

    def _play(self, opponent: Opponent, plan: Plan) -> None:
        opponent.play(self._ctl, plan)
        if self.game is None:
            self._trail, self._after_user = self._after_user + plan.steps, []
        self._last = (self._ctl.node if self.game is not None else self.state, plan)

    def _reply_note(self, plan: Plan) -> str:
        if plan.cut_short:
            who = SIDE_NAME[PLAYERS.index(self._opp.bot_side)]
            return f"You cancelled the search: {who} played the best choices it had found so far."
        return ""

    def _reply(self) -> dict | None:
        """The bot's last reply on the line shown (it stays until the bot answers again)."""
        if not self._opp.active:
            return None
        if self.game is not None:
            steps, end = last_reply(self._ctl.node, self._opp.user)
        else:
            steps, end = self._trail, (self._last[0] if self._last is not None else None)
        if not steps:
            return None
        plan = self._last[1] if self._last is not None and end is not None and self._last[0] is end else None
        return reply_view(steps, self._opp.bot_side, cut_short=bool(plan and plan.cut_short),
                          seconds=plan.seconds if plan else None)

    # --- the end of the game: review, save, rematch -----------------------------------------------
    def _review_here(self):
        """The review of this Board's record (read from the record, so its node ids are the record's
        own), if the Board reviewed it."""
        if self._review is None or self._review[0] is not self.game:
            return None
        return self._reviews.get(self.game)

    def _start_review(self) -> str:
        g = self.game
        if g is None:
            raise IntentError("a Board on a position has no record to review; make the Board from a Game")
        if not self.state.is_terminal and self._resigned_here() is None:
            raise IntentError("the review is for a finished game: play it to its end first")
        if self._reviewing is not None:
            return "The review is already running."
        job = _Job(self.state, self._ctl.node, review=ReviewJob(g, REVIEW_BUDGET, seed=REVIEW_SEED))
        # a review takes a while with any bot: in the background unless told (or nothing can run there)
        if self._threaded is not False and background_way() is not None:
            job.runner = Background(lambda _sliced: self._run_review(job),
                                    lambda _done, error: self._reviewed(job, g, error), "polis_nb review")
            self._reviewing = job
            self.review_progress = {"done": 0, "total": job.review.total}
            job.runner.start()
            return ""
        return self._finish_review(job, g, job.review.run(progress=False))

    def _run_review(self, job: _Job):
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
                with self._lock:
                    if self._reviewing is job:
                        self.review_progress = {"done": shown, "total": rj.total}
            yield

    def _reviewed(self, job: _Job, g: Game, error: Exception | None) -> None:
        """The review ran to its end (or failed): the record gets it only now, and only if nobody
        cancelled it (or started a rematch) meanwhile."""
        rj = job.review
        assert rj is not None
        with self._lock:
            if self._reviewing is not job or job.cancel.is_set():
                return  # cancelled, or a rematch came first: the record stays as it was
            self._reviewing = None
            self.review_progress = {}
            result = None
            if error is None:
                try:
                    result = rj.result()
                except Exception as e:
                    error = e
            if error is not None:
                self._bug(error, None)
                self._show(note=f"Refused: the review failed ({type(error).__name__}: {error}); this is a bug")
                return
            self._show(note=self._finish_review(job, g, result))

    def _cancel_review(self) -> str:
        job, self._reviewing = self._reviewing, None
        if job is None:
            raise IntentError("no review is running: there is nothing to cancel")
        job.cancel.set()
        self.review_progress = {}
        return "Cancelled the review: the record is as it was."

    def _finish_review(self, job: _Job, g: Game, result) -> str:
        end = job.node if job.node is not None else g.node
        self._review = (g, end)
        if result is None or not result.decisions:
            return "There was no decision with a choice to review."
        return ("The review is done: click a point of the chart or a marked decision to see it. "
                "Viewer(g) shows the same review with the whole record.")

    def _save(self) -> str:
        g = self.game
        if g is None:
            raise IntentError("a Board on a position has no record to save; make the Board from a Game")
        folder = Path(self._save_dir) if self._save_dir is not None else Path.cwd()
        k = 1
        while True:  # reserve a name no file has (created exclusively), never replacing one
            path = folder / (f"game-{g.seed}.polis" if k == 1 else f"game-{g.seed}-{k}.polis")
            try:
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
                break
            except FileExistsError:
                k += 1
                if k > 10_000:
                    raise IntentError(f"too many saved games named game-{g.seed}*.polis in {folder}")
            except OSError as e:
                raise IntentError(f"cannot save in {folder}: {e.strerror or e}") from e
        try:
            g.save(path)
        except Exception:
            path.unlink(missing_ok=True)
            raise
        self._saved = str(path.resolve())
        return f"Saved the game to {self._saved}."

    def _rematch(self) -> str:
        start = self.game.root.state if self.game is not None else self.state
        comp = topology_of(start).comp
        seed = start.seed + 1
        options = dict(start.options)
        self._stop_reply()
        if self._reviewing is not None:
            self._cancel_review()
        if self.game is not None:
            self._ctl = Controller(Game(start.edition, seed, components=comp, **options), self._ctl.viewer)
        else:
            self._ctl = Controller(settle(new_game(start.edition, seed, components=comp, **options)), self._ctl.viewer)
        self._trail, self._after_user, self._last, self._saved, self._focus = [], [], None, "", None
        self._resigning = self._resigned = None
        self._start_reply()
        who = (f" against the {self._opp.bot_name} bot; you play {self._opp.user.capitalize()}"
               if self._opp.active else "")
        return f"A new game, seed {seed}{who}." + (" board.game is its record." if self.game is not None else "")

    def _goto_review(self, ident: str) -> None:
        r = self._review_here()
        if r is None:
            raise IntentError("there is no review of this game yet: press 'Review this game' first")
        k = node_index(ident)
        if ident not in {d.node_id for d in r.decisions}:
            raise IntentError(f"{ident} is no decision of the review (its chart has {len(r.decisions)} points)")
        nodes = node_ids(self.game)  # type: ignore[arg-type]
        if k >= len(nodes) or nodes[k].parent is None:
            raise IntentError(f"unknown node {ident!r} (the record has {len(nodes)} nodes)")
        self._ctl.goto(nodes[k].parent)  # the position where the decision was taken: try another one there
        self._focus = ident

    # --- drawing -----------------------------------------------------------------------------------
    def _refresh(self, explanation=None, note: str = "") -> None:
        note = self._ctl.check_node() or note
        self._rev += 1
        s = self.state
        thinking = self._job is not None
        review = self._review_here()
        if review is None:
            self._focus = None
        rv = review_view(review, current=self._focus) if review is not None else None
        focus = rv["focus"] if rv else None
        reply = None if thinking or focus else self._reply()
        marks = self._ctl.marks() + self._engine.marks(s) + reply_marks(reply) + self._focus_marks(focus)
        viewer = self._ctl.viewer or (self._opp.user if thinking else None)
        view = board_view(s, viewer=viewer, marks=marks, explanation=explanation, rev=self._rev, note=note)
        q = None if thinking else self._question_here()
        resigned = self._resigned_here()
        if resigned is not None:  # the game is over for the record: nothing to choose (undo takes it back)
            view.update(targets={}, buttons=[])
        view.update(choices=choice_groups(s, view["buttons"]), confirm=q[3] if q else None,
                    explanation=dedupe_sections(view["explanation"]),
                    prompt=rule_free(view["prompt"], s), description=rule_free(view["description"], s))
        bot = SIDE_NAME[PLAYERS.index(self._opp.bot_side)]
        if thinking:
            view["prompt"] = f"{bot} is thinking…"
        over = game_over_view(s, resigned)
        if resigned is not None:
            view["prompt"] = f"Game over — {over['text']}"  # type: ignore[index]
        if over is not None:
            seed = (self.game.root.state if self.game is not None else s).seed
            over.update(can_review=self.game is not None and review is None, can_save=self.game is not None,
                        saved=self._saved, next_seed=seed + 1, reviewing=self._reviewing_view(),
                        can_take_back=resigned is not None)
        end = self._review[1] if self._review is not None else None
        if rv is not None:
            rv["at_end"] = end is None or end is self._ctl.node or not attached(end, self.game.root)  # type: ignore
        view.update(engine=None if thinking else self._engine.view(s), opponent=self._opp.view(),
                    can_undo=resigned is not None or (self.game is not None
                                                      and undo_target(self._ctl.node, self._opp) is not None),
                    reply=reply, game_over=over, review=rv, resign=self._resign_view(thinking, over is not None),
                    thinking={"side": self._opp.bot_side, "text": f"{bot} is thinking…",
                              "cancelling": self._job.cancel.is_set()} if thinking else None)
        self.view = view

    def _reviewing_view(self) -> dict | None:
        job = self._reviewing
        if job is None or job.review is None:
            return None
        total = job.review.total
        return {"text": f"Reviewing the game: {job.review.done} of {total} decisions…", "done": job.review.done,
                "total": total}

    def _focus_marks(self, focus: dict | None):
        """The reviewed decision shown: where it acted (its side's colour) and the engine's choice (green)."""
        decision = self._focus_node()
        if not focus or decision is None or decision.parent is not self._ctl.node:
            return ()
        from ..record.node import Mark

        here = self._ctl.node.state  # type: ignore[union-attr]
        out = []
        colour = "blue" if focus["side"] == "athens" else "red"
        for a, col in ((decision.action, colour), (self._best_at(), "green")):
            t = target_of(a, here.pending.kind) if a is not None else None
            if t is not None and not t.startswith("offer:"):
                m = Mark.highlight(t.split(":", 1)[1], col)
                if m not in out:
                    out.append(m)
        return tuple(out)

    def _focus_node(self) -> Node | None:
        if self._focus is None or self.game is None:
            return None
        nodes = node_ids(self.game)
        k = node_index(self._focus)
        return nodes[k] if k < len(nodes) else None

    def _best_at(self) -> Action | None:
        ev = self._ctl.node.evaluation if self._ctl.node is not None else None
        try:
            return Action.from_text(ev.best) if ev is not None and ev.best else None
        except ValueError:
            return None

    # --- intents -----------------------------------------------------------------------------------
    def _act(self, intent: dict):
        kind = intent["kind"]
        bot = SIDE_NAME[PLAYERS.index(self._opp.bot_side)]
        if kind == "cancel":
            if self._job is None:
                raise IntentError("nothing to cancel, the bot has already answered.")
            self._job.cancel.set()
            return None, f"Cancelled: {bot} plays the best choice it has found so far…"
        if self._job is not None and kind in _WHILE_THINKING:
            raise IntentError(f"{bot} is thinking: wait for its answer, or press Cancel")
        asked, self._resigning = self._resigning, None  # "Resign?" stays asked only until the next intent
        resigned = self._resigned_here()
        if resigned is not None and kind in _AFTER_RESIGNING:
            raise IntentError(f"{SIDE_NAME[PLAYERS.index(resigned)]} has resigned: the game is over. Undo takes the "
                              "resignation back; Rematch starts a new game")
        if kind in ("resign", "resign-confirm"):
            return None, self._resign(kind, asked)
        if kind == "decline" and asked is not None:
            return None, "You play on: nobody resigned."
        if kind == "analyse":
            return None, self._engine.run(self.state)
        if kind == "opponent":
            if intent["bot"] not in dict(BOTS) or intent["side"] not in ("athens", "sparta"):
                raise IntentError(f"unknown opponent {intent['bot']!r} or side {intent['side']!r}")
            self._opp = Opponent(intent["bot"], intent["side"])
            self._start_reply()
            return None, (f"You play {intent['side'].capitalize()} against the {intent['bot']} bot." if self._opp.active
                          else "No bot: you play both sides.")
        if kind == "undo" and resigned is not None:
            return None, self._take_back()
        if kind == "undo":
            back = undo_target(self._ctl.node, self._opp) if self.game is not None else None
            if back is None:
                return None, "Nothing to undo here."
            self._stop_reply()
            self._ctl.goto(back)
            self._focus = None
            return None, "Back to before your last decision (what was played stays in the record as a line)."
        if kind == "review":
            return None, self._start_review()
        if kind == "review-cancel":
            return None, self._cancel_review()
        if kind == "save":
            return None, self._save()
        if kind == "rematch":
            return None, self._rematch()
        if kind == "chart":
            self._goto_review(intent["node"])
            return None, ""
        if kind == "review-end":
            if self._review is None or not attached(self._review[1], self.game.root):  # type: ignore[union-attr]
                raise IntentError("there is no reviewed game to go back to")
            self._ctl.goto(self._review[1])
            self._focus = None
            return None, ""
        if kind in _DROPS_QUESTION:
            self._question = None
        if kind == "decline":
            return None, "Cancelled: nothing was played."
        guard = self._ask if self._guard and kind in ("choose", "click") else None
        if kind == "confirm":
            q = self._question_here()
            if q is None or str(q[2]) != intent["action"]:
                raise IntentError("there is no question about that choice to answer: nothing was played")
            self._question = None
            intent = {"kind": "choose", "action": intent["action"]}
        before = self.state
        explanation, note = self._ctl.act(intent, guard=guard)
        if self.state is not before:
            self._focus = None
            if self.game is None:
                self._after_user = self._ctl.last_steps[1:]
            self._start_reply()
        return explanation, note

    # --- guard-rails: a choice that loses at once is asked about first --------------------------------
    def _ask(self, s: State, a: Action) -> bool:
        """The Controller's guard: keep ``a`` to ask about it if it loses the game at once (True)."""
        loss = guard_question(s, a)
        if loss is None:
            return False
        self._question = (s, self._ctl.node, a, question_view(s, a, loss))
        return True

    def _question_here(self):
        """The question asked on the position shown (None once the position changed)."""
        q = self._question
        if q is None or q[0] != self.state or q[1] is not self._ctl.node:
            return None
        return q

    # --- resigning: asked first, then recorded (on a Game, in the record) ------------------------------
    def _resigned_here(self) -> str | None:
        """The side that resigned at the position shown, or None."""
        if self.game is not None:
            return self._ctl.node.resigned  # type: ignore[union-attr]
        r = self._resigned
        return r[1] if r is not None and r[0] is self.state else None

    def _resigning_here(self) -> tuple[State, object, str] | None:
        """The "Resign?" asked on the position shown (None once the position changed)."""
        r = self._resigning
        return r if r is not None and r[0] == self.state and r[1] is self._ctl.node else None

    def _resigner(self) -> str | None:
        """Who a resignation now gives up for: against a bot the user's side, else the side to decide."""
        if self._opp.active:
            return self._opp.user
        who = self.state.current_player
        return who if who in PLAYERS else None

    def _resign(self, kind: str, asked) -> str:
        """``resign``: ask first; ``resign-confirm``: the side asked about resigns."""
        self._question = None
        if kind == "resign":
            if self.state.is_terminal:
                raise IntentError("the game is over already: there is nothing to resign")
            side = self._resigner()
            if side is None:
                raise IntentError("chance decides now, no side: nobody can resign here")
            self._resigning = (self.state, self._ctl.node, side)
            return ""
        if asked is None or asked[0] != self.state or asked[1] is not self._ctl.node:
            raise IntentError("there is no resignation to confirm: press Resign first (nothing changed)")
        side = asked[2]
        if self.game is not None:
            self._ctl.goto(self._ctl.node)  # type: ignore[arg-type]  # the Game's current node follows
            self.game.resign(side, node=self._ctl.node)
        else:
            self._resigned = (self.state, side)
        self._focus = None
        return ""  # the end-of-game panel says it

    def _take_back(self) -> str:
        if self.game is not None:
            self.game.unresign(self._ctl.node)
        else:
            self._resigned = None
        self._start_reply()
        return "The resignation is taken back: play on."

    def _resign_view(self, thinking: bool, over: bool) -> dict | None:
        """The Resign button and its question: ``{side, label, title, ask: {question, yes, no} | None}``;
        None where nobody can resign (the game is over, the bot thinks, chance decides)."""
        if thinking or over:
            return None
        asked = self._resigning_here()
        side = asked[2] if asked is not None else self._resigner()
        if side is None:
            return None
        p = PLAYERS.index(side)
        who, other = SIDE_NAME[p], SIDE_NAME[1 - p]
        return {"side": side, "label": "Resign", "title": f"{who} gives up the game: {other} wins",
                "ask": {"question": f"Resign? {who} gives up the game and {other} wins.", "yes": "Yes, resign",
                        "no": "No, play on"} if asked is not None else None}

    def __repr__(self) -> str:
        s = self.state
        src = "game" if self.game is not None else "state"
        who = f", viewer={self._ctl.viewer}" if self._ctl.viewer else ""
        if self._opp.active:
            who += f", {self._opp.user} against the {self._opp.bot_name} bot"
        return f"Board({src}, decision {s.ply + 1}{who}: {self.view.get('prompt', '')})"

