"""The play panel: the map's choices, clicks on its places and "why not?" (``choose``, ``click``,
``why``), played through the widget's Controller (:meth:`..control.Controller.act`: the one path from a
click to the choices, to "why", to the decision), and the map part of the view.

Its ``judge`` hook (a :class:`..control.Judge`) is where a widget puts its rule about choices before
they are played: the Board's guard-rail question, the lesson's judging of a try (the Viewer), the
puzzle's (the PuzzleBoard). Its ``divert`` hook lets the widget answer a choose/click/why another way
first (the Viewer's draw mode takes the map's clicks; its view mode refuses choices)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, TypeVar

from ...i18n import message
from ...render.choiceview import choice_groups, dedupe_sections, rule_free
from ...render.say import say
from ...render.viewmodel import board_view
from ..control import Judge
from .panel import Intent, Panel

if TYPE_CHECKING:
    from ..base import MapWidget
    from ..board import Board
    from ..viewer import Viewer

THINKING = message("board.opponent.thinking", "{side} is thinking…")
GAME_OVER = message("view.prompt.over", "Game over — {outcome}")
Divert = Callable[[dict], "tuple[Any, str] | None"]
M = TypeVar("M", bound="MapWidget")


class PlayPanel(Panel[M]):
    """Play on the map: the PuzzleBoard's as it is (the puzzle panel draws the map with the puzzle, as
    what the map may show depends on whether it is solved). The Board and the Viewer draw the map
    here too: :class:`BoardPlayPanel`, :class:`RecordPlayPanel`."""

    name = "play"
    js = None  # the map and its choices: core.js's makeMap, choiceButtons, onPlaces; the layout file's picker
    widgets = {"puzzle": 10}
    intents = (Intent("choose", ("action",), refused_while=("thinking", "resigned"), drops_question=True),
               Intent("click", ("target",), refused_while=("thinking", "resigned"), drops_question=True),
               Intent("why", ("target",), refused_while=("thinking",)))

    def __init__(self) -> None:
        self.judge: Judge | None = None
        self.divert: Divert | None = None

    def on_choose(self, ctx: M, intent: dict) -> tuple[Any, str]:
        return self.play(ctx, intent, judged=True)

    on_click = on_choose

    def on_why(self, ctx: M, intent: dict) -> tuple[Any, str]:
        return self.play(ctx, intent, judged=False)

    def play(self, ctx: M, intent: dict, judged: bool) -> tuple[Any, str]:
        """Act on a choose/click/why intent (``judged``: through the judge hook); when the position
        changed, every panel hears of it (:meth:`Panel.played`)."""
        if self.divert is not None:
            answer = self.divert(intent)
            if answer is not None:
                return answer
        ctl = ctx._ctl
        before = ctl.state
        explanation, note = ctl.act(intent, judge=self.judge if judged else None)
        if ctl.state is not before:
            ctx.broadcast("played")
        return explanation, note

    def prepare(self, ctx: M) -> None:
        explanation, note = ctx.drawing
        ctx.drawing = (explanation, ctx._ctl.check_node() or note)

    def marks(self, ctx: M) -> tuple[Any, ...]:
        """The record's own marks on the node shown."""
        return ctx._ctl.marks()


class BoardPlayPanel(PlayPanel["Board"]):
    """Play on the Board: its map, the choices grouped, the prompt (the bot thinking, the game over)."""

    widgets = {"board": 10}

    def view(self, ctx: Board) -> dict[str, Any]:
        from .game_over import GameOverPanel
        from .opponent import OpponentPanel

        s = ctx.state
        opp = ctx.panel(OpponentPanel)
        thinking = opp.job is not None
        over = ctx.panel(GameOverPanel)
        marks = tuple(m for p in ctx.panels for m in p.marks(ctx))
        explanation, note = ctx.drawing
        view = board_view(s, viewer=ctx._ctl.viewer or (opp.opp.user if thinking else None), marks=marks,
                          explanation=explanation, rev=ctx.rev, note=note)
        resigned = over.resigned_here(ctx)
        if resigned is not None:  # the game is over for the record: nothing to choose (undo takes it back)
            view.update(targets={}, buttons=[], places=[])
        view.update(choices=choice_groups(s, view["buttons"]), explanation=dedupe_sections(view["explanation"]),
                    prompt=rule_free(view["prompt"], s), description=rule_free(view["description"], s))
        if thinking:
            view["prompt"] = say(THINKING, side=opp.opp.bot_side)
        if resigned is not None and over.over is not None:
            view["prompt"] = say(GAME_OVER, outcome=over.over["text"])
        return view


class RecordPlayPanel(PlayPanel["Viewer"]):
    """Play in the Viewer: its map under ``board``, offering choices only in play mode or while a
    question of the lesson is open."""

    widgets = {"viewer": 20}

    def view(self, ctx: Viewer) -> dict[str, Any]:
        from .lesson import LessonPanel

        node = ctx.node
        assert node is not None  # (a Viewer shows a Game)
        marks = tuple(m for p in ctx.panels for m in p.marks(ctx))
        explanation, note = ctx.drawing
        asking = ctx.panel(LessonPanel).asking(ctx)
        # a click on a place plays (play mode, an open question) or draws (draw mode); stepping through the
        # record it does nothing, so there the map is a picture
        bv = board_view(node.state, viewer=ctx._ctl.viewer, marks=marks, explanation=explanation, rev=ctx.rev,
                        note=note, interactive=ctx.mode in ("play", "draw") or bool(asking))
        if not (ctx.mode == "play" or asking):
            bv["targets"], bv["buttons"], bv["places"] = {}, [], []
        return {"board": bv}
