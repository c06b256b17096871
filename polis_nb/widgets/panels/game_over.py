"""The end-of-game panel of the Board: the score in words, save the record, a rematch; and resigning
(Resign asks "Resign?" first; on a Game the resignation goes into the record, and the Board refuses
further choices until Undo takes it back or Rematch starts a new game)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...i18n import message
from ...record import Game
from ...render.playview import game_over_view
from ...render.say import say
from ...render.widgetwords import BOT_NAMES
from ...rules import PLAYERS, State, new_game, settle, topology_of
from ..control import Controller
from ..intents import IntentError
from .panel import Intent, Panel

if TYPE_CHECKING:
    from ..board import Board

_WORDS = {
    "resigned": message("board.game-over.resigned", "{side} has resigned: the game is over. Undo takes the resignation "
                                                    "back; Rematch starts a new game"),
    "no-record": message("board.game-over.no-record", "a Board on a position has no record to save; make the Board "
                                                      "from a Game"),
    "too-many": message("board.game-over.too-many", "too many saved games named game-{seed}*.polis in {folder}"),
    "cannot-save": message("board.game-over.cannot-save", "cannot save in {folder}: {why}"),
    "saved": message("board.game-over.saved-note", "Saved the game to {path}."),
    "new-game": message("board.game-over.new-game", "A new game, seed {seed}."),
    "new-record": message("board.game-over.new-record", "A new game, seed {seed}. board.game is its record."),
    "new-game-bot": message("board.game-over.new-game-bot", "A new game, seed {seed} against the {bot} bot; you play "
                                                            "{side}."),
    "new-record-bot": message("board.game-over.new-record-bot", "A new game, seed {seed} against the {bot} bot; you "
                                                                "play {side}. board.game is its record."),
    "over-already": message("board.resign.over-already", "the game is over already: there is nothing to resign"),
    "chance": message("board.resign.chance", "chance decides now, no side: nobody can resign here"),
    "nothing-to-confirm": message("board.resign.nothing-to-confirm", "there is no resignation to confirm: press Resign "
                                                                     "first (nothing changed)"),
    "taken-back": message("board.game-over.taken-back", "The resignation is taken back: play on."),
    "resign": message("board.resign.resign", "Resign"),
    "resign-title": message("board.resign.title", "{side} gives up the game: {side_other} wins"),
    "resign-ask": message("board.resign.question", "Resign? {side} gives up the game and {side_other} wins."),
    "yes": message("board.resign.yes", "Yes, resign"), "no": message("board.resign.no", "No, play on"),
}


class GameOverPanel(Panel["Board"]):
    name = "game_over"
    js = "makeGameOver"
    widgets = {"board": 50}
    intents = (Intent("save"),
               Intent("rematch", drops_question=True),
               Intent("resign", refused_while=("thinking", "resigned"), drops_question=True),
               Intent("resign-confirm", refused_while=("thinking",), drops_question=True))

    def __init__(self) -> None:
        self.saved = ""
        self.resigning: tuple[State, object, str] | None = None  # "Resign?" asked: (position, node, side)
        self.asked: tuple[State, object, str] | None = None  # ... as it was when the intent being answered came
        self.resigned: tuple[State, str] | None = None  # a Board on a State: (position, side that resigned)
        self.over: dict | None = None  # the end of the game in words, worked out before each redraw

    # --- the router's hooks --------------------------------------------------------------------------
    def before(self, ctx: Board, spec: Intent) -> None:
        self.asked, self.resigning = self.resigning, None  # "Resign?" stays asked only until the next intent

    def refuses(self, ctx: Board, spec: Intent) -> str | None:
        resigned = self.resigned_here(ctx) if "resigned" in spec.refused_while else None
        if resigned is None:
            return None
        return say(_WORDS["resigned"], side=resigned)

    def reset(self, ctx: Board) -> None:
        self.saved = ""
        self.resigning = self.resigned = None

    # --- save and rematch ----------------------------------------------------------------------------
    def on_save(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        g = ctx.game
        if g is None:
            raise IntentError(say(_WORDS["no-record"]))
        folder = Path(ctx._save_dir) if ctx._save_dir is not None else Path.cwd()
        k = 1
        while True:  # reserve a name no file has (created exclusively), never replacing one
            path = folder / (f"game-{g.seed}.polis" if k == 1 else f"game-{g.seed}-{k}.polis")
            try:
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
                break
            except FileExistsError:
                k += 1
                if k > 10_000:
                    raise IntentError(say(_WORDS["too-many"], seed=g.seed, folder=str(folder)))
            except OSError as e:
                raise IntentError(say(_WORDS["cannot-save"], folder=str(folder), why=str(e.strerror or e))) from e
        try:
            g.save(path)
        except Exception:
            path.unlink(missing_ok=True)
            raise
        self.saved = str(path.resolve())
        return None, say(_WORDS["saved"], path=self.saved)

    def on_rematch(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        from .opponent import OpponentPanel

        start = ctx.game.root.state if ctx.game is not None else ctx.state
        comp = topology_of(start).comp
        seed = start.seed + 1
        options: dict[str, Any] = dict(start.options)
        ctx.broadcast("reset")
        viewer = ctx._ctl.viewer
        if ctx.game is not None:
            ctx._ctl = Controller(Game(start.edition, seed, components=comp, **options), viewer)
        else:
            ctx._ctl = Controller(settle(new_game(start.edition, seed, components=comp, **options)), viewer)
        opp = ctx.panel(OpponentPanel)
        opp.start(ctx)
        key = ("new-record" if ctx.game is not None else "new-game") + ("-bot" if opp.opp.active else "")
        return None, say(_WORDS[key], seed=seed, bot=say(BOT_NAMES[opp.opp.bot_name]), side=opp.opp.user)

    # --- resigning -----------------------------------------------------------------------------------
    def resigned_here(self, ctx: Board) -> str | None:
        """The side that resigned at the position shown, or None."""
        if ctx.game is not None:
            return ctx.node.resigned if ctx.node is not None else None
        r = self.resigned
        return r[1] if r is not None and r[0] is ctx.state else None

    def _resigning_here(self, ctx: Board) -> tuple[State, object, str] | None:
        """The "Resign?" asked on the position shown (None once the position changed)."""
        r = self.resigning
        return r if r is not None and r[0] == ctx.state and r[1] is ctx.node else None

    def _resigner(self, ctx: Board) -> str | None:
        """Who a resignation now gives up for: against a bot the user's side, else the side to decide."""
        from .opponent import OpponentPanel

        opp = ctx.panel(OpponentPanel).opp
        if opp.active:
            return opp.user
        who = ctx.state.current_player
        return who if who in PLAYERS else None

    def on_resign(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        if ctx.state.is_terminal:
            raise IntentError(say(_WORDS["over-already"]))
        side = self._resigner(ctx)
        if side is None:
            raise IntentError(say(_WORDS["chance"]))
        self.resigning = (ctx.state, ctx.node, side)
        return None, ""

    def on_resign_confirm(self, ctx: Board, intent: dict) -> tuple[Any, str]:
        from .review import GameReviewPanel

        asked = self.asked
        if asked is None or asked[0] != ctx.state or asked[1] is not ctx.node:
            raise IntentError(say(_WORDS["nothing-to-confirm"]))
        side = asked[2]
        if ctx.game is not None and ctx.node is not None:
            ctx._ctl.goto(ctx.node)  # the Game's current node follows
            ctx.game.resign(side, node=ctx.node)
        else:
            self.resigned = (ctx.state, side)
        ctx.panel(GameReviewPanel).focus = None
        return None, ""  # the end-of-game panel says it

    def take_back(self, ctx: Board) -> str:
        from .opponent import OpponentPanel

        if ctx.game is not None:
            ctx.game.unresign(ctx.node)
        else:
            self.resigned = None
        ctx.panel(OpponentPanel).start(ctx)
        return say(_WORDS["taken-back"])

    # --- the view ------------------------------------------------------------------------------------
    def prepare(self, ctx: Board) -> None:
        self.over = game_over_view(ctx.state, self.resigned_here(ctx))

    def view(self, ctx: Board) -> dict[str, Any]:
        from .opponent import OpponentPanel
        from .review import GameReviewPanel

        s = ctx.state
        resigned = self.resigned_here(ctx)
        over = self.over
        if over is not None:
            review = ctx.panel(GameReviewPanel)
            seed = (ctx.game.root.state if ctx.game is not None else s).seed
            over.update(can_review=ctx.game is not None and review.here(ctx) is None, can_save=ctx.game is not None,
                        saved=self.saved, next_seed=seed + 1, reviewing=review.progress(),
                        can_take_back=resigned is not None)
        thinking = ctx.panel(OpponentPanel).job is not None
        return {"game_over": over, "resign": self._resign_view(ctx, thinking, over is not None)}

    def _resign_view(self, ctx: Board, thinking: bool, over: bool) -> dict | None:
        """The Resign button and its question: ``{side, label, title, ask: {question, yes, no} | None}``;
        None where nobody can resign (the game is over, the bot thinks, chance decides)."""
        if thinking or over:
            return None
        asked = self._resigning_here(ctx)
        side = asked[2] if asked is not None else self._resigner(ctx)
        if side is None:
            return None
        other = PLAYERS[1 - PLAYERS.index(side)]
        return {"side": side, "label": say(_WORDS["resign"]),
                "title": say(_WORDS["resign-title"], side=side, side_other=other),
                "ask": {"question": say(_WORDS["resign-ask"], side=side, side_other=other), "yes": say(_WORDS["yes"]),
                        "no": say(_WORDS["no"])} if asked is not None else None}
