"""The play panel: the map's choices, clicks on its places and "why not?" (``choose``, ``click``,
``why``), played through the widget's Controller (:mod:`..control`), and the board part of the view.
Its ``judge`` hook (a function of the position and the choice; True keeps the choice unplayed) is
where a widget puts its rule about choices before they are played: the Board's guard-rail question."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...render.choiceview import choice_groups, dedupe_sections, rule_free
from ...render.viewmodel import board_view
from ...rules import Action, State
from .panel import Intent, Panel

if TYPE_CHECKING:
    from ..board import Board

Judge = Callable[[State, Action], bool]


class PlayPanel(Panel["Board"]):
    name = "play"
    js = None  # the map and its choices: core.js's makeMap, choiceButtons, onPlaces; the layout file's picker
    intents = (Intent("choose", ("action",), refused_while=("thinking", "resigned"), drops_question=True),
               Intent("click", ("target",), refused_while=("thinking", "resigned"), drops_question=True),
               Intent("why", ("target",), refused_while=("thinking",)))

    def __init__(self) -> None:
        self.judge: Judge | None = None

    def on_choose(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        return self.play(ctx, intent, judged=True)

    on_click = on_choose

    def on_why(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        return self.play(ctx, intent, judged=False)

    def play(self, ctx: Board, intent: dict, judged: bool) -> tuple[Any, str]:
        """Act on a choose/click/why intent (``judged``: through the judge hook); when the position
        changed, every panel hears of it (:meth:`Panel.played`)."""
        before = ctx.state
        explanation, note = ctx._ctl.act(intent, guard=self.judge if judged else None)
        if ctx.state is not before:
            ctx.broadcast("played")
        return explanation, note

    def prepare(self, ctx: Board) -> None:
        explanation, note = ctx.drawing
        ctx.drawing = (explanation, ctx._ctl.check_node() or note)

    def view(self, ctx: Board) -> dict[str, Any]:
        from .game_over import GameOverPanel
        from .opponent import OpponentPanel

        s = ctx.state
        opp = ctx.panel(OpponentPanel)
        thinking = opp.job is not None
        over = ctx.panel(GameOverPanel)
        marks = ctx._ctl.marks() + tuple(m for p in ctx.panels for m in p.marks(ctx))
        explanation, note = ctx.drawing
        view = board_view(s, viewer=ctx._ctl.viewer or (opp.opp.user if thinking else None), marks=marks,
                          explanation=explanation, rev=ctx.rev, note=note)
        resigned = over.resigned_here(ctx)
        if resigned is not None:  # the game is over for the record: nothing to choose (undo takes it back)
            view.update(targets={}, buttons=[], places=[])
        view.update(choices=choice_groups(s, view["buttons"]), explanation=dedupe_sections(view["explanation"]),
                    prompt=rule_free(view["prompt"], s), description=rule_free(view["description"], s))
        if thinking:
            view["prompt"] = f"{opp.bot} is thinking…"
        if resigned is not None and over.over is not None:
            view["prompt"] = f"Game over — {over.over['text']}"
        return view
